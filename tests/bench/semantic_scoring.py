"""Scoring of the frozen semantic-memory set: what graphmem returned against what each scenario expects.

Pure functions over plain data (no gRPC), so the matcher is unit-tested on hand-made results.

Views. The user's view is ListFacts without a project (user facts only); a project's view is ListFacts in
that project (the user's facts plus the project's, the project winning on a key). An expectation with
`project_id` "" is checked in the user's view; one with a project id in that project's view, where an `active`
one must be matched by a fact whose own `project_id` is that project.

Matching. A fact matches an expectation when one of `value_any` is a case-insensitive substring of the fact's
value and the polarity agrees (None accepts either). One fact may satisfy several expectations (a value such as
"Pepper and Salt"), and several facts may satisfy one (duplicates are not counted as wrong).

Precision counts every active fact once: the user's view, plus each project's own facts in its view. A fact
is correct when it matches an `active` expectation of its own view. A scenario is right when every `active`
expectation is matched, no `not_active` one is, every `history` one holds, it has no unexpected active fact,
and — for pollution (`no_facts`) — there is neither an active nor a candidate fact.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tests.bench.semantic_scenarios import FactExpectation, HistoryExpectation, Scenario

ACTIVE = "active"
EXPIRED = "expired"


@dataclass(frozen=True)
class SeenFact:
    """One fact as the API returned it (only what scoring reads)."""

    id: str
    key: str
    value: str
    polarity: bool
    project_id: str = ""
    status: str = ACTIVE
    fact: str = ""


@dataclass(frozen=True)
class Observation:
    """Everything read back for one scenario.

    `project_views` maps a project id to ListFacts in that project; `histories` maps (project id, key) to
    GetFactHistory's versions, oldest first; `candidates` are ListCandidates of the user and of each project.
    """

    user_view: tuple[SeenFact, ...]
    project_views: Mapping[str, tuple[SeenFact, ...]] = field(default_factory=dict)
    candidates: tuple[SeenFact, ...] = ()
    histories: Mapping[tuple[str, str], tuple[SeenFact, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class ScenarioResult:
    """The verdict on one scenario, with the reasons when it is wrong."""

    id: str
    lang: str
    kind: str
    tags: tuple[str, ...]
    correct: bool
    expectations_hold: bool
    active_facts: int
    matched_facts: int
    expected_active: int
    found_active: int
    history_expected: int
    history_held: int
    pollution: bool
    pollution_active: int
    pollution_candidates: int
    failures: tuple[str, ...]
    facts: tuple[str, ...]
    candidates: tuple[str, ...] = ()


def value_matches(forms: Iterable[str], value: str) -> bool:
    """True when one surface form is a case-insensitive substring of the value."""
    folded = value.casefold()
    return any(form.casefold() in folded for form in forms)


def polarity_matches(expected: bool | None, polarity: bool) -> bool:
    return expected is None or expected == polarity


def fact_matches(expectation: FactExpectation, fact: SeenFact) -> bool:
    return value_matches(expectation.value_any, fact.value) and polarity_matches(expectation.polarity, fact.polarity)


def view(observation: Observation, project_id: str) -> tuple[SeenFact, ...]:
    """The facts a reader in that project (or, for "", outside any project) sees."""
    if not project_id:
        return observation.user_view
    return tuple(observation.project_views.get(project_id, ()))


def own_facts(observation: Observation) -> list[tuple[str, SeenFact]]:
    """Every active fact once, with the view it belongs to: user facts, then each project's own facts."""
    seen: set[str] = set()
    out: list[tuple[str, SeenFact]] = []
    for fact in observation.user_view:
        if fact.id not in seen:
            seen.add(fact.id)
            out.append(("", fact))
    for project_id, facts in observation.project_views.items():
        for fact in facts:
            if fact.project_id == project_id and fact.id not in seen:
                seen.add(fact.id)
                out.append((project_id, fact))
    return out


def active_found(expectation: FactExpectation, observation: Observation) -> bool:
    facts = view(observation, expectation.project_id)
    if expectation.project_id:
        facts = tuple(f for f in facts if f.project_id == expectation.project_id)
    return any(fact_matches(expectation, f) for f in facts)


def inactive_violated(expectation: FactExpectation, observation: Observation) -> bool:
    return any(fact_matches(expectation, f) for f in view(observation, expectation.project_id))


def history_holds(expectation: HistoryExpectation, observation: Observation) -> bool:
    """The current fact with the new value has, earlier in its key's history, a closed version with the old."""
    current = [
        f
        for f in view(observation, expectation.project_id)
        if value_matches(expectation.new_value_any, f.value) and polarity_matches(expectation.new_polarity, f.polarity)
    ]
    for fact in current:
        versions = observation.histories.get((expectation.project_id, fact.key), ())
        ids = [v.id for v in versions]
        upto = ids.index(fact.id) if fact.id in ids else len(versions)
        if any(
            v.status != ACTIVE
            and value_matches(expectation.old_value_any, v.value)
            and polarity_matches(expectation.old_polarity, v.polarity)
            for v in versions[:upto]
        ):
            return True
    return False


