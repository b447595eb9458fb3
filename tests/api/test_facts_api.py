"""Semantic memory through the real gRPC API and the real Neo4j: extraction after the acknowledgement,
promotion only after two sessions or an explicit "remember", conflicts that expire instead of overwrite,
history, as-of reads, project scope, reviewer actions and semantic search hits."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import grpc
import pytest

from graphmem.embedding.protocol import EmbedKind, Vectors
from graphmem.embedding.query_memo import QueryMemo
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, unique

T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)


@dataclass(frozen=True)
class Say:
    """One utterance of the user: on which day, in which session, in which project."""

    day: float
    session: str
    text: str
    project: str = ""


async def say(api: Api, user: str, lines: list[Say]) -> list[str]:
    """Writes the utterances as episodes (speaker "user") and waits until their facts are extracted."""
    ids = []
    for i, line in enumerate(lines):
        item = pb.EpisodeInput(key=f"k{i}-{line.session}-{line.day}", text=line.text, session_id=line.session)
        item.speaker = "user"
        item.occurred_at.FromDatetime(T0 + timedelta(days=line.day))
        scope = pb.Scope(user_id=user, project_id=line.project)
        reply = await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=[item]), metadata=api.auth)
        ids.append((line.project, reply.results[0].id))
    for project, episode_id in ids:
        await settled(api, user, project, episode_id)
    return [i for _, i in ids]


async def settled(api: Api, user: str, project: str, episode_id: str, timeout: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    request = pb.GetEpisodeRequest(scope=pb.Scope(user_id=user, project_id=project), id=episode_id)
    while True:
        status = (await api.stub.GetEpisode(request, metadata=api.auth)).episode.extraction_status
        if status in ("done", "skipped", "failed"):
            assert status != "failed"
            return
        assert asyncio.get_running_loop().time() < deadline, f"extraction still {status}"
        await asyncio.sleep(0.05)


async def facts(api: Api, user: str, project: str = "", as_of: datetime | None = None) -> dict[str, pb.Fact]:
    request = pb.ListFactsRequest(scope=pb.Scope(user_id=user, project_id=project))
    if as_of is not None:
        request.as_of.FromDatetime(as_of)
    reply = await api.stub.ListFacts(request, metadata=api.auth)
    return {f.key: f for f in reply.facts}


async def history(api: Api, user: str, key: str, project: str = "") -> list[pb.Fact]:
    request = pb.GetFactHistoryRequest(scope=pb.Scope(user_id=user, project_id=project), key=key)
    return list((await api.stub.GetFactHistory(request, metadata=api.auth)).versions)


async def candidates(api: Api, user: str) -> list[pb.Fact]:
    request = pb.ListCandidatesRequest(scope=pb.Scope(user_id=user))
    return list((await api.stub.ListCandidates(request, metadata=api.auth)).candidates)


# --- pollution: nothing here may ever become a fact ------------------------------------------------------

POLLUTION = [
    "今天天气不错",
    "哈哈哈哈",
    "你好呀",
    "晚上吃什么好呢？",
    "我朋友不吃香菜",
    "我妈妈喜欢喝茶",
    "要是我不吃肉的话会怎样",
    "如果我是素食者，我会吃什么？",
    "我喜欢什么？",
    "哈哈我要吃掉整个地球",
    "他说我应该学法语",
    "我以前不吃香菜",
    "我今天随便学了点法语",
    "你觉得我该学Python吗？",
    "假如我住在北京呢",
    "我同事讨厌开会",
    "刚才那个笑话太好笑了",
    "嗯嗯好的",
    "谢谢你",
    "周末愉快",
    "Nice weather today",
    "lol that's hilarious",
    "How are you doing?",
    "I could eat a horse lol",
    "My friend hates cilantro",
    "My wife loves sushi",
    "If I were vegetarian, what would I eat?",
    "Suppose I liked jazz, what album first?",
    "Do I like coffee?",
    "Should I learn French?",
    "I used to like tea",
    "I'm studying French today just for fun",
    "Thanks, that helps!",
    "ok",
    "Good morning!",
    "What's the capital of France?",
    "My boss prefers long emails",
    "He said I should move to Berlin",
    "haha I'm going to live on the moon",
    "Imagine I lived in Tokyo",
    "What time is it?",
    "Let's talk about the weather",
    "Remember the good old days when we had no phones.",
    "remember, you can do it!",
    "记住，我永远支持你。",
    "I remember that my grandma loved jazz.",
]


async def test_pollution_suite_promotes_no_fact(api: Api) -> None:
    assert len(POLLUTION) >= 40
    user = unique("pollution")
    # every line said in two sessions: chatter must not pass even the two-session rule
    lines = [Say(i * 0.1, f"s{i % 2}", text) for i, text in enumerate(POLLUTION * 2)]
    await say(api, user, lines)
    assert await facts(api, user) == {}
    assert await candidates(api, user) == [], [c.fact for c in await candidates(api, user)]


# --- promotion ------------------------------------------------------------------------------------------


async def test_a_preference_seen_once_stays_a_candidate_until_a_second_session(api: Api) -> None:
    user = unique("promo")
    await say(api, user, [Say(0, "s1", "我不吃香菜"), Say(0.1, "s1", "我真的不吃香菜")])
    assert await facts(api, user) == {}
    waiting = await candidates(api, user)
    assert [c.key for c in waiting] == ["user|taste|香菜"]
    assert waiting[0].evidence in ("我不吃香菜", "我真的不吃香菜") and waiting[0].status == pb.FACT_STATUS_CANDIDATE
    await say(api, user, [Say(1, "s2", "我不吃香菜的")])
    current = await facts(api, user)
    fact = current["user|taste|香菜"]
    assert fact.status == pb.FACT_STATUS_ACTIVE and fact.status_reason == "seen_in_sessions"
    assert set(fact.session_ids) == {"s1", "s2"} and len(fact.episode_ids) == 3


async def test_remember_this_promotes_at_once(api: Api) -> None:
    user = unique("explicit")
    await say(api, user, [Say(0, "s1", "记住：我喜欢简洁的回复")])
    fact = (await facts(api, user))["user|prefers_reply_style"]
    assert fact.value == "short replies" and fact.status_reason == "explicit"
    assert fact.evidence == "记住：我喜欢简洁的回复" and fact.confidence >= 0.85


async def test_a_request_to_remember_no_rule_reads_is_kept_as_a_note(api: Api) -> None:
    user = unique("notes")
    await say(
        api,
        user,
        [
            Say(
                0,
                "s1",
                "For future reference, our staging box is stage2.internal and I deploy from the release branch.",
            ),
            Say(0.1, "p1", "记一下，这个仓库的预发环境是stage2，超过一百QPS就报警", "kite"),
            # a rule of the code base is read as one, and said inside the project it is the project's
            Say(0.2, "p1", "记一下，这个仓库的每个接口都要加限流", "kite"),
        ],
    )
    note = (await facts(api, user))["user|note|our staging box is stage2.internal and i deploy from the release branch"]
    assert note.status == pb.FACT_STATUS_ACTIVE and note.status_reason == "explicit" and note.predicate == "note"
    assert note.evidence == "our staging box is stage2.internal and I deploy from the release branch"
    inside = await facts(api, user, "kite")
    assert inside["user|note|这个仓库的预发环境是stage2，超过一百QPS就报警"].project_id == "kite"
    assert inside["user|instruction|这个仓库的每个接口都要加限流"].project_id == "kite"
    outside = await facts(api, user)
    assert "user|note|这个仓库的预发环境是stage2，超过一百QPS就报警" not in outside
    assert "user|instruction|这个仓库的每个接口都要加限流" not in outside


async def test_an_update_of_a_note_expires_its_old_words_and_keeps_them_as_history(api: Api) -> None:
    user = unique("note-update")
    await say(
        api, user, [Say(0, "s1", "Please remember that my retros with the platform team are every other Friday.")]
    )
    key = "user|note|my retros with the platform team are every other friday"
    assert (await facts(api, user))[key].status == pb.FACT_STATUS_ACTIVE
    # a turn another reading states is that reading's, even when it shares words with a note and asks to update
    await say(api, user, [Say(1, "s3", "I live in Lisbon now, near the platform team. Please update that.")])
    assert (await facts(api, user))[key].value == "my retros with the platform team are every other friday"
    await say(api, user, [Say(3, "s2", "We're moving the retros to every Monday from now on. Can you update that?")])
    current = await facts(api, user)
    assert current[key].value == "we're moving the retros to every monday from now on"
    assert [k for k in current if k.startswith("user|note|")] == [key]
    versions = await history(api, user, key)
    assert [v.value for v in versions if v.status == pb.FACT_STATUS_EXPIRED] == [
        "my retros with the platform team are every other friday"
    ]


async def test_a_bare_answer_to_the_assistants_question_and_earlier_words_are_read_through_the_api(api: Api) -> None:
    """Through gRPC: the assistant's line just before frames the user's bare answer ("What's your dog's name?" /
    "Biscuit! Please remember him."); a candidate stated in one session is promoted by the user's earlier words
    in another session that named its value."""
    user = unique("answers")
    scope = pb.Scope(user_id=user)
    lines = [
        ("q1", "Cute! What's your dog's name?", "s1", "assistant", 0.0),
        ("a1", "Biscuit! Please remember him.", "s1", "user", 0.001),
        ("t1", "Booked the Oslo trip, got an aisle seat, obviously. I can't do the window.", "s2", "user", 1.0),
        ("t2", "Aisle seat or nothing for me, I'm up every hour on a plane.", "s3", "user", 5.0),
    ]
    ids = []
    for key, text, session, speaker, day in lines:
        item = pb.EpisodeInput(key=key, text=text, session_id=session, speaker=speaker)
        item.occurred_at.FromDatetime(T0 + timedelta(days=day))
        reply = await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=[item]), metadata=api.auth)
        ids.append(reply.results[0].id)
    for episode_id in ids:
        await settled(api, user, "", episode_id)
    found = await facts(api, user)
    dog = found["user|pet:dog:name"]
    assert (dog.value, dog.status, dog.evidence) == ("biscuit", pb.FACT_STATUS_ACTIVE, "Biscuit! Please remember him.")
    seat = found["user|travel_seat"]
    assert (seat.value, seat.status, set(seat.session_ids)) == ("aisle seat", pb.FACT_STATUS_ACTIVE, {"s2", "s3"})


async def test_what_the_user_keeps_coming_back_to_in_two_sessions_becomes_a_fact(api: Api) -> None:
    """Through gRPC: a thing named in first-hand words no rule reads, in two sessions, with a word of liking or
    habit in one of them, becomes a ``recurs`` fact sighted in both; a candidate named again as the topic of a
    first-hand clause ("I really, truly dislike beets") is sighted and promoted; a word said twice with no stance
    or habit, and another person's hobby, make nothing."""
    user = unique("recurs")
    await say(
        api,
        user,
        [
            Say(0, "s1", "最近迷上了钩毛线帽，一晚上能钩一顶"),
            Say(0.1, "s1", "I can't stand beets. They taste like dirt to me."),
            Say(0.2, "s1", "I walked past the old bakery on my way in"),
            Say(0.3, "s1", "我老婆最近迷上了瑜伽"),
            Say(2, "s2", "没辙，我又囤了一大箱毛线，屋里快成毛线铺子了"),
            Say(2.1, "s2", "Tossed my salad, half of it was beetroot. I really, truly dislike beets."),
            Say(2.2, "s2", "My route home goes by the bakery"),
            Say(2.3, "s2", "我老婆的瑜伽课又涨价了"),
        ],
    )
    found = await facts(api, user)
    yarn = found["user|taste|毛线"]
    assert (yarn.predicate, yarn.value, yarn.polarity, yarn.status) == ("recurs", "毛线", True, pb.FACT_STATUS_ACTIVE)
    assert set(yarn.session_ids) == {"s1", "s2"} and "毛线" in yarn.evidence
    beet = found["user|taste|beet"]
    assert (beet.status, set(beet.session_ids)) == (pb.FACT_STATUS_ACTIVE, {"s1", "s2"})
    assert not [k for k in found if "bakery" in k or "瑜伽" in k]
    assert not [c for c in await candidates(api, user) if "bakery" in c.key or "瑜伽" in c.key]


