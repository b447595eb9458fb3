"""Fact storage: a temporal entity graph in graphiti-core's shape. Facts are `RELATES_TO` relationships
between `Entity` nodes carrying graphiti's properties (uuid, group_id, name, fact, fact_embedding, episodes,
valid_at, invalid_at, created_at, expired_at) plus graphmem's (status, confidence, evidence, fact_key,
project_id, sessions, …); episodes link to the entities they mention with `MENTIONS`.

Every change to the versions of one key happens under that key's lock node `(:FactKey)`, taken by a write
in the same transaction, so concurrent writers (in one process or several replicas) serialise per key.
"""

from __future__ import annotations

import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, LiteralString, TypeVar

import numpy as np
import numpy.typing as npt
from neo4j import AsyncManagedTransaction

from graphmem.model import Fact, FactStatus, MemoryKind, Scope, StatusChange, Transition
from graphmem.projects import visible_projects
from graphmem.storage.neo4j.audit import new_event, write_events
from graphmem.storage.neo4j.dates import epoch_micros, parse_db_date
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.fence import facts_stamp
from graphmem.storage.neo4j.locks import LOCK_FACT_KEY, LockedUnit, under_lock

T = TypeVar("T")

_EPISODE_EXISTS: LiteralString = "MATCH (e:Episodic {group_id: $group_id, uuid: $id}) RETURN e.uuid AS id"

# A fact as read back (by `r`): its timestamps as epoch microseconds, which decode far faster than DATETIMEs.
_FACT_FIELDS: LiteralString = (
    """{.uuid, .fact_key, .subject, .name, .value, .polarity, .fact, .kind, .status, .confidence, .evidence,
  .project_id, .importance, valid_at: """
    + epoch_micros("r.valid_at")
    + ", invalid_at: "
    + epoch_micros("r.invalid_at")
    + ", created_at: "
    + epoch_micros("r.created_at")
    + ", expired_at: "
    + epoch_micros("r.expired_at")
    + """, .episodes, .sessions, .status_reason, .hit_count, .explicit, .language}"""
)

_VERSIONS: LiteralString = (
    """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, fact_key: $key}]->(:Entity)
WHERE r.project_id = $project_id
RETURN r"""
    + _FACT_FIELDS
    + """ AS r ORDER BY r.valid_at, r.created_at
"""
)

# The episode (when it still exists) mentions both entities of the fact `s` -[r]-> `o`.
_MENTIONS: LiteralString = """
WITH s, o
OPTIONAL MATCH (e:Episodic {group_id: $group_id, uuid: $episode_id})
FOREACH (_ IN CASE WHEN e IS NULL THEN [] ELSE [1] END |
  MERGE (e)-[m1:MENTIONS]->(s) ON CREATE SET m1.uuid = randomUUID(), m1.group_id = $group_id, m1.created_at = $now
  MERGE (e)-[m2:MENTIONS]->(o) ON CREATE SET m2.uuid = randomUUID(), m2.group_id = $group_id, m2.created_at = $now
)
"""

_CREATE: LiteralString = (
    """
MERGE (s:Entity {group_id: $group_id, name_key: $subject_key})
ON CREATE SET s.uuid = randomUUID(), s.name = $subject_name, s.summary = '', s.created_at = $now,
              s.labels = [], s.kind = $subject_kind
MERGE (o:Entity {group_id: $group_id, name_key: $object_key})
ON CREATE SET o.uuid = randomUUID(), o.name = $object_name, o.summary = '', o.created_at = $now,
              o.labels = [], o.kind = 'value'
CREATE (s)-[r:RELATES_TO]->(o)
SET r = $props, r.created_at = $now, r.fact_embedding = $embedding
"""
    + _MENTIONS
)

