"""The errors of the clients: every failed call raises one of these, never a raw `grpc.RpcError`.

GraphmemClientError            any failed call: code, message, field violations, reason, domain, metadata
├── InvalidArgumentError       a request field is wrong; `field_violations` names each one
├── NotFoundError              the addressed memory does not exist for this tenant and user
├── UnauthenticatedError       the API key is missing or unknown
└── UnavailableError           the server or its graph database cannot be reached now (safe to retry)
"""

from __future__ import annotations

from typing import cast

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from graphmem.errors import FieldViolation


class GraphmemClientError(Exception):
    """A failed call: the gRPC `code` and the server's `message`; from the google.rpc.Status details the bad
    request fields (`field_violations`) and the ErrorInfo `reason` and `domain` (empty when the server sent
    none); `metadata` holds the trailing metadata of the call as (key, value) pairs."""

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        field_violations: list[FieldViolation] | None = None,
        reason: str = "",
        domain: str = "",
        metadata: tuple[tuple[str, str | bytes], ...] = (),
    ) -> None:
        super().__init__(f"{code.name}: {message}")
        self.code = code
        self.message = message
        self.field_violations: list[FieldViolation] = list(field_violations or [])
        self.reason = reason
        self.domain = domain
        self.metadata = metadata


class InvalidArgumentError(GraphmemClientError):
    """A request field is wrong; `field_violations` names each one (for example "scope.user_id")."""


class NotFoundError(GraphmemClientError):
    """The addressed memory does not exist for this tenant and user."""


class UnauthenticatedError(GraphmemClientError):
    """The API key is missing or unknown."""


class UnavailableError(GraphmemClientError):
    """The server or its graph database cannot be reached now; the call did not happen and may be retried."""


_ERROR_CLASSES: dict[grpc.StatusCode, type[GraphmemClientError]] = {
    grpc.StatusCode.INVALID_ARGUMENT: InvalidArgumentError,
    grpc.StatusCode.NOT_FOUND: NotFoundError,
    grpc.StatusCode.UNAUTHENTICATED: UnauthenticatedError,
    grpc.StatusCode.UNAVAILABLE: UnavailableError,
}


def error_from_rpc(err: grpc.RpcError) -> GraphmemClientError:
    """The client error for a failed call, with the google.rpc.Status details the server attached."""
    call = cast(grpc.Call, err)  # both sync errors and grpc.aio.AioRpcError answer code()/details()/metadata
    code = call.code()
    message = call.details() or ""
    violations: list[FieldViolation] = []
    reason = domain = ""
    try:
        status = rpc_status.from_call(call)
    except ValueError:  # details inconsistent with the status line: keep the status line
        status = None
    if status is not None:
        message = message or status.message
        for detail in status.details:
            if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad = error_details_pb2.BadRequest()
                detail.Unpack(bad)
                violations += [FieldViolation(v.field, v.description) for v in bad.field_violations]
            elif detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                info = error_details_pb2.ErrorInfo()
                detail.Unpack(info)
                reason, domain = info.reason, info.domain
    trailing = tuple((str(k), v) for k, v in (call.trailing_metadata() or ()))
    return _ERROR_CLASSES.get(code, GraphmemClientError)(code, message, violations, reason, domain, trailing)
