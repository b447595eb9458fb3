"""Where Search time goes for a ~700-episode user: every LoCoMo dev question of one conversation asked through
gRPC, with the parts of the search path timed in place (wall time of each call, summed per Search).

Run: ``python -m tests.bench.search_profile [--lang en|zh] [--conversation 0] [--rounds 1]`` (from the second
round on, every query's vector comes from the query memo: rounds > 1 measure repeated queries)

The parts are wrapped in this process only (nothing in graphmem changes): the query embedding, the FAISS
search, the BM25 search, the neighbour facts, the rerank, the graph walk (mentions + Neo4j), the speakers the
query names (their name embeddings are also counted under the query embedding), the Neo4j read of the hits, and
the semantic layer (facts). "other" is the rest of the gRPC round trip: routing, validation,
conversion, the event loop and thread hand-offs. On a loaded machine the absolute figures mostly measure the
wait for a core; the shares say where the work is.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.memory import episodic as episodic_module
from graphmem.v1 import memory_service_pb2 as pb
from tests.bench.locomo import TOP_K, answerable, episode_input, reference_time, timestamp
from tests.bench.locomo_data import load_locomo
from tests.conftest import close_api, make_settings, open_api

_spent: dict[str, float] = defaultdict(float)


def _timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    if asyncio.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                _spent[name] += time.perf_counter() - began

        return run_async

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            _spent[name] += time.perf_counter() - began

    return run


async def profile(lang: str, conversation: int, rounds: int) -> str:
    conv = load_locomo(lang)[conversation]
    with tempfile.TemporaryDirectory(prefix="graphmem-profile-") as tmp:
        api = await open_api(make_settings(Path(tmp)), serving_timeout=600.0)
        service = api.running.service
        episodic = service.episodic
        user = f"profile-{lang}-{conv.sample_id}-{uuid.uuid4().hex[:8]}"  # a forgotten user cannot come back
        scope = pb.Scope(user_id=user)
        try:
            episodes = [episode_input(t) for t in conv.turns]
            began = time.perf_counter()
            await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=episodes), metadata=api.auth)
            ingest = time.perf_counter() - began
            # wrap the parts (instance attributes shadow the methods for this process only)
            episodic._embed = _timed("query embedding", episodic._embed)  # type: ignore[method-assign]
            episodic._walk = _timed("graph walk", episodic._walk)  # type: ignore[method-assign]
            episodic._speakers = _timed("speakers named", episodic._speakers)  # type: ignore[method-assign]
            index, parts, repo = episodic._index, episodic._partitions, episodic._repo
            index.nearest = _timed("faiss search", index.nearest)  # type: ignore[method-assign]
            parts.search = _timed("bm25 search", parts.search)  # type: ignore[method-assign]
            parts.rank_rows = _timed("ranking columns", parts.rank_rows)  # type: ignore[method-assign]
            repo.hits_and_state = _timed("neo4j hits read", repo.hits_and_state)  # type: ignore[method-assign]
            service.semantic.search = _timed("semantic layer", service.semantic.search)  # type: ignore[method-assign]
            episodic_module.rerank_columns = _timed("rerank", episodic_module.rerank_columns)  # type: ignore[attr-defined]
            when = timestamp(reference_time(conv).replace(tzinfo=UTC))
            totals: list[float] = []
            per_part: dict[str, list[float]] = defaultdict(list)
            for _ in range(rounds):
                for question in answerable(conv):
                    _spent.clear()
                    request = pb.SearchRequest(scope=scope, query=question.text, top_k=TOP_K, reference_time=when)
                    began = time.perf_counter()
                    await api.stub.Search(request, metadata=api.auth)
                    totals.append(1000.0 * (time.perf_counter() - began))
                    for name, seconds in _spent.items():
                        per_part[name].append(1000.0 * seconds)
        finally:
            await api.stub.ForgetUser(pb.ForgetUserRequest(scope=scope), metadata=api.auth)
            await close_api(api)
    n = len(totals)
    lines = [
        f"Search profile [{lang}] {conv.sample_id}: {len(conv.turns)} episodes (ingested at "
        f"{len(conv.turns) / ingest:.0f} episodes/s), {n} searches through gRPC, top_k {TOP_K}",
        f"  {'part':<18}{'mean ms':>9}{'p50 ms':>9}{'p99 ms':>9}{'share':>8}",
    ]
    mean_total = float(np.mean(totals))
    accounted = np.zeros(n)
    for name, values in sorted(per_part.items(), key=lambda kv: -float(np.sum(kv[1]))):
        padded = np.array(values + [0.0] * (n - len(values)))
        accounted += padded
        lines.append(
            f"  {name:<18}{padded.mean():>9.2f}{np.percentile(padded, 50):>9.2f}{np.percentile(padded, 99):>9.2f}"
            f"{100 * padded.mean() / mean_total:>7.0f}%"
        )
    other = np.array(totals) - accounted
    lines.append(
        f"  {'other (gRPC, loop)':<18}{other.mean():>9.2f}{np.percentile(other, 50):>9.2f}"
        f"{np.percentile(other, 99):>9.2f}{100 * other.mean() / mean_total:>7.0f}%"
    )
    p50, p99 = np.percentile(totals, [50, 99])
    lines.append(f"  {'total':<18}{mean_total:>9.2f}{p50:>9.2f}{p99:>9.2f}")
    lines.append("  (parts that run concurrently — embedding, graph walk, semantic layer — overlap in the total)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.search_profile", description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("en", "zh"), default="en")
    parser.add_argument("--conversation", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    print(asyncio.run(profile(args.lang, args.conversation, args.rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
