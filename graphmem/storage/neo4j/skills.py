"""Skill storage: each version of a skill is one `Procedure` node (uuid, group_id, scope_key, name, version,
description, triggers, parameters_schema, entry_point, counters, `description_embedding`, `is_latest`).

Links: `(:Procedure)-[:NEXT_VERSION]->(:Procedure)` from each version to the next, `-[:TAUGHT_BY]->(:Episodic)`
to the episodes that taught it, `-[:APPLIES_TO]->(:Entity)` to the entities it applies to (the facts' entity
nodes, merged by name key) and `-[:OUTCOME {outcome, at, episode_id}]->(:Episodic)` per recorded outcome.

Invariants: (group_id, scope_key, name, version) is unique (a constraint); exactly one version per name and
scope is `is_latest`, the highest. Every change to the versions of one name happens under that name's lock
node `(:ProcedureKey)`, taken by a write in the same transaction, so concurrent writers in one process or
several replicas serialise per name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, LiteralString, TypeVar

from neo4j import AsyncManagedTransaction

from graphmem.model import Scope, Skill, SkillOutcome
from graphmem.storage.neo4j.dates import parse_db_date
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.locks import LOCK_SKILL_NAME, LockedUnit, under_lock

T = TypeVar("T")

_SKILL_FIELDS: LiteralString = """{.uuid, .name, .version, .description, .triggers, .parameters_schema,
  .entry_point, .project_id, .created_at, .successes, .failures, .last_used_at, .episode_ids, .entity_names,
  .is_latest}"""

_VERSIONS: LiteralString = (
    """
MATCH (p:Procedure {group_id: $group_id, scope_key: $scope_key, name: $name})
RETURN p"""
    + _SKILL_FIELDS
    + """ AS p ORDER BY p.version
"""
)

_CREATE: LiteralString = """
CREATE (p:Procedure)
SET p = $props, p.created_at = $now, p.description_embedding = $embedding
"""

_SUPERSEDE: LiteralString = """
MATCH (prev:Procedure {group_id: $group_id, uuid: $previous_id})
MATCH (p:Procedure {group_id: $group_id, uuid: $id})
SET prev.is_latest = false, prev.superseded_at = $now,
    p.description_embedding = coalesce(p.description_embedding, prev.description_embedding),
    p.embedding_model = coalesce(p.embedding_model, prev.embedding_model)
MERGE (prev)-[r:NEXT_VERSION]->(p) ON CREATE SET r.created_at = $now
"""

_PROVENANCE: LiteralString = """
MATCH (p:Procedure {group_id: $group_id, uuid: $id})
SET p.episode_ids = p.episode_ids + [x IN $episode_ids WHERE NOT x IN p.episode_ids],
    p.entity_names = p.entity_names + [x IN $entities WHERE NOT x.name IN p.entity_names | x.name]
WITH p
CALL (p) {
  UNWIND $episode_ids AS episode_id
  MATCH (e:Episodic {group_id: $group_id, uuid: episode_id})
  MERGE (p)-[t:TAUGHT_BY]->(e) ON CREATE SET t.created_at = $now
}
CALL (p) {
  UNWIND $entities AS entity
  MERGE (n:Entity {group_id: $group_id, name_key: entity.name_key})
  ON CREATE SET n.uuid = randomUUID(), n.name = entity.name, n.summary = '', n.created_at = $now,
                n.labels = [], n.kind = 'subject'
  MERGE (p)-[a:APPLIES_TO]->(n) ON CREATE SET a.created_at = $now
}
"""

_PREVIOUS_OUTCOME: LiteralString = """
MATCH (:Procedure {group_id: $group_id, uuid: $id})-[o:OUTCOME {episode_id: $episode_id}]->(:Episodic)
RETURN o.outcome AS outcome LIMIT 1
"""

# The caller's outcome ids of a version are kept (the newest 1,000) so that a retried report counts once.
_OUTCOME_SEEN: LiteralString = """
MATCH (p:Procedure {group_id: $group_id, uuid: $id})
RETURN $outcome_id IN coalesce(p.outcome_ids, []) AS seen
"""

_RECORD_OUTCOME: LiteralString = """
MATCH (p:Procedure {group_id: $group_id, uuid: $id})
SET p.successes = p.successes + $successes, p.failures = p.failures + $failures, p.last_used_at = $now,
    p.outcome_ids = CASE WHEN $outcome_id = '' THEN p.outcome_ids
                         ELSE (coalesce(p.outcome_ids, []) + $outcome_id)[-1000..] END
