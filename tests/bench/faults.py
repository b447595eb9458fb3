"""Fault and privacy figures at a larger size than the tests:

    python -m tests.bench.faults [--kills 3] [--writers 8] [--writes 60] [--episodes 200] [--outages 3]

- crash: `graphmem serve` SIGKILLed mid-write `--kills` times by `--writers` client threads (tests/launched/
  crash.py); acknowledged, refused, lost episodes, restart times, and the time until Search finds every token;
- outage: an in-process server whose Bolt traffic goes through a proxy, cut off `--outages` times under a
  writing client (tests/outage_drill.py); per RPC the answer and time while Neo4j is unreachable, how long
  health takes to turn NOT_SERVING and SERVING again, the first AddEpisodes after the return, writes lost;
- privacy: ForgetUser of a user with `--episodes` episodes while its extraction and maintenance are in flight,
  and DeleteEpisode of a tenth of another user's episodes; what is left (graph, FAISS, files) and how long each
  took.

Uses the environment's GRAPHMEM_* settings and the Neo4j they name (`graphmem neo4j start`).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

from graphmem.clock import ManualClock
from graphmem.index.faiss_index import FaissIndex
from graphmem.model import EpisodeDraft, Scope
from graphmem.policy import load_policy
from graphmem.service import MemoryService, embedder_from_settings
from graphmem.storage.neo4j.driver import Neo4jGraph
from tests.bolt_proxy import bolt_proxy
from tests.conftest import close_api, make_settings, neo4j_uri, open_api
from tests.launched.crash import crash_drill
from tests.outage_drill import outage_drill
from tests.privacy_probe import GatedExtractor, files_holding, holders_of, leftovers

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def crash(workdir: Path, kills: int, writers: int, writes: int) -> None:
    started = time.perf_counter()
    report = crash_drill(workdir, kills=kills, writers=writers, users=writers, writes_per_round=writes)
    restarts = ", ".join(f"{s:.1f}" for s in report.restart_seconds)
    print(
        f"crash: {report.kills} SIGKILLs mid-write, {len(report.acknowledged)} acknowledged, {report.refused} "
        f"refused, {len(report.lost)} lost; {len(report.acknowledged) - len(report.unfound)}/"
        f"{len(report.acknowledged)} tokens found by Search after {report.catch_up_seconds:.1f}s; "
        f"restarts to SERVING {restarts}s; {time.perf_counter() - started:.0f}s in all"
    )


async def outage(workdir: Path, outages: int) -> None:
    target = urlsplit(neo4j_uri())
    with bolt_proxy(target.hostname or "127.0.0.1", target.port or 7687) as proxy:
        api = await open_api(make_settings(workdir, neo4j_uri=proxy.uri, health_probe_seconds=0.5))
        try:
            for n in range(outages):
                report = await outage_drill(api, proxy, outage_seconds=2.0)
                codes = Counter(code.name for code, _ in report.answers.values())
                times = sorted(seconds for _, seconds in report.answers.values())
                print(
                    f"outage {n + 1}: {len(report.answers)} storage RPCs answered {dict(codes)}; "
                    f"p50 {statistics.median(times) * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms "
                    f"(deadline 20 s); NOT_SERVING after {report.not_serving_after:.2f}s; SERVING "
                    f"{report.serving_after_return:.2f}s after the return; first AddEpisodes "
                    f"{report.first_write_seconds * 1000:.0f} ms; writer: {report.acknowledged} acknowledged, "
                    f"{len(report.refused)} refused, {len(report.lost)} lost"
                )
        finally:
            await close_api(api)


async def privacy(workdir: Path, episodes: int) -> None:
    settings = make_settings(workdir)
    embedder = embedder_from_settings(settings)
    policy, _ = load_policy(None)
    graph = Neo4jGraph(settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, "neo4j")
    index = FaissIndex(workdir / "vectors", embedder.dim)
    extractor = GatedExtractor()
    clock = ManualClock(START)
    service = MemoryService(graph, index, embedder, policy, "bench", clock, extractor=extractor)
    await service.migrate()
    try:
        scope = Scope("tenant-a", f"bench-forget-{uuid.uuid4().hex[:8]}")
        token = f"zq{uuid.uuid4().hex[:8]}"
        drafts = [
            EpisodeDraft(f"k{i}", f"I really love {token}{i} and work on project {i % 7}", START + timedelta(minutes=i))
            for i in range(episodes)
        ]
        for at in range(0, episodes, 50):
            await service.add_episodes(scope, drafts[at : at + 50])
        await service.flush()
        extraction = asyncio.create_task(service.semantic.drain())
        await asyncio.to_thread(extractor.started.wait, 60)
        clock.advance(timedelta(days=400))
        maintenance = asyncio.create_task(service.run_maintenance(scope, dry_run=False))
        await asyncio.sleep(0.05)
        started = time.perf_counter()
        await service.forget_user(scope)
        forget_seconds = time.perf_counter() - started
        extractor.release.set()
        await extraction
        await maintenance
        await service.flush()
        left = [labels for labels, _ in await leftovers(graph, scope.group_id, scope.user_id)]
        print(
            f"privacy: ForgetUser of {episodes} episodes during extraction and maintenance took {forget_seconds:.2f}s; "
            f"left {len(left)} nodes ({', '.join(sorted({label for labels in left for label in labels}))}), "
            f"{len(await holders_of(graph, token))} properties holding its words, "
            f"{len(await index.ids(scope.group_id))} FAISS vectors, {len(files_holding(workdir, token))} files"
        )

        other = Scope("tenant-a", f"bench-delete-{uuid.uuid4().hex[:8]}")
        tokens = [f"zq{uuid.uuid4().hex[:10]}" for _ in range(episodes)]
        drafts = [
            EpisodeDraft(f"d{i}", f"I really love {tokens[i]}", START + timedelta(minutes=i), "s1", "user")
            for i in range(episodes)
        ]
        ids: list[str] = []
        for at in range(0, episodes, 50):
            ids += [w.id for w in await service.add_episodes(other, drafts[at : at + 50])]
        await service.semantic.drain()
        doomed = list(range(0, episodes, 10))
        times = []
        for i in doomed:
            started = time.perf_counter()
            await service.delete_episode(other, ids[i])
            times.append(time.perf_counter() - started)
        await service.flush()
        holding = sum(1 for i in doomed if await holders_of(graph, tokens[i]))
        in_files = sum(1 for i in doomed if files_holding(workdir, tokens[i]))
        print(
            f"privacy: DeleteEpisode of {len(doomed)} of {episodes} episodes (facts extracted): p50 "
            f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; {holding} deleted "
            f"episodes' words still in the graph, {in_files} in files"
        )
        await service.forget_user(other)
    finally:
        extractor.release.set()
        await service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--writes", type=int, default=60, help="acknowledged writes per round before the kill")
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--outages", type=int, default=3)
    parser.add_argument("--only", choices=["crash", "outage", "privacy"], default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="graphmem-faults-") as tmp:
        root = Path(tmp)
        if args.only in (None, "privacy"):
            (root / "privacy").mkdir()
            asyncio.run(privacy(root / "privacy", args.episodes))
        if args.only in (None, "outage"):
            (root / "outage").mkdir()
            asyncio.run(outage(root / "outage", args.outages))
        if args.only in (None, "crash"):
            (root / "crash").mkdir()
            crash(root / "crash", args.kills, args.writers, args.writes)


if __name__ == "__main__":
    main()
