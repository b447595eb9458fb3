"""Promotion and conflict decisions for fact versions of one key: pure functions, `now` injected.

A candidate becomes active once seen in `min_sessions` different sessions, when the user says to remember
it, or when a reviewer confirms it. Activating a version closes the active version of another claim with
the same key (`invalid_at` = the new version's `valid_at`, `expired_at` = now): nothing is deleted. When two
versions compete concurrently (their `valid_at` within the concurrency window, or the newcomer is older),
the higher confidence wins, then more evidence, then the later statement — not simply the later write;
the loser is kept with an empty validity interval (it was never the truth).
A project's technology said inside the project (what it is built with: its language, framework, database) is
confirmed when the user comes back to the project in another session and does not state it anew: that session
counts as its second sighting (:func:`resumable`, reason "project_resumed").
A correction by the user always wins, also over a statement said before it but read after it. Two versions
make the same statement when their claims are equal or one paraphrases the other (:func:`same_statement`): a
paraphrase in another session is another sighting.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from graphmem.extraction.facts import Predicate
from graphmem.model import Fact, FactStatus, StatusChange

LIVE = (FactStatus.CANDIDATE, FactStatus.ACTIVE)

# Traditional → simplified forms of characters common in preference values (food, drink, places, tools).
_T2S = str.maketrans(
    "咖啡茶麵飯魚雞豬牛肉湯菜蘿蔔葱蔥薑蒜辣鹹甜酸乳醬餅糖語書電腦機車車臺灣門開關東學習運動體育圖畫聽說讀寫",
    "咖啡茶面饭鱼鸡猪牛肉汤菜萝卜葱葱姜蒜辣咸甜酸乳酱饼糖语书电脑机车车台湾门开关东学习运动体育图画听说读写",
)


def normalise_name(text: str) -> str:
    """The comparison form of a value or a name: NFKC (full-width → half-width), case folded, inner spacing
    collapsed, common traditional characters simplified."""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_T2S)
    return " ".join(folded.split())


@dataclass(frozen=True)
class Assertion:
    """A fact stated once: the new version it would be, and where it was seen."""

    version: Fact
    episode_id: str
    session_id: str
    explicit: bool
    correction: bool = False
    reviewer: bool = False
    resumed: bool = False
    """The project the version belongs to was resumed in this session (see :func:`resumable`)."""


@dataclass(frozen=True)
class Provenance:
    """Record that a version was seen again in an episode and session."""

    id: str
    episode_id: str
    session_id: str


@dataclass
class Plan:
    """What to write, in order: a new version (if any), provenance, then status changes."""

    create: Fact | None = None
    provenance: list[Provenance] = field(default_factory=list)
    changes: list[StatusChange] = field(default_factory=list)
    result_id: str = ""


@dataclass(frozen=True)
class PromotionRule:
    """The promotion rule of the policy."""

    min_sessions: int
    explicit_promotes: bool
    concurrency_window: timedelta
    project_tech_on_resume: bool = True


# Stances on an object, whose polarity says whether the stance is positive: "I don't eat cilantro" and "I can't
# stand cilantro" (both False) are two sightings of one negative stance.
_STANCES = frozenset({"likes", "dislikes", "avoids", "allergic_to"})
_FILLER = re.compile(r"[\s\W_的]+")
_WORD = re.compile(r"[^\W_]+")


def _comparable(value: str) -> str:
    return _FILLER.sub(" ", normalise_name(value)).strip()


def same_value(a: str, b: str) -> bool:
    """Whether two values name the same thing: equal after normalisation (case, width, spacing, "的",
    punctuation, a final English plural "s"), or one contained in the other — whole words for Latin script
    ("jazz" / "jazz music"), two or more characters for Chinese ("乌龙茶" / "乌龙茶叶")."""
    x, y = _comparable(a), _comparable(b)
    if not x or not y:
        return False
    if x == y or x.replace(" ", "") == y.replace(" ", ""):
        return True
    short, long = sorted((x, y), key=len)
    if short.isascii() and long.isascii():
        sw = [w.removesuffix("s") for w in _WORD.findall(short)]
        lw = [w.removesuffix("s") for w in _WORD.findall(long)]
        return bool(sw) and any(lw[i : i + len(sw)] == sw for i in range(len(lw) - len(sw) + 1))
    return not short.isascii() and len(short) >= 2 and short in long


def same_statement(a: Fact, b: Fact) -> bool:
    """Whether two versions of one key state the same thing: the same claim, or the same predicate and polarity (or,
    for stances on an object — likes / dislikes / avoids / allergic to — the same stance for or against it), with
    values that :func:`same_value` equates."""
    if a.claim == b.claim:
        return True
    # (a fact's polarity is its stance: "我对花生过敏" and "花生我是一点都不能碰的" keep off the same thing)
    same_stance = a.polarity == b.polarity and (
        a.predicate == b.predicate or (a.predicate in _STANCES and b.predicate in _STANCES)
    )
    return same_stance and same_value(a.value, b.value)


def turned(a: Fact, b: Fact) -> bool:
    """Whether two versions of one key take opposite stances on the same value ("I love coffee" / "I hate
    coffee")."""
    return same_value(a.value, b.value) and not same_statement(a, b)


def mentionable(candidate: Fact, session_id: str, stated_keys: set[str]) -> bool:
    """Whether a later mention of this candidate's value may count as another sighting of it: a candidate not
    seen in this session, whose key this episode did not state anew, with a value specific enough to be named
    (two or more Chinese characters, three or more Latin ones)."""
    if candidate.status != FactStatus.CANDIDATE or candidate.key in stated_keys:
        return False
    if session_id and session_id in candidate.session_ids:
        return False
    value = candidate.value.strip()
    return len(value) >= (3 if value.isascii() else 2)


# What a project is built with: a property of the project rather than a passing preference.
_PROJECT_TECH = frozenset({Predicate.USES_TECH, Predicate.USES_LANGUAGE})


def resumable(candidate: Fact, project_id: str, session_id: str, stated_keys: set[str]) -> bool:
    """Whether resuming project `project_id` in session `session_id` may confirm this candidate: a technology
    of that very project, said in another of its sessions, whose key this episode did not state anew."""
    return (
        bool(project_id)
        and candidate.project_id == project_id
        and candidate.status == FactStatus.CANDIDATE
        and candidate.predicate in _PROJECT_TECH
        and candidate.key not in stated_keys
        and bool(session_id)
        and session_id not in candidate.session_ids
    )


def resumed_by(facts: list[Fact], project_id: str, session_id: str, stated_keys: set[str]) -> list[Fact]:
    """The candidates that resuming project `project_id` in session `session_id` confirms: of the
    technologies one statement gave the project, the one it names first — what the project is ("burdock is
    our booking API, NestJS with Prisma on Postgres" → NestJS) — if it is still :func:`resumable`. The others
    wait for a sighting of their own. `facts`: the project's live versions."""
    first: dict[tuple[str, str], tuple[int, Fact]] = {}
    for fact in facts:
        if fact.project_id != project_id or fact.predicate not in _PROJECT_TECH or fact.status not in LIVE:
            continue
        said = (fact.episode_ids[0] if fact.episode_ids else "", fact.evidence)
        at = normalise_name(fact.evidence).find(normalise_name(fact.value))
        rank = at if at >= 0 else len(fact.evidence)
        if said not in first or rank < first[said][0]:
            first[said] = (rank, fact)
    return [fact for _, fact in first.values() if resumable(fact, project_id, session_id, stated_keys)]


def named_relations(facts: Iterable[Fact], names: set[str], session_id: str) -> set[str]:
    """The relations a request to remember names (`names`, casefolded: "Please remember Sheldon"): the key
    prefixes ("user|pet:crab") of the relation-name candidates said in session `session_id` with one of those
    names, so that the name and what else the session said of them (its kind) are kept together."""
    return {
        f.key.rpartition(":")[0]
        for f in facts
        if f.predicate == Predicate.RELATION_NAME
        and session_id in f.session_ids
        and f.value.casefold() in names
        and ":" in f.key
    }


def names_its_technology(sighted: Iterable[Fact], project_id: str) -> bool:
    """Whether the return to project `project_id` names a technology of the project itself (one of `sighted`,
    the candidates this episode named again): then its own sightings confirm what it names, and the project
    resumed confirms nothing more ("…OpenCV里咋把它拉正？" confirms OpenCV, not the Python named before it)."""
    return bool(project_id) and any(f.project_id == project_id and f.predicate in _PROJECT_TECH for f in sighted)


def _strength(version: Fact) -> tuple[float, int, datetime]:
    return version.confidence, len(version.episode_ids), version.valid_at


def _activate(
    target: Fact, versions: list[Fact], plan: Plan, now: datetime, reason: str, window: timedelta | None
) -> None:
    """Makes `target` the active version of its key, or records why it is not.

    `window` None forces the target in (a correction or a reviewer). Otherwise a target stated after the
    current version (beyond the window) supersedes it; one stated within the window competes on strength;
    one stated before it becomes history that ended when the current version began.
    """
    current = next((v for v in versions if v.status == FactStatus.ACTIVE and v.id != target.id), None)
    if current is None:
        plan.changes.append(StatusChange(target.id, FactStatus.ACTIVE, reason))
        return
    if same_statement(current, target):  # the same statement is already current
        return
    if window is not None and current.status_reason == "correction" and target.valid_at <= current.valid_at:
        # the user corrected this before it was read (extraction order is not the order said): history
        plan.changes.append(StatusChange(target.id, FactStatus.EXPIRED, "superseded", current.valid_at, now))
        return
    if window is None or target.valid_at > current.valid_at + window:
        plan.changes.append(StatusChange(current.id, FactStatus.EXPIRED, "superseded", target.valid_at, now))
        plan.changes.append(StatusChange(target.id, FactStatus.ACTIVE, reason))
    elif abs(target.valid_at - current.valid_at) <= window:
        if _strength(target) > _strength(current):
            plan.changes.append(StatusChange(current.id, FactStatus.EXPIRED, "lost_conflict", current.valid_at, now))
            plan.changes.append(StatusChange(target.id, FactStatus.ACTIVE, reason))
        else:
            plan.changes.append(StatusChange(target.id, FactStatus.EXPIRED, "lost_conflict", target.valid_at, now))
    else:
        plan.changes.append(StatusChange(target.id, FactStatus.EXPIRED, "superseded", current.valid_at, now))


def decide(versions: list[Fact], incoming: Assertion, rule: PromotionRule, now: datetime) -> Plan:
    """The writes that record `incoming` against the existing versions of its key (same scope)."""
    plan = Plan()
    new = incoming.version
    same = next((v for v in versions if v.status in LIVE and v.claim == new.claim), None)
    if same is None and not incoming.correction:
        same = next((v for v in versions if v.status in LIVE and same_statement(v, new)), None)
    if incoming.correction:
        plan.create = replace(new, status=FactStatus.CANDIDATE)
        plan.result_id = new.id
        _activate(plan.create, versions, plan, now, "correction", None)
        return plan
    if same is None:
        target = replace(new, status=FactStatus.CANDIDATE, status_reason="extracted")
        plan.create = target
        sessions = {incoming.session_id} - {""}
    else:
        target = same
        plan.provenance.append(Provenance(same.id, incoming.episode_id, incoming.session_id))
        sessions = (set(same.session_ids) | {incoming.session_id}) - {""}
    plan.result_id = target.id
    if target.status == FactStatus.ACTIVE:
        return plan
    reason = ""
    if incoming.explicit and rule.explicit_promotes:
        reason = "explicit"
    elif incoming.resumed:  # its own rule, not a sighting of the words
        reason = "project_resumed" if rule.project_tech_on_resume and len(sessions) >= 2 else ""
    elif len(sessions) >= rule.min_sessions:
        reason = "seen_in_sessions"
    if reason:
        _activate(target, versions, plan, now, reason, rule.concurrency_window)
    return plan


def confirm(versions: list[Fact], target: Fact, now: datetime) -> Plan:
    """A reviewer's confirmation: the target becomes active, replacing another claim's active version."""
    plan = Plan(result_id=target.id)
    if target.status == FactStatus.ACTIVE:
        return plan
    _activate(target, versions, plan, now, "reviewer", None)
    return plan


def reject(target: Fact, now: datetime, reason: str) -> Plan:
    """A reviewer's rejection: the version leaves current memory and stays in the history."""
    invalid_at = now if target.status == FactStatus.ACTIVE else target.valid_at
    return Plan(
        changes=[StatusChange(target.id, FactStatus.REJECTED, reason or "rejected", invalid_at, now)],
        result_id=target.id,
    )
