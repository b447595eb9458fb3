"""What the memory layers need of storage, as small protocols: the Neo4j repositories
(`graphmem.storage.neo4j`) implement them, and so do the in-memory fakes of the unit tests
(`tests/unit/fakes.py`); the same contract tests run against both.

Invariants every implementation keeps: the versions of one fact key change only inside `under_key_lock`
(writers of one key serialise; `rehearsal` rolls the work back); a status change never deletes or overwrites
a version's statement, it closes its validity (`invalid_at`, `expired_at`) and records an audit transition;
a session is saved only over the version it was read at (else `FailedPrecondition`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from graphmem.model import (
    EarlierWords,
    Episode,
    ExtractionStatus,
    Fact,
    FactStatus,
    Scope,
    SessionState,
    StatusChange,
)

__all__ = ["ExtractionQueue", "FactStore", "FactUnit", "SessionStore"]

T = TypeVar("T")


class FactUnit(Protocol):
    """The writes allowed on the versions of one fact key while its lock is held."""

    async def episode_exists(self, episode_id: str) -> bool: ...

    async def versions(self) -> list[Fact]: ...

    async def create(self, fact: Fact, embedding: Sequence[float], episode_id: str) -> None: ...

    async def add_provenance(self, fact_id: str, episode_id: str, session_id: str) -> None: ...

    async def set_status(self, change: StatusChange) -> None: ...


class FactStore(Protocol):
    """Fact versions of one tenant+user: reads, and changes one key at a time under the key's lock."""

    async def under_key_lock(
        self,
        scope: Scope,
        project_id: str,
        key: str,
        now: datetime,
        work: Callable[[FactUnit], Awaitable[T]],
        *,
        rehearsal: bool = False,
    ) -> T: ...

    async def get(self, scope: Scope, fact_id: str) -> Fact | None: ...

    async def stamp(self, scope: Scope) -> str:
        """An opaque token that changes whenever a committed write changes what the user's facts say (their
        statements, statuses, provenance, evidence; not hit counters) or erases them, in any process."""
        ...

    async def by_status(
        self, scope: Scope, statuses: Sequence[FactStatus], projects: Sequence[str], with_embedding: bool = False
    ) -> list[tuple[Fact, list[float] | None]]: ...

    async def embeddings(self, scope: Scope, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32] | None]:
        """The stored embedding of each of the user's versions `ids` (None when it has none); other ids left out."""
        ...

    async def valid_at(self, scope: Scope, as_of: datetime, projects: Sequence[str]) -> list[Fact]: ...

    async def history(self, scope: Scope, key: str) -> list[Fact]: ...

    async def forget(self, group_id: str) -> int: ...


class ExtractionQueue(Protocol):
    """The durable queue of episodes waiting for fact extraction."""

    async def pending_extraction(self, limit: int, group_id: str | None = None) -> list[Episode]:
        """Up to `limit` waiting episodes, of every user or of the user of `group_id`."""
        ...

    async def said_before(self, scope: Scope, episode: Episode, limit: int, within: timedelta) -> list[str]:
        """The texts of the user's last `limit` episodes of `episode`'s session in the `within` before it
        (episodes extraction reads, so not the assistant's), oldest first; none outside a session."""
        ...

    async def asked_before(self, scope: Scope, episode: Episode) -> str:
        """The text of the line just before `episode` in its session when someone other than the user said it
        (the assistant's question a bare answer answers), else ""."""
        ...

    async def said_elsewhere(
        self, scope: Scope, episode: Episode, values: Sequence[str], window: int, limit: int
    ) -> list[EarlierWords]:
        """The user's episodes extraction reads, from sessions other than `episode`'s, said before it among the
        user's last `window` episodes, whose text contains one of `values` (case-insensitive), newest first, at
        most `limit`."""
        ...

    async def pending_count(self) -> int: ...

    async def set_extraction(self, scope: Scope, episode_id: str, status: ExtractionStatus, count: int) -> None: ...

    async def extraction_failed(self, scope: Scope, episode_id: str, max_attempts: int) -> tuple[bool, int]: ...


class SessionStore(Protocol):
    """Working-memory sessions, saved with optimistic concurrency on their version."""

    async def create(self, scope: Scope, state: SessionState) -> tuple[SessionState, bool]: ...

    async def get(self, scope: Scope) -> SessionState | None: ...

    async def save(self, scope: Scope, state: SessionState, read_version: int) -> SessionState: ...

    async def forget(self, group_id: str) -> int: ...
