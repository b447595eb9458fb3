"""Semantic memory: stable facts about a user or a project as a temporal graph. Candidate facts extracted
from the user's own episodes (after the write is acknowledged, off the request path) are promoted only when
seen in two sessions, asked to be remembered, or confirmed; a changed fact expires the old version instead
of overwriting it. Reads inside a project see the user's facts plus the project's, the project winning.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from graphmem.clock import Clock
from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors
from graphmem.errors import FieldViolation, InvalidArgument, NotFound, StorageUnavailable, UserForgotten
from graphmem.extraction.facts import NAMING, CandidateFact, Predicate
from graphmem.extraction.notes import remembered_names, remembers_back
from graphmem.extraction.recurrence import Topic, leaves_topics, meet, named_by, read_of, recurring_fact, unread
from graphmem.extraction.scope import about_project, as_said, in_place_of, marked, project_fact, set_aside
from graphmem.extraction.sightings import needles
from graphmem.memory.fact_recall import FactRecall, FactView, winning_per_key
from graphmem.memory.promotion import (
    Assertion,
    Plan,
    PromotionRule,
    confirm,
    decide,
    mentionable,
    named_relations,
    names_its_technology,
    reject,
    resumable,
    resumed_by,
    turned,
)
from graphmem.memory.repositories import ExtractionQueue, FactStore, FactUnit
from graphmem.memory.topic_kinds import TopicKinds
from graphmem.model import (
    EarlierWords,
    Episode,
    ExtractionStatus,
    Fact,
    FactScopeFilter,
    FactStatus,
    Scope,
    SearchHit,
    SearchQuery,
    TimeRange,
)
from graphmem.policy import Policy
from graphmem.projects import visible_projects
from graphmem.storage.neo4j.facts import new_fact_id

log = logging.getLogger(__name__)


class EpisodeGone(Exception):
    """The episode a statement was extracted from was deleted before the statement was recorded."""


class Extractor(Protocol):
    """Finds candidate facts, each with its evidence quoted from the text."""

    def extract(self, text: str, context: Sequence[str] = (), asked: str = "") -> list[CandidateFact]:
        """`context`: the speaker's earlier turns of the session, oldest first (what the text may refer back to);
        `asked`: the assistant's turn just before (what a bare answer answers)."""
        ...


CONTEXT_TURNS = 3
"""The user's earlier episodes of a session that extraction reads with an episode ("她的生日是…", "我刚才说错了，是…"),
said at most CONTEXT_WINDOW before it."""
CONTEXT_WINDOW = timedelta(hours=6)

LOOK_BACK_MATCHES = 20

READ_HELD = 20_000
"""Episodes whose "the rules read something" is held for the look back of recurring topics (2.9 MB at 20,000,
measured with tracemalloc)."""
"""Earlier episodes containing a new candidate's value that the look back reads (`_earlier_sightings`)."""

MAX_EXTRACTION_ATTEMPTS = 3
"""Failed extraction attempts after which an episode is quarantined (status "quarantined", never retried)."""


@runtime_checkable
class MentionReader(Protocol):
    """An extractor that can also tell which known values a text names again in a plain first-hand statement."""

    def mentioned(
        self, text: str, values: list[str], polarities: list[bool] | None = None, naming: list[bool] | None = None
    ) -> list[bool]: ...


@runtime_checkable
class TopicReader(Protocol):
    """An extractor that can also read the topics of a text's first-hand clauses (`recurrence.topics`), and
    whether the rules read any fact from a text."""

    def topics(self, text: str) -> list[Topic]: ...

    def extract(self, text: str, context: Sequence[str] = (), asked: str = "") -> list[CandidateFact]: ...


@runtime_checkable
class CorrectionReader(Protocol):
    """An extractor that can also tell which known values a correcting text names as wrong, and what replaces
    each ("it's Bosch, not Siemens")."""

    def replaced(self, text: str, values: list[str]) -> list[str]: ...

    def updated_notes(self, text: str, notes: list[str]) -> list[str]: ...


class _TopicsOf:
    """The topics of one text, read off the event loop on first need and then kept."""

    def __init__(self, reader: TopicReader, text: str) -> None:
        self._reader = reader
        self._text = text
        self._found: list[Topic] | None = None

    async def __call__(self) -> list[Topic]:
        if self._found is None:
            self._found = await asyncio.to_thread(self._reader.topics, self._text)
        return self._found


