"""A rehearsal holds the user's fence as the real write does (so Neo4j plans the statements after it in the same
variant: it caches one plan per statement for a transaction that has written and one for a transaction that has
not) and keeps nothing: no fence for a new user, no change to an existing one."""

from __future__ import annotations

import uuid

from neo4j import AsyncManagedTransaction

from graphmem.storage.neo4j.driver import Neo4jGraph


async def _fence(graph: Neo4jGraph, group_id: str) -> dict[str, object] | None:
    async def work(tx: AsyncManagedTransaction) -> dict[str, object] | None:
        record = await (
            await tx.run("OPTIONAL MATCH (f:UserFence {group_id: $g}) RETURN properties(f) AS p", g=group_id)
        ).single(strict=True)
        return None if record["p"] is None else dict(record["p"])

    return await graph.read(work)


async def test_a_rehearsal_holds_the_fence_and_keeps_nothing(require_neo4j: str) -> None:
    graph = Neo4jGraph(require_neo4j, "neo4j", "graphmem", "neo4j")
    known, newcomer = f"fence-known-{uuid.uuid4().hex}", f"fence-new-{uuid.uuid4().hex}"
    held: list[bool] = []

    async def probe(tx: AsyncManagedTransaction) -> None:
        record = await (
            await tx.run("OPTIONAL MATCH (f:UserFence {group_id: $g}) RETURN f.locked AS locked", g=newcomer)
        ).single(strict=True)
        held.append(record["locked"] is True)

    async def nothing(tx: AsyncManagedTransaction) -> None:
        await (await tx.run("RETURN 1")).consume()

    try:
        await graph.write(nothing, fence=known)
        before = await _fence(graph, known)
        await graph.rehearse(nothing, fence=known)
        assert await _fence(graph, known) == before
        await graph.rehearse(probe, fence=newcomer)
        assert held == [True], "the rehearsal's statements run after the fence is held"
        assert await _fence(graph, newcomer) is None, "a rehearsal creates no fence"
    finally:

        async def drop(tx: AsyncManagedTransaction) -> None:
            await (await tx.run("MATCH (f:UserFence) WHERE f.group_id IN $g DELETE f", g=[known, newcomer])).consume()

        await graph.write(drop)
        await graph.close()
