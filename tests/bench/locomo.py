"""LoCoMo evidence-retrieval benchmark through the real gRPC API, against in-process BM25 and dense baselines.

Run: ``python -m tests.bench.locomo [--lang en|zh|both] [--conversations N] [--embedder NAME] [--cv | --mixed]``
(``--cv``: leave-one-conversation-out, see tests/bench/locomo_cv.py; ``--mixed``: a memory in one language asked
in the other — the Chinese turns with the English questions ("zh>en") and the English turns with the Chinese
questions ("en>zh"); the translations keep every dialogue id and the order of the questions).

A graphmem server is started in this process (port 0, a fresh temporary data dir, the Neo4j of the tests).
Every turn of a conversation becomes one episode (key and metadata ``dia_id``, the session's date-time), written
with AddEpisodes; every question (category 5 and questions without valid evidence skipped) is asked with
Search (top_k=25, reference time = last session + 1 day). The hits are mapped back to ``dia_id`` and scored by
evidence recall@5/10/25, hit@10 and MRR, per category and overall. The baselines rank the same turn texts:
BM25 with the service's tokeniser, and cosine similarity with the embedder the server uses. Every metric is
reported in [0, 100] (MRR too). Tables go to stdout; logs go to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
from google.protobuf.timestamp_pb2 import Timestamp

from graphmem.embedding.protocol import Embedder, EmbedKind
from graphmem.retrieval.lexical import BM25Index, tokenize
from graphmem.service import embedder_from_settings
from graphmem.v1 import memory_service_pb2 as pb
from tests.bench.locomo_data import Conversation, Question, Turn, load_locomo
from tests.conftest import Api, close_api, make_settings, open_api

KS = (5, 10, 25)
TOP_K = 25
BATCH_SIZE = 1000
SYSTEMS = ("graphmem", "bm25", "dense")
BASELINES = ("bm25", "dense")
METRICS = ("r@5", "r@10", "r@25", "hit@10", "mrr")
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
TARGET_R10 = {"en": 70.0, "zh": 65.0}
MARGIN_OVER_BASELINE = 5.0


# ----------------------------------------------------------------------------------------------- metrics
def question_metrics(ranked: Sequence[str], evidence: Sequence[str]) -> dict[str, float]:
    """Metrics of one ranked list of dia_ids against the question's evidence ids, each in [0, 1]."""
    ranked = list(dict.fromkeys(ranked))  # a dia_id counts once, at its best rank
    wanted = set(evidence)
    out = {f"r@{k}": len(wanted.intersection(ranked[:k])) / len(wanted) for k in KS}
    out["hit@10"] = 1.0 if wanted.intersection(ranked[:10]) else 0.0
    first = next((rank for rank, dia_id in enumerate(ranked, 1) if dia_id in wanted), None)
    out["mrr"] = 1.0 / first if first else 0.0
    return out


@dataclass
class SystemScores:
    """Per-question metrics of one system, kept by category."""

    by_category: dict[int, list[dict[str, float]]] = field(default_factory=dict)

    def add(self, category: int, metrics: dict[str, float]) -> None:
        self.by_category.setdefault(category, []).append(metrics)

    def mean(self, category: int | None = None) -> dict[str, float]:
        """Mean of every metric ×100 over one category, or over all questions when category is None."""
        rows = (
            [m for ms in self.by_category.values() for m in ms]
            if category is None
            else self.by_category.get(category, [])
        )
        return {name: 100.0 * float(np.mean([r[name] for r in rows])) if rows else 0.0 for name in METRICS}

    def count(self, category: int | None = None) -> int:
        if category is None:
            return sum(len(ms) for ms in self.by_category.values())
        return len(self.by_category.get(category, []))


@dataclass
class LangReport:
    """Everything measured for one language."""

    lang: str
    embedder: str
    conversations: int = 0
    turns: int = 0
    scores: dict[str, SystemScores] = field(default_factory=lambda: {s: SystemScores() for s in SYSTEMS})
    ingest_seconds: float = 0.0
    search_ms: list[float] = field(default_factory=list)

    def overall(self) -> dict[str, dict[str, float]]:
        return {system: self.scores[system].mean() for system in SYSTEMS}


# ------------------------------------------------------------------------------------------ the episodes
def episode_text(turn: Turn) -> str:
    return f"{turn.text} [image: {turn.blip_caption}]" if turn.blip_caption else turn.text


def timestamp(when: datetime) -> Timestamp:
    """The naive LoCoMo date-times are taken as UTC."""
    ts = Timestamp()
    ts.FromDatetime(when.replace(tzinfo=UTC))
    return ts


