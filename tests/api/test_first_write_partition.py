"""A new user's first AddEpisodes builds the user's lexical partition in process: the first Search reads no
partition rows back from Neo4j (that read cost ~50 ms for a 400-episode user, the slowest Search of a fresh
conversation), and the partition holds exactly what was committed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import pytest_asyncio

from graphmem.model import owner_group_id
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, close_api, make_settings, open_api, unique

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)
TENANT = "tenant-a"  # the tenant of the test key
LINES = ["I started violin lessons on Tuesday evenings", "we talked about the weather", "see you tomorrow"]


@pytest_asyncio.fixture(scope="module")
async def api(require_neo4j: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Api]:
    opened = await open_api(make_settings(tmp_path_factory.mktemp("first-write")))
    yield opened
    await close_api(opened)


def _batch(user: str, keys: list[str], lines: list[str]) -> pb.AddEpisodesRequest:
    items = []
    for i, (key, text) in enumerate(zip(keys, lines, strict=True)):
        item = pb.EpisodeInput(key=key, text=text, session_id="s1", speaker="user")
        item.occurred_at.FromDatetime(NOW - timedelta(hours=4 - i))
        items.append(item)
    return pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=items)


async def test_first_write_builds_the_partition_and_the_first_search_reads_nothing_back(api: Api) -> None:
    episodic = api.running.service.episodic
    syncs: list[str] = []
    original = episodic.sync_partition

    async def counted(group_id: str) -> Any:
        syncs.append(group_id)
        return await original(group_id)

    episodic.sync_partition = counted  # type: ignore[method-assign]
    try:
        user = unique("first")
        group = owner_group_id(TENANT, user)
        await api.stub.AddEpisodes(_batch(user, ["a", "b", "c"], LINES), metadata=api.auth)
        assert episodic._partitions.state(group) == (3, 3)  # built by the write: highest seq 3, 3 episodes

        request = pb.SearchRequest(scope=pb.Scope(user_id=user), query="when are the violin lessons?", top_k=3)
        request.reference_time.FromDatetime(NOW)
        found = await api.stub.Search(request, metadata=api.auth)
        assert found.hits[0].text == LINES[0]
        assert found.hits[0].breakdown.lexical > 0  # the BM25 partition answered
        assert syncs == []

        # a known user's next write keeps the partition in step too
        await api.stub.AddEpisodes(_batch(user, ["d"], ["my cello is in the repair shop"]), metadata=api.auth)
        request.query = "where is the cello?"
        assert (await api.stub.Search(request, metadata=api.auth)).hits[0].text == "my cello is in the repair shop"
        assert syncs == []
        assert episodic._partitions.state(group) == (4, 4)
    finally:
        episodic.sync_partition = original  # type: ignore[method-assign]
