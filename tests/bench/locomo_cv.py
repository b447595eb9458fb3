"""Leave-one-conversation-out evaluation of episodic recall on LoCoMo dev, through the real gRPC API.

Run: ``python -m tests.bench.locomo --cv [--lang en|zh|both]``.

The rerank weights of the memory policy are the choices this pipeline makes. One server is started and every
conversation of both languages is ingested once (AddEpisodes). Every question is asked once through gRPC
Search with the shipped policy (the "served" row). Then, for every candidate policy of a grid (the
similarity/lexical split, the same-session neighbour weight, the entity-graph weight, the weight of episodes
dated by their own words and the weight of episodes whose speaker the question names), that policy is put in
force in the running service (MemoryService.use_policy) and the service's own rerank (EpisodicMemory.score)
ranks the same search's candidates and signals (EpisodicMemory.recall_inputs: query embedding, BM25, vectors,
the graph walk and the speakers named, computed once per question). The run checks that the in-process ranking of the shipped policy is exactly the
served one, question by question, and prints how many agreed.

For each fold, the policy with the best R@10 on the other conversations is chosen and scored on the held-out
one; the held-out scores of all folds are pooled per category. The table prints that cross-validated figure
beside the all-dev figure of the shipped policy, of the grid's best (chosen on the very questions it is scored
on, so optimistic) and the same-run BM25.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path

import grpc
import numpy as np
import yaml

from graphmem.model import Scope, SearchQuery
from graphmem.policy import Policy, builtin_policy_text
from graphmem.retrieval.router import query_kind
from graphmem.retrieval.timeexpr import find_time_expression
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

SPLITS = ((0.4, 0.6), (0.5, 0.5))  # (similarity, lexical)
NEIGHBOURS = (0.7, 1.0)
GRAPHS = (0.0, 0.15)  # the entity-graph weight (0: the graph is not walked)
DATED = (0.0, 0.15)  # the weight of an episode dated by its own words, for a when-question
SPEAKERS = (0.0, 0.3, 0.5)  # the weight of an episode whose speaker the question names
SHIPPED = "shipped"
SERVED = "served (gRPC)"
TENANT = "tenant-a"  # the tenant of tests.conftest.DEV_KEY


@dataclass(frozen=True)
class Candidate:
    """One policy of the grid: the shipped one, or the shipped one with these rerank weights in every kind."""

    name: str
    weights: dict[str, float] = field(default_factory=dict)

    def policy(self, base: dict[str, object]) -> Policy:
        policy = yaml.safe_load(yaml.safe_dump(base))
        for weights in policy["rerank"]["kinds"].values():
            weights.update(self.weights)
        return Policy.model_validate(policy)


def candidates() -> list[Candidate]:
    grid = [
        Candidate(
            f"s{sim:.1f}/l{lex:.1f}/n{nbr:.1f}/g{g:.1f}/d{d:.1f}/w{w:.1f}",
            {"similarity": sim, "lexical": lex, "neighbour": nbr, "graph": g, "dated": d, "speaker": w},
        )
        for sim, lex in SPLITS
        for nbr in NEIGHBOURS
        for g in GRAPHS
        for d in DATED
        for w in SPEAKERS
    ]
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


async def _ask(api: Api, conv: Conversation, user_id: str, scores: Scores, grid: dict[str, Policy]) -> int:
    """Every question once through gRPC Search (shipped policy), then every policy of the grid in-process over
    the same search's inputs; returns for how many questions the in-process shipped ranking was the served one."""
    service = api.running.service
    when = reference_time(conv).replace(tzinfo=UTC)
    scope = Scope(tenant_id=TENANT, user_id=user_id)
    episodes = await service.episodic.by_seqs(scope, range(1, len(conv.turns) + 1))
    dia = {seq: e.metadata.get("dia_id", "") for seq, e in episodes.items()}
    agreed = 0
    for question in answerable(conv):
        request = pb.SearchRequest(
            scope=pb.Scope(user_id=user_id), query=question.text, top_k=TOP_K, reference_time=timestamp(when)
        )
        began = time.perf_counter()
        reply = await _search(api, request)
        scores.search_ms.append(1000.0 * (time.perf_counter() - began))
        served = [h.metadata["dia_id"] for h in reply.hits if "dia_id" in h.metadata]
        scores.add(SERVED, conv.sample_id, question.category, question_metrics(served, question.evidence))
        query = SearchQuery(scope, question.text, TOP_K, when)
        inputs = {walk: await service.episodic.recall_inputs(query, walk) for walk in (False, True)}
        kind = query_kind(question.text)[0]
        found = find_time_expression(question.text, when)
        window = found.window if found is not None else None
        for name, policy in grid.items():
            service.use_policy(policy, f"cv grid: {name}")
            walked = inputs[policy.rerank.weights_for(kind).graph > 0]
            ranked = [dia[seq] for seq, _, _ in service.episodic.score(walked, query, kind, window, TOP_K)]
            scores.add(name, conv.sample_id, question.category, question_metrics(ranked, question.evidence))
            if name == SHIPPED and ranked == served:
                agreed += 1
        service.use_policy(grid[SHIPPED], "cv: shipped")
    return agreed


