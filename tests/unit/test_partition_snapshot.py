"""A saved partition: what an eviction writes restores the same ranking facts, session order, speakers and BM25
scores, only for the stored state it was stamped with; a stale, torn or tampered file is ignored (the caller
reads Neo4j)."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from graphmem.index.partition_index import PartitionIndex
from graphmem.index.partition_snapshot import PartitionSnapshots, SnapshotStamp, decode, encode
from graphmem.model import EpisodeFeatures, TimeRange
from graphmem.retrieval.rerank import epoch_micros

T0 = datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=UTC)
STAMP = SnapshotStamp(epoch=1_700_000_000_123_456, writes=12, max_seq=40, count=4)


def rows() -> list[EpisodeFeatures]:
    return [
        EpisodeFeatures(1, T0, 0.5, "s1", "", "message", "red apple pie", None, "alice"),
        EpisodeFeatures(
            7,
            T0 + timedelta(minutes=1),
            0.9,
            "s1",
            "proj-x",
            "task_result",
            "green apple 苹果",
            TimeRange(T0 - timedelta(days=1), T0),
            "bob",
        ),
        EpisodeFeatures(9, T0 - timedelta(days=3), 0.1, "会话二", "", "message", "red car", TimeRange(T0, None), ""),
        EpisodeFeatures(40, T0 - timedelta(minutes=2), 0.0, "s1", "", "message", "", None, "alice"),
        EpisodeFeatures(41, T0, 0.3, "s3", "", "message", "gone soon", None, "carol"),
    ]


def loaded() -> PartitionIndex:
    index = PartitionIndex()
    index.add("p", rows(), create=True)
    index.remove("p", [41])  # a dead row is not saved
    return index


def test_a_saved_partition_restores_the_same_facts_order_and_scores(tmp_path: Path) -> None:
    source = loaded()
    exported = source.export("p")
    assert exported is not None
    files = PartitionSnapshots(tmp_path)
    files.write("p", STAMP, exported)
    saved = files.read("p", STAMP)
    assert saved is not None
    restored = PartitionIndex()
    restored._restore("p", saved)
    assert restored.state("p") == source.state("p") == (41, 4)  # the highest seq ever held
    for query in (["red"], ["appl", "苹果"], ["car", "pie"], ["gone"]):
        assert restored.search("p", query, 10) == source.search("p", query, 10)
    facts = ranking(restored)
    assert facts == ranking(source)
    assert 41 not in facts
    assert (facts[1]["prev"], facts[1]["next"]) == (40, 7)  # session s1 in time order: 40, 1, 7
    assert (facts[7]["event_start"], facts[7]["event_end"]) == (epoch_micros(T0 - timedelta(days=1)), epoch_micros(T0))
    assert facts[9]["has_event"] and (facts[9]["event_start"], facts[9]["event_end"]) == (epoch_micros(T0), OPEN)
    assert facts[7]["occurred"] == epoch_micros(T0 + timedelta(minutes=1))
    assert restored.speakers("p", 5) == source.speakers("p", 5) == ["alice", "bob"]
    assert 0 < restored.memory_bytes("p") <= 1.1 * source.memory_bytes("p")
    restored.add("p", [replace(rows()[0], seq=50, tokens="apple again")])  # it goes on as a live partition
    assert restored.search("p", ["apple"], 10)[0][0] == 50


def test_another_stored_state_is_not_served(tmp_path: Path) -> None:
    exported = loaded().export("p")
    assert exported is not None
    files = PartitionSnapshots(tmp_path)
    files.write("p", STAMP, exported)
    for other in (
        SnapshotStamp(STAMP.epoch, STAMP.writes + 1, STAMP.max_seq, STAMP.count),  # a write since
        SnapshotStamp(STAMP.epoch + 1, STAMP.writes, STAMP.max_seq, STAMP.count),  # the user erased and re-created
        SnapshotStamp(STAMP.epoch, STAMP.writes, STAMP.max_seq, STAMP.count - 1),
    ):
        assert files.read("p", other) is None
    assert files.read("q", STAMP) is None
    files.drop("p")
    assert files.read("p", STAMP) is None
    assert PartitionSnapshots(None).read("p", STAMP) is None


def test_broken_files_are_ignored_or_refused(tmp_path: Path) -> None:
    exported = loaded().export("p")
    assert exported is not None
    data = encode(STAMP, exported)
    files = PartitionSnapshots(tmp_path)
    (tmp_path / "p.npz").write_bytes(data[: len(data) // 2])  # torn
    assert files.read("p", STAMP) is None
    (tmp_path / "p.npz").write_bytes(b"not an archive")
    assert files.read("p", STAMP) is None
    for column, change in (("session", 100), ("seq", 1000)):  # a code out of range; rows that are not the documents
        archive = dict(np.load(io.BytesIO(data)))
        archive[f"col_{column}"] = archive[f"col_{column}"] + change
        out = io.BytesIO()
        np.savez(out, **archive)
        saved = decode(out.getvalue(), STAMP)
        assert saved is not None
        with pytest.raises(ValueError):
            PartitionIndex()._restore("p", saved)


OPEN = int(np.iinfo(np.int64).min)  # an open event bound


def ranking(index: PartitionIndex) -> dict[int, dict[str, object]]:
    """Each episode's ranking columns, and its neighbours' seqs, as `rank_rows` gives them."""
    found = index.rank_rows("p", [1, 7, 9, 40, 41])
    assert found is not None
    seqs = found.columns["seq"].tolist()
    out: dict[int, dict[str, object]] = {}
    for i, seq in enumerate(seqs):
        row: dict[str, object] = {name: col[i].item() for name, col in found.columns.items()}
        row["prev"] = seqs[found.prev[i]] if found.prev[i] >= 0 else None
        row["next"] = seqs[found.next[i]] if found.next[i] >= 0 else None
        out[seq] = row
    return out
