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

The formula is computed once, over columns (`rerank_columns`): a search's few hundred candidates, or a
user's thousands of facts, are scored without a Python object each, and only the hits returned get a
breakdown. `rerank` takes candidate objects, `rerank_flat` arrays for memories without neighbours, graph
scores or event dates (facts). No I/O; `now` is passed in.
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class RankColumns:
    """Candidates 0..n-1 of one rerank as columns: what `rerank_columns` scores without a Python object each.

    `cosines`, `bm25` and `graph` are the raw scores of the vector, lexical and graph lists (NaN when the
    candidate is not in that list); `prev` and `next` the positions of its same-session neighbours among these
    candidates (-1 when it has none, or when that neighbour is not a candidate); an event bound that is open is
    `OPEN_START` / `OPEN_END`."""

    ids: npt.NDArray[np.int64]
    occurred_us: npt.NDArray[np.int64]
    importance: npt.NDArray[np.float64]
    cosines: npt.NDArray[np.float64]
    bm25: npt.NDArray[np.float64]
    graph: npt.NDArray[np.float64]
    prev: npt.NDArray[np.int64]
    next: npt.NDArray[np.int64]
    has_event: npt.NDArray[np.bool_]
    event_start_us: npt.NDArray[np.int64]
    event_end_us: npt.NDArray[np.int64]
    spoken: npt.NDArray[np.bool_]

    def __len__(self) -> int:
        return int(self.ids.shape[0])

    @classmethod
    def empty(cls) -> RankColumns:
        ints, floats, flags = np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0, dtype=np.bool_)
        return cls(ints, ints, floats, floats, floats, floats, ints, ints, flags, ints, ints, flags)


OPEN_START = int(np.iinfo(np.int64).min)
OPEN_END = int(np.iinfo(np.int64).max)


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
    """Scores and sorts candidates, best first (ties broken by newer, then by id): `rerank_columns` over them.

    `cosines` and `bm25` are the raw scores of the vector and lexical candidate lists, `graph` the graph
    scores in [0, 1] (graphmem/retrieval/graph.py), `speakers` the speakers the query names; a candidate in
    none of the lists (a neighbour brought in for context) scores 0 similarity, the lexical minimum and 0 graph.
    The lists are normalised over the candidates: an entry for an id that is not a candidate is ignored.
    """
    walked = graph or {}
    position = {c.id: i for i, c in enumerate(candidates)}
    nan = float("nan")

    def near(seq: int | None) -> int:
        return -1 if seq is None else position.get(seq, -1)

    columns = RankColumns(
        ids=np.array([c.id for c in candidates], dtype=np.int64),
        occurred_us=np.array([epoch_micros(c.occurred_at) for c in candidates], dtype=np.int64),
        importance=np.array([c.importance for c in candidates], dtype=np.float64),
        cosines=np.array([cosines.get(c.id, nan) for c in candidates], dtype=np.float64),
        bm25=np.array([bm25.get(c.id, nan) for c in candidates], dtype=np.float64),
        graph=np.array([walked.get(c.id, nan) for c in candidates], dtype=np.float64),
        prev=np.array([near(c.prev_id) for c in candidates], dtype=np.int64),
        next=np.array([near(c.next_id) for c in candidates], dtype=np.int64),
        has_event=np.array([c.event is not None for c in candidates], dtype=np.bool_),
        event_start_us=np.array(
            [_bound(c.event.start if c.event else None, OPEN_START) for c in candidates], dtype=np.int64
        ),
        event_end_us=np.array([_bound(c.event.end if c.event else None, OPEN_END) for c in candidates], dtype=np.int64),
        spoken=np.array([bool(c.speaker) and c.speaker in speakers for c in candidates], dtype=np.bool_),
    )
    ranked = rerank_columns(columns, weights, now, half_life_days, window, lexical_truncated, asks_when)
    return [(candidates[i], score, breakdown) for i, score, breakdown in ranked]


def _bound(at: datetime | None, open_value: int) -> int:
    return open_value if at is None else epoch_micros(at)


