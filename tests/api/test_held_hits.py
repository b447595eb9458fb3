"""A Search whose hits' texts the process holds (written or returned lately) reads only the user's state from
Neo4j, and answers exactly what the Neo4j read of the hits answers: the same ids, texts, scores, dates,
sessions, speakers, metadata. A deleted episode is never answered from what was held; a user's held texts go
with their partition (ForgetUser). Real gRPC server, real Neo4j."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import pytest_asyncio

from graphmem.model import owner_group_id
from graphmem.storage.neo4j.episodes import HitsRead
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, close_api, make_settings, open_api, unique

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)
TENANT = "tenant-a"  # the tenant of the test key
TEXTS = [
    "the violin lessons moved to Thursday evenings",
    "her passport expires in March next year",
    "we talked about the weather",
    "the dentist appointment is on the 3rd",
    "she prefers green tea over coffee",
]


@pytest_asyncio.fixture(scope="module")
async def api(require_neo4j: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Api]:
    opened = await open_api(make_settings(tmp_path_factory.mktemp("held")))
    yield opened
    await close_api(opened)


class Reads:
    """Records the seqs every hits read of the episodic layer asked Neo4j for."""

    def __init__(self, api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
        repo = api.running.service.episodic._repo
        inner = repo.hits_and_state
        self.asked: list[list[int]] = []

        async def recorded(scope: Any, seqs: Sequence[int]) -> HitsRead:
            self.asked.append(list(seqs))
            return await inner(scope, seqs)

        monkeypatch.setattr(repo, "hits_and_state", recorded)


async def _add(api: Api, user: str) -> list[str]:
    items = []
    for i, text in enumerate(TEXTS):
        item = pb.EpisodeInput(key=f"k{i}", text=text, session_id=f"s{i % 2}", speaker="Alex", event_type="note")
        item.occurred_at.FromDatetime(NOW - timedelta(hours=10 - i))
        item.metadata["source"] = f"chat-{i}"
        items.append(item)
    request = pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=items)
    return [r.id for r in (await api.stub.AddEpisodes(request, metadata=api.auth)).results]


async def _search(api: Api, user: str, query: str) -> pb.SearchResponse:
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query=query, top_k=4, layers=[pb.LAYER_EPISODIC])
    request.reference_time.FromDatetime(NOW)
    return await api.stub.Search(request, metadata=api.auth)


async def test_held_hits_read_only_the_state_and_answer_what_neo4j_answers(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = unique("held")
    await _add(api, user)
    reads = Reads(api, monkeypatch)
    held = await _search(api, user, "when are the violin lessons?")
    assert held.hits and held.hits[0].text == TEXTS[0]
    assert reads.asked == [[]], "a Search of texts written by this process read its hits from Neo4j"
    api.running.service.episodic._held.drop(owner_group_id(TENANT, user))
    read = await _search(api, user, "when are the violin lessons?")
    assert reads.asked[1:] and reads.asked[-1], "without held texts the hits are read from Neo4j"
    assert list(held.hits) == list(read.hits)  # every field: id, text, score, breakdown, dates, metadata...
    assert held.hits[0].metadata["source"] == "chat-0" and held.hits[0].speaker == "Alex"


async def test_a_deleted_episode_is_not_answered_from_what_was_held(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    user = unique("held-del")
    ids = await _add(api, user)
    before = await _search(api, user, "passport expires")
    assert ids[1] in [h.id for h in before.hits]
    await api.stub.DeleteEpisode(pb.DeleteEpisodeRequest(scope=pb.Scope(user_id=user), id=ids[1]), metadata=api.auth)
    after = await _search(api, user, "passport expires")
    assert ids[1] not in [h.id for h in after.hits]
    assert all(h.text != TEXTS[1] for h in after.hits)


async def test_forgetting_a_user_drops_their_held_texts(api: Api) -> None:
    user = unique("held-forget")
    await _add(api, user)
    group = owner_group_id(TENANT, user)
    assert api.running.service.episodic._held.holds(group)
    await api.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
    assert not api.running.service.episodic._held.holds(group)
