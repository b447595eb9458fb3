"""Typed clients of the graphmem.v1 gRPC API: `MemoryClient` (blocking) and `AsyncMemoryClient` (asyncio).

    with MemoryClient("127.0.0.1:50051", api_key="dev-key") as client:
        scope = ClientScope(user_id="alice")
        client.add_episodes(scope, [NewEpisode(key="m1", text="I do not eat coriander")])
        for hit in client.search(scope, "what does alice not eat?").hits:
            print(hit.score, hit.text)

Both clients have the same methods; the async ones are coroutines and `iter_episodes` is an async iterator.
Results are the plain domain types of `graphmem.model` (datetimes are timezone-aware UTC). Failed calls
raise `GraphmemClientError` or one of its subclasses, never a raw `grpc.RpcError`. Datetimes given to the
client must be timezone-aware (a naive datetime raises ValueError: its instant would be a guess).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Self, cast

import grpc
import grpc.aio
from google.protobuf.timestamp_pb2 import Timestamp
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from graphmem.model import (
    Episode,
    EpisodeDraft,
    EpisodeWrite,
    ForgetReport,
    Layer,
    Page,
    Route,
    ScoreBreakdown,
    SearchHit,
    SearchResult,
    TimeRange,
)
from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc

__all__ = [
    "AsyncMemoryClient",
    "ClientScope",
    "ClientTLS",
    "GraphmemClientError",
    "InvalidArgumentError",
    "MemoryClient",
    "NewEpisode",
    "NotFoundError",
    "PolicyInfo",
    "UnauthenticatedError",
    "UnavailableError",
]

DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024
_SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["MemoryService"].full_name


# --- inputs and outputs -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClientScope:
    """Whose memory a call reads or writes; the tenant is decided by the API key, never sent."""

    user_id: str
    project_id: str = ""
    session_id: str = ""
    agent_id: str = ""


@dataclass(frozen=True)
class NewEpisode:
    """An episode to write. Empty or None fields take the server defaults: `occurred_at` the time of the
    write, `session_id` the scope's session, `event_type` "message", `importance` from the policy rules."""

    key: str
    text: str
    occurred_at: datetime | None = None
    session_id: str = ""
    speaker: str = ""
    event_type: str = ""
    importance: float | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PolicyInfo:
    """The memory policy in force: YAML with every key present, and where it was loaded from."""

    policy_yaml: str
    source: str


# --- errors -------------------------------------------------------------------------------------------------


class GraphmemClientError(Exception):
    """A failed call: the gRPC `code`, the server's `message`, the bad request fields as (field, description)
    pairs, and the server's stable `reason` (from google.rpc.ErrorInfo; empty when the server sent none)."""

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        field_violations: list[tuple[str, str]] | None = None,
        reason: str = "",
    ) -> None:
        super().__init__(f"{code.name}: {message}")
        self.code = code
        self.message = message
        self.field_violations: list[tuple[str, str]] = list(field_violations or [])
        self.reason = reason


class InvalidArgumentError(GraphmemClientError):
    """A request field is wrong; `field_violations` names each one (for example "scope.user_id")."""


class NotFoundError(GraphmemClientError):
    """The addressed memory does not exist for this tenant and user."""


class UnauthenticatedError(GraphmemClientError):
    """The API key is missing or unknown."""


class UnavailableError(GraphmemClientError):
    """The server or its graph database cannot be reached now; the call did not happen and may be retried."""


_ERROR_CLASSES: dict[grpc.StatusCode, type[GraphmemClientError]] = {
    grpc.StatusCode.INVALID_ARGUMENT: InvalidArgumentError,
    grpc.StatusCode.NOT_FOUND: NotFoundError,
    grpc.StatusCode.UNAUTHENTICATED: UnauthenticatedError,
    grpc.StatusCode.UNAVAILABLE: UnavailableError,
}


