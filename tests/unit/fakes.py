"""In-memory fakes of the storage protocols of `graphmem.memory.repositories`, for fast unit tests of the
memory layers. They keep the same invariants as the Neo4j repositories (tests/contract/ runs the same
contract tests against both): one lock per fact key, rehearsals rolled back, status changes that close
validity instead of overwriting, an audit transition per status change, optimistic session versions."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from graphmem.errors import FailedPrecondition
from graphmem.memory.repositories import FactUnit
from graphmem.model import (
    EarlierWords,
    Episode,
    ExtractionStatus,
    Fact,
    FactStatus,
    Scope,
    SessionState,
    StatusChange,
    Transition,
    owner_group_id,
)

T = TypeVar("T")


@dataclass(frozen=True)
class FakeAudit:
    """An audit transition the fake recorded for a status change."""

    fact_id: str
    transition: Transition
    previous: str
    status: str


@dataclass
class FactTables:
    """The fake's data: fact versions by (group_id, id), embeddings, audit transitions, known episodes."""

    facts: dict[tuple[str, str], Fact] = field(default_factory=dict)
    embeddings: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    audit: list[FakeAudit] = field(default_factory=list)
    episodes: set[tuple[str, str]] = field(default_factory=set)


def _order(fact: Fact) -> tuple[datetime, datetime]:
    return fact.valid_at, fact.created_at


class FakeFactUnit:
    """`FactUnit` over `FactTables`: the versions of one (user, project, key)."""

    def __init__(self, tables: FactTables, scope: Scope, project_id: str, key: str, now: datetime) -> None:
        self._tables = tables
        self._group = scope.group_id
        self._project_id = project_id
        self._key = key
        self._now = now

    async def episode_exists(self, episode_id: str) -> bool:
        return (self._group, episode_id) in self._tables.episodes

    async def versions(self) -> list[Fact]:
        mine = [
            f
            for (group, _), f in self._tables.facts.items()
            if group == self._group and f.key == self._key and f.project_id == self._project_id
        ]
        return sorted(mine, key=_order)

    async def create(self, fact: Fact, embedding: Sequence[float], episode_id: str) -> None:
        stored = replace(fact, created_at=self._now, episode_ids=(episode_id,) if episode_id else (), hit_count=0)
        self._tables.facts[(self._group, fact.id)] = stored
        self._tables.embeddings[(self._group, fact.id)] = [float(x) for x in embedding]

    async def add_provenance(self, fact_id: str, episode_id: str, session_id: str) -> None:
        fact = self._tables.facts.get((self._group, fact_id))
        if fact is None:
            return
        episodes = (
            fact.episode_ids if not episode_id or episode_id in fact.episode_ids else (*fact.episode_ids, episode_id)
        )
        sessions = (
            fact.session_ids if not session_id or session_id in fact.session_ids else (*fact.session_ids, session_id)
        )
        self._tables.facts[(self._group, fact_id)] = replace(fact, episode_ids=episodes, session_ids=sessions)

    async def set_status(self, change: StatusChange) -> None:
        fact = self._tables.facts.get((self._group, change.id))
        if fact is None:
            return
        self._tables.facts[(self._group, change.id)] = replace(
            fact,
            status=change.status,
            status_reason=change.reason,
            invalid_at=change.invalid_at if change.invalid_at is not None else fact.invalid_at,
            expired_at=change.expired_at if change.expired_at is not None else fact.expired_at,
        )
        status = change.status
        transition = Transition.PROMOTED if status == FactStatus.ACTIVE else Transition(status.value)
        self._tables.audit.append(FakeAudit(change.id, transition, fact.status.value, status.value))