def describe(fact: SeenFact, project_id: str) -> str:
    where = f"@{project_id}" if project_id else ""
    return f"{fact.key}={fact.value!r}{'' if fact.polarity else ' (neg)'}{where}"


def score_scenario(scenario: Scenario, observation: Observation) -> ScenarioResult:
    """Judge one scenario against what was read back."""
    expect = scenario.expect
    failures: list[str] = []
    found = 0
    for e in expect.active:
        if active_found(e, observation):
            found += 1
        else:
            failures.append(f"missing active {list(e.value_any)} polarity={e.polarity} project={e.project_id!r}")
    for e in expect.not_active:
        if inactive_violated(e, observation):
            failures.append(f"should not be active {list(e.value_any)} project={e.project_id!r}")
    held = 0
    for h in expect.history:
        if history_holds(h, observation):
            held += 1
        else:
            failures.append(f"no history {list(h.old_value_any)} -> {list(h.new_value_any)}")
    expectations_hold = not failures

    facts = own_facts(observation)
    by_view: dict[str, list[FactExpectation]] = defaultdict(list)
    for e in expect.active:
        by_view[e.project_id].append(e)
    matched = 0
    for project_id, fact in facts:
        if any(fact_matches(e, fact) for e in by_view.get(project_id, [])):
            matched += 1
        else:
            failures.append(f"unexpected active {describe(fact, project_id)}")
    pollution_candidates = len({c.id for c in observation.candidates}) if expect.no_facts else 0
    if expect.no_facts and pollution_candidates:
        failures.append(f"{pollution_candidates} candidate fact(s) from pollution")
    return ScenarioResult(
        id=scenario.id,
        lang=scenario.lang,
        kind=scenario.kind,
        tags=scenario.tags,
        correct=not failures,
        expectations_hold=expectations_hold,
        active_facts=len(facts),
        matched_facts=matched,
        expected_active=len(expect.active),
        found_active=found,
        history_expected=len(expect.history),
        history_held=held,
        pollution=expect.no_facts,
        pollution_active=len(facts) if expect.no_facts else 0,
        pollution_candidates=pollution_candidates,
        failures=tuple(failures),
        facts=tuple(describe(f, p) for p, f in facts),
        candidates=tuple(describe(c, c.project_id) for c in observation.candidates),
    )


@dataclass(frozen=True)
class Rate:
    """A count of right cases out of all cases."""

    right: int
    total: int

    @property
    def percent(self) -> float:
        return 100.0 * self.right / self.total if self.total else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {"right": self.right, "total": self.total, "percent": round(self.percent, 1)}


def _accuracy(results: Sequence[ScenarioResult]) -> Rate:
    return Rate(sum(r.correct for r in results), len(results))


def summarise(results: Sequence[ScenarioResult]) -> dict[str, object]:
    """The report: accuracy per language and kind, precision, recall, pollution, project and history figures."""
    by_lang: dict[str, list[ScenarioResult]] = defaultdict(list)
    by_kind: dict[str, list[ScenarioResult]] = defaultdict(list)
    by_tag: dict[str, list[ScenarioResult]] = defaultdict(list)
    for r in results:
        by_lang[r.lang].append(r)
        by_kind[r.kind].append(r)
        for tag in r.tags:
            by_tag[tag].append(r)
    facts = [r for r in results if not r.pollution]
    pollution = [r for r in results if r.pollution]
    project = [r for r in results if r.kind == "project"]
    with_history = [r for r in results if r.history_expected]
    return {
        "scenarios": len(results),
        "accuracy": _accuracy(results).as_dict(),
        "accuracy_fact_scenarios": _accuracy([r for r in results if r.expected_active]).as_dict(),
        "accuracy_expectations_only": Rate(sum(r.expectations_hold for r in results), len(results)).as_dict(),
        "accuracy_by_lang": {k: _accuracy(v).as_dict() for k, v in sorted(by_lang.items())},
        "accuracy_by_kind": {k: _accuracy(v).as_dict() for k, v in sorted(by_kind.items())},
        "accuracy_by_lang_kind": {
            f"{lang}:{kind}": _accuracy([r for r in v if r.kind == kind]).as_dict()
            for lang, v in sorted(by_lang.items())
            for kind in sorted({r.kind for r in v})
        },
        "accuracy_by_tag": {k: _accuracy(v).as_dict() for k, v in sorted(by_tag.items())},
        "precision": Rate(sum(r.matched_facts for r in facts), sum(r.active_facts for r in facts)).as_dict(),
        "recall": Rate(sum(r.found_active for r in facts), sum(r.expected_active for r in facts)).as_dict(),
        "pollution": {
            "scenarios": len(pollution),
            "clean": sum(r.correct for r in pollution),
            "active_facts": sum(r.pollution_active for r in pollution),
            "candidate_facts": sum(r.pollution_candidates for r in pollution),
            "scenarios_with_active": sum(r.pollution_active > 0 for r in pollution),
            "scenarios_with_candidates": sum(r.pollution_candidates > 0 for r in pollution),
        },
        "project_override": _accuracy(project).as_dict(),
        "history": Rate(
            sum(r.history_held for r in with_history), sum(r.history_expected for r in with_history)
        ).as_dict(),
        "history_scenarios": _accuracy(with_history).as_dict(),
    }
