"""The warm-up before SERVING writes one real episode for the internal warm-up user (a rolled-back rehearsal
left the first committed write 5x slower after a Neo4j restart), searches it and deletes it again: nothing of it
stays searchable or listable, nothing of it is queued for fact extraction, and it runs again on every start."""

from __future__ import annotations

from graphmem.model import EpisodeFilter, SearchQuery
from graphmem.service import WARM_UP_SCOPE
from tests.conftest import Api


async def test_warm_up_leaves_no_episode_behind_and_can_run_again(api: Api) -> None:
    service = api.running.service
    await service.warm_up_queries()  # a second start on the same database (the server ran it once already)
    listed = await service.list_episodes(WARM_UP_SCOPE, EpisodeFilter(), "", 50)
    assert listed.items == ()
    found = await service.search(SearchQuery(WARM_UP_SCOPE, "cilantro 香菜", 10, service.clock.now()))
    assert found.hits == ()
    assert await service.semantic.candidates(WARM_UP_SCOPE) == []  # never extracted: not the user's words