class FakeFactStore:
    """`FactStore` in memory: a lock per key; a rehearsal works on a copy that is thrown away."""

    def __init__(self) -> None:
        self.tables = FactTables()
        self._locks: dict[tuple[str, str, str], asyncio.Lock] = {}

    def add_episode(self, scope: Scope, episode_id: str) -> None:
        """Makes `episode_id` exist (the Neo4j store checks the episode node)."""
        self.tables.episodes.add((scope.group_id, episode_id))

    async def under_key_lock(
        self,
        scope: Scope,
        project_id: str,
        key: str,
        now: datetime,
        work: Callable[[FactUnit], Awaitable[T]],
        *,
        rehearsal: bool = False,
    ) -> T:
        lock = self._locks.setdefault((scope.group_id, project_id, key), asyncio.Lock())
        async with lock:
            tables = copy.deepcopy(self.tables)  # a transaction: committed only when the work succeeds
            tables.episodes = self.tables.episodes  # episodes are not the facts' to change: one set, always current
            result = await work(FakeFactUnit(tables, scope, project_id, key, now))
            if not rehearsal:
                self.tables = tables
            return result

    async def get(self, scope: Scope, fact_id: str) -> Fact | None:
        return self.tables.facts.get((scope.group_id, fact_id))

    async def stamp(self, scope: Scope) -> str:
        """Changes with every committed change of the user's facts (the tables are replaced on each commit)."""
        mine = sorted((f.id, f.status.value, f.session_ids, f.evidence) for f in self._mine(scope))
        return str(hash(tuple(mine)))

    def _mine(self, scope: Scope) -> list[Fact]:
        return [f for (group, _), f in self.tables.facts.items() if group == scope.group_id]

    async def by_status(
        self, scope: Scope, statuses: Sequence[FactStatus], projects: Sequence[str], with_embedding: bool = False
    ) -> list[tuple[Fact, list[float] | None]]:
        chosen = [f for f in self._mine(scope) if f.status in statuses and f.project_id in projects]
        chosen.sort(key=lambda f: (f.key, f.valid_at))
        return [(f, self.tables.embeddings.get((scope.group_id, f.id)) if with_embedding else None) for f in chosen]

    async def embeddings(self, scope: Scope, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32] | None]:
        found: dict[str, npt.NDArray[np.float32] | None] = {}
        for fact_id in ids:
            if (scope.group_id, fact_id) in self.tables.facts:
                stored = self.tables.embeddings.get((scope.group_id, fact_id))
                found[fact_id] = None if stored is None else np.asarray(stored, dtype=np.float32)
        return found

    async def valid_at(self, scope: Scope, as_of: datetime, projects: Sequence[str]) -> list[Fact]:
        counted = (FactStatus.ACTIVE, FactStatus.EXPIRED, FactStatus.ARCHIVED)
        chosen = [
            f
            for f in self._mine(scope)
            if f.status in counted
            and f.project_id in projects
            and f.valid_at <= as_of
            and (f.invalid_at is None or as_of < f.invalid_at)
        ]
        return sorted(chosen, key=lambda f: (f.key, f.valid_at))

    async def history(self, scope: Scope, key: str) -> list[Fact]:
        projects = ("", scope.project_id) if scope.project_id else ("",)
        return sorted([f for f in self._mine(scope) if f.key == key and f.project_id in projects], key=_order)

    async def forget(self, group_id: str) -> int:
        gone = [k for k in self.tables.facts if k[0] == group_id]
        for k in gone:
            del self.tables.facts[k]
        return len(gone)


def user_episode(scope: Scope, episode_id: str, text: str, at: datetime, session_id: str = "s1") -> Episode:
    """An episode the user said, as the extraction queue hands it out."""
    return Episode(
        id=episode_id,
        key=episode_id,
        text=text,
        occurred_at=at,
        created_at=at,
        session_id=session_id,
        speaker="user",
        event_type="message",
        importance=0.5,
        importance_source="rule",
        metadata={},
        tenant_id=scope.tenant_id,
        user_id=scope.user_id,
        extraction_status=ExtractionStatus.PENDING,
    )