def _error_from_rpc(err: grpc.RpcError) -> GraphmemClientError:
    """The client error for a failed call, with the google.rpc.Status details the server attached."""
    call = cast(grpc.Call, err)  # both sync errors and grpc.aio.AioRpcError answer code()/details()/metadata
    code = call.code()
    message = call.details() or ""
    violations: list[tuple[str, str]] = []
    reason = ""
    try:
        status = rpc_status.from_call(call)
    except ValueError:  # details inconsistent with the status line: keep the status line
        status = None
    if status is not None:
        message = message or status.message
        for detail in status.details:
            if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad = error_details_pb2.BadRequest()
                detail.Unpack(bad)
                violations += [(v.field, v.description) for v in bad.field_violations]
            elif detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                info = error_details_pb2.ErrorInfo()
                detail.Unpack(info)
                reason = info.reason
    return _ERROR_CLASSES.get(code, GraphmemClientError)(code, message, violations, reason)


# --- wire mapping -------------------------------------------------------------------------------------------


def _timestamp(when: datetime, name: str) -> Timestamp:
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware datetime, got naive {when.isoformat()}")
    ts = Timestamp()
    ts.FromDatetime(when.astimezone(UTC))
    return ts


def _datetime(ts: Timestamp) -> datetime:
    return ts.ToDatetime(tzinfo=UTC)


def _scope_pb(scope: ClientScope) -> Any:
    return pb.Scope(
        user_id=scope.user_id,
        project_id=scope.project_id,
        session_id=scope.session_id,
        agent_id=scope.agent_id,
    )


def _episode_input_pb(episode: EpisodeDraft | NewEpisode, index: int) -> Any:
    item = pb.EpisodeInput(
        key=episode.key,
        text=episode.text,
        session_id=episode.session_id,
        speaker=episode.speaker,
        event_type=episode.event_type,
        metadata=dict(episode.metadata),
    )
    if episode.occurred_at is not None:
        item.occurred_at.CopyFrom(_timestamp(episode.occurred_at, f"episodes[{index}].occurred_at"))
    if episode.importance is not None:
        item.importance = episode.importance
    return item


def _time_range_pb(window: TimeRange) -> Any:
    out = pb.TimeRange()
    if window.start is not None:
        out.start.CopyFrom(_timestamp(window.start, "time range start"))
    if window.end is not None:
        out.end.CopyFrom(_timestamp(window.end, "time range end"))
    return out


def _layer_pb(layer: Layer) -> Any:
    return pb.Layer.Value(f"LAYER_{layer.name}")


def _layer(value: int) -> Layer:
    return Layer[str(pb.Layer.Name(value)).removeprefix("LAYER_")]


def _time_range(message: Any) -> TimeRange:
    return TimeRange(
        start=_datetime(message.start) if message.HasField("start") else None,
        end=_datetime(message.end) if message.HasField("end") else None,
    )


def _add_request(scope: ClientScope, episodes: Sequence[EpisodeDraft | NewEpisode]) -> Any:
    return pb.AddEpisodesRequest(
        scope=_scope_pb(scope), episodes=[_episode_input_pb(e, i) for i, e in enumerate(episodes)]
    )


def _list_request(
    scope: ClientScope,
    page_size: int,
    page_token: str,
    session_id: str,
    event_types: Sequence[str],
    occurred: TimeRange | None,
) -> Any:
    request = pb.ListEpisodesRequest(
        scope=_scope_pb(scope),
        page_size=page_size,
        page_token=page_token,
        session_id=session_id,
        event_types=list(event_types),
    )
    if occurred is not None and occurred.start is not None:
        request.occurred_after.CopyFrom(_timestamp(occurred.start, "occurred.start"))
    if occurred is not None and occurred.end is not None:
        request.occurred_before.CopyFrom(_timestamp(occurred.end, "occurred.end"))
    return request


def _search_request(
    scope: ClientScope,
    query: str,
    top_k: int,
    layers: Sequence[Layer],
    reference_time: datetime | None,
    event_types: Sequence[str],
    occurred: TimeRange | None,
) -> Any:
    request = pb.SearchRequest(
        scope=_scope_pb(scope),
        query=query,
        top_k=top_k,
        layers=[_layer_pb(layer) for layer in layers],
        event_types=list(event_types),
    )
    if reference_time is not None:
        request.reference_time.CopyFrom(_timestamp(reference_time, "reference_time"))
    if occurred is not None and not occurred.is_open:
        request.occurred.CopyFrom(_time_range_pb(occurred))
    return request


