"""Event-loop lag: how late a task that sleeps a fixed interval wakes up. Work that holds the loop (or the GIL)
delays every call of every tenant by that much, so the server measures it all the time and logs a summary.

`LoopLagMonitor.snapshot()` gives p50, p99 and the maximum over the recent window (the last `window` samples:
5 minutes by default).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

__all__ = ["LagSnapshot", "LoopLagMonitor"]


@dataclass(frozen=True)
class LagSnapshot:
    """Lag figures in seconds over the samples of the window."""

    samples: int
    p50: float
    p99: float
    max: float


def _percentile(ordered: list[float], q: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


class LoopLagMonitor:
    """Samples the loop's lag every `interval` seconds; logs a summary every `log_every` seconds (a WARNING
    when the window's p99 is over `warn_seconds`); hands every sample to `observer` (the metrics) if given."""

    def __init__(
        self,
        interval: float = 0.05,
        window: int = 6000,
        log_every: float = 60.0,
        warn_seconds: float = 0.1,
        observer: Callable[[float], None] | None = None,
    ) -> None:
        self._interval = interval
        self._observer = observer
        self._samples: deque[float] = deque(maxlen=window)
        self._log_every = log_every
        self._warn = warn_seconds

    def record(self, lag: float) -> None:
        lag = max(0.0, lag)
        self._samples.append(lag)
        if self._observer is not None:
            self._observer(lag)

    def reset(self) -> None:
        """Forgets the samples so far (a measurement over a stretch of work starts here)."""
        self._samples.clear()

    def snapshot(self) -> LagSnapshot:
        """Safe from another thread (the metrics endpoint): the window is copied in one step first."""
        ordered = sorted(list(self._samples))
        return LagSnapshot(
            samples=len(ordered),
            p50=_percentile(ordered, 0.5),
            p99=_percentile(ordered, 0.99),
            max=ordered[-1] if ordered else 0.0,
        )

    async def run(self) -> None:
        """Samples until cancelled."""
        loop = asyncio.get_running_loop()
        last_log = loop.time()
        while True:
            started = loop.time()
            await asyncio.sleep(self._interval)
            now = loop.time()
            self.record(now - started - self._interval)
            if now - last_log >= self._log_every:
                last_log = now
                lag = self.snapshot()
                level = logging.WARNING if lag.p99 > self._warn else logging.INFO
                log.log(
                    level,
                    "event loop lag",
                    extra={
                        "samples": lag.samples,
                        "p50_ms": round(lag.p50 * 1000, 1),
                        "p99_ms": round(lag.p99 * 1000, 1),
                        "max_ms": round(lag.max * 1000, 1),
                    },
                )
