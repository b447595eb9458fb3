"""Recall of facts for Search. Each process keeps a view of a user's current (or archived) facts — the winning
version per key, their embeddings as one matrix, a BM25 index over their words — tagged with the user's facts
stamp (`FactStore.stamp`). A Search reads the stamp (one indexed node; in the statement that reads its episodic
hits when it asks both layers) and, while it is unchanged, nothing else: its cost barely grows with the user's
facts. Any committed change to the user's facts, made by this process or
by another replica, changes the stamp, and the next Search rebuilds the view.

Invariant: the stamp is read before the facts it tags, so a view is never tagged newer than what it holds (a
write landing in between only costs one more rebuild).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from graphmem.embedding.protocol import Vectors
from graphmem.memory.repositories import FactStore
from graphmem.model import Fact, FactStatus, Layer, Scope, ScoreBreakdown, SearchHit, SearchQuery, TimeRange
from graphmem.policy import Policy
from graphmem.retrieval.lexical import BM25Index, tokenize
from graphmem.retrieval.rerank import epoch_micros, rerank_flat

__all__ = ["FactRecall", "FactView", "winning_per_key"]

VIEW_CACHE_FACTS = 20_000
"""Facts kept in views per process (about 4 KB each with a 512-d embedding), least recently searched dropped."""


def winning_per_key(facts: Sequence[Fact]) -> list[Fact]:
    """One fact per key: the project's version over the user's, then the latest valid_at."""
    best: dict[str, Fact] = {}
    for fact in facts:
        held = best.get(fact.key)
        if held is None or (bool(fact.project_id), fact.valid_at) > (bool(held.project_id), held.valid_at):
            best[fact.key] = fact
    return [best[k] for k in sorted(best)]


@dataclass(frozen=True)
class FactView:
    """A user's searchable facts as of `stamp`: row i of every array is `facts[i]`. Read-only once built, so
    concurrent searches may share it from worker threads."""

    stamp: str
    facts: tuple[Fact, ...]
    tokens: tuple[tuple[str, ...], ...]
    """Each fact's words as BM25 indexed them (its statement and value)."""
    vectors: npt.NDArray[np.float32]
    """(n, dim) embeddings; the rows of facts without one (or of another width) are zero."""
    has_vector: npt.NDArray[np.bool_]
    bm25: BM25Index
    occurred_us: npt.NDArray[np.int64]
    importance: npt.NDArray[np.float64]

    @staticmethod
    def build(
        stamp: str,
        facts: Sequence[Fact],
        embeddings: dict[str, npt.NDArray[np.float32] | None],
        previous: FactView | None = None,
    ) -> FactView:
        """The view of `facts`; the words of versions `previous` held are taken from it (a version's statement
        and value never change, so only new versions are tokenised)."""
        widths = [len(v) for v in embeddings.values() if v is not None]
        dim = max(set(widths), key=widths.count) if widths else 0
        vectors = np.zeros((len(facts), dim), dtype=np.float32)
        has_vector = np.zeros(len(facts), dtype=bool)
        known = {} if previous is None else {f.id: t for f, t in zip(previous.facts, previous.tokens, strict=True)}
        tokens = []
        bm25 = BM25Index()
        for i, fact in enumerate(facts):
            vector = embeddings.get(fact.id)
            if vector is not None and len(vector) == dim:
                vectors[i] = vector
                has_vector[i] = True
            words = known.get(fact.id)
            if words is None:
                words = tuple(tokenize(f"{fact.fact} {fact.value}"))
            tokens.append(words)
            bm25.add(i, words)
        return FactView(
            stamp,
            tuple(facts),
            tuple(tokens),
            vectors,
            has_vector,
            bm25,
            np.array([epoch_micros(f.valid_at) for f in facts], dtype=np.int64),
            np.array([f.importance for f in facts], dtype=np.float64),
        )

    def ranked(
        self, query: SearchQuery, qvec: Vectors, policy: Policy, kind: str, window: TimeRange | None
    ) -> list[SearchHit]:
        """The facts the query recalls, best first (at most top_k): those sharing a word with it or with a
        cosine at least the policy's `semantic_min_similarity`, ranked by the rerank formula (no neighbours)."""
        n = len(self.facts)
        cosines = np.full(n, np.nan)
        if self.vectors.shape[1] == len(qvec) and n:
            cosines[self.has_vector] = (self.vectors[self.has_vector] @ qvec).astype(np.float64)
        lexical = np.full(n, np.nan)
        for i, score in self.bm25.search(tokenize(query.text), n):
            lexical[i] = score
        with np.errstate(invalid="ignore"):  # NaN (no vector) compares False
            keep = np.flatnonzero(~np.isnan(lexical) | (cosines >= policy.rerank.semantic_min_similarity))
        ranked = rerank_flat(
            cosines[keep],
            lexical[keep],
            self.occurred_us[keep],
            self.importance[keep],
            policy.rerank.weights_for(kind),
            query.reference_time,
            policy.rerank.half_life_days,
            window,
            query.top_k,
        )
        return [fact_hit(self.facts[keep[i]], score, breakdown) for i, score, breakdown in ranked]


