"""Lexical side index: one in-process BM25 per tenant+user partition over the tokens stored on each episode.

It is not persisted: a partition is built from Neo4j (the source of truth) the first time it is searched
after start-up, and kept in step by the write path and the catch-up check. Calls run in a worker thread.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from graphmem.retrieval.lexical import BM25Index


@dataclass
class _Partition:
    bm25: BM25Index = field(default_factory=BM25Index)
    watermark: int = 0


class LexicalIndex:
    """BM25 per partition; ids are episode seqs, documents are whitespace-joined token strings."""

    def __init__(self) -> None:
        self._parts: dict[str, _Partition] = {}
        self._lock = threading.Lock()

    def _state(self, partition: str) -> tuple[int, int] | None:
        with self._lock:
            part = self._parts.get(partition)
            return None if part is None else (part.watermark, len(part.bm25))

    def _load(self, partition: str, rows: Sequence[tuple[int, str]]) -> None:
        part = _Partition()
        for seq, tokens in rows:
            part.bm25.add(seq, tokens.split())
            part.watermark = max(part.watermark, seq)
        with self._lock:
            self._parts[partition] = part

    def _add(self, partition: str, rows: Sequence[tuple[int, str]]) -> None:
        with self._lock:
            part = self._parts.get(partition)
            if part is None:  # not loaded yet: the next search loads everything from the graph
                return
            for seq, tokens in rows:
                part.bm25.add(seq, tokens.split())
                part.watermark = max(part.watermark, seq)

    def _remove(self, partition: str, ids: Sequence[int]) -> None:
        with self._lock:
            part = self._parts.get(partition)
            if part is not None:
                for seq in ids:
                    part.bm25.remove(seq)

    def _search(
        self, partition: str, tokens: Sequence[str], k: int, allowed: Sequence[int] | None
    ) -> list[tuple[int, float]]:
        with self._lock:
            part = self._parts.get(partition)
            if part is None or not tokens:
                return []
            return part.bm25.search(tokens, k, allowed)

    async def state(self, partition: str) -> tuple[int, int] | None:
        """(highest seq indexed, documents) or None when the partition is not loaded."""
        return self._state(partition)

    async def load(self, partition: str, rows: Sequence[tuple[int, str]]) -> None:
        await asyncio.to_thread(self._load, partition, rows)

    async def add(self, partition: str, rows: Sequence[tuple[int, str]]) -> None:
        await asyncio.to_thread(self._add, partition, rows)

    async def remove(self, partition: str, ids: Sequence[int]) -> None:
        await asyncio.to_thread(self._remove, partition, ids)

    async def search(
        self, partition: str, tokens: Sequence[str], k: int, allowed: Sequence[int] | None = None
    ) -> list[tuple[int, float]]:
        return await asyncio.to_thread(self._search, partition, tokens, k, allowed)

    async def drop(self, partition: str) -> None:
        with self._lock:
            self._parts.pop(partition, None)
