"""Every Cypher block in docs/neo4j-browser.md runs on the real Neo4j against a user graphmem wrote, and the
main ones return that user's facts — so the document stays true as the schema evolves."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from neo4j import AsyncGraphDatabase

from graphmem.model import EpisodeDraft, Scope
from graphmem.service import MemoryService
from tests.conftest import make_settings, neo4j_uri, unique

DOC = Path(__file__).resolve().parents[2] / "docs" / "neo4j-browser.md"


async def test_browser_queries_run_and_show_the_users_facts(require_neo4j: str, tmp_path: Path) -> None:
    blocks = re.findall(r"```cypher\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) >= 8
    service = MemoryService.from_settings(make_settings(tmp_path))
    await service.migrate()
    scope = Scope("tenant-a", unique("browser"))
    t0 = datetime(2026, 3, 1, tzinfo=UTC)
    try:
        drafts = [
            EpisodeDraft("a", "I like cilantro", t0, "s1", "user"),
            EpisodeDraft("b", "I like cilantro", t0 + timedelta(days=1), "s2", "user"),
            EpisodeDraft("c", "I hate cilantro", t0 + timedelta(days=20), "s3", "user"),
            EpisodeDraft("d", "Remember that I hate cilantro", t0 + timedelta(days=21), "s4", "user"),
            EpisodeDraft("e", "I live in Berlin", t0 + timedelta(days=22), "s4", "user"),
        ]
        for draft in drafts:  # extracted in the order said (the order within one batch is not the session order)
            await service.add_episodes(scope, [draft])
            await service.extract_pending(scope)
        rows_per_block = []
        async with AsyncGraphDatabase.driver(neo4j_uri(), auth=("neo4j", "graphmem")) as driver:
            for block in blocks:
                query = block.replace("'alice'", "$user")
                records, _, _ = await driver.execute_query(query, g=scope.group_id, user=scope.user_id)
                rows_per_block.append([r.data() for r in records])
        user_row, current_graph, current_table, timeline = rows_per_block[:4]
        assert user_row and user_row[0]["u.group_id"] == scope.group_id
        assert len(current_graph) == 1 and {r["fact"] for r in current_table} == {"user dislikes cilantro"}
        assert [r["status"] for r in timeline] == ["expired", "active"]
        assert timeline[0]["valid_until"] == timeline[1]["valid_from"]
        candidates = next(rows for block, rows in zip(blocks, rows_per_block, strict=True) if "'candidate'" in block)
        assert len(candidates) == 1 and "Berlin" in candidates[0]["candidate"]
    finally:
        await service.forget_user(scope)
        await service.close()
