"""The FAISS side index: ids replace on re-add, removal, persistence with its watermark, allowed-id filters,
and the move to an IVF index past the threshold keeps search, removal and persistence working."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import faiss
import numpy as np
import pytest

from graphmem.index import faiss_index
from graphmem.index.faiss_index import FaissIndex


def unit_vectors(n: int, dim: int, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centers = rng.standard_normal((50, dim)).astype(np.float32)
    x = centers[rng.integers(0, 50, n)] + 0.3 * rng.standard_normal((n, dim)).astype(np.float32)
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


async def settled(index: FaissIndex, partition: str) -> faiss.IndexIVF:
    """The partition's index once the training its writes started has finished (it runs in the background)."""
    for _ in range(300):
        part = index._parts[partition]
        if part.journal is None:
            break
        await asyncio.sleep(0.05)
    found = faiss.downcast_index(index._parts[partition].index)
    assert index._parts[partition].journal is None, "the IVF training did not finish in 15 s"
    return found


async def test_exact_partition_adds_removes_filters_and_persists(tmp_path: Path) -> None:
    x = unit_vectors(200, 16)
    index = FaissIndex(tmp_path, 16)
    await index.add("p", list(range(1, 201)), x)
    assert (await index.search("p", x[9], 1))[0][0] == 10
    assert [i for i, _ in await index.search("p", x[9], 5, allowed=[3, 4])] in ([3, 4], [4, 3])
    await index.remove("p", [10])
    assert 10 not in {i for i, _ in await index.search("p", x[9], 5)}
    await index.flush()
    again = FaissIndex(tmp_path, 16)
    assert await again.watermark("p") == (200, 199)


async def test_large_partition_moves_to_ivf_and_keeps_working(tmp_path: Path) -> None:
    x = unit_vectors(3000, 32)
    index = FaissIndex(tmp_path, 32, ivf_threshold=2000)
    for start in range(0, 3000, 500):
        await index.add("p", list(range(start + 1, start + 501)), x[start : start + 500])
    inner = await settled(index, "p")
    assert isinstance(inner, faiss.IndexIVFScalarQuantizer) and inner.ntotal == 3000
    hits = 0
    for i in range(0, 3000, 60):
        hits += (await index.search("p", x[i], 10))[0][0] == i + 1
    assert hits >= 45  # of 50: approximate, but the vector itself comes first nearly always
    await index.remove("p", [1, 2, 3])
    await index.flush()
    again = FaissIndex(tmp_path, 32, ivf_threshold=2000)
    assert await again.watermark("p") == (3000, 2997)
    assert (await again.search("p", x[100], 1))[0][0] == 101


async def test_a_grown_ivf_partition_probes_the_same_lists_after_a_restart(tmp_path: Path) -> None:
    """Probes follow the lists the index was trained with, not its size: a partition trained at the threshold
    and grown 4x probed twice the share of its lists once reloaded (a restart, or a reload after eviction)."""
    x = unit_vectors(8000, 16)
    index = FaissIndex(tmp_path, 16, ivf_threshold=2000)
    for start in range(0, 3000, 1000):
        await index.add("p", list(range(start + 1, start + 1001)), x[start : start + 1000])
    await settled(index, "p")
    for start in range(3000, 8000, 1000):  # trained again at 6,000: still fewer lists than 8,000 would get
        await index.add("p", list(range(start + 1, start + 1001)), x[start : start + 1000])
    before = await settled(index, "p")
    assert before.ntotal == 8000 and before.nlist < 4 * 8000**0.5  # trained when it was smaller
    await index.flush()
    again = FaissIndex(tmp_path, 16, ivf_threshold=2000)
    assert (await again.search("p", x[7], 1))[0][0] == 8
    after = faiss.downcast_index(again._parts["p"].index)
    assert (after.nlist, after.nprobe) == (before.nlist, before.nprobe)


