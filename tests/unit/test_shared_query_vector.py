"""A Search computes its query vector once and every layer awaits it: a layer's wait that is cancelled (the
semantic layer drops its early ranking when the held facts turn out stale) must not cancel the vector the
other layers are still waiting for."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import numpy as np

from graphmem.memory.semantic import SemanticMemory


async def test_a_cancelled_fact_ranking_leaves_the_shared_query_vector_running() -> None:
    semantic = object.__new__(SemanticMemory)  # only the ranking step: no storage behind it
    semantic._policy = None  # type: ignore[assignment]
    ranked_with: list[Any] = []
    view = SimpleNamespace(facts=[object()], ranked=lambda query, qvec, *_: ranked_with.append(qvec) or [])
    gate = asyncio.Event()

    async def model() -> np.ndarray:
        await gate.wait()
        return np.ones((1, 4), dtype=np.float32)

    vector = asyncio.ensure_future(model())
    early = asyncio.ensure_future(semantic._ranked(view, SimpleNamespace(text="q"), "", None, vector))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    early.cancel()  # the held view was stale
    await asyncio.sleep(0)
    assert early.cancelled() and not vector.cancelled()
    gate.set()
    assert await semantic._ranked(view, SimpleNamespace(text="q"), "", None, vector) == []  # type: ignore[arg-type]
    assert ranked_with and ranked_with[0].tolist() == [1.0, 1.0, 1.0, 1.0]
