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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from graphmem.model import EpisodeFeatures
from graphmem.retrieval.lexical import BM25Arrays, BM25Index
from graphmem.retrieval.rerank import OPEN_START

_FACT_BYTES = 178
"""Approximate bytes of one episode's ranking facts: its row of the columns (57), its neighbour links (8), its
seq's dict entry and its place in the session order."""

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_SEQ_SPAN = 1 << 40
_NONE = OPEN_START
"""An absent event bound (an open start reads as the rerank's OPEN_START as it is; an open end does not)."""

COLUMNS: tuple[tuple[str, Any], ...] = (
    ("seq", np.int64),
    ("occurred", np.int64),  # microseconds since 1970 UTC
    ("importance", np.float64),
    ("session", np.int32),  # codes into the partition's string table
    ("project", np.int32),
    ("event_type", np.int32),
    ("speaker", np.int32),
    ("has_event", np.bool_),
    ("event_start", np.int64),
    ("event_end", np.int64),
)


def _micros(at: datetime | None) -> int:
    return _NONE if at is None else (at - _EPOCH) // timedelta(microseconds=1)


@dataclass(frozen=True)
class SavedPartition:
    """A partition's live episodes as columns (named as in `COLUMNS`, one entry per episode), the string
    table their codes index, and their BM25 documents: what `PartitionIndex.export` gives and `restore` takes."""

    columns: dict[str, np.ndarray[Any, Any]]
    strings: list[str]
    lexical: BM25Arrays
    watermark: int
    """The highest seq the partition has held (a removed episode's included)."""


@dataclass(frozen=True)
class RankRows:
    """The ranking columns (named as in `COLUMNS`) of some episodes and of their same-session neighbours, one
    entry each: the episodes asked for first, in their order. `prev` and `next` are the positions among these
    entries of each entry's neighbours: -1 at a session's ends or without a session, and for a neighbour's own
    neighbours that are not entries; `codes` the partition's codes of the strings asked for (-1 when absent)."""

    columns: dict[str, np.ndarray[Any, Any]]
    prev: np.ndarray[Any, np.dtype[np.int64]]
    next: np.ndarray[Any, np.dtype[np.int64]]
    codes: dict[str, int]

    def __len__(self) -> int:
        return int(self.prev.shape[0])