WITH p
OPTIONAL MATCH (e:Episodic {group_id: $group_id, uuid: $episode_id})
FOREACH (_ IN CASE WHEN e IS NULL THEN [] ELSE [1] END |
  MERGE (p)-[o:OUTCOME {episode_id: $episode_id}]->(e)
  SET o.outcome = $outcome, o.at = $now, o.group_id = $group_id
)
"""

_BY_ID: LiteralString = (
    """
MATCH (p:Procedure {group_id: $group_id, uuid: $id})
RETURN p"""
    + _SKILL_FIELDS
    + " AS p"
)

_BY_NAME: LiteralString = (
    """
MATCH (p:Procedure {group_id: $group_id, name: $name})
WHERE p.scope_key IN $projects
RETURN p"""
    + _SKILL_FIELDS
    + """ AS p ORDER BY p.scope_key, p.version
"""
)

_LATEST: LiteralString = (
    """
MATCH (p:Procedure {group_id: $group_id, is_latest: true})
WHERE p.scope_key IN $projects
RETURN p"""
    + _SKILL_FIELDS
    + """ AS p,
  CASE WHEN $with_embedding THEN p.description_embedding ELSE null END AS embedding,
  p.embedding_model AS embedding_model
ORDER BY p.name, p.scope_key
"""
)

_FORGET: tuple[LiteralString, ...] = (
    "MATCH (n:Procedure {group_id: $group_id}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
    "MATCH (n:ProcedureKey {group_id: $group_id}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
)


@dataclass(frozen=True)
class StoredSkill:
    """A latest skill version as matching needs it: the skill, its description embedding and embedder name."""

    skill: Skill
    embedding: tuple[float, ...] | None
    embedding_model: str


def skill_from_row(row: Mapping[str, Any]) -> Skill:
    created_at = parse_db_date(row["created_at"])
    assert created_at is not None
    return Skill(
        id=row["uuid"],
        name=row["name"],
        version=int(row["version"]),
        description=row.get("description") or "",
        triggers=tuple(row.get("triggers") or ()),
        parameters_schema=row.get("parameters_schema") or "{}",
        entry_point=row.get("entry_point") or "",
        project_id=row.get("project_id") or "",
        created_at=created_at,
        successes=int(row.get("successes") or 0),
        failures=int(row.get("failures") or 0),
        last_used_at=parse_db_date(row.get("last_used_at")),
        episode_ids=tuple(row.get("episode_ids") or ()),
        entity_names=tuple(row.get("entity_names") or ()),
        is_latest=bool(row.get("is_latest")),
    )


def entity_name_key(name: str) -> str:
    """The `Entity.name_key` of a named subject, as fact extraction writes it ("s:" + normalised name)."""
    return "s:" + " ".join(name.split()).casefold()


class NameUnit(LockedUnit):
    """The writes allowed on the versions of one skill name while its lock is held (inside one transaction)."""

    async def versions(self) -> list[Skill]:
        """Every version of the name in this scope, oldest first."""
        result = await self._tx.run(
            _VERSIONS, group_id=self._scope.group_id, scope_key=self._project_id, name=self._item
        )
        return [skill_from_row(r["p"]) async for r in result]

    async def get(self, skill_id: str) -> Skill:
        record = await (await self._tx.run(_BY_ID, group_id=self._scope.group_id, id=skill_id)).single(strict=True)
        return skill_from_row(record["p"])

    async def create(
        self,
        skill: Skill,
        embedding: Sequence[float] | None,
        embedding_model: str,
        previous_id: str | None,
    ) -> None:
        """Writes a new version as the latest; `previous_id` (the former latest) links to it and stops being
        latest. With no embedding the previous version's description embedding is copied."""
        props = {
            "uuid": skill.id,
            "group_id": self._scope.group_id,
            "scope_key": self._project_id,
            "scope": "project" if self._project_id else "user",
            "tenant_id": self._scope.tenant_id,
            "user_id": self._scope.user_id,
            "project_id": self._project_id,
            "name": skill.name,
            "version": skill.version,
            "description": skill.description,
            "triggers": list(skill.triggers),
            "parameters_schema": skill.parameters_schema,
            "entry_point": skill.entry_point,
            "successes": 0,
            "failures": 0,
            "episode_ids": [],
            "entity_names": [],
            "is_latest": True,
            "embedding_model": embedding_model if embedding is not None else None,
        }
        await (
            await self._tx.run(
                _CREATE,
                props=props,
                embedding=None if embedding is None else [float(x) for x in embedding],
                now=self._now,
            )
        ).consume()
        if previous_id is not None:
            await (
                await self._tx.run(
                    _SUPERSEDE, group_id=self._scope.group_id, previous_id=previous_id, id=skill.id, now=self._now
                )
            ).consume()
        await self.add_provenance(skill.id, skill.episode_ids, skill.entity_names)

    async def add_provenance(self, skill_id: str, episode_ids: Sequence[str], entity_names: Sequence[str]) -> None:
        """Adds the teaching episodes (linked when they exist) and the entities (merged) of a version."""
        if not episode_ids and not entity_names:
            return
        await (
            await self._tx.run(
                _PROVENANCE,
                group_id=self._scope.group_id,
                id=skill_id,
                episode_ids=list(dict.fromkeys(episode_ids)),
                entities=[{"name": n, "name_key": entity_name_key(n)} for n in dict.fromkeys(entity_names)],
                now=self._now,
            )
        ).consume()

    async def previous_outcome(self, skill_id: str, episode_id: str) -> SkillOutcome | None:
        """The outcome already recorded for this version in that episode, if any."""
        if not episode_id:
            return None
        record = await (
            await self._tx.run(_PREVIOUS_OUTCOME, group_id=self._scope.group_id, id=skill_id, episode_id=episode_id)
        ).single()
        return None if record is None else SkillOutcome(record["outcome"])

    async def outcome_seen(self, skill_id: str, outcome_id: str) -> bool:
        """Whether this version already counted the caller's outcome id."""
        record = await (
            await self._tx.run(_OUTCOME_SEEN, group_id=self._scope.group_id, id=skill_id, outcome_id=outcome_id)
        ).single()
        return record is not None and bool(record["seen"])

    async def record_outcome(
        self,
        skill_id: str,
        outcome: SkillOutcome,
        episode_id: str,
        successes: int,
        failures: int,
        outcome_id: str = "",
    ) -> None:
        """Adds to the counters, remembers `outcome_id` (when given) and links the outcome to its episode (when
        that episode exists)."""
        await (
            await self._tx.run(
                _RECORD_OUTCOME,
                group_id=self._scope.group_id,
                id=skill_id,
                outcome=outcome.value,
                outcome_id=outcome_id,
                episode_id=episode_id,
                successes=successes,
                failures=failures,
                now=self._now,
            )
        ).consume()