async def test_an_ivf_partition_of_float32_vectors_is_loaded_as_byte_codes(tmp_path: Path) -> None:
    """Files written when IVF partitions held float32 vectors load as byte codes with the same lists and
    probes, find the same nearest vectors, and are written back in the new form at the next flush."""
    x = unit_vectors(3000, 32)
    ids = np.arange(1, 3001, dtype=np.int64)
    old = faiss.IndexIVFFlat(faiss.IndexFlatIP(32), 32, 100, faiss.METRIC_INNER_PRODUCT)
    old.train(x)
    old.nprobe = 16
    old.set_direct_map_type(faiss.DirectMap.Hashtable)
    old.add_with_ids(x, ids)
    faiss.write_index(old, str(tmp_path / "p.faiss"))
    (tmp_path / "p.json").write_text('{"watermark": 3000, "count": 3000}')
    index = FaissIndex(tmp_path, 32, ivf_threshold=2000)
    found = [(await index.search("p", x[i], 10)) for i in range(0, 3000, 100)]
    loaded = faiss.downcast_index(index._parts["p"].index)
    assert isinstance(loaded, faiss.IndexIVFScalarQuantizer)
    assert (loaded.nlist, loaded.nprobe, loaded.ntotal) == (100, 16, 3000)
    for i, hits in zip(range(0, 3000, 100), found, strict=True):
        expected = old.search(x[i : i + 1], 10)
        assert hits[0][0] == i + 1 == int(expected[1][0][0])
        assert len({s for s, _ in hits} & {int(s) for s in expected[1][0]}) >= 8  # near ties may swap
        assert max(abs(a - b) for (_, a), b in zip(hits, expected[0][0], strict=True)) < 0.01
    await index.flush()
    rewritten = faiss.downcast_index(faiss.read_index(str(tmp_path / "p.faiss")))
    assert isinstance(rewritten, faiss.IndexIVFScalarQuantizer)
    assert index.memory_bytes("p") < 3000 * 32 * 4


async def test_reads_of_an_unknown_partition_create_nothing(tmp_path: Path) -> None:
    index = FaissIndex(tmp_path, 16)
    assert await index.search("nobody", unit_vectors(1, 16)[0], 5) == []
    assert await index.watermark("nobody") == (0, 0)
    assert await index.ids("nobody") == set()
    await index.remove("nobody", [1])
    await index.flush()
    assert index.loaded() == []
    assert index.memory_bytes("nobody") == 0
    assert os.listdir(tmp_path) == []


async def test_evict_flushes_a_changed_partition_and_the_next_use_reloads_it(tmp_path: Path) -> None:
    x = unit_vectors(300, 16)
    index = FaissIndex(tmp_path, 16)
    await index.add("p", list(range(1, 301)), x)
    held = index.memory_bytes("p")
    assert held >= 300 * 16 * 4  # at least the float32 vectors themselves
    assert await index.evict("p") is True
    assert index.loaded() == []
    assert index.memory_bytes("p") == 0
    assert (tmp_path / "p.faiss").exists()
    assert await index.evict("p") is False
    assert (await index.search("p", x[41], 1))[0][0] == 42  # reloaded from its files
    assert index.loaded() == ["p"]
    assert await index.watermark("p") == (300, 300)


async def test_drop_forgets_the_partition_and_deletes_its_files(tmp_path: Path) -> None:
    x = unit_vectors(10, 16)
    index = FaissIndex(tmp_path, 16)
    await index.add("p", list(range(1, 11)), x)
    await index.flush()
    await index.drop("p")
    assert index.loaded() == []
    assert not (tmp_path / "p.faiss").exists() and not (tmp_path / "p.json").exists()
    assert await index.search("p", x[0], 3) == []


async def test_one_partition_held_busy_does_not_block_another(tmp_path: Path) -> None:
    """Each partition has its own lock: with one partition's lock held (as during its flush or load), a
    search in another partition still answers."""
    import asyncio

    x = unit_vectors(20, 16)
    index = FaissIndex(tmp_path, 16)
    await index.add("busy", list(range(1, 11)), x[:10])
    await index.add("free", list(range(1, 11)), x[10:])
    busy = index._parts["busy"]
    busy.lock.acquire()
    try:
        found = await asyncio.wait_for(index.search("free", x[12], 1), timeout=30)
        assert found[0][0] == 3
        await asyncio.wait_for(index.add("free", [11], x[:1]), timeout=30)
    finally:
        busy.lock.release()
    assert (await index.search("busy", x[0], 1))[0][0] == 1


