"""The per-user write fence: one `(:UserFence {group_id})` node that every writer of a user's memory locks
first, inside its own transaction. ForgetUser stamps the fence `forgotten_at` (the tombstone) before it erases
anything; a writer that locks the fence afterwards finds the stamp and stores nothing (UserForgotten).

Invariant: taking the fence's write lock waits for the stamping transaction, and the stamp waits for every
writer that locked the fence before it, so no write commits after the erase has begun. The tombstone holds
the group id and times only — no memory text.

The fence also carries `facts_version`, raised by every transaction that changes what the user's facts say
(statement, status, provenance, evidence; not hit counters): with the tombstone's times it is the facts' stamp,
which a process caching a user's facts reads (one indexed node) to know whether its copy is still current, even
when another replica wrote.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.errors import UserForgotten

if TYPE_CHECKING:  # the driver wrapper imports this module for `hold_fence`
    from graphmem.storage.neo4j.driver import Neo4jGraph

# The SET takes the node's write lock; the property is read after it, so it sees the latest committed stamp.
# On an existing fence the SET changes nothing: making every hold write (a counter) deadlocked concurrent fact
# writers of one user (tests/integration/test_fact_concurrency.py), so it stays as it is. Neo4j caches one plan
# per statement for a transaction that has written and one for a transaction that has not: the statement after
# a hold runs in the first variant for a new user (whose fence is created) and in the second for a known one, so
# the warm-up rehearses both (MemoryService.warm_up_queries).
_HOLD: LiteralString = """
MERGE (f:UserFence {group_id: $group_id})
SET f.locked = true
WITH f
RETURN f.forgotten_at AS forgotten_at
"""

_STAMP: LiteralString = """
MERGE (f:UserFence {group_id: $group_id})
SET f.locked = true, f.forgotten_at = coalesce(f.forgotten_at, $now), f.erase_started_at = $now,
    f.erased_at = null
"""

_ERASED: LiteralString = "MATCH (f:UserFence {group_id: $group_id}) SET f.erased_at = $now"

_FORGOTTEN: LiteralString = "OPTIONAL MATCH (f:UserFence {group_id: $group_id}) RETURN f.forgotten_at AS at"

# Also appended to the fact-key lock statement (locks.LOCK_FACT_KEY), so every key-locked write raises it.
# MATCH, not MERGE: the transaction already holds the fence (every fact write is fenced), and a second MERGE
# would ask for the uniqueness constraint's entry lock that another writer's first MERGE of a new user's fence
# may hold while it waits for this transaction's fence lock (a deadlock).
FACTS_CHANGED: LiteralString = """
WITH count(*) AS locked
MATCH (fence:UserFence {group_id: $group_id})
SET fence.facts_version = coalesce(fence.facts_version, 0) + 1
"""

# The facts stamp's parts, of a fence bound to `fence` (null when the user has none): a Search reads them in
# the statement that reads its episodic hits (episodes._HITS_AND_STATE), so they cost no round trip of their own.
FACTS_STAMP_FIELDS: LiteralString = """fence.facts_version AS facts_version,
  toString(fence.forgotten_at) AS facts_forgotten, toString(fence.erased_at) AS facts_erased"""

_FACTS_STAMP: LiteralString = (
    """
OPTIONAL MATCH (fence:UserFence {group_id: $group_id})
RETURN """
    + FACTS_STAMP_FIELDS
)


async def hold_fence(tx: AsyncManagedTransaction, group_id: str) -> None:
    """Locks the user's fence for the rest of `tx`; raises UserForgotten when the user was erased."""
    record = await (await tx.run(_HOLD, group_id=group_id)).single(strict=True)
    if record["forgotten_at"] is not None:
        raise UserForgotten("this user was forgotten (ForgetUser); nothing is stored for them again")


async def stamp_tombstone(tx: AsyncManagedTransaction, group_id: str, now: datetime) -> None:
    """Marks the user forgotten (waits for the writers that hold the fence to commit)."""
    await (await tx.run(_STAMP, group_id=group_id, now=now)).consume()


async def mark_erased(tx: AsyncManagedTransaction, group_id: str, now: datetime) -> None:
    """Records that the erase finished."""
    await (await tx.run(_ERASED, group_id=group_id, now=now)).consume()


async def is_forgotten(tx: AsyncManagedTransaction, group_id: str) -> bool:
    """Whether the user carries a tombstone (read without locking)."""
    record = await (await tx.run(_FORGOTTEN, group_id=group_id)).single(strict=True)
    return record["at"] is not None


async def facts_changed(tx: AsyncManagedTransaction, group_id: str) -> None:
    """Raises the user's `facts_version` in `tx` (call it in every fenced transaction that changes a fact)."""
    await (await tx.run(FACTS_CHANGED, group_id=group_id)).consume()


async def facts_stamp(tx: AsyncManagedTransaction, group_id: str) -> str:
    """The user's facts stamp: it changes whenever a committed transaction changed their facts or erased them."""
    record = await (await tx.run(_FACTS_STAMP, group_id=group_id)).single(strict=True)
    return facts_stamp_of(record)


def facts_stamp_of(record: Mapping[str, Any]) -> str:
    """The facts stamp from a record holding `FACTS_STAMP_FIELDS`."""
    return f"{record['facts_version'] or 0}|{record['facts_forgotten'] or ''}|{record['facts_erased'] or ''}"


class Tombstones:
    """Stamps and reads the per-user tombstones (ForgetUser)."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def stamp(self, group_id: str, now: datetime) -> None:
        """Marks the user forgotten; returns once every writer that held the fence has committed."""

        async def work(tx: AsyncManagedTransaction) -> None:
            await stamp_tombstone(tx, group_id, now)

        await self._graph.write(work, idempotent=True)

    async def erased(self, group_id: str, now: datetime) -> None:
        """Records that the erase of the user's memory finished."""

        async def work(tx: AsyncManagedTransaction) -> None:
            await mark_erased(tx, group_id, now)

        await self._graph.write(work, idempotent=True)

    async def forgotten(self, group_id: str) -> bool:
        async def work(tx: AsyncManagedTransaction) -> bool:
            return await is_forgotten(tx, group_id)

        return await self._graph.read(work)
