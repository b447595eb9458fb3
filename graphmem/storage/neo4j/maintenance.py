"""Maintenance storage: snapshots of a user's memories for the lifecycle decisions, the conditional writes that
apply them (each with its audit events in the same transaction), and restore.

Every write re-checks its condition (`WHERE e.status = 'active'` to archive, archived long enough to purge,
still live to merge), so applying a step twice changes nothing the second time. Episode status changes lock
the `User` node and keep `User.episode_count` equal to the number of active episodes; purging closes the
`NEXT` chain around each deleted episode as a single delete does.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.model import AuditEvent, EntityStat, EpisodeStat, FactStat, FactStatus, MemoryKind, Transition
from graphmem.storage.neo4j.audit import new_event, write_events
from graphmem.storage.neo4j.dates import db_date, parse_db_date
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.fence import facts_changed
from graphmem.storage.neo4j.locks import LOCK_FACT_KEY, take_lock

_GROUPS: LiteralString = """
MATCH (u:User) RETURN u.group_id AS group_id
UNION
MATCH (k:FactKey) RETURN DISTINCT k.group_id AS group_id
"""

_IDENTITY: LiteralString = """
OPTIONAL MATCH (u:User {group_id: $group_id})
OPTIONAL MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(:Entity)
WITH u, r LIMIT 1
RETURN coalesce(u.tenant_id, r.tenant_id) AS tenant_id, coalesce(u.user_id, r.user_id) AS user_id
"""

_EPISODE_STATS: LiteralString = """
MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IS NOT NULL AND e.status IN ['active', 'archived']
RETURN collect([e.uuid, e.seq, e.session_id, e.project_id, e.event_type, e.importance, coalesce(e.hit_count, 0),
                e.status, e.valid_at, e.created_at, e.last_hit_at, e.restored_at, e.archived_at]) AS rows
"""

_FACT_STATS: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(:Entity)
WHERE r.status IN ['candidate', 'active', 'archived']
RETURN r.uuid AS id, r.fact_key AS key, r.subject AS subject, r.name AS predicate, r.value AS value,
       r.polarity AS polarity, r.project_id AS project_id, r.status AS status, r.valid_at AS valid_at,
       r.created_at AS created_at, coalesce(r.hit_count, 0) AS hit_count, r.episodes AS episodes,
       r.sessions AS sessions, r.last_hit_at AS last_hit_at, r.restored_at AS restored_at,
       r.archived_at AS archived_at
ORDER BY r.created_at, r.uuid
"""

_ENTITY_STATS: LiteralString = """
MATCH (n:Entity {group_id: $group_id}) RETURN n.uuid AS id, n.name_key AS name_key, n.created_at AS created_at
"""

_LINES: LiteralString = """
MATCH (e:Episodic {group_id: $group_id}) WHERE e.uuid IN $ids
RETURN e.speaker AS speaker, e.content AS content, e.valid_at AS at ORDER BY e.valid_at, e.seq
"""

_LOCK_USER: LiteralString = """
MATCH (u:User {group_id: $group_id}) SET u.writes = coalesce(u.writes, 0) + 1 RETURN u.episode_count AS count
"""

_ARCHIVE_EPISODES: LiteralString = """
UNWIND $ids AS id
MATCH (e:Episodic {group_id: $group_id, uuid: id})
WHERE e.status = 'active' AND ($cutoff IS NULL OR e.last_hit_at IS NULL OR e.last_hit_at <= $cutoff)
SET e.status = 'archived', e.archived_at = $now, e.archive_rule = $rule
RETURN collect(e.uuid) AS done
"""

_RESTORE_EPISODE: LiteralString = """
MATCH (e:Episodic {group_id: $group_id, uuid: $id}) WHERE e.status = 'archived' AND coalesce(e.project_id, '') IN $projects
SET e.status = 'active', e.restored_at = $now, e.archived_at = null, e.archive_rule = null
RETURN e.uuid AS id
"""

