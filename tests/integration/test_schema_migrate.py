"""Start-up migration: a graph at the latest version with every index in place is left alone (one SHOW, no
schema statement), and a missing index is noticed and recreated."""

from __future__ import annotations

import logging

import pytest

from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.schema import LATEST_VERSION, _expected_schema, migrate

INDEX = "procedure_group_name"


async def test_an_up_to_date_graph_is_left_alone_and_a_missing_index_is_recreated(
    require_neo4j: str, caplog: pytest.LogCaptureFixture
) -> None:
    expected = _expected_schema()
    assert expected is not None, "every migration statement must be a named CREATE/DROP ... IF [NOT] EXISTS"
    assert INDEX in expected[0]
    graph = Neo4jGraph(require_neo4j, "neo4j", "graphmem", "neo4j")
    try:
        assert await migrate(graph) == LATEST_VERSION
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="graphmem.storage.neo4j.schema"):
            assert await migrate(graph) == LATEST_VERSION
        assert [r.getMessage() for r in caplog.records] == ["schema up to date"]

        await graph.run(f"DROP INDEX {INDEX} IF EXISTS")
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="graphmem.storage.neo4j.schema"):
            assert await migrate(graph) == LATEST_VERSION
        assert "schema up to date" not in [r.getMessage() for r in caplog.records]
        rows = await graph.run("SHOW INDEXES YIELD name, state WHERE name = $name RETURN state", name=INDEX)
        assert [r["state"] for r in rows] == ["ONLINE"]
    finally:
        await migrate(graph)
        await graph.close()
