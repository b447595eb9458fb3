"""What both clients share (the sync and async ones are thin twins over it): the channel and its options, the
bearer metadata, deadlines, the retry policy, and for each RPC its public signature and docstring, the request
built from plain arguments and the mapping of its reply to domain types (through `graphmem.wire`)."""

from __future__ import annotations

import inspect
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import grpc
import tenacity
from grpc_health.v1 import health_pb2_grpc

from graphmem import calls, wire
from graphmem.calls import Call
from graphmem.client.errors import UnavailableError
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
from graphmem.v1 import memory_service_pb2 as pb

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])
DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024
DEFAULT_TIMEOUT_SECONDS = 10.0


@dataclass(frozen=True)
class ClientScope:
    """Whose memory a call reads or writes; the tenant is decided by the API key, never sent."""

    user_id: str
    project_id: str = ""
    session_id: str = ""
    agent_id: str = ""


@dataclass(frozen=True)
class NewEpisode:
    """An episode to write. Empty or None fields take the server defaults: `occurred_at` the time of the
    write, `session_id` the scope's session, `event_type` "message", `importance` from the policy rules."""

    key: str
    text: str
    occurred_at: datetime | None = None
    session_id: str = ""
    speaker: str = ""
    event_type: str = ""
    importance: float | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class NewSkill:
    """A skill to register (or a new version to add with update_skill). `version` 0 lets the server number
    it; `parameters_schema` is a JSON Schema document as text."""

    name: str
    description: str
    triggers: Sequence[str] = ()
    parameters_schema: str = ""
    entry_point: str = ""
    version: int = 0
    episode_ids: Sequence[str] = ()
    entity_names: Sequence[str] = ()


@dataclass(frozen=True)
class Prepared(Generic[T]):
    """One call ready to send: which RPC, its request message, how its reply becomes a domain value, and its
    deadline in seconds (None: the client's default)."""

    call: Call
    request: Any
    parse: Callable[[Any], T]
    timeout: float | None = None

    def at_page(self, token: str) -> Prepared[T]:
        """The same list call asking for the page `token` names."""
        request = type(self.request)()
        request.CopyFrom(self.request)
        request.page_token = token
        return replace(self, request=request)


def _none(reply: Any) -> None:
    return None


USER_HEADER = "x-graphmem-user"
"""Metadata naming the end user of a call, so a proxy can keep each user on one replica (docs/deployment.md)."""


def user_routing_metadata(request: Any) -> tuple[tuple[str, str], ...]:
    """(`x-graphmem-user`, the request scope's user id, percent-encoded: metadata values are ASCII), or ()."""
    scope = getattr(request, "scope", None)
    user_id = getattr(scope, "user_id", "") if scope is not None else ""
    return ((USER_HEADER, quote(user_id, safe="")),) if user_id else ()


def as_method(
    method: F, prepare: Callable[..., Prepared[Any]], returns: str = "{}", *, name: str = "", doc: str = ""
) -> F:
    """`method` named, documented and signed as the public method `prepare` stands for: `prepare`'s name
    without its underscore (or `name`), its docstring (or `doc`), its parameters after `self`, and `returns` as
    return type (`{}` the reply's type, `{item}` a page's item type), so help() and editors show the real call."""
    signature = inspect.signature(prepare)
    reply = str(signature.return_annotation).removeprefix("Prepared[").removesuffix("]")
    method.__name__ = method.__qualname__ = name or prepare.__name__.lstrip("_")
    method.__doc__ = doc or prepare.__doc__
    method.__dict__["__signature__"] = signature.replace(
        parameters=[inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY), *signature.parameters.values()],
        return_annotation=returns.format(reply, item=reply.removeprefix("Page[").removesuffix("]")),
    )
    return method


