"""Paraphrases of one fact are sightings of one statement: a second session saying it in other words
promotes the candidate, while a genuinely new value of the attribute still supersedes the old one."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from graphmem.memory.promotion import Assertion, PromotionRule, decide, same_statement, same_value
from graphmem.model import Fact, FactStatus

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
RULE = PromotionRule(min_sessions=2, explicit_promotes=True, concurrency_window=timedelta(seconds=60))


def _fact(fid: str, value: str, *, predicate: str = "likes", polarity: bool = True, **kw: object) -> Fact:
    base: dict[str, object] = {
        "id": fid,
        "key": "user|taste|x",
        "subject": "user",
        "predicate": predicate,
        "value": value,
        "polarity": polarity,
        "fact": f"user {predicate} {value}",
        "kind": "preference",
        "status": FactStatus.CANDIDATE,
        "confidence": 0.7,
        "evidence": value,
        "project_id": "",
        "importance": 0.5,
        "valid_at": T0,
        "created_at": T0,
    }
    base.update(kw)
    return Fact(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("jazz", "jazz music"),
        ("Aisle seats", "aisle seat"),
        ("vs code", "VSCode"),
        ("乌龙茶", "乌龙茶叶"),
        ("靠窗的座位", "靠窗座位"),
    ],
)
def test_paraphrased_values_are_the_same_value(a: str, b: str) -> None:
    assert same_value(a, b)


@pytest.mark.parametrize(("a", "b"), [("anna", "hannah"), ("berlin", "munich"), ("9am-5pm", "9am-6pm"), ("香菜", "菜")])
def test_different_values_stay_different(a: str, b: str) -> None:
    assert not same_value(a, b)


def test_two_negative_stances_on_one_object_are_one_statement_but_a_liking_is_not() -> None:
    avoid = _fact("a", "香菜", predicate="avoids", polarity=False)
    dislike = _fact("d", "香菜", predicate="dislikes", polarity=False)
    like = _fact("l", "香菜", predicate="likes")
    assert same_statement(avoid, dislike)
    assert not same_statement(avoid, like)
    # an allergy keeps off the food as much ("我对花生过敏" / "花生我是一点都不能碰的")
    allergy = _fact("g", "香菜", predicate="allergic_to", polarity=False)
    assert same_statement(allergy, avoid)
    assert not same_statement(allergy, like)


def test_a_paraphrase_in_a_second_session_promotes_the_candidate() -> None:
    first = _fact("f1", "jazz", session_ids=("s1",), episode_ids=("e1",))
    again = _fact("f2", "jazz music", valid_at=T0 + timedelta(days=3))
    plan = decide([first], Assertion(again, "e2", "s2", explicit=False), RULE, T0 + timedelta(days=3))
    assert plan.create is None
    assert plan.result_id == "f1"
    assert [(c.id, c.status) for c in plan.changes] == [("f1", FactStatus.ACTIVE)]


def test_a_new_value_of_the_attribute_still_supersedes_the_active_one() -> None:
    old = _fact("f1", "berlin", predicate="location", status=FactStatus.ACTIVE, session_ids=("s1", "s2"))
    new = _fact("f2", "munich", predicate="location", valid_at=T0 + timedelta(days=9))
    plan = decide([old], Assertion(new, "e3", "s3", explicit=True), RULE, T0 + timedelta(days=9))
    assert plan.create is not None and plan.create.value == "munich"
    assert ("f1", FactStatus.EXPIRED) in [(c.id, c.status) for c in plan.changes]


def test_a_correction_read_before_the_statement_it_corrects_still_wins() -> None:
    # "记住，我的时区是UTC+7" … "啊手滑了，是UTC+8，不是7", extracted in the other order
    fixed = _fact(
        "f2", "utc+8", status=FactStatus.ACTIVE, status_reason="correction", valid_at=T0 + timedelta(seconds=2)
    )
    said = _fact("f1", "utc+7", confidence=0.9, explicit=True)
    plan = decide([fixed], Assertion(said, "e1", "s1", explicit=True), RULE, T0 + timedelta(seconds=5))
    changes = {c.id: (c.status, c.reason) for c in plan.changes}
    assert changes == {"f1": (FactStatus.EXPIRED, "superseded")}
    # the same explicit statement said after the correction replaces it as usual
    later = replace(said, id="f3", valid_at=T0 + timedelta(minutes=5))
    plan = decide([fixed], Assertion(later, "e3", "s1", explicit=True), RULE, T0 + timedelta(minutes=5))
    assert {c.id: c.status for c in plan.changes} == {"f2": FactStatus.EXPIRED, "f3": FactStatus.ACTIVE}
