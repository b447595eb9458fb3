"""`MemoryClient`: the blocking client of graphmem.v1.MemoryService (one method per RPC, plus health)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, Self, TypeVar, cast

import grpc
import tenacity
from grpc_health.v1 import health_pb2

from graphmem import calls
from graphmem.client.base import BaseClient, ClientScope, Prepared, as_method
from graphmem.client.errors import error_from_rpc
from graphmem.model import Page, SessionState

P = ParamSpec("P")
T = TypeVar("T")
_NOT_REACHABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)


def _blocking(prepare: Callable[P, Prepared[T]]) -> Callable[Concatenate[MemoryClient, P], T]:
    """The public method for the RPC `prepare` builds: sends it and returns the reply as a domain value."""

    def method(self: MemoryClient, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return self._run(prepare(*args, **kwargs))

    return as_method(method, prepare)


def _pages(
    prepare: Callable[P, Prepared[Page[T]]], name: str, doc: str
) -> Callable[Concatenate[MemoryClient, P], Iterator[T]]:
    """The iterator over every page of the list RPC `prepare` builds, fetched as the iteration goes."""

    def method(self: MemoryClient, /, *args: P.args, **kwargs: P.kwargs) -> Iterator[T]:
        prepared = prepare(*args, **kwargs)
        while True:
            page = self._run(prepared)
            yield from page.items
            if not page.next_token:
                return
            prepared = prepared.at_page(page.next_token)

    return as_method(method, prepare, "Iterator[{item}]", name=name, doc=doc)


class MemoryClient(BaseClient):
    """Blocking client of graphmem.v1.MemoryService. Thread-safe; close it (or use `with`) when done.

    The options are those of `BaseClient`. Every method takes `timeout` (seconds; None: the client's default)
    and raises `GraphmemClientError` on failure.
    """

    def _open_channel(self, target: str, credentials: grpc.ChannelCredentials | None) -> grpc.Channel:
        if credentials is not None:
            return grpc.secure_channel(target, credentials, options=self._options)
        return grpc.insecure_channel(target, options=self._options)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Closes the channel; calls in flight are cancelled."""
        self._channel.close()

    def _run(self, prepared: Prepared[T]) -> T:
        method = self._methods[prepared.call.name]
        for attempt in tenacity.Retrying(**self._retrying(prepared.call)):
            with attempt:
                try:
                    reply = method(prepared.request, **self._sending(prepared))
                except grpc.RpcError as err:
                    raise error_from_rpc(err) from err
        return prepared.parse(reply)

    def health(self, timeout: float | None = None) -> bool:
        """True when the server reports the memory service SERVING; False otherwise or when unreachable."""
        request = health_pb2.HealthCheckRequest(service=calls.SERVICE)
        try:
            reply: Any = self._health.Check(request, timeout=self._deadline(timeout))
        except grpc.RpcError as err:
            if cast(grpc.Call, err).code() in _NOT_REACHABLE:
                return False
            raise error_from_rpc(err) from err
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)

    # --- episodic ------------------------------------------------------------------------------------------
    add_episodes = _blocking(BaseClient._add_episodes)
    get_episode = _blocking(BaseClient._get_episode)
    list_episodes = _blocking(BaseClient._list_episodes)
    iter_episodes = _pages(
        BaseClient._list_episodes,
        "iter_episodes",
        "All matching episodes, oldest first, fetching page after page as the iteration goes.",
    )
    delete_episode = _blocking(BaseClient._delete_episode)
    forget_user = _blocking(BaseClient._forget_user)
    search = _blocking(BaseClient._search)
    get_policy = _blocking(BaseClient._get_policy)

    # --- semantic ------------------------------------------------------------------------------------------
    list_facts = _blocking(BaseClient._list_facts)
    iter_facts = _pages(
        BaseClient._list_facts,
        "iter_facts",
        "All the facts of `list_facts`, fetching page after page as the iteration goes.",
    )
    get_fact_history = _blocking(BaseClient._get_fact_history)
    iter_fact_history = _pages(
        BaseClient._get_fact_history,
        "iter_fact_history",
        "Every version of one fact key, oldest first, fetching page after page as the iteration goes.",
    )
    list_candidates = _blocking(BaseClient._list_candidates)
    iter_candidates = _pages(
        BaseClient._list_candidates,
        "iter_candidates",
        "All the candidates, newest first, fetching page after page as the iteration goes.",
    )
    confirm_fact = _blocking(BaseClient._confirm_fact)
    reject_fact = _blocking(BaseClient._reject_fact)
    correct_fact = _blocking(BaseClient._correct_fact)

    # --- procedural ----------------------------------------------------------------------------------------
    register_skill = _blocking(BaseClient._register_skill)
    update_skill = _blocking(BaseClient._update_skill)
    get_skill = _blocking(BaseClient._get_skill)
    list_skills = _blocking(BaseClient._list_skills)
    match_skills = _blocking(BaseClient._match_skills)
    record_skill_outcome = _blocking(BaseClient._record_skill_outcome)

    # --- working memory ------------------------------------------------------------------------------------
    open_session = _blocking(BaseClient._open_session)
    append_messages = _blocking(BaseClient._append_messages)
    get_session_page = _blocking(BaseClient._get_session_page)

    def get_session(self, scope: ClientScope, *, timeout: float | None = None) -> SessionState:
        """The session as stored, its dialogue whole (read page after page)."""
        state, token = self._run(self._get_session_page(scope, timeout=timeout))
        dialogue = list(state.dialogue)
        while token:
            more, token = self._run(self._get_session_page(scope, page_token=token, timeout=timeout))
            dialogue.extend(more.dialogue)
        return replace(state, dialogue=tuple(dialogue))

    close_session = _blocking(BaseClient._close_session)
    get_context = _blocking(BaseClient._get_context)

    # --- lifecycle -----------------------------------------------------------------------------------------
    run_maintenance = _blocking(BaseClient._run_maintenance)
    restore_memory = _blocking(BaseClient._restore_memory)
    get_memory_audit = _blocking(BaseClient._get_memory_audit)
