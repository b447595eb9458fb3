"""In-process partition index: per tenant+user, a BM25 index over each episode's tokens and the small facts
ranking needs (time, importance, session, project, event type, speaker), with each episode's same-session
neighbours kept in time order. Neo4j is the source of truth: a partition is built from it the first time it
is searched after start-up, and kept in step by the write path and the catch-up check. An evicted partition
can be saved whole (`export`, written by `graphmem.index.partition_snapshot`) and restored from that file
(`restore`) when the user's stored state has not moved since.
"""

from __future__ import annotations

import asyncio
import bisect
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from graphmem.model import EpisodeFeatures
from graphmem.retrieval.lexical import BM25Arrays, BM25Index

_FACT_BYTES = 300
"""Approximate bytes of one episode's ranking facts: the frozen dataclass with its datetime and strings,
its dict entry and its (time, seq) entry in the session order."""


@dataclass(frozen=True)
class RankFacts:
    """An episode's facts with its same-session neighbours in time order (None at a session's ends)."""

    facts: EpisodeFeatures
    prev_seq: int | None
    next_seq: int | None


@dataclass
class _Partition:
    bm25: BM25Index = field(default_factory=BM25Index)
    facts: dict[int, EpisodeFeatures] = field(default_factory=dict)
    sessions: dict[str, list[tuple[datetime, int]]] = field(default_factory=dict)
    speakers: Counter[str] = field(default_factory=Counter)
    watermark: int = 0

    def add(self, item: EpisodeFeatures) -> None:
        if item.seq in self.facts:
            self.remove(item.seq)
        self.bm25.add(item.seq, item.tokens.split())
        item = replace(item, tokens="")  # the postings hold them; the string would double the memory
        self.facts[item.seq] = item
        if item.session_id:
            bisect.insort(self.sessions.setdefault(item.session_id, []), (item.occurred_at, item.seq))
        if item.speaker:
            self.speakers[item.speaker] += 1
        self.watermark = max(self.watermark, item.seq)

    def remove(self, seq: int) -> None:
        item = self.facts.pop(seq, None)
        if item is None:
            return
        self.bm25.remove(seq)
        if item.speaker:
            self.speakers[item.speaker] -= 1
            if self.speakers[item.speaker] <= 0:
                del self.speakers[item.speaker]
        ordered = self.sessions.get(item.session_id)
        if ordered is not None:
            i = bisect.bisect_left(ordered, (item.occurred_at, seq))
            if i < len(ordered) and ordered[i] == (item.occurred_at, seq):
                del ordered[i]

    @classmethod
    def restored(cls, rows: Sequence[EpisodeFeatures], lexical: BM25Arrays) -> _Partition:
        part = cls(bm25=BM25Index.from_arrays(lexical))
        if len(part.bm25) != len(rows):
            raise ValueError("saved partition: the ranking rows and the lexical documents differ")
        for item in rows:
            if item.seq not in part.bm25:
                raise ValueError("saved partition: a ranking row has no lexical document")
            part.facts[item.seq] = item
            if item.session_id:
                part.sessions.setdefault(item.session_id, []).append((item.occurred_at, item.seq))
            if item.speaker:
                part.speakers[item.speaker] += 1
            part.watermark = max(part.watermark, item.seq)
        for ordered in part.sessions.values():
            ordered.sort()
        return part

    def ranked(self, seq: int) -> RankFacts | None:
        item = self.facts.get(seq)
        if item is None:
            return None
        if not item.session_id:
            return RankFacts(item, None, None)
        ordered = self.sessions[item.session_id]
        i = bisect.bisect_left(ordered, (item.occurred_at, seq))
        prev_seq = ordered[i - 1][1] if i > 0 else None
        next_seq = ordered[i + 1][1] if i + 1 < len(ordered) else None
        return RankFacts(item, prev_seq, next_seq)


