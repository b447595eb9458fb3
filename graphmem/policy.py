"""The memory policy: the validated contents of memory-policy.yaml (one place for every lifecycle rule)."""

from __future__ import annotations

import re
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from graphmem.errors import PolicyError

QUERY_KINDS = ("default", "recall", "preference")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ImportanceRule(_Strict):
    """Assigns `value` to an episode whose text matches any of `patterns`."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    value: float = Field(ge=0.0, le=1.0)
    patterns: tuple[str, ...] = Field(min_length=1)

    @field_validator("patterns")
    @classmethod
    def _compiles(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"pattern {pattern!r} is not a valid regular expression: {exc}") from exc
        return patterns


class ImportancePolicy(_Strict):
    """How importance is assigned when the caller gives none."""

    default: float = Field(default=0.3, ge=0.0, le=1.0)
    rules: tuple[ImportanceRule, ...] = ()
    event_types: dict[str, float] = Field(default_factory=dict)

    @field_validator("event_types")
    @classmethod
    def _in_unit(cls, values: dict[str, float]) -> dict[str, float]:
        for name, value in values.items():
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name}: importance {value} is outside [0, 1]")
        return values


class RerankWeights(_Strict):
    """Weights of the score components for one query kind."""

    similarity: float = Field(ge=0.0)
    lexical: float = Field(ge=0.0)
    recency: float = Field(ge=0.0)
    importance: float = Field(ge=0.0)
    time_match: float = Field(default=0.0, ge=0.0)
    neighbour: float = Field(default=0.0, ge=0.0)
    graph: float = Field(default=0.0, ge=0.0)
    dated: float = Field(default=0.0, ge=0.0)
    speaker: float = Field(default=0.0, ge=0.0)

    def as_dict(self) -> dict[str, float]:
        return self.model_dump()


class RerankPolicy(_Strict):
    """Reranking: recency half-life, candidate counts and weights per query kind."""

    half_life_days: float = Field(default=14.0, ge=7.0)
    candidates: int = Field(default=100, ge=10, le=2000)
    semantic_min_similarity: float = Field(default=0.3, ge=-1.0, le=1.0)
    kinds: dict[str, RerankWeights]

    @model_validator(mode="after")
    def _all_kinds(self) -> RerankPolicy:
        missing = [k for k in QUERY_KINDS if k not in self.kinds]
        if missing:
            raise ValueError(f"kinds must define {', '.join(missing)}")
        return self

    def weights_for(self, kind: str) -> RerankWeights:
        return self.kinds.get(kind, self.kinds["default"])


class WorkingPolicy(_Strict):
    """Working-memory (session buffer) limits."""

    max_turns: int = Field(default=40, ge=2)
    max_tokens: int = Field(default=4000, ge=100)
    summary_max_tokens: int = Field(default=300, ge=20)
    max_summaries: int = Field(default=8, ge=1)


class PromotionPolicy(_Strict):
    """When a candidate fact becomes active, and how concurrent versions are told apart."""

    min_sessions: int = Field(default=2, ge=1)
    explicit_promotes: bool = True
    min_confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    concurrency_window_seconds: float = Field(default=60.0, ge=0.0)
    look_back_episodes: int = Field(default=2000, ge=0, le=100_000)
    project_tech_on_resume: bool = True


class ExtractionPolicy(_Strict):
    """Which episodes facts are extracted from."""

    enabled: bool = True
    speakers: tuple[str, ...] = ("user",)


class BudgetPolicy(_Strict):
    """Long-term item budgets per scope."""

    user: int = Field(default=5000, ge=1)
    project: int = Field(default=20000, ge=1)


class LifecyclePolicy(_Strict):
    """Archive, purge and distillation triggers."""

    archive_after_days: int = Field(default=30, ge=1)
    purge_archived_after_days: int = Field(default=365, ge=1)
    budget: BudgetPolicy = BudgetPolicy()
    distill_batch: int = Field(default=20, ge=2, le=500)
    distill_protect_importance: float = Field(default=0.8, ge=0.0, le=1.0)
    distill_summary_max_tokens: int = Field(default=300, ge=20)
    dedup_value_similarity: float = Field(default=0.6, ge=0.0, le=1.0)
    apply_batch: int = Field(default=500, ge=1, le=10000)
    lease_seconds: float = Field(default=600.0, ge=1.0)
    audit_retention_days: int = Field(default=730, ge=1)


class Policy(_Strict):
    """The whole memory policy."""

    version: int = Field(ge=1, le=1)
    importance: ImportancePolicy = ImportancePolicy()
    rerank: RerankPolicy
    working: WorkingPolicy = WorkingPolicy()
    promotion: PromotionPolicy = PromotionPolicy()
    extraction: ExtractionPolicy = ExtractionPolicy()
    lifecycle: LifecyclePolicy = LifecyclePolicy()

    def to_yaml(self) -> str:
        return self._yaml

    @cached_property
    def _yaml(self) -> str:
        # a policy is immutable and dumping it costs milliseconds: GetPolicy answers from the first dump
        return yaml.safe_dump(self.model_dump(mode="json"), sort_keys=False, allow_unicode=True)


def builtin_policy_text() -> str:
    """The commented default policy shipped with graphmem."""
    return (resources.files("graphmem") / "memory-policy.yaml").read_text(encoding="utf-8")


def parse_policy(text: str, source: str) -> Policy:
    """Validates policy YAML; raises PolicyError naming the source, the key path and the problem."""
    try:
        raw: Any = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise PolicyError(f"{source}: not valid YAML: {exc}") from exc
    if not isinstance(raw, dict):
        raise PolicyError(f"{source}: the policy must be a mapping of keys, got {type(raw).__name__}")
    try:
        return Policy.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            key = ".".join(str(part) for part in err["loc"]) or "(root)"
            problems.append(f"{key}: {err['msg']}")
        raise PolicyError(f"{source}: invalid policy: " + "; ".join(problems)) from exc


def load_policy(path: Path | None) -> tuple[Policy, str]:
    """Loads the policy file (or the built-in default when path is None); returns it and its source."""
    if path is None:
        return parse_policy(builtin_policy_text(), "builtin"), "builtin"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PolicyError(f"{path}: cannot read the policy file: {exc.strerror}") from exc
    return parse_policy(text, str(path)), str(path)
