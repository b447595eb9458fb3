"""Audit trail storage: one `(:AuditEvent)` node per lifecycle transition, written in the same transaction as
the change it records (`write_events`) and read per memory or per user, newest first.

Invariant: an event never carries memory text — only ids, the transition, the reason, the policy rule and
small non-textual details (statuses, counts, the id merged into).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any, LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.model import AuditEvent, MemoryKind, Transition
from graphmem.storage.neo4j.dates import db_date
from graphmem.storage.neo4j.driver import Neo4jGraph

CREATE_EVENTS: LiteralString = """
UNWIND $events AS a
CREATE (:AuditEvent {uuid: a.uuid, group_id: a.group_id, memory_id: a.memory_id, memory_kind: a.memory_kind,
                     transition: a.transition, at: a.at, reason: a.reason, rule: a.rule, run_id: a.run_id,
                     details_json: a.details_json})
"""

_FIELDS: LiteralString = (
    "{.uuid, .group_id, .memory_id, .memory_kind, .transition, .at, .reason, .rule, .run_id, .details_json}"
)

_FOR_MEMORY: LiteralString = (
    """
MATCH (a:AuditEvent {group_id: $group_id, memory_id: $memory_id})
WHERE $before_at IS NULL OR a.at < $before_at OR (a.at = $before_at AND a.uuid < $before_id)
RETURN a"""
    + _FIELDS
    + """ AS a ORDER BY a.at DESC, a.uuid DESC LIMIT $limit
"""
)

_FOR_USER: LiteralString = (
    """
MATCH (a:AuditEvent {group_id: $group_id})
WHERE ($before_at IS NULL OR a.at < $before_at OR (a.at = $before_at AND a.uuid < $before_id))
  AND ($transitions IS NULL OR a.transition IN $transitions)
RETURN a"""
    + _FIELDS
    + """ AS a ORDER BY a.at DESC, a.uuid DESC LIMIT $limit
"""
)

_FOR_RUN: LiteralString = (
    "MATCH (a:AuditEvent {run_id: $run_id}) RETURN a" + _FIELDS + " AS a ORDER BY a.at, a.memory_id, a.transition"
)


_FORGET: LiteralString = (
    "MATCH (a:AuditEvent {group_id: $group_id}) WITH a LIMIT 5000 DETACH DELETE a RETURN count(*) AS deleted"
)


def new_event(
    group_id: str,
    memory_id: str,
    kind: MemoryKind,
    transition: Transition,
    at: datetime,
    reason: str,
    rule: str,
    run_id: str = "",
    details: dict[str, str] | None = None,
) -> AuditEvent:
    """A new event with a fresh id."""
    return AuditEvent(str(uuid.uuid4()), group_id, memory_id, kind, transition, at, reason, rule, run_id, details or {})


def event_params(events: Sequence[AuditEvent]) -> list[dict[str, Any]]:
    """The `$events` parameter of CREATE_EVENTS."""
    return [
        {
            "uuid": e.id,
            "group_id": e.group_id,
            "memory_id": e.memory_id,
            "memory_kind": e.memory_kind.value,
            "transition": e.transition.value,
            "at": e.at,
            "reason": e.reason,
            "rule": e.rule,
            "run_id": e.run_id,
            "details_json": json.dumps(dict(e.details), sort_keys=True),
        }
        for e in events
    ]


async def write_events(tx: AsyncManagedTransaction, events: Sequence[AuditEvent]) -> None:
    """Records events inside the caller's transaction (so they commit or roll back with the change)."""
    if events:
        await (await tx.run(CREATE_EVENTS, events=event_params(events))).consume()


def _event(row: dict[str, Any]) -> AuditEvent:
    return AuditEvent(
        id=row["uuid"],
        group_id=row["group_id"],
        memory_id=row["memory_id"],
        memory_kind=MemoryKind(row["memory_kind"]),
        transition=Transition(row["transition"]),
        at=db_date(row["at"]),
        reason=row.get("reason") or "",
        rule=row.get("rule") or "",
        run_id=row.get("run_id") or "",
        details=json.loads(row.get("details_json") or "{}"),
    )


class AuditRepository:
    """Writes and reads audit events of one user partition."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def record(self, events: Sequence[AuditEvent]) -> None:
        """Records events in their own transaction (for transitions made elsewhere, such as a forget)."""

        async def work(tx: AsyncManagedTransaction) -> None:
            await write_events(tx, events)

        await self._graph.write(work)

    async def page(
        self,
        group_id: str,
        memory_id: str,
        before: tuple[datetime, str] | None,
        limit: int,
        transitions: Sequence[Transition] = (),
    ) -> list[AuditEvent]:
        """Events of one memory (or of the whole user when memory_id is ""), newest first, strictly before
        the (at, id) position `before`."""
        params: dict[str, Any] = {
            "group_id": group_id,
            "before_at": before[0] if before else None,
            "before_id": before[1] if before else "",
            "limit": limit,
        }
        query = _FOR_USER
        if memory_id:
            query, params["memory_id"] = _FOR_MEMORY, memory_id
        else:
            params["transitions"] = [t.value for t in transitions] or None

        async def work(tx: AsyncManagedTransaction) -> list[AuditEvent]:
            result = await tx.run(query, params)
            return [_event(r["a"]) async for r in result]

        return await self._graph.read(work)

    async def of_run(self, run_id: str) -> list[AuditEvent]:
        """Every event a maintenance run recorded."""

        async def work(tx: AsyncManagedTransaction) -> list[AuditEvent]:
            result = await tx.run(_FOR_RUN, run_id=run_id)
            return [_event(r["a"]) async for r in result]

        return await self._graph.read(work)

    async def forget(self, group_id: str) -> int:
        """Deletes every audit event of a user (ForgetUser), in bounded batches."""
        return await self._graph.delete_in_batches(_FORGET, group_id=group_id)
