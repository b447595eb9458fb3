"""The look back for a new candidate (`SemanticMemory._earlier_sightings`) against the in-memory fakes and the
real rule extractor: the user's earlier words in another session that name the new candidate's value count as
its second sighting; a question, someone else's clause, the same session, another project, a window of 0 or an
episode outside the window do not."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from graphmem.clock import ManualClock
from graphmem.embedding.hashing import HashEmbedder
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.sightings import needles
from graphmem.memory.semantic import SemanticMemory
from graphmem.model import Episode, FactScopeFilter, FactStatus, Scope
from graphmem.policy import load_policy
from tests.unit.fakes import FakeExtractionQueue, FakeFactStore, user_episode

T0 = datetime(2026, 5, 1, 12, tzinfo=UTC)
USER = Scope("tenant-a", "alice")
EXTRACTOR = RuleExtractor()


class Memory:
    def __init__(self, look_back: int | None = None) -> None:
        self.store = FakeFactStore()
        self.queue = FakeExtractionQueue(self.store.tables.episodes)
        policy, _ = load_policy(None)
        if look_back is not None:
            policy = policy.model_copy(
                update={"promotion": policy.promotion.model_copy(update={"look_back_episodes": look_back})}
            )
        self.memory = SemanticMemory(
            self.store, self.queue, EXTRACTOR, HashEmbedder(), policy, ManualClock(T0 + timedelta(days=30))
        )
        self.seq = 0

    async def said(self, text: str, session: str, day: int, project: str = "") -> Episode:
        self.seq += 1
        at = T0 + timedelta(days=day)
        episode = replace(user_episode(USER, f"ep{self.seq}", text, at, session), seq=self.seq, project_id=project)
        self.store.add_episode(USER, episode.id)
        self.queue.pending.append(episode)
        await self.memory.drain()
        return episode

    async def active(self, project: str = "") -> list[tuple[str, str, frozenset[str]]]:
        scope = replace(USER, project_id=project)
        facts = await self.memory.list_facts(scope, None, FactScopeFilter.BOTH)
        return [(f.key, f.value, frozenset(f.session_ids)) for f in facts]


async def test_earlier_words_in_another_session_are_the_second_sighting_of_a_new_candidate() -> None:
    m = Memory()
    # not read as a fact on its own (a trip that went well), but it names the seat first-hand
    first = await m.said("Booked the Oslo trip, got an aisle seat, obviously. I can't do the window.", "s1", 0)
    assert await m.active() == []
    await m.said("Aisle seat or nothing for me, I'm up every hour on a plane.", "s2", 5)
    [(key, value, sessions)] = await m.active()
    assert value == "aisle seat" and sessions == {"s1", "s2"}
    history = await m.memory.history(USER, key)
    assert [(f.status, first.id in f.episode_ids) for f in history] == [(FactStatus.ACTIVE, True)]


async def test_chinese_earlier_words_count_too() -> None:
    m = Memory()
    await m.said("帮我点个外卖，随便啥都行，只要别有茄子，那种软趴趴的口感我从小就受不了", "s1", 0)
    await m.said("这家的招牌是鱼香茄子？那算了，换一家，茄子我是真的一口都不碰", "s2", 3)
    assert [(v, s) for _, v, s in await m.active()] == [("茄子", frozenset({"s1", "s2"}))]


async def test_a_question_someone_elses_words_or_the_same_session_do_not_count() -> None:
    for earlier, session in (
        ("Is an aisle seat better on long flights?", "s1"),  # a question
        ("My sister always books an aisle seat.", "s1"),  # someone else's
        ("Booked the Oslo trip, got an aisle seat, obviously.", "s2"),  # the same session as the statement
    ):
        m = Memory()
        await m.said(earlier, session, 0)
        await m.said("Aisle seat or nothing for me, I'm up every hour on a plane.", "s2", 5)
        assert await m.active() == [], earlier
        assert [f.status for f in await m.memory.candidates(USER)] == [FactStatus.CANDIDATE]


async def test_a_projects_fact_is_sighted_only_by_words_said_in_that_project() -> None:
    for project, active in (("other", []), ("alpha", ["single quotes"])):
        m = Memory()
        await m.said("Redo this with single quotes, that's how this codebase does strings.", "s1", 0, project)
        await m.said("In this project we use single quotes for strings.", "s2", 5, "alpha")
        assert [v for _, v, _ in await m.active("alpha") if "quote" in v] == active, project


async def test_the_look_back_is_bounded_by_the_policy_window() -> None:
    for window, promoted in ((0, False), (2, False), (2000, True)):
        m = Memory(window)
        await m.said("Booked the Oslo trip, got an aisle seat, obviously.", "s1", 0)
        for i in range(2):  # two episodes between: outside a window of 2
            await m.said(f"thanks, that was helpful number {i}", "s3", 1 + i)
        await m.said("Aisle seat or nothing for me, I'm up every hour on a plane.", "s2", 5)
        assert bool(await m.active()) is promoted, window


def test_needles_cover_the_forms_a_mention_may_take() -> None:
    assert needles("country music")[0] == "country"  # the core, then its stem
    assert "pharmac" in needles("pharmacist")
    assert "mongo" in needles("mongodb")
    assert needles("科幻小说") == ["科幻"]


async def test_earlier_words_taking_the_other_stance_are_no_sighting() -> None:
    m = Memory()
    await m.said("I love coffee.", "s1", 0)
    await m.said("I hate coffee.", "s2", 5)  # names coffee, but the earlier episode said the opposite
    assert await m.active() == []
    assert {(f.value, f.polarity) for f in await m.memory.candidates(USER)} == {("coffee", True), ("coffee", False)}
