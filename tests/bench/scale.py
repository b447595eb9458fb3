"""Many users under the side-index memory budget: U users × E synthetic episodes each, ingested through the
service, then Search through the real gRPC API for a hot user (loaded, same queries again and again) and for
cold users (the first Search after their partition was evicted), with the service's RSS, the cache's
accounted bytes and the Neo4j store's bytes per episode.

    python -m tests.bench.scale                            # small: 100 users x 100 episodes
    python -m tests.bench.scale --users 1000 --per-user 1000   # the issue's (a): 1,000,000 episodes
    python -m tests.bench.scale --users 10000 --per-user 100   # the issue's (b)

Ingest embeds documents with a stand-in (the default embedder's vectors of each line's template, cached,
plus a small deterministic jitter): ingest speed then measures graphmem and Neo4j, not the embedder. The
query path uses the default embedder itself. The Neo4j figure is the growth of the database's store files
(transaction logs excluded; Neo4j grows them in pages, so small runs read high) over the episodes written; it needs the local Neo4j of `graphmem neo4j start`
(GRAPHMEM_NEO4J_HOME). Neo4j Community extends its store files only at a checkpoint (at shutdown, or every
15 minutes), so for a true figure run with `--keep` between `graphmem neo4j stop` / `start` and compare the
store's size (`du -sb <home>/data/databases/neo4j`) before and after. The bench's users are forgotten at
the end unless `--keep`. `--archive` ends with one maintenance run 40 days later that archives every
episode (one audit event each), for the store's size with audit events.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import logging
import os
import re
import statistics
import subprocess
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import numpy as np
from grpc_health.v1 import health_pb2_grpc

from graphmem.clock import ManualClock, SystemClock
from graphmem.config import Settings
from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors, l2_normalise
from graphmem.index.faiss_index import FaissIndex
from graphmem.index.line_tokens import LineTokenFiles
from graphmem.index.partition_snapshot import PartitionSnapshots
from graphmem.lifecycle.runner import MaintenanceRunner
from graphmem.model import Scope
from graphmem.policy import load_policy
from graphmem.service import MemoryService, embedder_from_settings
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from server.app import start_server
from tests.bench.latency import QUERIES, pct, rss_mb, synthetic
from tests.conftest import OPEN_APIS, Api, close_api, make_settings, unique

_NUMBERS = re.compile(r"#?\d+")


class StandInEmbedder:
    """Queries go to the real embedder; documents get the real vector of their last line's template (numbers
    removed), computed once per template, plus a jitter from the text's hash, so ingest costs no model
    call per episode and the vectors live in the real embedder's space."""

    def __init__(self, real: Embedder) -> None:
        self._real = real
        self.name = real.name
        self.dim = real.dim
        self._templates: dict[str, Vectors] = {}

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        if kind == EmbedKind.QUERY:
            return self._real.embed(texts, kind)
        keys = [_NUMBERS.sub("", t.rsplit("\n", 1)[-1]).strip() for t in texts]
        missing = sorted({k for k in keys if k not in self._templates})
        if missing:
            for key, row in zip(missing, self._real.embed(missing, kind), strict=True):
                self._templates[key] = row
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, (text, key) in enumerate(zip(texts, keys, strict=True)):
            seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
            jitter = np.random.default_rng(seed).standard_normal(self.dim).astype(np.float32)
            out[i] = self._templates[key] + 0.02 * jitter
        return l2_normalise(out, self.dim)


def neo4j_store() -> Path:
    home = os.environ.get("GRAPHMEM_NEO4J_HOME") or str(Path.home() / ".cache" / "graphmem" / "neo4j")
    return Path(home) / "data" / "databases" / "neo4j"


def store_bytes() -> int:
    path = neo4j_store()
    out = subprocess.run(["du", "-sb", str(path)], capture_output=True, text=True, check=False).stdout
    return int(out.split()[0]) if out else -1


def store_files() -> dict[str, int]:
    return {p.name: p.stat().st_size for p in neo4j_store().rglob("*") if p.is_file()}


def growth(before: dict[str, int], after: dict[str, int], episodes: int, top: int = 6) -> str:
    grown = sorted(((after[n] - before.get(n, 0), n) for n in after), reverse=True)[:top]
    return ", ".join(f"{n} {d / episodes:,.0f}" for d, n in grown if d > 0)


