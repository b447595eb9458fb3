"""Later sessions' mentions of a candidate fact, through the service against the real Neo4j: a mention whose
negation agrees with the candidate's stance is a second sighting that promotes it; one that turns to the
value is none."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from graphmem.model import EpisodeDraft, FactScopeFilter, Scope
from graphmem.service import MemoryService
from tests.conftest import GOAT_TURNS, make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


async def test_a_negated_mention_in_a_later_session_promotes_a_negative_candidate(
    require_neo4j: str, tmp_path: Path
) -> None:
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    agrees, turns = Scope("tenant-a", unique("stance")), Scope("tenant-a", unique("stance"))
    first = EpisodeDraft("a", "香菜这东西我是真的接受不了，一丢丢都不行", T0, "s1", "user")
    try:
        later = {
            agrees: "今天食堂的汤里飘了几片香菜，我直接不喝了",
            turns: "说来奇怪，我最近开始喜欢吃香菜了，一点都不排斥",
        }
        for scope, text in later.items():  # the first session is extracted before the later one is written
            await service.add_episodes(scope, [first])
            await service.extract_pending(scope)
            await service.add_episodes(scope, [EpisodeDraft("b", text, T0 + timedelta(days=2), "s2", "user")])
            await service.extract_pending(scope)
        (fact,) = await service.list_facts(agrees, None, FactScopeFilter.BOTH)
        assert (fact.key, fact.polarity, set(fact.session_ids)) == ("user|taste|香菜", False, {"s1", "s2"})
        assert [f.key for f in await service.list_facts(turns, None, FactScopeFilter.BOTH)] == []
    finally:
        await service.forget_user(agrees)
        await service.forget_user(turns)
        await service.close()


async def test_earlier_words_in_another_session_promote_a_new_candidate(require_neo4j: str, tmp_path: Path) -> None:
    """The look back reads the user's earlier episodes in Neo4j: words in another session that named the value
    before it was stated (and were not read as the fact) are its second sighting; the assistant's words and
    another project's are not."""
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    en, zh, assistant_said = (Scope("tenant-a", unique("lookback")) for _ in range(3))
    later = "Aisle seat or nothing for me, I'm up every hour on a plane."
    trip = "Booked the Oslo trip, got an aisle seat, obviously. I can't do the window."
    takeaway = "帮我点个外卖，随便啥都行，只要别有茄子，那种软趴趴的口感我从小就受不了"
    said = {
        en: [EpisodeDraft("a", trip, T0, "s1", "user")],
        zh: [EpisodeDraft("a", takeaway, T0, "s1", "user")],
        assistant_said: [
            EpisodeDraft("a", "Booked the Oslo trip, got an aisle seat, obviously.", T0, "s1", "assistant"),
        ],
    }  # fmt: skip
    then = {en: later, zh: "这家的招牌是鱼香茄子？那算了，换一家，茄子我是真的一口都不碰", assistant_said: later}
    try:
        for scope, drafts in said.items():
            await service.add_episodes(scope, drafts)
            await service.extract_pending(scope)
            assert await service.list_facts(scope, None, FactScopeFilter.BOTH) == []
            await service.add_episodes(scope, [EpisodeDraft("b", then[scope], T0 + timedelta(days=3), "s2", "user")])
            await service.extract_pending(scope)
        (seat,) = await service.list_facts(en, None, FactScopeFilter.BOTH)
        assert (seat.value, set(seat.session_ids), len(seat.episode_ids)) == ("aisle seat", {"s1", "s2"}, 2)
        (eggplant,) = await service.list_facts(zh, None, FactScopeFilter.BOTH)
        assert (eggplant.value, eggplant.polarity, set(eggplant.session_ids)) == ("茄子", False, {"s1", "s2"})
        assert await service.list_facts(assistant_said, None, FactScopeFilter.BOTH) == []  # the assistant's words
        assert [f.value for f in await service.list_candidates(assistant_said)] == ["aisle seat"]
        # a project's fact: words said in another project of the user do not sight it, words said in it do
        for earlier, promoted in (("other", False), ("alpha", True)):
            user = unique("lookback")
            said[Scope("tenant-a", user)] = []
            first = EpisodeDraft(
                "a", "Redo this with single quotes, that's how this codebase does strings.", T0, "s1", "user"
            )
            await service.add_episodes(Scope("tenant-a", user, earlier), [first])
            alpha = Scope("tenant-a", user, "alpha")
            then_ = EpisodeDraft(
                "b", "In this project we use single quotes for strings.", T0 + timedelta(days=3), "s2", "user"
            )
            await service.add_episodes(alpha, [then_])
            await service.extract_pending(alpha)
            facts = await service.list_facts(alpha, None, FactScopeFilter.PROJECT)
            assert [(f.value, f.project_id) for f in facts] == ([("single quotes", "alpha")] if promoted else []), (
                earlier
            )
    finally:
        for scope in said:
            await service.forget_user(scope)
        await service.close()


