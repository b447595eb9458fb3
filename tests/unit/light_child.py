"""Operations for a text-worker child that loads nothing heavy: the worker's process protocol (replacement,
overruns, recycling, errors) is tested against it in a fraction of a second per child, while
tests/integration/test_textworker.py runs the real rules in a real child."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from graphmem.model import Turn


def _extract(text: str, context: Sequence[str] = (), asked: str = "") -> list[str]:
    """`sleep N` sleeps N seconds, `raise` raises ValueError; any other text comes back split into words (the
    earlier turns of its session are not read)."""
    if text.startswith("sleep "):
        time.sleep(float(text.removeprefix("sleep ")))
    if text == "raise":
        raise ValueError("asked to raise")
    return text.split()


def _summarise(turns: Sequence[Turn], max_tokens: int) -> str:
    return " | ".join(t.text for t in turns)[:max_tokens]


def light_operations() -> dict[str, Callable[..., Any]]:
    return {
        "extract": _extract,
        "mentioned": lambda text, values, _=None, __=None: [v in text for v in values],
        "summarise": _summarise,
    }


def broken_operations() -> dict[str, Callable[..., Any]]:
    """A child whose start-up fails (as a child that cannot load its models would)."""
    raise RuntimeError("cannot load")
