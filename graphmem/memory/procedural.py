"""Procedural memory: skills (how to do recurring tasks) as versioned `Procedure` nodes, matched to an intent by
description embedding, trigger phrases and track record (scored in `retrieval.skill_rank`). A project sees the
user's skills plus its own, its own winning on a name; versions of a name only grow and old versions are kept.
"""

from __future__ import annotations

import asyncio
import builtins
import json
import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from graphmem.clock import Clock
from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors
from graphmem.errors import AlreadyExists, FailedPrecondition, FieldViolation, InvalidArgument, NotFound
from graphmem.model import Scope, Skill, SkillMatch, SkillOutcome
from graphmem.projects import visible_projects
from graphmem.retrieval.skill_rank import embedding_text, normal_phrase, rank_skills
from graphmem.storage.neo4j.skills import NameUnit, SkillRepository, StoredSkill
from graphmem.validation import scope_violations

MAX_NAME = 128
MAX_DESCRIPTION = 4000
MAX_TRIGGERS = 32
MAX_TRIGGER = 200
MAX_SCHEMA = 65_536
MAX_ENTRY_POINT = 2048
MAX_LINKS = 256
MAX_INTENT = 4000
MAX_TOP_K = 100

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_NAME = re.compile(rf"^[A-Za-z0-9_.\-{_CJK}]{{1,{MAX_NAME}}}$")
_NAME_RULE = f"must be 1-{MAX_NAME} letters, digits, CJK characters, '_', '.' or '-'"


@dataclass(frozen=True)
class _Definition:
    """What a skill version says, validated and normalised; provenance is not part of its identity."""

    name: str
    description: str
    triggers: tuple[str, ...]
    parameters_schema: str
    entry_point: str
    episode_ids: tuple[str, ...]
    entity_names: tuple[str, ...]

    def same_as(self, skill: Skill) -> bool:
        return (
            self.description == skill.description
            and _trigger_set(self.triggers) == _trigger_set(skill.triggers)
            and json.loads(self.parameters_schema) == json.loads(skill.parameters_schema or "{}")
            and self.entry_point == skill.entry_point
        )


def _trigger_set(triggers: Sequence[str]) -> frozenset[str]:
    return frozenset(normal_phrase(t) for t in triggers)


def _check_definition(
    name: str,
    description: str,
    triggers: Sequence[str],
    parameters_schema: str,
    entry_point: str,
    episode_ids: Sequence[str],
    entity_names: Sequence[str],
) -> _Definition:
    """Validates a skill definition; raises InvalidArgument naming every bad field."""
    out: list[FieldViolation] = []
    name = name.strip()
    if not _NAME.match(name):
        out.append(FieldViolation("name", _NAME_RULE))
    description = description.strip()
    if not description:
        out.append(FieldViolation("description", "is required"))
    elif len(description) > MAX_DESCRIPTION:
        out.append(FieldViolation("description", f"is longer than {MAX_DESCRIPTION} characters"))
    if len(triggers) > MAX_TRIGGERS:
        out.append(FieldViolation("triggers", f"holds {len(triggers)} phrases; at most {MAX_TRIGGERS}"))
    kept: dict[str, str] = {}
    for i, trigger in enumerate(triggers):
        phrase = " ".join(trigger.split())
        if not phrase or len(phrase) > MAX_TRIGGER:
            out.append(FieldViolation(f"triggers[{i}]", f"must be 1-{MAX_TRIGGER} characters"))
        kept.setdefault(normal_phrase(phrase), phrase)
    schema = parameters_schema.strip() or "{}"
    try:
        if len(schema) > MAX_SCHEMA or not isinstance(json.loads(schema), dict):
            out.append(FieldViolation("parameters_schema", f"must be a JSON object of at most {MAX_SCHEMA} bytes"))
    except ValueError as exc:
        out.append(FieldViolation("parameters_schema", f"is not valid JSON ({exc.args[0]})"))
    entry_point = entry_point.strip()
    if len(entry_point) > MAX_ENTRY_POINT or any(ord(c) < 32 for c in entry_point):
        out.append(FieldViolation("entry_point", f"must be at most {MAX_ENTRY_POINT} printable characters"))
    for field, values in (("episode_ids", episode_ids), ("entity_names", entity_names)):
        if len(values) > MAX_LINKS:
            out.append(FieldViolation(field, f"holds {len(values)} items; at most {MAX_LINKS}"))
        elif any(not v.strip() or len(v) > 256 for v in values):
            out.append(FieldViolation(field, "items must be 1-256 characters"))
    if out:
        raise InvalidArgument(out)
    return _Definition(
        name=name,
        description=description,
        triggers=tuple(kept.values()),
        parameters_schema=schema,
        entry_point=entry_point,
        episode_ids=tuple(dict.fromkeys(v.strip() for v in episode_ids)),
        entity_names=tuple(dict.fromkeys(" ".join(v.split()) for v in entity_names)),
    )