async def test_resuming_a_project_confirms_the_technology_it_was_described_with(
    require_neo4j: str, tmp_path: Path
) -> None:
    """A project described inside the project ("burdock is our booking API, NestJS with Prisma on Postgres")
    and resumed in another session: the technology named first becomes the project's active fact (reason
    "project_resumed"), the others stay candidates; another project's session, or the same session, resumes
    nothing."""
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    user = unique("resume")
    burdock, other = Scope("tenant-a", user, "burdock"), Scope("tenant-a", user, "other")
    said = "burdock is our booking API, NestJS with Prisma on Postgres. Every request opens a new client."
    try:
        await service.add_episodes(burdock, [EpisodeDraft("a", said, T0, "s1", "user")])
        await service.add_episodes(burdock, [EpisodeDraft("b", "Thanks, that helped.", T0, "s1", "user")])
        await service.add_episodes(other, [EpisodeDraft("c", "How do I bump a version?", T0, "s2", "user")])
        await service.extract_pending(burdock)
        await service.extract_pending(other)
        assert await service.list_facts(burdock, None, FactScopeFilter.PROJECT) == []
        assert {f.value for f in await service.list_candidates(burdock)} >= {"nestjs", "prisma", "postgresql"}
        later = EpisodeDraft("d", "In burdock, how do I return a 409 on duplicates?", T0 + timedelta(days=2), "s3")
        await service.add_episodes(burdock, [later])
        await service.extract_pending(burdock)
        (fact,) = await service.list_facts(burdock, None, FactScopeFilter.PROJECT)
        assert (fact.value, fact.project_id, fact.status_reason) == ("nestjs", "burdock", "project_resumed")
        assert set(fact.session_ids) == {"s1", "s3"} and fact.evidence.startswith("burdock is our booking API")
        assert {f.value for f in await service.list_candidates(burdock)} >= {"prisma", "postgresql"}
        assert await service.list_facts(Scope("tenant-a", user), None, FactScopeFilter.USER) == []
    finally:
        await service.forget_user(Scope("tenant-a", user))
        await service.close()


async def test_a_return_that_names_a_technology_confirms_only_that_one(require_neo4j: str, tmp_path: Path) -> None:
    """The project resumed in a session that names one of its technologies again ("How do I add a Prisma
    migration in burdock?"): Prisma's own sighting promotes it; NestJS, named first, is not confirmed by the
    return as well."""
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    user = unique("resume-named")
    burdock = Scope("tenant-a", user, "burdock")
    said = "burdock is our booking API, NestJS with Prisma on Postgres."
    try:
        await service.add_episodes(burdock, [EpisodeDraft("a", said, T0, "s1", "user")])
        await service.extract_pending(burdock)
        later = EpisodeDraft(
            "b",
            "Our burdock Prisma schema is getting long, I keep every model in one Prisma file.",
            T0 + timedelta(days=2),
            "s2",
            "user",
        )
        await service.add_episodes(burdock, [later])
        await service.extract_pending(burdock)
        active = await service.list_facts(burdock, None, FactScopeFilter.PROJECT)
        assert [f.value for f in active] == ["prisma"]
        assert "nestjs" in {f.value for f in await service.list_candidates(burdock)}
    finally:
        await service.forget_user(Scope("tenant-a", user))
        await service.close()