_PROVENANCE: LiteralString = (
    """
MATCH (s:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: $id}]->(o:Entity)
SET r.episodes = CASE WHEN $episode_id = '' OR $episode_id IN r.episodes THEN r.episodes
                      ELSE r.episodes + $episode_id END,
    r.sessions = CASE WHEN $session_id = '' OR $session_id IN r.sessions THEN r.sessions
                      ELSE r.sessions + $session_id END
"""
    + _MENTIONS
)

# The status change; its audit event is written by `audit.write_events` in the same transaction.
_SET_STATUS: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: $id}]->(:Entity)
WITH r, r.status AS previous
SET r.status = $status, r.status_reason = $reason,
    r.invalid_at = coalesce($invalid_at, r.invalid_at), r.expired_at = coalesce($expired_at, r.expired_at),
    r.status_changed_at = $now
RETURN previous
"""

_BY_ID: LiteralString = (
    """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: $id}]->(:Entity)
RETURN r"""
    + _FACT_FIELDS
    + " AS r"
)

# One record holding every row: streamed as separate records, a user's few thousand facts cost the driver
# about three times as long to receive.
_BY_STATUS: LiteralString = (
    """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(:Entity)
WHERE r.status IN $statuses AND r.project_id IN $projects
WITH r ORDER BY r.fact_key, r.valid_at
RETURN collect({r: r"""
    + _FACT_FIELDS
    + """, embedding: CASE WHEN $with_embedding THEN r.fact_embedding ELSE null END}) AS rows
"""
)

# Embeddings of the given versions (a version's embedding is written once, when it is created).
_EMBEDDINGS: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(:Entity)
WHERE r.uuid IN $ids
RETURN r.uuid AS id, r.fact_embedding AS embedding
"""

_VALID_AT: LiteralString = (
    """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(:Entity)
WHERE r.status IN ['active', 'expired', 'archived'] AND r.project_id IN $projects
  AND r.valid_at <= $as_of AND (r.invalid_at IS NULL OR $as_of < r.invalid_at)
RETURN r"""
    + _FACT_FIELDS
    + """ AS r ORDER BY r.fact_key, r.valid_at
"""
)

_HISTORY: LiteralString = (
    """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, fact_key: $key}]->(:Entity)
WHERE r.project_id IN $projects
RETURN r"""
    + _FACT_FIELDS
    + """ AS r ORDER BY r.valid_at, r.created_at
"""
)

_FORGET: tuple[LiteralString, ...] = (
    "MATCH (n:Entity {group_id: $group_id}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
    "MATCH (n:FactKey {group_id: $group_id}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
)


def fact_from_row(row: Mapping[str, Any]) -> Fact:
    valid_at = parse_db_date(row["valid_at"])
    created_at = parse_db_date(row["created_at"])
    assert valid_at is not None and created_at is not None
    return Fact(
        id=row["uuid"],
        key=row["fact_key"],
        subject=row.get("subject") or "",
        predicate=row.get("name") or "",
        value=row.get("value") or "",
        polarity=bool(row.get("polarity", True)),
        fact=row.get("fact") or "",
        kind=row.get("kind") or "",
        status=FactStatus(row.get("status") or "candidate"),
        confidence=float(row.get("confidence") or 0.0),
        evidence=row.get("evidence") or "",
        project_id=row.get("project_id") or "",
        importance=float(row.get("importance") or 0.0),
        valid_at=valid_at,
        created_at=created_at,
        invalid_at=parse_db_date(row.get("invalid_at")),
        expired_at=parse_db_date(row.get("expired_at")),
        episode_ids=tuple(row.get("episodes") or ()),
        session_ids=tuple(row.get("sessions") or ()),
        status_reason=row.get("status_reason") or "",
        hit_count=int(row.get("hit_count") or 0),
        explicit=bool(row.get("explicit")),
        language=row.get("language") or "",
    )