class FakeExtractionQueue:
    """`ExtractionQueue` in memory: episodes waiting, and the status each one was given. As in Neo4j, an episode
    waits until it is given a status other than pending (or is quarantined), and one its fact store no longer
    holds (`FactTables.episodes`: erased) has left the queue."""

    def __init__(self, existing: set[tuple[str, str]], pending: Sequence[Episode] = ()) -> None:
        self.pending = list(pending)
        self.statuses: dict[str, tuple[ExtractionStatus, int]] = {}
        self.attempts: dict[str, int] = {}
        self._existing = existing
        self._queued: dict[str, Episode] = {}  # every episode seen waiting, whatever its status since
        self.asked: dict[str, str] = {}  # the assistant's line just before an episode, by the episode's id

    def _held(self, episode: Episode) -> bool:
        return (owner_group_id(episode.tenant_id, episode.user_id), episode.id) in self._existing

    async def pending_extraction(self, limit: int, group_id: str | None = None) -> list[Episode]:
        """Up to `limit` waiting episodes (of `group_id`'s user when given), in the order they were queued."""
        self.pending = [e for e in self.pending if self._held(e)]
        self._queued.update((e.id, e) for e in self.pending)
        return [e for e in self.pending if group_id in (None, owner_group_id(e.tenant_id, e.user_id))][:limit]

    async def pending_count(self) -> int:
        return len(self.pending)

    async def said_before(self, scope: Scope, episode: Episode, limit: int, within: timedelta) -> list[str]:
        """The texts of the earlier episodes of the session among those still held that were ever queued, oldest
        first."""
        known = {e.id: e for e in (*self._queued.values(), *self.pending) if self._held(e)}
        earlier = sorted(
            (e for e in known.values() if e.session_id == episode.session_id and e.id != episode.id
             and episode.occurred_at - within <= e.occurred_at <= episode.occurred_at
             and (e.occurred_at, e.seq) < (episode.occurred_at, episode.seq)),
            key=lambda e: (e.occurred_at, e.seq),
        )  # fmt: skip
        return [e.text for e in earlier[-limit:]] if episode.session_id and limit > 0 else []

    async def asked_before(self, scope: Scope, episode: Episode) -> str:
        return self.asked.get(episode.id, "")

    async def said_elsewhere(
        self, scope: Scope, episode: Episode, values: Sequence[str], window: int, limit: int
    ) -> list[EarlierWords]:
        """The earlier episodes of the user's other sessions among those still held that were ever queued,
        within the last `window` by seq, containing a value; newest first."""
        wanted = [v.casefold() for v in values if v]
        known = {e.id: e for e in (*self._queued.values(), *self.pending) if self._held(e)}
        earlier = sorted(
            (e for e in known.values()
             if owner_group_id(e.tenant_id, e.user_id) == scope.group_id and e.session_id != episode.session_id
             and episode.seq - window <= e.seq < episode.seq and e.occurred_at <= episode.occurred_at
             and any(v in e.text.casefold() for v in wanted)),
            key=lambda e: e.seq,
            reverse=True,
        )  # fmt: skip
        if not episode.session_id or window <= 0:
            return []
        return [EarlierWords(e.id, e.session_id, e.project_id, e.text) for e in earlier[:limit]]

    async def set_extraction(self, scope: Scope, episode_id: str, status: ExtractionStatus, count: int) -> None:
        self.statuses[episode_id] = (status, count)
        if status != ExtractionStatus.PENDING:
            self.pending = [e for e in self.pending if e.id != episode_id]

    async def extraction_failed(self, scope: Scope, episode_id: str, max_attempts: int) -> tuple[bool, int]:
        self.attempts[episode_id] = self.attempts.get(episode_id, 0) + 1
        quarantined = self.attempts[episode_id] >= max_attempts
        if quarantined:
            await self.set_extraction(scope, episode_id, ExtractionStatus.QUARANTINED, 0)
        return quarantined, self.attempts[episode_id]


class FakeSessionStore:
    """`SessionStore` in memory, with the Neo4j store's version check on save."""

    def __init__(self) -> None:
        self.sessions: dict[tuple[str, str], SessionState] = {}

    async def create(self, scope: Scope, state: SessionState) -> tuple[SessionState, bool]:
        key = (scope.group_id, state.session_id)
        if key in self.sessions:
            return self.sessions[key], False
        self.sessions[key] = state
        return state, True

    async def get(self, scope: Scope) -> SessionState | None:
        return self.sessions.get((scope.group_id, scope.session_id))

    async def save(self, scope: Scope, state: SessionState, read_version: int) -> SessionState:
        key = (scope.group_id, state.session_id)
        stored = self.sessions.get(key)
        if stored is None:
            raise FailedPrecondition(f"session {state.session_id} no longer exists")
        if stored.version != read_version:
            raise FailedPrecondition(
                f"session {state.session_id} changed: version {stored.version}, expected {read_version}"
            )
        saved = replace(state, version=read_version + 1)
        self.sessions[key] = saved
        return saved

    async def forget(self, group_id: str) -> int:
        gone = [k for k in self.sessions if k[0] == group_id]
        for k in gone:
            del self.sessions[k]
        return len(gone)
