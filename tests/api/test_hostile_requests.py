"""Hostile field values through the real gRPC server: Timestamps outside the representable range in every
request field, and requests with thousands of bad items, get INVALID_ARGUMENT naming the field, with a status
trailer that stays small (never INTERNAL, never a trailer clients refuse)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from graphmem.errors import MAX_VIOLATIONS
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, unique

MAX_SECONDS = 253_402_300_799  # 9999-12-31T23:59:59Z
MIN_SECONDS = -62_135_596_800  # 0001-01-01T00:00:00Z
BAD_INSTANTS = [
    pytest.param(MAX_SECONDS + 1, 0, id="after-9999"),
    pytest.param(MIN_SECONDS - 1, 0, id="before-year-1"),
    pytest.param(2**63 - 1, 0, id="int64-max"),
    pytest.param(1_781_000_000, -1, id="negative-nanos"),
    pytest.param(1_781_000_000, 1_000_000_000, id="nanos-1e9"),
]


def _scope() -> pb.Scope:
    return pb.Scope(user_id=unique(), session_id="s1")


# (rpc, request with the timestamp left for the test to set, the Timestamp to set, the field path reported)
def _add(r: Any) -> Any:
    return r.episodes[0].occurred_at


TIMESTAMP_FIELDS: list[tuple[str, Callable[[], Any], Callable[[Any], Any], str]] = [
    (
        "AddEpisodes",
        lambda: pb.AddEpisodesRequest(scope=_scope(), episodes=[pb.EpisodeInput(key="k", text="hello")]),
        _add,
        "episodes[0].occurred_at",
    ),
    ("ListEpisodes", lambda: pb.ListEpisodesRequest(scope=_scope()), lambda r: r.occurred_after, "occurred_after"),
    ("ListEpisodes", lambda: pb.ListEpisodesRequest(scope=_scope()), lambda r: r.occurred_before, "occurred_before"),
    ("Search", lambda: pb.SearchRequest(scope=_scope(), query="q"), lambda r: r.reference_time, "reference_time"),
    ("Search", lambda: pb.SearchRequest(scope=_scope(), query="q"), lambda r: r.occurred.start, "occurred.start"),
    ("Search", lambda: pb.SearchRequest(scope=_scope(), query="q"), lambda r: r.occurred.end, "occurred.end"),
    ("ListFacts", lambda: pb.ListFactsRequest(scope=_scope()), lambda r: r.as_of, "as_of"),
    (
        "GetContext",
        lambda: pb.GetContextRequest(scope=_scope(), query="q", token_budget=500),
        lambda r: r.reference_time,
        "reference_time",
    ),
]


def violations(error: grpc.aio.AioRpcError) -> list[error_details_pb2.BadRequest.FieldViolation]:
    raw = dict(error.trailing_metadata() or ()).get("grpc-status-details-bin")
    assert raw is not None, "no google.rpc.Status in the trailer"
    status = status_pb2.Status.FromString(raw)
    out = []
    for detail in status.details:
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            out += list(bad.field_violations)
    return out


def trailer_bytes(error: grpc.aio.AioRpcError) -> int:
    return sum(len(k) + len(v) for k, v in error.trailing_metadata() or ())


@pytest.mark.parametrize(("seconds", "nanos"), BAD_INSTANTS)
@pytest.mark.parametrize(
    ("rpc", "build", "target", "field"), TIMESTAMP_FIELDS, ids=[f[3] + "@" + f[0] for f in TIMESTAMP_FIELDS]
)
async def test_out_of_range_timestamp_is_invalid_argument_naming_the_field(
    api: Api, rpc: str, build: Callable[[], Any], target: Callable[[Any], Any], field: str, seconds: int, nanos: int
) -> None:
    request = build()
    stamp = target(request)
    stamp.seconds, stamp.nanos = seconds, nanos
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await getattr(api.stub, rpc)(request, metadata=api.auth)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    assert [v.field for v in violations(caught.value)] == [field]


async def test_the_edges_of_the_timestamp_range_are_accepted(api: Api) -> None:
    scope = _scope()
    request = pb.ListEpisodesRequest(scope=scope)
    request.occurred_after.seconds = MIN_SECONDS
    request.occurred_before.seconds, request.occurred_before.nanos = MAX_SECONDS, 999_999_999
    await api.stub.ListEpisodes(request, metadata=api.auth)
    search = pb.SearchRequest(scope=scope, query="what happened last week?")
    search.reference_time.seconds = MIN_SECONDS
    await api.stub.Search(search, metadata=api.auth)
    search.reference_time.seconds = MAX_SECONDS
    await api.stub.Search(search, metadata=api.auth)


BULK = [
    ("ListEpisodes", lambda: pb.ListEpisodesRequest(scope=_scope(), event_types=["Bad Type"] * 6000), "event_types"),
    ("Search", lambda: pb.SearchRequest(scope=_scope(), query="q", event_types=["Bad!"] * 6000), "event_types"),
    ("Search", lambda: pb.SearchRequest(scope=_scope(), query="q", layers=[1] * 6000), "layers"),
    (
        "RegisterSkill",
        lambda: pb.RegisterSkillRequest(scope=_scope(), skill=pb.Skill(name="s", triggers=[""] * 6000)),
        "triggers",
    ),
]


@pytest.mark.parametrize(("rpc", "build", "field"), BULK, ids=[f"{b[0]}-{b[2]}" for b in BULK])
async def test_thousands_of_bad_items_get_a_small_trailer(
    api: Api, rpc: str, build: Callable[[], Any], field: str
) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await getattr(api.stub, rpc)(build(), metadata=api.auth)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    found = violations(caught.value)
    assert 1 <= len(found) <= MAX_VIOLATIONS + 1
    assert any(v.field.startswith(field) for v in found), [v.field for v in found]
    assert trailer_bytes(caught.value) < 8192


async def test_a_batch_of_thousands_of_bad_episodes_names_the_first_twenty_and_counts_the_rest(api: Api) -> None:
    episodes = [pb.EpisodeInput(key="", text="") for _ in range(3000)]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=_scope(), episodes=episodes), metadata=api.auth)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    found = violations(caught.value)
    assert len(found) == MAX_VIOLATIONS + 1
    assert found[0].field == "episodes[0].key"
    assert found[-1].description == f"and {2 * 3000 - MAX_VIOLATIONS} more field violations"
    assert trailer_bytes(caught.value) < 8192


# -- working memory: message text and the instructions, task and scratch zones are bounded ---------------------


async def _open(api: Api, **kw: Any) -> pb.Scope:
    scope = pb.Scope(user_id=unique(), session_id="s1")
    await api.stub.OpenSession(pb.OpenSessionRequest(scope=scope, **kw), metadata=api.auth)
    return scope


async def _append_error(api: Api, scope: pb.Scope, messages: list[pb.Message]) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await api.stub.AppendMessages(pb.AppendMessagesRequest(scope=scope, messages=messages), metadata=api.auth)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    return caught.value


async def test_open_session_refuses_oversized_zones_naming_field_and_limit(api: Api) -> None:
    cases = [
        ({"instructions": ["be brief"] * 65}, "instructions", "at most 64"),
        ({"instructions": ["x" * 4001]}, "instructions[0]", "4000"),
        ({"task": {f"k{i}": "v" for i in range(65)}}, "task", "at most 64"),
        ({"task": {"goal": "v" * 4001}}, "task[goal]", "4000"),
        ({"task": {"k" * 300: "v"}}, "task[" + "k" * 32 + "]", "256"),
    ]
    for kw, field, limit in cases:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            scope = pb.Scope(user_id=unique(), session_id="s1")
            await api.stub.OpenSession(pb.OpenSessionRequest(scope=scope, **kw), metadata=api.auth)  # type: ignore[arg-type]
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        found = violations(caught.value)
        assert [v.field for v in found] == [field]
        assert limit in found[0].description


async def test_append_refuses_huge_text_and_zones_that_would_outgrow_their_limit(api: Api) -> None:
    scope = await _open(api, instructions=["be brief"])
    error = await _append_error(api, scope, [pb.Message(role="user", text="a" * 32_001)])
    assert [v.field for v in violations(error)] == ["messages[0].text"]
    assert "32000" in violations(error)[0].description

    instructions = [pb.Message(role="system", text=f"rule {i}", zone="instructions") for i in range(64)]
    error = await _append_error(api, scope, instructions)  # 1 opened + 64 appended
    assert [v.field for v in violations(error)] == ["messages"]
    assert "instructions zone past 64" in violations(error)[0].description

    tasks = [pb.Message(role="user", text=f"k{i}=v", zone="task") for i in range(65)]
    error = await _append_error(api, scope, tasks)
    assert "task zone past 64" in violations(error)[0].description
    error = await _append_error(api, scope, [pb.Message(role="user", text="goal=" + "v" * 4001, zone="task")])
    assert [v.field for v in violations(error)] == ["messages[0].text"]

    tool = [pb.Message(role="tool", text="output " * 2000) for _ in range(20)]  # 280k characters of scratch
    error = await _append_error(api, scope, tool)
    assert "scratch zone past" in violations(error)[0].description

    # within the limits the same zones fill, and an assistant turn empties the scratch zone again
    fits = [pb.Message(role="tool", text="output " * 2000) for _ in range(10)]
    await api.stub.AppendMessages(pb.AppendMessagesRequest(scope=scope, messages=fits), metadata=api.auth)
    await api.stub.AppendMessages(
        pb.AppendMessagesRequest(scope=scope, messages=[pb.Message(role="assistant", text="done")]), metadata=api.auth
    )
    await api.stub.AppendMessages(pb.AppendMessagesRequest(scope=scope, messages=fits), metadata=api.auth)
    got = await api.stub.GetSession(pb.GetSessionRequest(scope=scope), metadata=api.auth)
    assert list(got.session.instructions) == ["be brief"]
