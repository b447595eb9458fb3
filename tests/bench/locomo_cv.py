"""Leave-one-conversation-out evaluation of episodic recall on LoCoMo dev, through the real gRPC API.

Run: ``python -m tests.bench.locomo --cv [--lang en|zh|both]``.

The rerank weights of the memory policy are the choices this pipeline makes. Each conversation is ingested
once; then, for every candidate policy in a small grid (the similarity/lexical split and the same-session
neighbour weight), a server is started on the same Neo4j and data directory with that policy and every
question is asked through Search. For each fold, the policy with the best R@10 on the other conversations is
chosen and scored on the held-out one; the held-out scores of all folds are pooled per category. The table
prints that cross-validated figure beside the all-dev figure of the shipped policy and of the grid's best
(which is chosen on the very questions it is scored on, so it is optimistic), and the same-run BM25.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import yaml
from google.protobuf.timestamp_pb2 import Timestamp

from graphmem.policy import builtin_policy_text
from graphmem.v1 import memory_service_pb2 as pb
from tests.bench.locomo import (
    BATCH_SIZE,
    CATEGORY_NAMES,
    TOP_K,
    answerable,
    bm25_rankings,
    episode_input,
    question_metrics,
    reference_time,
    timestamp,
)
from tests.bench.locomo_data import Conversation, load_locomo
from tests.conftest import Api, close_api, make_settings, open_api

SPLITS = ((0.3, 0.7), (0.4, 0.6), (0.5, 0.5))  # (similarity, lexical)
NEIGHBOURS = (0.4, 0.7, 1.0)
SHIPPED = "shipped"


@dataclass(frozen=True)
class Candidate:
    name: str
    similarity: float | None = None
    lexical: float | None = None
    neighbour: float | None = None

    def policy(self, base: dict[str, object]) -> dict[str, object]:
        policy = yaml.safe_load(yaml.safe_dump(base))
        if self.similarity is None:
            return policy
        for weights in policy["rerank"]["kinds"].values():
            weights.update(similarity=self.similarity, lexical=self.lexical, neighbour=self.neighbour)
        return policy


def candidates() -> list[Candidate]:
    grid = [Candidate(f"s{sim:.1f}/l{lex:.1f}/n{nbr:.1f}", sim, lex, nbr) for sim, lex in SPLITS for nbr in NEIGHBOURS]
    return [Candidate(SHIPPED), *grid]


@dataclass
class Scores:
    """Per-question metrics: [candidate][conversation] -> list of (category, metrics)."""

    rows: dict[str, dict[str, list[tuple[int, dict[str, float]]]]] = field(default_factory=dict)
    search_ms: list[float] = field(default_factory=list)

    def add(self, candidate: str, conv: str, category: int, metrics: dict[str, float]) -> None:
        self.rows.setdefault(candidate, {}).setdefault(conv, []).append((category, metrics))

    def r10(self, candidate: str, convs: Sequence[str]) -> float:
        values = [m["r@10"] for c in convs for _, m in self.rows[candidate][c]]
        return 100.0 * float(np.mean(values)) if values else 0.0


def _pooled(rows: Sequence[tuple[int, dict[str, float]]]) -> dict[str, float]:
    out = {"overall": 100.0 * float(np.mean([m["r@10"] for _, m in rows]))}
    for category, name in CATEGORY_NAMES.items():
        values = [m["r@10"] for c, m in rows if c == category]
        out[name] = 100.0 * float(np.mean(values)) if values else float("nan")
    return out


async def _ask(api: Api, conv: Conversation, user_id: str, scores: Scores, candidate: str) -> None:
    when: Timestamp = timestamp(reference_time(conv))
    for question in answerable(conv):
        request = pb.SearchRequest(
            scope=pb.Scope(user_id=user_id), query=question.text, top_k=TOP_K, reference_time=when
        )
        began = time.perf_counter()
        reply = await api.stub.Search(request, metadata=api.auth)
        scores.search_ms.append(1000.0 * (time.perf_counter() - began))
        ranked = [h.metadata["dia_id"] for h in reply.hits if "dia_id" in h.metadata]
        scores.add(candidate, conv.sample_id, question.category, question_metrics(ranked, question.evidence))


async def _ingest(api: Api, conv: Conversation, user_id: str) -> None:
    episodes = [episode_input(t) for t in conv.turns]
    for start in range(0, len(episodes), BATCH_SIZE):
        request = pb.AddEpisodesRequest(scope=pb.Scope(user_id=user_id), episodes=episodes[start : start + BATCH_SIZE])
        await api.stub.AddEpisodes(request, metadata=api.auth)


async def cross_validate(lang: str) -> str:
    convs = load_locomo(lang)  # fails first, with the reason, when ../shared/data is absent
    base = yaml.safe_load(builtin_policy_text())
    run_id = uuid.uuid4().hex[:8]
    users = {c.sample_id: f"cv-{lang}-{c.sample_id}-{run_id}" for c in convs}
    scores = Scores()
    bm25 = Scores()
    for conv in convs:
        questions = answerable(conv)
        for question, ranked in zip(questions, bm25_rankings(conv.turns, questions), strict=True):
            bm25.add("bm25", conv.sample_id, question.category, question_metrics(ranked, question.evidence))
    with tempfile.TemporaryDirectory(prefix="graphmem-cv-") as tmp:
        data_dir = Path(tmp) / "data"
        api: Api | None = None
        try:
            for index, candidate in enumerate(candidates()):
                policy_path = Path(tmp) / f"policy-{index}.yaml"
                policy_path.write_text(yaml.safe_dump(candidate.policy(base), allow_unicode=True), encoding="utf-8")
                api = await open_api(make_settings(data_dir, policy_file=policy_path))
                if index == 0:
                    for conv in convs:
                        await _ingest(api, conv, users[conv.sample_id])
                for conv in convs:
                    await _ask(api, conv, users[conv.sample_id], scores, candidate.name)
                if index < len(candidates()) - 1:
                    await close_api(api)
                    api = None
        finally:
            if api is not None:
                for user in users.values():
                    await api.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
                await close_api(api)
    return _report(lang, [c.sample_id for c in convs], scores, bm25)


def _report(lang: str, convs: list[str], scores: Scores, bm25: Scores) -> str:
    names = list(scores.rows)
    held_out: list[tuple[int, dict[str, float]]] = []
    lines = [f"LoCoMo dev [{lang}] leave-one-conversation-out over {len(names)} policies (R@10 x100)"]
    for conv in convs:
        rest = [c for c in convs if c != conv]
        chosen = max(names, key=lambda n: scores.r10(n, rest))
        held_out.extend(scores.rows[chosen][conv])
        lines.append(
            f"  fold {conv}: chosen {chosen} (R@10 {scores.r10(chosen, rest):.1f} on the others), "
            f"held-out R@10 {scores.r10(chosen, [conv]):.1f}"
        )
    best_all = max(names, key=lambda n: scores.r10(n, convs))
    table = {
        "LOO-CV (held out)": _pooled(held_out),
        f"all-dev, {SHIPPED} policy": _pooled([r for c in convs for r in scores.rows[SHIPPED][c]]),
        f"all-dev, best ({best_all})": _pooled([r for c in convs for r in scores.rows[best_all][c]]),
        "BM25 (same run)": _pooled([r for c in convs for r in bm25.rows["bm25"][c]]),
    }
    columns = ["overall", *CATEGORY_NAMES.values()]
    lines.append(f"  {'':<34}" + "".join(f"{c:>12}" for c in columns))
    for label, values in table.items():
        lines.append(f"  {label:<34}" + "".join(f"{values[c]:>12.1f}" for c in columns))
    p50, p99 = np.percentile(scores.search_ms, [50, 99])
    lines.append(f"  search: {len(scores.search_ms)} queries, p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    return "\n".join(lines)


def run_cv(langs: Sequence[str]) -> None:
    for lang in langs:
        print(asyncio.run(cross_validate(lang)), end="\n\n", flush=True)
