"""Readiness: every part the service would otherwise load on first use, loaded and exercised once by a real
call before health turns SERVING, so the first AddEpisodes and Search cost what later ones cost.

Parts, in order: the embedder (model load + a document embed), jieba (dictionary + part-of-speech tables),
extraction (spaCy pipelines and rule tables, one extract in Chinese and one in English), FAISS (a throwaway
index: add, search, filtered search), BM25 (add and search), the Search path (a query embed, the router, the
time expressions, the rerank) and the write path (importance rules). Nothing is written anywhere.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

from graphmem.embedding.protocol import Embedder, EmbedKind
from graphmem.extraction.importance import assign_importance
from graphmem.index.protocol import VectorIndex
from graphmem.memory.semantic import Extractor
from graphmem.memory.summary import summarise_turns
from graphmem.model import Turn
from graphmem.policy import Policy
from graphmem.retrieval.lexical import BM25Index, tokenize
from graphmem.retrieval.rerank import Candidate, rerank
from graphmem.retrieval.router import route
from graphmem.retrieval.timeexpr import find_time_expression

__all__ = ["PARTS", "WarmUpReport", "warm_up"]

PARTS = ("embedder", "jieba", "extraction", "faiss", "bm25", "search", "write")
"""The warmed parts, in the order they run; each is reported as `<part>_ms` in the start-up log."""

ZH_TEXT = "我不吃香菜，以后点菜都别放。记住我喜欢喝绿茶。"
EN_TEXT = "Remember that I prefer tea over coffee. I never eat cilantro."
ZH_QUERY = "上周她说过不吃什么？"
EN_QUERY = "what does she prefer to drink?"

T = TypeVar("T")


@dataclass(frozen=True)
class WarmUpReport:
    """How long each part took (seconds, in run order) and how many candidate facts each extract found."""

    timings: tuple[tuple[str, float], ...]
    facts_zh: int
    facts_en: int

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.timings)


class _Clock:
    def __init__(self) -> None:
        self.timings: list[tuple[str, float]] = []

    async def run(self, part: str, work: Callable[[], T]) -> T:
        """Runs blocking `work` in a worker thread (the event loop keeps answering health checks)."""
        started = time.perf_counter()
        result = await asyncio.to_thread(work)
        self.timings.append((part, time.perf_counter() - started))
        return result


async def warm_up(
    embedder: Embedder, extractor: Extractor, index: VectorIndex, policy: Policy, now: datetime | None = None
) -> WarmUpReport:
    """Loads and exercises every lazily loaded part once; raises what a part raises (the caller retries)."""
    clock = _Clock()
    documents = await clock.run("embedder", lambda: embedder.embed([ZH_TEXT, EN_TEXT], EmbedKind.DOCUMENT))
    if documents.shape != (2, embedder.dim):
        raise RuntimeError(f"embedder {embedder.name} returned {documents.shape}, expected (2, {embedder.dim})")
    ref = now or datetime.now(UTC)

    def jieba_part() -> None:
        tokenize(ZH_TEXT)  # the dictionary (search-mode segmentation)
        turn = Turn("user", "我和王芳约好周五在北京见面，预算三千元。", ref, 0)
        summarise_turns([turn], 64)  # part-of-speech tables (names in working-memory summaries)

    await clock.run("jieba", jieba_part)
    facts_zh, facts_en = await clock.run(
        "extraction", lambda: (len(extractor.extract(ZH_TEXT)), len(extractor.extract(EN_TEXT)))
    )
    started = time.perf_counter()
    await index.warm_up(documents)  # the index runs its own work in a worker thread
    clock.timings.append(("faiss", time.perf_counter() - started))

    def bm25_part() -> list[tuple[int, float]]:
        bm25 = BM25Index()
        for doc_id, text in enumerate((ZH_TEXT, EN_TEXT), start=1):
            bm25.add(doc_id, tokenize(text))
        found = bm25.search(tokenize(ZH_QUERY), 10) + bm25.search(tokenize(EN_QUERY), 10, [2])
        if not found:
            raise RuntimeError("BM25 found nothing for the warm-up queries")
        return found

    lexical = dict(await clock.run("bm25", bm25_part))

    def search_part() -> None:
        for query in (ZH_QUERY, EN_QUERY):
            qvec = embedder.embed([query], EmbedKind.QUERY)[0]
            chosen = route(query, ())
            window = find_time_expression(query, ref)
            cosines = {i + 1: float(documents[i] @ qvec) for i in range(len(documents))}
            candidates = [Candidate(i, 0.5, ref, None, None) for i in cosines]
            rerank(
                candidates,
                cosines,
                lexical,
                policy.rerank.weights_for(chosen.query_kind),
                ref,
                policy.rerank.half_life_days,
                window.window if window else None,
            )

    await clock.run("search", search_part)
    await clock.run("write", lambda: [assign_importance(t, "", policy.importance) for t in (ZH_TEXT, EN_TEXT)])
    return WarmUpReport(tuple(clock.timings), facts_zh, facts_en)