class SkillRepository:
    """Reads the skills of one tenant+user and changes them one name at a time under the name's lock."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def under_name_lock(
        self, scope: Scope, project_id: str, name: str, now: datetime, work: Callable[[NameUnit], Awaitable[T]]
    ) -> T:
        """Runs `work` in one write transaction that first takes the lock of (user, project, name)."""
        return await under_lock(self._graph, LOCK_SKILL_NAME, NameUnit, scope, project_id, name, now, work)

    async def versions(self, scope: Scope, name: str, projects: Sequence[str]) -> list[Skill]:
        """Every version of `name` in the given projects ("" = user skills), by project then version."""

        async def work(tx: AsyncManagedTransaction) -> list[Skill]:
            result = await tx.run(_BY_NAME, group_id=scope.group_id, name=name, projects=list(projects))
            return [skill_from_row(r["p"]) async for r in result]

        return await self._graph.read(work)

    async def latest(self, scope: Scope, projects: Sequence[str], with_embedding: bool = False) -> list[StoredSkill]:
        """The latest version of every skill in the given projects, by name."""

        async def work(tx: AsyncManagedTransaction) -> list[StoredSkill]:
            result = await tx.run(
                _LATEST, group_id=scope.group_id, projects=list(projects), with_embedding=with_embedding
            )
            return [
                StoredSkill(
                    skill_from_row(r["p"]),
                    None if r["embedding"] is None else tuple(float(x) for x in r["embedding"]),
                    r["embedding_model"] or "",
                )
                async for r in result
            ]

        return await self._graph.read(work)

    async def forget(self, group_id: str) -> int:
        """Deletes every skill version and name lock of a tenant+user; returns how many nodes went."""
        return sum([await self._graph.delete_in_batches(q, group_id=group_id) for q in _FORGET])
