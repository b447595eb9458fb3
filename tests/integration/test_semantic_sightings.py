"""Later sessions' mentions of a candidate fact, through the service against the real Neo4j: a mention whose
negation agrees with the candidate's stance is a second sighting that promotes it; one that turns to the
value is none."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from graphmem.model import EpisodeDraft, FactScopeFilter, Scope
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


async def test_a_negated_mention_in_a_later_session_promotes_a_negative_candidate(
    require_neo4j: str, tmp_path: Path
) -> None:
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    agrees, turns = Scope("tenant-a", unique("stance")), Scope("tenant-a", unique("stance"))
    first = EpisodeDraft("a", "香菜这东西我是真的接受不了，一丢丢都不行", T0, "s1", "user")
    try:
        later = {
            agrees: "今天食堂的汤里飘了几片香菜，我直接不喝了",
            turns: "说来奇怪，我最近开始喜欢吃香菜了，一点都不排斥",
        }
        for scope, text in later.items():  # the first session is extracted before the later one is written
            await service.add_episodes(scope, [first])
            await service.extract_pending(scope)
            await service.add_episodes(scope, [EpisodeDraft("b", text, T0 + timedelta(days=2), "s2", "user")])
            await service.extract_pending(scope)
        (fact,) = await service.list_facts(agrees, None, FactScopeFilter.BOTH)
        assert (fact.key, fact.polarity, set(fact.session_ids)) == ("user|taste|香菜", False, {"s1", "s2"})
        assert [f.key for f in await service.list_facts(turns, None, FactScopeFilter.BOTH)] == []
    finally:
        await service.forget_user(agrees)
        await service.forget_user(turns)
        await service.close()
