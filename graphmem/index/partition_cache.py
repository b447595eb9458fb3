"""The memory budget of the side indexes: which user partitions are loaded, in least-recently-used order, and
how many bytes each holds (vectors plus lexical postings and ranking facts).

It only keeps the books; evicting a partition (flushing its vectors first when they changed) is the owner's
job. Invariant: after `touch` returns, the accounted bytes are within the budget, unless the one partition
just touched is alone larger than the budget (it stays: it is in use).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

DEFAULT_INDEX_MEMORY_MB = 1024
"""The default budget: ~1 GiB of side indexes, about 400,000 episodes at 512 dimensions (a process on a
24 GiB machine shared with Neo4j and other replicas)."""


class PartitionCache:
    """LRU books over loaded partitions with a byte budget."""

    def __init__(self, budget_bytes: int) -> None:
        if budget_bytes <= 0:
            raise ValueError("the index memory budget must be positive")
        self._budget = budget_bytes
        self._sizes: OrderedDict[str, int] = OrderedDict()
        self._used = 0
        self._lock = threading.Lock()
        self._evictions = 0

    @property
    def budget_bytes(self) -> int:
        return self._budget

    @property
    def used_bytes(self) -> int:
        """Bytes accounted to the loaded partitions."""
        return self._used

    @property
    def evictions(self) -> int:
        """How many partitions have been chosen for eviction since start-up."""
        return self._evictions

    def __contains__(self, partition: object) -> bool:
        return partition in self._sizes

    def __len__(self) -> int:
        return len(self._sizes)

    def loaded(self) -> list[str]:
        """Partitions in least-recently-used-first order."""
        with self._lock:
            return list(self._sizes)

    def touch(self, partition: str, size: int) -> list[str]:
        """Records a use of `partition`, now holding `size` bytes (0 = not loaded), and returns the partitions
        to evict, least recently used first; they are no longer accounted when this returns."""
        with self._lock:
            self._used -= self._sizes.pop(partition, 0)
            if size > 0:
                self._sizes[partition] = size
                self._used += size
            victims: list[str] = []
            while self._used > self._budget and self._sizes:
                oldest = next(iter(self._sizes))
                if oldest == partition:
                    break
                self._used -= self._sizes.pop(oldest)
                victims.append(oldest)
            self._evictions += len(victims)
            return victims

    def forget(self, partition: str) -> None:
        """Stops accounting a partition (it was dropped or evicted)."""
        with self._lock:
            self._used -= self._sizes.pop(partition, 0)
