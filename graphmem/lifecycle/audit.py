"""The audit trail as the service reads it: every lifecycle transition of a memory or of a user, newest first,
in pages with opaque tokens; and the events recorded for transitions made outside maintenance (forget)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphmem import paging
from graphmem.model import AuditEvent, MemoryKind, Page, Transition
from graphmem.storage.neo4j.audit import AuditRepository, new_event
from graphmem.storage.neo4j.driver import Neo4jGraph


class AuditTrail:
    """Reads and records audit events; `memory_id` "" reads the whole user's trail."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._repo = AuditRepository(graph)

    async def page(
        self,
        group_id: str,
        memory_id: str,
        page_token: str,
        page_size: int,
        transitions: Sequence[Transition] = (),
    ) -> Page[AuditEvent]:
        """One page of events, newest first (`transitions` filters a user's trail; ignored per memory)."""
        size = paging.page_size_of(page_size)
        bound = paging.binding("audit", group_id, memory_id, *sorted(str(t) for t in transitions))
        cursor = paging.token_cursor(page_token, bound, 2)
        after = None
        if cursor is not None:
            try:
                after = (datetime.fromisoformat(cursor[0]), cursor[1])
            except ValueError as exc:
                raise paging.bad_token() from exc
        rows = await self._repo.page(group_id, memory_id, after, size + 1, transitions)
        items = tuple(rows[:size])
        last = items[-1] if len(rows) > size and items else None
        return Page(items, paging.cursor_token(bound, (last.at.isoformat(), last.id)) if last else "")

    async def of_run(self, run_id: str) -> list[AuditEvent]:
        """Every event a maintenance run recorded (oldest first)."""
        return await self._repo.of_run(run_id)

    async def forget_user(self, group_id: str, at: datetime, reason: str) -> AuditEvent:
        """Erases a user's audit trail and leaves one tombstone saying the user was forgotten (no text)."""
        await self._repo.forget(group_id)
        return await self.record_forgotten(group_id, group_id, MemoryKind.USER, at, reason)

    async def record_forgotten(
        self, group_id: str, memory_id: str, kind: MemoryKind, at: datetime, reason: str, rule: str = "request"
    ) -> AuditEvent:
        """Records that a memory (an episode deleted on request) or a whole user (memory_id = group_id,
        kind USER) was forgotten; the event keeps no text."""
        event = forgotten_event(group_id, memory_id, kind, at, reason, rule)
        await self._repo.record([event])
        return event


def forgotten_event(
    group_id: str, memory_id: str, kind: MemoryKind, at: datetime, reason: str, rule: str = "request"
) -> AuditEvent:
    """The event that a memory was forgotten on request (written in the deleting transaction); no text."""
    return new_event(group_id, memory_id, kind, Transition.FORGOTTEN, at, reason, rule)
