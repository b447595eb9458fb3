"""Hit tracking off the request path: `record` appends to an in-process buffer (never blocks, never fails);
`flush` writes the accumulated counts in one batched transaction; `run` flushes every `interval` seconds.

Hits of one memory between flushes are summed and their latest time kept, so the buffer is bounded by the
number of distinct memories returned. A failed flush puts its hits back for the next one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime

from graphmem.model import MemoryKind
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.hits import HitRepository, HitRow

log = logging.getLogger(__name__)

_Key = tuple[str, MemoryKind, str]


class HitRecorder:
    """Buffers hits on episodes and facts and writes them in batches."""

    def __init__(self, graph: Neo4jGraph, batch: int = 2000) -> None:
        self._repo = HitRepository(graph)
        self._batch = batch
        self._buffer: dict[_Key, tuple[int, datetime]] = {}
        self._flushing = asyncio.Lock()

    @property
    def pending(self) -> int:
        """Distinct memories with hits not yet written."""
        return len(self._buffer)

    def record(self, group_id: str, kind: MemoryKind, ids: Sequence[str], at: datetime) -> None:
        """Counts one hit on each id (episodes and facts only; other kinds are ignored)."""
        if kind not in (MemoryKind.EPISODE, MemoryKind.FACT):
            return
        for memory_id in ids:
            key = (group_id, kind, memory_id)
            held = self._buffer.get(key)
            self._buffer[key] = (1, at) if held is None else (held[0] + 1, max(held[1], at))

    def _put_back(self, taken: dict[_Key, tuple[int, datetime]]) -> None:
        for key, (n, at) in taken.items():
            held = self._buffer.get(key)
            self._buffer[key] = (n, at) if held is None else (held[0] + n, max(held[1], at))

    async def flush(self) -> int:
        """Writes every buffered hit; returns how many memories were updated."""
        async with self._flushing:
            taken, self._buffer = self._buffer, {}
            items = list(taken.items())
            updated = 0
            for start in range(0, len(items), self._batch):
                chunk = items[start : start + self._batch]
                episodes = [HitRow(g, i, n, at) for (g, k, i), (n, at) in chunk if k == MemoryKind.EPISODE]
                facts = [HitRow(g, i, n, at) for (g, k, i), (n, at) in chunk if k == MemoryKind.FACT]
                try:
                    updated += await self._repo.apply(episodes, facts)
                except BaseException:
                    self._put_back(dict(items[start:]))
                    raise
            if items:
                log.debug("hits flushed", extra={"memories": len(items), "updated": updated})
            return updated

    async def run(self, interval: float) -> None:
        """Flushes every `interval` seconds until cancelled (then flushes once more)."""
        try:
            while True:
                await asyncio.sleep(interval)
                try:
                    await self.flush()
                except Exception:  # the loop must survive an outage; hits stay buffered
                    log.exception("hit flush failed")
        finally:
            if self._buffer:
                try:
                    await self.flush()
                except Exception:
                    log.exception("final hit flush failed")
