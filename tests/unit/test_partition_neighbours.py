"""A partition's ranking rows: each asked episode followed by its same-session neighbours, looked up through
the neighbour links the partition keeps. Checked against the definition (each session's rows in time order, then
the former per-row bisection) after random builds, writes in and out of time order, rewrites, removals,
compactions and restores."""

from __future__ import annotations

import bisect
import random
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from graphmem.index.partition_index import PartitionIndex, _Partition
from graphmem.model import EpisodeFeatures

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def features(rng: random.Random, seq: int) -> EpisodeFeatures:
    return EpisodeFeatures(
        seq=seq,
        occurred_at=T0 + timedelta(minutes=rng.randrange(0, 500)),  # often equal times: seq breaks the tie
        importance=0.5,
        session_id=rng.choice(["", "s1", "s2", "s3", "s4"]),
        project_id="",
        event_type="message",
        tokens=f"word{seq % 7} other",
    )


def expected(part: _Partition, seqs: list[int]) -> tuple[list[int], list[int | None], list[int | None]]:
    """(entry seqs, prev seq, next seq) as the definition gives them: neighbours by bisection in the session's
    sorted rows, entries in first-seen order of (episode, its prev, its next)."""

    def neighbours(row: int) -> tuple[int | None, int | None]:
        found = part.sessions.get(int(part.cols["session"][row]))
        if found is None:
            return None, None
        keys, ordered = found
        i = bisect.bisect_left(keys, part._key(row))
        assert ordered[i] == row
        return (ordered[i - 1] if i > 0 else None), (ordered[i + 1] if i + 1 < len(ordered) else None)

    rows: dict[int, tuple[int | None, int | None]] = {}
    for seq in seqs:
        row = part.row_of.get(seq)
        if row is None:
            continue
        if row not in rows:
            rows[row] = neighbours(row)
        for near in rows[row]:
            if near is not None and near not in rows:
                rows[near] = neighbours(near)
    entry = set(rows)
    seq_of = part.cols["seq"]
    return (
        [int(seq_of[r]) for r in rows],
        [int(seq_of[p]) if p is not None and p in entry else None for p, _ in rows.values()],
        [int(seq_of[n]) if n is not None and n in entry else None for _, n in rows.values()],
    )


def got(index: PartitionIndex, seqs: list[int]) -> tuple[list[int], list[int | None], list[int | None]]:
    found = index.rank_rows("p", seqs)
    assert found is not None
    entries = found.columns["seq"].tolist()
    return (
        entries,
        [entries[i] if i >= 0 else None for i in found.prev.tolist()],
        [entries[i] if i >= 0 else None for i in found.next.tolist()],
    )


@pytest.mark.parametrize("seed", range(12))
def test_rank_rows_follow_the_session_order_through_every_kind_of_change(seed: int) -> None:
    rng = random.Random(seed)
    index = PartitionIndex()
    index._load("p", [features(rng, seq) for seq in range(1, 1 + rng.randrange(0, 300))])
    top = 400
    for step in range(600):
        part = index._parts["p"]
        op = rng.random()
        if op < 0.45:  # a new episode, often dated before others of its session
            top += 1
            index._parts["p"].add(features(rng, top))
        elif op < 0.55 and part.row_of:  # an episode written again (its row replaced)
            index._parts["p"].add(features(rng, rng.choice(list(part.row_of))))
        elif op < 0.9 and part.row_of:
            index._parts["p"].remove(rng.choice(list(part.row_of)))
        elif op < 0.93:  # saved and restored, as an evicted partition is reloaded
            saved = index.export("p")
            assert saved is not None
            index._restore("p", saved)
        if step % 25 == 0:
            part = index._parts["p"]
            live = list(part.row_of)
            asked = [*rng.sample(live, min(len(live), rng.randrange(0, 60))), 10**6]  # one not held
            assert got(index, asked) == expected(part, asked)


def test_compaction_keeps_the_neighbours() -> None:
    rng = random.Random(5)
    index = PartitionIndex()
    index._load("p", [features(rng, seq) for seq in range(1, 3001)])
    for seq in range(1, 2500):  # dead rows outnumber live ones: the partition is rebuilt from its live rows
        index._parts["p"].remove(seq)
    part = index._parts["p"]
    assert part.n_rows < 3000  # compacted (rows removed after the last compaction stay until the next)
    asked = list(part.row_of)
    assert got(index, asked) == expected(part, asked)


def test_no_rows_asked_gives_no_rows() -> None:
    index = PartitionIndex()
    index._load("p", [])
    found = index.rank_rows("p", [1, 2])
    assert found is not None and len(found) == 0
    assert found.prev.dtype == np.int64
