"""HitTexts: what a Search returns of an episode (its id, text and provenance), held in the process for the
episodes written or returned lately, so that a Search whose hits are all held reads only the user's committed
state from Neo4j, and reads it beside the query's model run instead of after the ranking.

An episode's returned fields never change once it is written (a delete or an archive takes it out of the side
indexes, which every Search checks against the committed state), so an entry is right for as long as its
episode is in a partition that is in step. Entries are plain tuples of strings and numbers (nothing for the
cyclic garbage collector to walk), bounded in number; a user's entries go when their partition is dropped,
evicted or forgotten, or reloaded after another replica's change.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import NamedTuple

__all__ = ["DEFAULT_HELD", "HitText", "HitTexts"]

DEFAULT_HELD = 100_000
"""Episodes held across all users (~650 bytes each for a 90-character chat turn, measured with tracemalloc:
about 65 MB)."""


class HitText(NamedTuple):
    """The fields of an episode a Search hit carries (its seq is the key)."""

    id: str
    text: str
    occurred_at: datetime
    session_id: str
    speaker: str
    event_type: str
    importance: float
    metadata: tuple[tuple[str, str], ...]

    @staticmethod
    def pairs(metadata: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
        return tuple(metadata.items())


class HitTexts:
    """Per user, seq -> HitText; the least recently used users' entries leave first when over `limit`."""

    def __init__(self, limit: int = DEFAULT_HELD) -> None:
        if limit < 0:
            raise ValueError("limit must be >= 0")
        self._limit = limit
        # plain tuples (a tuple of strings and numbers is untracked by the cyclic collector; a NamedTuple is not)
        self._groups: OrderedDict[str, dict[int, tuple[object, ...]]] = OrderedDict()
        self._count = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return self._count

    def holds(self, group_id: str) -> bool:
        with self._lock:
            return bool(self._groups.get(group_id))

    def put(self, group_id: str, items: Iterable[tuple[int, HitText]]) -> None:
        if self._limit == 0:
            return
        with self._lock:
            held = self._groups.get(group_id)
            if held is None:
                held = self._groups[group_id] = {}
            self._groups.move_to_end(group_id)
            for seq, text in items:
                if seq not in held:
                    self._count += 1
                held[seq] = tuple(text)
            self._trim(group_id)

    def _trim(self, newest: str) -> None:
        while self._count > self._limit:
            oldest, held = next(iter(self._groups.items()))
            if oldest != newest:
                del self._groups[oldest]
                self._count -= len(held)
                continue
            for seq in list(held)[: self._count - self._limit]:  # one user over the limit: their oldest go
                del held[seq]
                self._count -= 1

    def get(self, group_id: str, seqs: Sequence[int]) -> dict[int, HitText] | None:
        """Every one of `seqs`, or None when any is not held."""
        with self._lock:
            held = self._groups.get(group_id)
            if held is None:
                return None
            found = {}
            for seq in seqs:
                text = held.get(seq)
                if text is None:
                    return None
                found[seq] = HitText._make(text)
            self._groups.move_to_end(group_id)
            return found

    def remove(self, group_id: str, seqs: Iterable[int]) -> None:
        with self._lock:
            held = self._groups.get(group_id)
            if held is not None:
                for seq in seqs:
                    if held.pop(seq, None) is not None:
                        self._count -= 1

    def drop(self, group_id: str) -> None:
        with self._lock:
            held = self._groups.pop(group_id, None)
            if held is not None:
                self._count -= len(held)