class _Partition:
    """One user's BM25 index and ranking facts. The facts are numpy columns indexed by row, with strings
    interned in a table, so that a loaded partition is a few dozen Python objects for the cyclic garbage
    collector whatever its size (objects per episode made a full collection of a process holding a million
    episodes pause it for hundreds of milliseconds). A removed episode's row stays until the partition is
    compacted (when dead rows outnumber live ones)."""

    def __init__(self, bm25: BM25Index | None = None) -> None:
        self.bm25 = bm25 or BM25Index()
        self.row_of: dict[int, int] = {}
        self.strings: list[str] = []
        self._codes: dict[str, int] = {}
        self.cols: dict[str, np.ndarray[Any, Any]] = {name: np.zeros(16, dtype=dt) for name, dt in COLUMNS}
        self.n_rows = 0
        # session code -> its rows' order keys (`_key`), ascending, and the rows in that order
        self.sessions: dict[int, tuple[list[int], list[int]]] = {}
        # each row's neighbours in its session's order, as rows (-1: none), kept with `sessions`: a search
        # looks up its candidates' neighbours as array reads, not a key and a bisection per row
        self.prev_row = np.full(16, -1, dtype=np.int32)
        self.next_row = np.full(16, -1, dtype=np.int32)
        self.speakers: Counter[str] = Counter()
        self.watermark = 0

    def _code(self, value: str) -> int:
        code = self._codes.get(value)
        if code is None:
            code = self._codes[value] = len(self.strings)
            self.strings.append(value)
        return code

    def _key(self, row: int) -> int:
        """The row's place in its session: by time, then seq (a seq is below 2**40)."""
        return int(self.cols["occurred"].item(row)) * _SEQ_SPAN + int(self.cols["seq"].item(row))

    def _sessions_sorted(self) -> None:
        """Sorts every session's rows into time order and links each row to its neighbours."""
        self.prev_row = np.full(self.cols["seq"].shape[0], -1, dtype=np.int32)
        self.next_row = np.full(self.cols["seq"].shape[0], -1, dtype=np.int32)
        for code, (_, rows) in list(self.sessions.items()):
            rows.sort(key=self._key)
            self.sessions[code] = ([self._key(row) for row in rows], rows)
            if len(rows) > 1:
                ordered = np.asarray(rows, dtype=np.int64)
                self.prev_row[ordered[1:]] = ordered[:-1]
                self.next_row[ordered[:-1]] = ordered[1:]

    def _link(self, left: int, right: int) -> None:
        """Makes `right` follow `left` in their session (-1 for a session's end)."""
        if left >= 0:
            self.next_row[left] = right
        if right >= 0:
            self.prev_row[right] = left

    def _append(self, item: EpisodeFeatures) -> int:
        row = self.n_rows
        if row >= self.cols["seq"].shape[0]:
            for name, col in self.cols.items():
                grown = np.zeros(col.shape[0] * 2, dtype=col.dtype)
                grown[:row] = col[:row]
                self.cols[name] = grown
        if row >= self.prev_row.shape[0]:
            for name in ("prev_row", "next_row"):
                links = np.full(self.cols["seq"].shape[0], -1, dtype=np.int32)
                links[:row] = getattr(self, name)[:row]
                setattr(self, name, links)
        event = item.event
        values = (
            item.seq,
            _micros(item.occurred_at),
            item.importance,
            self._code(item.session_id),
            self._code(item.project_id),
            self._code(item.event_type),
            self._code(item.speaker),
            event is not None,
            _micros(event.start if event else None),
            _micros(event.end if event else None),
        )
        for (name, _), value in zip(COLUMNS, values, strict=True):
            self.cols[name][row] = value
        self.n_rows += 1
        self.row_of[item.seq] = row
        if item.speaker:
            self.speakers[item.speaker] += 1
        self.watermark = max(self.watermark, item.seq)
        return row

    def add(self, item: EpisodeFeatures) -> None:
        if item.seq in self.row_of:
            self.remove(item.seq)
        self.bm25.add(item.seq, item.tokens.split())
        row = self._append(item)
        if item.session_id:
            keys, ordered = self.sessions.setdefault(self._code(item.session_id), ([], []))
            key = self._key(row)
            i = bisect.bisect_left(keys, key)
            keys.insert(i, key)
            ordered.insert(i, row)
            self._link(ordered[i - 1] if i > 0 else -1, row)
            self._link(row, ordered[i + 1] if i + 1 < len(ordered) else -1)

    @classmethod
    def built(cls, rows: Sequence[EpisodeFeatures]) -> _Partition:
        """A partition of these episodes (an episode given twice: the last wins)."""
        part = cls()
        for item in {item.seq: item for item in rows}.values():
            part.bm25.add(item.seq, item.tokens.split())
            row = part._append(item)
            if item.session_id:
                part.sessions.setdefault(part._code(item.session_id), ([], []))[1].append(row)
        part._sessions_sorted()
        return part

    def saved(self) -> SavedPartition:
        live = np.array(sorted(self.row_of.values()), dtype=np.int64)
        columns = {name: col[live].copy() for name, col in self.cols.items()}
        return SavedPartition(columns, list(self.strings), self.bm25.to_arrays(), self.watermark)

    @classmethod
    def restored(cls, saved: SavedPartition) -> _Partition:
        """The partition `saved()` gave; ValueError when its parts do not fit together."""
        cols = saved.columns
        if set(cols) != {name for name, _ in COLUMNS}:
            raise ValueError("saved partition: other columns")
        n = int(cols["seq"].shape[0])
        if any(col.shape != (n,) for col in cols.values()):
            raise ValueError("saved partition: columns of different lengths")
        codes = np.concatenate([cols[name] for name in ("session", "project", "event_type", "speaker")])
        if codes.size and (int(codes.min()) < 0 or int(codes.max()) >= len(saved.strings)):
            raise ValueError("saved partition: a string code out of range")
        if len(set(saved.strings)) != len(saved.strings):
            raise ValueError("saved partition: a string twice in its table")
        part = cls(BM25Index.from_arrays(saved.lexical))
        seqs = cols["seq"].astype(np.int64).tolist()
        part.row_of = dict(zip(seqs, range(n), strict=True))
        if len(part.row_of) != n or len(part.bm25) != n or any(seq not in part.bm25 for seq in seqs):
            raise ValueError("saved partition: the ranking rows and the lexical documents differ")
        part.cols = {name: cols[name].astype(dt, copy=True) for name, dt in COLUMNS}
        part.n_rows = n
        part.strings = list(saved.strings)
        part._codes = {value: code for code, value in enumerate(part.strings)}
        order = np.lexsort((part.cols["seq"], part.cols["occurred"]))
        session_of = part.cols["session"][order]
        for code in np.unique(session_of).tolist():
            if part.strings[code]:
                part.sessions[code] = ([], order[session_of == code].tolist())
        part._sessions_sorted()
        for code, count in enumerate(np.bincount(part.cols["speaker"], minlength=len(part.strings)).tolist()):
            if count and part.strings[code]:
                part.speakers[part.strings[code]] = count
        part.watermark = max(saved.watermark, *seqs) if seqs else saved.watermark
        return part

    def remove(self, seq: int) -> None:
        row = self.row_of.pop(seq, None)
        if row is None:
            return
        self.bm25.remove(seq)
        speaker = self.strings[self.cols["speaker"].item(row)]
        if speaker:
            self.speakers[speaker] -= 1
            if self.speakers[speaker] <= 0:
                del self.speakers[speaker]
        found = self.sessions.get(self.cols["session"].item(row))
        if found is not None:
            keys, ordered = found
            i = bisect.bisect_left(keys, self._key(row))
            if i < len(ordered) and ordered[i] == row:
                del keys[i], ordered[i]
                self._link(ordered[i - 1] if i > 0 else -1, ordered[i] if i < len(ordered) else -1)
        if self.n_rows > 1024 and (self.n_rows - len(self.row_of)) * 2 > self.n_rows:
            fresh = _Partition.restored(self.saved())
            self.__dict__.update(fresh.__dict__)

    def rank_rows(self, seqs: Sequence[int], names: Sequence[str]) -> RankRows:
        """The ranking columns of these episodes (those held) and of their same-session neighbours: each
        episode followed by its neighbours before and after, each row once (where it first comes)."""
        asked = [row for row in map(self.row_of.get, seqs) if row is not None]
        first = np.asarray(asked, dtype=np.int64)
        trio = np.stack([first, self.prev_row[first], self.next_row[first]], axis=1).ravel()
        trio = trio[trio >= 0]
        _, where = np.unique(trio, return_index=True)
        at = trio[np.sort(where)]
        by_row = np.argsort(at)
        ordered = at[by_row]

        def positions(rows: np.ndarray[Any, Any]) -> np.ndarray[Any, np.dtype[np.int64]]:
            """Each row's position in `at`, -1 when it is not there."""
            # (no rows asked: `at` and `rows` are both empty, and so is every array here)
            i = np.minimum(np.searchsorted(ordered, rows), max(len(ordered) - 1, 0))
            return np.where((rows >= 0) & (ordered[i] == rows), by_row[i], -1).astype(np.int64)

        return RankRows(
            {name: col[at] for name, col in self.cols.items()},
            positions(self.prev_row[at].astype(np.int64)),
            positions(self.next_row[at].astype(np.int64)),
            {name: self._codes.get(name, -1) for name in names},
        )


