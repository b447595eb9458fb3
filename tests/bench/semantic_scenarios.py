"""The frozen semantic-memory evaluation set: its schema, its loader and its coverage counts.

`tests/eval/semantic_frozen/scenarios.jsonl` holds one scenario per line: a user's sessions (dated, each in a
project or not) and what graphmem's semantic memory should hold afterwards. Parsing is strict (unknown fields,
bad speakers, unordered dates and empty value lists are errors naming the scenario), so a broken line never
turns into a silently easier test.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

SCENARIOS_PATH = Path(__file__).resolve().parents[1] / "eval" / "semantic_frozen" / "scenarios.jsonl"

# The fact kinds of the product's spec, one label per scenario; "multi", "project" and "pollution" are the
# cross-cutting scenario families.
FACT_KINDS = (
    "preference",
    "diet",
    "location",
    "work",
    "tools",
    "reply",
    "relations",
    "timezone",
    "travel",
    "meeting",
    "correction",
)
KINDS = (*FACT_KINDS, "project", "multi", "pollution")
LANGS = ("zh", "en")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Turn(_Strict):
    """One line of a session: the user's words or the assistant's (which must never teach a fact)."""

    speaker: Literal["user", "assistant"]
    text: str = Field(min_length=1)


class Session(_Strict):
    """One conversation on one date, optionally inside a project."""

    session_id: str = Field(min_length=1)
    date: datetime
    project_id: str = ""
    turns: tuple[Turn, ...] = Field(min_length=1, max_length=6)

    @field_validator("date")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        if value.tzinfo is None:
            raise ValueError("date needs a time zone (use ...Z)")
        return value


class FactExpectation(_Strict):
    """A fact that must (in `active`) or must not (in `not_active`) be current in one view.

    `value_any` are acceptable surface forms, matched case-insensitively as substrings of the fact's value;
    `polarity` None accepts either; `project_id` "" is the user's own view, otherwise that project's view.
    """

    value_any: tuple[str, ...] = Field(min_length=1)
    polarity: bool | None
    project_id: str = ""

    @field_validator("value_any")
    @classmethod
    def _no_blank_forms(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if any(not form.strip() for form in value):
            raise ValueError("blank surface form")
        return value


class HistoryExpectation(_Strict):
    """GetFactHistory of the current fact matching the new value shows an expired version with the old one."""

    old_value_any: tuple[str, ...] = Field(min_length=1)
    new_value_any: tuple[str, ...] = Field(min_length=1)
    old_polarity: bool | None = None
    new_polarity: bool | None = None
    project_id: str = ""


class Expectations(_Strict):
    """What the semantic memory should hold after the scenario's last session."""

    active: tuple[FactExpectation, ...] = ()
    not_active: tuple[FactExpectation, ...] = ()
    history: tuple[HistoryExpectation, ...] = ()
    no_facts: bool = False

    @model_validator(mode="after")
    def _pollution_has_no_active(self) -> Expectations:
        if self.no_facts and (self.active or self.history):
            raise ValueError("a no_facts scenario cannot expect active facts or history")
        return self


class Scenario(_Strict):
    """One evaluation case."""

    id: str = Field(pattern=r"^(zh|en)-[a-z]+-\d{3,}$")
    lang: Literal["zh", "en"]
    kind: str
    tags: tuple[str, ...] = ()
    sessions: tuple[Session, ...] = Field(min_length=1, max_length=4)
    expect: Expectations

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if not self.id.startswith(self.lang + "-"):
            raise ValueError(f"id {self.id} does not start with its language {self.lang}")
        if self.kind not in KINDS:
            raise ValueError(f"kind {self.kind!r} is not one of {KINDS}")
        dates = [s.date for s in self.sessions]
        if any(later <= earlier for earlier, later in pairwise(dates)):
            raise ValueError("session dates must increase")
        ids = [s.session_id for s in self.sessions]
        if len(set(ids)) != len(ids):
            raise ValueError("session ids must be unique")
        return self

    @property
    def project_ids(self) -> tuple[str, ...]:
        """Every project the scenario's sessions or expectations name, in first-seen order."""
        named = [s.project_id for s in self.sessions]
        named += [e.project_id for e in (*self.expect.active, *self.expect.not_active)]
        named += [h.project_id for h in self.expect.history]
        return tuple(dict.fromkeys(p for p in named if p))


class ScenarioFileError(ValueError):
    """A line of the scenario file does not parse against the schema."""


def parse_scenarios(lines: list[str]) -> list[Scenario]:
    """Parse JSONL lines (blank lines ignored); ids must be unique."""
    scenarios: list[Scenario] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            scenarios.append(Scenario.model_validate(json.loads(line)))
        except (json.JSONDecodeError, ValidationError) as exc:
            raise ScenarioFileError(f"line {number}: {exc}") from exc
    duplicates = [sid for sid, n in Counter(s.id for s in scenarios).items() if n > 1]
    if duplicates:
        raise ScenarioFileError(f"duplicate scenario ids: {duplicates}")
    return scenarios


def load_scenarios(path: Path = SCENARIOS_PATH) -> list[Scenario]:
    """The scenarios of the frozen set (or of another file with the same schema)."""
    return parse_scenarios(path.read_text(encoding="utf-8").splitlines())


def coverage(scenarios: list[Scenario]) -> dict[str, int]:
    """Counts the set promises: per language, per language and kind, and per scenario family."""
    counts: Counter[str] = Counter()
    for s in scenarios:
        counts["total"] += 1
        counts[f"lang:{s.lang}"] += 1
        counts[f"kind:{s.lang}:{s.kind}"] += 1
        counts["pollution"] += s.expect.no_facts
        counts["project"] += any(e.project_id for e in s.expect.active)
        counts["history"] += bool(s.expect.history)
        counts["multi_fact"] += len(s.expect.active) >= 2
        for tag in s.tags:
            counts[f"tag:{tag}"] += 1
        counts["assistant_turns"] += sum(t.speaker == "assistant" for ss in s.sessions for t in ss.turns)
    return dict(counts)
