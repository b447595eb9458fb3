"""Reranking as pure functions. Candidates from the vector index and from BM25 are normalised within their
lists, fused into a relevance, lifted by the relevance of their same-session neighbours, then combined with
recency (exp(-age / half_life)), importance and time-window match:

    relevance = w_sim·similarity + w_lex·lexical
    score     = relevance + w_nb·neighbour + w_rec·recency + w_imp·importance + w_time·time_match

No I/O; `now` is passed in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from graphmem.model import ScoreBreakdown, TimeRange
from graphmem.policy import RerankWeights


@dataclass(frozen=True)
class Candidate:
    """A memory that reached the rerank: its retrieval signals and its same-session neighbours."""

    id: int
    importance: float
    occurred_at: datetime
    prev_id: int | None = None
    next_id: int | None = None


def recency(occurred_at: datetime, now: datetime, half_life_days: float) -> float:
    """exp(-age / half_life) with age in days; future events count as age 0."""
    age_days = max(0.0, (now - occurred_at).total_seconds() / 86400.0)
    return math.exp(-age_days / half_life_days)


def normalised_lexical(bm25: Mapping[int, float], truncated: bool) -> tuple[dict[int, float], float]:
    """bm25 / max over the list, and the value for candidates outside it: the list's minimum when the list
    was cut at its length limit (their BM25 is at most that), else 0 (they matched no query term)."""
    top = max(bm25.values(), default=0.0)
    if top <= 0:
        return {}, 0.0
    values = {i: s / top for i, s in bm25.items()}
    return values, min(values.values()) if truncated else 0.0


def normalised_similarity(cosines: Mapping[int, float]) -> dict[int, float]:
    """Min-max normalised cosine over the list (all 1.0 when the list has one distinct value)."""
    if not cosines:
        return {}
    lo, hi = min(cosines.values()), max(cosines.values())
    span = hi - lo
    return {i: (c - lo) / span if span > 0 else 1.0 for i, c in cosines.items()}


def rerank(
    candidates: list[Candidate],
    cosines: Mapping[int, float],
    bm25: Mapping[int, float],
    weights: RerankWeights,
    now: datetime,
    half_life_days: float,
    window: TimeRange | None = None,
    lexical_truncated: bool = True,
) -> list[tuple[Candidate, float, ScoreBreakdown]]:
    """Scores and sorts candidates, best first (ties broken by newer, then by id).

    `cosines` and `bm25` are the raw scores of the vector and lexical candidate lists; a candidate in
    neither list (a neighbour brought in for context) scores 0 similarity and the lexical minimum.
    """
    lexical, lexical_floor = normalised_lexical(bm25, lexical_truncated)
    similarity = normalised_similarity(cosines)
    pooled = set(cosines) | set(bm25)
    relevance: dict[int, float] = {}
    for c in candidates:
        if c.id in pooled:
            lex = lexical.get(c.id, lexical_floor)
            relevance[c.id] = weights.similarity * similarity.get(c.id, 0.0) + weights.lexical * lex
    floor = min(relevance.values(), default=0.0)
    weight_map = weights.as_dict()
    scored = []
    for c in candidates:
        sim = similarity.get(c.id, 0.0)
        lex = lexical.get(c.id, lexical_floor)
        around = [relevance.get(n, floor) for n in (c.prev_id, c.next_id) if n is not None]
        neighbour = max(around, default=floor)
        rec = recency(c.occurred_at, now, half_life_days)
        imp = min(1.0, max(0.0, c.importance))
        in_window = 1.0 if window is not None and window.contains(c.occurred_at) else 0.0
        score = (
            weights.similarity * sim
            + weights.lexical * lex
            + weights.neighbour * neighbour
            + weights.recency * rec
            + weights.importance * imp
            + weights.time_match * in_window
        )
        scored.append((c, score, ScoreBreakdown(sim, lex, rec, imp, in_window, neighbour, weight_map)))
    scored.sort(key=lambda item: (-item[1], -item[0].occurred_at.timestamp(), item[0].id))
    return scored
