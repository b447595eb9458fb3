"""Discarding the start-up warm-up's throwaway users (`MemoryService.warm_up_queries`): every node of their
partition, of every label, in one transaction and without a tombstone. ForgetUser's erase goes label by label
in bounded batches and keeps the fence as a tombstone; a throwaway user has a handful of nodes, and a start-up
runs five of them, so one statement per label in one transaction keeps the warm-up short."""

from __future__ import annotations

from typing import LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.storage.neo4j.driver import Neo4jGraph

# One statement per node label that carries a partition (tests/unit/test_rehearsal_discard.py holds the list to
# schema.NodeLabel); the User node goes last, so a warm-up that dies half-way leaves it for the next start's sweep.
DISCARD: tuple[LiteralString, ...] = (
    "MATCH (n:AuditEvent {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:UserFence {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:Entity {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:FactKey {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:Procedure {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:ProcedureKey {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:MaintenanceLock {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:WorkingSession {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:Episodic {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:Session {group_id: $group_id}) DETACH DELETE n",
    "MATCH (n:User {group_id: $group_id}) DETACH DELETE n",
)


async def discard_partition(graph: Neo4jGraph, group_id: str) -> None:
    """Deletes every node (and so every relationship) of the partition, tombstone and audit trail included."""

    async def work(tx: AsyncManagedTransaction) -> None:
        for statement in DISCARD:
            await (await tx.run(statement, group_id=group_id)).consume()

    await graph.write(work, idempotent=True)


__all__ = ["discard_partition"]
