"""Many users under a tiny side-index memory budget, through the real gRPC API and the real Neo4j: least
recently used partitions are evicted (vectors flushed to their files) and the cache's books stay within the
budget; a later Search for an evicted user reloads it and still finds its episodes; a Search for an unknown
user loads and writes nothing; ForgetUser drops the partition and its files. An evicted partition is reloaded
from the file its eviction saved, reading no episode rows from Neo4j, unless the user was written since; evicted
again unchanged, its file is not written again. A graceful close saves the loaded partitions, within a time cap,
and the restarted service's first Search of each user restores from the file with the same hits and scores."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from graphmem.index.partition_index import SavedPartition
from graphmem.index.partition_snapshot import SnapshotStamp
from graphmem.memory.episodic import EpisodicMemory
from graphmem.model import owner_group_id
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, close_api, make_settings, open_api, unique

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)
TENANT = "tenant-a"  # the tenant of the test key
BUDGET_MB = 0.06  # ~63 KB: a handful of four-episode users
USERS = 10
TOPICS = [
    ("violin lessons on Tuesday evenings", "When are the violin lessons?"),
    ("allergic to peanuts and cashews", "What is she allergic to?"),
    ("flight to Lisbon leaves at 7am", "When does the Lisbon flight leave?"),
    ("the cat is called Miso", "What is the cat called?"),
    ("prefers green tea over coffee", "What does she drink?"),
    ("moved to Rotterdam last spring", "Where did she move?"),
    ("plays chess with her uncle on Sundays", "Who does she play chess with?"),
    ("her bike was stolen near the station", "What was stolen?"),
    ("learning Japanese with flashcards", "Which language is she learning?"),
    ("the dentist appointment is on the 3rd", "When is the dentist appointment?"),
]


@pytest_asyncio.fixture(scope="module")
async def small(require_neo4j: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Api]:
    opened = await open_api(make_settings(tmp_path_factory.mktemp("budget"), index_memory_mb=BUDGET_MB))
    yield opened
    await close_api(opened)


def _files(api: Api, group_id: str) -> list[Path]:
    return sorted(api.settings.data_dir.rglob(f"{group_id}.*"))


async def _add(api: Api, user: str, topic: str) -> None:
    items = []
    for i, text in enumerate([topic, "we talked about the weather", "she said thanks", "see you tomorrow"]):
        item = pb.EpisodeInput(key=f"k{i}", text=text, session_id="s1", speaker="user")
        item.occurred_at.FromDatetime(NOW - timedelta(hours=4 - i))
        items.append(item)
    await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=items), metadata=api.auth)


async def _add_one(api: Api, user: str, text: str) -> None:
    item = pb.EpisodeInput(key=f"k-{text}", text=text, session_id="s2", speaker="user")
    item.occurred_at.FromDatetime(NOW - timedelta(minutes=5))
    await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=[item]), metadata=api.auth)


async def _search(api: Api, user: str, query: str, *layers: pb.Layer.ValueType) -> pb.SearchResponse:
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query=query, top_k=3)
    request.layers.extend(layers)
    request.reference_time.FromDatetime(NOW)
    return await api.stub.Search(request, metadata=api.auth)


def _ranked(found: pb.SearchResponse) -> list[tuple[str, str, float]]:
    return [(h.id, h.text, round(h.score, 6)) for h in found.hits]


def _saved_file(api: Api, group_id: str) -> Path:
    return api.settings.data_dir / "partitions" / f"{group_id}.npz"


def _count_rows_read(episodic: EpisodicMemory, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The partitions whose episode rows are read from Neo4j from now on (a rebuild, not a restore)."""
    reads: list[str] = []
    repo = episodic._repo
    original = repo.partition_rows

    async def counted(group_id: str):  # type: ignore[no-untyped-def]
        reads.append(group_id)
        return await original(group_id)

    monkeypatch.setattr(repo, "partition_rows", counted)
    return reads


def _count_file_writes(episodic: EpisodicMemory, monkeypatch: pytest.MonkeyPatch, seconds: float = 0.0) -> list[str]:
    """The partitions whose saved file is written from now on (each write taking `seconds` longer)."""
    writes: list[str] = []
    snapshots = episodic._snapshots
    original = snapshots.write

    def counted(partition: str, stamp: SnapshotStamp, saved: SavedPartition) -> bool:
        time.sleep(seconds)
        writes.append(partition)
        return original(partition, stamp, saved)

    monkeypatch.setattr(snapshots, "write", counted)
    return writes