def _episode(message: Any) -> Episode:
    """A wire episode; `tenant_id` stays empty (the API key implies it) and `seq` is not on the wire."""
    return Episode(
        id=str(message.id),
        key=str(message.key),
        text=str(message.text),
        occurred_at=_datetime(message.occurred_at),
        created_at=_datetime(message.created_at),
        session_id=str(message.session_id),
        speaker=str(message.speaker),
        event_type=str(message.event_type),
        importance=float(message.importance),
        importance_source=str(message.importance_source),
        metadata=dict(message.metadata),
        tenant_id="",
        user_id=str(message.scope.user_id),
        project_id=str(message.scope.project_id),
        agent_id=str(message.scope.agent_id),
    )


def _writes(reply: Any) -> tuple[EpisodeWrite, ...]:
    return tuple(EpisodeWrite(key=str(r.key), id=str(r.id), created=bool(r.created)) for r in reply.results)


def _page(reply: Any) -> Page[Episode]:
    return Page(items=tuple(_episode(e) for e in reply.episodes), next_token=str(reply.next_page_token))


def _hit(message: Any) -> SearchHit:
    b = message.breakdown
    return SearchHit(
        layer=_layer(message.layer),
        id=str(message.id),
        text=str(message.text),
        score=float(message.score),
        breakdown=ScoreBreakdown(
            similarity=float(b.similarity),
            lexical=float(b.lexical),
            recency=float(b.recency),
            importance=float(b.importance),
            time_match=float(b.time_match),
            neighbour=float(b.neighbour),
            weights={str(k): float(v) for k, v in b.weights.items()},
        ),
        session_id=str(message.session_id),
        occurred_at=_datetime(message.occurred_at),
        metadata=dict(message.metadata),
        event_type=str(message.event_type),
        speaker=str(message.speaker),
        importance=float(message.importance),
    )


def _search_result(reply: Any) -> SearchResult:
    route = reply.route
    return SearchResult(
        hits=tuple(_hit(h) for h in reply.hits),
        route=Route(
            layers=tuple(_layer(v) for v in route.layers),
            reason=str(route.reason),
            query_kind=str(route.query_kind),
            time_window=_time_range(route.time_window) if route.HasField("time_window") else None,
            time_expression=str(route.time_expression),
        ),
    )


def _forget_report(reply: Any) -> ForgetReport:
    return ForgetReport(episodes_deleted=int(reply.episodes_deleted), nodes_deleted=int(reply.nodes_deleted))


def _policy(reply: Any) -> PolicyInfo:
    return PolicyInfo(policy_yaml=str(reply.policy_yaml), source=str(reply.source))


@dataclass(frozen=True)
class ClientTLS:
    """TLS for a client: the PEM roots that sign the server's certificate (None = the system roots) and, for a
    server that requires client certificates, this client's PEM key and certificate chain."""

    root_certificates: bytes | None = None
    private_key: bytes | None = None
    certificate_chain: bytes | None = None

    def credentials(self) -> grpc.ChannelCredentials:
        return grpc.ssl_channel_credentials(self.root_certificates, self.private_key, self.certificate_chain)


def _channel_options(max_message_bytes: int) -> list[tuple[str, Any]]:
    return [
        ("grpc.max_receive_message_length", max_message_bytes),
        ("grpc.max_send_message_length", max_message_bytes),
    ]


_SERVING = health_pb2.HealthCheckResponse.SERVING
_NOT_REACHABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)


# --- clients ------------------------------------------------------------------------------------------------


