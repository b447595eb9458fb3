"""The semantic-memory development set (tests/eval/semantic_dev): schema, coverage, uniqueness, and consistency.

The set is data; these checks keep it loadable by the evaluation's loader, balanced across languages and
families, free of duplicated utterances, generated from its hand-written source, and self-consistent (an ideal
memory, built from each scenario's own expectations, scores every scenario right).
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pytest

from tests.bench.semantic_scenarios import KINDS, Scenario, load_scenarios
from tests.bench.semantic_scoring import ACTIVE, EXPIRED, Observation, SeenFact, score_scenario, value_matches

DEV_DIR = Path(__file__).resolve().parents[1] / "eval" / "semantic_dev"
DEV_PATH = DEV_DIR / "scenarios.jsonl"
FACT_FAMILIES = tuple(k for k in KINDS if k != "pollution")
PATTERNS = ("paraphrase", "remember", "change", "single")


@pytest.fixture(scope="module")
def scenarios() -> list[Scenario]:
    return load_scenarios(DEV_PATH)


def _source() -> ModuleType:
    spec = importlib.util.spec_from_file_location("semantic_dev_source", DEV_DIR / "source.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def test_the_committed_jsonl_is_the_expansion_of_the_source() -> None:
    assert DEV_PATH.read_text(encoding="utf-8") == _source().render(), "run python tests/eval/semantic_dev/source.py"


def test_the_fourth_round_is_its_own_file_expanded_from_the_source() -> None:
    fourth = DEV_DIR / "scenarios_v4.jsonl"
    assert fourth.read_text(encoding="utf-8") == _source().render(v4=True), (
        "run python tests/eval/semantic_dev/source.py"
    )
    scenarios = load_scenarios(fourth)
    assert all("v4" in s.tags for s in scenarios)
    assert not {s.id for s in scenarios} & {s.id for s in load_scenarios(DEV_PATH)}


# The fifth round's families and their count per language.
FIFTH_COUNTS = {
    "meeting": 3,
    "preference": 3,
    "correction": 3,
    "reply": 2,
    "project": 3,
    "multi": 2,
    "relations": 2,
    "work": 2,
    "travel": 1,
    "tools": 1,
    "pollution": 1,
}
# Per language, one time-zone or location move.
FIFTH_MOVE_KINDS = ("timezone", "location")
# Rounds with families of their own, per language: the twenty-sixth to twenty-ninth measure everyday phrasing over
# every fact family.
EVERYDAY_COUNTS = {
    "preference": 4,
    "location": 2,
    "work": 3,
    "tools": 2,
    "reply": 2,
    "relations": 3,
    "timezone": 1,
    "travel": 1,
    "meeting": 1,
    "correction": 2,
    "project": 2,
    "pollution": 1,
}
ROUND_COUNTS = {"v26": EVERYDAY_COUNTS, "v27": EVERYDAY_COUNTS, "v28": EVERYDAY_COUNTS, "v29": EVERYDAY_COUNTS}


# The blind rounds from the fifth on: tag, own file, first id; each checked against every set before it.
ROUNDS = (
    ("v5", 201),
    ("v6", 301),
    ("v7", 401),
    ("v8", 501),
    ("v9", 601),
    ("v10", 701),
    ("v11", 801),
    ("v12", 901),
    ("v13", 1001),
    ("v14", 1101),
    ("v15", 1201),
    ("v16", 1301),
    ("v17", 1401),
    ("v18", 1501),
    ("v19", 1601),
    ("v20", 1701),
    ("v21", 1801),
    ("v22", 1901),
    ("v23", 2001),
    ("v24", 2101),
    ("v25", 2201),
    ("v26", 2301),
    ("v27", 2401),
    ("v28", 2501),
    ("v29", 2601),
)


def _round_path(tag: str) -> Path:
    return DEV_DIR / f"scenarios_{tag}.jsonl"


def _user_utterances(scenarios: list[Scenario]) -> list[str]:
    return [t.text.strip() for s in scenarios for ss in s.sessions for t in ss.turns if t.speaker == "user"]


def _before(tag: str) -> list[Scenario]:
    earlier = [*load_scenarios(DEV_PATH), *load_scenarios(DEV_DIR / "scenarios_v4.jsonl")]
    for other, _ in ROUNDS:
        if other == tag:
            return earlier
        earlier += load_scenarios(_round_path(other))
    raise AssertionError(tag)


@pytest.mark.parametrize(("tag", "first_id"), ROUNDS)
def test_a_blind_round_is_its_own_file_expanded_from_the_source(tag: str, first_id: int) -> None:
    path = _round_path(tag)
    assert path.read_text(encoding="utf-8") == _source().render(**{tag: True}), (
        "run python tests/eval/semantic_dev/source.py"
    )
    scenarios = load_scenarios(path)
    assert all(tag in s.tags for s in scenarios)
    assert all(int(s.id.rsplit("-", 1)[1]) >= first_id for s in scenarios)
    assert not {s.id for s in scenarios} & {s.id for s in _before(tag)}


@pytest.mark.parametrize(("tag", "first_id"), ROUNDS)
def test_a_blind_round_has_24_scenarios_a_language_in_the_promised_families(tag: str, first_id: int) -> None:
    scenarios = load_scenarios(_round_path(tag))
    for lang in ("zh", "en"):
        counts = Counter(s.kind for s in scenarios if s.lang == lang)
        if tag in ROUND_COUNTS:
            assert dict(counts) == ROUND_COUNTS[tag], lang
            continue
        moves = sum(counts.pop(kind, 0) for kind in FIFTH_MOVE_KINDS)
        assert (dict(counts), moves) == (FIFTH_COUNTS, 1), lang
    assert len(scenarios) == 48


@pytest.mark.parametrize(("tag", "first_id"), ROUNDS)
def test_a_blind_round_repeats_no_user_utterance_of_the_set(tag: str, first_id: int) -> None:
    said = _user_utterances(load_scenarios(_round_path(tag)))
    earlier = set(_user_utterances(_before(tag)))
    assert [text for text, n in Counter(said).items() if n > 1] == []
    assert [text for text in said if text in earlier] == []


@pytest.mark.parametrize(("tag", "first_id"), ROUNDS)
def test_a_blind_round_has_the_shapes_and_the_ideal_memory_scores_it_right(tag: str, first_id: int) -> None:
    scenarios = load_scenarios(_round_path(tag))
    _check_shapes(scenarios)
    for s in scenarios:
        for ss in s.sessions:
            speakers = [t.speaker for t in ss.turns]
            assert speakers[0] == "user" and "assistant" in speakers, s.id
            assert all(a != b for a, b in pairwise(speakers)), s.id
        if s.kind == "pollution":
            assert s.expect.no_facts and len(s.sessions) >= 2, s.id
    wrong = {s.id: r.failures for s in scenarios if not (r := score_scenario(s, _ideal_observation(s))).correct}
    assert wrong == {}
    for s in scenarios:
        assert score_scenario(s, Observation(user_view=())).correct == (not s.expect.active), s.id


def test_the_set_has_at_least_200_scenarios_half_chinese_half_english(scenarios: list[Scenario]) -> None:
    by_lang = Counter(s.lang for s in scenarios)
    assert len(scenarios) >= 200
    assert by_lang["zh"] == by_lang["en"]


def test_every_family_is_covered_evenly_in_both_languages(scenarios: list[Scenario]) -> None:
    counts = Counter((s.lang, s.kind) for s in scenarios)
    for lang in ("zh", "en"):
        per_family = [counts[(lang, kind)] for kind in FACT_FAMILIES]
        assert min(per_family) >= 6, dict(counts)
        assert max(per_family) - min(per_family) <= 2, dict(counts)


def test_about_a_fifth_is_pollution_said_in_two_sessions(scenarios: list[Scenario]) -> None:
    pollution = [s for s in scenarios if s.kind == "pollution"]
    assert 0.18 <= len(pollution) / len(scenarios) <= 0.25
    for s in pollution:
        assert s.expect.no_facts and not s.expect.active and not s.expect.history, s.id
        assert len(s.sessions) >= 2, f"{s.id}: pollution must recur in two sessions so a wrong fact would promote"
    for s in scenarios:
        assert s.expect.no_facts == (s.kind == "pollution"), s.id


def test_each_fact_family_has_every_pattern(scenarios: list[Scenario]) -> None:
    for lang in ("zh", "en"):
        for kind in FACT_FAMILIES:
            tags = {t for s in scenarios if s.lang == lang and s.kind == kind for t in s.tags}
            wanted = ("immediate", "after_promotion", "single") if kind == "correction" else PATTERNS
            assert set(wanted) <= tags, f"{lang}:{kind} lacks {set(wanted) - tags}"


def test_patterns_have_the_shape_their_tag_promises(scenarios: list[Scenario]) -> None:
    _check_shapes(scenarios)


def _check_shapes(scenarios: list[Scenario]) -> None:
    for s in scenarios:
        if "single" in s.tags:
            assert not s.expect.active and s.expect.not_active, s.id
        if "change" in s.tags or "after_promotion" in s.tags:
            assert s.expect.history and s.expect.not_active, s.id
        if "paraphrase" in s.tags:
            assert len({s_.session_id for s_ in s.sessions}) >= 2 and s.expect.active, s.id
        if s.kind == "project":
            assert any(x.project_id for x in (*s.expect.active, *s.expect.not_active)), s.id
            assert any(x.project_id for x in s.sessions), s.id
        if s.kind == "multi" and "single" not in s.tags:
            assert len(s.expect.active) >= 2, s.id


def test_no_user_utterance_appears_twice_in_the_set(scenarios: list[Scenario]) -> None:
    texts = Counter(t.text.strip() for s in scenarios for ss in s.sessions for t in ss.turns if t.speaker == "user")
    assert [text for text, n in texts.items() if n > 1] == []


def test_every_scenario_has_assistant_turns_between_user_turns(scenarios: list[Scenario]) -> None:
    for s in scenarios:
        assert any(t.speaker == "assistant" for ss in s.sessions for t in ss.turns), s.id
        for ss in s.sessions:
            speakers = [t.speaker for t in ss.turns]
            assert all(a != b for a, b in pairwise(speakers)), s.id


def _ideal_observation(s: Scenario) -> Observation:
    """What a perfect memory would return: one fact per `active` expectation, overridden user facts hidden."""
    facts = [
        SeenFact(f"f{i}", f"k{i}", e.value_any[0], True if e.polarity is None else e.polarity, e.project_id)
        for i, e in enumerate(s.expect.active)
    ]
    user_view = tuple(f for f in facts if not f.project_id)
    project_views = {}
    for project in s.project_ids:
        hidden = [e for e in s.expect.not_active if e.project_id == project]
        inherited = tuple(f for f in user_view if not any(value_matches(e.value_any, f.value) for e in hidden))
        project_views[project] = inherited + tuple(f for f in facts if f.project_id == project)
    histories = {}
    for j, hist in enumerate(s.expect.history):
        current = [
            f
            for f in facts
            if f.project_id == hist.project_id
            and value_matches(hist.new_value_any, f.value)
            and (hist.new_polarity is None or hist.new_polarity == f.polarity)
        ]
        assert current, f"{s.id}: history's new value is not an expected active fact"
        old_polarity = hist.old_polarity is not False
        old = SeenFact(f"old{j}", current[0].key, hist.old_value_any[0], old_polarity, hist.project_id, EXPIRED)
        histories[(hist.project_id, current[0].key)] = (old, current[0])
    assert all(f.status == ACTIVE for f in facts)
    return Observation(user_view=user_view, project_views=project_views, histories=histories)


def test_an_ideal_memory_scores_every_scenario_right(scenarios: list[Scenario]) -> None:
    wrong = {}
    for s in scenarios:
        result = score_scenario(s, _ideal_observation(s))
        if not result.correct:
            wrong[s.id] = result.failures
    assert wrong == {}


def test_an_empty_memory_fails_every_fact_scenario_and_passes_pollution(scenarios: list[Scenario]) -> None:
    for s in scenarios:
        result = score_scenario(s, Observation(user_view=()))
        assert result.correct == (not s.expect.active), s.id
