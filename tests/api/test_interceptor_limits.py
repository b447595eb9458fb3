"""The interceptor on a real grpc.aio server on loopback, in front of a stand-in handler that can be held
open: per-tenant concurrency refused with RESOURCE_EXHAUSTED (QuotaFailure, RetryInfo), the server's default
deadline ending a call with DEADLINE_EXCEEDED and cancelling its work, and the access log naming the code a
cancelled or timed-out call really ended with."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import grpc.aio
import pytest
import pytest_asyncio
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from server.app import build_interceptor
from tests.conftest import DEV_KEY, OTHER_KEY, make_settings

METHOD = "/graphmem.v1.MemoryService/Probe"


@dataclass
class Probe:
    """What the stand-in handler saw: calls started, calls whose work was cancelled, and a gate to hold."""

    started: int = 0
    cancelled: int = 0
    gate: asyncio.Event = field(default_factory=asyncio.Event)
    hold_seconds: float = 30.0


@dataclass
class Stand:
    channel: grpc.aio.Channel
    probe: Probe

    def call(self, key: str = DEV_KEY, timeout: float | None = None) -> grpc.aio.UnaryUnaryCall[bytes, bytes]:
        stub = self.channel.unary_unary(METHOD)
        return stub(b"", metadata=(("authorization", f"Bearer {key}"),), timeout=timeout)  # type: ignore[no-any-return]


async def start_stand(data_dir: Path, **settings: object) -> tuple[grpc.aio.Server, Stand]:
    probe = Probe()

    async def handler(request: bytes, context: grpc.aio.ServicerContext[bytes, bytes]) -> bytes:
        probe.started += 1
        try:
            await asyncio.wait_for(probe.gate.wait(), probe.hold_seconds)
        except asyncio.CancelledError:
            probe.cancelled += 1
            raise
        return b"done"

    generic = grpc.method_handlers_generic_handler(
        "graphmem.v1.MemoryService", {"Probe": grpc.unary_unary_rpc_method_handler(handler)}
    )
    server = grpc.aio.server(handlers=[generic], interceptors=[build_interceptor(make_settings(data_dir, **settings))])
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    return server, Stand(grpc.aio.insecure_channel(f"127.0.0.1:{port}"), probe)


@pytest_asyncio.fixture
async def stand(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Stand]:
    overrides = getattr(request, "param", {})
    server, opened = await start_stand(tmp_path, **overrides)
    yield opened
    opened.probe.gate.set()
    await opened.channel.close()
    await server.stop(0)


async def wait_until(predicate: object, timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():  # type: ignore[operator]
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached")
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("stand", [{"tenant_max_concurrent_rpcs": 1, "default_deadline_seconds": 0}], indirect=True)
async def test_a_tenant_over_its_concurrency_is_refused_other_tenants_are_not(stand: Stand) -> None:
    first = stand.call()
    await wait_until(lambda: stand.probe.started == 1)
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stand.call(timeout=5)
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "calls in progress, the limit is 1" in (err.value.details() or "")
    status = rpc_status.from_call(err.value)
    assert status is not None
    quota, retry = error_details_pb2.QuotaFailure(), error_details_pb2.RetryInfo()
    assert any(d.Unpack(quota) for d in status.details) and any(d.Unpack(retry) for d in status.details)
    assert quota.violations[0].subject == "tenant:tenant-a"
    assert retry.retry_delay.ToNanoseconds() > 0
    other = stand.call(OTHER_KEY)  # tenant-b has its own slots
    await wait_until(lambda: stand.probe.started == 2)
    stand.probe.gate.set()
    assert await first == b"done" and await other == b"done"
    assert await stand.call(timeout=5) == b"done"  # the slot came back


@pytest.mark.parametrize("stand", [{"default_deadline_seconds": 0.3}], indirect=True)
async def test_a_call_without_deadline_gets_the_default_and_its_work_is_cancelled(
    stand: Stand, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="graphmem.rpc")
    loop = asyncio.get_running_loop()
    started = loop.time()
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stand.call(timeout=None)
    assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert loop.time() - started < 3.0  # the handler would have held the call for 30 s
    await wait_until(lambda: stand.probe.cancelled == 1)
    assert [r.code for r in caplog.records if r.msg == "rpc"] == ["DEADLINE_EXCEEDED"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("stand", [{"default_deadline_seconds": 0}], indirect=True)
async def test_cancelled_and_timed_out_calls_are_logged_with_their_real_code(
    stand: Stand, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="graphmem.rpc")
    call = stand.call()
    await wait_until(lambda: stand.probe.started == 1)
    call.cancel()
    await wait_until(lambda: stand.probe.cancelled == 1)
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stand.call(timeout=0.3)  # the client's own deadline
    assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    await wait_until(lambda: stand.probe.cancelled == 2)
    await wait_until(lambda: len([r for r in caplog.records if r.msg == "rpc"]) == 2)
    codes = [r.code for r in caplog.records if r.msg == "rpc"]  # type: ignore[attr-defined]
    assert codes == ["CANCELLED", "DEADLINE_EXCEEDED"]


def test_a_rolled_back_slow_transaction_answers_deadline_exceeded() -> None:
    from graphmem.errors import StorageTimeout
    from server.interceptors import status_for

    status = status_for(StorageTimeout("the graph database transaction ran past its timeout and was rolled back"))
    assert status.code == grpc.StatusCode.DEADLINE_EXCEEDED
