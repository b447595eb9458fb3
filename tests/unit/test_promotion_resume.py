"""A project resumed in another session confirms the technology it was described with inside it: the one a
statement names first, only in that project, only from another session, and not when the episode states the
attribute anew."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from graphmem.memory.promotion import (
    Assertion,
    PromotionRule,
    decide,
    named_relations,
    names_its_technology,
    resumed_by,
)
from graphmem.model import Fact, FactStatus

T0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
RULE = PromotionRule(min_sessions=2, explicit_promotes=True, concurrency_window=timedelta(seconds=60))
SAID = "burdock is our booking API, NestJS with Prisma on Postgres"


def _tech(fid: str, attribute: str, value: str, **kw: object) -> Fact:
    base: dict[str, object] = {
        "id": fid,
        "key": f"user|stack:{attribute}",
        "subject": "user",
        "predicate": "uses_tech",
        "value": value,
        "polarity": True,
        "fact": f"uses {value}",
        "kind": "attribute",
        "status": FactStatus.CANDIDATE,
        "confidence": 0.7,
        "evidence": SAID,
        "project_id": "burdock",
        "importance": 0.5,
        "valid_at": T0,
        "created_at": T0,
        "episode_ids": ("e1",),
        "session_ids": ("s1",),
    }
    base.update(kw)
    return Fact(**base)  # type: ignore[arg-type]


FACTS = [
    _tech("f3", "database", "postgresql"),
    _tech("f2", "orm", "prisma"),
    _tech("f1", "web_framework", "nestjs"),
]


def test_the_technology_named_first_is_confirmed_by_another_session_of_the_project() -> None:
    assert [f.id for f in resumed_by(FACTS, "burdock", "s2", set())] == ["f1"]


def test_nothing_is_confirmed_from_the_same_session_another_project_or_a_restated_attribute() -> None:
    assert resumed_by(FACTS, "burdock", "s1", set()) == []
    assert resumed_by(FACTS, "other", "s2", set()) == []
    assert resumed_by(FACTS, "", "s2", set()) == []
    assert resumed_by(FACTS, "burdock", "", set()) == []
    assert resumed_by(FACTS, "burdock", "s2", {"user|stack:web_framework"}) == []


def test_an_active_first_technology_leaves_the_others_waiting() -> None:
    active = [FACTS[0], FACTS[1], _tech("f1", "web_framework", "nestjs", status=FactStatus.ACTIVE)]
    assert resumed_by(active, "burdock", "s2", set()) == []


def test_a_user_fact_or_a_preference_is_not_a_projects_technology() -> None:
    user = _tech("f1", "web_framework", "nestjs", project_id="")
    style = _tech("f1", "x", "short replies", predicate="prefers_reply_style", key="user|prefers_reply_style")
    assert resumed_by([user], "burdock", "s2", set()) == []
    assert resumed_by([style], "burdock", "s2", set()) == []


def test_each_statement_gives_its_own_first_technology() -> None:
    other = _tech("f9", "queue", "kafka", evidence="Jobs go through Kafka", episode_ids=("e7",))
    assert {f.id for f in resumed_by([*FACTS, other], "burdock", "s2", set())} == {"f1", "f9"}


def test_a_resumed_sighting_promotes_with_its_own_reason_unless_the_rule_is_off() -> None:
    again = _tech("f5", "web_framework", "nestjs", session_ids=("s2",), episode_ids=("e2",))
    later = T0 + timedelta(days=2)
    plan = decide([FACTS[2]], Assertion(again, "e2", "s2", explicit=False, resumed=True), RULE, later)
    assert [(c.id, c.status, c.reason) for c in plan.changes] == [("f1", FactStatus.ACTIVE, "project_resumed")]
    off = PromotionRule(2, True, timedelta(seconds=60), project_tech_on_resume=False)
    assert decide([FACTS[2]], Assertion(again, "e2", "s2", False, resumed=True), off, later).changes == []
    strict = PromotionRule(3, True, timedelta(seconds=60))  # its own rule: two sessions of the project suffice
    changes = decide([FACTS[2]], Assertion(again, "e2", "s2", False, resumed=True), strict, later).changes
    assert [c.reason for c in changes] == ["project_resumed"]


def test_a_return_that_names_a_technology_of_the_project_confirms_only_what_it_names() -> None:
    # "…OpenCV里咋把它拉正？": the episode's own sighting of OpenCV; the Python named first is not confirmed too
    assert names_its_technology([FACTS[1]], "burdock")
    assert not names_its_technology([FACTS[1]], "other")
    assert not names_its_technology([], "burdock")
    assert not names_its_technology([FACTS[1]], "")


def test_a_request_to_remember_by_name_keeps_the_relation_with_that_name_in_the_session() -> None:
    name = replace(FACTS[0], id="n1", key="user|pet:crab:name", predicate="relation_name", value="sheldon")
    kind = replace(FACTS[0], id="n2", key="user|pet:crab:kind", predicate="relation_name", value="hermit crab")
    assert named_relations([name, kind], {"sheldon"}, "s1") == {"user|pet:crab"}
    assert named_relations([name, kind], {"oscar"}, "s1") == set()  # a name the session never gave
    assert named_relations([name, kind], {"sheldon"}, "s2") == set()  # said in another session