class PartitionIndex:
    """BM25 plus ranking facts per partition; ids are episode seqs."""

    def __init__(self) -> None:
        self._parts: dict[str, _Partition] = {}
        self._lock = threading.Lock()

    def state(self, partition: str) -> tuple[int, int] | None:
        """(highest seq held, episodes held), or None when the partition is not loaded."""
        with self._lock:
            part = self._parts.get(partition)
            return None if part is None else (part.watermark, len(part.facts))

    def memory_bytes(self, partition: str) -> int:
        """Approximate bytes a loaded partition holds (postings, ~300 per episode's facts and session
        order); 0 when it is not loaded."""
        with self._lock:
            part = self._parts.get(partition)
            return 0 if part is None else part.bm25.memory_bytes() + _FACT_BYTES * len(part.facts)

    def loaded(self) -> list[str]:
        with self._lock:
            return list(self._parts)

    def _load(self, partition: str, rows: Sequence[EpisodeFeatures]) -> None:
        part = _Partition()
        for row in rows:
            part.add(row)
        with self._lock:
            self._parts[partition] = part

    def add(self, partition: str, rows: Sequence[EpisodeFeatures], *, create: bool = False) -> None:
        """Adds (or replaces) episodes of a loaded partition; an unloaded one is built on its next search, or
        here when `create` (the caller knows `rows` are everything the partition holds: a user's first write)."""
        with self._lock:
            part = self._parts.get(partition)
            if part is None and create:
                part = self._parts[partition] = _Partition()
            if part is not None:
                for row in rows:
                    part.add(row)

    def remove(self, partition: str, seqs: Sequence[int]) -> None:
        with self._lock:
            part = self._parts.get(partition)
            if part is not None:
                for seq in seqs:
                    part.remove(seq)

    def drop(self, partition: str) -> None:
        with self._lock:
            self._parts.pop(partition, None)

    def speakers(self, partition: str, limit: int) -> list[str]:
        """The partition's speakers, most episodes first (at most `limit`)."""
        with self._lock:
            part = self._parts.get(partition)
            return [] if part is None else [s for s, _ in part.speakers.most_common(limit)]

    def search(
        self, partition: str, tokens: Sequence[str], k: int, allowed: Sequence[int] | None = None
    ) -> list[tuple[int, float]]:
        """BM25 top-k (seq, score) with score > 0, best first."""
        with self._lock:
            part = self._parts.get(partition)
            if part is None or not tokens:
                return []
            return part.bm25.search(tokens, k, allowed)

    def rank_facts(self, partition: str, seqs: Sequence[int]) -> dict[int, RankFacts]:
        """Facts of the given episodes and of their same-session neighbours."""
        out: dict[int, RankFacts] = {}
        with self._lock:
            part = self._parts.get(partition)
            if part is None:
                return out
            for seq in seqs:
                ranked = part.ranked(seq)
                if ranked is None:
                    continue
                out[seq] = ranked
                for neighbour in (ranked.prev_seq, ranked.next_seq):
                    if neighbour is not None and neighbour not in out:
                        found = part.ranked(neighbour)
                        if found is not None:
                            out[neighbour] = found
        return out

    def export(self, partition: str) -> tuple[list[EpisodeFeatures], BM25Arrays] | None:
        """A loaded partition's ranking rows (tokens empty) and lexical documents, for saving; None when
        it is not loaded."""
        with self._lock:
            part = self._parts.get(partition)
            if part is None:
                return None
            return list(part.facts.values()), part.bm25.to_arrays()

    def _restore(self, partition: str, rows: Sequence[EpisodeFeatures], lexical: BM25Arrays) -> None:
        part = _Partition.restored(rows, lexical)
        with self._lock:
            self._parts[partition] = part

    async def restore(self, partition: str, rows: Sequence[EpisodeFeatures], lexical: BM25Arrays) -> None:
        """Replaces a partition with what `export` gave (built in a worker thread); ValueError when the two
        parts do not fit together."""
        await asyncio.to_thread(self._restore, partition, rows, lexical)

    async def load(self, partition: str, rows: Sequence[EpisodeFeatures]) -> None:
        """Replaces a partition with the given rows (built in a worker thread)."""
        await asyncio.to_thread(self._load, partition, rows)