async def _mentions(reader: MentionReader, text: str, facts: list[Fact]) -> list[bool]:
    """For each fact, whether `text` names its value again, read against its stance (off the event loop)."""
    return await asyncio.to_thread(
        reader.mentioned,
        text,
        [f.value for f in facts],
        [f.polarity for f in facts],
        [f.predicate in NAMING for f in facts],
    )


def corrected_version(old: Fact, value: str, episode: Episode, *, fact_id: str, created_at: datetime) -> Fact:
    """The version of `old`'s key that `episode` states by naming `old`'s value as wrong and `value` instead."""
    fact = old.fact.replace(old.value, value) if old.value and old.value in old.fact else f"{old.key}: {value}"
    return replace(
        old,
        id=fact_id,
        value=value,
        fact=fact,
        evidence=episode.text[:500],
        confidence=0.9,
        status=FactStatus.CANDIDATE,
        status_reason="correction",
        valid_at=episode.occurred_at,
        created_at=created_at,
        invalid_at=None,
        expired_at=None,
        episode_ids=(episode.id,),
        session_ids=(episode.session_id,) if episode.session_id else (),
        explicit=True,
        hit_count=0,
    )


def candidate_version(
    candidate: CandidateFact,
    *,
    fact_id: str,
    project_id: str,
    valid_at: datetime,
    created_at: datetime,
    importance: float,
) -> Fact:
    """The candidate version an extracted statement becomes (before promotion decides its fate)."""
    return Fact(
        id=fact_id,
        key=candidate.key,
        subject=candidate.subject,
        predicate=str(candidate.predicate),
        value=candidate.value,
        polarity=candidate.stance,
        fact=candidate.fact,
        kind=str(candidate.kind),
        status=FactStatus.CANDIDATE,
        confidence=candidate.confidence,
        evidence=candidate.evidence,
        project_id=project_id,
        importance=importance,
        valid_at=valid_at,
        created_at=created_at,
        explicit=candidate.explicit,
        language=candidate.language,
    )


