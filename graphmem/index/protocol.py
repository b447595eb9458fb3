"""The small protocol the memory layers use to reach a vector index."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


class VectorIndex(Protocol):
    """Per-partition vector storage; ids are int64 (episode seqs), vectors are L2-normalised."""

    async def watermark(self, partition: str) -> tuple[int, int]:
        """(highest id ever indexed, number of vectors) of a partition."""
        ...

    async def add(self, partition: str, ids: Sequence[int], vectors: Vectors) -> None: ...

    async def remove(self, partition: str, ids: Sequence[int]) -> None: ...

    async def ids(self, partition: str) -> set[int]: ...

    async def search(
        self, partition: str, query: Vectors, k: int, allowed: Sequence[int] | None = None
    ) -> list[tuple[int, float]]:
        """Top-k (id, cosine) pairs, best first, optionally only among `allowed` ids."""
        ...

    def nearest(
        self, partition: str, query: Vectors, k: int, allowed: Sequence[int] | None = None
    ) -> list[tuple[int, float]]:
        """`search`, blocking: for a caller already in a worker thread (it may wait for the partition's lock)."""
        ...

    async def drop(self, partition: str) -> None:
        """Forgets the partition and deletes its persisted files."""
        ...

    async def evict(self, partition: str) -> bool:
        """Persists the partition if it changed, then frees its memory (files stay; the next use reloads
        them); False when it was not loaded."""
        ...

    def memory_bytes(self, partition: str) -> int:
        """Bytes the partition holds in memory; 0 when it is not loaded."""
        ...

    async def flush(self) -> None:
        """Persists every changed partition."""
        ...

    async def warm_up(self, sample: Vectors) -> None:
        """Exercises the index's native code once (add, search, filtered search) on a throwaway index built
        from `sample`; no partition is touched."""
        ...