async def test_a_request_to_remember_a_pet_by_a_pronoun_keeps_what_the_session_named(
    require_neo4j: str, tmp_path: Path
) -> None:
    """A goat asked about, its name given as the answer to the assistant's question, then "Please remember her"
    two turns later: the name and the kind become active at once (reason "explicit"); in a session without the
    request they stay candidates."""
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    kept, not_asked = Scope("tenant-a", unique("goat")), Scope("tenant-a", unique("goat"))
    turns = GOAT_TURNS
    try:
        for scope, said in ((kept, turns), (not_asked, turns[:4])):
            drafts = [
                EpisodeDraft(f"k{i}", text, T0 + timedelta(seconds=i), "s1", speaker)
                for i, (speaker, text) in enumerate(said)
            ]
            await service.add_episodes(scope, drafts)
            await service.extract_pending(scope)
        facts = await service.list_facts(kept, None, FactScopeFilter.BOTH)
        assert {(f.key, f.value, f.status_reason) for f in facts} == {
            ("user|pet:goat:name", "clementine", "explicit"),
            ("user|pet:goat:kind", "goat", "explicit"),
        }
        assert await service.list_facts(not_asked, None, FactScopeFilter.BOTH) == []
        assert {f.value for f in await service.list_candidates(not_asked)} == {"clementine", "goat"}
    finally:
        await service.forget_user(kept)
        await service.forget_user(not_asked)
        await service.close()


async def test_a_request_to_remember_a_pet_by_its_name_keeps_that_one(require_neo4j: str, tmp_path: Path) -> None:
    """A rabbit asked about, its name given as the answer ("叫大福，一只灰色的垂耳兔"), and a hermit crab named in
    another user's session, then "Please remember Sheldon" / "把大福记上": the named one's name and kind become
    active (reason "explicit")."""
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    rabbit, crab = Scope("tenant-a", unique("rabbit")), Scope("tenant-a", unique("crab"))
    sessions = {
        rabbit: [
            ("user", "兔子一直拉稀是咋回事？"),
            ("assistant", "多半跟吃的有关。它多大了？平时吃啥？叫啥名？"),
            ("user", "叫大福，一只灰色的垂耳兔，一岁多。平时就吃兔粮和提摩西草"),
            ("assistant", "先把青菜停了。"),
            ("user", "行，我看着它。你帮我把大福记上，往后少不了问你它的事"),
        ],
        crab: [
            ("user", "My daughter's hermit crab hasn't come out of his shell in over a week. Is he dead?"),
            ("assistant", "Probably molting. What's his name, and how long have you had him?"),
            ("user", "Sheldon. He's a purple pincher, we've had him about two years."),
            ("assistant", "Then Sheldon is most likely molting."),
            ("user", "Okay. Please remember Sheldon, I'm sure I'll be asking about him again."),
        ],
    }
    try:
        for scope, said in sessions.items():
            drafts = [
                EpisodeDraft(f"k{i}", text, T0 + timedelta(seconds=i), "s1", speaker)
                for i, (speaker, text) in enumerate(said)
            ]
            await service.add_episodes(scope, drafts)
            await service.extract_pending(scope)
        kept = {(f.key, f.value, f.status_reason) for f in await service.list_facts(rabbit, None, FactScopeFilter.BOTH)}
        assert kept == {("user|pet:rabbit:name", "大福", "explicit"), ("user|pet:rabbit:kind", "兔子", "explicit")}
        kept = {(f.key, f.value) for f in await service.list_facts(crab, None, FactScopeFilter.BOTH)}
        assert {("user|pet:crab:name", "sheldon"), ("user|pet:crab:kind", "hermit crab")} <= kept
    finally:
        await service.forget_user(rabbit)
        await service.forget_user(crab)
        await service.close()
