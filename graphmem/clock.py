"""Time as a dependency: the system clock, or a settable clock for tests that simulate months of use."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Something that tells the current time (timezone-aware UTC)."""

    def now(self) -> datetime: ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that only moves when told to; for tests."""

    def __init__(self, start: datetime) -> None:
        if start.tzinfo is None:
            raise ValueError("ManualClock needs a timezone-aware start")
        self._now = start.astimezone(UTC)

    def now(self) -> datetime:
        return self._now

    def set(self, when: datetime) -> None:
        self._now = when.astimezone(UTC)

    def advance(self, delta: timedelta) -> None:
        self._now += delta
