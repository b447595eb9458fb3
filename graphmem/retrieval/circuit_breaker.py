"""A circuit breaker for a remote dependency: after `failure_threshold` consecutive failures it opens and
calls are not attempted; after `cooldown_s` it lets one trial call through (half-open), which closes it on
success or reopens it on failure.

Invariant: while open, `allow()` is False until the cool-down has passed, and then True for exactly one
caller until that caller reports its outcome.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import StrEnum


class CircuitState(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


class CircuitBreaker:
    """Counts consecutive failures of one dependency; not thread-safe (one event loop)."""

    def __init__(self, failure_threshold: int, cooldown_s: float, clock: Callable[[], float] = time.monotonic) -> None:
        if failure_threshold < 1 or cooldown_s <= 0:
            raise ValueError("failure_threshold must be >= 1 and cooldown_s > 0")
        self._threshold = failure_threshold
        self._cooldown = cooldown_s
        self._clock = clock
        self._failures = 0
        self._opened_at: float | None = None
        self._trial_in_flight = False

    @property
    def state(self) -> CircuitState:
        if self._opened_at is None:
            return CircuitState.CLOSED
        if self._trial_in_flight or self._clock() - self._opened_at >= self._cooldown:
            return CircuitState.HALF_OPEN
        return CircuitState.OPEN

    def allow(self) -> bool:
        """Whether a call may be attempted now (in half-open state, only the one trial call)."""
        state = self.state
        if state is CircuitState.CLOSED:
            return True
        if state is CircuitState.HALF_OPEN and not self._trial_in_flight:
            self._trial_in_flight = True
            return True
        return False

    def record_success(self) -> None:
        self._failures = 0
        self._opened_at = None
        self._trial_in_flight = False

    def record_failure(self) -> None:
        self._trial_in_flight = False
        self._failures += 1
        if self._opened_at is not None or self._failures >= self._threshold:
            self._opened_at = self._clock()