async def _search(api: Api, request: pb.SearchRequest) -> pb.SearchResponse:
    """Search, retried on UNAVAILABLE (a loaded machine can make a health probe miss)."""
    for attempt in range(5):
        try:
            return await api.stub.Search(request, metadata=api.auth)
        except grpc.aio.AioRpcError as exc:
            if exc.code() != grpc.StatusCode.UNAVAILABLE or attempt == 4:
                raise
            await asyncio.sleep(2.0)
    raise AssertionError("unreachable")


async def _ingest(api: Api, conv: Conversation, user_id: str) -> None:
    episodes = [episode_input(t) for t in conv.turns]
    for start in range(0, len(episodes), BATCH_SIZE):
        request = pb.AddEpisodesRequest(scope=pb.Scope(user_id=user_id), episodes=episodes[start : start + BATCH_SIZE])
        await api.stub.AddEpisodes(request, metadata=api.auth)


async def cross_validate(langs: Sequence[str]) -> list[str]:
    """One run for every language; returns one report per language, then the ingest rate and the check."""
    convs = {lang: load_locomo(lang) for lang in langs}  # fails first, with the reason, when the data is absent
    base = yaml.safe_load(builtin_policy_text())
    grid = {c.name: c.policy(base) for c in candidates()}
    run_id = uuid.uuid4().hex[:8]
    users = {(lang, c.sample_id): f"cv-{lang}-{c.sample_id}-{run_id}" for lang in langs for c in convs[lang]}
    scores = {lang: Scores() for lang in langs}
    bm25 = {lang: Scores() for lang in langs}
    for lang in langs:
        for conv in convs[lang]:
            questions = answerable(conv)
            for question, ranked in zip(questions, bm25_rankings(conv.turns, questions), strict=True):
                metrics = question_metrics(ranked, question.evidence)
                bm25[lang].add("bm25", conv.sample_id, question.category, metrics)
    agreed = total = turns = 0
    with tempfile.TemporaryDirectory(prefix="graphmem-cv-") as tmp:
        api = await open_api(make_settings(Path(tmp), health_probe_seconds=5.0), serving_timeout=600.0)
        try:
            began = time.perf_counter()
            for lang in langs:
                for conv in convs[lang]:
                    await _ingest(api, conv, users[(lang, conv.sample_id)])
                    turns += len(conv.turns)
            ingest_s = time.perf_counter() - began
            for lang in langs:
                for conv in convs[lang]:
                    agreed += await _ask(api, conv, users[(lang, conv.sample_id)], scores[lang], grid)
                    total += len(answerable(conv))
        finally:
            for user in users.values():
                await api.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
            await close_api(api)
    reports = [_report(lang, [c.sample_id for c in convs[lang]], scores[lang], bm25[lang]) for lang in langs]
    reports.append(f"ingest: {turns} episodes in {ingest_s:.1f} s = {turns / ingest_s:.1f} episodes/s (AddEpisodes)")
    reports.append(
        f"check: the in-process rerank of the shipped policy returned the served top {TOP_K} exactly for "
        f"{agreed} of {total} questions"
    )
    return reports


def _report(lang: str, convs: list[str], scores: Scores, bm25: Scores) -> str:
    names = [n for n in scores.rows if n != SERVED]
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
        f"all-dev, {SERVED}": _pooled([r for c in convs for r in scores.rows[SERVED][c]]),
        f"all-dev, best ({best_all})": _pooled([r for c in convs for r in scores.rows[best_all][c]]),
        "BM25 (same run)": _pooled([r for c in convs for r in bm25.rows["bm25"][c]]),
    }
    for extra in ("GRAPH_OFF", "DATED_OFF", "SPEAKER_OFF"):
        name = _variant(best_all, extra)
        if name in scores.rows:
            table[f"  same, {extra.lower().replace('_', ' ')}"] = _pooled(
                [r for c in convs for r in scores.rows[name][c]]
            )
    columns = ["overall", *CATEGORY_NAMES.values()]
    lines.append(f"  {'':<44}" + "".join(f"{c:>12}" for c in columns))
    for label, values in table.items():
        lines.append(f"  {label:<44}" + "".join(f"{values[c]:>12.1f}" for c in columns))
    p50, p99 = np.percentile(scores.search_ms, [50, 99])
    lines.append(f"  search (gRPC, top_k {TOP_K}): {len(scores.search_ms)} queries, p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    return "\n".join(lines)


def _variant(name: str, which: str) -> str:
    """The grid name of `name` with the graph (GRAPH_OFF), the dated (DATED_OFF) or the speaker weight
    (SPEAKER_OFF) set to 0."""
    parts = name.split("/")
    prefix = {"GRAPH_OFF": "g", "DATED_OFF": "d", "SPEAKER_OFF": "w"}[which]
    return "/".join(f"{prefix}0.0" if p.startswith(prefix) else p for p in parts)


def run_cv(langs: Sequence[str]) -> None:
    for report in asyncio.run(cross_validate(langs)):
        print(report, end="\n\n", flush=True)