def rerank_columns(
    columns: RankColumns,
    weights: RerankWeights,
    now: datetime,
    half_life_days: float,
    window: TimeRange | None = None,
    lexical_truncated: bool = True,
    asks_when: bool = False,
    top_k: int | None = None,
) -> list[tuple[int, float, ScoreBreakdown]]:
    """The formula over columns: the best `top_k` (all when None) as (position, score, breakdown), best first,
    ties broken by newer, then by id. Only the returned candidates get a breakdown object."""
    n = len(columns)
    if n == 0 or (top_k is not None and top_k <= 0):
        return []
    in_vector = ~np.isnan(columns.cosines)
    in_lexical = ~np.isnan(columns.bm25)
    walked = ~np.isnan(columns.graph)
    similarity = np.zeros(n)
    if in_vector.any():
        listed = columns.cosines[in_vector]
        lo, hi = float(listed.min()), float(listed.max())
        similarity[in_vector] = (listed - lo) / (hi - lo) if hi > lo else 1.0
    lexical = np.zeros(n)
    top = float(columns.bm25[in_lexical].max()) if in_lexical.any() else 0.0
    if top > 0:
        values = columns.bm25[in_lexical] / top
        lexical[:] = float(values.min()) if lexical_truncated else 0.0  # outside the list: at most its minimum
        lexical[in_lexical] = values
    linked = np.where(walked, columns.graph, 0.0)
    pooled = in_vector | in_lexical | walked
    relevance = weights.similarity * similarity + weights.lexical * lexical + weights.graph * linked
    floor = float(relevance[pooled].min()) if pooled.any() else 0.0
    # a neighbour that is not a listed candidate counts as the lowest relevance
    around = np.where(pooled, relevance, floor)
    has_prev, has_next = columns.prev >= 0, columns.next >= 0
    neighbour = np.full(n, floor)
    neighbour[has_prev] = np.maximum(neighbour[has_prev], around[columns.prev[has_prev]])
    neighbour[has_next] = np.maximum(neighbour[has_next], around[columns.next[has_next]])
    age_days = np.maximum(0.0, (epoch_micros(now) - columns.occurred_us).astype(np.float64) / 1e6 / 86400.0)
    recent = np.exp(-age_days / half_life_days)
    important = np.clip(columns.importance, 0.0, 1.0)
    in_window = np.zeros(n)
    if window is not None:
        inside = np.ones(n, dtype=np.bool_)
        overlapping = columns.has_event.copy()
        if window.start is not None:
            start = epoch_micros(window.start)
            inside &= columns.occurred_us >= start
            overlapping &= start < columns.event_end_us
        if window.end is not None:
            end = epoch_micros(window.end)
            inside &= columns.occurred_us < end
            overlapping &= columns.event_start_us < end
        in_window[inside | overlapping] = 1.0
    dated = columns.has_event.astype(np.float64) if asks_when else np.zeros(n)
    spoken = columns.spoken.astype(np.float64)
    score = (
        weights.similarity * similarity
        + weights.lexical * lexical
        + weights.graph * linked
        + weights.neighbour * neighbour
        + weights.recency * recent
        + weights.importance * important
        + weights.time_match * in_window
        + weights.dated * dated
        + weights.speaker * spoken
    )
    order = np.lexsort((columns.ids, -columns.occurred_us, -score))
    if top_k is not None:
        order = order[:top_k]
    weight_map = weights.as_dict()
    return [
        (
            i,
            float(score[i]),
            ScoreBreakdown(
                float(similarity[i]),
                float(lexical[i]),
                float(recent[i]),
                float(important[i]),
                float(in_window[i]),
                float(neighbour[i]),
                weight_map,
                float(linked[i]),
                float(dated[i]),
                float(spoken[i]),
            ),
        )
        for i in order.tolist()
    ]


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
    nowhere = np.full(n, -1, dtype=np.int64)
    columns = RankColumns(
        ids=np.arange(n, dtype=np.int64),
        occurred_us=occurred_us,
        importance=importance,
        cosines=cosines,
        bm25=bm25,
        graph=np.full(n, np.nan),
        prev=nowhere,
        next=nowhere,
        has_event=np.zeros(n, dtype=np.bool_),
        event_start_us=np.full(n, OPEN_START, dtype=np.int64),
        event_end_us=np.full(n, OPEN_END, dtype=np.int64),
        spoken=np.zeros(n, dtype=np.bool_),
    )
    return rerank_columns(columns, weights, now, half_life_days, window, lexical_truncated=False, top_k=top_k)
