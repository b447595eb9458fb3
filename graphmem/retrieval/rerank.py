"""Reranking as pure functions: score = Σ weight·component over similarity, lexical, recency, importance and
time match, with recency = exp(-age / half_life). No I/O; `now` is passed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from graphmem.model import ScoreBreakdown, TimeRange
from graphmem.policy import RerankWeights


@dataclass(frozen=True)
class Candidate:
    """A memory that reached the rerank, with its raw retrieval signals."""

    id: int
    similarity: float  # cosine in [-1, 1]
    lexical: float  # raw BM25 score, >= 0
    importance: float
    occurred_at: datetime


def recency(occurred_at: datetime, now: datetime, half_life_days: float) -> float:
    """exp(-age / half_life) with age in days; future events count as age 0."""
    age_days = max(0.0, (now - occurred_at).total_seconds() / 86400.0)
    return math.exp(-age_days / half_life_days)


def rerank(
    candidates: list[Candidate],
    weights: RerankWeights,
    now: datetime,
    half_life_days: float,
    window: TimeRange | None = None,
) -> list[tuple[Candidate, float, ScoreBreakdown]]:
    """Scores and sorts candidates, best first (ties broken by newer, then by id)."""
    max_lex = max((c.lexical for c in candidates), default=0.0)
    weight_map = weights.as_dict()
    scored = []
    for c in candidates:
        sim = min(1.0, max(0.0, c.similarity))
        lex = c.lexical / max_lex if max_lex > 0 else 0.0
        rec = recency(c.occurred_at, now, half_life_days)
        imp = min(1.0, max(0.0, c.importance))
        in_window = 1.0 if window is not None and window.contains(c.occurred_at) else 0.0
        score = (
            weights.similarity * sim
            + weights.lexical * lex
            + weights.recency * rec
            + weights.importance * imp
            + weights.time_match * in_window
        )
        breakdown = ScoreBreakdown(sim, lex, rec, imp, in_window, weight_map)
        scored.append((c, score, breakdown))
    scored.sort(key=lambda item: (-item[1], -item[0].occurred_at.timestamp(), item[0].id))
    return scored