class KeyUnit(LockedUnit):
    """The writes allowed on the versions of one key while its lock is held (inside one transaction)."""

    async def episode_exists(self, episode_id: str) -> bool:
        """Whether the episode is still stored (checked under the user's fence, so a delete cannot interleave)."""
        record = await (await self._tx.run(_EPISODE_EXISTS, group_id=self._scope.group_id, id=episode_id)).single()
        return record is not None

    async def versions(self) -> list[Fact]:
        result = await self._tx.run(
            _VERSIONS, group_id=self._scope.group_id, key=self._item, project_id=self._project_id
        )
        return [fact_from_row(r["r"]) async for r in result]

    async def create(self, fact: Fact, embedding: Sequence[float], episode_id: str) -> None:
        props = {
            "uuid": fact.id,
            "group_id": self._scope.group_id,
            "name": fact.predicate,
            "fact": fact.fact,
            "episodes": [episode_id] if episode_id else [],
            "valid_at": fact.valid_at,
            "invalid_at": fact.invalid_at,
            "expired_at": fact.expired_at,
            "reference_time": fact.valid_at,
            "fact_key": fact.key,
            "subject": fact.subject,
            "value": fact.value,
            "polarity": fact.polarity,
            "kind": fact.kind,
            "status": fact.status.value,
            "status_reason": fact.status_reason,
            "confidence": fact.confidence,
            "evidence": fact.evidence,
            "project_id": fact.project_id,
            "scope": "project" if fact.project_id else "user",
            "importance": fact.importance,
            "sessions": list(fact.session_ids),
            "hit_count": 0,
            "explicit": fact.explicit,
            "language": fact.language,
            "tenant_id": self._scope.tenant_id,
            "user_id": self._scope.user_id,
        }
        subject_is_user = fact.subject == "user"
        await (
            await self._tx.run(
                _CREATE,
                group_id=self._scope.group_id,
                subject_key=f"s:{fact.subject}",
                subject_name=self._scope.user_id if subject_is_user else fact.subject,
                subject_kind="user" if subject_is_user else "subject",
                object_key=f"v:{fact.value}",
                object_name=fact.value,
                props=props,
                embedding=[float(x) for x in embedding],
                episode_id=episode_id,
                now=self._now,
            )
        ).consume()

    async def add_provenance(self, fact_id: str, episode_id: str, session_id: str) -> None:
        await (
            await self._tx.run(
                _PROVENANCE,
                group_id=self._scope.group_id,
                id=fact_id,
                episode_id=episode_id,
                session_id=session_id,
                now=self._now,
            )
        ).consume()

    async def set_status(self, change: StatusChange) -> None:
        """Changes a version's status and records the transition (active → promoted, else the status)."""
        group_id = self._scope.group_id
        record = await (
            await self._tx.run(
                _SET_STATUS,
                group_id=group_id,
                id=change.id,
                status=change.status.value,
                reason=change.reason,
                invalid_at=change.invalid_at,
                expired_at=change.expired_at,
                now=self._now,
            )
        ).single()
        if record is None:
            return
        status = change.status
        transition = Transition.PROMOTED if status == FactStatus.ACTIVE else Transition(status.value)
        details = {"from": record["previous"] or "", "to": status.value}
        event = new_event(
            group_id, change.id, MemoryKind.FACT, transition, self._now, change.reason, "promotion", "", details
        )
        await write_events(self._tx, [event])


EMBEDDING_CACHE_SIZE = 20_000
"""Fact embeddings kept in process (about 2 KB each at 512 dimensions), least recently used dropped first."""