async def test_the_watermark_of_a_loaded_free_partition_is_read_without_a_worker(tmp_path: Path) -> None:
    """A Search reads the watermark once: of a loaded partition whose lock is free, on the caller's thread;
    one being loaded or busy goes to a worker (its lock may be held across training)."""
    x = unit_vectors(20, 16)
    index = FaissIndex(tmp_path, 16)
    await index.add("p", list(range(1, 21)), x)
    assert index._held_watermark("p") == (20, 20)
    assert index._held_watermark("nobody") is None
    part = index._parts["p"]
    with part.lock:  # another thread's flush or training
        assert index._held_watermark("p") is None
    await index.flush()
    assert await index.evict("p") is True
    assert index._held_watermark("p") is None  # not loaded: read from its files in a worker
    assert await index.watermark("p") == (20, 20)


async def test_a_grown_ivf_partition_is_trained_again_and_keeps_the_writes_made_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lists sized for the partition's first vectors are trained again once it doubles, in the background;
    a vector written and one removed while the lists train are in the new index as they are in the old."""
    x = unit_vectors(5000, 16)
    index = FaissIndex(tmp_path, 16, ivf_threshold=2000)
    await index.add("p", list(range(1, 2002)), x[:2001])
    first = await settled(index, "p")
    assert first.nlist == int(4 * 2001**0.5)  # 178 lists: sized for ~1,980 vectors

    real_trained = faiss_index._trained
    during: list[int] = []

    def trained_while_writing(*args: object) -> object:
        if not during:  # a write and a removal while the lists train (the partition's lock is free)
            during.append(1)
            index._add("p", [4001], x[4000:4001])
            index._remove("p", [7])
        return real_trained(*args)

    monkeypatch.setattr(faiss_index, "_trained", trained_while_writing)
    monkeypatch.setattr(faiss_index, "_TRAIN_CHUNK", 500)  # the vectors copied in several chunks
    await index.add("p", list(range(2002, 4001)), x[2001:4000])  # 4,000 >= 2 x 1,980
    for _ in range(300):
        if index._parts["p"].journal is None and faiss.downcast_index(index._parts["p"].index).nlist != first.nlist:
            break
        await asyncio.sleep(0.1)
    trained = faiss.downcast_index(index._parts["p"].index)
    assert trained.nlist == int(4 * 4000**0.5) and trained.nprobe == faiss_index._probes(trained.nlist)
    assert trained.ntotal == 4000  # 4,000 written, 7 removed, 4,001 written meanwhile
    assert (await index.search("p", x[4000], 1))[0][0] == 4001
    assert 7 not in {i for i, _ in await index.search("p", x[6], 10)}
    assert (await index.search("p", x[99], 1))[0][0] == 100


async def test_a_training_books_what_it_holds_with_the_partitions_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a partition's lists train, its memory counts the sample, the new index and a chunk beside its own
    size (so the cache's budget makes room for them); once the training is over, its size alone."""
    x = unit_vectors(2100, 16)
    index = FaissIndex(tmp_path, 16, ivf_threshold=2000)
    release = threading.Event()
    entered = threading.Event()
    real_trained = faiss_index._trained

    def held(*args: object) -> object:
        entered.set()
        release.wait(30)
        return real_trained(*args)

    monkeypatch.setattr(faiss_index, "_trained", held)
    await index.add("p", list(range(1, 2002)), x[:2001])  # crosses the threshold: the lists train
    assert await asyncio.to_thread(entered.wait, 30)
    part = index._parts["p"]
    during = index.memory_bytes("p")
    assert during == part.size + faiss_index._training_bytes(2001, 16) and during > part.size
    release.set()
    await settled(index, "p")
    for _ in range(300):
        if part.transient == 0 and part.journal is None:
            break
        await asyncio.sleep(0.05)
    assert index.memory_bytes("p") == index._parts["p"].size
