"""Each partition has its own lock: one user's search, write or export does not wait for another user's, and the
same user's readers and writers still take turns."""

from __future__ import annotations

import random
import threading

from graphmem.index.partition_index import PartitionIndex
from tests.unit.test_partition_neighbours import features


def _index() -> PartitionIndex:
    index = PartitionIndex()
    rng = random.Random(3)
    for user in ("alice", "bob"):
        index.add(user, [features(rng, seq) for seq in range(1, 40)], create=True)
    return index


def _in_thread(work: object, within: float = 5.0) -> bool:
    """Runs `work` in another thread; whether it finished within `within` seconds."""
    done = threading.Event()

    def run() -> None:
        work()  # type: ignore[operator]
        done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return done.wait(within)


def test_another_users_partition_is_not_held_up() -> None:
    index = _index()
    with index._held("alice") as alice:  # alice's partition is busy (a long search or write of hers)
        assert alice is not None
        assert _in_thread(lambda: index.search("bob", ["word1"], 5))
        assert _in_thread(lambda: index.add("bob", [features(random.Random(1), 99)]))
        assert _in_thread(lambda: index.export("bob"))
        assert not _in_thread(lambda: index.search("alice", ["word1"], 5), within=0.3)  # hers waits for her
    assert index.search("alice", ["word1"], 5)  # and goes on once it is free


def test_a_dropped_partition_is_gone_and_can_be_created_again() -> None:
    index = _index()
    index.drop("bob")
    assert index.state("bob") is None and index.search("bob", ["word1"], 5) == []
    index.add("bob", [features(random.Random(2), 7)], create=True)
    assert index.state("bob") == (7, 1)
