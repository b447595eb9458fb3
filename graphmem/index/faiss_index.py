"""FAISS side index: one exact inner-product index per tenant+user partition, persisted with a watermark.

Each partition is an `IndexIDMap2(IndexFlatIP)` keyed by episode seq, so a search touches only the calling
user's vectors; past `IVF_THRESHOLD` vectors it becomes an IVF index whose vectors are one byte a dimension.
A partition file set is `<root>/<partition>.faiss` plus `<partition>.json` holding the watermark (highest seq
indexed) and the vector count. Files are replaced atomically. FAISS calls run in a worker thread so the event
loop never blocks on them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import faiss  # type: ignore[import-untyped,unused-ignore]
import numpy as np

from graphmem.index.protocol import Vectors

log = logging.getLogger(__name__)


class _Partition:
    """One loaded partition; `lock` guards every use of `index`. An evicted or dropped partition is marked
    `gone` under its lock, so an operation that fetched it just before looks it up again. `size` is its
    memory in bytes, refreshed under the lock after each change and read without it."""

    def __init__(self, index: Any, watermark: int, dim: int, dirty: bool = False) -> None:
        self.index = index
        self.dim = dim
        self.size = _layout_bytes(index, dim)
        self.watermark = watermark
        self.dirty = dirty
        self.version = 0
        self.gone = False
        self.lock = threading.Lock()
        # while the partition's IVF lists are trained again: the writes since its vectors were copied, replayed
        # on the new index before it replaces the old one (None: no training running)
        self.journal: list[tuple[Any, Any]] | None = None
        # bytes a running training holds beside the index (its sample, the new index, a chunk): booked with the
        # partition's size, so the cache's budget makes room for them
        self.transient = 0

    def changed(self) -> None:
        """Marks a change made under the lock."""
        self.dirty = True
        self.version += 1
        self.size = _layout_bytes(self.index, self.dim)


IVF_THRESHOLD = 20_000
"""A partition that grows past this many vectors is rebuilt as an inverted-file index (IVF): exact search
over 100k x 512 costs ~10 ms a query on one core, IVF with the probes below ~1.5 ms."""


def _ivf_shape(count: int) -> tuple[int, int]:
    """(lists, probes) for a partition of `count` vectors: ~4·sqrt(n) lists, 1/24 of them probed."""
    lists = max(64, min(4096, int(4 * count**0.5)))
    return lists, _probes(lists)


RETRAIN_GROWTH = 2.0
"""An IVF partition's lists are trained again once it holds this many times the vectors they were sized for:
lists trained on a partition's first 20,000 vectors place later ones badly (at 100,000 episodes of LoCoMo
turns a search found 62 % of the exact top 10 with 1/12 of them probed; lists trained on all of them, 99.5 %
with 1/24 probed; docs/measurements.md)."""


_TRAIN_CHUNK = 8192
"""Vectors copied from a partition at a time while its new lists are filled (16 MB of float32 at 512-d)."""


def _outgrown(ivf: Any) -> bool:
    """Whether `ivf` holds `RETRAIN_GROWTH` times the vectors its lists were sized for (lists ≈ 4·sqrt(n))."""
    sized_for = (int(ivf.nlist) / 4) ** 2
    return int(ivf.nlist) < 4096 and int(ivf.ntotal) >= RETRAIN_GROWTH * sized_for


def _probes(lists: int) -> int:
    """The lists a search probes: 1/24 of those the index was trained with (at least 16)."""
    return max(16, lists // 24)


def _filled(quantizer: Any, dim: int, lists: int, vectors: Any, ids: Any) -> Any:
    """An IVF index over `quantizer` (trained on a sample of `vectors` unless it already holds its `lists`
    centroids) holding `vectors` under `ids`, each stored as one byte a dimension.

    The codes are 8-bit scalar quantisations of each vector's residual from its list's centroid, one range
    for every dimension: a quarter of float32's bytes, so a search streams a quarter of the memory. On the
    LoCoMo questions against a 100,000-episode user the top-200 candidates are those of float32 vectors
    with the same lists and probes, and scores differ by at most 0.002 (docs/measurements.md).
    """
    ivf = _trained(quantizer, dim, lists, vectors[_sample(len(vectors), lists)])
    ivf.add_with_ids(vectors, ids)
    return ivf


def _sample(count: int, lists: int) -> Any:
    """Positions of the vectors lists are trained on: 39 a list (FAISS's minimum without a warning), at most
    all of them."""
    return np.random.default_rng(7).choice(count, size=min(count, lists * 39), replace=False)


def _training_bytes(count: int, dim: int) -> int:
    """What training lists for `count` vectors holds beside the partition's index, at most: the float32 sample,
    the lists' centroids, the new index's byte codes and ids, and one chunk of copied vectors."""
    lists = _ivf_shape(count)[0]
    return 4 * dim * (min(count, lists * 39) + lists + min(count, _TRAIN_CHUNK)) + count * (dim + 8)


def _trained(quantizer: Any, dim: int, lists: int, sample: Any) -> Any:
    """An empty IVF index of byte codes (see `_filled`) whose lists and code range are trained on `sample`."""
    ivf = faiss.IndexIVFScalarQuantizer(
        quantizer, dim, lists, faiss.ScalarQuantizer.QT_8bit_uniform, faiss.METRIC_INNER_PRODUCT
    )
    ivf.train(sample)  # the lists (when the quantizer is empty) and the codes' range
    ivf.nprobe = _probes(lists)
    ivf.set_direct_map_type(faiss.DirectMap.Hashtable)  # type: ignore[attr-defined,unused-ignore]
    return ivf


def _compact(ivf: Any, dim: int) -> Any:
    """An IVF index of float32 vectors (as written before codes were bytes) as one of byte codes with the
    same lists: the same search, a quarter of the memory."""
    ids, rows = [], []
    for number in range(ivf.nlist):
        size = ivf.invlists.list_size(number)
        if size:
            ids.append(faiss.rev_swig_ptr(ivf.invlists.get_ids(number), size).astype(np.int64))
            codes = faiss.rev_swig_ptr(ivf.invlists.get_codes(number), size * ivf.code_size)
            rows.append(np.frombuffer(codes, dtype=np.float32).reshape(size, dim).copy())
    quantizer = faiss.IndexFlatIP(dim)
    quantizer.add(ivf.quantizer.reconstruct_n(0, ivf.nlist))
    return _filled(quantizer, dim, ivf.nlist, np.vstack(rows), np.concatenate(ids))


def _ivf(index: Any) -> Any | None:
    """The index as an IVF index, or None for an exact (IDMap over flat) one."""
    found = faiss.downcast_index(index)
    return found if isinstance(found, faiss.IndexIVF) else None


def _ivf_id_array(ivf: Any) -> Any:
    """The ids `ivf` holds, as one int64 array."""
    lists = ivf.invlists
    parts = [
        faiss.rev_swig_ptr(lists.get_ids(number), lists.list_size(number)).astype(np.int64)
        for number in range(ivf.nlist)
        if lists.list_size(number)
    ]
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)


def _set_probes(index: Any) -> Any:
    """Sets the probes of a loaded IVF index from its lists (not from its size: an index trained at 20,000
    vectors and grown to 100,000 keeps its lists, and probing by size would scan twice the share of them a
    search made before the restart); returns the index itself (it owns the native object, so it is what the
    partition must keep — a downcast view does not keep it alive)."""
    ivf = _ivf(index)
    if ivf is not None:
        ivf.nprobe = _probes(int(ivf.nlist))
    return index


def _layout_bytes(index: Any, dim: int) -> int:
    """Bytes a loaded partition holds, from its layout: the float32 vectors and int64 ids, the id lookup
    table (~40 bytes an entry in a C++ hash map) and, for IVF, the list centroids."""
    count = int(index.ntotal)
    ivf = _ivf(index)
    if ivf is None:
        return 1024 + count * (4 * dim + 8 + 40)
    return 1024 + count * (int(ivf.code_size) + 8 + 40) + int(ivf.nlist) * dim * 4


class FaissIndex:
    """Cosine search per partition (vectors must be L2-normalised): exact while a partition is small, IVF
    (approximate, ~4·sqrt(n) lists with 1/24 probed) once it passes `ivf_threshold` vectors.

    Partitions are loaded on first use from their files; reads of a partition that has neither a file nor
    vectors in memory create nothing. Each partition has its own lock: loading, flushing and IVF training of
    one partition never wait for another's. `evict` flushes a changed partition, then forgets it.
    """

    def __init__(self, root: Path, dim: int, threads: int = 1, ivf_threshold: int = IVF_THRESHOLD) -> None:
        self._root = root
        self._dim = dim
        self._ivf_threshold = ivf_threshold
        self._parts: dict[str, _Partition] = {}
        self._parts_lock = threading.Lock()  # guards the dict only, never held across FAISS calls or I/O
        self._training = threading.Lock()  # one partition's lists trained again at a time
        root.mkdir(parents=True, exist_ok=True)
        # One query at a time: OpenMP fan-out costs more than it saves (measured 8.5 ms with one thread vs
        # 15.8 ms with two for 100k x 512 on this 2-core machine), and the cores serve other requests. The
        # setting is per OS thread, so searches set it again in the worker thread they run in.
        self._threads = threads
        faiss.omp_set_num_threads(threads)

    @property
    def root(self) -> Path:
        return self._root

    def _paths(self, partition: str) -> tuple[Path, Path]:
        return self._root / f"{partition}.faiss", self._root / f"{partition}.json"

    def _read(self, partition: str) -> _Partition | None:
        """The partition from its files, or None when there are none (or they do not match)."""
        index_path, meta_path = self._paths(partition)
        if not (index_path.exists() and meta_path.exists()):
            return None
        try:
            meta = json.loads(meta_path.read_text())
            index = faiss.read_index(str(index_path))
            if index.d == self._dim and index.ntotal == meta["count"]:
                if isinstance(faiss.downcast_index(index), faiss.IndexIVFFlat) and index.ntotal:  # written before
                    compact = _compact(faiss.downcast_index(index), self._dim)
                    log.info("vector partition stored as byte codes", extra={"partition": partition})
                    return _Partition(compact, int(meta["watermark"]), self._dim, dirty=True)
                return _Partition(_set_probes(index), int(meta["watermark"]), self._dim)
            log.warning("vector partition file does not match; rebuilding", extra={"partition": partition})
        except (OSError, ValueError, KeyError, RuntimeError):
            log.warning("vector partition file unreadable; rebuilding", extra={"partition": partition})
        return None

    def _get(self, partition: str, create: bool) -> _Partition | None:
        """The loaded partition, loading it from its files; a new empty one only when `create`."""
        with self._parts_lock:
            part = self._parts.get(partition)
        if part is not None:
            return part
        part = self._read(partition)  # outside every lock: file I/O
        if part is None:
            if not create:
                return None
            part = _Partition(faiss.IndexIDMap2(faiss.IndexFlatIP(self._dim)), 0, self._dim, dirty=True)
        with self._parts_lock:
            return self._parts.setdefault(partition, part)  # a concurrent loader may have won

    def _locked(self, partition: str, create: bool) -> _Partition | None:
        """The partition with its lock held (the caller releases it), or None."""
        while True:
            part = self._get(partition, create)
            if part is None:
                return None
            part.lock.acquire()
            if not part.gone:
                return part
            part.lock.release()

    def memory_bytes(self, partition: str) -> int:
        """Bytes the partition holds in memory, with what a training of its lists holds meanwhile; 0 when it is
        not loaded."""
        with self._parts_lock:
            part = self._parts.get(partition)
        return 0 if part is None or part.gone else part.size + part.transient

    def loaded(self) -> list[str]:
        with self._parts_lock:
            return list(self._parts)

    def _watermark(self, partition: str) -> tuple[int, int]:
        part = self._locked(partition, create=False)
        if part is None:
            return 0, 0
        try:
            return part.watermark, int(part.index.ntotal)
        finally:
            part.lock.release()

    def _add(self, partition: str, ids: Sequence[int], vectors: Vectors) -> None:
        if len(ids) == 0:
            return
        if vectors.shape != (len(ids), self._dim):
            raise ValueError(f"expected {len(ids)} vectors of dimension {self._dim}, got {vectors.shape}")
        part = self._locked(partition, create=True)
        assert part is not None
        try:
            id_array = np.asarray(ids, dtype=np.int64)
            part.index.remove_ids(id_array)  # type: ignore[arg-type,unused-ignore]  # replaces the id
            part.index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32), id_array)
            part.watermark = max(part.watermark, int(id_array.max()))
            part.changed()
            if part.journal is not None:
                part.journal.append((id_array, np.array(vectors, dtype=np.float32)))
            ivf = _ivf(part.index)
            grow = ivf is None and part.index.ntotal > self._ivf_threshold
            train = part.journal is None and (grow or (ivf is not None and _outgrown(ivf)))
            if train:
                part.journal = []  # one training at a time per partition
                part.transient = _training_bytes(int(part.index.ntotal), self._dim)
        finally:
            part.lock.release()
        if train:
            # seconds of one core for a large partition: in the background (searches and writes go on, the
            # write that crossed the size does not wait), one partition at a time
            threading.Thread(target=self._train, args=(partition, part), name="ivf-train", daemon=True).start()

    def _train(self, partition: str, part: _Partition) -> None:
        """Trains IVF lists sized for the partition's vectors now (an exact index past the threshold, or an IVF
        index that doubled since its lists were trained), then fills the new index and replaces the old one.

        Only a sample of the vectors is copied for the training, and the rest are copied `_TRAIN_CHUNK` at a time
        under the partition's lock, so the copy held is small. A vector written or removed after the ids were
        listed is not copied; the writes made meanwhile are replayed on the new index before the swap."""
        try:
            with self._training:
                with part.lock:
                    if part.gone:
                        return
                    ivf = _ivf(part.index)
                    ids = _ivf_id_array(ivf) if ivf is not None else faiss.vector_to_array(part.index.id_map)
                    ids = np.ascontiguousarray(ids, dtype=np.int64)
                    lists = _ivf_shape(len(ids))[0]
                    sample = part.index.reconstruct_batch(ids[_sample(len(ids), lists)])
                    part.journal = []
                fresh = _trained(faiss.IndexFlatIP(self._dim), self._dim, lists, sample)
                del sample
                touched, seen = np.zeros(0, np.int64), 0
                for start in range(0, len(ids), _TRAIN_CHUNK):
                    with part.lock:
                        if part.gone or part.journal is None:
                            return
                        if len(part.journal) > seen:  # ids written since the listing: left to the replay
                            touched = np.union1d(touched, np.concatenate([i for i, _ in part.journal[seen:]]))
                            seen = len(part.journal)
                        chunk = ids[start : start + _TRAIN_CHUNK]
                        chunk = chunk[~np.isin(chunk, touched)]
                        vectors = part.index.reconstruct_batch(chunk) if len(chunk) else None
                    if vectors is not None:
                        fresh.add_with_ids(vectors, chunk)
                with part.lock:
                    if part.gone or part.journal is None:
                        return
                    for changed_ids, changed_vectors in part.journal:
                        fresh.remove_ids(changed_ids)
                        if changed_vectors is not None:
                            fresh.add_with_ids(changed_vectors, changed_ids)
                    part.index = fresh
                    part.journal = None
                    part.changed()
                log.info(
                    "vector partition lists trained",
                    extra={"partition": partition, "lists": fresh.nlist, "vectors": fresh.ntotal},
                )
        except (RuntimeError, ValueError, MemoryError):
            log.warning("vector partition lists not trained", extra={"partition": partition}, exc_info=True)
        finally:
            with part.lock:
                part.journal = None
                part.transient = 0

    def _remove(self, partition: str, ids: Sequence[int]) -> None:
        if len(ids) == 0:
            return
        part = self._locked(partition, create=False)
        if part is None:
            return
        try:
            id_array = np.asarray(ids, dtype=np.int64)
            part.index.remove_ids(id_array)  # type: ignore[arg-type,unused-ignore]
            part.changed()
            if part.journal is not None:
                part.journal.append((id_array, None))
        finally:
            part.lock.release()

    def _ids(self, partition: str) -> set[int]:
        part = self._locked(partition, create=False)
        if part is None:
            return set()
        try:
            if part.index.ntotal == 0:
                return set()
            ivf = _ivf(part.index)
            if ivf is not None:
                return set(_ivf_id_array(ivf).tolist())
            return {int(i) for i in faiss.vector_to_array(part.index.id_map)}
        finally:
            part.lock.release()

    def _search(self, partition: str, query: Vectors, k: int, allowed: Sequence[int] | None) -> list[tuple[int, float]]:
        faiss.omp_set_num_threads(self._threads)  # per OS thread: this runs in a worker thread
        if k <= 0 or (allowed is not None and len(allowed) == 0):
            return []
        part = self._locked(partition, create=False)
        if part is None:
            return []
        try:
            total = int(part.index.ntotal)
            if total == 0:
                return []
            q = np.ascontiguousarray(query.reshape(1, -1), dtype=np.float32)
            params: Any = None
            if allowed is not None:
                selector = faiss.IDSelectorBatch(np.asarray(allowed, dtype=np.int64))
                ivf = _ivf(part.index)
                if ivf is not None:
                    params = faiss.SearchParametersIVF(sel=selector, nprobe=ivf.nprobe)  # type: ignore[call-arg,unused-ignore]
                else:
                    params = faiss.SearchParameters(sel=selector)  # type: ignore[call-arg,unused-ignore]
            scores, labels = part.index.search(q, min(k, total), params=params)
        finally:
            part.lock.release()
        # plain Python numbers first: iterating the arrays makes a numpy scalar of every element
        return [(i, s) for i, s in zip(labels[0].tolist(), scores[0].tolist(), strict=True) if i >= 0]

    def _warm_up(self, sample: Vectors) -> None:
        faiss.omp_set_num_threads(self._threads)
        rows = np.ascontiguousarray(sample, dtype=np.float32).reshape(-1, self._dim)
        ids = np.arange(1, rows.shape[0] + 1, dtype=np.int64)
        scratch = faiss.IndexIDMap2(faiss.IndexFlatIP(self._dim))
        scratch.add_with_ids(rows, ids)
        scratch.search(rows[:1], len(ids))
        params = faiss.SearchParameters(sel=faiss.IDSelectorBatch(ids[:1]))  # type: ignore[call-arg,unused-ignore]
        _, labels = scratch.search(rows[:1], 1, params=params)
        scratch.remove_ids(ids[:1])  # type: ignore[arg-type,unused-ignore]
        if int(labels[0][0]) != 1 or scratch.ntotal != len(ids) - 1:
            raise RuntimeError("FAISS warm-up: the scratch index did not answer as expected")

    async def warm_up(self, sample: Vectors) -> None:
        """Exercises add, search, filtered search and removal on a throwaway index (no partition touched)."""
        await asyncio.to_thread(self._warm_up, sample)

    def _write(self, name: str, part: _Partition) -> None:
        """Writes a changed partition's files (atomically replaced); the caller holds its lock."""
        index_path, meta_path = self._paths(name)
        tmp_index = index_path.with_suffix(".faiss.tmp")
        tmp_meta = meta_path.with_suffix(".json.tmp")
        faiss.write_index(part.index, str(tmp_index))
        tmp_meta.write_text(json.dumps({"watermark": part.watermark, "count": int(part.index.ntotal)}))
        os.replace(tmp_index, index_path)
        os.replace(tmp_meta, meta_path)
        part.dirty = False

    def _forget(self, partition: str, part: _Partition) -> None:
        part.gone = True
        with self._parts_lock:
            if self._parts.get(partition) is part:
                del self._parts[partition]

    def _drop(self, partition: str) -> None:
        while True:
            with self._parts_lock:
                part = self._parts.get(partition)
            if part is None:
                break
            with part.lock:
                self._forget(partition, part)
        for path in self._paths(partition):
            path.unlink(missing_ok=True)

    def _evict(self, partition: str) -> bool:
        with self._parts_lock:
            part = self._parts.get(partition)
        if part is None:
            return False
        with part.lock:
            if part.gone:
                return False
            if part.dirty:
                self._write(partition, part)
            self._forget(partition, part)
        return True

    def _flush(self) -> int:
        written = 0
        with self._parts_lock:
            parts = list(self._parts.items())
        for name, part in parts:
            with part.lock:  # one partition at a time: searches of the others go on
                if part.dirty and not part.gone:
                    self._write(name, part)
                    written += 1
        return written

    async def watermark(self, partition: str) -> tuple[int, int]:
        held = self._held_watermark(partition)
        return held if held is not None else await asyncio.to_thread(self._watermark, partition)

    def _held_watermark(self, partition: str) -> tuple[int, int] | None:
        """The watermark of a loaded partition whose lock is free, read on the caller's thread (a Search reads
        it once: a worker hand-off would cost more than the read); None when the partition must be loaded
        from its files or another thread holds it."""
        with self._parts_lock:  # held for dict operations only
            part = self._parts.get(partition)
        if part is None or not part.lock.acquire(blocking=False):
            return None
        try:
            return None if part.gone else (part.watermark, int(part.index.ntotal))
        finally:
            part.lock.release()

    async def add(self, partition: str, ids: Sequence[int], vectors: Vectors) -> None:
        await asyncio.to_thread(self._add, partition, ids, vectors)

    async def remove(self, partition: str, ids: Sequence[int]) -> None:
        await asyncio.to_thread(self._remove, partition, ids)

    async def ids(self, partition: str) -> set[int]:
        return await asyncio.to_thread(self._ids, partition)

    async def search(
        self, partition: str, query: Vectors, k: int, allowed: Sequence[int] | None = None
    ) -> list[tuple[int, float]]:
        return await asyncio.to_thread(self._search, partition, query, k, allowed)

    def nearest(
        self, partition: str, query: Vectors, k: int, allowed: Sequence[int] | None = None
    ) -> list[tuple[int, float]]:
        return self._search(partition, query, k, allowed)

    async def drop(self, partition: str) -> None:
        await asyncio.to_thread(self._drop, partition)

    async def evict(self, partition: str) -> bool:
        """Flushes the partition if it changed, then forgets it (its files stay); False when not loaded."""
        return await asyncio.to_thread(self._evict, partition)

    async def flush(self) -> None:
        written = await asyncio.to_thread(self._flush)
        if written:
            log.info("vector partitions flushed", extra={"partitions": written})