def episode_input(turn: Turn) -> pb.EpisodeInput:
    episode = pb.EpisodeInput(
        key=turn.dia_id,
        text=episode_text(turn),
        speaker=turn.speaker,
        session_id=f"session_{turn.session}",
        metadata={"dia_id": turn.dia_id},
    )
    if turn.occurred_at is not None:
        episode.occurred_at.CopyFrom(timestamp(turn.occurred_at))
    return episode


def reference_time(conv: Conversation) -> datetime:
    """The conversation's last session time plus one day."""
    times = [s.occurred_at for s in conv.sessions if s.occurred_at is not None]
    if not times:
        raise ValueError(f"{conv.sample_id}: no session has a parseable date-time")
    return max(times) + timedelta(days=1)


def answerable(conv: Conversation) -> list[Question]:
    return [q for q in conv.questions if q.category != 5 and q.evidence]


# ---------------------------------------------------------------------------------------------- graphmem
async def graphmem_rankings(
    api: Api, conv: Conversation, questions: Sequence[Question], user_id: str, report: LangReport
) -> list[list[str]]:
    """Ingest the conversation through AddEpisodes, ask every question through Search, then ForgetUser."""
    scope = pb.Scope(user_id=user_id)
    episodes = [episode_input(t) for t in conv.turns]
    try:
        for start in range(0, len(episodes), BATCH_SIZE):
            request = pb.AddEpisodesRequest(scope=scope, episodes=episodes[start : start + BATCH_SIZE])
            began = time.perf_counter()
            await api.stub.AddEpisodes(request, metadata=api.auth)
            report.ingest_seconds += time.perf_counter() - began
        when = timestamp(reference_time(conv))
        rankings: list[list[str]] = []
        for question in questions:
            request = pb.SearchRequest(scope=scope, query=question.text, top_k=TOP_K, reference_time=when)
            began = time.perf_counter()
            reply = await api.stub.Search(request, metadata=api.auth)
            report.search_ms.append(1000.0 * (time.perf_counter() - began))
            rankings.append([h.metadata["dia_id"] for h in reply.hits if "dia_id" in h.metadata])
        return rankings
    finally:
        await api.stub.ForgetUser(pb.ForgetUserRequest(scope=scope), metadata=api.auth)


# --------------------------------------------------------------------------------------------- baselines
def bm25_rankings(turns: Sequence[Turn], questions: Sequence[Question]) -> list[list[str]]:
    index = BM25Index()
    index.add_many((i, tokenize(episode_text(t))) for i, t in enumerate(turns))
    return [[turns[i].dia_id for i, _ in index.search(tokenize(q.text), TOP_K)] for q in questions]


def dense_rankings(embedder: Embedder, turns: Sequence[Turn], questions: Sequence[Question]) -> list[list[str]]:
    docs = embedder.embed([episode_text(t) for t in turns], EmbedKind.DOCUMENT)
    queries = embedder.embed([q.text for q in questions], EmbedKind.QUERY)
    similarity = queries @ docs.T  # rows are L2-normalised: the dot product is the cosine
    top = np.argsort(-similarity, axis=1, kind="stable")[:, :TOP_K]
    return [[turns[i].dia_id for i in row] for row in top]


# ------------------------------------------------------------------------------------------------- a run
async def run_benchmark(
    langs: Sequence[str], conversations: int | None = None, embedder: str | None = None
) -> dict[str, LangReport]:
    """Run the benchmark for each language against one in-process server; returns a report per language."""
    data = {lang: load_locomo(lang)[:conversations] for lang in langs}  # fails first when the data is absent
    return await run_conversations(data, embedder)


def mixed_conversations(memory: str, asking: str, conversations: int | None = None) -> list[Conversation]:
    """Each conversation's turns in the `memory` language with its questions in the `asking` language."""
    stored, asked = load_locomo(memory)[:conversations], load_locomo(asking)[:conversations]
    mixed = []
    for conv, other in zip(stored, asked, strict=True):
        same = conv.sample_id == other.sample_id and [(q.category, q.evidence) for q in conv.questions] == [
            (q.category, q.evidence) for q in other.questions
        ]
        if not same:
            raise ValueError(f"{conv.sample_id}: the {memory} and {asking} questions do not line up")
        mixed.append(replace(conv, questions=other.questions))
    return mixed


