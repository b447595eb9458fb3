"""`AsyncMemoryClient`: the asyncio client of graphmem.v1.MemoryService, the twin of `MemoryClient` with every
method a coroutine (and the `iter_*` methods async iterators)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import replace
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, Self, TypeVar, cast

import grpc
import grpc.aio
import tenacity
from grpc_health.v1 import health_pb2

from graphmem import calls
from graphmem.client.base import BaseClient, ClientScope, Prepared, as_method
from graphmem.client.errors import error_from_rpc
from graphmem.model import Page, SessionState

P = ParamSpec("P")
T = TypeVar("T")
_NOT_REACHABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)


def _awaited(prepare: Callable[P, Prepared[T]]) -> Callable[Concatenate[AsyncMemoryClient, P], Coroutine[Any, Any, T]]:
    """The public coroutine for the RPC `prepare` builds: sends it and returns the reply as a domain value."""

    async def method(self: AsyncMemoryClient, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await self._run(prepare(*args, **kwargs))

    return as_method(method, prepare)


def _pages(
    prepare: Callable[P, Prepared[Page[T]]], name: str, doc: str
) -> Callable[Concatenate[AsyncMemoryClient, P], AsyncIterator[T]]:
    """The async iterator over every page of the list RPC `prepare` builds, fetched as the iteration goes."""

    async def method(self: AsyncMemoryClient, /, *args: P.args, **kwargs: P.kwargs) -> AsyncIterator[T]:
        prepared = prepare(*args, **kwargs)
        while True:
            page = await self._run(prepared)
            for item in page.items:
                yield item
            if not page.next_token:
                return
            prepared = prepared.at_page(page.next_token)

    return as_method(method, prepare, "AsyncIterator[{item}]", name=name, doc=doc)


class AsyncMemoryClient(BaseClient):
    """asyncio client of graphmem.v1.MemoryService, with the methods of `MemoryClient` as coroutines.

    Use it on one event loop; close it with `await client.close()` or `async with`.
    """

    def _open_channel(self, target: str, credentials: grpc.ChannelCredentials | None) -> grpc.aio.Channel:
        if credentials is not None:
            return grpc.aio.secure_channel(target, credentials, options=self._options)
        return grpc.aio.insecure_channel(target, options=self._options)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Closes the channel; calls in flight are cancelled."""
        await self._channel.close(None)

    async def _run(self, prepared: Prepared[T]) -> T:
        method = self._methods[prepared.call.name]
        async for attempt in tenacity.AsyncRetrying(**self._retrying(prepared.call)):
            with attempt:
                try:
                    reply = await method(prepared.request, **self._sending(prepared))
                except grpc.RpcError as err:
                    raise error_from_rpc(err) from err
        return prepared.parse(reply)

    async def health(self, timeout: float | None = None) -> bool:
        """See `MemoryClient.health`."""
        request = health_pb2.HealthCheckRequest(service=calls.SERVICE)
        try:
            reply: Any = await self._health.Check(request, timeout=self._deadline(timeout))
        except grpc.RpcError as err:
            if cast(grpc.Call, err).code() in _NOT_REACHABLE:
                return False
            raise error_from_rpc(err) from err
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)

    # --- episodic ------------------------------------------------------------------------------------------
    add_episodes = _awaited(BaseClient._add_episodes)
    get_episode = _awaited(BaseClient._get_episode)
    list_episodes = _awaited(BaseClient._list_episodes)
    iter_episodes = _pages(
        BaseClient._list_episodes, "iter_episodes", "All matching episodes, oldest first, page after page."
    )
    delete_episode = _awaited(BaseClient._delete_episode)
    forget_user = _awaited(BaseClient._forget_user)
    search = _awaited(BaseClient._search)
    get_policy = _awaited(BaseClient._get_policy)

    # --- semantic ------------------------------------------------------------------------------------------
    list_facts = _awaited(BaseClient._list_facts)
    iter_facts = _pages(BaseClient._list_facts, "iter_facts", "All the facts of `list_facts`, page after page.")
    get_fact_history = _awaited(BaseClient._get_fact_history)
    iter_fact_history = _pages(
        BaseClient._get_fact_history, "iter_fact_history", "Every version of one fact key, oldest first."
    )
    list_candidates = _awaited(BaseClient._list_candidates)
    iter_candidates = _pages(BaseClient._list_candidates, "iter_candidates", "All the candidates, newest first.")
    confirm_fact = _awaited(BaseClient._confirm_fact)
    reject_fact = _awaited(BaseClient._reject_fact)
    correct_fact = _awaited(BaseClient._correct_fact)

    # --- procedural ----------------------------------------------------------------------------------------
    register_skill = _awaited(BaseClient._register_skill)
    update_skill = _awaited(BaseClient._update_skill)
    get_skill = _awaited(BaseClient._get_skill)
    list_skills = _awaited(BaseClient._list_skills)
    match_skills = _awaited(BaseClient._match_skills)
    record_skill_outcome = _awaited(BaseClient._record_skill_outcome)

    # --- working memory ------------------------------------------------------------------------------------
    open_session = _awaited(BaseClient._open_session)
    append_messages = _awaited(BaseClient._append_messages)
    get_session_page = _awaited(BaseClient._get_session_page)

    async def get_session(self, scope: ClientScope, *, timeout: float | None = None) -> SessionState:
        """See `MemoryClient.get_session`."""
        state, token = await self._run(self._get_session_page(scope, timeout=timeout))
        dialogue = list(state.dialogue)
        while token:
            more, token = await self._run(self._get_session_page(scope, page_token=token, timeout=timeout))
            dialogue.extend(more.dialogue)
        return replace(state, dialogue=tuple(dialogue))

    close_session = _awaited(BaseClient._close_session)
    get_context = _awaited(BaseClient._get_context)

    # --- lifecycle -----------------------------------------------------------------------------------------
    run_maintenance = _awaited(BaseClient._run_maintenance)
    restore_memory = _awaited(BaseClient._restore_memory)
    get_memory_audit = _awaited(BaseClient._get_memory_audit)