class MemoryClient:
    """Blocking client of graphmem.v1.MemoryService. Thread-safe; close it (or use `with`) when done.

    `timeout` is the deadline of every call in seconds (None: no deadline); `secure` uses TLS with the system
    roots, `tls` TLS with the given roots and client certificate (mutual TLS); `max_message_bytes` bounds
    messages both ways (the server's default limit is 16 MiB).
    """

    def __init__(
        self,
        target: str,
        api_key: str,
        *,
        timeout: float | None = 10.0,
        secure: bool = False,
        tls: ClientTLS | None = None,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    ) -> None:
        options = _channel_options(max_message_bytes)
        self._channel = (
            grpc.secure_channel(target, (tls or ClientTLS()).credentials(), options=options)
            if secure or tls is not None
            else grpc.insecure_channel(target, options=options)
        )
        self._stub: Any = pb_grpc.MemoryServiceStub(self._channel)
        self._health: Any = health_pb2_grpc.HealthStub(self._channel)
        self._metadata = (("authorization", f"Bearer {api_key}"),)
        self._timeout = timeout

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Closes the channel; calls in flight are cancelled."""
        self._channel.close()

    def _call(self, method: Any, request: Any) -> Any:
        try:
            return method(request, metadata=self._metadata, timeout=self._timeout)
        except grpc.RpcError as err:
            raise _error_from_rpc(err) from err

    def add_episodes(
        self, scope: ClientScope, episodes: Sequence[EpisodeDraft | NewEpisode]
    ) -> tuple[EpisodeWrite, ...]:
        """Writes a batch (1 to 5,000) and returns once it is committed; one result per episode, in order.
        Idempotent per key: a retried batch returns the stored ids with `created` False."""
        return _writes(self._call(self._stub.AddEpisodes, _add_request(scope, episodes)))

    def get_episode(self, scope: ClientScope, episode_id: str) -> Episode:
        """One episode by id; NotFoundError when it does not exist for this user."""
        request = pb.GetEpisodeRequest(scope=_scope_pb(scope), id=episode_id)
        return _episode(self._call(self._stub.GetEpisode, request).episode)

    def list_episodes(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        page_token: str = "",
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
    ) -> Page[Episode]:
        """One page of the user's episodes, oldest first; `next_token` is empty on the last page."""
        request = _list_request(scope, page_size, page_token, session_id, event_types, occurred)
        return _page(self._call(self._stub.ListEpisodes, request))

    def iter_episodes(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
    ) -> Iterator[Episode]:
        """All matching episodes, oldest first, fetching page after page as the iteration goes."""
        token = ""
        while True:
            page = self.list_episodes(
                scope,
                page_size=page_size,
                page_token=token,
                session_id=session_id,
                event_types=event_types,
                occurred=occurred,
            )
            yield from page.items
            token = page.next_token
            if not token:
                return

    def delete_episode(self, scope: ClientScope, episode_id: str) -> None:
        """Deletes one episode; NotFoundError when it does not exist (also when already deleted)."""
        self._call(self._stub.DeleteEpisode, pb.DeleteEpisodeRequest(scope=_scope_pb(scope), id=episode_id))

    def forget_user(self, scope: ClientScope) -> ForgetReport:
        """Erases everything stored for `scope.user_id` (all projects and sessions)."""
        return _forget_report(self._call(self._stub.ForgetUser, pb.ForgetUserRequest(scope=_scope_pb(scope))))

    def search(
        self,
        scope: ClientScope,
        query: str,
        *,
        top_k: int = 0,
        layers: Sequence[Layer] = (),
        reference_time: datetime | None = None,
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
    ) -> SearchResult:
        """The memories most relevant to `query`, best first, and the route taken. `top_k` 0 means 10; empty
        `layers` lets the server's router choose; `reference_time` defaults to the server's now."""
        request = _search_request(scope, query, top_k, layers, reference_time, event_types, occurred)
        return _search_result(self._call(self._stub.Search, request))

    def get_policy(self) -> PolicyInfo:
        """The memory policy in force."""
        return _policy(self._call(self._stub.GetPolicy, pb.GetPolicyRequest()))

    def health(self) -> bool:
        """True when the server reports the memory service SERVING; False otherwise or when unreachable."""
        try:
            reply = self._health.Check(health_pb2.HealthCheckRequest(service=_SERVICE_NAME), timeout=self._timeout)
        except grpc.RpcError as err:
            if cast(grpc.Call, err).code() in _NOT_REACHABLE:
                return False
            raise _error_from_rpc(err) from err
        return bool(reply.status == _SERVING)


