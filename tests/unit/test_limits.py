"""Per-tenant quotas: the token bucket's rate and burst, the concurrency cap, and isolation between tenants."""

from __future__ import annotations

import pytest

from server.limits import QuotaExceeded, TenantLimits


def test_the_bucket_allows_a_burst_then_the_rate() -> None:
    now = [100.0]
    limits = TenantLimits(max_concurrent=0, rate_per_second=2.0, burst=3, clock=lambda: now[0])
    for _ in range(3):
        with limits.slot("a"):
            pass
    with pytest.raises(QuotaExceeded) as err:
        limits.acquire("a")
    assert err.value.limit == "calls_per_second"
    assert err.value.retry_after == pytest.approx(0.5)
    limits.acquire("b")  # another tenant has its own bucket
    now[0] += 0.5
    limits.acquire("a")  # one token came back
    with pytest.raises(QuotaExceeded):
        limits.acquire("a")
    now[0] += 60  # refills only up to the burst
    for _ in range(3):
        limits.acquire("a")
    with pytest.raises(QuotaExceeded):
        limits.acquire("a")


def test_concurrency_is_capped_per_tenant_and_released_on_error() -> None:
    limits = TenantLimits(max_concurrent=2, rate_per_second=0, burst=1)
    limits.acquire("a")
    limits.acquire("a")
    with pytest.raises(QuotaExceeded) as err:
        limits.acquire("a")
    assert err.value.limit == "concurrent_calls" and "limit is 2" in err.value.description
    limits.acquire("b")
    limits.release("a")
    with pytest.raises(RuntimeError), limits.slot("a"):
        raise RuntimeError("the handler failed")
    assert limits.running("a") == 1  # the failed call gave its slot back


def test_a_refused_call_takes_no_slot_and_a_busy_tenant_spends_no_token() -> None:
    now = [0.0]
    limits = TenantLimits(max_concurrent=1, rate_per_second=1.0, burst=2, clock=lambda: now[0])
    limits.acquire("a")
    with pytest.raises(QuotaExceeded):
        limits.acquire("a")  # over concurrency: no token spent
    limits.release("a")
    limits.acquire("a")  # the second token is still there
    limits.release("a")
    with pytest.raises(QuotaExceeded):
        limits.acquire("a")  # over rate
    assert limits.running("a") == 0
