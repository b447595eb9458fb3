"""Attribute slots filled by named things, later mentions as sightings, corrections said anywhere in a turn, and
which statements said inside a project are the project's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import CandidateFact
from graphmem.extraction.facts import Predicate as P
from graphmem.extraction.gazetteer import scan
from graphmem.extraction.scope import project_fact
from graphmem.memory.promotion import mentionable
from graphmem.model import Fact, FactStatus


def _keyed(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_gazetteer_gives_one_canonical_value_per_script_whatever_the_surface_form() -> None:
    assert [h.value for h in scan("我在鹅厂搬砖")] == ["腾讯"]
    assert [h.value for h in scan("我们腾讯最近")] == ["腾讯"]
    assert [h.value for h in scan("I use PT")] == [h.value for h in scan("I'm on Pacific time")]
    assert [h.value for h in scan("东八区")] == [h.value for h in scan("北京时间")] == ["utc+8"]
    assert [h.value for h in scan("my clock's UTC+3")] == ["utc+3"]


def test_gazetteer_knows_the_worlds_cities_written_as_names() -> None:
    assert [h.value for h in scan("I'm in Spokane.")] == ["spokane"]
    assert [h.value for h in scan("我搬到柳州了")] == ["柳州"]
    assert [h.value for h in scan("崑山新开了一家店")] == [h.value for h in scan("昆山新开了一家店")] == ["昆山"]
    assert scan("I'm in spokane") == []  # a GeoNames name only as written with a capital ...
    # ... or in texting all in lower case, after a preposition of place
    assert [h.value for h in scan("im in spokane")] == ["spokane"]
    assert scan("spokane is cold") == []
    assert scan("I live with Jackson.") == [] and scan("过了这个关口就好了") == []  # names and words of other meanings


def test_gazetteer_needs_capitals_for_forms_that_are_common_words() -> None:
    assert scan("let's go now") == []
    assert [h.value for h in scan("最近转Go了")] == ["go"]
    assert scan("you can meet them at the pt session") == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Berlin has been home for years.", "user|location", "berlin"),
        ("现在住在上海，通勤方便多了。", "user|location", "上海"),
        ("坐标深圳，南山区打工人一枚", "user|location", "深圳"),
        ("我在鹅厂搬砖", "user|employer", "腾讯"),
        ("kotlin's my daily driver for android work", "user|uses_language", "kotlin"),
        ("订机票帮我选窗边哈，我喜欢看云", "user|travel_seat", "window seat"),
        ("I've switched to Delta, that's my airline now.", "user|travel_airline", "delta air lines"),
        ("我这边是EST，比国内晚十二三个小时", "user|timezone", "eastern time (utc-5)"),
        ("I prefer meetings in the afternoon", "user|meeting_time", "afternoon meeting"),
        ("My husband Marco is a chef", "user|spouse:name", "marco"),
    ],
)
def test_a_named_value_with_a_cue_of_its_attribute_sets_it(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _keyed(extractor, text).get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "Paris is beautiful in spring",  # a city with no cue of living there
        "my brother-in-law works at Google in Zurich",  # someone else's
        "If I lived in Hawaii I'd surf every morning",  # hypothetical
        "what's the time difference between Tokyo and London?",  # question
        "要是我住在大理就好了",  # hypothetical
        "我表哥在华为做硬件，天天加班",  # someone else's
        "the meeting is at 3pm EST",  # a clock time, not the user's zone
    ],
)
def test_named_values_without_a_first_hand_statement_yield_nothing(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_the_value_left_behind_is_not_the_new_one(extractor: RuleExtractor) -> None:
    assert _keyed(extractor, "I switched from PyCharm to VS Code last month")["user|editor"] == "vs code"
    assert _keyed(extractor, "I left IBM, joined Salesforce as a product owner")["user|employer"] == "salesforce"


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        # a place the speaker is no longer in is left behind; the one moved to is home now
        ("对了，我现在不在太原了，上个月调到温州，这边潮得衣服三天都晾不干。", "user|location", "温州"),
        # the first clause's subject carries over "and": the employer started at
        ("I've left Costco and just started at Patagonia.", "user|employer", "patagonia"),
        # "别的" is "other", no prohibition: the days meetings go on, every one named
        ("记一下，跟客户的会我只排周二和周四下午，别的时间留给内部的事", "user|meeting_day", "tuesday, thursday"),
        ("Please keep Tuesdays and Thursdays free of meetings.", "user|meeting_free_day", "tuesday, thursday"),
        # time kept between meetings is no meeting length
        ("两个会中间最好能空个十五分钟，让我喘口气", "user|meeting_buffer", "15 min"),
        ("会和会之间不留个十五分钟，我是真扛不住", "user|meeting_buffer", "15 min"),
        ("Please leave 10 minutes between meetings.", "user|meeting_buffer", "10 min"),
    ],
)
def test_moves_and_days_read_whole(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _keyed(extractor, text).get(key) == value


def test_a_brand_opening_with_a_verb_is_no_taste_and_others_do_not_start_at_a_new_job(
    extractor: RuleExtractor,
) -> None:
    assert _keyed(extractor, "是腾讯视频，爱奇艺那个早就没续了") == {}
    assert _keyed(extractor, "My brother left Costco and just started at Patagonia.") == {}
    assert _keyed(extractor, "我爱吃辣") == {"user|taste|辣": "辣"}


def test_a_correction_anywhere_in_the_turn_replaces_the_value_just_said(extractor: RuleExtractor) -> None:
    (fact,) = extractor.extract("From now on reply in German. Sorry, I meant Dutch! Dutch, not German.")
    assert (fact.key, fact.value, fact.correction) == ("user|prefers_language", "dutch", True)
    (fact,) = extractor.extract("我住天津……哦不对，打错了，我住唐山")  # a slip repaired at once: one statement
    assert (fact.value, fact.correction) == ("唐山", False)
    (fact,) = extractor.extract("Remember I'm allergic to penicillin... sorry, I meant amoxicillin.")
    assert fact.value == "amoxicillin" and fact.correction


def test_a_request_to_remember_anywhere_covers_the_whole_turn(extractor: RuleExtractor) -> None:
    facts = extractor.extract("Big news, we moved to Denver last week! Please remember that.")
    assert [(f.key, f.value, f.explicit) for f in facts] == [("user|location", "denver", True)]


def test_a_later_plain_mention_of_a_value_is_a_sighting_but_not_in_a_question_or_negation(
    extractor: RuleExtractor,
) -> None:
    values = ["biscuit", "香菜", "seattle"]
    assert extractor.mentioned("Biscuit chewed up my headphones again smh", values) == [True, False, False]
    assert extractor.mentioned("今天食堂的汤里飘了几片香菜", values) == [False, True, False]
    assert extractor.mentioned("is Seattle rainy in May?", values) == [False, False, False]
    assert extractor.mentioned("we moved away from Seattle", values) == [False, False, False]
    assert extractor.mentioned("my sister loves Seattle", values) == [False, False, False]
    # a name is one whole word ("Biscuit" the dog); a thing's plural names it ("biscuits" the food)
    assert extractor.mentioned("Biscuits are great", values, None, [True, False, True]) == [False, False, False]
    assert extractor.mentioned("Biscuits are great", values) == [True, False, False]


def _candidate(value: str, sessions: tuple[str, ...], status: FactStatus = FactStatus.CANDIDATE) -> Fact:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return Fact(
        id="f1", key="user|location", subject="user", predicate="location", value=value, polarity=True,
        fact="user lives in " + value, kind="attribute", status=status, confidence=0.7, evidence=value,
        project_id="", importance=0.5, valid_at=now, created_at=now, session_ids=sessions,
    )  # fmt: skip


def test_only_candidates_from_another_session_with_a_specific_value_can_be_sighted_by_mention() -> None:
    assert mentionable(_candidate("seattle", ("s1",)), "s2", set())
    assert not mentionable(_candidate("seattle", ("s1",)), "s1", set())  # same session
    assert not mentionable(_candidate("seattle", ("s1",)), "s2", {"user|location"})  # stated anew
    assert not mentionable(_candidate("la", ("s1",)), "s2", set())  # too short to be named reliably
    assert not mentionable(_candidate("seattle", ("s1",), FactStatus.ACTIVE), "s2", set())


def _stated(predicate: P, evidence: str) -> CandidateFact:
    return CandidateFact(
        subject="user", predicate=predicate, value="v", polarity=True, kind=predicate.kind, fact="f",
        evidence=evidence, confidence=0.7, explicit=False, language="en",
    )  # fmt: skip


def test_inside_a_project_settings_are_the_projects_and_facts_about_the_person_stay_the_users() -> None:
    assert project_fact(_stated(P.PREFERS_REPLY_STYLE, "just give me short answers"))
    assert project_fact(_stated(P.USES_TOOL, "we use yarn"))
    assert not project_fact(_stated(P.LOCATION, "I live in Berlin"))
    assert not project_fact(_stated(P.ALLERGIC_TO, "I'm allergic to peanuts"))
    assert project_fact(_stated(P.LOCATION, "for this project we're based in Tokyo"))


def test_a_negated_mention_is_a_sighting_when_it_agrees_with_the_candidates_stance(extractor: RuleExtractor) -> None:
    values, stances = ["香菜", "vim", "gluten"], [False, True, False]
    # the negation is consistent with a negative stance, or lies in another clause than a positive value
    assert extractor.mentioned("今天食堂的汤里飘了几片香菜，我直接不喝了", values, stances) == [True, False, False]
    assert extractor.mentioned("VS Code那种我真用不惯，还是vim顺手", values, stances) == [False, True, False]
    assert extractor.mentioned("I can't have gluten at all", values, stances) == [False, False, True]
    # turning to a value, away from it, or swapping it is no sighting of the old stance
    assert extractor.mentioned("说来奇怪，我最近开始喜欢吃香菜了，一点都不排斥", values, stances) == [
        False,
        False,
        False,
    ]
    assert extractor.mentioned("I've come around on gluten, no issues now", values, stances) == [False, False, False]
    assert extractor.mentioned("我不用vim了", values, stances) == [False, False, False]
    assert extractor.mentioned("vim不顺手，换成VS Code了", values, stances) == [False, False, False]
    # without stances every value is read as a positive one: a negated clause names none
    assert extractor.mentioned("我不吃香菜", ["香菜"]) == [False]


def test_a_tool_named_in_a_denied_clause_is_not_a_tool_the_user_uses(extractor: RuleExtractor) -> None:
    assert [f.value for f in extractor.extract("VS Code那种我真用不惯，还是vim顺手")] == ["vim"]
    assert not [f for f in extractor.extract("I don't use Emacs at work") if f.value == "emacs" and f.polarity]
    facts = extractor.extract("帮我记一下：我乳糖不耐受，牛奶喝了就拉肚子")  # a diet's own negation stays a diet
    assert facts and all(f.value for f in facts)


def test_a_question_asking_the_assistant_to_reply_or_meet_some_way_states_that_preference(
    extractor: RuleExtractor,
) -> None:
    (fact,) = extractor.extract("Can you keep answers short? I'm mostly reading on my phone")
    assert (fact.key, fact.value, fact.polarity) == ("user|prefers_reply_style", "short replies", True)
    (fact,) = extractor.extract("能不能用中文回我啊，英语我看不太动")  # 能不能 asks; its 不 negates nothing
    assert (fact.key, fact.value, fact.polarity) == ("user|prefers_language", "chinese", True)
    (fact,) = extractor.extract("真的，能不能把会都约在早上？")
    assert (fact.key, fact.value) == ("user|meeting_time", "morning meeting")
    # a request sets only how to reply or meet; other questions state nothing
    assert extractor.extract("Can you book me a flight on United?") == []
    assert extractor.extract("Do I live in Berlin?") == []
    assert extractor.extract("能不能帮我查一下杭州的天气？") == []


def test_a_semicolon_inside_a_word_does_not_end_the_segment(extractor: RuleExtractor) -> None:
    (fact,) = extractor.extract("tl;dr style please, I don't need essays")
    assert (fact.key, fact.value) == ("user|prefers_reply_style", "short replies")


def test_clauses_no_rule_read_are_read_from_their_structure(extractor: RuleExtractor) -> None:
    facts = {f.key: f for f in extractor.extract("记住几件事哈：我对猫毛过敏，不吃辣，住在重庆")}
    assert set(facts) == {"user|taste|猫毛", "user|taste|辣", "user|location"}
    assert facts["user|taste|辣"].value == "辣" and facts["user|location"].value == "重庆"
    # the carried subject is the speaker's only: someone else's clause passes nothing on
    assert "user|taste|辣" not in {f.key for f in extractor.extract("我对猫毛过敏，我朋友不吃辣")}


def _meeting(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text) if f.key.startswith("user|meeting")}


def test_a_weekday_length_camera_or_clock_time_said_of_meetings_sets_that_meeting_setting(
    extractor: RuleExtractor,
) -> None:
    assert _meeting(extractor, "周五别给我排会了，那天我要专心写代码") == {"user|meeting_free_day": "friday"}
    assert _meeting(extractor, "周五我一般不开会的哈") == {"user|meeting_free_day": "friday"}
    assert _meeting(extractor, "I like having my syncs on Tuesdays") == {"user|meeting_day": "tuesday"}
    assert _meeting(extractor, "以后约会议别超过半小时，时间长了我坐不住") == {"user|meeting_length": "30 min"}
    assert _meeting(extractor, "From now on, schedule my 1:1s as 25-minute meetings, not 30.") == {
        "user|meeting_length": "25 min"
    }
    assert _meeting(extractor, "记住我开会不开摄像头") == {"user|meeting_camera": "camera off"}
    assert _meeting(extractor, "my preferred stand-up time is 10:15 now. update that please") == {
        "user|meeting_time": "10:15"
    }
    assert _meeting(extractor, "I prefer meetings after 2pm") == {"user|meeting_time": "after 2pm"}
    # the rules' reading of the same words gives way ("stand", "schedule my 1:1s" are not facts)
    assert {f.key for f in extractor.extract("remember I prefer stand-ups at 9:30")} == {"user|meeting_time"}
    # no camera setting without on or off; no setting without a word for meetings
    assert _meeting(extractor, "I prefer plain phone calls now, camera fatigue is real") == {
        "user|meeting_format": "phone call"
    }
    assert _meeting(extractor, "I'm off on Fridays and work 9:30 to 6") == {}


def test_a_camera_kept_off_is_camera_off_and_the_day_part_in_the_meeting_words_clause_wins(
    extractor: RuleExtractor,
) -> None:
    assert _meeting(extractor, "For meetings, please remember I keep my camera off") == {
        "user|meeting_camera": "camera off"
    }
    assert _meeting(extractor, "mornings work best for calls with me, afternoons I'm heads-down") == {
        "user|meeting_time": "morning meeting"
    }
    assert _meeting(extractor, "For calls, afternoons are best for me") == {"user|meeting_time": "afternoon meeting"}


def test_video_or_phone_calls_are_the_meeting_format_not_its_time(extractor: RuleExtractor) -> None:
    assert _meeting(extractor, "Remember that I prefer video calls over phone calls.") == {
        "user|meeting_format": "video call"
    }


def test_a_tool_one_lives_in_is_not_a_home_and_a_copula_is_not_part_of_an_allergen(extractor: RuleExtractor) -> None:
    facts = extractor.extract("As a data scientist I live in Scala all day")
    assert "user|location" not in {f.key for f in facts}
    (fact,) = extractor.extract("我是对菠萝过敏")
    assert (fact.key, fact.value) == ("user|taste|菠萝", "菠萝")


def _code(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text) if f.key in ("user|code_indentation",) or "stack:" in f.key}


def test_a_stack_technology_or_an_indentation_said_with_its_cue_sets_that_slot(extractor: RuleExtractor) -> None:
    assert _code(extractor, "in this project we train everything with PyTorch") == {"user|stack:ml": "pytorch"}
    paraphrase = "all the models here are PyTorch, don't give me TensorFlow code"
    # the denied clause's TensorFlow is not stated (PyTorch is, the request a cue of use) ...
    assert _code(extractor, paraphrase) == {"user|stack:ml": "pytorch"}
    assert extractor.mentioned(paraphrase, ["pytorch"], [True]) == [True]  # ... and PyTorch is seen again
    assert _code(extractor, "这个项目我们迁到PostgreSQL了，记一下，以后按PG来") == {"user|stack:database": "postgresql"}
    assert _code(extractor, "Remember, this repo uses yarn, not npm.") == {"project|stack:package_manager": "yarn"}
    assert _code(extractor, "记住，我平时写代码缩进用tab") == {"user|code_indentation": "tabs"}
    assert _code(extractor, "这个仓库缩进统一用4个空格哈") == {"user|code_indentation": "4 spaces"}
    assert _code(extractor, "在这个项目里别用tab，按团队规范用空格") == {"user|code_indentation": "spaces"}
    # without a cue of code style a tab is no indentation
    assert _code(extractor, "I always have fifty browser tabs open") == {}


def test_chinese_working_hours_and_days_read_as_one_normalised_value_whatever_the_phrasing(
    extractor: RuleExtractor,
) -> None:
    def hours(text: str) -> list[tuple[str, str]]:
        return [(f.key, f.value) for f in extractor.extract(text) if f.key in ("user|work_hours", "user|workdays")]

    assert hours("我在一家外企做财务，每天九点到六点") == [("user|work_hours", "9:00-18:00")]
    assert hours("做财务的嘛，朝九晚六，月底最忙") == [("user|work_hours", "9:00-18:00")]
    assert hours("我每天9点到18点上班") == [("user|work_hours", "9:00-18:00")]
    assert hours("以后记住我上班时间是早十晚七哈") == [("user|work_hours", "10:00-19:00")]
    assert hours("记住，我一周只上四天班，周一到周四，周五休息") == [("user|workdays", "monday-thursday")]
    # without a word for work a range of hours or days is no schedule
    assert hours("周一到周五我都在健身房") == []
    assert hours("我每天九点到十点跑步") == []


def test_a_partner_named_in_chinese_is_the_spouse_attribute_and_a_new_one_replaces_it(
    extractor: RuleExtractor,
) -> None:
    assert [(f.key, f.value) for f in extractor.extract("记一下，我对象叫王雨")] == [("user|spouse:name", "王雨")]
    assert [(f.key, f.value) for f in extractor.extract("跟王雨分了……现在的对象叫陈静，记住哈")] == [
        ("user|spouse:name", "陈静")
    ]
    assert extractor.extract("他对象叫李雷") == []
    assert extractor.extract("我朋友的女朋友叫小美") == []


def test_assume_i_with_a_standing_marker_is_a_directive_not_a_hypothetical(extractor: RuleExtractor) -> None:
    (fact,) = extractor.extract("From now on, assume I'm not into horror movies. I hate them tbh")
    assert (fact.predicate, fact.value) == (P.DISLIKES, "horror movie")
    assert extractor.extract("Assume I live in Paris.") == []  # no marker: a supposition
    assert extractor.extract("Remember, assume I like jazz if I were rich") == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Finally wiped Windows off my laptop and put Fedora on it, no regrets so far.", "user|os", "linux"),
        ("我把Windows卸载了，电脑现在用Ubuntu", "user|os", "linux"),
    ],
)
def test_a_thing_got_rid_of_is_left_behind(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in extractor.extract(text)}.get(key) == value


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        # a budgeting app is one slot: a new one replaces the old
        ("I run our whole household budget in YNAB.", "user|budget_app", "ynab"),
        ("I track my runs in Strava.", "user|uses_tool|strava", "strava"),
    ],
)
def test_a_tool_the_speaker_keeps_their_things_in(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _keyed(extractor, text) == {key: value}


def test_no_tool_in_a_place_a_lowercase_thing_or_someone_elses(extractor: RuleExtractor) -> None:
    for text in ("I do my shopping in Boston.", "I keep my bike in the garage.", "My wife keeps her notes in Bear."):
        assert not any(k.startswith("user|uses_tool") for k in _keyed(extractor, text)), text


def test_a_claim_on_the_app_just_named_is_a_sighting(extractor: RuleExtractor) -> None:
    text = "YNAB won't sync with my credit union again. I basically live in that app, so this is driving me nuts."
    assert extractor.mentioned(text, ["ynab"]) == [True]
    assert extractor.mentioned(
        "My Anki streak hit 200 days! It's how I study pretty much everything now.", ["anki"]
    ) == [True]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("写Vue项目的状态管理我一直用Pinia，写起来清爽", "user|stack:state_management", "pinia"),
        ("Bittern is fully async. In this project give me httpx.", "user|stack:http_client", "httpx"),
        ("Lapwing is a little 2D platformer I'm building in Godot.", "user|stack:game_engine", "godot"),
        ("枇杷这个项目的商品搜索是拿Elasticsearch做的", "project|stack:search", "elasticsearch"),
    ],
)
def test_more_stack_slots(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _keyed(extractor, text).get(key) == value


def test_ordinary_words_are_no_stack(extractor: RuleExtractor) -> None:
    text = "Please copy her on any meeting requests, and use the unity of the team."
    assert not any(k.startswith("user|stack:") for k in _keyed(extractor, text))


def test_a_list_of_house_rules_gives_each_rule(extractor: RuleExtractor) -> None:
    text = (
        "Please remember two rules for siskin: every database migration has to be reversible, and anything "
        "user-facing ships behind a feature flag."
    )
    rules = {f.value for f in extractor.extract(text) if f.key.startswith("user|instruction|")}
    assert rules == {
        "every database migration has to be reversible",
        "anything user-facing ships behind a feature flag",
    }
    (zh,) = [
        f
        for f in extractor.extract("海棠这个项目你记两条：所有接口路径统一以/api/v2开头；日志必须脱敏")
        if "api" in f.value
    ]
    assert zh.value == "所有接口路径统一以/api/v2开头"
    assert not [f for f in extractor.extract("I have two kids: Sam and Leo.") if f.key.startswith("user|instruction")]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "All my references live in Zotero and the journal is strict about format.",
            "user|reference_manager",
            "zotero",
        ),
        ("My Zotero library just passed 3,000 items", "user|reference_manager", "zotero"),
        ("我画原型、做界面全在Figma里，别的设计软件基本不开", "user|design_tool", "figma"),
        ("Figma就是我吃饭的家伙，一天不打开都心慌", "user|design_tool", "figma"),
        ("We track everything in Linear", "user|issue_tracker", "linear"),
        ("I edit all my photos in Lightroom", "user|photo_editor", "lightroom"),
        ("I produce all my tracks in Ableton", "user|daw", "ableton live"),
    ],
)
def test_a_tool_one_relies_on_fills_its_kind(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "My boss uses Figma for everything",
        "I've never used Figma",
        "I think linear regression is fine for this",
        "Should I learn Figma or Sketch?",
    ],
)
def test_no_tool_from_someone_else_a_denial_or_an_ordinary_word(text: str) -> None:
    assert not [f for f in RuleExtractor().extract(text) if f.key.endswith(("design_tool", "issue_tracker"))]


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        (
            "From now on, two hard rules in godwit: every public endpoint gets rate limiting, and nobody adds a new "
            "npm package without my sign-off.",
            2,
        ),
        ("先把木瓜的规矩说清楚再干活：返回体统一是code、msg、data三段；时间字段一律存毫秒时间戳", 2),
        ("Every function needs a docstring", 1),
        ("所有接口一律返回JSON", 1),
        ("Three rules for this repo, please remember them: we pin every dependency, and we never squash merges.", 2),
        (
            "Two standing rules for larch that I want you to remember: all UI has to meet WCAG 2.1 AA, and every "
            "endpoint gets documented in the OpenAPI spec before it's merged.",
            2,
        ),
        (
            "杨梅这个服务定两条死规矩，你给我记好：日志一律打成JSON，一行一条；所有配置都从环境变量读，代码里不准写死任何地址和密码",
            2,
        ),
    ],
)
def test_a_rule_of_any_code_artefact_that_binds_every_case(text: str, rules: int) -> None:
    found = [f for f in RuleExtractor().extract(text) if f.predicate is P.INSTRUCTION]
    assert len(found) == rules


@pytest.mark.parametrize(
    "text",
    [
        "I need a new API key",
        "All my tests pass now",
        "I always forget to write tests",
        "Every time I run my tests they fail",
    ],
)
def test_no_rule_from_a_need_or_the_speakers_own_habit(text: str) -> None:
    assert not [f for f in RuleExtractor().extract(text) if f.predicate is P.INSTRUCTION]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("I format all my JavaScript with Prettier", "user|stack:formatter", "prettier"),
        ("This project uses Kafka", "project|stack:message_queue", "kafka"),
        ("Java项目的构建我一直用Maven", "user|stack:build_tool", "maven"),
        ("It's a Laravel 10 app with Redis queues, if that helps.", "project|stack:web_framework", "laravel"),
    ],
)
def test_formatter_build_tool_and_queue_are_stack_slots(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get(key) == value


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("我在一家物流公司做会计", "财务"),
        ("我是做物流的", "物流"),
        ("I work at a logistics company as an accountant", "accountant"),
        ("我现在是全职妈妈，在家带俩孩子", "全职妈妈"),  # a stay-at-home mother, not a full-time employee
        ("I'm a stay-at-home dad these days", "stay-at-home parent"),
    ],
)
def test_the_line_of_business_of_an_employer_is_not_the_role(text: str, job: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get("user|job") == job


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我住南通，在中医馆当推拿师", "user|job", "推拿师"),  # the subject dropped after a clause of the speaker's
        ("我在县城一中教语文，带两个班", "user|employer", "县城一中"),
        ("我在成都做老师，教小学语文", "user|location", "成都"),  # working in a city is still living there
        ("I teach eighth-grade science at a middle school", "user|job", "eighth-grade science teacher"),
        ("I drive long-haul, so I'm living out of my truck cab", "user|job", "long-haul driver"),
        ("I shoe horses for a living", "user|job", "shoe horses"),
    ],
)
def test_work_said_as_what_one_does_where(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get(key) == value


@pytest.mark.parametrize(
    "text",
    ["我老婆住上海，在医院当护士", "I drive a Tesla", "I drive my kids to school", "还有我吃不了这个"],
)
def test_no_work_or_food_from_another_persons_clause_a_car_or_a_connective(text: str) -> None:
    keys = {f.key for f in RuleExtractor().extract(text)}
    assert "user|job" not in keys and "user|taste|还有" not in keys


@pytest.mark.parametrize(
    ("text", "key", "value", "polarity"),
    [
        ("I like my meeting reminders ten minutes before.", "user|meeting_reminder", "10 min", True),
        ("我们部门的周例会我一般给一个钟头", "user|meeting_length", "60 min", True),
        ("Give it to me straight, every time.", "user|reply_directness", "direct", True),
        ("You can be blunt with me, I don't need it sugarcoated.", "user|reply_directness", "direct", True),
        ("说了你帮我拍板就行，只给一个，我懒得挑", "user|reply_options", "just one option", True),
        ("下回直接告诉我买哪个，给一个就行", "user|reply_options", "just one option", True),
        ("给我挑早上头几班飞机，过了中午的我一概不考虑", "user|flight_time", "early morning flights", True),
        ("I always take the first flight out in the morning", "user|flight_time", "early morning flights", True),
        ("I hate red-eye flights", "user|flight_time", "red-eye or late flights", False),
        ("在杨桃里持久层代码都按JPA来写", "user|stack:orm", "jpa", True),
    ],
)
def test_settings_said_in_everyday_words(text: str, key: str, value: str, polarity: bool) -> None:
    found = {f.key: (f.value, f.polarity) for f in RuleExtractor().extract(text)}
    assert found.get(key) == (value, polarity), found


def test_a_company_named_as_the_brand_of_a_thing_is_no_employer() -> None:
    assert "user|employer" not in {f.key for f in RuleExtractor().extract("My Samsung fridge has started buzzing.")}
    found = {f.key: f.value for f in RuleExtractor().extract("I started at Google last month")}
    assert found.get("user|employer") == "google"


def test_a_habit_one_cannot_give_up_is_kept() -> None:
    found = {f.key: (f.value, f.polarity) for f in RuleExtractor().extract("这牌我是戒不掉了")}
    assert found == {"user|taste|牌": ("牌", True)}  # a habit kept, not "戒" avoided
    assert RuleExtractor().extract("他最近迷上钓鱼了") == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("有几件事你记一下：我家在绍兴，在一所初中教物理", "user|job", "物理老师"),
        ("Thanks, but please drop the em dashes.", "user|em_dashes", "no em dashes"),
        ("i swing dance 3 nights a week here in savannah", "user|taste|swing dance", "swing dance"),
    ],
)
def test_a_subject_taught_a_mark_left_out_and_a_pastime_kept_up(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "我们小区保安大叔可会唱京剧了，一到晚上就在岗亭里来两嗓子",
        "I work 5 days a week",
        "I see my therapist once a week",
    ],
)
def test_no_meeting_in_can_and_no_pastime_in_chores(text: str) -> None:
    assert RuleExtractor().extract(text) == []


def test_a_chinese_city_keeps_the_name_it_is_called_by() -> None:
    assert [h.value for h in scan("我住襄阳")] == ["襄阳"]  # not the list's first form, 樊城
    assert {f.key: f.value for f in RuleExtractor().extract("I tend bar at a cocktail place downtown")}.get(
        "user|job"
    ) == "bartender"  # the trade by its role


def test_things_kept_in_a_named_tool() -> None:
    found = {f.key for f in RuleExtractor().extract("My whole novel lives in Scrivener and my editor wants it.")}
    assert "user|uses_tool|scrivener" in found
    assert RuleExtractor().extract("My family lives in Boston") == []  # a place, not a tool