class AsyncMemoryClient:
    """asyncio client of graphmem.v1.MemoryService, with the methods of `MemoryClient` as coroutines.

    Use it on one event loop; close it with `await client.close()` or `async with`.
    """

    def __init__(
        self,
        target: str,
        api_key: str,
        *,
        timeout: float | None = 10.0,
        secure: bool = False,
        tls: ClientTLS | None = None,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    ) -> None:
        options = _channel_options(max_message_bytes)
        self._channel = (
            grpc.aio.secure_channel(target, (tls or ClientTLS()).credentials(), options=options)
            if secure or tls is not None
            else grpc.aio.insecure_channel(target, options=options)
        )
        self._stub: Any = pb_grpc.MemoryServiceStub(self._channel)
        self._health: Any = health_pb2_grpc.HealthStub(self._channel)
        self._metadata = (("authorization", f"Bearer {api_key}"),)
        self._timeout = timeout

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Closes the channel; calls in flight are cancelled."""
        await self._channel.close(None)

    async def _call(self, method: Any, request: Any) -> Any:
        try:
            return await method(request, metadata=self._metadata, timeout=self._timeout)
        except grpc.RpcError as err:
            raise _error_from_rpc(err) from err

    async def add_episodes(
        self, scope: ClientScope, episodes: Sequence[EpisodeDraft | NewEpisode]
    ) -> tuple[EpisodeWrite, ...]:
        """See `MemoryClient.add_episodes`."""
        return _writes(await self._call(self._stub.AddEpisodes, _add_request(scope, episodes)))

    async def get_episode(self, scope: ClientScope, episode_id: str) -> Episode:
        """See `MemoryClient.get_episode`."""
        request = pb.GetEpisodeRequest(scope=_scope_pb(scope), id=episode_id)
        return _episode((await self._call(self._stub.GetEpisode, request)).episode)

    async def list_episodes(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        page_token: str = "",
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
    ) -> Page[Episode]:
        """See `MemoryClient.list_episodes`."""
        request = _list_request(scope, page_size, page_token, session_id, event_types, occurred)
        return _page(await self._call(self._stub.ListEpisodes, request))

    async def iter_episodes(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
    ) -> AsyncIterator[Episode]:
        """See `MemoryClient.iter_episodes` (an async iterator here)."""
        token = ""
        while True:
            page = await self.list_episodes(
                scope,
                page_size=page_size,
                page_token=token,
                session_id=session_id,
                event_types=event_types,
                occurred=occurred,
            )
            for item in page.items:
                yield item
            token = page.next_token
            if not token:
                return

    async def delete_episode(self, scope: ClientScope, episode_id: str) -> None:
        """See `MemoryClient.delete_episode`."""
        request = pb.DeleteEpisodeRequest(scope=_scope_pb(scope), id=episode_id)
        await self._call(self._stub.DeleteEpisode, request)

    async def forget_user(self, scope: ClientScope) -> ForgetReport:
        """See `MemoryClient.forget_user`."""
        request = pb.ForgetUserRequest(scope=_scope_pb(scope))
        return _forget_report(await self._call(self._stub.ForgetUser, request))

    async def search(
        self,
        scope: ClientScope,
        query: str,
        *,
        top_k: int = 0,
        layers: Sequence[Layer] = (),
        reference_time: datetime | None = None,
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
    ) -> SearchResult:
        """See `MemoryClient.search`."""
        request = _search_request(scope, query, top_k, layers, reference_time, event_types, occurred)
        return _search_result(await self._call(self._stub.Search, request))

    async def get_policy(self) -> PolicyInfo:
        """See `MemoryClient.get_policy`."""
        return _policy(await self._call(self._stub.GetPolicy, pb.GetPolicyRequest()))

    async def health(self) -> bool:
        """See `MemoryClient.health`."""
        try:
            reply = await self._health.Check(
                health_pb2.HealthCheckRequest(service=_SERVICE_NAME), timeout=self._timeout
            )
        except grpc.RpcError as err:
            if cast(grpc.Call, err).code() in _NOT_REACHABLE:
                return False
            raise _error_from_rpc(err) from err
        return bool(reply.status == _SERVING)