async def search_ms(api: Api, user: str, query: str) -> float:
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query=query, top_k=10)
    started = time.perf_counter()
    await api.stub.Search(request, metadata=api.auth)
    return (time.perf_counter() - started) * 1000


def line(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no samples"
    return (
        f"{label}: p50 {statistics.median(values):.1f} ms, p99 {pct(values, 0.99):.1f} ms, "
        f"max {max(values):.1f} ms (n={len(values)})"
    )


async def run(
    users: int,
    per_user: int,
    budget_mb: float | None,
    queries: int,
    cold: int,
    batch: int,
    keep: bool,
    archive: bool = False,
) -> None:
    logging.getLogger("graphmem").setLevel(logging.WARNING)
    data = Path(tempfile.mkdtemp(prefix="graphmem-scale-"))
    overrides: dict[str, object] = {} if budget_mb is None else {"index_memory_mb": budget_mb}
    settings = make_settings(data, maintenance_interval_seconds=0, **overrides)
    rss_start = rss_mb()
    real = embedder_from_settings(settings)
    policy, source = load_policy(settings.policy_file)
    graph = Neo4jGraph(settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, "neo4j")
    index = FaissIndex(settings.data_dir / "vectors", real.dim)
    service = MemoryService(
        graph,
        index,
        StandInEmbedder(real),
        policy,
        source,
        SystemClock(),
        index_memory_bytes=int(settings.index_memory_mb * 2**20),
        line_tokens=LineTokenFiles(settings.data_dir / "tokens"),  # as the service keeps them
        saved_partitions=PartitionSnapshots(settings.data_dir / "partitions"),
    )
    api = await open_api_with(settings, service)
    episodic = service.episodic
    cache = episodic.cache
    print(
        f"size: {users} users x {per_user} episodes = {users * per_user:,} episodes; "
        f"budget {cache.budget_bytes / 2**20:.0f} MiB; embedder {real.name} (queries), stand-in (documents)"
    )
    start = datetime(2025, 1, 1, tzinfo=UTC)
    names = [unique("scale") for _ in range(users)]
    try:
        store0, files0 = store_bytes(), store_files()
        rss_ready = rss_mb()
        drafts = synthetic(per_user, start)
        started = time.perf_counter()
        for n, name in enumerate(names):
            scope = Scope("tenant-a", name)
            for i in range(0, per_user, batch):
                await service.add_episodes(scope, drafts[i : i + batch])
            if (n + 1) % max(1, users // 10) == 0:
                rate = (n + 1) * per_user / (time.perf_counter() - started)
                print(f"  ingested {n + 1}/{users} users, {rate:,.0f} episodes/s, RSS {rss_mb():.0f} MB")
        ingest_s = time.perf_counter() - started
        await episodic.settle()
        await service.flush()
        store1, files1 = store_bytes(), store_files()
        total = users * per_user
        print(f"ingest: {total:,} episodes in {ingest_s:.1f} s = {total / ingest_s:,.0f} episodes/s")
        print(
            f"Neo4j store: {store0 / 1e6:.1f} -> {store1 / 1e6:.1f} MB = {(store1 - store0) / total:,.0f} bytes "
            f"per episode (no audit events: ingest writes none)"
        )
        print(f"  largest growth, bytes per episode: {growth(files0, files1, total)}")
        print(
            f"RSS: {rss_start:.0f} MB at start, {rss_ready:.0f} MB serving, {rss_mb():.0f} MB after ingest; "
            f"cache {cache.used_bytes / 2**20:.1f} MiB accounted in {len(cache)} partitions, "
            f"{cache.evictions} evictions"
        )

        pauses = _full_collections()
        hot = names[-1]
        await search_ms(api, hot, QUERIES[0])
        hot_ms = [await search_ms(api, hot, QUERIES[i % len(QUERIES)]) for i in range(queries)]
        print(line("hot user Search", hot_ms))

        loaded = set(cache.loaded())
        sample = [n for n in names if Scope("tenant-a", n).group_id not in loaded][:cold]
        by_budget = len(sample)
        for name in names[: cold - len(sample)]:
            if name not in sample:
                await episodic.evict(Scope("tenant-a", name).group_id)
                sample.append(name)
        cold_ms = [await search_ms(api, name, QUERIES[i % len(QUERIES)]) for i, name in enumerate(sample)]
        await episodic.settle()
        print(line(f"cold user first Search ({by_budget} evicted by the budget, the rest by hand)", cold_ms))

        reload_ms = []
        parts = _time_reload_parts(episodic)
        for name in sample:
            group = Scope("tenant-a", name).group_id
            await episodic.evict(group)
            began = time.perf_counter()
            await episodic.sync_partition(group)
            reload_ms.append((time.perf_counter() - began) * 1000)
        await episodic.settle()
        print(line(f"partition reload ({per_user} episodes: FAISS file + saved lexical partition)", reload_ms))
        for part, spent in parts.items():
            print(line(f"  of which {part}", spent))
        gc.callbacks.remove(pauses.record)
        print(
            f"full garbage collections while searching: {len(pauses.ms)}, longest "
            f"{max(pauses.ms, default=0.0):.1f} ms; objects the collector tracks: {len(gc.get_objects()):,}"
        )
        print(
            f"RSS at the end: {rss_mb():.0f} MB; cache {cache.used_bytes / 2**20:.1f} MiB accounted "
            f"(budget {cache.budget_bytes / 2**20:.0f} MiB) in {len(cache)} partitions"
        )
        if archive:
            later = ManualClock(datetime.now(UTC) + timedelta(days=40))
            runner = MaintenanceRunner(graph, episodic, policy, later, real)
            began = time.perf_counter()
            report = await runner.run(dry_run=False, group_ids=[Scope("tenant-a", n).group_id for n in names])
            print(
                f"maintenance 40 days later: {report.count('archive'):,} episodes archived (one audit event each) "
                f"in {time.perf_counter() - began:.1f} s"
            )
    finally:
        if not keep:
            for name in names:
                await service.forget_user(Scope("tenant-a", name))
        await close_api(api)


class _Pauses:
    """Durations of the cyclic garbage collector's full (generation 2) collections."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self._began = 0.0

    def record(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.ms.append((time.perf_counter() - self._began) * 1000)


def _full_collections() -> _Pauses:
    pauses = _Pauses()
    gc.callbacks.append(pauses.record)
    return pauses


def _time_reload_parts(episodic: Any) -> dict[str, list[float]]:
    """Wraps the steps of a partition reload on these instances (nothing in graphmem changes) and returns the
    milliseconds each call took, per step."""
    spent: dict[str, list[float]] = {}
    steps = (
        ("Neo4j: user state", episodic._repo, "state"),
        ("lexical partition (saved file, else Neo4j)", episodic, "_load_partition"),
        ("  restored from the saved file", episodic._partitions, "restore"),
        ("Neo4j: ranking rows", episodic._repo, "partition_rows"),
        ("token file", episodic, "_held_tokens"),
        ("BM25 build", episodic._partitions, "load"),
        ("FAISS file", episodic._index, "watermark"),
    )
    for label, owner, attr in steps:
        inner = getattr(owner, attr)
        times = spent.setdefault(label, [])

        async def timed(*args: Any, _inner: Any = inner, _times: list[float] = times, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return await _inner(*args, **kwargs)
            finally:
                _times.append((time.perf_counter() - began) * 1000)

        setattr(owner, attr, timed)
    return spent


async def open_api_with(settings: Settings, service: MemoryService) -> Api:
    """`open_api` for a service built here (with the stand-in document embedder)."""
    running = await start_server(settings, service, "127.0.0.1", 0)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    api = Api(running, channel, pb_grpc.MemoryServiceStub(channel), health_pb2_grpc.HealthStub(channel), settings)
    OPEN_APIS.append(api)  # close_api takes it off
    await api.wait_serving(timeout=600.0)  # a loaded machine and a fresh Neo4j warm up slowly
    return api


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--per-user", type=int, default=100)
    parser.add_argument("--index-memory-mb", type=float, default=None, help="default: the service default")
    parser.add_argument("--queries", type=int, default=200, help="hot-user searches")
    parser.add_argument("--cold", type=int, default=50, help="cold users searched once each")
    parser.add_argument("--batch", type=int, default=100, help="episodes per AddEpisodes call")
    parser.add_argument("--keep", action="store_true", help="keep the users (to measure the store after a restart)")
    parser.add_argument("--archive", action="store_true", help="end with a maintenance run that archives everything")
    args = parser.parse_args()
    asyncio.run(
        run(
            args.users,
            args.per_user,
            args.index_memory_mb,
            args.queries,
            args.cold,
            args.batch,
            args.keep,
            args.archive,
        )
    )


if __name__ == "__main__":
    main()