def _check_scope(scope: Scope) -> None:
    violations = scope_violations(scope)
    if violations:
        raise InvalidArgument(violations)


def _check_name(name: str) -> str:
    name = name.strip()
    if not _NAME.match(name):
        raise InvalidArgument(FieldViolation("name", _NAME_RULE))
    return name


def winning_per_name(skills: Sequence[Skill]) -> list[Skill]:
    """One skill per name: the project's over the user's."""
    best: dict[str, Skill] = {}
    for skill in skills:
        held = best.get(skill.name)
        if held is None or (bool(skill.project_id), skill.version) > (bool(held.project_id), held.version):
            best[skill.name] = skill
    return [best[n] for n in sorted(best)]


class ProceduralMemory:
    """The procedural layer: register, version, read, match and track skills of one tenant+user."""

    def __init__(self, repo: SkillRepository, embedder: Embedder, clock: Clock) -> None:
        self._repo = repo
        self._embedder = embedder
        self._clock = clock

    async def _embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        return await asyncio.to_thread(self._embedder.embed, list(texts), kind)

    # -- writes ---------------------------------------------------------------------------------------

    async def register(
        self,
        scope: Scope,
        name: str,
        description: str,
        triggers: Sequence[str],
        parameters_schema: str,
        entry_point: str,
        version: int | None = None,
        episode_ids: Sequence[str] = (),
        entity_names: Sequence[str] = (),
    ) -> Skill:
        """Registers a skill in the scope's project ("" = a user skill) and returns the stored version.

        `version` None means 1 for a new name, else the latest version. Registering the same definition
        (description, triggers, parameter schema, entry point) again returns the stored version and adds any
        new episodes and entities to it; a different definition under an existing version raises
        AlreadyExists (UpdateSkill makes a new version); a new version must be above the latest.
        """
        _check_scope(scope)
        if version is not None and version < 1:
            raise InvalidArgument(FieldViolation("version", "must be at least 1"))
        d = _check_definition(name, description, triggers, parameters_schema, entry_point, episode_ids, entity_names)
        embedding = (await self._embed([embedding_text(d.description, d.triggers)], EmbedKind.DOCUMENT))[0]
        now = self._clock.now()

        async def work(unit: NameUnit) -> Skill:
            versions = await unit.versions()
            latest = versions[-1] if versions else None
            target = version if version is not None else (latest.version if latest else 1)
            existing = next((v for v in versions if v.version == target), None)
            if existing is not None:
                if not d.same_as(existing):
                    raise AlreadyExists(f"skill {d.name!r} version {target} exists with another definition")
                await unit.add_provenance(
                    existing.id,
                    [e for e in d.episode_ids if e not in existing.episode_ids],
                    [n for n in d.entity_names if n not in existing.entity_names],
                )
                return await unit.get(existing.id)
            if latest is not None and target < latest.version:
                raise FailedPrecondition(
                    f"skill {d.name!r} is at version {latest.version}; a new version must be above it"
                )
            return await self._create(unit, d, target, scope.project_id, embedding.tolist(), latest)

        return await self._repo.under_name_lock(scope, scope.project_id, d.name, now, work)

    async def _create(
        self,
        unit: NameUnit,
        d: _Definition,
        version: int,
        project_id: str,
        embedding: list[float] | None,
        latest: Skill | None,
    ) -> Skill:
        skill = Skill(
            id=new_skill_id(),
            name=d.name,
            version=version,
            description=d.description,
            triggers=d.triggers,
            parameters_schema=d.parameters_schema,
            entry_point=d.entry_point,
            project_id=project_id,
            created_at=self._clock.now(),
            episode_ids=d.episode_ids,
            entity_names=d.entity_names,
        )
        await unit.create(skill, embedding, self._embedder.name, None if latest is None else latest.id)
        return await unit.get(skill.id)

    async def update(
        self,
        scope: Scope,
        name: str,
        *,
        description: str | None = None,
        triggers: Sequence[str] | None = None,
        parameters_schema: str | None = None,
        entry_point: str | None = None,
        episode_ids: Sequence[str] | None = None,
        entity_names: Sequence[str] | None = None,
    ) -> Skill:
        """Writes version latest+1 of the skill `get` finds; a field left None keeps the latest's value.

        Old versions are kept and linked by NEXT_VERSION. An update that changes nothing in the definition
        creates no version (it returns the latest, with any new episodes and entities added), so retries are safe.
        """
        current = await self.get(scope, name)

        def merged(latest: Skill) -> _Definition:
            return _check_definition(
                latest.name,
                latest.description if description is None else description,
                latest.triggers if triggers is None else triggers,
                latest.parameters_schema if parameters_schema is None else parameters_schema,
                latest.entry_point if entry_point is None else entry_point,
                latest.episode_ids if episode_ids is None else episode_ids,
                latest.entity_names if entity_names is None else entity_names,
            )

        guess = merged(current)  # validates before any write; embedded outside the lock
        text = embedding_text(guess.description, guess.triggers)
        embedding = (await self._embed([text], EmbedKind.DOCUMENT))[0]

        async def work(unit: NameUnit) -> Skill:
            versions = await unit.versions()
            if not versions:
                raise NotFound(f"skill {current.name!r} does not exist for this user")
            latest = versions[-1]
            d = merged(latest)  # a concurrent update may have moved the latest on
            if d.same_as(latest):
                await unit.add_provenance(
                    latest.id,
                    [e for e in d.episode_ids if e not in latest.episode_ids],
                    [n for n in d.entity_names if n not in latest.entity_names],
                )
                return await unit.get(latest.id)
            vector = embedding
            if embedding_text(d.description, d.triggers) != text:
                vector = (await self._embed([embedding_text(d.description, d.triggers)], EmbedKind.DOCUMENT))[0]
            return await self._create(unit, d, latest.version + 1, current.project_id, vector.tolist(), latest)

        return await self._repo.under_name_lock(scope, current.project_id, current.name, self._clock.now(), work)

    async def record_outcome(
        self,
        scope: Scope,
        name: str,
        outcome: SkillOutcome,
        episode_id: str = "",
        version: int | None = None,
        outcome_id: str = "",
    ) -> Skill:
        """Counts one use of a skill version (the latest when None) and links it to its episode.

        An episode counts once per version: recording it again with the same outcome changes nothing, with the
        other outcome moves the count (a correction). A caller's `outcome_id` counts once per version: a retry
        with an id already recorded changes nothing (the first report stands).
        """
        outcome = SkillOutcome(outcome)
        episode_id = episode_id.strip()
        target = await self.get(scope, name, version)
        now = self._clock.now()

        async def work(unit: NameUnit) -> Skill:
            if outcome_id and await unit.outcome_seen(target.id, outcome_id):
                return await unit.get(target.id)  # a retry of a report already counted
            previous = await unit.previous_outcome(target.id, episode_id)
            if previous != outcome:
                await unit.record_outcome(
                    target.id,
                    outcome,
                    episode_id,
                    successes=int(outcome == SkillOutcome.SUCCESS) - int(previous == SkillOutcome.SUCCESS),
                    failures=int(outcome == SkillOutcome.FAILURE) - int(previous == SkillOutcome.FAILURE),
                    outcome_id=outcome_id,
                )
            return await unit.get(target.id)

        return await self._repo.under_name_lock(scope, target.project_id, target.name, now, work)

    async def forget(self, group_id: str) -> int:
        """Erases every skill of a tenant+user; returns how many nodes were deleted."""
        return await self._repo.forget(group_id)

    # -- reads ----------------------------------------------------------------------------------------

    async def history(self, scope: Scope, name: str) -> builtins.list[Skill]:
        """Every version of the skill `get` finds, oldest first."""
        current = await self.get(scope, name)
        versions = await self._repo.versions(scope, current.name, [current.project_id])
        return [v for v in versions if v.project_id == current.project_id]

    async def get(self, scope: Scope, name: str, version: int | None = None) -> Skill:
        """A skill version (the latest when None): the project's skill of that name first, else the user's."""
        _check_scope(scope)
        name = _check_name(name)
        versions = await self._repo.versions(scope, name, visible_projects(scope))
        own = [v for v in versions if v.project_id == scope.project_id] if scope.project_id else []
        candidates = own or [v for v in versions if not v.project_id]
        if not candidates:
            raise NotFound(f"skill {name!r} does not exist for this user")
        if version is None:
            return max(candidates, key=lambda v: v.version)
        found = next((v for v in candidates if v.version == version), None)
        if found is None:
            raise NotFound(f"skill {name!r} has no version {version}")
        return found

    async def list(self, scope: Scope) -> builtins.list[Skill]:
        """The latest version of each visible skill, by name (user skills plus, inside a project, its own)."""
        _check_scope(scope)
        return winning_per_name([s.skill for s in await self._repo.latest(scope, visible_projects(scope))])

    async def match(self, scope: Scope, intent: str, top_k: int = 3) -> builtins.list[SkillMatch]:
        """The `top_k` latest skills best matching an intent, scored

            score = W_SIMILARITY · max(0, cos(intent, description_embedding))
                  + W_TRIGGER · trigger_match(intent, triggers)
                  + W_USAGE · (successes + 1) / (successes + failures + 2)

        with the weights 0.6 / 0.3 / 0.1 of graphmem.retrieval.skill_rank. Skills embedded by another embedder are
        re-embedded on the fly for this call.
        """
        _check_scope(scope)
        out = []
        if not intent.strip() or len(intent) > MAX_INTENT:
            out.append(FieldViolation("intent", f"must be 1-{MAX_INTENT} characters"))
        if not 1 <= top_k <= MAX_TOP_K:
            out.append(FieldViolation("top_k", f"must be between 1 and {MAX_TOP_K}"))
        if out:
            raise InvalidArgument(out)
        rows = await self._repo.latest(scope, visible_projects(scope), with_embedding=True)
        winners = {s.id for s in winning_per_name([r.skill for r in rows])}
        rows = [r for r in rows if r.skill.id in winners]
        if not rows:
            return []
        query = (await self._embed([intent], EmbedKind.QUERY))[0]
        similarities = await self._similarities(query, rows)
        return await asyncio.to_thread(rank_skills, intent, [r.skill for r in rows], similarities, top_k)

    async def _similarities(self, query: Vectors, rows: Sequence[StoredSkill]) -> builtins.list[float]:
        stale = [
            i
            for i, r in enumerate(rows)
            if r.embedding is None or len(r.embedding) != len(query) or r.embedding_model != self._embedder.name
        ]
        fresh: dict[int, Vectors] = {}
        if stale:
            texts = [embedding_text(rows[i].skill.description, rows[i].skill.triggers) for i in stale]
            fresh = dict(zip(stale, await self._embed(texts, EmbedKind.DOCUMENT), strict=True))
        sims = []
        for i, r in enumerate(rows):
            vec = fresh[i] if i in fresh else np.asarray(r.embedding, dtype=np.float32)
            sims.append(float(np.dot(vec, query)))
        return sims


def new_skill_id() -> str:
    return str(uuid.uuid4())