class SemanticMemory:
    """The semantic layer: extraction, promotion, conflicts, reads and recall of facts."""

    def __init__(
        self,
        facts: FactStore,
        episodes: ExtractionQueue,
        extractor: Extractor,
        embedder: Embedder,
        policy: Policy,
        clock: Clock,
    ) -> None:
        self._facts = facts
        self._episodes = episodes
        self._extractor = extractor
        self._embedder = embedder
        self._kinds = TopicKinds(embedder)
        self._read: OrderedDict[str, tuple[tuple[Predicate, str], ...]] = OrderedDict()
        self._clock = clock
        self._recall = FactRecall(facts)
        self.use_policy(policy)
        self._wake = asyncio.Event()
        self._pauses = 0  # pause() calls not yet resumed; the background worker extracts only at 0
        self._worker_pass = asyncio.Lock()  # held by the background worker while it drains
        self.queue_depth = 0
        """Episodes waiting for extraction, as counted at the start of the worker's latest batch minus those
        processed since (a gauge for the metrics endpoint)."""

    def use_policy(self, policy: Policy) -> None:
        """Puts another memory policy in force from the next call on (MemoryService.use_policy)."""
        self._policy = policy
        self._rule = PromotionRule(
            min_sessions=policy.promotion.min_sessions,
            explicit_promotes=policy.promotion.explicit_promotes,
            concurrency_window=timedelta(seconds=policy.promotion.concurrency_window_seconds),
            project_tech_on_resume=policy.promotion.project_tech_on_resume,
        )

    @property
    def extractor(self) -> Extractor:
        return self._extractor

    # -- writes ---------------------------------------------------------------------------------------

    async def _apply(self, unit: FactUnit, plan: Plan, embedding: Sequence[float], episode_id: str) -> None:
        if plan.create is not None:
            await unit.create(plan.create, embedding, episode_id)
        for p in plan.provenance:
            await unit.add_provenance(p.id, p.episode_id, p.session_id)
        for c in plan.changes:
            await unit.set_status(c)

    def _version(self, candidate: CandidateFact, project_id: str, valid_at: datetime, importance: float) -> Fact:
        return candidate_version(
            candidate,
            fact_id=new_fact_id(),
            project_id=project_id,
            valid_at=valid_at,
            created_at=self._clock.now(),
            importance=importance,
        )

    async def assert_fact(
        self,
        scope: Scope,
        candidate: CandidateFact,
        *,
        episode_id: str,
        session_id: str,
        occurred_at: datetime,
        importance: float,
        project_id: str = "",
        rehearsal: bool = False,
    ) -> Fact:
        """Records one extracted statement: a new candidate, more provenance, or a promotion (`rehearsal`:
        the same statements in a transaction that is rolled back; the unrecorded version is returned)."""
        version = replace(
            self._version(candidate, project_id, occurred_at, importance),
            session_ids=(session_id,) if session_id else (),
            episode_ids=(episode_id,) if episode_id else (),
        )
        embedding = (await asyncio.to_thread(self._embedder.embed, [version.fact], EmbedKind.DOCUMENT))[0]
        incoming = Assertion(
            version, episode_id, session_id, explicit=candidate.explicit, correction=candidate.correction
        )
        now = self._clock.now()

        async def work(unit: FactUnit) -> str:
            if episode_id and not await unit.episode_exists(episode_id):
                # deleted while its statements were being extracted: its words must not come back as evidence
                raise EpisodeGone(episode_id)
            plan = decide(await unit.versions(), incoming, self._rule, now)
            await self._apply(unit, plan, embedding.tolist(), episode_id)
            return plan.result_id

        fact_id = await self._facts.under_key_lock(scope, project_id, version.key, now, work, rehearsal=rehearsal)
        return version if rehearsal else await self._get(scope, fact_id)

    async def _record_sighting(
        self,
        scope: Scope,
        version: Fact,
        episode_id: str,
        session_id: str,
        *,
        correction: bool = False,
        resumed: bool = False,
        explicit: bool = False,
    ) -> None:
        """Asserts `version` for an episode that names it (again, or as a correction of the key's value), that
        resumes the project it belongs to (`resumed`), or that asks to remember it (`explicit`)."""
        embedding = (await asyncio.to_thread(self._embedder.embed, [version.fact], EmbedKind.DOCUMENT))[0]
        incoming = Assertion(
            version, episode_id, session_id, explicit=correction or explicit, correction=correction, resumed=resumed
        )
        now = self._clock.now()

        async def work(unit: FactUnit) -> str:
            if not await unit.episode_exists(episode_id):
                raise EpisodeGone(episode_id)
            plan = decide(await unit.versions(), incoming, self._rule, now)
            await self._apply(unit, plan, embedding.tolist(), episode_id)
            return plan.result_id

        await self._facts.under_key_lock(scope, version.project_id, version.key, now, work)

    async def _sightings(
        self, scope: Scope, episode: Episode, stated_keys: set[str], topics: _TopicsOf | None = None
    ) -> int:
        """Candidates whose value this episode names again (in a later session) get another sighting: the
        same claim asserted once more, so the promotion rule decides as for any restatement. An episode in a
        project also resumes it: the technology the project was described with is confirmed (`resumed_by`)."""
        reader = self._extractor
        if not isinstance(reader, MentionReader):
            return 0
        projects = ["", episode.project_id] if episode.project_id else [""]
        rows = await self._facts.by_status(scope, [FactStatus.CANDIDATE], projects)
        pending = [f for f, _ in rows if mentionable(f, episode.session_id, stated_keys)]
        resumed: list[Fact] = []
        candidates = [f for f, _ in rows]
        if self._rule.project_tech_on_resume and any(
            resumable(f, episode.project_id, episode.session_id, stated_keys) for f in candidates
        ):  # which of the project's technologies came first also needs those already active
            active = await self._facts.by_status(scope, [FactStatus.ACTIVE], [episode.project_id])
            resumed = resumed_by(
                candidates + [f for f, _ in active], episode.project_id, episode.session_id, stated_keys
            )
        if not pending and not resumed:
            return 0
        hits = await _mentions(reader, episode.text, pending) if pending else []
        if not all(hits) and isinstance(reader, TopicReader):
            # a value named as a topic of a first-hand clause ("I really, truly dislike beets", "Em dashes again …
            # I really can't stand them") with no other stance
            found = await (topics or _TopicsOf(reader, episode.text))()
            hits = [hit or named_by(found, f.value, f.polarity) for f, hit in zip(pending, hits, strict=True)]
        count = 0
        for fact, hit in zip(pending, hits, strict=True):
            if not hit:
                continue
            version = replace(self._sighting(fact, episode.id, episode.session_id), valid_at=episode.occurred_at)
            await self._record_sighting(scope, version, episode.id, episode.session_id)
            count += 1
        sighted = {f.id for f, hit in zip(pending, hits, strict=True) if hit}
        if resumed and names_its_technology(
            (f for f, hit in zip(pending, hits, strict=True) if hit), episode.project_id
        ):
            resumed = []
        for fact in resumed:
            if fact.id not in sighted:
                version = self._sighting(fact, episode.id, episode.session_id)
                await self._record_sighting(scope, version, episode.id, episode.session_id, resumed=True)
                count += 1
        return count

    async def _remembered_back(self, scope: Scope, episode: Episode, stated_keys: set[str]) -> int:
        """A request to remember someone by a pronoun ("Please remember her", "你把它记下"): the names and kinds of
        the relations and pets the speaker gave earlier in this session, still candidates, are asked to be kept.
        By a name ("Please remember Sheldon"): those of the one with that name."""
        if not episode.session_id:
            return 0
        back = remembers_back(episode.text)  # bounded, linear patterns
        names = set() if back else remembered_names(episode.text)
        if not back and not names:
            return 0
        projects = ["", episode.project_id] if episode.project_id else [""]
        rows = await self._facts.by_status(scope, [FactStatus.CANDIDATE], projects)
        named = named_relations([f for f, _ in rows], names, episode.session_id)
        count = 0
        for fact, _ in rows:
            if fact.predicate != Predicate.RELATION_NAME or fact.key in stated_keys:
                continue
            if not back and fact.key.rpartition(":")[0] not in named:
                continue
            if episode.session_id not in fact.session_ids or episode.id in fact.episode_ids:
                continue
            version = self._sighting(fact, episode.id, episode.session_id)
            await self._record_sighting(scope, version, episode.id, episode.session_id, explicit=True)
            count += 1
        return count

    def _sighting(self, fact: Fact, episode_id: str, session_id: str) -> Fact:
        """`fact`'s claim as seen again in an episode: a new candidate version of it with only that provenance."""
        return replace(
            fact,
            id=new_fact_id(),
            status=FactStatus.CANDIDATE,
            status_reason="",
            created_at=self._clock.now(),
            invalid_at=None,
            expired_at=None,
            session_ids=(session_id,) if session_id else (),
            episode_ids=(episode_id,),
            explicit=False,
            hit_count=0,
        )

    async def _get(self, scope: Scope, fact_id: str) -> Fact:
        fact = await self._facts.get(scope, fact_id)
        if fact is None or fact.project_id not in ("", scope.project_id):
            raise NotFound(f"fact {fact_id} does not exist for this user")
        return fact

    async def confirm(self, scope: Scope, fact_id: str) -> Fact:
        target = await self._get(scope, fact_id)
        if target.status not in (FactStatus.CANDIDATE, FactStatus.ACTIVE):
            raise InvalidArgument(FieldViolation("id", f"fact is {target.status.value}; only candidates confirm"))
        now = self._clock.now()

        async def work(unit: FactUnit) -> None:
            versions = await unit.versions()
            current = next((v for v in versions if v.id == fact_id), target)
            await self._apply(unit, confirm(versions, current, now), [], "")

        await self._facts.under_key_lock(scope, target.project_id, target.key, now, work)
        return await self._get(scope, fact_id)

    async def reject(self, scope: Scope, fact_id: str, reason: str) -> Fact:
        target = await self._get(scope, fact_id)
        if target.status not in (FactStatus.CANDIDATE, FactStatus.ACTIVE):
            raise InvalidArgument(FieldViolation("id", f"fact is {target.status.value}; it cannot be rejected"))
        now = self._clock.now()

        async def work(unit: FactUnit) -> None:
            await self._apply(unit, reject(target, now, reason), [], "")

        await self._facts.under_key_lock(scope, target.project_id, target.key, now, work)
        return await self._get(scope, fact_id)

    async def correct(
        self, scope: Scope, fact_id: str, value: str, polarity: bool | None, statement: str
    ) -> tuple[Fact, Fact]:
        """The user's correction: a new active version of the same key; the corrected one expires."""
        old = await self._get(scope, fact_id)
        now = self._clock.now()
        version = replace(
            old,
            id=new_fact_id(),
            value=value.strip().lower() if value.isascii() else value.strip(),
            polarity=old.polarity if polarity is None else polarity,
            fact=statement,
            evidence=statement,
            confidence=1.0,
            status=FactStatus.CANDIDATE,
            status_reason="correction",
            valid_at=now,
            created_at=now,
            invalid_at=None,
            expired_at=None,
            episode_ids=(),
            session_ids=(scope.session_id,) if scope.session_id else (),
            explicit=True,
            hit_count=0,
        )
        embedding = (await asyncio.to_thread(self._embedder.embed, [statement], EmbedKind.DOCUMENT))[0]
        incoming = Assertion(version, "", scope.session_id, explicit=True, correction=True)

        async def work(unit: FactUnit) -> str:
            plan = decide(await unit.versions(), incoming, self._rule, now)
            await self._apply(unit, plan, embedding.tolist(), "")
            return plan.result_id

        new_id = await self._facts.under_key_lock(scope, old.project_id, old.key, now, work)
        return await self._get(scope, new_id), await self._get(scope, fact_id)

    # -- extraction -----------------------------------------------------------------------------------

    async def extract_episode(self, scope: Scope, episode: Episode) -> int:
        """Extracts and records the facts one episode states; returns how many statements were recorded."""
        context = (
            await self._episodes.said_before(scope, episode, CONTEXT_TURNS, CONTEXT_WINDOW)
            if episode.session_id
            else []
        )
        asked = await self._episodes.asked_before(scope, episode) if episode.session_id else ""
        # a project called by its id alone ("rowan runs on Podman") is read as the project it is
        text = marked(episode.text, episode.project_id) if episode.project_id else episode.text
        if asked:  # a bare answer may answer it
            candidates = await asyncio.to_thread(self._extractor.extract, text, context, asked)
        else:
            candidates = await asyncio.to_thread(self._extractor.extract, text, context)
        if text != episode.text:
            candidates = [as_said(c, episode.project_id) for c in candidates]
        if episode.project_id and candidates:
            candidates = await self._in_place(scope, episode, candidates)
        recorded = 0
        stated_keys: set[str] = set()
        notes_only = True  # nothing but notes stated: the turn may update a note
        fresh: list[Fact] = []  # candidates this episode is the first sighting of
        for stated in candidates:
            if stated.confidence < self._policy.promotion.min_confidence:
                continue
            in_project = project_fact(stated)
            project_id = episode.project_id if in_project else ""
            candidate = about_project(stated, project_id)
            fact = await self.assert_fact(
                scope,
                candidate,
                episode_id=episode.id,
                session_id=episode.session_id,
                occurred_at=episode.occurred_at,
                importance=max(episode.importance, 0.9 if candidate.explicit else 0.5),
                project_id=project_id,
            )
            if (
                fact.status == FactStatus.CANDIDATE
                and not candidate.correction
                and fact.session_ids == (episode.session_id,)
            ):
                fresh.append(fact)
            stated_keys.add(candidate.key)
            notes_only = notes_only and candidate.predicate is Predicate.NOTE
            recorded += 1
        recorded += await self._named_corrections(scope, episode, stated_keys, notes_only)
        recorded += await self._remembered_back(scope, episode, stated_keys)
        recorded += await self._earlier_sightings(scope, episode, fresh)
        # the episode's topics, read once for both steps below (and only if one of them needs them)
        topics = _TopicsOf(self._extractor, episode.text) if isinstance(self._extractor, TopicReader) else None
        recorded += await self._sightings(scope, episode, stated_keys, topics)
        read = read_of(candidates)
        self._remember_read(episode.id, read)
        if topics is not None and leaves_topics(read):  # the clauses the rules read nothing from may still name
            recorded += await self._recurring(scope, episode, topics, read)  # what the user keeps coming back to
        return recorded

    def _remember_read(self, episode_id: str, read: tuple[tuple[Predicate, str], ...]) -> None:
        """What the rules read from an episode (predicate, value), kept for the look backs of later episodes
        (bounded: the least recently used go first)."""
        self._read[episode_id] = read
        self._read.move_to_end(episode_id)
        while len(self._read) > READ_HELD:
            self._read.popitem(last=False)

    async def _reads(self, reader: TopicReader, words: EarlierWords) -> tuple[tuple[Predicate, str], ...]:
        """What the rules read from an earlier episode: as this process extracted it, else read again."""
        known = self._read.get(words.episode_id)
        if known is None:
            known = read_of(await asyncio.to_thread(reader.extract, words.text))
            self._remember_read(words.episode_id, known)
        return known

    async def _in_place(self, scope: Scope, episode: Episode, candidates: list[CandidateFact]) -> list[CandidateFact]:
        """A statement in a project that sets aside a value the user holds beside a value of its own ("so in rowan,
        give me Podman commands, not Docker", "在荔枝里画图都按G2来，别给我整ECharts") puts its value in the place of
        the user's there (`scope.in_place_of`)."""
        rows = await self._facts.by_status(scope, [FactStatus.ACTIVE], [""])
        held = [(f.key, f.predicate, f.value) for f, _ in rows if not f.project_id]
        if not held:
            return candidates
        aside = await asyncio.to_thread(set_aside, episode.text, [value for _, _, value in held])
        return in_place_of(candidates, held, aside) if any(aside) else candidates

    async def _recurring(
        self, scope: Scope, episode: Episode, topics: _TopicsOf, read: tuple[tuple[Predicate, str], ...]
    ) -> int:
        """Topics of this episode's first-hand clauses that the user named in another session too, in clauses the
        rules read nothing from (`read` is what they read from this episode; `recurrence.unread`), with a word of
        stance or habit in either (`recurrence.meet`): each becomes a
        ``recurs`` fact sighted in both episodes, so the promotion rule makes it active. Topics naming a value
        the user has a fact of are left to that fact. A project's words meet only words said in that project."""
        reader = self._extractor
        window = self._policy.promotion.look_back_episodes
        if not isinstance(reader, TopicReader) or window <= 0 or not episode.session_id:
            return 0
        found = unread(await topics(), read)
        if not found:
            return 0
        projects = ["", episode.project_id] if episode.project_id else [""]
        rows = await self._facts.by_status(scope, [FactStatus.ACTIVE, FactStatus.CANDIDATE], projects)
        known = [f.value for f, _ in rows]
        fresh = [t for t in found if not any(named_by([t], v) for v in known)]
        if not fresh:
            return 0
        earlier = await self._episodes.said_elsewhere(
            scope, episode, [n for t in fresh for n in t.needles], window, LOOK_BACK_MATCHES
        )
        count = 0
        for words in earlier:  # newest first
            if words.project_id and words.project_id != episode.project_id:
                continue
            read_then = await self._reads(reader, words)
            if not leaves_topics(read_then):  # the rules read a stance, a setting or a note from that turn already
                continue
            pairs = meet(fresh, unread(await asyncio.to_thread(reader.topics, words.text), read_then))
            kinds = await self._kinds.things_async([now.word for now, _ in pairs])
            for (now, before), thing in zip(pairs, kinds, strict=True):
                fresh.remove(now)
                if not thing:  # a feeling, a quality, an abstraction: nothing the user is known by
                    continue
                stated = recurring_fact(now, before)
                project_id = episode.project_id if project_fact(stated) else ""
                sightings = ((before, words.episode_id, words.session_id), (now, episode.id, episode.session_id))
                for said, episode_id, session_id in sightings:
                    try:
                        await self.assert_fact(
                            scope,
                            replace(stated, evidence=said.clause),
                            episode_id=episode_id,
                            session_id=session_id,
                            occurred_at=episode.occurred_at,
                            importance=episode.importance,
                            project_id=project_id,
                        )
                    except EpisodeGone:
                        if episode_id == episode.id:
                            raise
                        break  # the earlier words were deleted meanwhile: no sighting, no fact
                    count += 1
            if not fresh:
                break
        return count

    async def _earlier_sightings(self, scope: Scope, episode: Episode, fresh: list[Fact]) -> int:
        """New candidates whose value the user named before, in another session, in a plain first-hand statement
        that extraction did not read as the fact ("Berlin has been home for years" before "I live in Berlin"),
        get that earlier sighting: the same claim asserted for the earlier episode, so the promotion rule decides
        as for any restatement. Reads the user's last `promotion.look_back_episodes` episodes, at most
        LOOK_BACK_MATCHES of them containing a value; a project's fact only by words said in that project."""
        reader = self._extractor
        window = self._policy.promotion.look_back_episodes
        pending = [f for f in fresh if mentionable(f, "", set())]
        if not pending or window <= 0 or not isinstance(reader, MentionReader) or not episode.session_id:
            return 0
        wanted = [n for f in pending for n in needles(f.value)]
        earlier = await self._episodes.said_elsewhere(scope, episode, wanted, window, LOOK_BACK_MATCHES)
        # an episode that took the other stance on the same value ("I love coffee" before "I hate coffee") was read
        # already: its mention is no sighting of this stance
        stated: dict[str, set[str]] = {}
        for f in pending:
            versions = await self._facts.history(scope, f.key)
            stated[f.key] = {e for v in versions if turned(v, f) for e in v.episode_ids}
        count = 0
        for words in earlier:  # newest first; each candidate takes the first earlier statement that names it
            open_ = [
                f
                for f in pending
                if (not f.project_id or f.project_id == words.project_id) and words.episode_id not in stated[f.key]
            ]
            if not open_:
                continue
            hits = await _mentions(reader, words.text, open_)
            for fact, hit in zip(open_, hits, strict=True):
                if not hit:
                    continue
                pending.remove(fact)
                version = self._sighting(fact, words.episode_id, words.session_id)
                await self._record_sighting(scope, version, words.episode_id, words.session_id)
                count += 1
            if not pending:
                break
        return count

    async def _named_corrections(
        self, scope: Scope, episode: Episode, stated_keys: set[str], notes_only: bool = False
    ) -> int:
        """Facts this episode names as wrong, with the value to put in their place ("I got that wrong earlier,
        it's Bosch, not Siemens"): each gets a corrected version, as if the user had said it under its key. When
        the episode stated nothing but notes (`notes_only`), an update of a note gives that note its new words."""
        reader = self._extractor
        if not isinstance(reader, CorrectionReader):
            return 0
        projects = ["", episode.project_id] if episode.project_id else [""]
        rows = await self._facts.by_status(scope, [FactStatus.ACTIVE, FactStatus.CANDIDATE], projects)
        known = [f for f, _ in rows if f.key not in stated_keys]
        if not known:
            return 0
        values = await asyncio.to_thread(reader.replaced, episode.text, [f.value for f in known])
        notes = [i for i, f in enumerate(known) if f.predicate == Predicate.NOTE and f.status == FactStatus.ACTIVE]
        if notes and notes_only and not any(values):  # "We're moving the retros to Mondays. Can you update that?"
            updates = await asyncio.to_thread(reader.updated_notes, episode.text, [known[i].value for i in notes])
            for i, value in zip(notes, updates, strict=True):
                values[i] = value
        count = 0
        for fact, value in zip(known, values, strict=True):
            if not value or fact.key in stated_keys:
                continue
            stated_keys.add(fact.key)
            version = corrected_version(fact, value, episode, fact_id=new_fact_id(), created_at=self._clock.now())
            await self._record_sighting(scope, version, episode.id, episode.session_id, correction=True)
            count += 1
        return count

    async def rehearse_extraction(self, scope: Scope, text: str, occurred_at: datetime) -> int:
        """What the extraction worker does with an episode saying `text`, with every statement recorded in a
        transaction that is rolled back; returns how many statements it would record."""
        candidates = await asyncio.to_thread(self._extractor.extract, text)
        for candidate in candidates:
            await self.assert_fact(
                scope, candidate, episode_id="", session_id="", occurred_at=occurred_at, importance=0.5, rehearsal=True
            )
        return len(candidates)

    def wake(self) -> None:
        """Tells the extraction worker that new episodes are pending."""
        self._wake.set()

    async def pause(self) -> None:
        """Stops the background worker (`run_worker`) after the episode it is extracting and returns once it has
        stopped; pending episodes stay queued in the store until `resume`. Pauses nest: the worker runs again
        when each `pause` has had its `resume`. `drain` called directly is not paused."""
        self._pauses += 1
        async with self._worker_pass:
            pass

    def resume(self) -> None:
        """Ends one `pause`; the last one wakes the worker for what queued meanwhile."""
        if self._pauses == 0:
            raise RuntimeError("the extraction worker is not paused")
        self._pauses -= 1
        if self._pauses == 0:
            self._wake.set()

    async def drain(self, scope: Scope | None = None, limit: int = 200) -> int:
        """Extracts every pending episode — only `scope`'s user's when given — in batches; returns how many
        episodes were processed."""
        return await self._drain(limit, scope, lambda: True)

    async def _drain(self, limit: int, scope: Scope | None, going_on: Callable[[], bool]) -> int:
        """`drain`, stopping before the next episode once `going_on()` is false."""
        done = 0
        while True:
            self.queue_depth = await self._episodes.pending_count()
            batch = await self._episodes.pending_extraction(limit, None if scope is None else scope.group_id)
            if not batch:
                return done
            for episode in batch:
                if not going_on():
                    return done
                await self._extract_queued(episode)
                done += 1
                self.queue_depth = max(0, self.queue_depth - 1)

    async def _extract_queued(self, episode: Episode) -> None:
        scope = Scope(episode.tenant_id, episode.user_id, episode.project_id, episode.session_id)
        try:
            count = await self.extract_episode(scope, episode)
            await self._episodes.set_extraction(scope, episode.id, ExtractionStatus.DONE, count)
        except (UserForgotten, EpisodeGone):
            # erased (ForgetUser, DeleteEpisode) while extraction ran: nothing of it is stored
            log.info("extraction dropped: episode erased", extra={"episode": episode.id})
        except (InvalidArgument, ValueError):
            log.exception("fact extraction failed", extra={"episode": episode.id})
            await self._episodes.set_extraction(scope, episode.id, ExtractionStatus.FAILED, 0)
        except StorageUnavailable:
            raise  # an outage is not the episode's fault: the pass ends, the queue waits in Neo4j
        except Exception:  # anything else may be the episode's fault: counted, quarantined at the limit
            await self._attempt_failed(scope, episode.id)

    async def _attempt_failed(self, scope: Scope, episode_id: str) -> None:
        quarantined, attempts = await self._episodes.extraction_failed(scope, episode_id, MAX_EXTRACTION_ATTEMPTS)
        if quarantined:  # logged once, with the traceback of the last attempt; never retried
            log.exception(
                "fact extraction quarantined after repeated failures",
                extra={"episode": episode_id, "attempts": attempts},
            )
        else:
            log.warning(
                "fact extraction attempt failed", extra={"episode": episode_id, "attempts": attempts}, exc_info=True
            )

    async def run_worker(self, interval: float) -> None:
        """Drains the pending queue whenever woken, and every `interval` seconds (crash recovery), unless paused."""
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=interval)
            except TimeoutError:
                pass
            self._wake.clear()
            async with self._worker_pass:
                try:  # paused, the pass only counts the queue (for the gauge)
                    await self._drain(200, None, lambda: self._pauses == 0)
                except Exception:  # the worker must survive an outage; the queue lives in Neo4j
                    log.exception("extraction worker pass failed")

    # -- reads ----------------------------------------------------------------------------------------

    async def list_facts(self, scope: Scope, as_of: datetime | None, which: FactScopeFilter) -> list[Fact]:
        projects = visible_projects(scope, which)
        if as_of is None:
            rows = await self._facts.by_status(scope, [FactStatus.ACTIVE], projects)
            return winning_per_key([f for f, _ in rows])
        return winning_per_key(await self._facts.valid_at(scope, as_of, projects))

    async def history(self, scope: Scope, key: str) -> list[Fact]:
        return await self._facts.history(scope, key)

    async def candidates(self, scope: Scope) -> list[Fact]:
        rows = await self._facts.by_status(scope, [FactStatus.CANDIDATE], visible_projects(scope))
        return sorted((f for f, _ in rows), key=lambda f: f.created_at, reverse=True)

    async def search(
        self,
        query: SearchQuery,
        kind: str,
        window: TimeRange | None,
        archived: bool = False,
        stamp: asyncio.Future[str] | None = None,
        vector: Awaitable[Vectors] | None = None,
    ) -> list[SearchHit]:
        """Current facts (or, with `archived`, archived ones) ranked by the same formula as episodes (no
        neighbours); weak matches left out. Reads the facts from this process's view while it is current.
        `vector` is the query's vector when the caller started the model already.

        With `stamp` (the user's facts stamp, read by the episodic layer in its hits read) the held view is
        ranked while that read runs, and the ranking is kept when the stamp says the view is current."""
        projects = visible_projects(query.scope)
        held = self._recall.held(query.scope, projects, archived) if stamp is not None else None
        early = asyncio.ensure_future(self._ranked(held, query, kind, window, vector)) if held is not None else None
        try:
            view = await self._recall.view(query.scope, projects, archived, stamp)
            if early is not None and view is held:
                return await early
        finally:
            if early is not None and not early.done():
                early.cancel()
        return await self._ranked(view, query, kind, window, vector)

    async def _ranked(
        self,
        view: FactView,
        query: SearchQuery,
        kind: str,
        window: TimeRange | None,
        vector: Awaitable[Vectors] | None = None,
    ) -> list[SearchHit]:
        if not view.facts:
            return []
        # shielded: this ranking may be cancelled (a held view found stale), and the vector is the whole Search's
        given = (await asyncio.shield(vector))[0] if vector is not None else None

        def ranked() -> list[SearchHit]:
            # once per Search: the query memo
            qvec = given if given is not None else self._embedder.embed([query.text], EmbedKind.QUERY)[0]
            return view.ranked(query, qvec, self._policy, kind, window)

        # the query vector, cosines, BM25 over the facts and the rerank are CPU work: off the event loop, in one
        # hand-off
        return await asyncio.to_thread(ranked)

    async def forget(self, group_id: str) -> int:
        return await self._facts.forget(group_id)
