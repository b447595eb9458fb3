"""Reranking as pure functions. Candidates from the vector index, from BM25 and from the entity graph are
normalised within their lists, fused into a relevance, lifted by the relevance of their same-session
neighbours, then combined with recency (exp(-age / half_life)), importance and time-window match:

    relevance = w_sim·similarity + w_lex·lexical + w_graph·graph
    score     = relevance + w_nb·neighbour + w_rec·recency + w_imp·importance + w_time·time_match
                + w_dated·dated + w_spk·speaker

time_match is 1 when the memory happened inside the window the query names, or its own words date its event
inside it ("yesterday" said on 4 May counts for "on 3 May"); dated is 1 when the query asks *when* something
happened and the memory's own words date its event (the answer is then its date); speaker is 1 when the query
names the memory's speaker (graphmem/retrieval/speakers.py).

`rerank_flat` is the same formula over arrays for memories without neighbours, graph scores or event dates
(facts), scoring thousands of candidates without a Python object each. No I/O; `now` is passed in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np
import numpy.typing as npt

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
    event: TimeRange | None = None
    speaker: str = ""


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
    graph: Mapping[int, float] | None = None,
    asks_when: bool = False,
    speakers: frozenset[str] = frozenset(),
) -> list[tuple[Candidate, float, ScoreBreakdown]]:
    """Scores and sorts candidates, best first (ties broken by newer, then by id).

    `cosines` and `bm25` are the raw scores of the vector and lexical candidate lists, `graph` the graph
    scores in [0, 1] (graphmem/retrieval/graph.py), `speakers` the speakers the query names; a candidate in
    none of the lists (a neighbour brought in for context) scores 0 similarity, the lexical minimum and 0 graph.
    """
    lexical, lexical_floor = normalised_lexical(bm25, lexical_truncated)
    similarity = normalised_similarity(cosines)
    walked = graph or {}
    pooled = set(cosines) | set(bm25) | set(walked)
    relevance: dict[int, float] = {}
    for c in candidates:
        if c.id in pooled:
            lex = lexical.get(c.id, lexical_floor)
            relevance[c.id] = (
                weights.similarity * similarity.get(c.id, 0.0)
                + weights.lexical * lex
                + weights.graph * walked.get(c.id, 0.0)
            )
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
        in_window = 0.0
        if window is not None and (
            window.contains(c.occurred_at) or (c.event is not None and c.event.overlaps(window))
        ):
            in_window = 1.0
        dated = 1.0 if asks_when and c.event is not None else 0.0
        linked = walked.get(c.id, 0.0)
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
        breakdown = ScoreBreakdown(sim, lex, rec, imp, in_window, neighbour, weight_map, linked, dated, spoken)
        scored.append((c, score, breakdown))
    scored.sort(key=lambda item: (-item[1], -item[0].occurred_at.timestamp(), item[0].id))
    return scored


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def epoch_micros(when: datetime) -> int:
    """Microseconds since 1970-01-01 UTC, exactly (the time axis of `rerank_flat`)."""
    return (when - _EPOCH) // _MICROSECOND


def rerank_flat(
    cosines: npt.NDArray[np.float64],
    bm25: npt.NDArray[np.float64],
    occurred_us: npt.NDArray[np.int64],
    importance: npt.NDArray[np.float64],
    weights: RerankWeights,
    now: datetime,
    half_life_days: float,
    window: TimeRange | None,
    top_k: int,
) -> list[tuple[int, float, ScoreBreakdown]]:
    """`rerank` for candidates 0..n-1 without neighbours, graph scores or event dates, and a lexical list
    that was not cut: the best `top_k` as (candidate, score, breakdown), in `rerank`'s order.

    `cosines[i]` and `bm25[i]` are candidate i's raw scores in the vector and lexical lists (NaN when it is
    not in that list); `occurred_us` is when it happened (`epoch_micros`). Every candidate must be in at least
    one list (the neighbour term is then the lowest relevance, as `rerank` gives a memory without neighbours).
    """
    n = cosines.shape[0]
    if n == 0 or top_k <= 0:
        return []
    in_vector = ~np.isnan(cosines)
    in_lexical = ~np.isnan(bm25)
    similarity = np.zeros(n)
    if in_vector.any():
        listed = cosines[in_vector]
        lo, hi = float(listed.min()), float(listed.max())
        similarity[in_vector] = (listed - lo) / (hi - lo) if hi > lo else 1.0
    lexical = np.zeros(n)
    top = float(bm25[in_lexical].max()) if in_lexical.any() else 0.0
    if top > 0:
        lexical[in_lexical] = bm25[in_lexical] / top
    relevance = weights.similarity * similarity + weights.lexical * lexical
    neighbour = float(relevance.min())
    age_days = np.maximum(0.0, (epoch_micros(now) - occurred_us).astype(np.float64) / 1e6 / 86400.0)
    recent = np.exp(-age_days / half_life_days)
    important = np.clip(importance, 0.0, 1.0)
    in_window = np.zeros(n)
    if window is not None:
        inside = np.ones(n, dtype=bool)
        if window.start is not None:
            inside &= occurred_us >= epoch_micros(window.start)
        if window.end is not None:
            inside &= occurred_us < epoch_micros(window.end)
        in_window[inside] = 1.0
    score = (
        weights.similarity * similarity
        + weights.lexical * lexical
        + weights.neighbour * neighbour
        + weights.recency * recent
        + weights.importance * important
        + weights.time_match * in_window
    )
    order = np.lexsort((np.arange(n), -occurred_us, -score))[:top_k]
    weight_map = weights.as_dict()
    return [
        (
            int(i),
            float(score[i]),
            ScoreBreakdown(
                float(similarity[i]),
                float(lexical[i]),
                float(recent[i]),
                float(important[i]),
                float(in_window[i]),
                neighbour,
                weight_map,
            ),
        )
        for i in order
    ]
