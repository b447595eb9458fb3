"""The FAISS side index: ids replace on re-add, removal, persistence with its watermark, allowed-id filters,
and the move to an IVF index past the threshold keeps search, removal and persistence working."""

from __future__ import annotations

from pathlib import Path

import faiss
import numpy as np

from graphmem.index.faiss_index import FaissIndex


def unit_vectors(n: int, dim: int, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centers = rng.standard_normal((50, dim)).astype(np.float32)
    x = centers[rng.integers(0, 50, n)] + 0.3 * rng.standard_normal((n, dim)).astype(np.float32)
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


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
    inner = faiss.downcast_index(index._parts["p"].index)
    assert isinstance(inner, faiss.IndexIVFFlat)
    hits = 0
    for i in range(0, 3000, 60):
        hits += (await index.search("p", x[i], 10))[0][0] == i + 1
    assert hits >= 45  # of 50: approximate, but the vector itself comes first nearly always
    await index.remove("p", [1, 2, 3])
    await index.flush()
    again = FaissIndex(tmp_path, 32, ivf_threshold=2000)
    assert await again.watermark("p") == (3000, 2997)
    assert (await again.search("p", x[100], 1))[0][0] == 101