_BUMP_COUNT: LiteralString = """
MATCH (u:User {group_id: $group_id}) SET u.episode_count = u.episode_count + $delta, u.updated_at = $now
"""

# One CALL per row: each deletion sees the chain as the previous one left it (consecutive purges re-link).
_PURGE_EPISODES: LiteralString = """
UNWIND $ids AS id
CALL (id) {
  MATCH (e:Episodic {group_id: $group_id, uuid: id})
  WHERE e.status = 'archived' AND e.archived_at <= $cutoff
  OPTIONAL MATCH (p:Episodic)-[:NEXT]->(e)
  OPTIONAL MATCH (e)-[:NEXT]->(n:Episodic)
  WITH e, p, n, e.uuid AS uuid
  FOREACH (_ IN CASE WHEN p IS NOT NULL AND n IS NOT NULL THEN [1] ELSE [] END | CREATE (p)-[:NEXT]->(n))
  DETACH DELETE e
  RETURN uuid
}
RETURN collect(uuid) AS done
"""

_ARCHIVE_FACTS: LiteralString = """
UNWIND $ids AS id
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: id}]->(:Entity)
WHERE r.status = 'active' AND (r.last_hit_at IS NULL OR r.last_hit_at <= $cutoff)
SET r.status = 'archived', r.archived_at = $now, r.status_reason = 'not_hit', r.status_changed_at = $now
RETURN collect(r.uuid) AS done
"""

_FACT_OF: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: $id}]->(:Entity)
RETURN r.status AS status, r.fact_key AS key, r.project_id AS project_id, r.name AS predicate, r.value AS value,
       r.polarity AS polarity
"""

_OTHER_ACTIVE: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, fact_key: $key}]->(:Entity)
WHERE r.project_id = $project_id AND r.status = 'active' AND r.uuid <> $id
RETURN r.uuid AS id LIMIT 1
"""

_RESTORE_FACT: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: $id}]->(:Entity)
WHERE r.status = 'archived'
SET r.status = 'active', r.status_reason = 'restored', r.restored_at = $now, r.archived_at = null,
    r.status_changed_at = $now
RETURN r.uuid AS id
"""

_PURGE_FACTS: LiteralString = """
UNWIND $ids AS id
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: id}]->(o:Entity)
WHERE r.status = 'archived' AND r.archived_at <= $cutoff
WITH r, o, r.uuid AS uuid
DELETE r
RETURN collect(uuid) AS done, collect(DISTINCT o.uuid) AS objects
"""

_DROP_ORPHANS: LiteralString = """
UNWIND $ids AS id
MATCH (o:Entity {group_id: $group_id, uuid: id}) WHERE NOT EXISTS { (o)-[:RELATES_TO]-() }
DETACH DELETE o
"""

_MERGE_FACTS: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[t:RELATES_TO {group_id: $group_id, uuid: $into}]->(:Entity)
WHERE t.status IN ['active', 'candidate']
UNWIND $merged AS id
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id, uuid: id}]->(:Entity)
WHERE r.status IN ['active', 'candidate']
SET r.status = 'expired', r.status_reason = 'merged', r.expired_at = $now, r.merged_into = $into,
    r.status_changed_at = $now
WITH t, collect(r) AS gone
SET t.episodes = reduce(acc = t.episodes, r IN gone |
                        acc + [x IN coalesce(r.episodes, []) WHERE NOT x IN acc]),
    t.sessions = reduce(acc = t.sessions, r IN gone |
                        acc + [x IN coalesce(r.sessions, []) WHERE NOT x IN acc]),
    t.hit_count = coalesce(t.hit_count, 0) + reduce(n = 0, r IN gone | n + coalesce(r.hit_count, 0)),
    t.last_hit_at = reduce(m = t.last_hit_at, r IN gone |
                           CASE WHEN m IS NULL OR (r.last_hit_at IS NOT NULL AND r.last_hit_at > m)
                                THEN r.last_hit_at ELSE m END)
RETURN [r IN gone | r.uuid] AS done
"""

