"""Fuzzing `graphmem serve` as a user launches it: requests generated from every RPC's descriptor.

    python -m tests.bench.fuzz [--requests 20000] [--seed 13] [--concurrency 8]

Prints the count of each status code per RPC, the INTERNAL/UNKNOWN answers (target: 0), calls that ran into
their deadline, the ERROR lines the server logged, and whether it still answers health afterwards. Uses the
environment's GRAPHMEM_* settings (port, Neo4j) and needs the Neo4j it names running (`graphmem neo4j start`).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
import uuid
from pathlib import Path

import grpc.aio
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.fuzzing import fuzz
from tests.launched.serve import DEV_KEY, launch, stop


async def _run(address: str, requests: int, seed: int, concurrency: int) -> int:
    async with grpc.aio.insecure_channel(address) as channel:
        users = tuple(f"fuzz-{uuid.uuid4().hex[:8]}" for _ in range(3))
        started = time.perf_counter()
        report = await fuzz(
            channel, (("authorization", f"Bearer {DEV_KEY}"),), requests, seed, concurrency, users=users
        )
        seconds = time.perf_counter() - started
        print(report.table())
        print(f"\n{report.sent} requests in {seconds:.1f} s ({report.sent / seconds:.0f}/s), seed {seed}")
        print(f"INTERNAL/UNKNOWN: {report.failing}")
        for line in report.failures:
            print("  " + line)
        stalled = sum(n for (_, code), n in report.codes.items() if code == "DEADLINE_EXCEEDED")
        print(f"DEADLINE_EXCEEDED: {stalled}")
        health = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=10)
        print(f"health afterwards: {health_pb2.HealthCheckResponse.ServingStatus.Name(health.status)}")
        return report.failing + stalled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log_path = Path(tmp) / "graphmem-serve.log"
        server = launch(log_path)
        try:
            bad = asyncio.run(_run(server.address, args.requests, args.seed, args.concurrency))
        finally:
            stop(server.process)
        errors = server.error_lines()
        print(f"ERROR lines logged by the server: {len(errors)}")
        for record in [r for r in server.log_records() if r.get("level") in ("ERROR", "CRITICAL")][:10]:
            exc = str(record.get("exc", ""))  # the end of a traceback names the fault
            print(f"  {record.get('method', record.get('logger'))}: {record.get('msg')} … {exc[-700:]}")
    if bad or errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
