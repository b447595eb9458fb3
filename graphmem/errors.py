"""The one exception tree of graphmem; each error carries a stable machine-readable reason.

    GraphmemError                      base; never raised itself
    ├── InvalidArgument                a request field is wrong (carries field violations)
    ├── NotFound                       an addressed memory does not exist for this tenant and user
    ├── AlreadyExists                  a create collided with an existing resource
    ├── FailedPrecondition             the request is valid but the state does not allow it
    │   └── UserForgotten              the user was erased by ForgetUser; nothing is stored for them again
    ├── Unauthenticated                no or unknown credentials
    ├── StorageUnavailable             the graph database cannot be reached now (retry later)
    │   └── CommitUncertain            the connection broke during commit: the write may or may not be stored
    ├── StorageTimeout                 a transaction ran past its timeout and was rolled back
    └── PolicyError                    the memory policy file is malformed (names the key)

The server maps each class to one gRPC code; anything else is an internal error.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldViolation:
    """One bad request field: its dotted path and what is wrong with it."""

    field: str
    description: str


class GraphmemError(Exception):
    """Base of all graphmem errors; `reason` is a stable UPPER_SNAKE identifier for callers."""

    reason = "GRAPHMEM_ERROR"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


MAX_VIOLATIONS = 20
MAX_VIOLATION_CHARS = 200


class InvalidArgument(GraphmemError):
    """A request is malformed; `violations` names each bad field.

    At most MAX_VIOLATIONS are kept, followed by one whose field is "…" and whose description says how many
    more there were; fields and descriptions are cut to MAX_VIOLATION_CHARS. So the status trailer stays a few
    kilobytes whatever the request holds (clients refuse trailers past their metadata limit).
    """

    reason = "INVALID_ARGUMENT"

    def __init__(self, violations: list[FieldViolation] | FieldViolation) -> None:
        items = violations if isinstance(violations, list) else [violations]
        kept = [
            FieldViolation(v.field[:MAX_VIOLATION_CHARS], v.description[:MAX_VIOLATION_CHARS])
            for v in items[:MAX_VIOLATIONS]
        ]
        if len(items) > MAX_VIOLATIONS:
            kept.append(FieldViolation("…", f"and {len(items) - MAX_VIOLATIONS} more field violations"))
        super().__init__("; ".join(f"{v.field}: {v.description}" for v in kept))
        self.violations = kept


class NotFound(GraphmemError):
    """The addressed memory does not exist (or belongs to another tenant or user)."""

    reason = "NOT_FOUND"


class AlreadyExists(GraphmemError):
    """A resource with the same identity already exists."""

    reason = "ALREADY_EXISTS"


class FailedPrecondition(GraphmemError):
    """The request is valid but the current state does not allow it."""

    reason = "FAILED_PRECONDITION"


class UserForgotten(FailedPrecondition):
    """The (tenant, user) was erased by ForgetUser: its tombstone refuses every later write, so that a write
    in flight during the erase (or a client that did not hear of it) cannot bring the user's memory back."""

    reason = "USER_FORGOTTEN"


class Unauthenticated(GraphmemError):
    """Credentials are missing or unknown."""

    reason = "UNAUTHENTICATED"


class StorageUnavailable(GraphmemError):
    """The graph database cannot be reached; the operation did not happen and may be retried."""

    reason = "STORAGE_UNAVAILABLE"


class StorageTimeout(GraphmemError):
    """A graph transaction ran longer than the configured transaction timeout; the database rolled it back."""

    reason = "STORAGE_TIMEOUT"


class PolicyError(GraphmemError):
    """The memory policy file is malformed; the message names the key and the problem."""

    reason = "POLICY_INVALID"


class CommitUncertain(StorageUnavailable):
    """The connection failed while the commit was in flight: the write may or may not have been applied.
    `idempotent` says whether repeating the same request is safe (keyed writes) or may apply it twice."""

    reason = "COMMIT_UNCERTAIN"

    def __init__(self, message: str, idempotent: bool) -> None:
        super().__init__(message)
        self.idempotent = idempotent
