"""Maintenance leases: `(:MaintenanceLock {group_id, step})` claimed by compare-and-set in one transaction, with
database time for expiry so that replicas with different clocks agree on who holds a (user, step)."""

from __future__ import annotations

from typing import LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.storage.neo4j.driver import Neo4jGraph

_ACQUIRE: LiteralString = """
MERGE (l:MaintenanceLock {group_id: $group_id, step: $step})
ON CREATE SET l.holder = '', l.expires_at = datetime() - duration({seconds: 1})
WITH l
SET l.touched = coalesce(l.touched, 0) + 1
WITH l, (l.holder = '' OR l.holder = $holder OR l.expires_at < datetime()) AS free
SET l.holder = CASE WHEN free THEN $holder ELSE l.holder END,
    l.expires_at = CASE WHEN free THEN datetime() + duration({seconds: $seconds}) ELSE l.expires_at END
RETURN free
"""

_RELEASE: LiteralString = """
MATCH (l:MaintenanceLock {group_id: $group_id, step: $step}) WHERE l.holder = $holder
SET l.holder = '', l.expires_at = datetime(), l.last_run_id = $holder, l.last_finished_at = datetime()
"""


class MaintenanceLeases:
    """Claims and releases (user, step) leases."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def acquire(self, group_id: str, step: str, holder: str, seconds: float) -> bool:
        """Claims (user, step) for `holder` until the lease lapses; True when claimed (or already held by
        `holder`), False when another live holder has it. The MERGE and the write that follows lock the node,
        so two claimants serialise and exactly one sees it free."""

        async def work(tx: AsyncManagedTransaction) -> bool:
            record = await (
                await tx.run(_ACQUIRE, group_id=group_id, step=step, holder=holder, seconds=seconds)
            ).single(strict=True)
            return bool(record["free"])

        return await self._graph.write(work, fence=group_id)

    async def release(self, group_id: str, step: str, holder: str) -> None:
        """Frees the lease if `holder` still has it and records the run that last finished the step."""

        async def work(tx: AsyncManagedTransaction) -> None:
            await (await tx.run(_RELEASE, group_id=group_id, step=step, holder=holder)).consume()

        await self._graph.write(work)


_FORGET_LEASES: LiteralString = (
    "MATCH (l:MaintenanceLock {group_id: $group_id}) DETACH DELETE l RETURN count(*) AS deleted"
)


async def forget_leases(graph: Neo4jGraph, group_id: str) -> int:
    """Deletes a user's maintenance leases (ForgetUser)."""

    async def work(tx: AsyncManagedTransaction) -> int:
        record = await (await tx.run(_FORGET_LEASES, group_id=group_id)).single(strict=True)
        return int(record["deleted"])

    return await graph.write(work)
