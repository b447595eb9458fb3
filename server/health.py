"""Health: SERVING only once Neo4j answers, the schema is migrated and every lazily loaded part is warmed
(graphmem.readiness: embedder, jieba, spaCy and the rule tables, FAISS, BM25, the Search and write paths);
NOT_SERVING while Neo4j is down; back to SERVING when it returns, without restarting graphmem. Reconnects are
paced by tenacity's backoff. The warm-up runs while the database is reached, and is logged as one INFO line
("warm-up done") with each part's time.

Between probes the monitor also watches the storage circuit: a request that finds the database unreachable
turns health NOT_SERVING at once (within 0.1 s), not at the next probe.
"""

from __future__ import annotations

import asyncio
import logging
import time

from grpc_health.v1 import health_pb2
from grpc_health.v1._async import HealthServicer
from tenacity import AsyncRetrying, retry_if_exception_type, wait_exponential

from graphmem.errors import StorageUnavailable
from graphmem.readiness import WarmUpReport
from graphmem.service import MemoryService

log = logging.getLogger(__name__)

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


class HealthMonitor:
    """Probes the database every `interval` seconds and publishes the result to the health service."""

    def __init__(
        self, service: MemoryService, servicer: HealthServicer, names: tuple[str, ...], interval: float
    ) -> None:
        self._service = service
        self._servicer = servicer
        self._names = names
        self._interval = interval
        self._task: asyncio.Task[None] | None = None
        self._serving = False
        self._migrated = False
        self._schema_seconds = 0.0
        self._warming: asyncio.Task[WarmUpReport] | None = None
        self._warmed = False

    @property
    def serving(self) -> bool:
        return self._serving

    async def _publish(self, serving: bool) -> None:
        if serving != self._serving:
            log.info("health changed", extra={"serving": serving})
        self._serving = serving
        for name in self._names:
            await self._servicer.set(name, SERVING if serving else NOT_SERVING)

    async def _connect(self) -> None:
        """Waits (exponential backoff, capped at `interval`) until the database answers; migrates once."""
        async for attempt in AsyncRetrying(
            retry=retry_if_exception_type(StorageUnavailable),
            wait=wait_exponential(multiplier=0.2, max=self._interval),
            reraise=True,
        ):
            with attempt:
                await self._service.ping()
                if not self._migrated:
                    started = time.perf_counter()
                    version = await self._service.migrate()
                    self._schema_seconds = time.perf_counter() - started
                    self._migrated = True
                    log.info("schema ready", extra={"version": version})

    async def _ready(self, since: float) -> None:
        """Waits for the warm-up started with the monitor (a failed one is started again on the next tick)."""
        if self._warmed:
            return
        if self._warming is None:
            self._warming = asyncio.create_task(self._service.warm_up(), name="graphmem-warm-up")
        try:
            report = await self._warming
        except BaseException:
            self._warming = None  # a failed warm-up starts again on the next tick
            raise
        started = time.perf_counter()
        await self._service.warm_up_queries()
        queries_seconds = time.perf_counter() - started
        self._warmed = True
        log.info(
            "warm-up done",
            extra={
                "warmed": ["schema", *report.parts, "queries"],
                "facts_zh": report.facts_zh,
                "facts_en": report.facts_en,
                "schema_ms": round(self._schema_seconds * 1000, 1),
                "queries_ms": round(queries_seconds * 1000, 1),
                "ready_ms": round((time.perf_counter() - since) * 1000, 1),
            }
            | {f"{part}_ms": round(seconds * 1000, 1) for part, seconds in report.timings},
        )

    async def _watch(self) -> None:
        """Returns as soon as the database looks down: a probe fails or times out, or a request opened the
        storage circuit."""
        graph = self._service.graph
        next_probe = time.monotonic() + self._interval
        while graph.available:
            if time.monotonic() >= next_probe:
                try:
                    await asyncio.wait_for(self._service.ping(), timeout=max(3.0, 2 * self._interval))
                except (StorageUnavailable, TimeoutError):
                    graph.mark_unavailable()
                    return
                next_probe = time.monotonic() + self._interval
            await asyncio.sleep(min(0.1, self._interval))

    async def _run(self) -> None:
        await self._publish(False)
        since = time.perf_counter()
        self._warming = asyncio.create_task(self._service.warm_up(), name="graphmem-warm-up")
        while True:
            try:
                await self._connect()
            except Exception:  # a failed migration must not kill the monitor; retry on the next tick
                log.exception("database check failed")
                await self._publish(False)
                await asyncio.sleep(self._interval)
                continue
            try:
                await self._ready(since)
            except Exception:  # not ready: stay NOT_SERVING and warm up again on the next tick
                log.exception("warm-up failed")
                await self._publish(False)
                await asyncio.sleep(self._interval)
                continue
            await self._publish(True)
            await self._watch()
            await self._publish(False)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="graphmem-health")

    async def stop(self) -> None:
        await self._servicer.enter_graceful_shutdown()
        if self._warming is not None:
            self._warming.cancel()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