async def test_many_users_are_evicted_within_budget_and_reloaded_on_search(small: Api) -> None:
    episodic = small.running.service.episodic
    users = [unique("many") for _ in range(USERS)]
    for user, (topic, query) in zip(users, TOPICS, strict=True):
        await _add(small, user, topic)
        assert (await _search(small, user, query)).hits[0].text == topic
    await episodic.settle()
    cache = episodic.cache
    assert cache.budget_bytes == int(BUDGET_MB * 2**20)
    assert cache.used_bytes <= cache.budget_bytes
    assert cache.evictions > 0
    groups = [owner_group_id(TENANT, u) for u in users]
    loaded = [g for g in groups if episodic.is_loaded(g)]
    assert 0 < len(loaded) < USERS
    assert set(loaded) == set(cache.loaded())
    evicted = [u for u, g in zip(users, groups, strict=True) if g not in loaded]
    first = evicted[0]
    first_group = owner_group_id(TENANT, first)
    assert sorted(p.suffix for p in _files(small, first_group)) == [
        ".faiss",
        ".json",
        ".npz",
        ".tokens",
    ]  # vectors flushed and the lexical partition saved when evicted

    topic, query = TOPICS[users.index(first)]
    found = await _search(small, first, query)
    assert found.hits[0].text == topic
    assert episodic.is_loaded(first_group)
    await episodic.settle()
    assert cache.used_bytes <= cache.budget_bytes
    assert cache.loaded()[-1] == first_group  # now the most recently used


async def test_search_for_an_unknown_user_creates_no_partition_and_no_file(
    small: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = unique("nobody")
    group = owner_group_id(TENANT, user)
    repo = small.running.service.episodic._repo
    reads: list[str] = []
    hits_and_state = repo.hits_and_state

    async def counted(scope, seqs):  # type: ignore[no-untyped-def]
        if scope.group_id == group:
            reads.append(scope.group_id)
        return await hits_and_state(scope, seqs)

    monkeypatch.setattr(repo, "hits_and_state", counted)
    found = await _search(small, user, "what did I say about tea?")
    assert list(found.hits) == []
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query="tea last week?", top_k=3)
    request.layers.extend([pb.LAYER_EPISODIC, pb.LAYER_ARCHIVE])
    assert list((await small.stub.Search(request, metadata=small.auth)).hits) == []
    assert reads == []  # nothing committed: no ranking and no hits read, only the state read
    await small.running.service.flush()
    assert not small.running.service.episodic.is_loaded(group)
    assert group not in small.running.service.episodic.cache
    assert _files(small, group) == []


async def test_forget_user_drops_the_partition_and_its_files(small: Api) -> None:
    user = unique("forget")
    group = owner_group_id(TENANT, user)
    await _add(small, user, TOPICS[0][0])
    assert (await _search(small, user, TOPICS[0][1])).hits
    await small.running.service.flush()
    assert _files(small, group)
    await small.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=small.auth)
    assert not small.running.service.episodic.is_loaded(group)
    assert group not in small.running.service.episodic.cache
    assert _files(small, group) == []
    assert list((await _search(small, user, TOPICS[0][1])).hits) == []
    await small.running.service.flush()
    assert _files(small, group) == []


async def test_an_evicted_partition_reloads_from_its_saved_file_until_the_user_is_written(
    small: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    episodic = small.running.service.episodic
    user = unique("saved")
    group = owner_group_id(TENANT, user)
    topic, query = TOPICS[2]
    await _add(small, user, topic)
    before = await _search(small, user, query)
    assert before.hits[0].text == topic
    await episodic.evict(group)
    assert not episodic.is_loaded(group)
    assert [p.suffix for p in _files(small, group) if p.suffix == ".npz"] == [".npz"]

    reads = _count_rows_read(episodic, monkeypatch)
    after = await _search(small, user, query)
    assert reads == []  # restored from the file
    assert _ranked(after) == _ranked(before)

    await episodic.evict(group)
    await _add_one(small, user, "the Lisbon flight moved to 9am")
    moved = await _search(small, user, "Lisbon flight 9am")
    assert reads == [group]  # the saved file was stale: rebuilt from Neo4j
    assert moved.hits[0].text == "the Lisbon flight moved to 9am"

    await small.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=small.auth)
    assert _files(small, group) == []


