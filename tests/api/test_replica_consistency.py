"""Two graphmem services on one Neo4j (replicas): a replica that has cached a user's side indexes sees what
the other replica wrote, deleted or re-dated since — found by its vector and its words, ranked first for its
own words, never a deleted episode — also when its seq watermark and episode count happen to match the
committed ones (its own write and the other's delete cancel out): the user's write version decides."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio

from graphmem.model import owner_group_id
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, close_api, make_settings, open_api, unique

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)
TENANT = "tenant-a"  # the tenant of the test key
FILLER = [
    "we talked about the weather",
    "she said thanks for the book",
    "see you tomorrow at the office",
    "the meeting ran late again",
    "lunch was a sandwich",
]
FROM_A = "the violin lessons moved to Thursday evenings at the conservatory"
FROM_B = "her passport expires in March next year"


@pytest_asyncio.fixture(scope="module")
async def replicas(require_neo4j: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[tuple[Api, Api]]:
    first = await open_api(make_settings(tmp_path_factory.mktemp("replica-a")))
    try:
        second = await open_api(make_settings(tmp_path_factory.mktemp("replica-b")))
    except BaseException:
        await close_api(first)
        raise
    yield first, second
    await close_api(second)
    await close_api(first)


def _episode(key: str, text: str, session: str, hours_ago: float) -> pb.EpisodeInput:
    item = pb.EpisodeInput(key=key, text=text, session_id=session, speaker="user")
    item.occurred_at.FromDatetime(NOW - timedelta(hours=hours_ago))
    return item


async def _add(api: Api, user: str, items: list[pb.EpisodeInput]) -> list[str]:
    request = pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=items)
    return [r.id for r in (await api.stub.AddEpisodes(request, metadata=api.auth)).results]


async def _search(api: Api, user: str, query: str, top_k: int = 3) -> pb.SearchResponse:
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query=query, top_k=top_k)
    request.reference_time.FromDatetime(NOW)
    return await api.stub.Search(request, metadata=api.auth)


async def test_a_replica_with_a_cached_partition_finds_the_other_replicas_write(replicas: tuple[Api, Api]) -> None:
    a, b = replicas
    user = unique("cached")
    await _add(a, user, [_episode(f"k{i}", t, "s1", 10 - i) for i, t in enumerate(FILLER)])
    assert (await _search(b, user, FILLER[0])).hits[0].text == FILLER[0]
    assert b.running.service.episodic.is_loaded(owner_group_id(TENANT, user))  # b has cached the partition

    await _add(a, user, [_episode("a1", FROM_A, "s2", 1)])
    found = await _search(b, user, "When are the violin lessons now?")
    assert found.hits[0].text == FROM_A
    assert found.hits[0].breakdown.similarity > 0.5  # in b's vectors, not only its words


async def test_a_replica_whose_counts_match_by_chance_still_catches_up(replicas: tuple[Api, Api]) -> None:
    a, b = replicas
    user = unique("chance")
    ids = await _add(a, user, [_episode(f"k{i}", t, "s1", 10 - i) for i, t in enumerate(FILLER)])
    assert (await _search(b, user, FILLER[0])).hits  # b caches: highest seq 5, 5 episodes
    await _add(a, user, [_episode("a1", FROM_A, "s2", 2)])  # seq 6, written by a
    await _add(b, user, [_episode("b1", FROM_B, "s3", 1)])  # seq 7, b indexes it: b holds 7 / 6
    await a.stub.DeleteEpisode(pb.DeleteEpisodeRequest(scope=pb.Scope(user_id=user), id=ids[1]), metadata=a.auth)
    # committed now: highest seq 7, 6 episodes — what b holds, but not the same episodes

    found = await _search(b, user, "When are the violin lessons now?")
    assert found.hits[0].text == FROM_A and found.hits[0].breakdown.similarity > 0.5
    assert (await _search(b, user, "When does her passport expire?")).hits[0].text == FROM_B
    everything = await _search(b, user, FILLER[1], top_k=20)
    assert FILLER[1] not in [h.text for h in everything.hits]
    assert len(everything.hits) == len(FILLER) - 1 + 2
