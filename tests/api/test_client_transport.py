"""What the clients do on the wire, against a stand-in gRPC server on loopback (the neighbour of the unit under
test): the API key as bearer metadata, retries on UNAVAILABLE for idempotent calls only, per-call deadlines,
and google.rpc.Status details (field violations, reason, domain, trailing metadata) on the error."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import grpc
import grpc.aio
import pytest
import pytest_asyncio
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from graphmem.client import (
    AsyncMemoryClient,
    ClientScope,
    GraphmemClientError,
    InvalidArgumentError,
    MemoryClient,
    UnavailableError,
)
from graphmem.errors import FieldViolation


class StandIn(grpc.GenericRpcHandler):
    """Answers every MemoryService method: UNAVAILABLE, a slow reply, or INVALID_ARGUMENT with details."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.auth: list[str] = []
        self.users: Counter[str] = Counter()

    def service(self, handler_call_details: grpc.HandlerCallDetails) -> Any:
        name = handler_call_details.method.rsplit("/", 1)[-1]

        async def handle(request: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> bytes:
            self.calls[name] += 1
            self.auth += [v for k, v in context.invocation_metadata() or () if k == "authorization"]
            self.users.update(v for k, v in context.invocation_metadata() or () if k == "x-graphmem-user")
            if name == "Search":
                await asyncio.sleep(5)
                return b""
            if name == "ListFacts":
                bad = any_pb2.Any()
                bad.Pack(
                    error_details_pb2.BadRequest(
                        field_violations=[error_details_pb2.BadRequest.FieldViolation(field="as_of", description="x")]
                    )
                )
                info = any_pb2.Any()
                info.Pack(error_details_pb2.ErrorInfo(reason="INVALID_ARGUMENT", domain="graphmem.example"))
                status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="as_of: x", details=[bad, info])
                packed = rpc_status.to_status(status)
                extra = (*packed.trailing_metadata, ("x-request-id", "r-42"))
                await context.abort_with_status(type(packed)(packed.code, packed.details, extra))
            await context.abort(grpc.StatusCode.UNAVAILABLE, "graph database unreachable")
            return b""

        return grpc.unary_unary_rpc_method_handler(handle)


@pytest_asyncio.fixture
async def stand_in() -> AsyncIterator[tuple[str, StandIn]]:
    handler = StandIn()
    server = grpc.aio.server()
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    yield f"127.0.0.1:{port}", handler
    await server.stop(0)


SCOPE = ClientScope(user_id="u")


def sync_calls(target: str) -> None:
    with MemoryClient(target, "secret-key", retries=2, retry_wait=0.01, timeout=30) as client:
        with pytest.raises(UnavailableError):
            client.get_policy()  # idempotent: 1 + 2 retries
        with pytest.raises(UnavailableError):
            client.delete_episode(SCOPE, "e1")  # not idempotent: once
        with pytest.raises(GraphmemClientError) as late:
            client.search(SCOPE, "q", timeout=0.3)
        assert late.value.code == grpc.StatusCode.DEADLINE_EXCEEDED


async def test_sync_client_retries_only_idempotent_calls_and_honours_per_call_deadlines(
    stand_in: tuple[str, StandIn],
) -> None:
    target, handler = stand_in
    await asyncio.to_thread(sync_calls, target)
    assert handler.calls == Counter({"GetPolicy": 3, "DeleteEpisode": 1, "Search": 1})
    assert set(handler.auth) == {"Bearer secret-key"}


async def test_async_client_retries_only_idempotent_calls_and_honours_per_call_deadlines(
    stand_in: tuple[str, StandIn],
) -> None:
    target, handler = stand_in
    async with AsyncMemoryClient(target, "other-key", retries=1, retry_wait=0.01, timeout=30) as client:
        with pytest.raises(UnavailableError) as err:
            await client.add_episodes(SCOPE, [])  # idempotent per key: 1 + 1 retry
        assert err.value.message == "graph database unreachable"
        with pytest.raises(UnavailableError):
            await client.confirm_fact(SCOPE, "f1")
        with pytest.raises(GraphmemClientError) as late:
            await client.search(SCOPE, "q", timeout=0.3)
        assert late.value.code == grpc.StatusCode.DEADLINE_EXCEEDED
    assert handler.calls == Counter({"AddEpisodes": 2, "ConfirmFact": 1, "Search": 1})
    assert set(handler.auth) == {"Bearer other-key"}


async def test_status_details_reach_the_error(stand_in: tuple[str, StandIn]) -> None:
    target, handler = stand_in
    async with AsyncMemoryClient(target, "k", retries=3, retry_wait=0.01) as client:
        with pytest.raises(InvalidArgumentError) as bad:
            await client.list_facts(SCOPE)
    error = bad.value
    assert error.field_violations == [FieldViolation("as_of", "x")]
    assert (error.reason, error.domain, error.message) == ("INVALID_ARGUMENT", "graphmem.example", "as_of: x")
    assert ("x-request-id", "r-42") in error.metadata
    assert handler.calls["ListFacts"] == 1  # INVALID_ARGUMENT is never retried


async def test_calls_name_their_end_user_for_the_proxy(stand_in: tuple[str, StandIn]) -> None:
    """x-graphmem-user (percent-encoded) on scoped calls lets nginx keep a user on one replica; none otherwise."""
    target, handler = stand_in
    async with AsyncMemoryClient(target, "k", retries=0, timeout=30) as client:
        with pytest.raises(UnavailableError):
            await client.delete_episode(ClientScope(user_id="张三 a/b"), "e1")
        with pytest.raises(UnavailableError):
            await client.get_policy()
    assert handler.users == Counter({"%E5%BC%A0%E4%B8%89%20a%2Fb": 1})