async def test_a_partition_evicted_again_unchanged_does_not_rewrite_its_file(
    small: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    episodic = small.running.service.episodic
    await episodic.settle()
    user = unique("unchanged")
    group = owner_group_id(TENANT, user)
    topic, query = TOPICS[5]
    await _add(small, user, topic)
    assert (await _search(small, user, query)).hits[0].text == topic
    writes = _count_file_writes(episodic, monkeypatch)
    reads = _count_rows_read(episodic, monkeypatch)
    await episodic.evict(group)
    assert writes.count(group) == 1
    written = _saved_file(small, group).stat()

    for _ in range(2):  # restored from the file, then evicted (and saved as at a shutdown) unchanged: no write
        assert (await _search(small, user, query)).hits[0].text == topic
        await episodic.save_loaded()
        await episodic.evict(group)
    assert group not in reads
    assert writes.count(group) == 1
    kept = _saved_file(small, group).stat()
    assert (kept.st_ino, kept.st_mtime_ns, kept.st_size) == (written.st_ino, written.st_mtime_ns, written.st_size)

    await _add_one(small, user, "moved to Utrecht this winter")  # changed: its next eviction writes the file
    assert (await _search(small, user, "Utrecht")).hits[0].text == "moved to Utrecht this winter"
    assert reads.count(group) == 1
    await episodic.evict(group)
    assert writes.count(group) == 2
    assert _saved_file(small, group).stat().st_ino != written.st_ino
    await small.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=small.auth)
    assert not _saved_file(small, group).exists()


async def test_saving_the_loaded_partitions_stops_when_its_time_is_up(
    small: Api, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    episodic = small.running.service.episodic
    await episodic.settle()
    users = [unique("slow") for _ in range(3)]
    for user, (topic, _) in zip(users, TOPICS[: len(users)], strict=True):
        await _add(small, user, topic)
    await episodic.settle()  # no eviction runs beside the save
    writes = _count_file_writes(episodic, monkeypatch, seconds=0.5)
    began = time.perf_counter()
    with caplog.at_level(logging.INFO, logger="graphmem.memory.episodic"):
        await episodic.save_loaded(0.2)
    assert time.perf_counter() - began < 0.5  # the write under way (0.5 s) is not waited for
    [record] = [r for r in caplog.records if r.getMessage() == "loaded partitions saved"]
    assert record.saved == 0 and record.out_of_time >= 1
    await asyncio.sleep(1.0)  # the write under way ends in its worker thread
    assert len(writes) == 1
    for user in users:
        await small.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=small.auth)


async def test_a_graceful_close_saves_loaded_partitions_and_a_restart_restores_them(
    require_neo4j: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings = make_settings(tmp_path / "data")  # the default budget: nothing is evicted
    users = [unique("restart") for _ in range(3)]
    groups = [owner_group_id(TENANT, u) for u in users]
    first = await open_api(settings)
    try:
        before = {}
        for user, (topic, query) in zip(users, TOPICS[: len(users)], strict=True):
            await _add(first, user, topic)
            before[user] = await _search(first, user, query, pb.LAYER_EPISODIC)
            assert before[user].hits[0].text == topic
        assert all(first.running.service.episodic.is_loaded(g) for g in groups)
        assert not any(_saved_file(first, g).exists() for g in groups)
    finally:
        with caplog.at_level(logging.INFO, logger="graphmem.memory.episodic"):
            await close_api(first)
    [record] = [r for r in caplog.records if r.getMessage() == "loaded partitions saved"]
    assert record.saved >= len(users) and record.out_of_time == 0
    files = {g: _saved_file(first, g).stat() for g in groups}

    caplog.clear()
    second = await open_api(settings)
    try:
        reads = _count_rows_read(second.running.service.episodic, monkeypatch)
        for user, (_, query) in zip(users, TOPICS[: len(users)], strict=True):
            after = await _search(second, user, query, pb.LAYER_EPISODIC)
            assert _ranked(after) == _ranked(before[user])
        assert reads == []  # every user's partition restored from its file
    finally:
        with caplog.at_level(logging.INFO, logger="graphmem.memory.episodic"):
            await close_api(second)
    [record] = [r for r in caplog.records if r.getMessage() == "loaded partitions saved"]
    assert record.out_of_time == 0
    for group, written in files.items():  # restored and unchanged: not written again at the second close
        kept = _saved_file(second, group).stat()
        assert (kept.st_ino, kept.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
