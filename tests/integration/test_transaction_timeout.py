"""Every transaction graphmem runs carries the Neo4j transaction timeout: a transaction running longer is
terminated by the database, rolled back, and reported as StorageTimeout (DEADLINE_EXCEEDED on the wire)."""

from __future__ import annotations

import uuid

import pytest
from neo4j import AsyncManagedTransaction

from graphmem.errors import StorageTimeout
from graphmem.storage.neo4j.driver import Neo4jGraph

SLOW = "UNWIND range(1, 400000000) AS x WITH x WHERE x % 7 = 99 RETURN count(x) AS c"


async def test_a_write_past_the_timeout_is_rolled_back_and_reported(require_neo4j: str) -> None:
    graph = Neo4jGraph(require_neo4j, "neo4j", "graphmem", "neo4j", transaction_timeout=0.5)
    marker = f"tx-timeout-{uuid.uuid4().hex}"

    async def slow_write(tx: AsyncManagedTransaction) -> int:
        await tx.run("CREATE (:TimeoutProbe {marker: $marker})", marker=marker)
        record = await (await tx.run(SLOW)).single(strict=True)
        return int(record["c"])

    async def count(tx: AsyncManagedTransaction) -> int:
        record = await (
            await tx.run("MATCH (p:TimeoutProbe {marker: $marker}) RETURN count(p) AS n", marker=marker)
        ).single(strict=True)
        return int(record["n"])

    try:
        with pytest.raises(StorageTimeout, match="ran past its timeout"):
            await graph.write(slow_write)
        assert await graph.read(count) == 0
    finally:
        await graph.close()


async def test_reads_and_auto_commit_statements_carry_the_timeout(require_neo4j: str) -> None:
    graph = Neo4jGraph(require_neo4j, "neo4j", "graphmem", "neo4j", transaction_timeout=0.5)

    async def slow_read(tx: AsyncManagedTransaction) -> object:
        return await (await tx.run(SLOW)).single()

    try:
        with pytest.raises(StorageTimeout):
            await graph.read(slow_read)
        with pytest.raises(StorageTimeout):
            await graph.run(SLOW)
        await graph.ping()  # quick work is unaffected
    finally:
        await graph.close()
