"""Fuzzing `graphmem serve` as launched (default settings and logging): 270 requests generated from every
RPC's descriptor (fixed seed) get no INTERNAL or UNKNOWN answer and the server still answers health. The
stage fails on any ERROR the server logs, so the logging of hostile requests is covered too."""

from __future__ import annotations

import asyncio
import uuid

import grpc.aio
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.fuzzing import METHODS, FuzzReport, fuzz
from tests.launched.conftest import Launched

REQUESTS = 10 * len(METHODS)


async def _fuzz(launched: Launched) -> tuple[FuzzReport, int]:
    async with grpc.aio.insecure_channel(launched.address) as channel:
        tag = uuid.uuid4().hex[:8]
        report = await fuzz(
            channel,
            (("authorization", f"Bearer {launched.api_key}"),),
            REQUESTS,
            seed=29,
            users=(f"fuzz-launched-{tag}",),
            forget_users=(f"fuzz-launched-forget-{tag}",),
        )
        health = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=30)
        return report, health.status


def test_fuzzed_requests_get_no_internal_or_unknown_from_the_launched_server(launched: Launched) -> None:
    report, health = asyncio.run(_fuzz(launched))
    assert report.sent == REQUESTS
    assert report.failing == 0, "\n".join(report.failures) + "\n" + report.table()
    assert {m for m, _ in report.codes} == {m.name for m in METHODS}
    assert health == health_pb2.HealthCheckResponse.SERVING
