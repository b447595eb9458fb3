"""`MemoryClient`: the blocking client of graphmem.v1.MemoryService (one method per RPC, plus health)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from types import TracebackType
from typing import Any, Self, TypeVar, cast

import grpc
import tenacity
from grpc_health.v1 import health_pb2, health_pb2_grpc

from graphmem import calls
from graphmem.client.base import (
    DEFAULT_MAX_MESSAGE_BYTES,
    DEFAULT_TIMEOUT_SECONDS,
    BaseClient,
    ClientScope,
    NewEpisode,
    NewSkill,
    Prepared,
    user_routing_metadata,
)
from graphmem.client.errors import UnavailableError, error_from_rpc
from graphmem.client.tls import ClientTLS
from graphmem.model import (
    AssembledContext,
    AuditEvent,
    Episode,
    EpisodeDraft,
    EpisodeWrite,
    Fact,
    FactScopeFilter,
    ForgetReport,
    Layer,
    MaintenanceRun,
    MemoryKind,
    Message,
    Page,
    PolicyInfo,
    SearchResult,
    SessionState,
    Skill,
    SkillMatch,
    TimeRange,
)

T = TypeVar("T")
_NOT_REACHABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)


class MemoryClient(BaseClient):
    """Blocking client of graphmem.v1.MemoryService. Thread-safe; close it (or use `with`) when done.

    `secure` uses TLS with the system roots, `tls` TLS with the given roots and client certificate (mutual
    TLS); the other options are those of `BaseClient`. Every method takes
    `timeout` (seconds; None: the client's default) and raises `GraphmemClientError` on failure.
    """

    def __init__(
        self,
        target: str,
        api_key: str,
        *,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        secure: bool = False,
        tls: ClientTLS | None = None,
        retries: int = 3,
        retry_wait: float = 0.1,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    ) -> None:
        super().__init__(
            api_key, timeout=timeout, retries=retries, retry_wait=retry_wait, max_message_bytes=max_message_bytes
        )
        self._channel = (
            grpc.secure_channel(target, (tls or ClientTLS()).credentials(), options=self._options)
            if secure or tls is not None
            else grpc.insecure_channel(target, options=self._options)
        )
        self._methods: dict[str, Any] = {
            c.name: self._channel.unary_unary(
                c.path, request_serializer=c.request.SerializeToString, response_deserializer=c.response.FromString
            )
            for c in calls.ALL
        }
        self._health: Any = health_pb2_grpc.HealthStub(self._channel)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Closes the channel; calls in flight are cancelled."""
        self._channel.close()

    def _run(self, prepared: Prepared[T], timeout: float | None) -> T:
        method = self._methods[prepared.call.name]
        deadline = self._deadline(timeout)
        for attempt in tenacity.Retrying(
            retry=tenacity.retry_if_exception_type(UnavailableError),
            stop=tenacity.stop_after_attempt(self._attempts(prepared.call)),
            wait=tenacity.wait_exponential(multiplier=self._retry_wait, max=5.0),
            reraise=True,
        ):
            with attempt:
                try:
                    reply = method(
                        prepared.request,
                        metadata=self._metadata + user_routing_metadata(prepared.request),
                        timeout=deadline,
                    )
                except grpc.RpcError as err:
                    raise error_from_rpc(err) from err
        return prepared.parse(reply)

    def health(self, timeout: float | None = None) -> bool:
        """True when the server reports the memory service SERVING; False otherwise or when unreachable."""
        request = health_pb2.HealthCheckRequest(service=calls.SERVICE)
        try:
            reply = self._health.Check(request, timeout=self._deadline(timeout))
        except grpc.RpcError as err:
            if cast(grpc.Call, err).code() in _NOT_REACHABLE:
                return False
            raise error_from_rpc(err) from err
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)

    # --- episodic ------------------------------------------------------------------------------------------

    def add_episodes(
        self, scope: ClientScope, episodes: Sequence[EpisodeDraft | NewEpisode], *, timeout: float | None = None
    ) -> tuple[EpisodeWrite, ...]:
        """Writes a batch (1 to 5,000) and returns once it is committed; one result per episode, in order.
        Idempotent per key: a retried batch returns the stored ids with `created` False."""
        return self._run(self._add_episodes(scope, episodes), timeout)

    def get_episode(self, scope: ClientScope, episode_id: str, *, timeout: float | None = None) -> Episode:
        """One episode by id; NotFoundError when it does not exist for this user."""
        return self._run(self._get_episode(scope, episode_id), timeout)

    def list_episodes(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        page_token: str = "",
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
        timeout: float | None = None,
    ) -> Page[Episode]:
        """One page of the user's episodes, oldest first; `next_token` is empty on the last page."""
        return self._run(self._list_episodes(scope, page_size, page_token, session_id, event_types, occurred), timeout)

    def iter_episodes(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
        timeout: float | None = None,
    ) -> Iterator[Episode]:
        """All matching episodes, oldest first, fetching page after page as the iteration goes."""
        token = ""
        while True:
            page = self._run(self._list_episodes(scope, page_size, token, session_id, event_types, occurred), timeout)
            yield from page.items
            token = page.next_token
            if not token:
                return

    def delete_episode(self, scope: ClientScope, episode_id: str, *, timeout: float | None = None) -> None:
        """Deletes one episode; NotFoundError when it does not exist (also when already deleted)."""
        self._run(self._delete_episode(scope, episode_id), timeout)

    def forget_user(self, scope: ClientScope, *, timeout: float | None = None) -> ForgetReport:
        """Erases everything stored for `scope.user_id` (all projects and sessions)."""
        return self._run(self._forget_user(scope), timeout)

    def search(
        self,
        scope: ClientScope,
        query: str,
        *,
        top_k: int = 0,
        layers: Sequence[Layer] = (),
        reference_time: datetime | None = None,
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
        timeout: float | None = None,
    ) -> SearchResult:
        """The memories most relevant to `query`, best first, and the route taken. `top_k` 0 means 10; empty
        `layers` lets the server's router choose; `reference_time` defaults to the server's now."""
        prepared = self._search(scope, query, top_k, layers, reference_time, event_types, occurred)
        return self._run(prepared, timeout)

    def get_policy(self, *, timeout: float | None = None) -> PolicyInfo:
        """The memory policy in force."""
        return self._run(self._get_policy(), timeout)

    # --- semantic ------------------------------------------------------------------------------------------

    def list_facts(
        self,
        scope: ClientScope,
        *,
        as_of: datetime | None = None,
        scope_filter: FactScopeFilter = FactScopeFilter.BOTH,
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Page[Fact]:
        """One page of the facts true now (or at `as_of`): the user's plus, in a project, the project's (winning
        on a key), ordered by key; `next_token` is empty on the last page."""
        return self._run(self._list_facts(scope, as_of, scope_filter, page_size, page_token), timeout)

    def iter_facts(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        as_of: datetime | None = None,
        scope_filter: FactScopeFilter = FactScopeFilter.BOTH,
        timeout: float | None = None,
    ) -> Iterator[Fact]:
        """All the facts of `list_facts`, fetching page after page as the iteration goes."""
        return self._pages(lambda token: self._list_facts(scope, as_of, scope_filter, page_size, token), timeout)

    def get_fact_history(
        self,
        scope: ClientScope,
        key: str,
        *,
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Page[Fact]:
        """One page of the versions of one fact key (expired and rejected ones included), oldest first."""
        return self._run(self._get_fact_history(scope, key, page_size, page_token), timeout)

    def iter_fact_history(
        self, scope: ClientScope, key: str, *, page_size: int = 0, timeout: float | None = None
    ) -> Iterator[Fact]:
        """Every version of one fact key, oldest first, fetching page after page as the iteration goes."""
        return self._pages(lambda token: self._get_fact_history(scope, key, page_size, token), timeout)

    def list_candidates(
        self, scope: ClientScope, *, page_size: int = 0, page_token: str = "", timeout: float | None = None
    ) -> Page[Fact]:
        """One page of the facts extracted but not yet promoted (waiting for a second session or a reviewer),
        newest first."""
        return self._run(self._list_candidates(scope, page_size, page_token), timeout)

    def iter_candidates(
        self, scope: ClientScope, *, page_size: int = 0, timeout: float | None = None
    ) -> Iterator[Fact]:
        """All the candidates, newest first, fetching page after page as the iteration goes."""
        return self._pages(lambda token: self._list_candidates(scope, page_size, token), timeout)

    def _pages(self, prepare: Callable[[str], Prepared[Page[T]]], timeout: float | None) -> Iterator[T]:
        token = ""
        while True:
            page = self._run(prepare(token), timeout)
            yield from page.items
            token = page.next_token
            if not token:
                return

    def confirm_fact(self, scope: ClientScope, fact_id: str, *, timeout: float | None = None) -> Fact:
        """A reviewer promotes a candidate; returns the now active version."""
        return self._run(self._confirm_fact(scope, fact_id), timeout)

    def reject_fact(self, scope: ClientScope, fact_id: str, reason: str = "", *, timeout: float | None = None) -> Fact:
        """A reviewer rejects a candidate or an active fact; returns the rejected version."""
        return self._run(self._reject_fact(scope, fact_id, reason), timeout)

    def correct_fact(
        self,
        scope: ClientScope,
        fact_id: str,
        value: str,
        fact: str,
        *,
        polarity: bool | None = None,
        timeout: float | None = None,
    ) -> tuple[Fact, Fact]:
        """Replaces an active fact with a corrected version; returns (new version, replaced version)."""
        return self._run(self._correct_fact(scope, fact_id, value, fact, polarity), timeout)

    # --- procedural ----------------------------------------------------------------------------------------

    def register_skill(self, scope: ClientScope, skill: NewSkill, *, timeout: float | None = None) -> Skill:
        """Stores a new skill (version 1 unless given); ALREADY_EXISTS when that version exists."""
        return self._run(self._register_skill(scope, skill), timeout)

    def update_skill(self, scope: ClientScope, skill: NewSkill, *, timeout: float | None = None) -> Skill:
        """Adds the next version of an existing skill."""
        return self._run(self._update_skill(scope, skill), timeout)

    def get_skill(self, scope: ClientScope, name: str, version: int = 0, *, timeout: float | None = None) -> Skill:
        """One skill by name (`version` 0: the latest)."""
        return self._run(self._get_skill(scope, name, version), timeout)

    def list_skills(self, scope: ClientScope, *, timeout: float | None = None) -> tuple[Skill, ...]:
        """The latest version of every skill visible in the scope."""
        return self._run(self._list_skills(scope), timeout)

    def match_skills(
        self, scope: ClientScope, intent: str, top_k: int = 0, *, timeout: float | None = None
    ) -> tuple[SkillMatch, ...]:
        """The skills that fit an intent, best first, with their score components."""
        return self._run(self._match_skills(scope, intent, top_k), timeout)

    def record_skill_outcome(
        self,
        scope: ClientScope,
        name: str,
        success: bool,
        *,
        episode_id: str = "",
        version: int = 0,
        outcome_id: str = "",
        timeout: float | None = None,
    ) -> Skill:
        """Counts one use of a skill as a success or a failure; returns the updated version. `outcome_id` (default:
        a fresh id per call, kept across this client's retries) makes a repeated report count once."""
        return self._run(self._record_skill_outcome(scope, name, success, episode_id, version, outcome_id), timeout)

    # --- working memory ------------------------------------------------------------------------------------

    def open_session(
        self,
        scope: ClientScope,
        *,
        instructions: Sequence[str] = (),
        task: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> SessionState:
        """Opens (or reopens) the working-memory session `scope.session_id` with pinned instructions and task."""
        return self._run(self._open_session(scope, instructions, task or {}), timeout)

    def append_messages(
        self, scope: ClientScope, messages: Sequence[Message], *, timeout: float | None = None
    ) -> SessionState:
        """Appends turns to the session (summarising the oldest ones when it outgrows its budget)."""
        return self._run(self._append_messages(scope, messages), timeout)

    def get_session_page(
        self, scope: ClientScope, *, page_size: int = 0, page_token: str = "", timeout: float | None = None
    ) -> tuple[SessionState, str]:
        """The session with one page of its dialogue (oldest first) and the next page's token (empty on the last
        page); instructions, task and scratch are whole on every page."""
        return self._run(self._get_session(scope, page_size, page_token), timeout)

    def get_session(self, scope: ClientScope, *, timeout: float | None = None) -> SessionState:
        """The session as stored, its dialogue whole (read page after page)."""
        state, token = self._run(self._get_session(scope, 0, ""), timeout)
        dialogue = list(state.dialogue)
        while token:
            more, token = self._run(self._get_session(scope, 0, token), timeout)
            dialogue.extend(more.dialogue)
        return replace(state, dialogue=tuple(dialogue))

    def close_session(
        self, scope: ClientScope, *, timeout: float | None = None
    ) -> tuple[SessionState, tuple[EpisodeWrite, ...]]:
        """Closes the session and writes its durable outcomes as episodes; returns (session, those writes)."""
        return self._run(self._close_session(scope), timeout)

    def get_context(
        self,
        scope: ClientScope,
        query: str = "",
        *,
        token_budget: int,
        layers: Sequence[Layer] = (),
        reference_time: datetime | None = None,
        timeout: float | None = None,
    ) -> AssembledContext:
        """The context for the next model call within `token_budget`: instructions, task, memories, turns."""
        return self._run(self._get_context(scope, query, token_budget, layers, reference_time), timeout)

    # --- lifecycle -----------------------------------------------------------------------------------------

    def run_maintenance(
        self, scope: ClientScope, *, dry_run: bool = False, timeout: float | None = None
    ) -> MaintenanceRun:
        """Runs dedup, archive, purge and distil for the user now (`dry_run`: report, change nothing)."""
        return self._run(self._run_maintenance(scope, dry_run), timeout)

    def restore_memory(self, scope: ClientScope, memory_id: str, *, timeout: float | None = None) -> MemoryKind:
        """Brings an archived episode or fact back; returns what it was."""
        return self._run(self._restore_memory(scope, memory_id), timeout)

    def get_memory_audit(
        self,
        scope: ClientScope,
        *,
        memory_id: str = "",
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Page[AuditEvent]:
        """The user's lifecycle events (or one memory's), newest first, one page at a time."""
        return self._run(self._get_memory_audit(scope, memory_id, page_size, page_token), timeout)