class BaseClient:
    """Configuration, channel and request building common to `MemoryClient` and `AsyncMemoryClient`.

    `timeout` is the default deadline of a call in seconds (None: no deadline; each method also takes its own
    `timeout`); calls marked idempotent in `graphmem.calls` are retried up to `retries` times on UNAVAILABLE
    with exponential backoff starting at `retry_wait` seconds; `max_message_bytes` bounds messages both ways.
    `secure` uses TLS with the system roots, `tls` TLS with the given roots and client certificate (mutual TLS).

    Each RPC is prepared here once, by a static method whose signature and docstring are those of the public
    method: the twins turn it into a blocking call or a coroutine (`as_method`), so both stay in step.
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
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self._metadata: tuple[tuple[str, str], ...] = (("authorization", f"Bearer {api_key}"),)
        self._timeout = timeout
        self._retries = retries
        self._retry_wait = retry_wait
        self._options: list[tuple[str, Any]] = [
            ("grpc.max_receive_message_length", max_message_bytes),
            ("grpc.max_send_message_length", max_message_bytes),
        ]
        credentials = (tls or ClientTLS()).credentials() if secure or tls is not None else None
        self._channel: Any = self._open_channel(target, credentials)
        self._methods: dict[str, Any] = {
            c.name: self._channel.unary_unary(
                c.path, request_serializer=c.request.SerializeToString, response_deserializer=c.response.FromString
            )
            for c in calls.ALL
        }
        self._health: Any = health_pb2_grpc.HealthStub(self._channel)

    def _open_channel(self, target: str, credentials: grpc.ChannelCredentials | None) -> Any:
        """The channel of the twin (blocking or asyncio); TLS when `credentials` are given."""
        raise NotImplementedError

    def _deadline(self, timeout: float | None) -> float | None:
        return self._timeout if timeout is None else timeout

    def _attempts(self, call: Call) -> int:
        return self._retries + 1 if call.idempotent else 1

    def _sending(self, prepared: Prepared[Any]) -> dict[str, Any]:
        """The metadata and deadline `prepared` is sent with (the stub's keyword arguments)."""
        metadata = self._metadata + user_routing_metadata(prepared.request)
        return {"metadata": metadata, "timeout": self._deadline(prepared.timeout)}

    def _retrying(self, call: Call) -> dict[str, Any]:
        """The retry policy of `call` (tenacity's arguments): idempotent calls again on UNAVAILABLE."""
        return {
            "retry": tenacity.retry_if_exception_type(UnavailableError),
            "stop": tenacity.stop_after_attempt(self._attempts(call)),
            "wait": tenacity.wait_exponential(multiplier=self._retry_wait, max=5.0),
            "reraise": True,
        }

    # --- episodic ------------------------------------------------------------------------------------------

    @staticmethod
    def _add_episodes(
        scope: ClientScope, episodes: Sequence[EpisodeDraft | NewEpisode], *, timeout: float | None = None
    ) -> Prepared[tuple[EpisodeWrite, ...]]:
        """Writes a batch (1 to 5,000) and returns once it is committed; one result per episode, in order.
        Idempotent per key: a retried batch returns the stored ids with `created` False."""
        request = pb.AddEpisodesRequest(
            scope=wire.scope_to_pb(scope), episodes=[wire.draft_to_pb(e, i) for i, e in enumerate(episodes)]
        )
        return Prepared(calls.ADD_EPISODES, request, lambda r: wire.writes_from_pb(r.results), timeout)

    @staticmethod
    def _get_episode(scope: ClientScope, episode_id: str, *, timeout: float | None = None) -> Prepared[Episode]:
        """One episode by id; NotFoundError when it does not exist for this user."""
        request = pb.GetEpisodeRequest(scope=wire.scope_to_pb(scope), id=episode_id)
        return Prepared(calls.GET_EPISODE, request, lambda r: wire.episode_from_pb(r.episode), timeout)

    @staticmethod
    def _list_episodes(
        scope: ClientScope,
        *,
        page_size: int = 0,
        page_token: str = "",
        session_id: str = "",
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
        timeout: float | None = None,
    ) -> Prepared[Page[Episode]]:
        """One page of the user's episodes, oldest first; `next_token` is empty on the last page."""
        request = pb.ListEpisodesRequest(
            scope=wire.scope_to_pb(scope),
            page_size=page_size,
            page_token=page_token,
            session_id=session_id,
            event_types=list(event_types),
        )
        if occurred is not None and occurred.start is not None:
            request.occurred_after.CopyFrom(wire.to_timestamp(occurred.start, "occurred.start"))
        if occurred is not None and occurred.end is not None:
            request.occurred_before.CopyFrom(wire.to_timestamp(occurred.end, "occurred.end"))
        return Prepared(
            calls.LIST_EPISODES,
            request,
            lambda r: Page(items=tuple(wire.episode_from_pb(e) for e in r.episodes), next_token=r.next_page_token),
            timeout,
        )

    @staticmethod
    def _delete_episode(scope: ClientScope, episode_id: str, *, timeout: float | None = None) -> Prepared[None]:
        """Deletes one episode; NotFoundError when it does not exist (also when already deleted)."""
        request = pb.DeleteEpisodeRequest(scope=wire.scope_to_pb(scope), id=episode_id)
        return Prepared(calls.DELETE_EPISODE, request, _none, timeout)

    @staticmethod
    def _forget_user(scope: ClientScope, *, timeout: float | None = None) -> Prepared[ForgetReport]:
        """Erases everything stored for `scope.user_id` (all projects and sessions)."""
        request = pb.ForgetUserRequest(scope=wire.scope_to_pb(scope))
        return Prepared(calls.FORGET_USER, request, wire.forget_from_pb, timeout)

    @staticmethod
    def _search(
        scope: ClientScope,
        query: str,
        *,
        top_k: int = 0,
        layers: Sequence[Layer] = (),
        reference_time: datetime | None = None,
        event_types: Sequence[str] = (),
        occurred: TimeRange | None = None,
        timeout: float | None = None,
    ) -> Prepared[SearchResult]:
        """The memories most relevant to `query`, best first, and the route taken. `top_k` 0 means 10; empty
        `layers` lets the server's router choose; `reference_time` defaults to the server's now."""
        request = pb.SearchRequest(
            scope=wire.scope_to_pb(scope),
            query=query,
            top_k=top_k,
            layers=wire.layers_to_pb(layers),
            event_types=list(event_types),
        )
        if reference_time is not None:
            request.reference_time.CopyFrom(wire.to_timestamp(reference_time, "reference_time"))
        if occurred is not None and not occurred.is_open:
            request.occurred.CopyFrom(wire.time_range_to_pb(occurred, "occurred"))
        return Prepared(calls.SEARCH, request, wire.search_result_from_pb, timeout)

    @staticmethod
    def _get_policy(*, timeout: float | None = None) -> Prepared[PolicyInfo]:
        """The memory policy in force."""
        return Prepared(calls.GET_POLICY, pb.GetPolicyRequest(), wire.policy_from_pb, timeout)

    # --- semantic ------------------------------------------------------------------------------------------

    @staticmethod
    def _list_facts(
        scope: ClientScope,
        *,
        as_of: datetime | None = None,
        scope_filter: FactScopeFilter = FactScopeFilter.BOTH,
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Prepared[Page[Fact]]:
        """One page of the facts true now (or at `as_of`): the user's plus, in a project, the project's (winning
        on a key), ordered by key; `next_token` is empty on the last page."""
        request = pb.ListFactsRequest(
            scope=wire.scope_to_pb(scope),
            scope_filter=wire.scope_filter_to_pb(scope_filter),
            page_size=page_size,
            page_token=page_token,
        )
        if as_of is not None:
            request.as_of.CopyFrom(wire.to_timestamp(as_of, "as_of"))
        return Prepared(
            calls.LIST_FACTS,
            request,
            lambda r: Page(items=wire.facts_from_pb(r.facts), next_token=r.next_page_token),
            timeout,
        )

    @staticmethod
    def _get_fact_history(
        scope: ClientScope, key: str, *, page_size: int = 0, page_token: str = "", timeout: float | None = None
    ) -> Prepared[Page[Fact]]:
        """One page of the versions of one fact key (expired and rejected ones included), oldest first."""
        request = pb.GetFactHistoryRequest(
            scope=wire.scope_to_pb(scope), key=key, page_size=page_size, page_token=page_token
        )
        return Prepared(
            calls.GET_FACT_HISTORY,
            request,
            lambda r: Page(items=wire.facts_from_pb(r.versions), next_token=r.next_page_token),
            timeout,
        )

    @staticmethod
    def _list_candidates(
        scope: ClientScope, *, page_size: int = 0, page_token: str = "", timeout: float | None = None
    ) -> Prepared[Page[Fact]]:
        """One page of the facts extracted but not yet promoted (waiting for a second session or a reviewer),
        newest first."""
        request = pb.ListCandidatesRequest(scope=wire.scope_to_pb(scope), page_size=page_size, page_token=page_token)
        return Prepared(
            calls.LIST_CANDIDATES,
            request,
            lambda r: Page(items=wire.facts_from_pb(r.candidates), next_token=r.next_page_token),
            timeout,
        )

    @staticmethod
    def _confirm_fact(scope: ClientScope, fact_id: str, *, timeout: float | None = None) -> Prepared[Fact]:
        """A reviewer promotes a candidate; returns the now active version."""
        request = pb.ConfirmFactRequest(scope=wire.scope_to_pb(scope), id=fact_id)
        return Prepared(calls.CONFIRM_FACT, request, lambda r: wire.fact_from_pb(r.fact), timeout)

    @staticmethod
    def _reject_fact(
        scope: ClientScope, fact_id: str, reason: str = "", *, timeout: float | None = None
    ) -> Prepared[Fact]:
        """A reviewer rejects a candidate or an active fact; returns the rejected version."""
        request = pb.RejectFactRequest(scope=wire.scope_to_pb(scope), id=fact_id, reason=reason)
        return Prepared(calls.REJECT_FACT, request, lambda r: wire.fact_from_pb(r.fact), timeout)

    @staticmethod
    def _correct_fact(
        scope: ClientScope,
        fact_id: str,
        value: str,
        fact: str,
        *,
        polarity: bool | None = None,
        timeout: float | None = None,
    ) -> Prepared[tuple[Fact, Fact]]:
        """Replaces an active fact with a corrected version; returns (new version, replaced version)."""
        request = pb.CorrectFactRequest(scope=wire.scope_to_pb(scope), id=fact_id, value=value, fact=fact)
        if polarity is not None:
            request.polarity = polarity
        return Prepared(
            calls.CORRECT_FACT, request, lambda r: (wire.fact_from_pb(r.fact), wire.fact_from_pb(r.replaced)), timeout
        )

    # --- procedural ----------------------------------------------------------------------------------------

    @staticmethod
    def _register_skill(scope: ClientScope, skill: NewSkill, *, timeout: float | None = None) -> Prepared[Skill]:
        """Stores a new skill (version 1 unless given); ALREADY_EXISTS when that version exists."""
        request = pb.RegisterSkillRequest(scope=wire.scope_to_pb(scope), skill=wire.skill_input_to_pb(skill))
        return Prepared(calls.REGISTER_SKILL, request, lambda r: wire.skill_from_pb(r.skill), timeout)

    @staticmethod
    def _update_skill(scope: ClientScope, skill: NewSkill, *, timeout: float | None = None) -> Prepared[Skill]:
        """Adds the next version of an existing skill."""
        request = pb.UpdateSkillRequest(scope=wire.scope_to_pb(scope), skill=wire.skill_input_to_pb(skill))
        return Prepared(calls.UPDATE_SKILL, request, lambda r: wire.skill_from_pb(r.skill), timeout)

    @staticmethod
    def _get_skill(scope: ClientScope, name: str, version: int = 0, *, timeout: float | None = None) -> Prepared[Skill]:
        """One skill by name (`version` 0: the latest)."""
        request = pb.GetSkillRequest(scope=wire.scope_to_pb(scope), name=name, version=version)
        return Prepared(calls.GET_SKILL, request, lambda r: wire.skill_from_pb(r.skill), timeout)

    @staticmethod
    def _list_skills(scope: ClientScope, *, timeout: float | None = None) -> Prepared[tuple[Skill, ...]]:
        """The latest version of every skill visible in the scope."""
        request = pb.ListSkillsRequest(scope=wire.scope_to_pb(scope))
        return Prepared(calls.LIST_SKILLS, request, lambda r: tuple(wire.skill_from_pb(s) for s in r.skills), timeout)

    @staticmethod
    def _match_skills(
        scope: ClientScope, intent: str, top_k: int = 0, *, timeout: float | None = None
    ) -> Prepared[tuple[SkillMatch, ...]]:
        """The skills that fit an intent, best first, with their score components."""
        request = pb.MatchSkillsRequest(scope=wire.scope_to_pb(scope), intent=intent, top_k=top_k)
        return Prepared(
            calls.MATCH_SKILLS, request, lambda r: tuple(wire.skill_match_from_pb(m) for m in r.matches), timeout
        )

    @staticmethod
    def _record_skill_outcome(
        scope: ClientScope,
        name: str,
        success: bool,
        *,
        episode_id: str = "",
        version: int = 0,
        outcome_id: str = "",
        timeout: float | None = None,
    ) -> Prepared[Skill]:
        """Counts one use of a skill as a success or a failure; returns the updated version. `outcome_id` (default:
        a fresh id per call, kept across this client's retries) makes a repeated report count once."""
        # one id per call, sent again by every retry of it, so the server counts the outcome once
        request = pb.RecordSkillOutcomeRequest(
            scope=wire.scope_to_pb(scope),
            name=name,
            success=success,
            episode_id=episode_id,
            version=version,
            outcome_id=outcome_id or uuid.uuid4().hex,
        )
        return Prepared(calls.RECORD_SKILL_OUTCOME, request, lambda r: wire.skill_from_pb(r.skill), timeout)

    # --- working memory ------------------------------------------------------------------------------------

    @staticmethod
    def _open_session(
        scope: ClientScope,
        *,
        instructions: Sequence[str] = (),
        task: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> Prepared[SessionState]:
        """Opens (or reopens) the working-memory session `scope.session_id` with pinned instructions and task."""
        request = pb.OpenSessionRequest(
            scope=wire.scope_to_pb(scope), instructions=list(instructions), task=dict(task or {})
        )
        return Prepared(calls.OPEN_SESSION, request, lambda r: wire.session_from_pb(r.session), timeout)

    @staticmethod
    def _append_messages(
        scope: ClientScope, messages: Sequence[Message], *, timeout: float | None = None
    ) -> Prepared[SessionState]:
        """Appends turns to the session (summarising the oldest ones when it outgrows its budget)."""
        request = pb.AppendMessagesRequest(
            scope=wire.scope_to_pb(scope), messages=[wire.message_to_pb(m) for m in messages]
        )
        return Prepared(calls.APPEND_MESSAGES, request, lambda r: wire.session_from_pb(r.session), timeout)

    @staticmethod
    def _get_session_page(
        scope: ClientScope, *, page_size: int = 0, page_token: str = "", timeout: float | None = None
    ) -> Prepared[tuple[SessionState, str]]:
        """The session with one page of its dialogue (oldest first) and the next page's token (empty on the last
        page); instructions, task and scratch are whole on every page."""
        request = pb.GetSessionRequest(scope=wire.scope_to_pb(scope), page_size=page_size, page_token=page_token)
        return Prepared(
            calls.GET_SESSION, request, lambda r: (wire.session_from_pb(r.session), r.next_page_token), timeout
        )

    @staticmethod
    def _close_session(
        scope: ClientScope, *, timeout: float | None = None
    ) -> Prepared[tuple[SessionState, tuple[EpisodeWrite, ...]]]:
        """Closes the session and writes its durable outcomes as episodes; returns (session, those writes)."""
        request = pb.CloseSessionRequest(scope=wire.scope_to_pb(scope))
        return Prepared(
            calls.CLOSE_SESSION,
            request,
            lambda r: (wire.session_from_pb(r.session), wire.writes_from_pb(r.episodes)),
            timeout,
        )

    @staticmethod
    def _get_context(
        scope: ClientScope,
        query: str = "",
        *,
        token_budget: int,
        layers: Sequence[Layer] = (),
        reference_time: datetime | None = None,
        timeout: float | None = None,
    ) -> Prepared[AssembledContext]:
        """The context for the next model call within `token_budget`: instructions, task, memories, turns."""
        request = pb.GetContextRequest(
            scope=wire.scope_to_pb(scope), query=query, token_budget=token_budget, layers=wire.layers_to_pb(layers)
        )
        if reference_time is not None:
            request.reference_time.CopyFrom(wire.to_timestamp(reference_time, "reference_time"))
        return Prepared(calls.GET_CONTEXT, request, wire.context_from_pb, timeout)

    # --- lifecycle -----------------------------------------------------------------------------------------

    @staticmethod
    def _run_maintenance(
        scope: ClientScope, *, dry_run: bool = False, timeout: float | None = None
    ) -> Prepared[MaintenanceRun]:
        """Runs dedup, archive, purge and distil for the user now (`dry_run`: report, change nothing)."""
        request = pb.RunMaintenanceRequest(scope=wire.scope_to_pb(scope), dry_run=dry_run)
        return Prepared(calls.RUN_MAINTENANCE, request, wire.maintenance_from_pb, timeout)

    @staticmethod
    def _restore_memory(scope: ClientScope, memory_id: str, *, timeout: float | None = None) -> Prepared[MemoryKind]:
        """Brings an archived episode or fact back; returns what it was."""
        request = pb.RestoreMemoryRequest(scope=wire.scope_to_pb(scope), id=memory_id)
        return Prepared(calls.RESTORE_MEMORY, request, lambda r: MemoryKind(r.kind), timeout)

    @staticmethod
    def _get_memory_audit(
        scope: ClientScope,
        *,
        memory_id: str = "",
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> Prepared[Page[AuditEvent]]:
        """The user's lifecycle events (or one memory's), newest first, one page at a time."""
        request = pb.GetMemoryAuditRequest(
            scope=wire.scope_to_pb(scope), memory_id=memory_id, page_size=page_size, page_token=page_token
        )
        return Prepared(
            calls.GET_MEMORY_AUDIT,
            request,
            lambda r: Page(items=tuple(wire.audit_from_pb(e) for e in r.events), next_token=r.next_page_token),
            timeout,
        )