_MERGE_ENTITY_OUT: LiteralString = """
MATCH (keep:Entity {group_id: $group_id, uuid: $into}), (gone:Entity {group_id: $group_id, uuid: $id})
MATCH (gone)-[r:RELATES_TO]->(o:Entity) WHERE o <> gone
CREATE (keep)-[n:RELATES_TO]->(o)
SET n = properties(r)
DELETE r
"""

_MERGE_ENTITY_IN: LiteralString = """
MATCH (keep:Entity {group_id: $group_id, uuid: $into}), (gone:Entity {group_id: $group_id, uuid: $id})
MATCH (o:Entity)-[r:RELATES_TO]->(gone)
CREATE (o)-[n:RELATES_TO]->(keep)
SET n = properties(r)
DELETE r
"""

_MERGE_ENTITY_MENTIONS: LiteralString = """
MATCH (keep:Entity {group_id: $group_id, uuid: $into}), (gone:Entity {group_id: $group_id, uuid: $id})
MATCH (e:Episodic)-[r:MENTIONS]->(gone)
MERGE (e)-[n:MENTIONS]->(keep) ON CREATE SET n = properties(r)
DELETE r
"""

_MERGE_ENTITY_DROP: LiteralString = """
MATCH (keep:Entity {group_id: $group_id, uuid: $into}), (gone:Entity {group_id: $group_id, uuid: $id})
SET keep.aliases = coalesce(keep.aliases, []) + [gone.name_key]
DETACH DELETE gone
RETURN $id AS id
"""

_LINK_DISTILLED: LiteralString = """
MATCH (s:Episodic {group_id: $group_id, uuid: $summary})
UNWIND $ids AS id
MATCH (e:Episodic {group_id: $group_id, uuid: id}) WHERE e.status = 'active'
MERGE (e)-[:DISTILLED_INTO]->(s)
"""


@dataclass(frozen=True)
class Audit:
    """How to describe the transitions of one applied batch in the audit trail."""

    transition: Transition
    reason: str
    rule: str
    run_id: str
    now: datetime
    details: dict[str, str] | None = None


def _events(group_id: str, kind: MemoryKind, ids: Sequence[str], audit: Audit) -> list[AuditEvent]:
    return [
        new_event(group_id, i, kind, audit.transition, audit.now, audit.reason, audit.rule, audit.run_id, audit.details)
        for i in ids
    ]


# Audit events past the retention rule, oldest first, in bounded batches (the (group_id, at) index).
_EXPIRED_AUDIT: LiteralString = (
    "MATCH (a:AuditEvent {group_id: $group_id}) WHERE a.at < $cutoff RETURN count(a) AS expired"
)
_EXPIRE_AUDIT: LiteralString = """
MATCH (a:AuditEvent {group_id: $group_id}) WHERE a.at < $cutoff
WITH a LIMIT 5000 DETACH DELETE a RETURN count(*) AS deleted
"""


