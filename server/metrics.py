"""The Prometheus metrics of a running server, served over HTTP at `/metrics` when `GRAPHMEM_METRICS_PORT` is
set (off by default; on loopback unless `GRAPHMEM_METRICS_HOST` says otherwise).

Exported (every name prefixed `graphmem_`; labels are bounded sets: the registered RPC methods and the gRPC
status codes):
- `rpc_requests_total{method, code}` and `rpc_duration_seconds{method}` (a histogram) for every MemoryService
  call, with the code the call really ended with (CANCELLED and DEADLINE_EXCEEDED included);
- `event_loop_lag_seconds` (a histogram of every sample of the lag monitor) and
  `event_loop_lag_window_seconds{quantile="0.5"|"0.99"|"1"}` over the monitor's window (5 minutes);
- `extraction_queue_depth` (episodes of all users waiting for fact extraction);
- `partition_cache_bytes`, `partition_cache_budget_bytes`, `partitions_loaded` and
  `partition_evictions_total` (the side-index memory budget).

Nothing exported carries memory text, user ids or tenant names. Each server has its own registry (tests run
several in one process); the HTTP server runs in a daemon thread and is shut down with the gRPC server.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Histogram, start_http_server
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from graphmem.looplag import LoopLagMonitor
from graphmem.service import MemoryService

log = logging.getLogger(__name__)

__all__ = ["MetricsEndpoint", "ServiceMetrics"]

_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)
_LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class _StateCollector(Collector):
    """Gauges read at scrape time from the service and the lag monitor (plain reads of ints and a copy of
    the lag window: safe from the HTTP thread)."""

    def __init__(self, service: MemoryService, lag: LoopLagMonitor) -> None:
        self._service = service
        self._lag = lag

    def collect(self) -> Iterator[Metric]:
        snapshot = self._lag.snapshot()
        window = GaugeMetricFamily(
            "graphmem_event_loop_lag_window_seconds",
            "Event-loop lag over the monitor's recent window (quantile 1 = the maximum).",
            labels=["quantile"],
        )
        window.add_metric(["0.5"], snapshot.p50)
        window.add_metric(["0.99"], snapshot.p99)
        window.add_metric(["1"], snapshot.max)
        yield window
        yield GaugeMetricFamily(
            "graphmem_extraction_queue_depth",
            "Episodes of all users waiting for fact extraction.",
            value=self._service.extraction_queue_depth,
        )
        cache = self._service.partition_cache
        yield GaugeMetricFamily(
            "graphmem_partition_cache_bytes", "Bytes held by the loaded side-index partitions.", value=cache.used_bytes
        )
        yield GaugeMetricFamily(
            "graphmem_partition_cache_budget_bytes",
            "The side indexes' memory budget (GRAPHMEM_INDEX_MEMORY_MB).",
            value=cache.budget_bytes,
        )
        yield GaugeMetricFamily("graphmem_partitions_loaded", "Side-index partitions in memory.", value=len(cache))
        yield CounterMetricFamily(
            "graphmem_partition_evictions",
            "Partitions evicted from memory to keep within the budget.",
            value=cache.evictions,
        )


class ServiceMetrics:
    """The metrics of one server: the RPC counters the interceptor feeds, the lag histogram the monitor feeds,
    and the gauges read from the service when scraped."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self._requests = Counter(
            "graphmem_rpc_requests",
            "MemoryService calls by method and the status code they ended with.",
            ["method", "code"],
            registry=self.registry,
        )
        self._latency = Histogram(
            "graphmem_rpc_duration_seconds",
            "Time from the call's arrival to its answer, by method.",
            ["method"],
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self._lag = Histogram(
            "graphmem_event_loop_lag_seconds",
            "How late the event loop woke a task sleeping a fixed interval (every sample of the lag monitor).",
            buckets=_LAG_BUCKETS,
            registry=self.registry,
        )

    def observe_rpc(self, method: str, code: str, seconds: float) -> None:
        self._requests.labels(method, code).inc()
        self._latency.labels(method).observe(seconds)

    def observe_lag(self, seconds: float) -> None:
        self._lag.observe(seconds)

    def watch(self, service: MemoryService, lag: LoopLagMonitor) -> None:
        """Adds the gauges read from the service and the lag monitor at scrape time."""
        self.registry.register(_StateCollector(service, lag))


class MetricsEndpoint:
    """`/metrics` over HTTP on host:port (port 0 picks a free one), in a daemon thread."""

    def __init__(self, metrics: ServiceMetrics, host: str, port: int) -> None:
        self._server: WSGIServer
        self._thread: threading.Thread
        self._server, self._thread = start_http_server(port, addr=host, registry=metrics.registry)
        self.host = host
        self.port = int(self._server.server_address[1])
        log.info("metrics endpoint listening", extra={"host": host, "metrics_port": self.port})

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5.0)
