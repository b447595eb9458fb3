"""build_server: the grpc.aio server with the MemoryService servicer, health, reflection and interceptors,
listening in plaintext or TLS (with client-certificate authentication when a client CA is configured)."""

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
from server.auth import ApiKeyAuthenticator, check_exposure
from server.health import HealthMonitor
from server.interceptors import GraphmemInterceptor
from server.limits import TenantLimits
from server.metrics import MetricsEndpoint, ServiceMetrics
from server.servicer import MemoryServicer
from server.tls import server_credentials

log = logging.getLogger(__name__)

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["MemoryService"].full_name


@dataclass
class RunningServer:
    """A started server: its bound port and the parts needed to stop it cleanly."""

    server: grpc.aio.Server
    port: int
    service: MemoryService
    health: HealthMonitor
    background: list[asyncio.Task[None]]
    lag: LoopLagMonitor
    metrics: ServiceMetrics
    metrics_endpoint: MetricsEndpoint | None = None

    async def stop(self, grace: float) -> None:
        """Graceful stop: NOT_SERVING first, finish in-flight calls, flush the index, close the driver."""
        await self.health.stop()
        # grpc.aio's stop can wait forever on its own call-acceptance task (seen in tests: a stop after quota
        # refusals never returned); the grace period bounds in-flight calls, so bound the stop as well
        stopping = asyncio.ensure_future(self.server.stop(grace))
        done, _ = await asyncio.wait({stopping}, timeout=grace + STOP_SLACK_SECONDS)
        if not done:
            log.warning(
                "the gRPC server did not stop within %.1f s; closing the service anyway", grace + STOP_SLACK_SECONDS
            )
        for task in self.background:
            task.cancel()
        for task in self.background:
            try:
                await task
            except asyncio.CancelledError:
                pass
        if self.metrics_endpoint is not None:
            await asyncio.to_thread(self.metrics_endpoint.close)
        await self.service.close()


STOP_SLACK_SECONDS = 5.0
"""How long past the grace period a stop waits for gRPC's own shutdown before closing the service anyway."""


def build_interceptor(settings: Settings, metrics: ServiceMetrics | None = None) -> GraphmemInterceptor:
    """The interceptor with the configured keys, per-tenant limits and default deadline (and the metrics it
    counts calls into)."""
    limits = TenantLimits(
        max_concurrent=settings.tenant_max_concurrent_rpcs,
        rate_per_second=settings.tenant_rate_per_second,
        burst=settings.tenant_rate_burst,
    )
    return GraphmemInterceptor(
        ApiKeyAuthenticator(settings.tenant_by_key_digest), limits, settings.default_deadline_seconds, metrics
    )


async def start_server(settings: Settings, service: MemoryService, host: str, port: int) -> RunningServer:
    """Builds and starts the server on host:port (port 0 picks a free one).

    Raises `UnsafeExposure` before binding when the development key would be served beyond loopback, and
    `TlsConfigError` when a configured certificate or key cannot be read.
    """
    check_exposure(settings, host)
    credentials = server_credentials(settings)
    options = [
        ("grpc.max_receive_message_length", settings.max_message_bytes),
        ("grpc.max_send_message_length", settings.max_message_bytes),
    ]
    metrics = ServiceMetrics()
    server = grpc.aio.server(
        interceptors=[build_interceptor(settings, metrics)],
        options=options,
        maximum_concurrent_rpcs=settings.max_concurrent_rpcs,
    )
    pb_grpc.add_MemoryServiceServicer_to_server(MemoryServicer(service), server)
    health_servicer = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
        server,
    )
    address = f"{host}:{port}"
    bound = server.add_insecure_port(address) if credentials is None else server.add_secure_port(address, credentials)
    if bound == 0:
        raise OSError(f"cannot bind {host}:{port}")
    monitor = HealthMonitor(service, health_servicer, ("", SERVICE_NAME), settings.health_probe_seconds)
    endpoint = None
    if settings.metrics_port is not None:  # bound before the gRPC server starts: a taken port fails the start
        endpoint = MetricsEndpoint(metrics, settings.metrics_host, settings.metrics_port)
    await server.start()
    monitor.start()
    service.start(
        extraction_poll_seconds=settings.extraction_poll_seconds,
        hit_flush_seconds=settings.hit_flush_seconds,
        maintenance_interval_seconds=settings.maintenance_interval_seconds,
    )
    lag = LoopLagMonitor(observer=metrics.observe_lag)
    metrics.watch(service, lag)
    background = [asyncio.create_task(lag.run(), name="graphmem-loop-lag")]
    tls = "off" if credentials is None else ("mutual" if settings.tls_client_ca_file else "on")
    log.info("graphmem listening", extra={"host": host, "port": bound, "tls": tls})
    return RunningServer(server, bound, service, monitor, background, lag, metrics, endpoint)