class FactRepository:
    """Reads facts of one tenant+user and changes them one key at a time under the key's lock.

    Embeddings read by `embeddings` are kept in process by (group, version id): a version's embedding is
    written once, when the version is created, and never changed, so an entry cannot go stale even when
    another replica writes; a version this process has not seen yet is simply read from Neo4j.
    """

    def __init__(self, graph: Neo4jGraph, cache_size: int = EMBEDDING_CACHE_SIZE) -> None:
        self._graph = graph
        self._cache: OrderedDict[tuple[str, str], npt.NDArray[np.float32] | None] = OrderedDict()
        self._cache_size = cache_size

    async def under_key_lock(
        self,
        scope: Scope,
        project_id: str,
        key: str,
        now: datetime,
        work: Callable[[KeyUnit], Awaitable[T]],
        *,
        rehearsal: bool = False,
    ) -> T:
        """Runs `work` in one write transaction that first takes the lock of (user, project, key)
        (`rehearsal`: the same statements in a transaction that is rolled back)."""
        return await under_lock(
            self._graph, LOCK_FACT_KEY, KeyUnit, scope, project_id, key, now, work, rehearsal=rehearsal
        )

    async def get(self, scope: Scope, fact_id: str) -> Fact | None:
        async def work(tx: AsyncManagedTransaction) -> Fact | None:
            record = await (await tx.run(_BY_ID, group_id=scope.group_id, id=fact_id)).single()
            return None if record is None else fact_from_row(record["r"])

        return await self._graph.read(work)

    async def stamp(self, scope: Scope) -> str:
        """The user's facts stamp (`fence.facts_stamp`): every transaction that changes a fact raises it."""

        async def work(tx: AsyncManagedTransaction) -> str:
            return await facts_stamp(tx, scope.group_id)

        return await self._graph.read(work)

    async def by_status(
        self,
        scope: Scope,
        statuses: Sequence[FactStatus],
        projects: Sequence[str],
        with_embedding: bool = False,
    ) -> list[tuple[Fact, list[float] | None]]:
        """Facts of the given statuses in the given projects ("" = user facts), ordered by key and time."""

        async def work(tx: AsyncManagedTransaction) -> list[tuple[Fact, list[float] | None]]:
            result = await tx.run(
                _BY_STATUS,
                group_id=scope.group_id,
                statuses=[s.value for s in statuses],
                projects=list(projects),
                with_embedding=with_embedding,
            )
            record = await result.single()
            rows = [] if record is None else record["rows"]
            return [(fact_from_row(r["r"]), r["embedding"]) for r in rows]

        return await self._graph.read(work)

    async def embeddings(self, scope: Scope, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32] | None]:
        """The stored embedding of each of the user's versions `ids` (None when it has none); an id that is not
        one of the user's versions is left out. Only versions not yet in the process cache are read."""
        group = scope.group_id
        found: dict[str, npt.NDArray[np.float32] | None] = {}
        missing = []
        for fact_id in ids:
            key = (group, fact_id)
            if key in self._cache:
                self._cache.move_to_end(key)
                found[fact_id] = self._cache[key]
            else:
                missing.append(fact_id)
        if not missing:
            return found

        async def work(tx: AsyncManagedTransaction) -> list[tuple[str, list[float] | None]]:
            result = await tx.run(_EMBEDDINGS, group_id=group, ids=missing)
            return [(r["id"], r["embedding"]) async for r in result]

        for fact_id, embedding in await self._graph.read(work):
            vector = None if embedding is None else np.asarray(embedding, dtype=np.float32)
            found[fact_id] = self._cache[(group, fact_id)] = vector
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return found

    async def valid_at(self, scope: Scope, as_of: datetime, projects: Sequence[str]) -> list[Fact]:
        """Versions that were true at `as_of` (candidates and rejected versions never count)."""

        async def work(tx: AsyncManagedTransaction) -> list[Fact]:
            result = await tx.run(_VALID_AT, group_id=scope.group_id, as_of=as_of, projects=list(projects))
            return [fact_from_row(r["r"]) async for r in result]

        return await self._graph.read(work)

    async def history(self, scope: Scope, key: str) -> list[Fact]:
        async def work(tx: AsyncManagedTransaction) -> list[Fact]:
            result = await tx.run(_HISTORY, group_id=scope.group_id, key=key, projects=visible_projects(scope))
            return [fact_from_row(r["r"]) async for r in result]

        return await self._graph.read(work)

    async def forget(self, group_id: str) -> int:
        return sum([await self._graph.delete_in_batches(q, group_id=group_id) for q in _FORGET])


def new_fact_id() -> str:
    return str(uuid.uuid4())
