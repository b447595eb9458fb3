"""Per-item write locks: the lock node of an item (a fact key's `FactKey`, a skill name's `ProcedureKey`) is
merged and written first in a write transaction, so writers of one item, in one process or in several
replicas, serialise; a `LockedUnit` is what the work may touch while the lock is held."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import LiteralString, TypeVar

from neo4j import AsyncManagedTransaction

from graphmem.model import Scope
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.fence import FACTS_CHANGED

__all__ = ["LOCK_FACT_KEY", "LOCK_SKILL_NAME", "LockedUnit", "take_lock", "under_lock"]

T = TypeVar("T")

# Whoever locks a fact key may change the key's versions: the user's facts stamp is raised in the same statement.
LOCK_FACT_KEY: LiteralString = (
    """
MERGE (k:FactKey {group_id: $group_id, scope_key: $scope_key, key: $item})
ON CREATE SET k.created_at = $now
SET k.writes = coalesce(k.writes, 0) + 1
"""
    + FACTS_CHANGED
)

LOCK_SKILL_NAME: LiteralString = """
MERGE (k:ProcedureKey {group_id: $group_id, scope_key: $scope_key, name: $item})
ON CREATE SET k.created_at = $now
SET k.writes = coalesce(k.writes, 0) + 1
"""


class LockedUnit:
    """The writes allowed on the versions of one locked item (inside the transaction holding its lock)."""

    def __init__(self, tx: AsyncManagedTransaction, scope: Scope, project_id: str, item: str, now: datetime):
        self._tx = tx
        self._scope = scope
        self._project_id = project_id
        self._item = item
        self._now = now


U = TypeVar("U", bound=LockedUnit)


async def take_lock(
    tx: AsyncManagedTransaction, lock: LiteralString, group_id: str, scope_key: str, item: str, now: datetime
) -> None:
    """Takes the lock of (user, project, item) in `tx`: held until the transaction ends."""
    await (await tx.run(lock, group_id=group_id, scope_key=scope_key, item=item, now=now)).consume()


async def under_lock(
    graph: Neo4jGraph,
    lock: LiteralString,
    unit: Callable[[AsyncManagedTransaction, Scope, str, str, datetime], U],
    scope: Scope,
    project_id: str,
    item: str,
    now: datetime,
    work: Callable[[U], Awaitable[T]],
    *,
    rehearsal: bool = False,
) -> T:
    """Runs `work` in one write transaction that first takes the lock of (user, project, item)
    (`rehearsal`: the same statements in a transaction that is rolled back)."""

    async def tx_work(tx: AsyncManagedTransaction) -> T:
        await take_lock(tx, lock, scope.group_id, project_id, item, now)
        return await work(unit(tx, scope, project_id, item, now))

    return await (
        graph.rehearse(tx_work, fence=scope.group_id) if rehearsal else graph.write(tx_work, fence=scope.group_id)
    )
