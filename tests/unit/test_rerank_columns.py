"""`rerank` (columns: `rerank_columns`) gives exactly what the formula computed candidate by candidate gives
(`reference`, the former loop): same order, same scores and breakdowns up to numpy's last bits, over
candidates with neighbours in and out of the lists, graph scores, event dates, windows, named speakers, ties
and a cut lexical list."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from graphmem.model import ScoreBreakdown, TimeRange
from graphmem.policy import RerankWeights, load_policy
from graphmem.retrieval.rerank import Candidate, rerank

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)


def reference(
    candidates: list[Candidate],
    cosines: Mapping[int, float],
    bm25: Mapping[int, float],
    weights: RerankWeights,
    now: datetime,
    half_life_days: float,
    window: TimeRange | None,
    lexical_truncated: bool,
    graph: Mapping[int, float],
    asks_when: bool,
    speakers: frozenset[str],
) -> list[tuple[Candidate, float, ScoreBreakdown]]:
    top = max(bm25.values(), default=0.0)
    lexical = {i: s / top for i, s in bm25.items()} if top > 0 else {}
    lexical_floor = min(lexical.values()) if lexical and lexical_truncated else 0.0
    lo, hi = min(cosines.values(), default=0.0), max(cosines.values(), default=0.0)
    similarity = {i: (c - lo) / (hi - lo) if hi > lo else 1.0 for i, c in cosines.items()}
    pooled = set(cosines) | set(bm25) | set(graph)
    relevance = {
        c.id: weights.similarity * similarity.get(c.id, 0.0)
        + weights.lexical * lexical.get(c.id, lexical_floor)
        + weights.graph * graph.get(c.id, 0.0)
        for c in candidates
        if c.id in pooled
    }
    floor = min(relevance.values(), default=0.0)
    scored = []
    for c in candidates:
        sim, lex = similarity.get(c.id, 0.0), lexical.get(c.id, lexical_floor)
        neighbour = max([relevance.get(n, floor) for n in (c.prev_id, c.next_id) if n is not None], default=floor)
        rec = math.exp(-max(0.0, (now - c.occurred_at).total_seconds() / 86400.0) / half_life_days)
        imp = min(1.0, max(0.0, c.importance))
        hit = window is not None and (
            window.contains(c.occurred_at) or (c.event is not None and c.event.overlaps(window))
        )
        in_window = 1.0 if hit else 0.0
        dated = 1.0 if asks_when and c.event is not None else 0.0
        linked = graph.get(c.id, 0.0)
        spoken = 1.0 if c.speaker and c.speaker in speakers else 0.0
        score = (
            weights.similarity * sim
            + weights.lexical * lex
            + weights.graph * linked
            + weights.neighbour * neighbour
            + weights.recency * rec
            + weights.importance * imp
            + weights.time_match * in_window
            + weights.dated * dated
            + weights.speaker * spoken
        )
        breakdown = ScoreBreakdown(sim, lex, rec, imp, in_window, neighbour, weights.as_dict(), linked, dated, spoken)
        scored.append((c, score, breakdown))
    scored.sort(key=lambda item: (-item[1], -item[0].occurred_at.timestamp(), item[0].id))
    return scored


def world(seed: int, n: int) -> tuple[list[Candidate], dict[int, float], dict[int, float], dict[int, float]]:
    rng = np.random.default_rng(seed)
    ids = rng.permutation(np.arange(1000, 1000 + 3 * n))[:n].tolist()
    candidates = []
    for k, seq in enumerate(ids):
        occurred = NOW - timedelta(days=int(rng.integers(-2, 40)), seconds=int(rng.integers(0, 3)))
        event = None
        if rng.random() < 0.3:
            start = occurred - timedelta(days=int(rng.integers(0, 5)))
            bounds: list[datetime | None] = [start, start + timedelta(days=1)]
            if rng.random() < 0.2:
                bounds[int(rng.integers(0, 2))] = None  # an open bound
            event = TimeRange(*bounds)
        prev = ids[k - 1] if k and rng.random() < 0.7 else (int(rng.integers(1, 999)) if rng.random() < 0.2 else None)
        after = ids[k + 1] if k + 1 < n and rng.random() < 0.7 else None
        speaker = str(rng.choice(["Maria", "John", ""]))
        candidates.append(
            Candidate(seq, float(rng.choice([0.2, 0.5, 0.9, 1.3])), occurred, prev, after, event, speaker)
        )
    listed = rng.integers(0, 4, n)  # 0 vector, 1 lexical, 2 both, 3 neither (a neighbour brought in)
    cosines = {s: float(np.float32(rng.uniform(-0.2, 0.9))) for s, w in zip(ids, listed, strict=True) if w in (0, 2)}
    bm25 = {s: float(rng.uniform(0.1, 7.0)) for s, w in zip(ids, listed, strict=True) if w in (1, 2)}
    graph = {s: float(rng.choice([0.5, 1.0])) for s in ids if rng.random() < 0.1}
    return candidates, cosines, bm25, graph


def same(a: ScoreBreakdown, b: ScoreBreakdown) -> bool:
    values = ("similarity", "lexical", "recency", "importance", "time_match", "neighbour", "graph", "dated", "speaker")
    return a.weights == b.weights and all(getattr(a, v) == pytest.approx(getattr(b, v), rel=1e-12) for v in values)


@pytest.mark.parametrize("kind", ["default", "recall", "preference"])
@pytest.mark.parametrize("seed", range(6))
def test_rerank_matches_the_formula_candidate_by_candidate(kind: str, seed: int) -> None:
    policy, _ = load_policy(None)
    weights = policy.rerank.weights_for(kind).model_copy(
        update={"neighbour": 0.1, "time_match": 0.1, "graph": 0.2, "dated": 0.05, "speaker": 0.1}
    )
    candidates, cosines, bm25, graph = world(seed, 300)
    window = [None, TimeRange(NOW - timedelta(days=10), NOW - timedelta(days=3)), TimeRange(NOW - timedelta(days=5))]
    args = (weights, NOW, 14.0, window[seed % 3], seed % 2 == 0, graph, seed % 3 == 1, frozenset({"Maria"}))
    expected = reference(candidates, cosines, bm25, *args)
    got = rerank(
        candidates,
        cosines,
        bm25,
        *args[:4],
        lexical_truncated=args[4],
        graph=graph,
        asks_when=args[6],
        speakers=args[7],
    )
    assert [c.id for c, _, _ in got] == [c.id for c, _, _ in expected]
    assert any(b.neighbour > min(x.neighbour for _, _, x in expected) for _, _, b in expected)  # neighbours count
    assert any(b.time_match for _, _, b in expected) == (window[seed % 3] is not None)
    for (_, s1, b1), (_, s2, b2) in zip(expected, got, strict=True):
        assert s2 == pytest.approx(s1, rel=1e-12, abs=1e-12)
        assert same(b2, b1)


def test_rerank_of_nothing_and_of_candidates_in_no_list() -> None:
    policy, _ = load_policy(None)
    weights = policy.rerank.weights_for("default")
    assert rerank([], {}, {}, weights, NOW, 14.0) == []
    lone = [Candidate(1, 0.5, NOW), Candidate(2, 0.5, NOW - timedelta(days=1))]
    ranked = rerank(lone, {}, {}, weights, NOW, 14.0)
    assert [c.id for c, _, _ in ranked] == [1, 2]  # by recency alone
    assert [b.similarity for _, _, b in ranked] == [0.0, 0.0]
