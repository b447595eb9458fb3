"""`AsyncMemoryClient`: the asyncio client of graphmem.v1.MemoryService, the twin of `MemoryClient` with every
method a coroutine (and `iter_episodes` an async iterator)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from types import TracebackType
from typing import Any, Self, TypeVar, cast

import grpc
import grpc.aio
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


class AsyncMemoryClient(BaseClient):
    """asyncio client of graphmem.v1.MemoryService, with the methods of `MemoryClient` as coroutines.

    Use it on one event loop; close it with `await client.close()` or `async with`.
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
            grpc.aio.secure_channel(target, (tls or ClientTLS()).credentials(), options=self._options)
            if secure or tls is not None
            else grpc.aio.insecure_channel(target, options=self._options)
        )
        self._methods: dict[str, Any] = {
            c.name: self._channel.unary_unary(
                c.path, request_serializer=c.request.SerializeToString, response_deserializer=c.response.FromString
            )
            for c in calls.ALL
        }
        self._health: Any = health_pb2_grpc.HealthStub(self._channel)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Closes the channel; calls in flight are cancelled."""
        await self._channel.close(None)

    async def _run(self, prepared: Prepared[T], timeout: float | None) -> T:
        method = self._methods[prepared.call.name]
        deadline = self._deadline(timeout)
        async for attempt in tenacity.AsyncRetrying(
            retry=tenacity.retry_if_exception_type(UnavailableError),
            stop=tenacity.stop_after_attempt(self._attempts(prepared.call)),
            wait=tenacity.wait_exponential(multiplier=self._retry_wait, max=5.0),
            reraise=True,
        ):
            with attempt:
                try:
                    reply = await method(
                        prepared.request,
                        metadata=self._metadata + user_routing_metadata(prepared.request),
                        timeout=deadline,
                    )
                except grpc.RpcError as err:
                    raise error_from_rpc(err) from err
        return prepared.parse(reply)

    async def health(self, timeout: float | None = None) -> bool:
        """See `MemoryClient.health`."""
        request = health_pb2.HealthCheckRequest(service=calls.SERVICE)
        try:
            reply = await self._health.Check(request, timeout=self._deadline(timeout))
        except grpc.RpcError as err:
            if cast(grpc.Call, err).code() in _NOT_REACHABLE:
                return False
            raise error_from_rpc(err) from err
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)

    # --- episodic ------------------------------------------------------------------------------------------

    async def add_episodes(
        self, scope: ClientScope, episodes: Sequence[EpisodeDraft | NewEpisode], *, timeout: float | None = None
    ) -> tuple[EpisodeWrite, ...]:
        """See `MemoryClient.add_episodes`."""
        return await self._run(self._add_episodes(scope, episodes), timeout)

    async def get_episode(self, scope: ClientScope, episode_id: str, *, timeout: float | None = None) -> Episode:
        """See `MemoryClient.get_episode`."""
        return await self._run(self._get_episode(scope, episode_id), timeout)

    async def list_episodes(
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
        """See `MemoryClient.list_episodes`."""
        return await self._run(
            self._list_episodes(scope, page_size, page_token, session_id, event_types, occurred), timeout
        )

    async def iter_episodes(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
        timeout: float | None = None,
    ) -> AsyncIterator[Episode]:
        """See `MemoryClient.iter_episodes`."""
        token = ""
        while True:
            page = await self._run(
                self._list_episodes(scope, page_size, token, session_id, event_types, occurred), timeout
            )
            for item in page.items:
                yield item
            token = page.next_token
            if not token:
                return

    async def delete_episode(self, scope: ClientScope, episode_id: str, *, timeout: float | None = None) -> None:
        """See `MemoryClient.delete_episode`."""
        await self._run(self._delete_episode(scope, episode_id), timeout)

    async def forget_user(self, scope: ClientScope, *, timeout: float | None = None) -> ForgetReport:
        """See `MemoryClient.forget_user`."""
        return await self._run(self._forget_user(scope), timeout)

    async def search(
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
        """See `MemoryClient.search`."""
        prepared = self._search(scope, query, top_k, layers, reference_time, event_types, occurred)
        return await self._run(prepared, timeout)

    async def get_policy(self, *, timeout: float | None = None) -> PolicyInfo:
        """See `MemoryClient.get_policy`."""
        return await self._run(self._get_policy(), timeout)

    # --- semantic ------------------------------------------------------------------------------------------

    async def list_facts(
        self,
        scope: ClientScope,
        *,
        as_of: datetime | None = None,
        scope_filter: FactScopeFilter = FactScopeFilter.BOTH,
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Page[Fact]:
        """See `MemoryClient.list_facts`."""
        return await self._run(self._list_facts(scope, as_of, scope_filter, page_size, page_token), timeout)

    def iter_facts(
        self,
        scope: ClientScope,
        *,
        page_size: int = 0,
        as_of: datetime | None = None,
        scope_filter: FactScopeFilter = FactScopeFilter.BOTH,
        timeout: float | None = None,
    ) -> AsyncIterator[Fact]:
        """See `MemoryClient.iter_facts`."""
        return self._pages(lambda token: self._list_facts(scope, as_of, scope_filter, page_size, token), timeout)

    async def get_fact_history(
        self,
        scope: ClientScope,
        key: str,
        *,
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Page[Fact]:
        """See `MemoryClient.get_fact_history`."""
        return await self._run(self._get_fact_history(scope, key, page_size, page_token), timeout)

    def iter_fact_history(
        self, scope: ClientScope, key: str, *, page_size: int = 0, timeout: float | None = None
    ) -> AsyncIterator[Fact]:
        """See `MemoryClient.iter_fact_history`."""
        return self._pages(lambda token: self._get_fact_history(scope, key, page_size, token), timeout)

    async def list_candidates(
        self, scope: ClientScope, *, page_size: int = 0, page_token: str = "", timeout: float | None = None
    ) -> Page[Fact]:
        """See `MemoryClient.list_candidates`."""
        return await self._run(self._list_candidates(scope, page_size, page_token), timeout)

    def iter_candidates(
        self, scope: ClientScope, *, page_size: int = 0, timeout: float | None = None
    ) -> AsyncIterator[Fact]:
        """See `MemoryClient.iter_candidates`."""
        return self._pages(lambda token: self._list_candidates(scope, page_size, token), timeout)

    async def _pages(self, prepare: Callable[[str], Prepared[Page[T]]], timeout: float | None) -> AsyncIterator[T]:
        token = ""
        while True:
            page = await self._run(prepare(token), timeout)
            for item in page.items:
                yield item
            token = page.next_token
            if not token:
                return

    async def confirm_fact(self, scope: ClientScope, fact_id: str, *, timeout: float | None = None) -> Fact:
        """See `MemoryClient.confirm_fact`."""
        return await self._run(self._confirm_fact(scope, fact_id), timeout)

    async def reject_fact(
        self, scope: ClientScope, fact_id: str, reason: str = "", *, timeout: float | None = None
    ) -> Fact:
        """See `MemoryClient.reject_fact`."""
        return await self._run(self._reject_fact(scope, fact_id, reason), timeout)

    async def correct_fact(
        self,
        scope: ClientScope,
        fact_id: str,
        value: str,
        fact: str,
        *,
        polarity: bool | None = None,
        timeout: float | None = None,
    ) -> tuple[Fact, Fact]:
        """See `MemoryClient.correct_fact`."""
        return await self._run(self._correct_fact(scope, fact_id, value, fact, polarity), timeout)

    # --- procedural ----------------------------------------------------------------------------------------

    async def register_skill(self, scope: ClientScope, skill: NewSkill, *, timeout: float | None = None) -> Skill:
        """See `MemoryClient.register_skill`."""
        return await self._run(self._register_skill(scope, skill), timeout)

    async def update_skill(self, scope: ClientScope, skill: NewSkill, *, timeout: float | None = None) -> Skill:
        """See `MemoryClient.update_skill`."""
        return await self._run(self._update_skill(scope, skill), timeout)

    async def get_skill(
        self, scope: ClientScope, name: str, version: int = 0, *, timeout: float | None = None
    ) -> Skill:
        """See `MemoryClient.get_skill`."""
        return await self._run(self._get_skill(scope, name, version), timeout)

    async def list_skills(self, scope: ClientScope, *, timeout: float | None = None) -> tuple[Skill, ...]:
        """See `MemoryClient.list_skills`."""
        return await self._run(self._list_skills(scope), timeout)

    async def match_skills(
        self, scope: ClientScope, intent: str, top_k: int = 0, *, timeout: float | None = None
    ) -> tuple[SkillMatch, ...]:
        """See `MemoryClient.match_skills`."""
        return await self._run(self._match_skills(scope, intent, top_k), timeout)

    async def record_skill_outcome(
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
        """See `MemoryClient.record_skill_outcome`."""
        return await self._run(
            self._record_skill_outcome(scope, name, success, episode_id, version, outcome_id), timeout
        )

    # --- working memory ------------------------------------------------------------------------------------

    async def open_session(
        self,
        scope: ClientScope,
        *,
        instructions: Sequence[str] = (),
        task: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> SessionState:
        """See `MemoryClient.open_session`."""
        return await self._run(self._open_session(scope, instructions, task or {}), timeout)

    async def append_messages(
        self, scope: ClientScope, messages: Sequence[Message], *, timeout: float | None = None
    ) -> SessionState:
        """See `MemoryClient.append_messages`."""
        return await self._run(self._append_messages(scope, messages), timeout)

    async def get_session_page(
        self, scope: ClientScope, *, page_size: int = 0, page_token: str = "", timeout: float | None = None
    ) -> tuple[SessionState, str]:
        """See `MemoryClient.get_session_page`."""
        return await self._run(self._get_session(scope, page_size, page_token), timeout)

    async def get_session(self, scope: ClientScope, *, timeout: float | None = None) -> SessionState:
        """See `MemoryClient.get_session`."""
        state, token = await self._run(self._get_session(scope, 0, ""), timeout)
        dialogue = list(state.dialogue)
        while token:
            more, token = await self._run(self._get_session(scope, 0, token), timeout)
            dialogue.extend(more.dialogue)
        return replace(state, dialogue=tuple(dialogue))

    async def close_session(
        self, scope: ClientScope, *, timeout: float | None = None
    ) -> tuple[SessionState, tuple[EpisodeWrite, ...]]:
        """See `MemoryClient.close_session`."""
        return await self._run(self._close_session(scope), timeout)

    async def get_context(
        self,
        scope: ClientScope,
        query: str = "",
        *,
        token_budget: int,
        layers: Sequence[Layer] = (),
        reference_time: datetime | None = None,
        timeout: float | None = None,
    ) -> AssembledContext:
        """See `MemoryClient.get_context`."""
        return await self._run(self._get_context(scope, query, token_budget, layers, reference_time), timeout)

    # --- lifecycle -----------------------------------------------------------------------------------------

    async def run_maintenance(
        self, scope: ClientScope, *, dry_run: bool = False, timeout: float | None = None
    ) -> MaintenanceRun:
        """See `MemoryClient.run_maintenance`."""
        return await self._run(self._run_maintenance(scope, dry_run), timeout)

    async def restore_memory(self, scope: ClientScope, memory_id: str, *, timeout: float | None = None) -> MemoryKind:
        """See `MemoryClient.restore_memory`."""
        return await self._run(self._restore_memory(scope, memory_id), timeout)

    async def get_memory_audit(
        self,
        scope: ClientScope,
        *,
        memory_id: str = "",
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Page[AuditEvent]:
        """See `MemoryClient.get_memory_audit`."""
        return await self._run(self._get_memory_audit(scope, memory_id, page_size, page_token), timeout)