class MaintenanceRepository:
    """The storage side of lifecycle maintenance, one user partition at a time."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    # -- snapshots ------------------------------------------------------------------------------------

    async def group_ids(self) -> list[str]:
        """Every user partition that holds episodes or facts."""
        rows = await self._graph.run(_GROUPS)
        return sorted({str(r["group_id"]) for r in rows if r["group_id"]})

    async def identity(self, group_id: str) -> tuple[str, str] | None:
        """(tenant_id, user_id) of a partition, or None when it holds nothing."""

        async def work(tx: AsyncManagedTransaction) -> tuple[str, str] | None:
            record = await (await tx.run(_IDENTITY, group_id=group_id)).single()
            if record is None or record["tenant_id"] is None:
                return None
            return str(record["tenant_id"]), str(record["user_id"])

        return await self._graph.read(work)

    async def episodes(self, group_id: str) -> list[EpisodeStat]:
        """Active and archived episodes of a user (one record holding every row)."""

        async def work(tx: AsyncManagedTransaction) -> list[EpisodeStat]:
            record = await (await tx.run(_EPISODE_STATS, group_id=group_id)).single(strict=True)
            return [
                EpisodeStat(
                    id=r[0],
                    seq=int(r[1]),
                    session_id=r[2] or "",
                    project_id=r[3] or "",
                    event_type=r[4] or "message",
                    importance=float(r[5] or 0.0),
                    hit_count=int(r[6]),
                    status=r[7],
                    occurred_at=db_date(r[8]),
                    created_at=db_date(r[9]),
                    last_hit_at=parse_db_date(r[10]),
                    restored_at=parse_db_date(r[11]),
                    archived_at=parse_db_date(r[12]),
                )
                for r in record["rows"]
            ]

        return await self._graph.read(work)

    async def facts(self, group_id: str) -> list[FactStat]:
        """Candidate, active and archived fact versions of a user."""

        async def work(tx: AsyncManagedTransaction) -> list[FactStat]:
            result = await tx.run(_FACT_STATS, group_id=group_id)
            return [
                FactStat(
                    id=r["id"],
                    key=r["key"] or "",
                    subject=r["subject"] or "",
                    predicate=r["predicate"] or "",
                    value=r["value"] or "",
                    polarity=bool(r["polarity"] if r["polarity"] is not None else True),
                    project_id=r["project_id"] or "",
                    status=FactStatus(r["status"]),
                    valid_at=db_date(r["valid_at"]),
                    created_at=db_date(r["created_at"]),
                    hit_count=int(r["hit_count"]),
                    episode_ids=tuple(r["episodes"] or ()),
                    session_ids=tuple(r["sessions"] or ()),
                    last_hit_at=parse_db_date(r["last_hit_at"]),
                    restored_at=parse_db_date(r["restored_at"]),
                    archived_at=parse_db_date(r["archived_at"]),
                )
                async for r in result
            ]

        return await self._graph.read(work)

    async def entities(self, group_id: str) -> list[EntityStat]:
        async def work(tx: AsyncManagedTransaction) -> list[EntityStat]:
            result = await tx.run(_ENTITY_STATS, group_id=group_id)
            return [
                EntityStat(
                    r["id"], r["name_key"] or "", parse_db_date(r["created_at"]) or datetime.min.replace(tzinfo=UTC)
                )
                async for r in result
            ]

        return await self._graph.read(work)

    async def episode_lines(self, group_id: str, ids: Sequence[str]) -> list[tuple[str, str, datetime]]:
        """(speaker, text, occurred_at) of episodes, in time order (the input of a summary)."""

        async def work(tx: AsyncManagedTransaction) -> list[tuple[str, str, datetime]]:
            result = await tx.run(_LINES, group_id=group_id, ids=list(ids))
            return [(r["speaker"] or "", r["content"] or "", db_date(r["at"])) async for r in result]

        return await self._graph.read(work)

    # -- episodes -------------------------------------------------------------------------------------

    async def archive_episodes(
        self, group_id: str, ids: Sequence[str], cutoff: datetime | None, audit: Audit
    ) -> list[str]:
        """Archives the still-active episodes among `ids` (not hit after `cutoff`, when given) and lowers
        the user's active count by as many, with one audit event each; returns the ids archived."""

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            return await self._archive_in(tx, group_id, ids, cutoff, audit)

        return await self._graph.write(work, fence=group_id)

    async def _archive_in(
        self, tx: AsyncManagedTransaction, group_id: str, ids: Sequence[str], cutoff: datetime | None, audit: Audit
    ) -> list[str]:
        if (await (await tx.run(_LOCK_USER, group_id=group_id)).single()) is None:
            return []
        record = await (
            await tx.run(
                _ARCHIVE_EPISODES, group_id=group_id, ids=list(ids), cutoff=cutoff, now=audit.now, rule=audit.rule
            )
        ).single(strict=True)
        done = [str(i) for i in record["done"]]
        if done:
            await (await tx.run(_BUMP_COUNT, group_id=group_id, delta=-len(done), now=audit.now)).consume()
            await write_events(tx, _events(group_id, MemoryKind.EPISODE, done, audit))
        return done

    async def distil(self, group_id: str, summary_id: str, ids: Sequence[str], audit: Audit) -> list[str]:
        """Links the still-active `ids` to their summary episode and archives them, in one transaction."""

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            await (await tx.run(_LINK_DISTILLED, group_id=group_id, summary=summary_id, ids=list(ids))).consume()
            return await self._archive_in(tx, group_id, ids, None, audit)

        return await self._graph.write(work, fence=group_id)

    async def purge_episodes(self, group_id: str, ids: Sequence[str], cutoff: datetime, audit: Audit) -> list[str]:
        """Deletes the archived episodes among `ids` archived at or before `cutoff` (the active count is
        unchanged: archived episodes are not counted); returns the ids deleted."""

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            if (await (await tx.run(_LOCK_USER, group_id=group_id)).single()) is None:
                return []
            record = await (await tx.run(_PURGE_EPISODES, group_id=group_id, ids=list(ids), cutoff=cutoff)).single(
                strict=True
            )
            done = [str(i) for i in record["done"]]
            await write_events(tx, _events(group_id, MemoryKind.EPISODE, done, audit))
            return done

        return await self._graph.write(work, fence=group_id)

    # -- facts ----------------------------------------------------------------------------------------

    async def archive_facts(self, group_id: str, ids: Sequence[str], cutoff: datetime, audit: Audit) -> list[str]:
        async def work(tx: AsyncManagedTransaction) -> list[str]:
            record = await (
                await tx.run(_ARCHIVE_FACTS, group_id=group_id, ids=list(ids), cutoff=cutoff, now=audit.now)
            ).single(strict=True)
            done = [str(i) for i in record["done"]]
            await facts_changed(tx, group_id)
            await write_events(tx, _events(group_id, MemoryKind.FACT, done, audit))
            return done

        return await self._graph.write(work, fence=group_id)

    async def expired_audit(self, group_id: str, cutoff: datetime) -> int:
        """How many of the user's audit events were recorded before `cutoff`."""

        async def work(tx: AsyncManagedTransaction) -> int:
            record = await (await tx.run(_EXPIRED_AUDIT, group_id=group_id, cutoff=cutoff)).single(strict=True)
            return int(record["expired"])

        return await self._graph.read(work)

    async def expire_audit(self, group_id: str, cutoff: datetime) -> int:
        """Deletes the user's audit events recorded before `cutoff`; returns how many (not audited itself)."""
        return await self._graph.delete_in_batches(_EXPIRE_AUDIT, group_id=group_id, cutoff=cutoff)

    async def purge_facts(self, group_id: str, ids: Sequence[str], cutoff: datetime, audit: Audit) -> list[str]:
        """Deletes archived fact versions past their TTL and the value entities left without any fact."""

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            record = await (await tx.run(_PURGE_FACTS, group_id=group_id, ids=list(ids), cutoff=cutoff)).single(
                strict=True
            )
            done = [str(i) for i in record["done"]]
            await facts_changed(tx, group_id)
            if record["objects"]:
                await (await tx.run(_DROP_ORPHANS, group_id=group_id, ids=list(record["objects"]))).consume()
            await write_events(tx, _events(group_id, MemoryKind.FACT, done, audit))
            return done

        return await self._graph.write(work, fence=group_id)

    async def merge_facts(self, group_id: str, into: str, merged: Sequence[str], audit: Audit) -> list[str]:
        """Expires the still-live `merged` versions into the live `into` (provenance and hits united)."""

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            record = await (
                await tx.run(_MERGE_FACTS, group_id=group_id, into=into, merged=list(merged), now=audit.now)
            ).single()
            done = [] if record is None else [str(i) for i in record["done"]]
            await facts_changed(tx, group_id)
            await write_events(tx, _events(group_id, MemoryKind.FACT, done, audit))
            return done

        return await self._graph.write(work, fence=group_id)

    async def merge_entities(self, group_id: str, into: str, merged: Sequence[str], audit: Audit) -> list[str]:
        """Moves every relationship of the `merged` entities to `into`, then deletes them."""

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            done: list[str] = []
            await facts_changed(tx, group_id)  # the facts of the merged entities move
            for gone in merged:
                for query in (_MERGE_ENTITY_OUT, _MERGE_ENTITY_IN, _MERGE_ENTITY_MENTIONS):
                    await (await tx.run(query, group_id=group_id, into=into, id=gone)).consume()
                if (
                    await (await tx.run(_MERGE_ENTITY_DROP, group_id=group_id, into=into, id=gone)).single()
                ) is not None:
                    done.append(gone)
            await write_events(tx, _events(group_id, MemoryKind.ENTITY, done, audit))
            return done

        return await self._graph.write(work, fence=group_id)

    # -- restore --------------------------------------------------------------------------------------

    async def restore(
        self, group_id: str, memory_id: str, audit: Audit, projects: Sequence[str] | None = None
    ) -> MemoryKind | None:
        """Brings an archived episode or fact version back to active (an episode raises the active count);
        returns its kind, None when no archived memory of `projects` (None: any) has this id. Raises ValueError naming the active
        version when another version of the fact's key is active."""

        async def work(tx: AsyncManagedTransaction) -> MemoryKind | None:
            visible = list(projects) if projects is not None else await _all_projects(tx, group_id)
            if (await (await tx.run(_LOCK_USER, group_id=group_id)).single()) is not None:
                record = await (
                    await tx.run(_RESTORE_EPISODE, group_id=group_id, id=memory_id, now=audit.now, projects=visible)
                ).single()
                if record is not None:
                    await (await tx.run(_BUMP_COUNT, group_id=group_id, delta=1, now=audit.now)).consume()
                    await write_events(tx, _events(group_id, MemoryKind.EPISODE, [memory_id], audit))
                    return MemoryKind.EPISODE
            fact = await (await tx.run(_FACT_OF, group_id=group_id, id=memory_id)).single()
            if fact is None or fact["status"] != "archived" or (fact["project_id"] or "") not in visible:
                return None
            project = fact["project_id"] or ""
            await take_lock(tx, LOCK_FACT_KEY, group_id, project, fact["key"], audit.now)
            other = await (
                await tx.run(_OTHER_ACTIVE, group_id=group_id, key=fact["key"], project_id=project, id=memory_id)
            ).single()
            if other is not None:
                raise ValueError(str(other["id"]))
            if (await (await tx.run(_RESTORE_FACT, group_id=group_id, id=memory_id, now=audit.now)).single()) is None:
                return None
            await write_events(tx, _events(group_id, MemoryKind.FACT, [memory_id], audit))
            return MemoryKind.FACT

        return await self._graph.write(work, fence=group_id)


_PROJECTS: LiteralString = """
OPTIONAL MATCH (e:Episodic {group_id: $group_id})
WITH collect(DISTINCT e.project_id) AS episodes
OPTIONAL MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(:Entity)
WITH episodes, collect(DISTINCT r.project_id) AS facts
RETURN episodes + facts AS projects
"""


async def _all_projects(tx: AsyncManagedTransaction, group_id: str) -> list[str]:
    record = await (await tx.run(_PROJECTS, group_id=group_id)).single(strict=True)
    return ["", *(str(p) for p in record["projects"] if p)]


def details(**values: object) -> dict[str, str]:
    """Audit details as strings (ids, counts, statuses — never memory text)."""
    return {k: v if isinstance(v, str) else json.dumps(v) for k, v in values.items()}
