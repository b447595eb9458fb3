"""The domain↔protobuf mapping (graphmem.wire) both ways: every wire type survives domain → message → bytes →
message → domain unchanged, naive datetimes are refused, and bad enum values become field violations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from graphmem import wire
from graphmem.client import ClientScope, NewEpisode, NewSkill
from graphmem.errors import InvalidArgument
from graphmem.model import (
    AssembledContext,
    AuditEvent,
    ContextItem,
    Episode,
    EpisodeDraft,
    EpisodeWrite,
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

T = datetime(2026, 5, 4, 3, 2, 1, 500_000, tzinfo=UTC)


def over_the_wire(message: object) -> object:
    """The message as the other side decodes it from bytes."""
    return type(message).FromString(message.SerializeToString())  # type: ignore[attr-defined]


def test_episode_round_trip_keeps_every_wire_field() -> None:
    episode = Episode(
        id="e1",
        key="k1",
        text="我不吃香菜",
        occurred_at=T,
        created_at=T + timedelta(seconds=3),
        session_id="s1",
        speaker="user",
        event_type="preference",
        importance=0.75,
        importance_source="caller",
        metadata={"turn": "1", "note": "a,b=c ✓"},
        tenant_id="",
        user_id="alice",
        project_id="p1",
        agent_id="a1",
        extraction_status="done",
    )
    assert wire.episode_from_pb(over_the_wire(wire.episode_to_pb(episode))) == episode


def test_episode_input_round_trip_and_server_defaults() -> None:
    draft = EpisodeDraft("k", "text", T, "s1", "user", "message", 0.25, {"a": "b"})
    assert wire.draft_from_pb(over_the_wire(wire.draft_to_pb(draft)), now=T + timedelta(days=1)) == draft
    bare = wire.draft_from_pb(over_the_wire(wire.draft_to_pb(NewEpisode("k", "t"))), now=T)
    assert (bare.occurred_at, bare.event_type, bare.importance) == (T, "message", None)


def test_naive_datetimes_are_refused_with_the_field_named() -> None:
    with pytest.raises(ValueError, match=r"episodes\[3\]\.occurred_at must be a timezone-aware"):
        wire.draft_to_pb(NewEpisode("k", "t", occurred_at=datetime(2026, 1, 1)), 3)


def test_other_offsets_arrive_as_the_same_instant_in_utc() -> None:
    plus8 = datetime(2026, 5, 4, 11, 2, 1, 500_000, tzinfo=timezone(timedelta(hours=8)))
    back = wire.to_datetime(wire.to_timestamp(plus8))
    assert back == T and back.tzinfo == UTC


def test_scope_carries_no_tenant_and_is_trimmed_on_the_server() -> None:
    message = wire.scope_to_pb(ClientScope(user_id=" alice ", project_id="p", session_id="s", agent_id="a"))
    scope = wire.scope_from_pb("tenant-x", over_the_wire(message))
    assert (scope.tenant_id, scope.user_id, scope.project_id, scope.session_id, scope.agent_id) == (
        "tenant-x",
        "alice",
        "p",
        "s",
        "a",
    )


def test_search_result_round_trip() -> None:
    hit = SearchHit(
        layer=Layer.SEMANTIC,
        id="f1",
        text="dislikes 香菜",
        score=0.5,
        breakdown=ScoreBreakdown(0.5, 0.25, 0.125, 0.75, 1.0, 0.0, {"similarity": 0.5, "recency": 0.25}),
        session_id="s1",
        occurred_at=T,
        metadata={"key": "user|taste|香菜"},
        event_type="fact",
        speaker="user",
        importance=0.5,
    )
    route = Route((Layer.EPISODIC, Layer.SEMANTIC), "time words", "recall", TimeRange(T, T + timedelta(days=7)), "上周")
    result = SearchResult((hit,), route)
    assert wire.search_result_from_pb(over_the_wire(wire.search_result_to_pb(result))) == result
    open_route = Route((Layer.WORKING,), "context", QueryKind.DEFAULT)
    assert wire.route_from_pb(over_the_wire(wire.route_to_pb(open_route))) == open_route


def test_fact_round_trip_with_and_without_end_of_validity() -> None:
    fact = Fact(
        id="f1",
        key="user|taste|coffee",
        subject="user",
        predicate="likes",
        value="coffee",
        polarity=True,
        fact="I love coffee",
        kind="preference",
        status=FactStatus.EXPIRED,
        confidence=0.875,
        evidence="I love coffee",
        project_id="p1",
        importance=0.5,
        valid_at=T,
        created_at=T,
        invalid_at=T + timedelta(days=5),
        expired_at=T + timedelta(days=5, seconds=1),
        episode_ids=("e1", "e2"),
        session_ids=("s1", "s2"),
        status_reason="seen_in_sessions",
        hit_count=3,
    )
    assert wire.fact_from_pb(over_the_wire(wire.fact_to_pb(fact))) == fact
    current = Fact(**{**fact.__dict__, "invalid_at": None, "expired_at": None, "status": FactStatus.ACTIVE})
    assert wire.fact_from_pb(over_the_wire(wire.fact_to_pb(current))) == current


def test_skills_round_trip_and_inputs_drop_output_only_fields() -> None:
    skill = Skill(
        id="k1",
        name="deploy",
        version=2,
        description="roll out",
        triggers=("deploy", "上线"),
        parameters_schema='{"type": "object"}',
        entry_point="ops:deploy",
        project_id="p",
        created_at=T,
        successes=3,
        failures=1,
        last_used_at=T + timedelta(hours=1),
        episode_ids=("e1",),
        entity_names=("prod",),
        is_latest=False,
    )
    assert wire.skill_from_pb(over_the_wire(wire.skill_to_pb(skill))) == skill
    match = SkillMatch(skill, 0.75, 0.5, 1.0, 0.25, "deploy")
    assert wire.skill_match_from_pb(over_the_wire(wire.skill_match_to_pb(match))) == match
    new = NewSkill("deploy", "roll out", ("deploy",), "{}", "ops:deploy", 0, ("e1",), ("prod",))
    read = wire.skill_input_from_pb(over_the_wire(wire.skill_input_to_pb(new)), now=T)
    assert (read.id, read.project_id, read.created_at, read.name, read.triggers, read.entity_names) == (
        "",
        "",
        T,
        "deploy",
        ("deploy",),
        ("prod",),
    )


def test_session_and_context_round_trip() -> None:
    turn = Turn("user", "全程用中文回复", T, 9)
    state = SessionState(
        session_id="s1",
        user_id="",
        project_id="",
        instructions=("全程用中文回复",),
        task=(("goal", "report"), ("summary:1", "we talked")),
        dialogue=(turn,),
        scratch=(Turn("tool", "42 rows", T, 3),),
        opened_at=T,
        updated_at=T + timedelta(minutes=1),
        closed_at=None,
        version=7,
        summaries=1,
    )
    assert wire.session_from_pb(over_the_wire(wire.session_to_pb(state))) == state
    closed = SessionState(**{**state.__dict__, "closed_at": T + timedelta(hours=1)})
    assert wire.session_from_pb(over_the_wire(wire.session_to_pb(closed))) == closed
    message = Message("tool", "output", "scratch")
    assert wire.message_from_pb(over_the_wire(wire.message_to_pb(message))) == message
    context = AssembledContext(
        items=(ContextItem("instructions", "全程用中文回复", 9, "working", 1.0, "pinned"),),
        tokens=9,
        budget=100,
        route=Route((Layer.EPISODIC,), "time words", "recall"),
        dropped=2,
    )
    assert wire.context_from_pb(over_the_wire(wire.context_to_pb(context))) == context
    no_route = AssembledContext(items=(), tokens=0, budget=50, route=None, dropped=0)
    assert wire.context_from_pb(over_the_wire(wire.context_to_pb(no_route))) == no_route


def test_lifecycle_and_small_replies_round_trip() -> None:
    run = MaintenanceRun("r1", True, (MaintenanceStepResult("archive", 2, ("e1", "f1"), 1.5),))
    assert wire.maintenance_from_pb(over_the_wire(wire.maintenance_to_pb(run))) == run
    event = AuditEvent(
        "", "", "e1", MemoryKind.EPISODE, Transition.ARCHIVED, T, "unused", "lifecycle.x", "r1", {"n": "1"}
    )
    assert wire.audit_from_pb(over_the_wire(wire.audit_to_pb(event))) == event
    assert wire.forget_from_pb(over_the_wire(wire.forget_to_pb(ForgetReport(4, 9)))) == ForgetReport(4, 9)
    policy = PolicyInfo("rerank: {}", "built-in")
    assert wire.policy_from_pb(over_the_wire(wire.policy_to_pb(policy))) == policy
    writes = (EpisodeWrite("k", "e1", True), EpisodeWrite("k2", "e2", False))
    reply = pb.AddEpisodesResponse(results=[wire.write_to_pb(w) for w in writes])
    assert wire.writes_from_pb(over_the_wire(reply).results) == writes  # type: ignore[attr-defined]


def test_enums_map_both_ways_and_unknown_values_are_field_violations() -> None:
    assert wire.layers_from_pb(wire.layers_to_pb(list(Layer))) == tuple(Layer)
    assert wire.layers_from_pb([pb.LAYER_SEMANTIC, pb.LAYER_SEMANTIC]) == (Layer.SEMANTIC,)
    with pytest.raises(InvalidArgument) as bad:
        wire.layers_from_pb([pb.LAYER_EPISODIC, pb.LAYER_UNSPECIFIED])
    assert [v.field for v in bad.value.violations] == ["layers[1]"]
    for value in FactScopeFilter:
        assert wire.scope_filter_from_pb(wire.scope_filter_to_pb(value)) == value
    with pytest.raises(InvalidArgument):
        wire.scope_filter_from_pb(99)
