"""The memory layers' own logic against the in-memory fakes (tests/unit/fakes.py), no Neo4j: promotion after
a second session, versioning (a new value supersedes; nothing is overwritten), conflicts (the stronger
concurrent claim wins, the loser is kept expired), reviewer decisions and corrections, rehearsals that leave
nothing behind, and working sessions (optimistic saves lose no message, close distils once)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from graphmem.clock import ManualClock
from graphmem.embedding.hashing import HashEmbedder
from graphmem.errors import FailedPrecondition, InvalidArgument, NotFound
from graphmem.extraction.facts import CandidateFact, FactKind, Predicate
from graphmem.memory.semantic import SemanticMemory
from graphmem.memory.working import WorkingMemory
from graphmem.model import Episode, FactScopeFilter, FactStatus, Scope, Transition
from graphmem.policy import load_policy
from tests.unit.fakes import FakeExtractionQueue, FakeFactStore, FakeSessionStore, user_episode

T0 = datetime(2026, 5, 1, 12, tzinfo=UTC)
USER = Scope("tenant-a", "alice")


def claim(value: str, confidence: float = 0.8, *, explicit: bool = False, correction: bool = False) -> CandidateFact:
    return CandidateFact(
        subject="user",
        predicate=Predicate.PREFERS_REPLY_STYLE,
        value=value,
        polarity=True,
        kind=FactKind.PREFERENCE,
        fact=f"user prefers {value}",
        evidence=f"I prefer {value}",
        confidence=confidence,
        explicit=explicit,
        language="en",
        correction=correction,
    )


class StatedPreference:
    """An extractor that finds one reply-style preference in any text (extraction has its own tests)."""

    def extract(self, text: str, context: Sequence[str] = ()) -> list[CandidateFact]:
        return [claim("short replies", explicit=True)]


class Layer:
    def __init__(self) -> None:
        self.store = FakeFactStore()
        self.queue = FakeExtractionQueue()
        self.clock = ManualClock(T0)
        policy, _ = load_policy(None)
        self.memory = SemanticMemory(self.store, self.queue, StatedPreference(), HashEmbedder(), policy, self.clock)

    async def say(self, candidate: CandidateFact, session: str, at: datetime, episode: str = "") -> str:
        episode = episode or f"ep-{session}-{at.isoformat()}"
        self.store.add_episode(USER, episode)
        fact = await self.memory.assert_fact(
            USER, candidate, episode_id=episode, session_id=session, occurred_at=at, importance=0.5
        )
        return fact.id


@pytest.fixture
def layer() -> Layer:
    return Layer()


async def test_a_candidate_is_promoted_when_seen_in_a_second_session(layer: Layer) -> None:
    first = await layer.say(claim("short replies"), "s1", T0)
    assert [f.status for f in await layer.memory.candidates(USER)] == [FactStatus.CANDIDATE]
    again = await layer.say(claim("short replies"), "s1", T0 + timedelta(minutes=1))
    assert (
        again == first
        and (await layer.memory.history(USER, (await layer.store.get(USER, first)).key))[0].status
        == FactStatus.CANDIDATE
    )  # the same session twice is one sighting
    await layer.say(claim("short replies"), "s2", T0 + timedelta(days=1))
    active = await layer.memory.list_facts(USER, None, FactScopeFilter.BOTH)
    assert [(f.id, f.status, set(f.session_ids)) for f in active] == [(first, FactStatus.ACTIVE, {"s1", "s2"})]
    assert [a.transition for a in layer.store.tables.audit] == [Transition.PROMOTED]


async def test_an_explicit_statement_is_active_at_once(layer: Layer) -> None:
    fact_id = await layer.say(claim("short replies", explicit=True), "s1", T0)
    assert (await layer.store.get(USER, fact_id)).status == FactStatus.ACTIVE


async def test_a_later_value_supersedes_and_the_old_version_expires_not_overwritten(layer: Layer) -> None:
    old = await layer.say(claim("short replies", explicit=True), "s1", T0)
    later = T0 + timedelta(days=3)
    layer.clock.set(later)
    new = await layer.say(claim("detailed replies", explicit=True), "s2", later)
    old_version, new_version = await layer.store.get(USER, old), await layer.store.get(USER, new)
    assert old_version.status == FactStatus.EXPIRED and old_version.value == "short replies"
    assert old_version.invalid_at == later and old_version.expired_at == later
    assert new_version.status == FactStatus.ACTIVE and new_version.invalid_at is None
    history = await layer.memory.history(USER, new_version.key)
    assert [f.value for f in history] == ["short replies", "detailed replies"]
    as_of_before = await layer.memory.list_facts(USER, T0 + timedelta(days=1), FactScopeFilter.BOTH)
    assert [f.value for f in as_of_before] == ["short replies"]


async def test_concurrent_claims_the_stronger_wins_and_the_loser_is_kept(layer: Layer) -> None:
    strong = await layer.say(claim("short replies", 0.95, explicit=True), "s1", T0)
    weak = await layer.say(claim("bullets", 0.6, explicit=True), "s2", T0 + timedelta(seconds=20))
    assert (await layer.store.get(USER, strong)).status == FactStatus.ACTIVE
    loser = await layer.store.get(USER, weak)
    assert loser.status == FactStatus.EXPIRED and loser.status_reason == "lost_conflict"
    assert loser.invalid_at == loser.valid_at  # an empty validity interval: it was never the truth
    assert len(await layer.memory.history(USER, loser.key)) == 2


async def test_concurrent_writers_of_one_key_leave_one_active_version(layer: Layer) -> None:
    values = ["short replies", "detailed replies", "bullets"] * 4
    await asyncio.gather(
        *(
            layer.say(claim(v, 0.5 + i / 100, explicit=True), f"s{i}", T0 + timedelta(seconds=i))
            for i, v in enumerate(values)
        )
    )
    active = [f for f in await layer.memory.list_facts(USER, None, FactScopeFilter.BOTH)]
    assert len(active) == 1 and active[0].confidence == pytest.approx(0.61)


async def test_reviewer_confirms_and_rejects(layer: Layer) -> None:
    fact_id = await layer.say(claim("short replies"), "s1", T0)
    confirmed = await layer.memory.confirm(USER, fact_id)
    assert confirmed.status == FactStatus.ACTIVE
    rejected = await layer.memory.reject(USER, fact_id, "wrong")
    assert rejected.status == FactStatus.REJECTED and rejected.status_reason == "wrong"
    with pytest.raises(InvalidArgument):
        await layer.memory.confirm(USER, fact_id)
    with pytest.raises(NotFound):
        await layer.memory.confirm(USER, "no-such-fact")
    assert [a.transition for a in layer.store.tables.audit] == [Transition.PROMOTED, Transition.REJECTED]


async def test_a_correction_replaces_the_active_version(layer: Layer) -> None:
    old = await layer.say(claim("short replies", explicit=True), "s1", T0)
    layer.clock.set(T0 + timedelta(hours=1))
    new, replaced = await layer.memory.correct(USER, old, "detailed replies", None, "I prefer detailed replies")
    assert new.status == FactStatus.ACTIVE and new.value == "detailed replies" and new.explicit
    assert replaced.id == old and replaced.status == FactStatus.EXPIRED and replaced.value == "short replies"


async def test_a_rehearsal_records_nothing(layer: Layer) -> None:
    version = await layer.memory.assert_fact(
        USER,
        claim("short replies", explicit=True),
        episode_id="",
        session_id="",
        occurred_at=T0,
        importance=0.5,
        rehearsal=True,
    )
    assert version.value == "short replies"
    assert await layer.store.get(USER, version.id) is None and layer.store.tables.audit == []


async def test_statements_of_a_deleted_episode_are_dropped_by_the_worker(layer: Layer) -> None:
    episode = user_episode(USER, "gone", "I prefer short replies.", T0)
    layer.queue.pending.append(episode)
    assert await layer.memory.drain() == 1
    assert layer.store.tables.facts == {}  # the episode was never stored: nothing of it is kept
    layer.store.add_episode(USER, "kept")
    layer.queue.pending.append(replace_id(episode, "kept"))
    assert await layer.memory.drain() == 1
    assert layer.queue.statuses["kept"][0] == "done" and layer.store.tables.facts


def replace_id(episode: Episode, new_id: str) -> Episode:
    return replace(episode, id=new_id)


# -- working sessions -----------------------------------------------------------------------------------

SESSION = Scope("tenant-a", "alice", session_id="chat-1")


@pytest.fixture
def working() -> tuple[WorkingMemory, FakeSessionStore]:
    store = FakeSessionStore()
    policy, _ = load_policy(None)
    return WorkingMemory(store, policy, ManualClock(T0)), store


async def test_a_session_opens_once_and_appends_in_order(working: tuple[WorkingMemory, FakeSessionStore]) -> None:
    memory, _ = working
    opened = await memory.open(SESSION, ["answer in English"], {"goal": "plan a trip"})
    again = await memory.open(SESSION, ["something else"], {})
    assert again == opened and opened.version == 1
    state = await memory.append(SESSION, [("user", "hello"), ("assistant", "hi there")])
    assert [t.text for t in state.dialogue] == ["hello", "hi there"] and state.version == 2
    with pytest.raises(NotFound):
        await memory.get(Scope("tenant-a", "alice", session_id="other"))


async def test_concurrent_appends_lose_no_message(working: tuple[WorkingMemory, FakeSessionStore]) -> None:
    memory, _ = working
    await memory.open(SESSION, [], {})
    await asyncio.gather(*(memory.append(SESSION, [("user", f"message {i}")]) for i in range(8)))
    state = await memory.get(SESSION)
    assert sorted(t.text for t in state.dialogue) == sorted(f"message {i}" for i in range(8))
    assert state.version == 9


async def test_a_stale_save_is_refused(working: tuple[WorkingMemory, FakeSessionStore]) -> None:
    memory, store = working
    opened = await memory.open(SESSION, [], {})
    await store.save(SESSION, opened, opened.version)
    with pytest.raises(FailedPrecondition):
        await store.save(SESSION, opened, opened.version)


async def test_closing_is_idempotent_and_refuses_more_messages(
    working: tuple[WorkingMemory, FakeSessionStore],
) -> None:
    memory, _ = working
    await memory.open(SESSION, [], {})
    await memory.append(SESSION, [("user", "I prefer short replies, remember that.")])
    closed, drafts = await memory.close(SESSION)
    again, drafts_again = await memory.close(SESSION)
    assert closed.closed_at == T0 and again.closed_at == T0
    assert [d.key for d in drafts] == [d.key for d in drafts_again]
    with pytest.raises(FailedPrecondition):
        await memory.append(SESSION, [("user", "more")])
