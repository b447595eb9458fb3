"""The server interceptor: authentication, per-tenant quotas, deadlines, request logging and the mapping of
domain errors to gRPC status codes with `google.rpc.Status` details (BadRequest field violations, ErrorInfo,
QuotaFailure and RetryInfo).

A call without a client deadline gets the server's default deadline; a call past its deadline is cancelled
(its work with it) and answers DEADLINE_EXCEEDED. Unknown errors become INTERNAL with a fixed message (the
traceback goes to the log, never to the caller). Logs carry the request id, method, the code the call really
ended with (CANCELLED and DEADLINE_EXCEEDED included) and time; never request contents.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import grpc
import grpc.aio
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from graphmem import errors
from server.auth import ApiKeyAuthenticator, current_tenant
from server.limits import QuotaExceeded, TenantLimits
from server.metrics import ServiceMetrics

log = logging.getLogger("graphmem.rpc")

_DOMAIN = "graphmem.v1"
_UNAUTHENTICATED_PREFIXES = ("/grpc.health.v1.Health/", "/grpc.reflection.")

_CODES: dict[type[errors.GraphmemError], grpc.StatusCode] = {
    errors.InvalidArgument: grpc.StatusCode.INVALID_ARGUMENT,
    errors.NotFound: grpc.StatusCode.NOT_FOUND,
    errors.AlreadyExists: grpc.StatusCode.ALREADY_EXISTS,
    errors.FailedPrecondition: grpc.StatusCode.FAILED_PRECONDITION,
    errors.Unauthenticated: grpc.StatusCode.UNAUTHENTICATED,
    errors.StorageTimeout: grpc.StatusCode.DEADLINE_EXCEEDED,
    errors.StorageUnavailable: grpc.StatusCode.UNAVAILABLE,
    errors.PolicyError: grpc.StatusCode.FAILED_PRECONDITION,
}


def status_for(exc: errors.GraphmemError) -> Any:
    """The gRPC status (with google.rpc.Status details) for a domain error."""
    code = next((c for cls, c in _CODES.items() if isinstance(exc, cls)), grpc.StatusCode.INTERNAL)
    details = []
    if isinstance(exc, errors.InvalidArgument):
        bad = error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=v.field, description=v.description)
                for v in exc.violations
            ]
        )
        packed = any_pb2.Any()
        packed.Pack(bad)
        details.append(packed)
    info = any_pb2.Any()
    info.Pack(error_details_pb2.ErrorInfo(reason=exc.reason, domain=_DOMAIN))
    details.append(info)
    proto = status_pb2.Status(code=code.value[0], message=exc.message, details=details)
    return rpc_status.to_status(proto)


def quota_status(exc: QuotaExceeded) -> Any:
    """RESOURCE_EXHAUSTED with QuotaFailure (which limit, for whom), RetryInfo (when to retry) and ErrorInfo."""
    failure = any_pb2.Any()
    failure.Pack(
        error_details_pb2.QuotaFailure(
            violations=[
                error_details_pb2.QuotaFailure.Violation(subject=f"tenant:{exc.tenant}", description=exc.description)
            ]
        )
    )
    retry = any_pb2.Any()
    delay = duration_pb2.Duration()
    delay.FromNanoseconds(max(int(exc.retry_after * 1e9), 1_000_000))
    retry.Pack(error_details_pb2.RetryInfo(retry_delay=delay))
    info = any_pb2.Any()
    info.Pack(error_details_pb2.ErrorInfo(reason="QUOTA_EXCEEDED", domain=_DOMAIN, metadata={"limit": exc.limit}))
    message = f"quota exceeded: {exc.description}"
    proto = status_pb2.Status(code=code_pb2.RESOURCE_EXHAUSTED, message=message, details=[failure, retry, info])
    return rpc_status.to_status(proto)


def _deadline_status() -> Any:
    return rpc_status.to_status(status_pb2.Status(code=code_pb2.DEADLINE_EXCEEDED, message="deadline exceeded"))


def _internal_status() -> Any:
    return rpc_status.to_status(
        status_pb2.Status(code=code_pb2.INTERNAL, message="internal error; the server log has the details")
    )


Behavior = Callable[[Any, grpc.aio.ServicerContext[Any, Any]], Awaitable[Any]]


class GraphmemInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[type-arg,unused-ignore]
    """Wraps every unary MemoryService call: auth → quota → deadline → handler → status mapping → access log."""

    def __init__(
        self,
        authenticator: ApiKeyAuthenticator,
        limits: TenantLimits | None = None,
        default_deadline: float | None = None,
        metrics: ServiceMetrics | None = None,
    ) -> None:
        self._auth = authenticator
        self._metrics = metrics
        self._limits = limits or TenantLimits(max_concurrent=0, rate_per_second=0, burst=1)
        self._default_deadline = default_deadline or None

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler[Any, Any] | None]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> Any:
        handler: Any = await continuation(handler_call_details)
        method = handler_call_details.method
        if handler is None or handler.unary_unary is None or method.startswith(_UNAUTHENTICATED_PREFIXES):
            return handler
        metadata = {k: v for k, v in handler_call_details.invocation_metadata or () if isinstance(v, str)}
        behavior: Behavior = handler.unary_unary

        async def wrapped(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            request_id = metadata.get("x-request-id", "")[:64] or uuid.uuid4().hex[:16]
            started = time.perf_counter()
            status: Any = None
            code = grpc.StatusCode.OK
            try:
                tenant = self._auth.tenant_for(metadata)
                token = current_tenant.set(tenant)
                try:
                    with self._limits.slot(tenant):
                        remaining = context.time_remaining()
                        budget = self._default_deadline if remaining is None else max(remaining, 0.0)
                        if budget is None:
                            return await behavior(request, context)
                        async with asyncio.timeout(budget):
                            return await behavior(request, context)
                finally:
                    current_tenant.reset(token)
            except errors.GraphmemError as exc:
                status = status_for(exc)
            except QuotaExceeded as exc:
                status = quota_status(exc)
            except TimeoutError:
                status = _deadline_status()
            except asyncio.CancelledError:
                # The client went away or its deadline passed: grpc cancels the handler; log what really happened.
                remaining = context.time_remaining()
                expired = remaining is not None and remaining <= 0
                code = grpc.StatusCode.DEADLINE_EXCEEDED if expired else grpc.StatusCode.CANCELLED
                raise
            except Exception:
                log.exception("unhandled error", extra={"request_id": request_id, "method": method})
                status = _internal_status()
            finally:
                if status is not None:
                    code = status.code
                seconds = time.perf_counter() - started
                log.info(
                    "rpc",
                    extra={
                        "request_id": request_id,
                        "method": method,
                        "code": code.name,
                        "ms": round(seconds * 1000, 2),
                    },
                )
                if self._metrics is not None:
                    self._metrics.observe_rpc(method, code.name, seconds)
            await context.abort(status.code, status.details, status.trailing_metadata)

        return grpc.unary_unary_rpc_method_handler(
            wrapped,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
