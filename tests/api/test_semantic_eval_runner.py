"""The frozen semantic set parses with the promised coverage, and its scorer judges hand-made results right.

Pure checks of the evaluation tooling (no server, no thresholds on the product): a matcher bug would make
every later figure of `python -m tests.bench.semantic_eval` meaningless.
"""

from __future__ import annotations

import json

import pytest

from tests.bench.semantic_scenarios import (
    FACT_KINDS,
    LANGS,
    Scenario,
    ScenarioFileError,
    coverage,
    load_scenarios,
    parse_scenarios,
)
from tests.bench.semantic_scoring import Observation, SeenFact, score_scenario, summarise, value_matches


def scenario(expect: dict[str, object], sessions: int = 1, project: str = "", sid: str = "en-food-001") -> Scenario:
    return Scenario.model_validate(
        {
            "id": sid,
            "lang": sid[:2],
            "kind": "preference",
            "tags": [],
            "sessions": [
                {
                    "session_id": f"s{n}",
                    "date": f"2026-03-0{n}T10:00:00Z",
                    "project_id": project,
                    "turns": [{"speaker": "user", "text": "..."}],
                }
                for n in range(1, sessions + 1)
            ],
            "expect": expect,
        }
    )


def fact(
    value: str, polarity: bool = True, key: str = "", project_id: str = "", fid: str = "", status: str = "active"
) -> SeenFact:
    return SeenFact(
        id=fid or f"id-{value}-{polarity}-{project_id}-{status}",
        key=key or f"user|likes|{value}",
        value=value,
        polarity=polarity,
        project_id=project_id,
        status=status,
    )


CILANTRO = {"value_any": ["香菜", "Cilantro", "coriander"], "polarity": True, "project_id": ""}


# ----------------------------------------------------------------------------------------------- the data set
def test_the_frozen_set_parses_and_has_the_promised_coverage() -> None:
    scenarios = load_scenarios()
    counts = coverage(scenarios)
    assert counts["total"] >= 200
    assert abs(counts["lang:zh"] - counts["lang:en"]) <= counts["total"] // 10
    for lang in LANGS:
        for kind in FACT_KINDS:
            assert counts.get(f"kind:{lang}:{kind}", 0) >= 8, (lang, kind)
    assert counts["pollution"] >= 40
    assert counts["project"] >= 10
    assert counts["history"] >= 10
    assert counts["multi_fact"] >= 8
    assert counts["tag:remember"] >= 20 and counts["tag:correction"] >= 10 and counts["tag:change"] >= 10
    assert counts["assistant_turns"] >= 40
    for s in scenarios:
        assert 1 <= len(s.sessions) <= 4 and all(1 <= len(ss.turns) <= 6 for ss in s.sessions), s.id
        assert s.expect.no_facts or s.expect.active or s.expect.not_active, s.id


def test_a_scenario_line_that_breaks_the_schema_is_rejected_with_its_line_number() -> None:
    good = scenario({"active": [CILANTRO]}).model_dump(mode="json")
    unordered = json.loads(json.dumps(good))
    unordered["sessions"] = [dict(good["sessions"][0], session_id="s1"), dict(good["sessions"][0], session_id="s2")]
    unknown = dict(good, surprise=1)
    bad_speaker = json.loads(json.dumps(good))
    bad_speaker["sessions"][0]["turns"][0]["speaker"] = "friend"
    for broken in (unordered, unknown, bad_speaker):
        with pytest.raises(ScenarioFileError, match="line 2"):
            parse_scenarios([json.dumps(good), json.dumps(broken)])
    with pytest.raises(ScenarioFileError, match="duplicate"):
        parse_scenarios([json.dumps(good), json.dumps(good)])


# ----------------------------------------------------------------------------------------------- the matcher
def test_values_match_any_form_as_a_case_insensitive_substring() -> None:
    assert value_matches(["cilantro"], "Fresh CILANTRO leaves")
    assert value_matches(["香菜", "cilantro"], "不吃香菜")
    assert not value_matches(["cilantro"], "parsley")
    assert not value_matches(["香菜"], "香")  # the form must be inside the value, not the reverse


def test_an_expected_fact_with_the_right_value_and_polarity_makes_the_scenario_right() -> None:
    result = score_scenario(scenario({"active": [CILANTRO]}), Observation(user_view=(fact("cilantro"),)))
    assert result.correct and result.matched_facts == 1 and result.active_facts == 1


def test_wrong_polarity_or_missing_fact_fails_and_null_polarity_accepts_either() -> None:
    s = scenario({"active": [CILANTRO]})
    assert not score_scenario(s, Observation(user_view=(fact("香菜", polarity=False),))).correct
    assert not score_scenario(s, Observation(user_view=())).correct
    either = scenario({"active": [dict(CILANTRO, polarity=None)]})
    assert score_scenario(either, Observation(user_view=(fact("香菜", polarity=False),))).correct


def test_an_extra_active_fact_costs_precision_and_the_scenario() -> None:
    result = score_scenario(scenario({"active": [CILANTRO]}), Observation(user_view=(fact("cilantro"), fact("sushi"))))
    assert not result.correct and result.expectations_hold
    assert (result.matched_facts, result.active_facts) == (1, 2)
    assert any("unexpected active" in f for f in result.failures)


