"""Every fenced write transaction writes the user's fence (`holds` + 1) before its own statements, also when the
fence exists already, and a rehearsal holds the fence too and keeps nothing. Neo4j caches one plan per statement
for a transaction that has written and one for a transaction that has not: if holding an existing fence wrote
nothing, a new user's first write (whose fence is created) would run every statement in the other plan variant
than the warm-up planned, and the first AddEpisodes after start would plan them all again."""

from __future__ import annotations

import uuid

from neo4j import AsyncManagedTransaction

from graphmem.storage.neo4j.driver import Neo4jGraph


async def _holds(graph: Neo4jGraph, group_id: str) -> int | None:
    async def work(tx: AsyncManagedTransaction) -> int | None:
        record = await (
            await tx.run("OPTIONAL MATCH (f:UserFence {group_id: $g}) RETURN f.holds AS holds", g=group_id)
        ).single(strict=True)
        return None if record["holds"] is None else int(record["holds"])

    return await graph.read(work)


async def test_each_fenced_write_and_no_rehearsal_changes_the_fence(require_neo4j: str) -> None:
    graph = Neo4jGraph(require_neo4j, "neo4j", "graphmem", "neo4j")
    group_id = f"fence-writes-{uuid.uuid4().hex}"

    async def nothing(tx: AsyncManagedTransaction) -> None:
        await (await tx.run("RETURN 1")).consume()

    try:
        await graph.write(nothing, fence=group_id)  # creates the fence
        await graph.write(nothing, fence=group_id)  # the fence exists: it is still written
        assert await _holds(graph, group_id) == 2
        await graph.rehearse(nothing, fence=group_id)
        assert await _holds(graph, group_id) == 2, "a rehearsal is rolled back"
        fresh = f"fence-writes-{uuid.uuid4().hex}"
        await graph.rehearse(nothing, fence=fresh)
        assert await _holds(graph, fresh) is None, "a rehearsal creates no fence"
    finally:

        async def drop(tx: AsyncManagedTransaction) -> None:
            await (await tx.run("MATCH (f:UserFence {group_id: $g}) DELETE f", g=group_id)).consume()

        await graph.write(drop)
        await graph.close()
