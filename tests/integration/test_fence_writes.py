"""A rehearsal holds the user's fence as the real write does (so Neo4j plans the statements after it in the same
variant: it caches one plan per statement for a transaction that has written and one for a transaction that has
not) and keeps nothing: no fence for a new user, no change to an existing one."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable

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


async def test_rehearsals_that_deadlock_each_other_are_retried(require_neo4j: str) -> None:
    """Replicas warming up together rehearse the same internal user's writes: a deadlock between two
    rehearsals is a transient error, retried like a write's, not a failed warm-up."""
    graph = Neo4jGraph(require_neo4j, "neo4j", "graphmem", "neo4j")
    tag = uuid.uuid4().hex
    both_hold_one = asyncio.Barrier(2)
    attempts: list[str] = []

    def crossing(first: str, second: str) -> Callable[[AsyncManagedTransaction], Awaitable[str]]:
        async def work(tx: AsyncManagedTransaction) -> str:
            attempts.append(first)
            lock = "MATCH (n:RehearsalProbe {name: $name}) SET n.touched = coalesce(n.touched, 0) + 1"
            await (await tx.run(lock, name=f"{tag}-{first}")).consume()
            if attempts.count(first) == 1:  # first attempt: wait until the other holds its node too
                await asyncio.wait_for(both_hold_one.wait(), 10)
            await (await tx.run(lock, name=f"{tag}-{second}")).consume()
            return first

        return work

    async def touched(tx: AsyncManagedTransaction) -> int:
        record = await (
            await tx.run("MATCH (n:RehearsalProbe) WHERE n.name STARTS WITH $tag RETURN count(n.touched) AS n", tag=tag)
        ).single(strict=True)
        return int(record["n"])

    async def create(tx: AsyncManagedTransaction) -> None:
        await (await tx.run("UNWIND $names AS name CREATE (:RehearsalProbe {name: name})", names=names)).consume()

    async def drop(tx: AsyncManagedTransaction) -> None:
        await (await tx.run("MATCH (n:RehearsalProbe) WHERE n.name IN $names DELETE n", names=names)).consume()

    names = [f"{tag}-a", f"{tag}-b"]
    await graph.write(create)
    try:
        done = await asyncio.gather(graph.rehearse(crossing("a", "b")), graph.rehearse(crossing("b", "a")))
        assert sorted(done) == ["a", "b"]
        assert len(attempts) >= 3, "one of the two was rolled back by the deadlock and run again"
        assert await graph.read(touched) == 0, "rehearsals keep nothing"
    finally:
        await graph.write(drop)
        await graph.close()
