"""The local Neo4j server (graphmem.neo4j_local) serves what graphmem needs: vector and full-text
indexes, the Browser, and an idempotent start. Runs against the already running local server
(``python -m graphmem.neo4j_local start``); fails, never skips, when it cannot be reached."""

from __future__ import annotations

import urllib.request
import uuid
from collections.abc import Iterator

import pytest
from neo4j import Driver, GraphDatabase

from graphmem.neo4j_local import LocalNeo4j, LocalNeo4jConfig
from tests.conftest import neo4j_uri

START_HINT = "start it with `python -m graphmem.neo4j_local start` (same GRAPHMEM_NEO4J_* env)"


@pytest.fixture(scope="module")
def driver() -> Iterator[Driver]:
    uri = neo4j_uri()
    driver = GraphDatabase.driver(uri)
    try:
        driver.verify_connectivity()
        problem = None
    except Exception as exc:
        problem = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
    if problem is not None:  # failed outside the except block to keep the report to one line
        driver.close()
        pytest.fail(f"Neo4j is not reachable at {uri} ({problem}); {START_HINT}", pytrace=False)
    yield driver
    driver.close()


@pytest.fixture
def label(driver: Driver) -> Iterator[str]:
    """A label unique to one test; its nodes and the indexes named after it are removed afterwards."""
    name = f"GmTest{uuid.uuid4().hex[:12]}"
    yield name
    driver.execute_query(f"MATCH (n:`{name}`) DETACH DELETE n")
    records, _, _ = driver.execute_query("SHOW INDEXES YIELD name WHERE name STARTS WITH $p RETURN name", p=name)
    for record in records:
        driver.execute_query(f"DROP INDEX `{record['name']}` IF EXISTS")


def test_vector_index_returns_the_nearest_node(driver: Driver, label: str) -> None:
    index = f"{label}_embedding"
    driver.execute_query(
        f"CREATE VECTOR INDEX `{index}` IF NOT EXISTS FOR (n:`{label}`) ON n.embedding "
        "OPTIONS {indexConfig: {`vector.dimensions`: 3, `vector.similarity_function`: 'cosine'}}"
    )
    driver.execute_query(
        f"UNWIND $rows AS row CREATE (n:`{label}`) SET n.name = row.name, n.embedding = row.embedding",
        rows=[
            {"name": "x", "embedding": [1.0, 0.0, 0.0]},
            {"name": "y", "embedding": [0.0, 1.0, 0.0]},
            {"name": "z", "embedding": [0.0, 0.0, 1.0]},
        ],
    )
    driver.execute_query("CALL db.awaitIndexes(120)")

    records, _, _ = driver.execute_query(
        "CALL db.index.vector.queryNodes($index, 2, $query) YIELD node, score RETURN node.name AS name, score",
        index=index,
        query=[0.1, 0.9, 0.05],
    )

    assert [r["name"] for r in records] == ["y", "x"]
    assert records[0]["score"] > records[1]["score"]


def test_fulltext_cjk_answers_chinese_and_standard_answers_english(driver: Driver, label: str) -> None:
    cjk, standard = f"{label}_cjk", f"{label}_standard"
    driver.execute_query(
        f"CREATE FULLTEXT INDEX `{cjk}` IF NOT EXISTS FOR (n:`{label}`) ON EACH [n.zh] "
        "OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}"
    )
    driver.execute_query(
        f"CREATE FULLTEXT INDEX `{standard}` IF NOT EXISTS FOR (n:`{label}`) ON EACH [n.en] "
        "OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard'}}"
    )
    driver.execute_query(
        f"UNWIND $rows AS row CREATE (n:`{label}`) SET n += row",
        rows=[
            {"key": "beijing", "zh": "我在北京大学学习图数据库", "en": "Graph databases store memories"},
            {"key": "shanghai", "zh": "上海的天气今天很好", "en": "The weather in Shanghai is nice"},
        ],
    )
    driver.execute_query("CALL db.awaitIndexes(120)")
    query = "CALL db.index.fulltext.queryNodes($index, $q) YIELD node, score RETURN node.key AS key, score"

    chinese, _, _ = driver.execute_query(query, index=cjk, q="北京大学")
    english, _, _ = driver.execute_query(query, index=standard, q="memories")

    assert [r["key"] for r in chinese][:1] == ["beijing"], chinese
    assert [r["key"] for r in english] == ["beijing"], english


def test_browser_answers_at_slash_browser() -> None:
    url = f"http://127.0.0.1:{LocalNeo4jConfig.from_env().http_port}/browser/"
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            status, body = response.status, response.read()
        problem = None
    except OSError as exc:
        problem = str(exc)
    if problem is not None:
        pytest.fail(f"Neo4j Browser is not reachable at {url} ({problem}); {START_HINT}", pytrace=False)

    assert status == 200
    assert b"<html" in body.lower()


def test_start_twice_is_harmless_and_status_reports_running(driver: Driver) -> None:
    server = LocalNeo4j(LocalNeo4jConfig.from_env())
    before = server.status()
    if not before.running:
        pytest.fail(f"the server at {before.bolt_uri} was not started by LocalNeo4j (this config); {START_HINT}")

    first = server.start(timeout_s=30)
    second = server.start(timeout_s=30)

    assert first.running and second.running
    assert first.pid == second.pid == before.pid
    assert server.status() == second
    assert second.browser_url.endswith("/browser/")
    records, _, _ = driver.execute_query("RETURN 1 AS one")
    assert records[0]["one"] == 1


def test_a_string_of_another_length_reuses_the_cached_plan(driver: Driver) -> None:
    """The local Neo4j runs with internal.cypher.use_parameter_size=false: a statement met again with a string
    parameter of another size class (3 → 300 → 16 characters) is not planned again. With Neo4j's default each
    size class planned the statement anew (the first call of each ~100x a cached one)."""
    arms = [
        f"MATCH (a{i}:PlanProbe {{k: $p}})-[:R]->(b{i}:PlanProbe)-[:R]->(c{i}:PlanProbe) WHERE b{i}.k STARTS WITH $p "
        f"OPTIONAL MATCH (c{i})-[:R]->(d{i}:PlanProbe) RETURN count(d{i}) AS n"
        for i in range(8)
    ]
    statement = " UNION ALL ".join(arms) + f" // {uuid.uuid4().hex}"  # new text: nothing cached yet
    quiet = GraphDatabase.driver(neo4j_uri(), notifications_min_severity="OFF")
    try:
        waits = []
        for value in ("abc", "abc", "a" * 300, "a" * 16):
            _, summary, _ = quiet.execute_query(statement, p=value)
            waits.append(summary.result_available_after or 0)
    finally:
        quiet.close()
    planned, cached, *other_sizes = waits
    assert planned > 5 * max(cached, 1), f"the first call should plan (ms: {waits})"
    assert all(w * 5 < planned for w in other_sizes), f"another string size planned again (ms: {waits})"
