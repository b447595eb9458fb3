"""What both clients share (the sync and async ones are thin twins over it): channel options, the bearer
metadata, deadlines, the retry policy, and for each RPC the request built from plain arguments and the
mapping of its reply to domain types (through `graphmem.wire`)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from graphmem import calls, wire
from graphmem.calls import Call
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
    """One call ready to send: which RPC, its request message, and how its reply becomes a domain value."""

    call: Call
    request: Any
    parse: Callable[[Any], T]


def _none(reply: Any) -> None:
    return None


USER_HEADER = "x-graphmem-user"
"""Metadata naming the end user of a call, so a proxy can keep each user on one replica (docs/deployment.md)."""


def user_routing_metadata(request: Any) -> tuple[tuple[str, str], ...]:
    """(`x-graphmem-user`, the request scope's user id, percent-encoded: metadata values are ASCII), or ()."""
    scope = getattr(request, "scope", None)
    user_id = getattr(scope, "user_id", "") if scope is not None else ""
    return ((USER_HEADER, quote(user_id, safe="")),) if user_id else ()


class BaseClient:
    """Configuration and request building common to `MemoryClient` and `AsyncMemoryClient`.

    `timeout` is the default deadline of a call in seconds (None: no deadline; each method also takes its own
    `timeout`); calls marked idempotent in `graphmem.calls` are retried up to `retries` times on UNAVAILABLE
    with exponential backoff starting at `retry_wait` seconds; `max_message_bytes` bounds messages both ways.
    """

    def __init__(
        self,
        api_key: str,
        *,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
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

    def _deadline(self, timeout: float | None) -> float | None:
        return self._timeout if timeout is None else timeout

    def _attempts(self, call: Call) -> int:
        return self._retries + 1 if call.idempotent else 1

    # --- episodic ------------------------------------------------------------------------------------------

    @staticmethod
    def _add_episodes(
        scope: ClientScope, episodes: Sequence[EpisodeDraft | NewEpisode]
    ) -> Prepared[tuple[EpisodeWrite, ...]]:
        request = pb.AddEpisodesRequest(
            scope=wire.scope_to_pb(scope), episodes=[wire.draft_to_pb(e, i) for i, e in enumerate(episodes)]
        )
        return Prepared(calls.ADD_EPISODES, request, lambda r: wire.writes_from_pb(r.results))

    @staticmethod
    def _get_episode(scope: ClientScope, episode_id: str) -> Prepared[Episode]:
        request = pb.GetEpisodeRequest(scope=wire.scope_to_pb(scope), id=episode_id)
        return Prepared(calls.GET_EPISODE, request, lambda r: wire.episode_from_pb(r.episode))

    @staticmethod
    def _list_episodes(
        scope: ClientScope,
        page_size: int,
        page_token: str,
        session_id: str,
        event_types: Sequence[str],
        occurred: TimeRange | None,
    ) -> Prepared[Page[Episode]]:
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
        )

    @staticmethod
    def _delete_episode(scope: ClientScope, episode_id: str) -> Prepared[None]:
        request = pb.DeleteEpisodeRequest(scope=wire.scope_to_pb(scope), id=episode_id)
        return Prepared(calls.DELETE_EPISODE, request, _none)

    @staticmethod
    def _forget_user(scope: ClientScope) -> Prepared[ForgetReport]:
        return Prepared(calls.FORGET_USER, pb.ForgetUserRequest(scope=wire.scope_to_pb(scope)), wire.forget_from_pb)

    @staticmethod
    def _search(
        scope: ClientScope,
        query: str,
        top_k: int,
        layers: Sequence[Layer],
        reference_time: datetime | None,
        event_types: Sequence[str],
        occurred: TimeRange | None,
    ) -> Prepared[SearchResult]:
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
        return Prepared(calls.SEARCH, request, wire.search_result_from_pb)

    @staticmethod
    def _get_policy() -> Prepared[PolicyInfo]:
        return Prepared(calls.GET_POLICY, pb.GetPolicyRequest(), wire.policy_from_pb)

    # --- semantic ------------------------------------------------------------------------------------------

    @staticmethod
    def _list_facts(
        scope: ClientScope, as_of: datetime | None, scope_filter: FactScopeFilter, page_size: int, page_token: str
    ) -> Prepared[Page[Fact]]:
        request = pb.ListFactsRequest(
            scope=wire.scope_to_pb(scope),
            scope_filter=wire.scope_filter_to_pb(scope_filter),
            page_size=page_size,
            page_token=page_token,
        )
        if as_of is not None:
            request.as_of.CopyFrom(wire.to_timestamp(as_of, "as_of"))
        return Prepared(
            calls.LIST_FACTS, request, lambda r: Page(items=wire.facts_from_pb(r.facts), next_token=r.next_page_token)
        )

    @staticmethod
    def _get_fact_history(scope: ClientScope, key: str, page_size: int, page_token: str) -> Prepared[Page[Fact]]:
        request = pb.GetFactHistoryRequest(
            scope=wire.scope_to_pb(scope), key=key, page_size=page_size, page_token=page_token
        )
        return Prepared(
            calls.GET_FACT_HISTORY,
            request,
            lambda r: Page(items=wire.facts_from_pb(r.versions), next_token=r.next_page_token),
        )

    @staticmethod
    def _list_candidates(scope: ClientScope, page_size: int, page_token: str) -> Prepared[Page[Fact]]:
        request = pb.ListCandidatesRequest(scope=wire.scope_to_pb(scope), page_size=page_size, page_token=page_token)
        return Prepared(
            calls.LIST_CANDIDATES,
            request,
            lambda r: Page(items=wire.facts_from_pb(r.candidates), next_token=r.next_page_token),
        )

    @staticmethod
    def _confirm_fact(scope: ClientScope, fact_id: str) -> Prepared[Fact]:
        request = pb.ConfirmFactRequest(scope=wire.scope_to_pb(scope), id=fact_id)
        return Prepared(calls.CONFIRM_FACT, request, lambda r: wire.fact_from_pb(r.fact))

    @staticmethod
    def _reject_fact(scope: ClientScope, fact_id: str, reason: str) -> Prepared[Fact]:
        request = pb.RejectFactRequest(scope=wire.scope_to_pb(scope), id=fact_id, reason=reason)
        return Prepared(calls.REJECT_FACT, request, lambda r: wire.fact_from_pb(r.fact))

    @staticmethod
    def _correct_fact(
        scope: ClientScope, fact_id: str, value: str, fact: str, polarity: bool | None
    ) -> Prepared[tuple[Fact, Fact]]:
        request = pb.CorrectFactRequest(scope=wire.scope_to_pb(scope), id=fact_id, value=value, fact=fact)
        if polarity is not None:
            request.polarity = polarity
        return Prepared(
            calls.CORRECT_FACT, request, lambda r: (wire.fact_from_pb(r.fact), wire.fact_from_pb(r.replaced))
        )

    # --- procedural ----------------------------------------------------------------------------------------

    @staticmethod
    def _register_skill(scope: ClientScope, skill: NewSkill) -> Prepared[Skill]:
        request = pb.RegisterSkillRequest(scope=wire.scope_to_pb(scope), skill=wire.skill_input_to_pb(skill))
        return Prepared(calls.REGISTER_SKILL, request, lambda r: wire.skill_from_pb(r.skill))

    @staticmethod
    def _update_skill(scope: ClientScope, skill: NewSkill) -> Prepared[Skill]:
        request = pb.UpdateSkillRequest(scope=wire.scope_to_pb(scope), skill=wire.skill_input_to_pb(skill))
        return Prepared(calls.UPDATE_SKILL, request, lambda r: wire.skill_from_pb(r.skill))

    @staticmethod
    def _get_skill(scope: ClientScope, name: str, version: int) -> Prepared[Skill]:
        request = pb.GetSkillRequest(scope=wire.scope_to_pb(scope), name=name, version=version)
        return Prepared(calls.GET_SKILL, request, lambda r: wire.skill_from_pb(r.skill))

    @staticmethod
    def _list_skills(scope: ClientScope) -> Prepared[tuple[Skill, ...]]:
        request = pb.ListSkillsRequest(scope=wire.scope_to_pb(scope))
        return Prepared(calls.LIST_SKILLS, request, lambda r: tuple(wire.skill_from_pb(s) for s in r.skills))

    @staticmethod
    def _match_skills(scope: ClientScope, intent: str, top_k: int) -> Prepared[tuple[SkillMatch, ...]]:
        request = pb.MatchSkillsRequest(scope=wire.scope_to_pb(scope), intent=intent, top_k=top_k)
        return Prepared(calls.MATCH_SKILLS, request, lambda r: tuple(wire.skill_match_from_pb(m) for m in r.matches))

    @staticmethod
    def _record_skill_outcome(
        scope: ClientScope, name: str, success: bool, episode_id: str, version: int, outcome_id: str
    ) -> Prepared[Skill]:
        # one id per call, sent again by every retry of it, so the server counts the outcome once
        request = pb.RecordSkillOutcomeRequest(
            scope=wire.scope_to_pb(scope),
            name=name,
            success=success,
            episode_id=episode_id,
            version=version,
            outcome_id=outcome_id or uuid.uuid4().hex,
        )
        return Prepared(calls.RECORD_SKILL_OUTCOME, request, lambda r: wire.skill_from_pb(r.skill))

    # --- working memory ------------------------------------------------------------------------------------

    @staticmethod
    def _open_session(
        scope: ClientScope, instructions: Sequence[str], task: Mapping[str, str]
    ) -> Prepared[SessionState]:
        request = pb.OpenSessionRequest(scope=wire.scope_to_pb(scope), instructions=list(instructions), task=dict(task))
        return Prepared(calls.OPEN_SESSION, request, lambda r: wire.session_from_pb(r.session))

    @staticmethod
    def _append_messages(scope: ClientScope, messages: Sequence[Message]) -> Prepared[SessionState]:
        request = pb.AppendMessagesRequest(
            scope=wire.scope_to_pb(scope), messages=[wire.message_to_pb(m) for m in messages]
        )
        return Prepared(calls.APPEND_MESSAGES, request, lambda r: wire.session_from_pb(r.session))

    @staticmethod
    def _get_session(scope: ClientScope, page_size: int, page_token: str) -> Prepared[tuple[SessionState, str]]:
        request = pb.GetSessionRequest(scope=wire.scope_to_pb(scope), page_size=page_size, page_token=page_token)
        return Prepared(calls.GET_SESSION, request, lambda r: (wire.session_from_pb(r.session), r.next_page_token))

    @staticmethod
    def _close_session(scope: ClientScope) -> Prepared[tuple[SessionState, tuple[EpisodeWrite, ...]]]:
        request = pb.CloseSessionRequest(scope=wire.scope_to_pb(scope))
        return Prepared(
            calls.CLOSE_SESSION,
            request,
            lambda r: (wire.session_from_pb(r.session), wire.writes_from_pb(r.episodes)),
        )

    @staticmethod
    def _get_context(
        scope: ClientScope,
        query: str,
        token_budget: int,
        layers: Sequence[Layer],
        reference_time: datetime | None,
    ) -> Prepared[AssembledContext]:
        request = pb.GetContextRequest(
            scope=wire.scope_to_pb(scope), query=query, token_budget=token_budget, layers=wire.layers_to_pb(layers)
        )
        if reference_time is not None:
            request.reference_time.CopyFrom(wire.to_timestamp(reference_time, "reference_time"))
        return Prepared(calls.GET_CONTEXT, request, wire.context_from_pb)

    # --- lifecycle -----------------------------------------------------------------------------------------

    @staticmethod
    def _run_maintenance(scope: ClientScope, dry_run: bool) -> Prepared[MaintenanceRun]:
        request = pb.RunMaintenanceRequest(scope=wire.scope_to_pb(scope), dry_run=dry_run)
        return Prepared(calls.RUN_MAINTENANCE, request, wire.maintenance_from_pb)

    @staticmethod
    def _restore_memory(scope: ClientScope, memory_id: str) -> Prepared[MemoryKind]:
        request = pb.RestoreMemoryRequest(scope=wire.scope_to_pb(scope), id=memory_id)
        return Prepared(calls.RESTORE_MEMORY, request, lambda r: MemoryKind(r.kind))

    @staticmethod
    def _get_memory_audit(
        scope: ClientScope, memory_id: str, page_size: int, page_token: str
    ) -> Prepared[Page[AuditEvent]]:
        request = pb.GetMemoryAuditRequest(
            scope=wire.scope_to_pb(scope), memory_id=memory_id, page_size=page_size, page_token=page_token
        )
        return Prepared(
            calls.GET_MEMORY_AUDIT,
            request,
            lambda r: Page(items=tuple(wire.audit_from_pb(e) for e in r.events), next_token=r.next_page_token),
        )
