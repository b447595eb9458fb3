"""Search time of the semantic (facts) layer as a user's active facts grow: users with 50 / 500 / 2,000 active
facts (512-d embeddings, as the default embedder stores) in a real Neo4j, the layer's `search` called in
process with a fixed set of queries.

Run: ``python -m tests.bench.facts_search [--sizes 50,500,2000] [--queries 40]``

The query vectors come from a deterministic stand-in embedder (a seeded random unit vector per text), so the
figures are the layer's own work, not the embedding model. "search" is a Search while the process's view of
the user's facts is current (the facts stamp read, cosines over the cached matrix, BM25, the rerank); "stamp"
is the stamp read alone; "rebuild" is a Search just after another write changed one of the user's facts (the
view is rebuilt: the facts re-read, the embeddings of versions not seen before read, BM25 rebuilt); "full read"
is what every Search read before views existed (every active fact with its embedding).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import statistics
import tempfile
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from graphmem.clock import ManualClock
from graphmem.embedding.protocol import EmbedKind, Vectors
from graphmem.extraction.extractor import RuleExtractor
from graphmem.memory.semantic import SemanticMemory
from graphmem.model import Fact, FactStatus, Scope, SearchQuery
from graphmem.policy import load_policy
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.episodes import EpisodeRepository
from graphmem.storage.neo4j.facts import FactRepository, KeyUnit, new_fact_id
from graphmem.storage.neo4j.schema import migrate
from tests.conftest import make_settings

DIM = 512
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
TOPICS = ["coffee", "tea", "python", "rust", "hiking", "jazz", "sushi", "berlin", "tokyo", "chess", "yoga", "piano"]
VERBS = ["likes", "dislikes", "uses", "visits", "practises", "prefers"]


class SeededEmbedder:
    """A deterministic unit vector per text (the embedding model is not what this measures)."""

    name = "seeded"
    dim = DIM

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        del kind
        rows = []
        for text in texts:
            seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
            v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.vstack(rows)


def fact_text(i: int) -> tuple[str, str, str]:
    topic = TOPICS[i % len(TOPICS)]
    verb = VERBS[(i // len(TOPICS)) % len(VERBS)]
    value = f"{topic} {i}"
    return f"pref:item{i}", value, f"The user {verb} {topic} number {i}"


async def fill(repo: FactRepository, embedder: SeededEmbedder, scope: Scope, n: int) -> None:
    async def one(i: int) -> None:
        key, value, text = fact_text(i)
        fact = Fact(
            id=new_fact_id(),
            key=key,
            subject="user",
            predicate="likes",
            value=value,
            polarity=True,
            fact=text,
            kind="preference",
            status=FactStatus.ACTIVE,
            confidence=0.9,
            evidence=text,
            project_id="",
            importance=0.5,
            valid_at=T0 + timedelta(minutes=i),
            created_at=T0 + timedelta(minutes=i),
        )
        vec = embedder.embed([text], EmbedKind.DOCUMENT)[0].tolist()

        async def work(unit: KeyUnit) -> None:
            await unit.create(fact, vec, "")

        await repo.under_key_lock(scope, "", key, T0, work)

    for start in range(0, n, 8):
        await asyncio.gather(*(one(i) for i in range(start, min(n, start + 8))))


async def touch(unit: KeyUnit) -> None:
    """Takes a key's lock and changes nothing (as a write whose plan is empty: the facts stamp still moves)."""
    del unit


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main(sizes: list[int], queries: int) -> None:
    settings = make_settings(Path(tempfile.mkdtemp(prefix="facts-bench-")))
    graph = Neo4jGraph(
        settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, settings.neo4j_database
    )
    await migrate(graph)
    policy, _ = load_policy(None)
    embedder = SeededEmbedder()
    repo = FactRepository(graph)
    semantic = SemanticMemory(
        repo, EpisodeRepository(graph), RuleExtractor(), embedder, policy, ManualClock(T0 + timedelta(days=30))
    )
    texts = [f"what does the user think about {TOPICS[i % len(TOPICS)]}" for i in range(queries)]
    print(
        f"{'facts':>6} {'search p50':>11} {'p90':>8} {'stamp p50':>10} {'rebuild p50':>12} {'full read p50':>14}  hits"
    )
    scopes = []
    try:
        for n in sizes:
            scope = Scope("bench", f"facts_{n}_{uuid.uuid4().hex[:8]}")
            scopes.append(scope)
            await fill(repo, embedder, scope, n)
            timings: list[float] = []
            reads: list[float] = []
            hits = 0
            for rnd in range(2):  # the first round warms the driver and the plan cache
                for text in texts:
                    query = SearchQuery(scope, text, 10, T0 + timedelta(days=30))
                    began = time.perf_counter()
                    found = await semantic.search(query, "", None)
                    spent = time.perf_counter() - began
                    began = time.perf_counter()
                    await repo.by_status(scope, [FactStatus.ACTIVE], [""], with_embedding=True)
                    read = time.perf_counter() - began
                    if rnd:
                        timings.append(spent * 1000)
                        reads.append(read * 1000)
                        hits += len(found)
            stamps: list[float] = []
            rebuilds: list[float] = []
            for text in texts[:10]:
                began = time.perf_counter()
                await repo.stamp(scope)
                stamps.append((time.perf_counter() - began) * 1000)
                await repo.under_key_lock(scope, "", "pref:item0", T0, touch)  # a write: the stamp moves
                began = time.perf_counter()
                await semantic.search(SearchQuery(scope, text, 10, T0 + timedelta(days=30)), "", None)
                rebuilds.append((time.perf_counter() - began) * 1000)
            print(
                f"{n:>6} {statistics.median(timings):>8.1f} ms {pct(timings, 0.9):>5.1f} ms "
                f"{statistics.median(stamps):>7.1f} ms {statistics.median(rebuilds):>9.1f} ms "
                f"{statistics.median(reads):>11.1f} ms  {hits / len(texts):.1f}"
            )
    finally:
        for scope in scopes:
            await repo.forget(scope.group_id)
        await graph.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="50,500,2000")
    parser.add_argument("--queries", type=int, default=40)
    args = parser.parse_args()
    asyncio.run(main([int(s) for s in args.sizes.split(",")], args.queries))
