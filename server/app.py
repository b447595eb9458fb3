"""build_server: the grpc.aio server with the MemoryService servicer, health, reflection and interceptors."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import grpc.aio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection

from graphmem.config import Settings
from graphmem.looplag import LoopLagMonitor
from graphmem.service import MemoryService
from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from server.auth import ApiKeyAuthenticator
from server.health import HealthMonitor
from server.interceptors import GraphmemInterceptor
from server.servicer import MemoryServicer

log = logging.getLogger(__name__)

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["MemoryService"].full_name
FLUSH_SECONDS = 30.0


@dataclass
class RunningServer:
    """A started server: its bound port and the parts needed to stop it cleanly."""

    server: grpc.aio.Server
    port: int
    service: MemoryService
    health: HealthMonitor
    background: list[asyncio.Task[None]]
    lag: LoopLagMonitor

    async def stop(self, grace: float) -> None:
        """Graceful stop: NOT_SERVING first, finish in-flight calls, flush the index, close the driver."""
        await self.health.stop()
        await self.server.stop(grace)
        for task in self.background:
            task.cancel()
        for task in self.background:
            try:
                await task
            except asyncio.CancelledError:
                pass
        await self.service.close()


async def _flush_periodically(service: MemoryService) -> None:
    while True:
        await asyncio.sleep(FLUSH_SECONDS)
        try:
            await service.flush()
        except OSError:
            log.exception("vector index flush failed")


async def _maintain_periodically(service: MemoryService, interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        try:
            report = await service.run_maintenance_everywhere()
            log.info("maintenance run", extra={"run_id": report.run_id, "seconds": round(report.seconds, 2)})
        except Exception:  # the next run retries; a failed run must not stop the service
            log.exception("maintenance run failed")


async def start_server(settings: Settings, service: MemoryService, host: str, port: int) -> RunningServer:
    """Builds and starts the server on host:port (port 0 picks a free one)."""
    options = [
        ("grpc.max_receive_message_length", settings.max_message_bytes),
        ("grpc.max_send_message_length", settings.max_message_bytes),
    ]
    server = grpc.aio.server(
        interceptors=[GraphmemInterceptor(ApiKeyAuthenticator(settings.tenant_by_key))], options=options
    )
    pb_grpc.add_MemoryServiceServicer_to_server(MemoryServicer(service), server)
    health_servicer = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
        server,
    )
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot bind {host}:{port}")
    monitor = HealthMonitor(service, health_servicer, ("", SERVICE_NAME), settings.health_probe_seconds)
    await server.start()
    monitor.start()
    background = [
        asyncio.create_task(_flush_periodically(service), name="graphmem-flush"),
        asyncio.create_task(service.semantic.run_worker(settings.extraction_poll_seconds), name="graphmem-extraction"),
        asyncio.create_task(service.hits.run(settings.hit_flush_seconds), name="graphmem-hits"),
    ]
    lag = LoopLagMonitor()
    background.append(asyncio.create_task(lag.run(), name="graphmem-loop-lag"))
    if settings.maintenance_interval_seconds > 0:
        background.append(
            asyncio.create_task(
                _maintain_periodically(service, settings.maintenance_interval_seconds), name="graphmem-maintenance"
            )
        )
    log.info("graphmem listening", extra={"host": host, "port": bound})
    return RunningServer(server, bound, service, monitor, background, lag)
