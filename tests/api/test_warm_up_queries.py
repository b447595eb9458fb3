"""The warm-up before SERVING writes, searches and deletes real episodes as throwaway users of the service's own
tenant (rounds as one known user left a new user's first write 2x after a Neo4j restart), then discards every
node of them — no tombstone, no audit event, nothing searchable or queued for extraction; a start that died
half-way leaves users the next start sweeps; and it runs again on every start."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import timedelta

import pytest

from graphmem.model import EpisodeDraft, EpisodeFilter, SearchQuery
from graphmem.service import WARM_UP_ROUNDS, WARM_UP_SCOPE
from tests.conftest import Api
from tests.privacy_probe import leftovers


async def test_warm_up_leaves_no_node_behind_and_can_run_again(api: Api) -> None:
    service = api.running.service
    used = await service.warm_up_queries()  # a second start on the same database (the server ran it once already)
    assert len({s.user_id for s in used}) == WARM_UP_ROUNDS
    for scope in used:
        assert scope.tenant_id == WARM_UP_SCOPE.tenant_id
        assert await leftovers(service.graph, scope.group_id, scope.user_id) == []
        assert (await service.list_episodes(scope, EpisodeFilter(), "", 50)).items == ()
        found = await service.search(SearchQuery(scope, "cilantro 香菜", 10, service.clock.now()))
        assert found.hits == ()
        assert await service.semantic.candidates(scope) == []  # never extracted: not the user's words
    # discarded, not forgotten: no tombstone refuses the id (a forgotten user's write answers USER_FORGOTTEN)
    draft = EpisodeDraft(key="k", text="hello", occurred_at=service.clock.now(), session_id="s", speaker="user")
    written = await service.episodic.add(used[0], [draft])
    assert len(written) == 1
    await service.forget_user(used[0])


async def test_a_half_done_warm_up_is_swept_by_the_next_one(api: Api) -> None:
    service = api.running.service
    crashed = replace(WARM_UP_SCOPE, user_id=f"warm-up-{uuid.uuid4().hex}")
    draft = EpisodeDraft(key="k", text="我不吃香菜", occurred_at=service.clock.now(), session_id="s", speaker="g")
    await service.episodic.add(crashed, [draft])
    assert await leftovers(service.graph, crashed.group_id, crashed.user_id) != []
    await service.warm_up_queries(stale_after=timedelta(hours=1))  # too recent: maybe another replica's
    assert await leftovers(service.graph, crashed.group_id, crashed.user_id) != []
    await service.warm_up_queries(stale_after=timedelta(0))
    assert await leftovers(service.graph, crashed.group_id, crashed.user_id) == []


async def test_only_the_warm_up_tenants_users_are_discarded(api: Api) -> None:
    service = api.running.service
    with pytest.raises(ValueError, match="only the warm-up tenant's users"):
        await service._discard_rehearsal_user("dev", replace(WARM_UP_SCOPE, tenant_id="dev").group_id)