async def run_conversations(data: dict[str, list[Conversation]], embedder: str | None = None) -> dict[str, LangReport]:
    """Run the benchmark for each labelled list of conversations against one in-process server."""
    run_id = uuid.uuid4().hex[:8]
    with tempfile.TemporaryDirectory(prefix="graphmem-locomo-") as tmp:
        overrides = {"embedder": embedder} if embedder else {}
        api = await open_api(make_settings(Path(tmp), **overrides), serving_timeout=600.0)  # warm-up under load
        try:
            dense_embedder = embedder_from_settings(api.settings)
            reports: dict[str, LangReport] = {}
            for lang, convs in data.items():
                report = LangReport(lang=lang, embedder=api.settings.embedder)
                for conv in convs:
                    questions = answerable(conv)
                    turns = conv.turns
                    user_id = f"locomo-{lang.replace('>', '-')}-{conv.sample_id}-{run_id}"
                    rankings = {
                        "graphmem": await graphmem_rankings(api, conv, questions, user_id, report),
                        "bm25": bm25_rankings(turns, questions),
                        "dense": await asyncio.to_thread(dense_rankings, dense_embedder, turns, questions),
                    }
                    for system, ranked_lists in rankings.items():
                        for question, ranked in zip(questions, ranked_lists, strict=True):
                            report.scores[system].add(question.category, question_metrics(ranked, question.evidence))
                    report.conversations += 1
                    report.turns += len(turns)
                reports[lang] = report
            return reports
        finally:
            await close_api(api)


def run_locomo(lang: str, conversations: int | None, embedder: str | None) -> dict[str, dict[str, float]]:
    """Overall metrics per system ("graphmem", "bm25", "dense"), each {"r@5", "r@10", ...} in [0, 100]."""
    return asyncio.run(run_benchmark([lang], conversations, embedder))[lang].overall()


# ------------------------------------------------------------------------------------------------ output
def format_table(report: LangReport) -> str:
    header = f"{'system':<9} {'category':<12} {'n':>4}" + "".join(f" {m.upper():>7}" for m in METRICS)
    lines = [
        f"LoCoMo dev [{report.lang}]: {report.conversations} conversations, {report.turns} turns, "
        f"embedder {report.embedder}, top_k {TOP_K} (all metrics x100)",
        header,
        "-" * len(header),
    ]
    categories = sorted(report.scores["graphmem"].by_category)
    for system in SYSTEMS:
        scores = report.scores[system]
        for category in [*categories, None]:
            name = "overall" if category is None else CATEGORY_NAMES.get(category, f"cat-{category}")
            values = scores.mean(category)
            lines.append(
                f"{system:<9} {name:<12} {scores.count(category):>4}" + "".join(f" {values[m]:>7.1f}" for m in METRICS)
            )
        lines.append("")
    n_episodes = report.turns
    rate = n_episodes / report.ingest_seconds if report.ingest_seconds else float("nan")
    p50, p99 = np.percentile(report.search_ms, [50, 99]) if report.search_ms else (float("nan"),) * 2
    lines.append(
        f"ingest: {n_episodes} episodes in {report.ingest_seconds:.1f} s = {rate:.1f} episodes/s (AddEpisodes)"
    )
    lines.append(f"search: {len(report.search_ms)} queries, latency p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    return "\n".join(lines)


def verdict(report: LangReport) -> str:
    overall = report.overall()
    ours = overall["graphmem"]["r@10"]
    best = max(BASELINES, key=lambda s: overall[s]["r@10"])
    bar = overall[best]["r@10"] + MARGIN_OVER_BASELINE
    target = TARGET_R10[report.lang]
    return (
        f"verdict [{report.lang}]: graphmem R@10 {ours:.1f} vs best baseline ({best}) "
        f"{overall[best]['r@10']:.1f} + {MARGIN_OVER_BASELINE:.0f} = {bar:.1f}: "
        f"{'PASS' if ours >= bar else 'FAIL'}; vs target {target:.0f}: {'PASS' if ours >= target else 'FAIL'}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.locomo", description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("en", "zh", "both"), default="both")
    parser.add_argument("--conversations", type=int, default=None, help="only the first N conversations")
    parser.add_argument("--embedder", default=None, help="embedder of the server and the dense baseline")
    parser.add_argument("--cv", action="store_true", help="leave-one-conversation-out over a grid of policies")
    parser.add_argument("--mixed", action="store_true", help="memory in one language, questions in the other")
    args = parser.parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    for name in ("graphmem", "server"):
        logging.getLogger(name).setLevel(logging.WARNING)
    langs = ["en", "zh"] if args.lang == "both" else [args.lang]
    if args.cv:
        from tests.bench.locomo_cv import run_cv

        run_cv(langs)
        return 0
    if args.mixed:
        pairs = (
            [("zh", "en"), ("en", "zh")] if args.lang == "both" else [("zh" if args.lang == "en" else "en", args.lang)]
        )
        data = {f"{m}>{a}": mixed_conversations(m, a, args.conversations) for m, a in pairs}
        for report in asyncio.run(run_conversations(data, args.embedder)).values():
            print(format_table(report), end="\n\n")
        return 0
    reports = asyncio.run(run_benchmark(langs, args.conversations, args.embedder))
    for report in reports.values():
        print(format_table(report), end="\n\n")
    for report in reports.values():
        print(verdict(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
