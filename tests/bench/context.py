"""GetContext latency through the real gRPC API: one user with N episodes (default 5,000) and a session of
120 turns; GetContext with a 2,000-token budget for a mix of zh/en queries (routing decides the layers).

    python -m tests.bench.context [--episodes 5000] [--queries 200]

Prints p50/p90/p99 next to Search alone (same queries, same process) as the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from graphmem.model import Scope
from graphmem.v1 import memory_service_pb2 as pb
from tests.bench.latency import QUERIES, load, pct, synthetic
from tests.conftest import close_api, make_settings, open_api, unique


async def run(episodes: int, queries: int) -> None:
    logging.getLogger("graphmem").setLevel(logging.WARNING)
    api = await open_api(make_settings(Path(tempfile.mkdtemp(prefix="graphmem-context-"))))
    user = unique("ctx-bench")
    scope = pb.Scope(user_id=user, session_id="bench")
    try:
        await load(api, Scope("tenant-a", user), synthetic(episodes, datetime(2025, 1, 1, tzinfo=UTC)))
        await api.stub.OpenSession(
            pb.OpenSessionRequest(scope=scope, instructions=["全程用中文回复"]), metadata=api.auth
        )
        for i in range(120):
            role = "user" if i % 2 == 0 else "assistant"
            message = pb.Message(role=role, text=f"第{i}轮：讨论项目进度，预算{i * 100}元")
            await api.stub.AppendMessages(pb.AppendMessagesRequest(scope=scope, messages=[message]), metadata=api.auth)
        timings: dict[str, list[float]] = {"GetContext": [], "Search": []}
        for i in range(queries + 10):
            query = QUERIES[i % len(QUERIES)]
            started = time.perf_counter()
            await api.stub.GetContext(
                pb.GetContextRequest(scope=scope, query=query, token_budget=2000), metadata=api.auth
            )
            middle = time.perf_counter()
            await api.stub.Search(pb.SearchRequest(scope=scope, query=query, top_k=10), metadata=api.auth)
            if i >= 10:
                timings["GetContext"].append((middle - started) * 1000)
                timings["Search"].append((time.perf_counter() - middle) * 1000)
        await api.stub.ForgetUser(pb.ForgetUserRequest(scope=scope), metadata=api.auth)
    finally:
        await close_api(api)
    print(f"{episodes} episodes, session of 120 turns, budget 2000 tokens, {queries} queries")
    print(f"{'call':>11} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8}")
    for name, values in timings.items():
        print(f"{name:>11} {statistics.median(values):>8.1f} {pct(values, 0.9):>8.1f} {pct(values, 0.99):>8.1f}")
    ratio = statistics.median(timings["GetContext"]) / statistics.median(timings["Search"])
    print(f"GetContext / Search p50: {ratio:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=5000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(run(args.episodes, args.queries))


if __name__ == "__main__":
    main()
