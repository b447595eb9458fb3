"""Per-tenant quotas: how many calls a tenant runs at once and how fast it may call (a token bucket).

One tenant's flood must not starve the others: a call over either limit is refused at once with
`QuotaExceeded`, which the interceptor answers RESOURCE_EXHAUSTED with QuotaFailure and RetryInfo details.
Tenants come from the configured API keys, so the per-tenant state is bounded by the key list.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass


class QuotaExceeded(Exception):
    """A tenant is over one of its limits; `retry_after` is how long to wait before trying again."""

    def __init__(self, tenant: str, limit: str, description: str, retry_after: float) -> None:
        super().__init__(description)
        self.tenant = tenant
        self.limit = limit
        self.description = description
        self.retry_after = retry_after


@dataclass
class TokenBucket:
    """`burst` tokens refilled at `rate` per second; each call takes one."""

    rate: float
    burst: float
    tokens: float
    updated: float

    def take(self, now: float) -> float:
        """Takes a token and returns 0, or returns the seconds until one will be there (taking nothing)."""
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


class TenantLimits:
    """Concurrency and rate limits per tenant; a limit of 0 is no limit."""

    def __init__(
        self,
        *,
        max_concurrent: int,
        rate_per_second: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._max_concurrent = max_concurrent
        self._rate = rate_per_second
        self._burst = float(burst)
        self._clock = clock
        self._running: dict[str, int] = {}
        self._buckets: dict[str, TokenBucket] = {}

    def running(self, tenant: str) -> int:
        return self._running.get(tenant, 0)

    def acquire(self, tenant: str) -> None:
        """Admits one call of `tenant` or raises `QuotaExceeded`; pair with `release`."""
        running = self._running.get(tenant, 0)
        if self._max_concurrent and running >= self._max_concurrent:
            raise QuotaExceeded(
                tenant,
                "concurrent_calls",
                f"tenant has {running} calls in progress, the limit is {self._max_concurrent}; retry when one ends",
                retry_after=0.1,
            )
        if self._rate > 0:
            now = self._clock()
            bucket = self._buckets.get(tenant)
            if bucket is None:
                bucket = self._buckets[tenant] = TokenBucket(self._rate, self._burst, self._burst, now)
            wait = bucket.take(now)
            if wait > 0:
                raise QuotaExceeded(
                    tenant,
                    "calls_per_second",
                    f"tenant exceeded {self._rate:g} calls per second (burst {self._burst:g}); "
                    f"retry after {wait:.3f} s",
                    retry_after=wait,
                )
        self._running[tenant] = running + 1

    def release(self, tenant: str) -> None:
        left = self._running.get(tenant, 0) - 1
        if left > 0:
            self._running[tenant] = left
        else:
            self._running.pop(tenant, None)

    @contextmanager
    def slot(self, tenant: str) -> Iterator[None]:
        """Holds one of the tenant's call slots for the duration of the block."""
        self.acquire(tenant)
        try:
            yield
        finally:
            self.release(tenant)
