"""Conversion between the wire messages of graphmem.v1 and the domain types; no logic beyond mapping."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from google.protobuf.timestamp_pb2 import Timestamp

from graphmem.errors import FieldViolation, InvalidArgument
from graphmem.lifecycle.runner import STEPS, MaintenanceReport
from graphmem.model import (
    AssembledContext,
    AuditEvent,
    Episode,
    EpisodeDraft,
    EpisodeFilter,
    Fact,
    FactScopeFilter,
    FactStatus,
    Layer,
    Route,
    Scope,
    ScoreBreakdown,
    SearchHit,
    SessionState,
    Skill,
    SkillMatch,
    TimeRange,
)
from graphmem.v1 import memory_service_pb2 as pb

_LAYER_TO_PB = {
    Layer.WORKING: pb.LAYER_WORKING,
    Layer.EPISODIC: pb.LAYER_EPISODIC,
    Layer.SEMANTIC: pb.LAYER_SEMANTIC,
    Layer.PROCEDURAL: pb.LAYER_PROCEDURAL,
    Layer.ARCHIVE: pb.LAYER_ARCHIVE,
}
_PB_TO_LAYER = {v: k for k, v in _LAYER_TO_PB.items()}


def to_datetime(ts: Timestamp) -> datetime:
    return ts.ToDatetime(tzinfo=UTC)


def to_timestamp(when: datetime) -> Timestamp:
    ts = Timestamp()
    ts.FromDatetime(when.astimezone(UTC))
    return ts


def scope_from_pb(tenant_id: str, scope: pb.Scope) -> Scope:
    return Scope(
        tenant_id=tenant_id,
        user_id=scope.user_id.strip(),
        project_id=scope.project_id.strip(),
        session_id=scope.session_id.strip(),
        agent_id=scope.agent_id.strip(),
    )


def scope_to_pb(episode: Episode) -> pb.Scope:
    return pb.Scope(user_id=episode.user_id, project_id=episode.project_id, agent_id=episode.agent_id)


def draft_from_pb(item: pb.EpisodeInput, now: datetime) -> EpisodeDraft:
    return EpisodeDraft(
        key=item.key,
        text=item.text,
        occurred_at=to_datetime(item.occurred_at) if item.HasField("occurred_at") else now,
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
        scope=scope_to_pb(episode),
        extraction_status=episode.extraction_status,
    )


def time_range_from_pb(start: Timestamp | None, end: Timestamp | None) -> TimeRange:
    return TimeRange(
        start=to_datetime(start) if start is not None else None,
        end=to_datetime(end) if end is not None else None,
    )


def time_range_to_pb(window: TimeRange) -> pb.TimeRange:
    out = pb.TimeRange()
    if window.start is not None:
        out.start.CopyFrom(to_timestamp(window.start))
    if window.end is not None:
        out.end.CopyFrom(to_timestamp(window.end))
    return out


def layers_from_pb(values: list[int]) -> tuple[Layer, ...]:
    layers = []
    for i, value in enumerate(values):
        layer = _PB_TO_LAYER.get(value)  # type: ignore[call-overload]
        if layer is None:
            raise InvalidArgument(FieldViolation(f"layers[{i}]", "must name a layer (LAYER_UNSPECIFIED is not one)"))
        layers.append(layer)
    return tuple(dict.fromkeys(layers))


def list_filter_from_pb(request: pb.ListEpisodesRequest) -> EpisodeFilter:
    return EpisodeFilter(
        session_id=request.session_id.strip(),
        event_types=tuple(request.event_types),
        occurred=time_range_from_pb(
            request.occurred_after if request.HasField("occurred_after") else None,
            request.occurred_before if request.HasField("occurred_before") else None,
        ),
    )


def search_filter_from_pb(request: pb.SearchRequest) -> EpisodeFilter:
    occurred = TimeRange()
    if request.HasField("occurred"):
        occurred = time_range_from_pb(
            request.occurred.start if request.occurred.HasField("start") else None,
            request.occurred.end if request.occurred.HasField("end") else None,
        )
    return EpisodeFilter(event_types=tuple(request.event_types), occurred=occurred)


def breakdown_to_pb(b: ScoreBreakdown) -> pb.ScoreBreakdown:
    return pb.ScoreBreakdown(
        similarity=b.similarity,
        lexical=b.lexical,
        recency=b.recency,
        importance=b.importance,
        time_match=b.time_match,
        neighbour=b.neighbour,
        weights=dict(b.weights),
    )


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


def route_to_pb(route: Route) -> pb.Route:
    out = pb.Route(
        layers=[_LAYER_TO_PB[layer] for layer in route.layers],
        reason=route.reason,
        query_kind=route.query_kind,
        time_expression=route.time_expression,
    )
    if route.time_window is not None:
        out.time_window.CopyFrom(time_range_to_pb(route.time_window))
    return out


_STATUS_TO_PB = {
    FactStatus.CANDIDATE: pb.FACT_STATUS_CANDIDATE,
    FactStatus.ACTIVE: pb.FACT_STATUS_ACTIVE,
    FactStatus.EXPIRED: pb.FACT_STATUS_EXPIRED,
    FactStatus.REJECTED: pb.FACT_STATUS_REJECTED,
    FactStatus.ARCHIVED: pb.FACT_STATUS_ARCHIVED,
}
_SCOPE_FILTER = {
    pb.FACT_SCOPE_FILTER_UNSPECIFIED: FactScopeFilter.BOTH,
    pb.FACT_SCOPE_FILTER_USER: FactScopeFilter.USER,
    pb.FACT_SCOPE_FILTER_PROJECT: FactScopeFilter.PROJECT,
}


def scope_filter_from_pb(value: int) -> FactScopeFilter:
    found: FactScopeFilter | None = _SCOPE_FILTER.get(value)  # type: ignore[call-overload]
    if found is None:
        raise InvalidArgument(FieldViolation("scope_filter", "is not a known FactScopeFilter"))
    return found


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


def skill_from_pb(skill: pb.Skill, now: datetime) -> Skill:
    return Skill(
        id="",
        name=skill.name.strip(),
        version=skill.version,
        description=skill.description,
        triggers=tuple(skill.triggers),
        parameters_schema=skill.parameters_schema,
        entry_point=skill.entry_point,
        project_id="",
        created_at=now,
        episode_ids=tuple(skill.episode_ids),
        entity_names=tuple(skill.entity_names),
    )


def skill_to_pb(skill: Skill) -> pb.Skill:
    out = pb.Skill(
        id=skill.id,
        name=skill.name,
        version=skill.version,
        description=skill.description,
        triggers=list(skill.triggers),
        parameters_schema=skill.parameters_schema,
        entry_point=skill.entry_point,
        project_id=skill.project_id,
        created_at=to_timestamp(skill.created_at),
        successes=skill.successes,
        failures=skill.failures,
        episode_ids=list(skill.episode_ids),
        entity_names=list(skill.entity_names),
        is_latest=skill.is_latest,
    )
    if skill.last_used_at is not None:
        out.last_used_at.CopyFrom(to_timestamp(skill.last_used_at))
    return out


def skill_match_to_pb(match: SkillMatch) -> pb.SkillMatch:
    return pb.SkillMatch(
        skill=skill_to_pb(match.skill),
        score=match.score,
        similarity=match.similarity,
        trigger=match.trigger,
        usage=match.usage,
        matched_trigger=match.matched_trigger,
    )


def session_to_pb(state: SessionState) -> pb.Session:
    out = pb.Session(
        session_id=state.session_id,
        instructions=list(state.instructions),
        task=dict(state.task),
        dialogue=[pb.Turn(role=t.role, text=t.text, at=to_timestamp(t.at), tokens=t.tokens) for t in state.dialogue],
        scratch=[pb.Turn(role=t.role, text=t.text, at=to_timestamp(t.at), tokens=t.tokens) for t in state.scratch],
        opened_at=to_timestamp(state.opened_at),
        updated_at=to_timestamp(state.updated_at),
        summaries=state.summaries,
        version=state.version,
    )
    if state.closed_at is not None:
        out.closed_at.CopyFrom(to_timestamp(state.closed_at))
    return out


def messages_from_pb(messages: list[pb.Message]) -> list[tuple[str, str] | tuple[str, str, str]]:
    return [(m.role, m.text, m.zone) if m.zone else (m.role, m.text) for m in messages]


def context_to_pb(context: AssembledContext) -> pb.GetContextResponse:
    out = pb.GetContextResponse(
        items=[
            pb.ContextItem(
                section=i.section,
                text=i.text,
                tokens=i.tokens,
                layer=i.layer,
                score=i.score,
                reason=i.reason,
                role=i.role,
            )
            for i in context.items
        ],
        tokens=context.tokens,
        budget=context.budget,
        dropped=context.dropped,
    )
    if context.route is not None:
        out.route.CopyFrom(route_to_pb(context.route))
    return out


def maintenance_to_pb(report: MaintenanceReport) -> pb.RunMaintenanceResponse:
    steps = []
    for name in STEPS:
        ids = [i for u in report.users for s in (u.step(name),) for i in (*s.episodes, *s.facts, *s.entities)]
        steps.append(pb.MaintenanceStep(step=name, count=len(ids), ids=ids, millis=report.seconds_of(name) * 1000))
    return pb.RunMaintenanceResponse(run_id=report.run_id, dry_run=report.dry_run, steps=steps)


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