def test_a_not_active_value_still_current_fails() -> None:
    s = scenario({"active": [CILANTRO], "not_active": [{"value_any": ["cilantro"], "polarity": False}]})
    assert score_scenario(s, Observation(user_view=(fact("cilantro"),))).correct
    both = Observation(user_view=(fact("cilantro"), fact("cilantro", polarity=False, key="user|avoids|cilantro")))
    assert not score_scenario(s, both).correct


def test_history_needs_an_earlier_closed_version_with_the_old_value_under_the_current_key() -> None:
    s = scenario(
        {
            "active": [{"value_any": ["austin"], "polarity": True}],
            "not_active": [{"value_any": ["chicago"], "polarity": True}],
            "history": [{"old_value_any": ["chicago"], "new_value_any": ["austin"]}],
        },
        sessions=2,
    )
    current = fact("Austin", key="user|lives_in", fid="v2")
    old = fact("Chicago", key="user|lives_in", fid="v1", status="expired")
    good = Observation(user_view=(current,), histories={("", "user|lives_in"): (old, current)})
    assert score_scenario(s, good).correct
    still_active_old = fact("Chicago", key="user|lives_in", fid="v1", status="active")
    assert not score_scenario(
        s, Observation(user_view=(current,), histories={("", "user|lives_in"): (still_active_old, current)})
    ).correct
    later_old = Observation(user_view=(current,), histories={("", "user|lives_in"): (current, old)})
    assert not score_scenario(s, later_old).correct
    other_key = Observation(user_view=(current,), histories={("", "user|moved_from"): (old,)})
    assert not score_scenario(s, other_key).correct


def test_history_polarity_flip_of_the_same_value() -> None:
    s = scenario(
        {
            "active": [CILANTRO],
            "history": [
                {"old_value_any": ["香菜"], "new_value_any": ["香菜"], "old_polarity": False, "new_polarity": True}
            ],
        },
        sessions=2,
    )
    new = fact("香菜", key="user|likes|香菜", fid="n")
    assert score_scenario(
        s,
        Observation(
            user_view=(new,),
            histories={
                ("", "user|likes|香菜"): (fact("香菜", False, "user|likes|香菜", fid="o", status="expired"), new)
            },
        ),
    ).correct
    assert not score_scenario(s, Observation(user_view=(new,), histories={("", "user|likes|香菜"): (new,)})).correct


def test_project_facts_are_read_in_their_project_and_must_override_and_stay_out_of_the_user_view() -> None:
    s = scenario(
        {
            "active": [
                {"value_any": ["python"], "polarity": True, "project_id": ""},
                {"value_any": ["rust"], "polarity": True, "project_id": "project-a"},
            ],
            "not_active": [
                {"value_any": ["python"], "polarity": None, "project_id": "project-a"},
                {"value_any": ["rust"], "polarity": None, "project_id": ""},
            ],
        },
        sessions=2,
    )
    python = fact("Python", key="user|language")
    rust = fact("Rust", key="user|language", project_id="project-a")
    right = Observation(user_view=(python,), project_views={"project-a": (rust,)})
    result = score_scenario(s, right)
    assert result.correct and (result.matched_facts, result.active_facts) == (2, 2)
    not_overridden = Observation(user_view=(python,), project_views={"project-a": (python, rust)})
    assert not score_scenario(s, not_overridden).correct
    leaked = Observation(user_view=(python, fact("Rust", key="user|language2")), project_views={"project-a": (rust,)})
    assert not score_scenario(s, leaked).correct
    user_level_rust_in_project_view = Observation(
        user_view=(python,), project_views={"project-a": (fact("Rust", key="user|language"),)}
    )
    assert not score_scenario(s, user_level_rust_in_project_view).correct  # it must be the project's own fact


def test_pollution_is_wrong_with_any_active_or_candidate_fact_and_both_are_counted() -> None:
    s = scenario({"no_facts": True}, sessions=2)
    assert score_scenario(s, Observation(user_view=())).correct
    with_candidate = score_scenario(s, Observation(user_view=(), candidates=(fact("sushi", status="candidate"),)))
    assert not with_candidate.correct and with_candidate.pollution_candidates == 1
    with_active = score_scenario(s, Observation(user_view=(fact("sushi"),)))
    assert not with_active.correct and with_active.pollution_active == 1


def test_the_summary_counts_accuracy_precision_pollution_project_and_history() -> None:
    right = score_scenario(scenario({"active": [CILANTRO]}), Observation(user_view=(fact("cilantro"),)))
    extra = score_scenario(
        scenario({"active": [CILANTRO]}, sid="zh-food-002"), Observation(user_view=(fact("cilantro"), fact("x")))
    )
    polluted = score_scenario(
        scenario({"no_facts": True}, sid="en-poll-001"),
        Observation(
            user_view=(fact("sushi"),), candidates=(fact("a", status="candidate"), fact("b", status="candidate"))
        ),
    )
    summary = summarise([right, extra, polluted])
    assert summary["accuracy"] == {"right": 1, "total": 3, "percent": 33.3}
    assert summary["accuracy_by_lang"] == {
        "en": {"right": 1, "total": 2, "percent": 50.0},
        "zh": {"right": 0, "total": 1, "percent": 0.0},
    }
    assert summary["precision"] == {"right": 2, "total": 3, "percent": 66.7}  # pollution facts not in precision
    pollution = summary["pollution"]
    assert isinstance(pollution, dict)
    assert (pollution["active_facts"], pollution["candidate_facts"], pollution["clean"]) == (1, 2, 0)
