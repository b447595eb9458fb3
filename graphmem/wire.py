"""The one mapping between the domain types of `graphmem.model` and the graphmem.v1 wire messages, both ways.

The server converts requests with the `*_from_pb` functions and replies with the `*_to_pb` ones; the client
does the reverse with the same functions, so a field added to the proto is mapped in exactly one place.
Datetimes on the wire are `google.protobuf.Timestamp` (UTC); datetimes read back are timezone-aware UTC. A
naive datetime is refused with ValueError (its instant would be a guess). No grpc here: messages only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

from google.protobuf.timestamp_pb2 import Timestamp

from graphmem.errors import FieldViolation, InvalidArgument
from graphmem.model import (
    AssembledContext,
    AuditEvent,
    ContextItem,
    ContextSection,
    Episode,
    EpisodeDraft,
    EpisodeFilter,
    EpisodeWrite,
    ExtractionStatus,
    Fact,
    FactScopeFilter,
    FactStatus,
    ForgetReport,
    Layer,
    MaintenanceRun,
    MaintenanceStepResult,
    MemoryKind,
    Message,
    PolicyInfo,
    QueryKind,
    Route,
    Scope,
    ScoreBreakdown,
    SearchHit,
    SearchResult,
    SessionState,
    Skill,
    SkillMatch,
    TimeRange,
    Transition,
    Turn,
)
from graphmem.v1 import memory_service_pb2 as pb


class ScopeFields(Protocol):
    """What the wire `Scope` carries: the tenant is never sent (the API key decides it)."""

    @property
    def user_id(self) -> str: ...
    @property
    def project_id(self) -> str: ...
    @property
    def session_id(self) -> str: ...
    @property
    def agent_id(self) -> str: ...


class EpisodeFields(Protocol):
    """What the wire `EpisodeInput` carries; None (or "") takes the server's default."""

    @property
    def key(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def occurred_at(self) -> datetime | None: ...
    @property
    def session_id(self) -> str: ...
    @property
    def speaker(self) -> str: ...
    @property
    def event_type(self) -> str: ...
    @property
    def importance(self) -> float | None: ...
    @property
    def metadata(self) -> Mapping[str, str]: ...


class SkillFields(Protocol):
    """The caller-settable fields of a skill (the wire `Skill` minus its output-only fields)."""

    @property
    def name(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def description(self) -> str: ...
    @property
    def triggers(self) -> Sequence[str]: ...
    @property
    def parameters_schema(self) -> str: ...
    @property
    def entry_point(self) -> str: ...
    @property
    def episode_ids(self) -> Sequence[str]: ...
    @property
    def entity_names(self) -> Sequence[str]: ...


# --- scalars -----------------------------------------------------------------------------------------------

_LAYER_TO_PB = {
    Layer.WORKING: pb.LAYER_WORKING,
    Layer.EPISODIC: pb.LAYER_EPISODIC,
    Layer.SEMANTIC: pb.LAYER_SEMANTIC,
    Layer.PROCEDURAL: pb.LAYER_PROCEDURAL,
    Layer.ARCHIVE: pb.LAYER_ARCHIVE,
}
_PB_TO_LAYER = {v: k for k, v in _LAYER_TO_PB.items()}
_STATUS_TO_PB = {
    FactStatus.CANDIDATE: pb.FACT_STATUS_CANDIDATE,
    FactStatus.ACTIVE: pb.FACT_STATUS_ACTIVE,
    FactStatus.EXPIRED: pb.FACT_STATUS_EXPIRED,
    FactStatus.REJECTED: pb.FACT_STATUS_REJECTED,
    FactStatus.ARCHIVED: pb.FACT_STATUS_ARCHIVED,
}
_PB_TO_STATUS = {v: k for k, v in _STATUS_TO_PB.items()}
_SCOPE_FILTER_TO_PB = {
    FactScopeFilter.BOTH: pb.FACT_SCOPE_FILTER_UNSPECIFIED,
    FactScopeFilter.USER: pb.FACT_SCOPE_FILTER_USER,
    FactScopeFilter.PROJECT: pb.FACT_SCOPE_FILTER_PROJECT,
}
_PB_TO_SCOPE_FILTER = {v: k for k, v in _SCOPE_FILTER_TO_PB.items()}


def to_timestamp(when: datetime, name: str = "datetime") -> Timestamp:
    """The wire instant of a timezone-aware datetime; ValueError names `name` when it is naive."""
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware datetime, got naive {when.isoformat()}")
    # Timestamp.FromDatetime's value, computed directly (a fifth of its cost: every Search hit carries one)
    since = when - _EPOCH
    return Timestamp(seconds=since.days * 86_400 + since.seconds, nanos=since.microseconds * 1000)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

# The range of google.protobuf.Timestamp (and of datetime): 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z
MIN_TIMESTAMP_SECONDS = -62_135_596_800
MAX_TIMESTAMP_SECONDS = 253_402_300_799
TIMESTAMP_RULE = "must lie within 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, with nanos within [0, 10^9)"


def to_datetime(ts: Timestamp, field: str = "timestamp") -> datetime:
    """The UTC datetime of a wire instant; InvalidArgument naming `field` when the instant lies outside
    Timestamp's range (years 1 to 9999) or its nanos outside [0, 10^9)."""
    if not MIN_TIMESTAMP_SECONDS <= ts.seconds <= MAX_TIMESTAMP_SECONDS or not 0 <= ts.nanos < 1_000_000_000:
        raise InvalidArgument(FieldViolation(field, TIMESTAMP_RULE))
    return ts.ToDatetime(tzinfo=UTC)


def optional_datetime(message: Any, name: str, prefix: str = "") -> datetime | None:
    """The datetime of an optional Timestamp field, None when unset; `prefix` is the message's path in the
    request, for the field violation of an out-of-range instant."""
    return to_datetime(getattr(message, name), prefix + name) if message.HasField(name) else None


def layer_to_pb(layer: Layer) -> Any:
    return _LAYER_TO_PB[layer]


def layer_from_pb(value: int) -> Layer:
    return _PB_TO_LAYER[value]  # type: ignore[index]


def layers_to_pb(layers: Iterable[Layer]) -> list[Any]:
    return [_LAYER_TO_PB[layer] for layer in layers]


def layers_from_pb(values: Sequence[int]) -> tuple[Layer, ...]:
    """The named layers, duplicates dropped; InvalidArgument for LAYER_UNSPECIFIED or an unknown value, or for
    more values than there are layers twice over."""
    if len(values) > 2 * len(_PB_TO_LAYER):
        raise InvalidArgument(FieldViolation("layers", f"holds {len(values)} values; at most {2 * len(_PB_TO_LAYER)}"))
    layers = []
    for i, value in enumerate(values):
        layer = _PB_TO_LAYER.get(value)  # type: ignore[call-overload]
        if layer is None:
            raise InvalidArgument(FieldViolation(f"layers[{i}]", "must name a layer (LAYER_UNSPECIFIED is not one)"))
        layers.append(layer)
    return tuple(dict.fromkeys(layers))


def scope_filter_to_pb(value: FactScopeFilter) -> Any:
    return _SCOPE_FILTER_TO_PB[value]


def scope_filter_from_pb(value: int) -> FactScopeFilter:
    found: FactScopeFilter | None = _PB_TO_SCOPE_FILTER.get(value)  # type: ignore[call-overload]
    if found is None:
        raise InvalidArgument(FieldViolation("scope_filter", "is not a known FactScopeFilter"))
    return found


# --- scope, episodes ---------------------------------------------------------------------------------------


def scope_to_pb(scope: ScopeFields) -> pb.Scope:
    return pb.Scope(
        user_id=scope.user_id, project_id=scope.project_id, session_id=scope.session_id, agent_id=scope.agent_id
    )


def scope_from_pb(tenant_id: str, scope: pb.Scope) -> Scope:
    return Scope(
        tenant_id=tenant_id,
        user_id=scope.user_id.strip(),
        project_id=scope.project_id.strip(),
        session_id=scope.session_id.strip(),
        agent_id=scope.agent_id.strip(),
    )


def draft_to_pb(episode: EpisodeFields, index: int = 0) -> pb.EpisodeInput:
    item = pb.EpisodeInput(
        key=episode.key,
        text=episode.text,
        session_id=episode.session_id,
        speaker=episode.speaker,
        event_type=episode.event_type,
        metadata=dict(episode.metadata),
    )
    if episode.occurred_at is not None:
        item.occurred_at.CopyFrom(to_timestamp(episode.occurred_at, f"episodes[{index}].occurred_at"))
    if episode.importance is not None:
        item.importance = episode.importance
    return item


def draft_from_pb(item: pb.EpisodeInput, now: datetime, index: int = 0) -> EpisodeDraft:
    """An episode to write; an unset `occurred_at` is `now`, an empty `event_type` is "message"."""
    return EpisodeDraft(
        key=item.key,
        text=item.text,
        occurred_at=optional_datetime(item, "occurred_at", f"episodes[{index}].") or now,
        session_id=item.session_id.strip(),
        speaker=item.speaker,
        event_type=item.event_type or "message",
        importance=item.importance if item.HasField("importance") else None,
        metadata=dict(item.metadata),
    )


def episode_to_pb(episode: Episode) -> pb.Episode:
    return pb.Episode(
        id=episode.id,
        key=episode.key,
        text=episode.text,
        occurred_at=to_timestamp(episode.occurred_at),
        created_at=to_timestamp(episode.created_at),
        session_id=episode.session_id,
        speaker=episode.speaker,
        event_type=episode.event_type,
        importance=episode.importance,
        importance_source=episode.importance_source,
        metadata=dict(episode.metadata),
        scope=pb.Scope(user_id=episode.user_id, project_id=episode.project_id, agent_id=episode.agent_id),
        extraction_status=episode.extraction_status,
    )


def episode_from_pb(message: pb.Episode) -> Episode:
    """A wire episode; `tenant_id` stays empty (the API key implies it) and `seq` is not on the wire."""
    return Episode(
        id=message.id,
        key=message.key,
        text=message.text,
        occurred_at=to_datetime(message.occurred_at),
        created_at=to_datetime(message.created_at),
        session_id=message.session_id,
        speaker=message.speaker,
        event_type=message.event_type,
        importance=message.importance,
        importance_source=message.importance_source,
        metadata=dict(message.metadata),
        tenant_id="",
        user_id=message.scope.user_id,
        project_id=message.scope.project_id,
        agent_id=message.scope.agent_id,
        extraction_status=ExtractionStatus(message.extraction_status),
    )


def write_to_pb(write: EpisodeWrite) -> pb.EpisodeWriteResult:
    return pb.EpisodeWriteResult(key=write.key, id=write.id, created=write.created)


def writes_from_pb(results: Iterable[Any]) -> tuple[EpisodeWrite, ...]:
    return tuple(EpisodeWrite(key=r.key, id=r.id, created=r.created) for r in results)


def forget_to_pb(report: ForgetReport) -> pb.ForgetUserResponse:
    return pb.ForgetUserResponse(episodes_deleted=report.episodes_deleted, nodes_deleted=report.nodes_deleted)


def forget_from_pb(reply: pb.ForgetUserResponse) -> ForgetReport:
    return ForgetReport(episodes_deleted=reply.episodes_deleted, nodes_deleted=reply.nodes_deleted)


def time_range_to_pb(window: TimeRange, name: str = "time range") -> pb.TimeRange:
    out = pb.TimeRange()
    if window.start is not None:
        out.start.CopyFrom(to_timestamp(window.start, f"{name}.start"))
    if window.end is not None:
        out.end.CopyFrom(to_timestamp(window.end, f"{name}.end"))
    return out


def time_range_from_pb(message: pb.TimeRange, name: str = "") -> TimeRange:
    prefix = f"{name}." if name else ""
    return TimeRange(start=optional_datetime(message, "start", prefix), end=optional_datetime(message, "end", prefix))


def list_filter_from_pb(request: Any) -> EpisodeFilter:
    """The filter of a ListEpisodesRequest (occurred_after is inclusive, occurred_before exclusive)."""
    return EpisodeFilter(
        session_id=request.session_id.strip(),
        event_types=tuple(request.event_types),
        occurred=TimeRange(optional_datetime(request, "occurred_after"), optional_datetime(request, "occurred_before")),
    )


def search_filter_from_pb(request: Any) -> EpisodeFilter:
    occurred = time_range_from_pb(request.occurred, "occurred") if request.HasField("occurred") else TimeRange()
    return EpisodeFilter(event_types=tuple(request.event_types), occurred=occurred)


# --- search ------------------------------------------------------------------------------------------------


def _same_named(source: object, names: Sequence[str]) -> dict[str, Any]:
    """The fields a domain type and its message share under one name and type, as keyword arguments."""
    return {name: getattr(source, name) for name in names}


_BREAKDOWN_FIELDS = (
    "similarity",
    "lexical",
    "recency",
    "importance",
    "time_match",
    "neighbour",
    "graph",
    "dated",
    "speaker",
)
_CONTEXT_ITEM_FIELDS = ("section", "text", "tokens", "layer", "score", "reason", "role")


def breakdown_to_pb(b: ScoreBreakdown) -> pb.ScoreBreakdown:
    return pb.ScoreBreakdown(**_same_named(b, _BREAKDOWN_FIELDS), weights=dict(b.weights))


def breakdown_from_pb(b: pb.ScoreBreakdown) -> ScoreBreakdown:
    return ScoreBreakdown(**_same_named(b, _BREAKDOWN_FIELDS), weights=dict(b.weights))


def hit_to_pb(hit: SearchHit) -> pb.SearchHit:
    return pb.SearchHit(
        layer=_LAYER_TO_PB[hit.layer],
        id=hit.id,
        text=hit.text,
        score=hit.score,
        breakdown=breakdown_to_pb(hit.breakdown),
        session_id=hit.session_id,
        occurred_at=to_timestamp(hit.occurred_at),
        metadata=dict(hit.metadata),
        event_type=hit.event_type,
        speaker=hit.speaker,
        importance=hit.importance,
    )


def hit_from_pb(message: pb.SearchHit) -> SearchHit:
    return SearchHit(
        layer=layer_from_pb(message.layer),
        id=message.id,
        text=message.text,
        score=message.score,
        breakdown=breakdown_from_pb(message.breakdown),
        session_id=message.session_id,
        occurred_at=to_datetime(message.occurred_at),
        metadata=dict(message.metadata),
        event_type=message.event_type,
        speaker=message.speaker,
        importance=message.importance,
    )


def route_to_pb(route: Route) -> pb.Route:
    out = pb.Route(
        layers=layers_to_pb(route.layers),
        reason=route.reason,
        query_kind=route.query_kind,
        time_expression=route.time_expression,
    )
    if route.time_window is not None:
        out.time_window.CopyFrom(time_range_to_pb(route.time_window))
    return out


def route_from_pb(message: pb.Route) -> Route:
    return Route(
        layers=tuple(layer_from_pb(v) for v in message.layers),
        reason=message.reason,
        query_kind=QueryKind(message.query_kind),
        time_window=time_range_from_pb(message.time_window) if message.HasField("time_window") else None,
        time_expression=message.time_expression,
    )


def search_result_to_pb(result: SearchResult) -> pb.SearchResponse:
    return pb.SearchResponse(hits=[hit_to_pb(h) for h in result.hits], route=route_to_pb(result.route))


def search_result_from_pb(reply: pb.SearchResponse) -> SearchResult:
    return SearchResult(hits=tuple(hit_from_pb(h) for h in reply.hits), route=route_from_pb(reply.route))


def policy_to_pb(policy: PolicyInfo) -> pb.GetPolicyResponse:
    return pb.GetPolicyResponse(policy_yaml=policy.policy_yaml, source=policy.source)


def policy_from_pb(reply: pb.GetPolicyResponse) -> PolicyInfo:
    return PolicyInfo(policy_yaml=reply.policy_yaml, source=reply.source)


# --- facts -------------------------------------------------------------------------------------------------


def fact_to_pb(fact: Fact) -> pb.Fact:
    out = pb.Fact(
        id=fact.id,
        key=fact.key,
        subject=fact.subject,
        predicate=fact.predicate,
        value=fact.value,
        polarity=fact.polarity,
        fact=fact.fact,
        kind=fact.kind,
        status=_STATUS_TO_PB[fact.status],
        confidence=fact.confidence,
        evidence=fact.evidence,
        project_id=fact.project_id,
        importance=fact.importance,
        valid_at=to_timestamp(fact.valid_at),
        created_at=to_timestamp(fact.created_at),
        episode_ids=list(fact.episode_ids),
        session_ids=list(fact.session_ids),
        status_reason=fact.status_reason,
        hit_count=fact.hit_count,
    )
    if fact.invalid_at is not None:
        out.invalid_at.CopyFrom(to_timestamp(fact.invalid_at))
    if fact.expired_at is not None:
        out.expired_at.CopyFrom(to_timestamp(fact.expired_at))
    return out


def fact_from_pb(message: pb.Fact) -> Fact:
    """A wire fact version (`explicit` and `language` are not on the wire and keep their defaults)."""
    return Fact(
        id=message.id,
        key=message.key,
        subject=message.subject,
        predicate=message.predicate,
        value=message.value,
        polarity=message.polarity,
        fact=message.fact,
        kind=message.kind,
        status=_PB_TO_STATUS[message.status],
        confidence=message.confidence,
        evidence=message.evidence,
        project_id=message.project_id,
        importance=message.importance,
        valid_at=to_datetime(message.valid_at),
        created_at=to_datetime(message.created_at),
        invalid_at=optional_datetime(message, "invalid_at"),
        expired_at=optional_datetime(message, "expired_at"),
        episode_ids=tuple(message.episode_ids),
        session_ids=tuple(message.session_ids),
        status_reason=message.status_reason,
        hit_count=message.hit_count,
    )


def facts_from_pb(messages: Iterable[Any]) -> tuple[Fact, ...]:
    return tuple(fact_from_pb(m) for m in messages)


# --- skills ------------------------------------------------------------------------------------------------


def skill_to_pb(skill: Skill) -> pb.Skill:
    out = skill_input_to_pb(skill)
    out.id = skill.id
    out.project_id = skill.project_id
    out.created_at.CopyFrom(to_timestamp(skill.created_at))
    out.successes = skill.successes
    out.failures = skill.failures
    out.is_latest = skill.is_latest
    if skill.last_used_at is not None:
        out.last_used_at.CopyFrom(to_timestamp(skill.last_used_at))
    return out


def skill_from_pb(message: pb.Skill) -> Skill:
    """A stored skill version as the server returns it."""
    return Skill(
        id=message.id,
        name=message.name,
        version=message.version,
        description=message.description,
        triggers=tuple(message.triggers),
        parameters_schema=message.parameters_schema,
        entry_point=message.entry_point,
        project_id=message.project_id,
        created_at=to_datetime(message.created_at),
        successes=message.successes,
        failures=message.failures,
        last_used_at=optional_datetime(message, "last_used_at"),
        episode_ids=tuple(message.episode_ids),
        entity_names=tuple(message.entity_names),
        is_latest=message.is_latest,
    )


def skill_input_from_pb(message: pb.Skill, now: datetime) -> Skill:
    """A skill to register or update: the output-only fields the caller may have sent are ignored."""
    return Skill(
        id="",
        name=message.name.strip(),
        version=message.version,
        description=message.description,
        triggers=tuple(message.triggers),
        parameters_schema=message.parameters_schema,
        entry_point=message.entry_point,
        project_id="",
        created_at=now,
        episode_ids=tuple(message.episode_ids),
        entity_names=tuple(message.entity_names),
    )


def skill_input_to_pb(skill: SkillFields) -> pb.Skill:
    """The caller-settable fields of a skill (the output-only ones are left unset)."""
    return pb.Skill(
        name=skill.name,
        version=skill.version,
        description=skill.description,
        triggers=list(skill.triggers),
        parameters_schema=skill.parameters_schema,
        entry_point=skill.entry_point,
        episode_ids=list(skill.episode_ids),
        entity_names=list(skill.entity_names),
    )


def skill_match_to_pb(match: SkillMatch) -> pb.SkillMatch:
    return pb.SkillMatch(
        skill=skill_to_pb(match.skill),
        score=match.score,
        similarity=match.similarity,
        trigger=match.trigger,
        usage=match.usage,
        matched_trigger=match.matched_trigger,
    )


def skill_match_from_pb(message: pb.SkillMatch) -> SkillMatch:
    return SkillMatch(
        skill=skill_from_pb(message.skill),
        score=message.score,
        similarity=message.similarity,
        trigger=message.trigger,
        usage=message.usage,
        matched_trigger=message.matched_trigger,
    )


# --- working memory and context ----------------------------------------------------------------------------


def turn_to_pb(turn: Turn) -> pb.Turn:
    return pb.Turn(role=turn.role, text=turn.text, at=to_timestamp(turn.at), tokens=turn.tokens)


def turn_from_pb(message: pb.Turn) -> Turn:
    return Turn(role=message.role, text=message.text, at=to_datetime(message.at), tokens=message.tokens)


def session_to_pb(state: SessionState) -> pb.Session:
    out = pb.Session(
        session_id=state.session_id,
        instructions=list(state.instructions),
        task=dict(state.task),
        dialogue=[turn_to_pb(t) for t in state.dialogue],
        scratch=[turn_to_pb(t) for t in state.scratch],
        opened_at=to_timestamp(state.opened_at),
        updated_at=to_timestamp(state.updated_at),
        summaries=state.summaries,
        version=state.version,
    )
    if state.closed_at is not None:
        out.closed_at.CopyFrom(to_timestamp(state.closed_at))
    return out


def session_from_pb(message: pb.Session) -> SessionState:
    """A wire session: task items sorted by key; user, project and pending outcomes are not on the wire."""
    return SessionState(
        session_id=message.session_id,
        user_id="",
        project_id="",
        instructions=tuple(message.instructions),
        task=tuple(sorted(message.task.items())),
        dialogue=tuple(turn_from_pb(t) for t in message.dialogue),
        scratch=tuple(turn_from_pb(t) for t in message.scratch),
        opened_at=to_datetime(message.opened_at),
        updated_at=to_datetime(message.updated_at),
        closed_at=optional_datetime(message, "closed_at"),
        version=message.version,
        summaries=message.summaries,
    )


def message_to_pb(message: Message) -> pb.Message:
    return pb.Message(role=message.role, text=message.text, zone=message.zone)


def message_from_pb(message: pb.Message) -> Message:
    return Message(role=message.role, text=message.text, zone=message.zone)


def context_to_pb(context: AssembledContext) -> pb.GetContextResponse:
    out = pb.GetContextResponse(
        items=[pb.ContextItem(**_same_named(i, _CONTEXT_ITEM_FIELDS)) for i in context.items],
        tokens=context.tokens,
        budget=context.budget,
        dropped=context.dropped,
    )
    if context.route is not None:
        out.route.CopyFrom(route_to_pb(context.route))
    return out


def context_from_pb(reply: pb.GetContextResponse) -> AssembledContext:
    return AssembledContext(
        items=tuple(
            ContextItem(**(_same_named(i, _CONTEXT_ITEM_FIELDS) | {"section": ContextSection(i.section)}))
            for i in reply.items
        ),
        tokens=reply.tokens,
        budget=reply.budget,
        route=route_from_pb(reply.route) if reply.HasField("route") else None,
        dropped=reply.dropped,
    )


# --- lifecycle ---------------------------------------------------------------------------------------------


def maintenance_to_pb(run: MaintenanceRun) -> pb.RunMaintenanceResponse:
    return pb.RunMaintenanceResponse(
        run_id=run.run_id,
        dry_run=run.dry_run,
        steps=[pb.MaintenanceStep(step=s.step, count=s.count, ids=list(s.ids), millis=s.millis) for s in run.steps],
    )


def maintenance_from_pb(reply: pb.RunMaintenanceResponse) -> MaintenanceRun:
    return MaintenanceRun(
        run_id=reply.run_id,
        dry_run=reply.dry_run,
        steps=tuple(
            MaintenanceStepResult(step=s.step, count=s.count, ids=tuple(s.ids), millis=s.millis) for s in reply.steps
        ),
    )


def audit_to_pb(event: AuditEvent) -> pb.AuditEvent:
    return pb.AuditEvent(
        memory_id=event.memory_id,
        memory_kind=event.memory_kind.value,
        transition=event.transition.value,
        at=to_timestamp(event.at),
        reason=event.reason,
        rule=event.rule,
        run_id=event.run_id,
        details_json=json.dumps(dict(event.details), ensure_ascii=False, sort_keys=True),
    )


def audit_from_pb(message: pb.AuditEvent) -> AuditEvent:
    """A wire audit event; its own id and the partition id are not on the wire (empty here)."""
    details = json.loads(message.details_json) if message.details_json else {}
    return AuditEvent(
        id="",
        group_id="",
        memory_id=message.memory_id,
        memory_kind=MemoryKind(message.memory_kind),
        transition=Transition(message.transition),
        at=to_datetime(message.at),
        reason=message.reason,
        rule=message.rule,
        run_id=message.run_id,
        details={str(k): str(v) for k, v in details.items()},
    )
