"""The partition cache's books: least-recently-used order, victims until the budget holds, a partition in use
is never its own victim, forgotten partitions free their bytes."""

from __future__ import annotations

import pytest

from graphmem.index.partition_cache import PartitionCache


def test_touch_evicts_least_recently_used_until_within_budget() -> None:
    cache = PartitionCache(100)
    assert cache.touch("a", 40) == []
    assert cache.touch("b", 40) == []
    assert cache.touch("a", 40) == []  # a is now the most recent
    assert cache.touch("c", 40) == ["b"]
    assert cache.loaded() == ["a", "c"]
    assert cache.used_bytes == 80
    assert cache.evictions == 1
    assert "b" not in cache


def test_growing_partition_pushes_out_several_others() -> None:
    cache = PartitionCache(100)
    for name in "abcd":
        cache.touch(name, 25)
    assert cache.touch("d", 90) == ["a", "b", "c"]
    assert cache.used_bytes == 90


def test_a_partition_larger_than_the_budget_stays_while_in_use() -> None:
    cache = PartitionCache(100)
    cache.touch("a", 10)
    assert cache.touch("big", 500) == ["a"]
    assert cache.loaded() == ["big"]
    assert cache.touch("small", 1) == ["big"]


def test_forget_and_zero_size_free_the_bytes() -> None:
    cache = PartitionCache(100)
    cache.touch("a", 30)
    cache.touch("b", 30)
    cache.forget("a")
    assert cache.used_bytes == 30
    cache.touch("b", 0)
    assert cache.used_bytes == 0
    assert len(cache) == 0


def test_budget_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        PartitionCache(0)