async def test_reviewer_confirms_and_rejects(api: Api) -> None:
    user = unique("review")
    await say(api, user, [Say(0, "s1", "I live in Berlin"), Say(0.1, "s1", "I like dogs")])
    waiting = {c.key: c for c in await candidates(api, user)}
    scope = pb.Scope(user_id=user)
    confirmed = await api.stub.ConfirmFact(
        pb.ConfirmFactRequest(scope=scope, id=waiting["user|location"].id), metadata=api.auth
    )
    assert confirmed.fact.status == pb.FACT_STATUS_ACTIVE and confirmed.fact.status_reason == "reviewer"
    rejected = await api.stub.RejectFact(
        pb.RejectFactRequest(scope=scope, id=waiting["user|taste|dog"].id, reason="said in jest"), metadata=api.auth
    )
    assert rejected.fact.status == pb.FACT_STATUS_REJECTED and rejected.fact.status_reason == "said in jest"
    assert set(await facts(api, user)) == {"user|location"}
    assert await candidates(api, user) == []
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.ConfirmFact(pb.ConfirmFactRequest(scope=scope, id=rejected.fact.id), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.ConfirmFact(pb.ConfirmFactRequest(scope=scope, id="no-such-fact"), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND


# --- preference changes: the right current fact and the full history ------------------------------------


@dataclass(frozen=True)
class Scenario:
    name: str
    lines: list[Say]
    key: str
    predicate: str
    value: str
    versions: int
    project: str = ""


def twice(day: float, text: str, project: str = "") -> list[Say]:
    """The same statement in two sessions a few hours apart: enough to promote it."""
    return [Say(day, f"a{day}", text, project), Say(day + 0.2, f"b{day}", text, project)]


SCENARIOS = [
    Scenario(
        "en like→dislike→like",
        twice(0, "I love coffee") + twice(5, "I hate coffee") + twice(10, "I love coffee"),
        "user|taste|coffee",
        "likes",
        "coffee",
        3,
    ),
    Scenario(
        "zh 喜欢→讨厌→喜欢",
        twice(0, "我喜欢咖啡") + twice(5, "我讨厌咖啡") + twice(10, "我喜欢咖啡"),
        "user|taste|咖啡",
        "likes",
        "咖啡",
        3,
    ),
    Scenario(
        "en like→dislike",
        twice(0, "I like dogs") + twice(3, "I don't like dogs"),
        "user|taste|dog",
        "dislikes",
        "dog",
        2,
    ),
    Scenario(
        "zh 喜欢猫→不喜欢猫", twice(0, "我喜欢猫") + twice(3, "我不喜欢猫了"), "user|taste|猫", "dislikes", "猫", 2
    ),
    Scenario(
        "en explicit reply style",
        [Say(0, "s1", "Remember: I prefer short replies"), Say(3, "s2", "Please give me detailed answers from now on")],
        "user|prefers_reply_style",
        "prefers_reply_style",
        "detailed replies",
        2,
    ),
    Scenario(
        "zh explicit 回复风格",
        [Say(0, "s1", "记住：我喜欢简洁的回复"), Say(3, "s2", "记住：我喜欢详细的回复")],
        "user|prefers_reply_style",
        "prefers_reply_style",
        "detailed replies",
        2,
    ),
    Scenario(
        "language zh→en",
        [Say(0, "s1", "以后都用中文回复"), Say(2, "s2", "Always reply in English")],
        "user|prefers_language",
        "prefers_language",
        "english",
        2,
    ),
    Scenario(
        "language en→zh",
        [Say(0, "s1", "Always reply in English"), Say(2, "s2", "以后都用中文回复")],
        "user|prefers_language",
        "prefers_language",
        "chinese",
        2,
    ),
    Scenario(
        "en moved",
        twice(0, "I live in Berlin") + twice(30, "I moved to Munich"),
        "user|location",
        "location",
        "munich",
        2,
    ),
    Scenario("zh 搬家", twice(0, "我住在上海") + twice(30, "我搬到北京了"), "user|location", "location", "北京", 2),
    Scenario(
        "workdays",
        twice(0, "My workdays are Monday to Friday") + twice(7, "I work Monday to Thursday"),
        "user|workdays",
        "workdays",
        "monday-thursday",
        2,
    ),
    Scenario("name en→zh", twice(0, "call me Sam") + twice(4, "叫我小王"), "user|name", "name", "小王", 2),
    Scenario(
        "employer",
        twice(0, "I work at Google") + twice(60, "I work at Siemens now"),
        "user|employer",
        "employer",
        "siemens",
        2,
    ),
    Scenario("zh 职业", twice(0, "我是老师") + twice(90, "我现在是医生"), "user|job", "job", "医生", 2),
    Scenario(
        "tone",
        twice(0, "I prefer a formal tone") + twice(6, "I prefer a casual tone"),
        "user|prefers_tone",
        "prefers_tone",
        "casual",
        2,
    ),
    Scenario("stable diet", twice(0, "我是素食者") + twice(5, "I am vegetarian"), "user|diet", "diet", "vegetarian", 1),
    Scenario(
        "one session is not enough to change",
        [*twice(0, "I love coffee"), Say(5, "x", "I hate coffee")],
        "user|taste|coffee",
        "likes",
        "coffee",
        1,
    ),
    Scenario(
        "explicit change wins at once",
        [*twice(0, "I love tea"), Say(5, "x", "Remember that I hate tea")],
        "user|taste|tea",
        "dislikes",
        "tea",
        2,
    ),
    Scenario(
        "project fact in its project",
        twice(0, "this project uses Go", "apollo"),
        "user|uses_language",
        "uses_language",
        "go",
        1,
        project="apollo",
    ),
    Scenario(
        "project override of a user preference",
        [Say(0, "s1", "以后都用中文回复"), Say(1, "p1", "In this project, always reply in English", "apollo")],
        "user|prefers_language",
        "prefers_language",
        "english",
        1,
        project="apollo",
    ),
    Scenario(
        "zh 项目覆盖",
        [Say(0, "s1", "Always reply in English"), Say(1, "p1", "这个项目里以后都用中文回复", "zeus")],
        "user|prefers_language",
        "prefers_language",
        "chinese",
        1,
        project="zeus",
    ),
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
async def test_preference_change_yields_current_fact_and_full_history(api: Api, scenario: Scenario) -> None:
    assert len(SCENARIOS) >= 20
    user = unique("change")
    await say(api, user, scenario.lines)
    current = await facts(api, user, scenario.project)
    assert scenario.key in current, f"{scenario.name}: no current fact for {scenario.key}: {list(current)}"
    fact = current[scenario.key]
    assert (fact.predicate, fact.value, fact.status) == (scenario.predicate, scenario.value, pb.FACT_STATUS_ACTIVE)
    assert fact.evidence and any(fact.evidence in line.text for line in scenario.lines)
    versions = [v for v in await history(api, user, scenario.key, scenario.project) if v.project_id == fact.project_id]
    live = [v for v in versions if v.status in (pb.FACT_STATUS_ACTIVE, pb.FACT_STATUS_EXPIRED)]
    assert len(live) == scenario.versions, [(v.value, v.predicate, v.status, v.status_reason) for v in versions]
    assert [v.status for v in live].count(pb.FACT_STATUS_ACTIVE) == 1
    # validity intervals chain: each expired version ends where the next one begins; nothing deleted
    for older, newer in itertools.pairwise(live):
        assert older.status == pb.FACT_STATUS_EXPIRED and older.status_reason == "superseded"
        assert older.invalid_at.ToDatetime() == newer.valid_at.ToDatetime()
        assert older.HasField("expired_at")


async def test_a_project_value_that_sets_the_users_aside_takes_its_place_there_only(api: Api) -> None:
    """Through gRPC: "在荔枝里画图都按G2来，别给我整ECharts" said in project lizhi puts the project's chart library in
    the place of the user's ECharts there; outside the project the user's ECharts holds."""
    user = unique("aside")
    await say(
        api,
        user,
        [
            Say(0, "s1", "画图表我一直用ECharts，用熟了啥都能画"),
            Say(2, "s2", "帮我写个折线图，照老习惯用ECharts"),
            Say(
                5,
                "s3",
                "荔枝这个项目的图表统一用AntV，跟设计规范是配套的。在荔枝里画图都按G2来，别给我整ECharts，记着",
                "lizhi",
            ),
        ],
    )
    mine = await facts(api, user)
    assert mine["user|uses_tool|echarts"].value == "echarts"
    there = await facts(api, user, "lizhi")
    fact = there["user|uses_tool|echarts"]
    assert (fact.value, fact.project_id, fact.status) == ("antv", "lizhi", pb.FACT_STATUS_ACTIVE)
    assert not [f for f in there.values() if "echarts" in f.value.casefold()]
    # a project called by its id alone: "rowan runs on Podman"
    other = unique("aside")
    await say(
        api,
        other,
        [
            Say(
                0, "s1", "I run all my local services in Docker. One compose file per project, that's just how I work."
            ),
            Say(2, "s2", "Remember: I use Docker for every local setup."),
            Say(
                5,
                "s3",
                "Heads up: rowan runs on Podman, rootless. "
                "So in rowan, give me Podman commands, not Docker. Remember that.",
                "rowan",
            ),
        ],
    )
    runtime = (await facts(api, other, "rowan"))["user|uses_tool|docker"]
    assert (runtime.value, runtime.project_id) == ("podman", "rowan")
    assert runtime.evidence == "Heads up: rowan runs on Podman, rootless" and runtime.status == pb.FACT_STATUS_ACTIVE


async def test_project_facts_are_invisible_outside_their_project(api: Api) -> None:
    user = unique("projects")
    await say(
        api,
        user,
        [
            Say(0, "s1", "以后都用中文回复"),
            Say(1, "p1", "In this project, always reply in English", "apollo"),
            *twice(1, "this project uses Go", "apollo"),
        ],
    )
    outside = await facts(api, user)
    assert outside["user|prefers_language"].value == "chinese" and "user|uses_language" not in outside
    inside = await facts(api, user, "apollo")
    assert inside["user|prefers_language"].value == "english" and inside["user|uses_language"].value == "go"
    other = await facts(api, user, "zeus")
    assert other["user|prefers_language"].value == "chinese" and "user|uses_language" not in other


async def test_as_of_returns_what_was_true_then(api: Api) -> None:
    user = unique("asof")
    await say(api, user, twice(0, "I live in Berlin") + twice(30, "I moved to Munich"))
    assert (await facts(api, user, as_of=T0 + timedelta(days=10)))["user|location"].value == "berlin"
    assert (await facts(api, user, as_of=T0 + timedelta(days=40)))["user|location"].value == "munich"
    assert "user|location" not in await facts(api, user, as_of=T0 - timedelta(days=1))


async def test_correction_makes_a_new_active_version(api: Api) -> None:
    user = unique("correct")
    await say(api, user, [Say(0, "s1", "Remember: I prefer short replies")])
    old = (await facts(api, user))["user|prefers_reply_style"]
    reply = await api.stub.CorrectFact(
        pb.CorrectFactRequest(
            scope=pb.Scope(user_id=user, session_id="s9"),
            id=old.id,
            value="detailed replies",
            fact="No, I meant detailed replies",
        ),
        metadata=api.auth,
    )
    assert reply.fact.status == pb.FACT_STATUS_ACTIVE and reply.fact.status_reason == "correction"
    assert reply.replaced.status == pb.FACT_STATUS_EXPIRED and reply.replaced.id == old.id
    now = (await facts(api, user))["user|prefers_reply_style"]
    assert now.value == "detailed replies" and now.evidence == "No, I meant detailed replies"
    assert [v.value for v in await history(api, user, "user|prefers_reply_style")] == [
        "short replies",
        "detailed replies",
    ]


async def test_other_keys_are_never_invalidated(api: Api) -> None:
    user = unique("keys")
    await say(
        api,
        user,
        twice(0, "I'm allergic to shellfish")
        + twice(1, "I am allergic to peanuts")
        + twice(2, "I like dogs")
        + twice(3, "I like tea"),
    )
    current = await facts(api, user)
    assert {"user|taste|shellfish", "user|taste|peanut", "user|taste|dog", "user|taste|tea"} <= set(current)


async def test_search_returns_current_facts_next_to_episodes(api: Api) -> None:
    user = unique("search")
    await say(api, user, twice(0, "我喜欢咖啡") + twice(5, "我讨厌咖啡") + [Say(6, "s", "今天和小李去喝了咖啡")])
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query="咖啡", top_k=10)
    request.reference_time.FromDatetime(T0 + timedelta(days=7))
    found = await api.stub.Search(request, metadata=api.auth)
    layers = {h.layer for h in found.hits}
    assert layers == {pb.LAYER_EPISODIC, pb.LAYER_SEMANTIC}, found.route.reason
    semantic = [h for h in found.hits if h.layer == pb.LAYER_SEMANTIC]
    assert [h.metadata["fact_key"] for h in semantic] == ["user|taste|咖啡"]
    assert "讨厌" in semantic[0].text or "dislike" in semantic[0].text  # the current version, not the old one
    assert semantic[0].breakdown.weights["similarity"] > 0
    pref = pb.SearchRequest(scope=pb.Scope(user_id=user), query="我还喜欢喝咖啡吗？", top_k=5)
    routed = await api.stub.Search(pref, metadata=api.auth)
    assert list(routed.route.layers) == [pb.LAYER_SEMANTIC], routed.route.reason
    assert routed.hits[0].layer == pb.LAYER_SEMANTIC and routed.hits[0].metadata["fact_key"] == "user|taste|咖啡"


async def test_a_search_over_episodes_and_facts_embeds_its_query_once(api: Api) -> None:
    user = unique("embed-once")
    await say(api, user, [Say(0, "s1", "记住：我喜欢简洁的回复")])
    assert "user|prefers_reply_style" in await facts(api, user)
    memo = api.running.service.episodic._embedder
    assert isinstance(memo, QueryMemo)
    model = memo.inner
    asked: list[EmbedKind] = []

    class Counting:
        name, dim = model.name, model.dim

        def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
            asked.append(kind)
            return model.embed(texts, kind)

    memo.inner = Counting()
    try:
        request = pb.SearchRequest(scope=pb.Scope(user_id=user), query="简洁的回复 " + user, top_k=10)
        found = await api.stub.Search(request, metadata=api.auth)
    finally:
        memo.inner = model
    assert set(found.route.layers) == {pb.LAYER_EPISODIC, pb.LAYER_SEMANTIC}
    assert asked == [EmbedKind.QUERY]  # both layers ranked by its vector (the user has a current fact)


async def test_forget_user_erases_facts_too(api: Api) -> None:
    user = unique("forget")
    await say(api, user, [Say(0, "s1", "记住：我喜欢简洁的回复")])
    assert await facts(api, user)
    await api.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
    assert await facts(api, user) == {}
    assert await history(api, user, "user|prefers_reply_style") == []


# --- one memory, two layers ------------------------------------------------------------------------------


async def test_get_context_and_search_list_a_fact_and_the_episode_it_quotes_once(api: Api) -> None:
    user = unique("twice")
    said = "记住：我喜欢简洁的回复"
    (episode_id,) = await say(api, user, [Say(0, "s1", said)])
    fact = (await facts(api, user))["user|prefers_reply_style"]
    assert fact.evidence == said
    both = pb.SearchRequest(
        scope=pb.Scope(user_id=user),
        query="我喜欢什么样的回复",
        top_k=10,
        layers=[pb.LAYER_EPISODIC, pb.LAYER_SEMANTIC],
    )
    hits = (await api.stub.Search(both, metadata=api.auth)).hits
    # the fact quotes the whole episode: it stays (same words, plus key, status and confidence), the episode goes
    assert [h.id for h in hits] == [fact.id]
    episodes_only = pb.SearchRequest(
        scope=pb.Scope(user_id=user), query="我喜欢什么样的回复", layers=[pb.LAYER_EPISODIC]
    )
    assert [h.id for h in (await api.stub.Search(episodes_only, metadata=api.auth)).hits] == [episode_id]

    scope = pb.Scope(user_id=user, session_id="s2")
    await api.stub.OpenSession(pb.OpenSessionRequest(scope=scope, instructions=["回答要简洁"]), metadata=api.auth)
    context = await api.stub.GetContext(
        pb.GetContextRequest(
            scope=scope, query="我喜欢什么样的回复", token_budget=500, layers=[pb.LAYER_EPISODIC, pb.LAYER_SEMANTIC]
        ),
        metadata=api.auth,
    )
    memories = [i for i in context.items if i.section == "memory"]
    assert [(m.layer, m.text) for m in memories] == [("semantic", fact.fact)]
