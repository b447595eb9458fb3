"""Working-memory session storage: one `WorkingSession` node per (group_id, session_id), zones as JSON text.

Invariants: (group_id, session_id) is unique; `version` starts at 1 and grows by one with every save; a save
names the version it read and fails with FailedPrecondition when another writer saved in between (the check
runs after the node's write lock is taken, so two concurrent saves of the same version cannot both pass).
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from typing import Any, LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.errors import FailedPrecondition
from graphmem.model import Scope, SessionState, Turn
from graphmem.storage.neo4j.dates import db_date
from graphmem.storage.neo4j.driver import Neo4jGraph

_CREATE: LiteralString = """
MERGE (w:WorkingSession {group_id: $group_id, session_id: $session_id})
ON CREATE SET w += $props, w.created = true
WITH w, coalesce(w.created, false) AS created
REMOVE w.created
RETURN w, created
"""

_GET: LiteralString = "MATCH (w:WorkingSession {group_id: $group_id, session_id: $session_id}) RETURN w"

# Taking the write lock first (the SET) makes the version read below it the latest committed one.
_LOCK: LiteralString = """
MATCH (w:WorkingSession {group_id: $group_id, session_id: $session_id})
SET w.lock_writes = coalesce(w.lock_writes, 0) + 1
RETURN w.version AS version
"""

_SAVE: LiteralString = """
MATCH (w:WorkingSession {group_id: $group_id, session_id: $session_id})
SET w += $props
"""

_FORGET: LiteralString = """
MATCH (w:WorkingSession {group_id: $group_id}) WITH w LIMIT 5000 DETACH DELETE w RETURN count(*) AS deleted
"""


def _turns_json(turns: tuple[Turn, ...]) -> str:
    return json.dumps([[t.role, t.text, t.at.isoformat(), t.tokens] for t in turns], ensure_ascii=False)


def _turn(row: list[Any]) -> Turn:
    role, text, at, tokens = row
    return Turn(str(role), str(text), datetime.fromisoformat(at), int(tokens))


def _props(scope: Scope, state: SessionState) -> dict[str, Any]:
    return {
        "tenant_id": scope.tenant_id,
        "user_id": scope.user_id,
        "project_id": state.project_id,
        "agent_id": scope.agent_id,
        "instructions_json": json.dumps(list(state.instructions), ensure_ascii=False),
        "task_json": json.dumps([list(kv) for kv in state.task], ensure_ascii=False),
        "dialogue_json": _turns_json(state.dialogue),
        "scratch_json": _turns_json(state.scratch),
        "outcomes_json": json.dumps(
            [[kind, t.role, t.text, t.at.isoformat(), t.tokens] for kind, t in state.outcomes], ensure_ascii=False
        ),
        "opened_at": state.opened_at,
        "updated_at": state.updated_at,
        "closed_at": state.closed_at,
        "version": state.version,
        "summaries": state.summaries,
    }


def session_from_node(node: Any) -> SessionState:
    closed = node.get("closed_at")
    return SessionState(
        session_id=node["session_id"],
        user_id=node["user_id"],
        project_id=node.get("project_id") or "",
        instructions=tuple(json.loads(node["instructions_json"])),
        task=tuple((str(k), str(v)) for k, v in json.loads(node["task_json"])),
        dialogue=tuple(_turn(r) for r in json.loads(node["dialogue_json"])),
        scratch=tuple(_turn(r) for r in json.loads(node["scratch_json"])),
        opened_at=db_date(node["opened_at"]),
        updated_at=db_date(node["updated_at"]),
        closed_at=None if closed is None else db_date(closed),
        version=int(node["version"]),
        summaries=int(node.get("summaries") or 0),
        outcomes=tuple(
            (str(kind), _turn([role, text, at, tokens]))
            for kind, role, text, at, tokens in json.loads(node.get("outcomes_json") or "[]")
        ),
    )


class SessionRepository:
    """Reads and writes the working-memory sessions of one tenant+user partition at a time."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def create(self, scope: Scope, state: SessionState) -> tuple[SessionState, bool]:
        """Stores `state` unless the session exists; returns the stored session and whether it was created."""

        async def work(tx: AsyncManagedTransaction) -> tuple[SessionState, bool]:
            params = {"group_id": scope.group_id, "session_id": state.session_id, "props": _props(scope, state)}
            record = await (await tx.run(_CREATE, params)).single(strict=True)
            return session_from_node(record["w"]), bool(record["created"])

        return await self._graph.write(work, fence=scope.group_id)

    async def get(self, scope: Scope) -> SessionState | None:
        async def work(tx: AsyncManagedTransaction) -> SessionState | None:
            record = await (await tx.run(_GET, group_id=scope.group_id, session_id=scope.session_id)).single()
            return None if record is None else session_from_node(record["w"])

        return await self._graph.read(work)

    async def save(self, scope: Scope, state: SessionState, read_version: int) -> SessionState:
        """Writes `state` as version `read_version + 1`; raises FailedPrecondition when the stored version is no
        longer `read_version` (another writer saved first) or the session is gone."""
        saved = replace(state, version=read_version + 1)

        async def work(tx: AsyncManagedTransaction) -> SessionState:
            keys = {"group_id": scope.group_id, "session_id": state.session_id}
            record = await (await tx.run(_LOCK, keys)).single()
            # a session deleted by a concurrent ForgetUser can still match, its properties already gone (null)
            if record is None or record["version"] is None:
                raise FailedPrecondition(f"session {state.session_id} no longer exists")
            if int(record["version"]) != read_version:
                raise FailedPrecondition(
                    f"session {state.session_id} changed: version {record['version']}, expected {read_version}"
                )
            await (await tx.run(_SAVE, keys | {"props": _props(scope, saved)})).consume()
            return saved

        return await self._graph.write(work, fence=scope.group_id)

    async def forget(self, group_id: str) -> int:
        """Deletes every session of the partition; returns how many."""
        return await self._graph.delete_in_batches(_FORGET, group_id=group_id)