class PartitionIndex:
    """BM25 plus ranking facts per partition; ids are episode seqs. One lock guards the table of partitions and
    each partition has its own: one user's search, write or export never waits for another user's."""

    def __init__(self) -> None:
        self._parts: dict[str, _Partition] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    @contextmanager
    def _held(self, partition: str, create: bool = False) -> Iterator[_Partition | None]:
        """The partition (None when it is not loaded and not `create`d), held under its own lock."""
        with self._lock:
            part = self._parts.get(partition)
            if part is None and create:
                part = self._parts[partition] = _Partition()
            lock = self._locks.setdefault(partition, threading.Lock()) if part is not None else None
        if part is None or lock is None:
            yield None
            return
        with lock:
            yield part

    def state(self, partition: str) -> tuple[int, int] | None:
        """(highest seq held, episodes held), or None when the partition is not loaded."""
        with self._lock:
            part = self._parts.get(partition)
            return None if part is None else (part.watermark, len(part.row_of))

    def memory_bytes(self, partition: str) -> int:
        """Approximate bytes a loaded partition holds (postings, ~170 per episode's facts and session
        order); 0 when it is not loaded."""
        with self._lock:
            part = self._parts.get(partition)
            return 0 if part is None else part.bm25.memory_bytes() + _FACT_BYTES * len(part.row_of)

    def loaded(self) -> list[str]:
        with self._lock:
            return list(self._parts)

    def _load(self, partition: str, rows: Sequence[EpisodeFeatures]) -> None:
        part = _Partition.built(rows)
        with self._lock:
            self._parts[partition] = part

    def add(self, partition: str, rows: Sequence[EpisodeFeatures], *, create: bool = False) -> None:
        """Adds (or replaces) episodes of a loaded partition; an unloaded one is built on its next search, or
        here when `create` (the caller knows `rows` are everything the partition holds: a user's first write)."""
        with self._held(partition, create) as part:
            if part is not None:
                for row in rows:
                    part.add(row)

    def remove(self, partition: str, seqs: Sequence[int]) -> None:
        with self._held(partition) as part:
            if part is not None:
                for seq in seqs:
                    part.remove(seq)

    def drop(self, partition: str) -> None:
        with self._lock:
            self._parts.pop(partition, None)
            self._locks.pop(partition, None)

    def speakers(self, partition: str, limit: int) -> list[str]:
        """The partition's speakers, most episodes first (at most `limit`)."""
        with self._held(partition) as part:
            return [] if part is None else [s for s, _ in part.speakers.most_common(limit)]

    def search(
        self, partition: str, tokens: Sequence[str], k: int, allowed: Sequence[int] | None = None
    ) -> list[tuple[int, float]]:
        """BM25 top-k (seq, score) with score > 0, best first."""
        if not tokens:
            return []
        with self._held(partition) as part:
            return [] if part is None else part.bm25.search(tokens, k, allowed)

    def rank_rows(self, partition: str, seqs: Sequence[int], names: Sequence[str] = ()) -> RankRows | None:
        """The ranking columns of the given episodes and of their same-session neighbours, and the codes of
        `names` in the partition's string table; None when the partition is not loaded."""
        with self._held(partition) as part:
            return None if part is None else part.rank_rows(seqs, names)

    def export(self, partition: str) -> SavedPartition | None:
        """A loaded partition as columns and lexical documents, for saving; None when it is not loaded."""
        with self._held(partition) as part:
            return None if part is None else part.saved()

    def _restore(self, partition: str, saved: SavedPartition) -> None:
        part = _Partition.restored(saved)
        with self._lock:
            self._parts[partition] = part

    async def restore(self, partition: str, saved: SavedPartition) -> None:
        """Replaces a partition with what `export` gave (built in a worker thread); ValueError when its
        parts do not fit together."""
        await asyncio.to_thread(self._restore, partition, saved)

    async def load(self, partition: str, rows: Sequence[EpisodeFeatures]) -> None:
        """Replaces a partition with the given rows (built in a worker thread)."""
        await asyncio.to_thread(self._load, partition, rows)