def fact_hit(fact: Fact, score: float, breakdown: ScoreBreakdown) -> SearchHit:
    """A recalled fact as a Search hit (its key, evidence, confidence and sessions in the metadata)."""
    return SearchHit(
        layer=Layer.SEMANTIC,
        id=fact.id,
        text=fact.fact,
        score=score,
        breakdown=breakdown,
        session_id=fact.session_ids[-1] if fact.session_ids else "",
        occurred_at=fact.valid_at,
        metadata={
            "fact_key": fact.key,
            "evidence": fact.evidence,
            "confidence": f"{fact.confidence:.2f}",
            "status_reason": fact.status_reason,
            "sessions": ",".join(fact.session_ids),
            "project_id": fact.project_id,
        },
        event_type="fact",
        importance=fact.importance,
    )


ViewKey = tuple[str, bool, tuple[str, ...]]


class FactRecall:
    """The views of the users searched lately (bounded by `max_facts` in all), rebuilt when a stamp moves."""

    def __init__(self, facts: FactStore, max_facts: int = VIEW_CACHE_FACTS) -> None:
        self._facts = facts
        self._max_facts = max_facts
        self._views: OrderedDict[ViewKey, FactView] = OrderedDict()
        self._held = 0
        self._building: dict[ViewKey, tuple[str, asyncio.Future[FactView]]] = {}

    def held(self, scope: Scope, projects: Sequence[str], archived: bool) -> FactView | None:
        """The view held for these facts, current or not (None when none is held)."""
        return self._views.get((scope.group_id, archived, tuple(projects)))

    async def view(
        self, scope: Scope, projects: Sequence[str], archived: bool, stamp: asyncio.Future[str] | None = None
    ) -> FactView:
        """The current view of the user's active (or `archived`) facts in `projects` ("" = the user's own).
        `stamp`, when given, resolves to the user's facts stamp read by another statement; when it is cancelled
        or fails (that read never happened), the stamp is read here."""
        key: ViewKey = (scope.group_id, archived, tuple(projects))
        stamp_now = await self._stamp(scope, stamp)
        held = self._views.get(key)
        if held is not None and held.stamp == stamp_now:
            self._views.move_to_end(key)
            return held
        building = self._building.get(key)
        if building is None or building[0] != stamp_now:  # concurrent searches of one stamp share one build
            task = asyncio.ensure_future(self._build(scope, projects, archived, stamp_now, held))
            building = self._building[key] = (stamp_now, task)
            task.add_done_callback(lambda done: self._built(key, done))
        return await asyncio.shield(building[1])

    async def _stamp(self, scope: Scope, given: asyncio.Future[str] | None) -> str:
        if given is not None:
            await asyncio.wait([given])  # done or cancelled; raises only when this search is cancelled
            if not given.cancelled() and given.exception() is None:
                return given.result()
        return await self._facts.stamp(scope)

    async def _build(
        self, scope: Scope, projects: Sequence[str], archived: bool, stamp: str, previous: FactView | None
    ) -> FactView:
        statuses = [FactStatus.ARCHIVED] if archived else [FactStatus.ACTIVE]
        rows = await self._facts.by_status(scope, statuses, projects)
        winners = winning_per_key([f for f, _ in rows])
        embeddings = await self._facts.embeddings(scope, [f.id for f in winners]) if winners else {}
        return await asyncio.to_thread(FactView.build, stamp, winners, embeddings, previous)

    def _built(self, key: ViewKey, done: asyncio.Future[FactView]) -> None:
        if self._building.get(key, ("", done))[1] is done:
            del self._building[key]
        if done.cancelled() or done.exception() is not None:
            return
        view = done.result()
        held = self._views.pop(key, None)
        if held is not None:
            self._held -= len(held.facts)
        self._views[key] = view
        self._held += len(view.facts)
        while self._held > self._max_facts and len(self._views) > 1:
            _, dropped = self._views.popitem(last=False)
            self._held -= len(dropped.facts)
