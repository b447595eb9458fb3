"""`rerank_flat` (the facts layer's array rerank) gives exactly what `rerank` gives for memories without
neighbours, graph scores or event dates: same order, same scores, same breakdowns, over thousands of
candidates with ties, windows and candidates in only one of the two lists."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from graphmem.model import ScoreBreakdown, TimeRange
from graphmem.policy import RerankWeights, load_policy
from graphmem.retrieval.rerank import Candidate, epoch_micros, rerank, rerank_flat

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)


def both(
    seed: int, n: int, weights: RerankWeights, window: TimeRange | None, top_k: int
) -> tuple[list[tuple[int, float, object]], list[tuple[int, float, object]]]:
    rng = np.random.default_rng(seed)
    # few distinct days and importances: many exact ties, broken by time and then by position
    occurred = [
        NOW - timedelta(days=int(d), seconds=int(s))
        for d, s in zip(rng.integers(-2, 60, n), rng.integers(0, 3, n), strict=True)
    ]
    importance = rng.choice([0.2, 0.5, 0.9, 1.3], n)
    cos = rng.uniform(-0.2, 0.9, n).astype(np.float32).astype(np.float64)
    lex = rng.uniform(0.1, 7.0, n)
    listed = rng.integers(0, 3, n)  # 0: vector only, 1: lexical only, 2: both
    cos[listed == 1] = np.nan
    lex[listed == 0] = np.nan
    candidates = [Candidate(i, float(importance[i]), occurred[i]) for i in range(n)]
    expected = rerank(
        candidates,
        {i: float(cos[i]) for i in range(n) if not np.isnan(cos[i])},
        {i: float(lex[i]) for i in range(n) if not np.isnan(lex[i])},
        weights,
        NOW,
        14.0,
        window,
        lexical_truncated=False,
    )[:top_k]
    got = rerank_flat(
        cos,
        lex,
        np.array([epoch_micros(t) for t in occurred], dtype=np.int64),
        importance,
        weights,
        NOW,
        14.0,
        window,
        top_k,
    )
    return [(c.id, s, b) for c, s, b in expected], [(i, s, b) for i, s, b in got]


def same(a: object, b: object) -> bool:
    """Equal breakdowns up to the last bits (numpy's exp may round differently from math's)."""
    assert isinstance(a, ScoreBreakdown) and isinstance(b, ScoreBreakdown)
    values = ("similarity", "lexical", "recency", "importance", "time_match", "neighbour", "graph", "dated")
    return a.weights == b.weights and all(getattr(a, v) == pytest.approx(getattr(b, v), rel=1e-12) for v in values)


@pytest.mark.parametrize("kind", ["default", "recall", "preference"])
@pytest.mark.parametrize("seed", range(4))
def test_rerank_flat_matches_rerank_on_facts(kind: str, seed: int) -> None:
    policy, _ = load_policy(None)
    weights = policy.rerank.weights_for(kind).model_copy(update={"neighbour": 0.05, "time_match": 0.1})
    window = TimeRange(NOW - timedelta(days=10), NOW - timedelta(days=3)) if seed % 2 else None
    expected, got = both(seed, 2000, weights, window, 25)
    assert [i for i, _, _ in got] == [i for i, _, _ in expected]
    for (_, s1, b1), (_, s2, b2) in zip(expected, got, strict=True):
        assert s2 == pytest.approx(s1, rel=1e-12, abs=1e-12)
        assert same(b2, b1)


def test_rerank_flat_with_one_candidate_and_one_list() -> None:
    policy, _ = load_policy(None)
    weights = policy.rerank.weights_for("default")
    expected, got = both(7, 1, weights, None, 10)
    assert [i for i, _, _ in got] == [i for i, _, _ in expected] == [0]
    assert got[0][1] == pytest.approx(expected[0][1], rel=1e-12)
    assert same(got[0][2], expected[0][2])
    assert (
        rerank_flat(np.zeros(0), np.zeros(0), np.zeros(0, dtype=np.int64), np.zeros(0), weights, NOW, 14.0, None, 5)
        == []
    )
