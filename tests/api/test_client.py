"""The typed clients (graphmem.client) against the real server and the real Neo4j: the blocking client runs in
a worker thread (the server runs on the test's event loop), the async client on the loop itself."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import grpc
import pytest

from graphmem.client import (
    AsyncMemoryClient,
    ClientScope,
    GraphmemClientError,
    InvalidArgumentError,
    MemoryClient,
    NewEpisode,
    NotFoundError,
    UnauthenticatedError,
    UnavailableError,
)
from graphmem.errors import FieldViolation
from graphmem.model import Episode, EpisodeDraft, EpisodeWrite, Layer, SearchResult
from tests.conftest import DEV_KEY, OTHER_KEY, Api, unique

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)
REPORT_METADATA = {"dia_id": "D1:2", "source": "slack", "note": "周报 ✓ = ok; a,b"}

CORPUS: list[EpisodeDraft | NewEpisode] = [
    NewEpisode("e1", "我不吃香菜，点菜时别放香菜", NOW - timedelta(days=30), speaker="user", event_type="preference"),
    EpisodeDraft(
        "e2",
        "The weekly report was sent to Alice on Friday",
        NOW - timedelta(days=8),
        session_id="s1",
        speaker="assistant",
        event_type="task_completed",
        metadata=REPORT_METADATA,
    ),
    NewEpisode("e3", "Remember: I prefer short replies without emoji", NOW - timedelta(days=20), importance=0.7),
    NewEpisode("e4", "上周五把周报发给了王经理", NOW - timedelta(days=6), session_id="s2"),
    NewEpisode("e5", "We talked about the weather in Berlin", NOW - timedelta(days=2), session_id="s2"),
]
TIME_ORDER = ["e1", "e3", "e2", "e4", "e5"]


def target(api: Api) -> str:
    return f"127.0.0.1:{api.running.port}"


def check_writes(writes: tuple[EpisodeWrite, ...]) -> dict[str, str]:
    assert [w.key for w in writes] == [e.key for e in CORPUS]
    assert all(w.created and w.id for w in writes)
    return {w.key: w.id for w in writes}


def check_search(found: SearchResult, report_id: str) -> None:
    top = found.hits[0]
    assert (top.id, top.text) == (report_id, "The weekly report was sent to Alice on Friday")
    assert top.metadata == REPORT_METADATA
    assert (top.layer, top.session_id, top.event_type, top.speaker) == (
        Layer.EPISODIC,
        "s1",
        "task_completed",
        "assistant",
    )
    assert top.occurred_at == NOW - timedelta(days=8) and top.occurred_at.tzinfo == UTC
    b = top.breakdown
    assert top.score == pytest.approx(sum(w * getattr(b, name) for name, w in b.weights.items()), abs=1e-4)
    assert Layer.EPISODIC in found.route.layers and found.route.reason


def check_listing(listed: list[Episode], user: str) -> None:
    assert [e.key for e in listed] == TIME_ORDER
    assert all(e.user_id == user and e.created_at.tzinfo == UTC for e in listed)
    by_key = {e.key: e for e in listed}
    assert by_key["e1"].session_id == "" and by_key["e4"].session_id == "s2"
    assert by_key["e3"].importance == pytest.approx(0.7) and by_key["e3"].importance_source == "caller"
    assert by_key["e5"].event_type == "message"


def sync_round_trip(api: Api, user: str) -> None:
    scope = ClientScope(user_id=user, agent_id="sync-agent")
    with MemoryClient(target(api), DEV_KEY, timeout=60.0) as client:
        assert client.health()
        ids = check_writes(client.add_episodes(scope, CORPUS))
        again = client.add_episodes(scope, CORPUS)
        assert [(w.id, w.created) for w in again] == [(ids[e.key], False) for e in CORPUS]

        check_search(client.search(scope, "who got the weekly report?", top_k=3, reference_time=NOW), ids["e2"])

        first = client.list_episodes(scope, page_size=2)
        assert len(first.items) == 2 and first.next_token
        listed = list(client.iter_episodes(scope, page_size=2))
        check_listing(listed, user)
        assert [e.key for e in client.iter_episodes(scope, session_id="s2")] == ["e4", "e5"]

        got = client.get_episode(scope, ids["e2"])
        assert got == next(e for e in listed if e.key == "e2")
        assert got.metadata == REPORT_METADATA and got.agent_id == "sync-agent"

        client.delete_episode(scope, ids["e2"])
        with pytest.raises(NotFoundError) as err:
            client.get_episode(scope, ids["e2"])
        assert err.value.code == grpc.StatusCode.NOT_FOUND and err.value.reason == "NOT_FOUND"
        with pytest.raises(NotFoundError):
            client.delete_episode(scope, ids["e2"])

        report = client.forget_user(scope)
        assert report.episodes_deleted == len(CORPUS) - 1
        assert list(client.iter_episodes(scope)) == []


async def test_sync_client_round_trip(api: Api) -> None:
    await asyncio.to_thread(sync_round_trip, api, unique("sync"))


async def test_async_client_round_trip(api: Api) -> None:
    user = unique("async")
    scope = ClientScope(user_id=user, agent_id="async-agent")
    async with AsyncMemoryClient(target(api), DEV_KEY, timeout=60.0) as client:
        assert await client.health()
        ids = check_writes(await client.add_episodes(scope, CORPUS))

        found = await client.search(scope, "who got the weekly report?", top_k=3, reference_time=NOW)
        check_search(found, ids["e2"])

        first = await client.list_episodes(scope, page_size=2)
        assert len(first.items) == 2 and first.next_token
        listed = [e async for e in client.iter_episodes(scope, page_size=2)]
        check_listing(listed, user)

        got = await client.get_episode(scope, ids["e2"])
        assert got == next(e for e in listed if e.key == "e2")
        assert got.metadata == REPORT_METADATA and got.agent_id == "async-agent"

        await client.delete_episode(scope, ids["e2"])
        with pytest.raises(NotFoundError) as err:
            await client.get_episode(scope, ids["e2"])
        assert err.value.code == grpc.StatusCode.NOT_FOUND and err.value.reason == "NOT_FOUND"

        report = await client.forget_user(scope)
        assert report.episodes_deleted == len(CORPUS) - 1
        assert [e async for e in client.iter_episodes(scope)] == []

        policy = await client.get_policy()
        assert policy.source and policy.policy_yaml.strip()


async def test_async_client_maps_errors(api: Api) -> None:
    episode = [NewEpisode("k", "text")]
    async with AsyncMemoryClient(target(api), "not-a-key") as stranger:
        with pytest.raises(UnauthenticatedError) as unauth:
            await stranger.add_episodes(ClientScope(user_id="u"), episode)
    assert unauth.value.code == grpc.StatusCode.UNAUTHENTICATED and unauth.value.reason == "UNAUTHENTICATED"

    async with AsyncMemoryClient(target(api), OTHER_KEY) as client:
        with pytest.raises(InvalidArgumentError) as bad:
            await client.add_episodes(ClientScope(user_id=""), episode)
        assert FieldViolation("scope.user_id", "is required") in bad.value.field_violations
        assert bad.value.reason == "INVALID_ARGUMENT" and "scope.user_id" in bad.value.message
        with pytest.raises(InvalidArgumentError) as bad:
            await client.search(ClientScope(user_id=""), "anything")
        assert [v.field for v in bad.value.field_violations] == ["scope.user_id"]
        with pytest.raises(ValueError, match="timezone-aware"):
            await client.add_episodes(ClientScope(user_id="u"), [NewEpisode("k", "t", datetime(2026, 1, 1))])


def sync_errors(api: Api) -> None:
    with MemoryClient(target(api), "not-a-key") as stranger:
        with pytest.raises(UnauthenticatedError) as unauth:
            stranger.search(ClientScope(user_id="u"), "anything")
        assert isinstance(unauth.value, GraphmemClientError) and unauth.value.reason == "UNAUTHENTICATED"
    with MemoryClient(target(api), DEV_KEY, timeout=60.0) as client:
        with pytest.raises(InvalidArgumentError) as bad:
            client.list_episodes(ClientScope(user_id=""))
        assert [v.field for v in bad.value.field_violations] == ["scope.user_id"]
        with pytest.raises(InvalidArgumentError) as bad:
            client.add_episodes(ClientScope(user_id=unique()), [NewEpisode("k", "x", importance=1.5)])
        assert [v.field for v in bad.value.field_violations] == ["episodes[0].importance"]


async def test_sync_client_maps_errors(api: Api) -> None:
    await asyncio.to_thread(sync_errors, api)


def unreachable(port: int) -> None:
    with MemoryClient(f"127.0.0.1:{port}", DEV_KEY, timeout=5.0) as client:
        assert client.health() is False
        with pytest.raises(UnavailableError) as err:
            client.get_policy()
        assert err.value.code == grpc.StatusCode.UNAVAILABLE


async def test_unreachable_server_is_unavailable_and_not_healthy() -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    await asyncio.to_thread(unreachable, port)
    async with AsyncMemoryClient(f"127.0.0.1:{port}", DEV_KEY, timeout=5.0) as client:
        assert await client.health() is False
        with pytest.raises(UnavailableError):
            await client.get_policy()
