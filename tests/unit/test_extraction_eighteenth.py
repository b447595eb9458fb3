"""Mechanisms built against the seventeenth development round: a stance said by a clause that points back, more
words of habit and stance, trades named by their agent suffix or said as what one sells or brings, a new job
with a modifier before "job", and a product named without its generic head ("石墨" for "石墨文档")."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.recurrence import meet, topics


def _stances(text: str) -> dict[str, bool | None]:
    return {t.key: t.stance for t in topics(text)}


def test_a_clause_pointing_back_gives_its_stance_to_what_the_clause_before_named_first() -> None:
    text = "QuickBooks keeps double-counting transactions from my bank feed. It's the only accounting software I touch."
    found = _stances(text)
    assert found["quickbook"] is True
    assert found["bank"] is None  # only the first thing named takes it
    # without the pointing-back opener the stance stays in its own clause
    assert (
        _stances("QuickBooks keeps double-counting transactions from my bank feed. Taxes are due soon.")["quickbook"]
        is None
    )
    before = topics("I keep the books for my cleaning business entirely in QuickBooks Online.")
    assert [t.key for t, _ in meet(topics(text), before)] == ["quickbook"]


@pytest.mark.parametrize(
    ("text", "key", "stance"),
    [
        ("公司想换软件，我死活不乐意，用惯了石墨", "石墨", True),
        ("我一个三十好几的人，最大的爱好是拼积木", "积木", True),
        ("我车上一律不许吃榴莲", "榴莲", False),
        ("Ice fishing season is my whole winter, I swear", "fish", True),
    ],
)
def test_more_words_of_habit_and_stance(text: str, key: str, stance: bool) -> None:
    assert _stances(text).get(key) is stance


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a lineman for the power company and they can send us out of state.", "lineman"),
        ("I'm an adjunct at two community colleges, teaching intro sociology.", "adjunct"),
        ("I got a tenure-track job as an assistant professor at a state university.", "assistant professor"),
        ("我是送快递的，双十一这一波跑下来腰实在扛不住了", "快递"),
        ("我是卖保险的", "保险"),
    ],
)
def test_trades_by_agent_suffix_what_one_sells_or_a_modified_job(
    extractor: RuleExtractor, text: str, role: str
) -> None:
    assert {f.key: f.value for f in extractor.extract(text)}.get("user|job") == role


@pytest.mark.parametrize(
    "text", ["I'm a family man", "I'm a woman in tech", "I'm a human being, not a robot", "这是我送你的礼物"]
)
def test_no_trade_from_words_that_only_look_like_one(extractor: RuleExtractor, text: str) -> None:
    assert "user|job" not in {f.key for f in extractor.extract(text)}


def test_a_product_is_named_without_its_generic_head(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("开会的记录我用惯了石墨", ["石墨文档"]) == [True]
    assert extractor.mentioned("石头很硬", ["石墨文档"]) == [False]


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_a_move_to_come_is_not_where_one_lives(extractor: RuleExtractor) -> None:
    text = "From now on, please reply in Finnish. We're moving to Tampere in the spring and I want to read it."
    found = _facts(extractor, text)
    assert found.get("user|prefers_language") == "finnish"
    assert "user|location" not in found
    assert _facts(extractor, "I've been living in Tampere since the spring").get("user|location") == "tampere"


def test_a_use_to_come_is_no_instruction_and_a_listing_keeps_its_facts(extractor: RuleExtractor) -> None:
    text = "有几件事你记一下，往后用得着：我住泰州，在船厂当电焊工"
    found = _facts(extractor, text)
    assert found.get("user|location") == "泰州" and found.get("user|job") == "电焊工"
    assert not any(k.startswith("user|instruction") for k in found)


def test_a_number_repaired_in_the_same_breath_is_kept_repaired(extractor: RuleExtractor) -> None:
    notes = [f.value for f in extractor.extract("记一下我的工号，报销单老要填：20731……等下，俩数写反了，是20713")]
    assert notes == ["我的工号，报销单老要填：20713"]


def test_a_pointer_before_how_it_will_be_used_keeps_the_sentence_before(extractor: RuleExtractor) -> None:
    [note] = extractor.extract("蜜袋鼯，叫糯米，一岁半了。你记着它，往后我问的宠物的事说的都是它")
    assert "糯米" in note.value and "蜜袋鼯" in note.value


def test_where_a_standing_rule_holds_may_come_between_its_time_and_its_verb(extractor: RuleExtractor) -> None:
    [rule] = extractor.extract("以后回复里别给我贴网址链接，外头的链接一个都打不开")
    assert rule.key.startswith("user|instruction") and "链接" in rule.value and rule.polarity is False


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Skip the part where you restate what I asked and go straight to the answer.", "user|restating", None),
        ("跟我说话用大白话，别整那些专业词儿，我听着费劲", "user|jargon", "plain language"),
        ("又是一串名词。说了讲人话，打个比方都行", "user|jargon", "plain language"),
    ],
)
def test_reply_manners_in_more_words(extractor: RuleExtractor, text: str, key: str, value: str | None) -> None:
    found = _facts(extractor, text)
    assert key in found and (value is None or found[key] == value)
    assert "user|jargon" not in _facts(extractor, "他说话从来不讲人话")


def test_remember_to_do_that_for_every_one_is_a_standing_note(extractor: RuleExtractor) -> None:
    [note] = extractor.extract(
        "Good. Remember to do that for every meeting you schedule for me, a notes doc in each invite."
    )
    assert "notes doc" in note.value
    [joined] = extractor.extract(
        "Attach a shared notes doc so people can write in it live. "
        "Remember to do that for every meeting you set up for me."
    )
    assert "notes doc" in joined.value and "every meeting" in joined.value
    assert extractor.extract("Remember to do that tomorrow.") == []


def test_a_code_base_rule_in_any_person_and_a_name_inside_another_is_no_same_word(extractor: RuleExtractor) -> None:
    text = (
        "For yarrow, though: it's a Vite project and the team standardized on Vitest, so tests in yarrow should be "
        "Vitest, not Jest. Remember that, please."
    )
    found = _facts(extractor, text)
    assert found.get("user|stack:tests") == "vitest"
    assert "user|stack:tests" not in _facts(extractor, "He said tests should be fast")


def test_a_project_named_by_its_id_is_described_as_built_on_a_technology(extractor: RuleExtractor) -> None:
    found = _facts(extractor, "project hazel is a Tauri app, Rust backend with a React front end.")
    assert found.get("project|stack:desktop") == "tauri"
    assert _facts(extractor, "Slack is a great app") == {}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("我们门店每天早上八点半开早会，店长点完名再分一下活儿", "8:30"),
        ("早会时间改了，往后都是九点一刻开，八点半太早大伙儿赶不过来", "9:15"),
        ("我们每周一上午十点开例会", "10:00"),
        ("我一般下午两点以后开会", "after 14:00"),
    ],
)
def test_a_chinese_clock_time_of_meetings(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|meeting_time") == value


def test_a_clock_time_of_one_meeting_is_no_setting(extractor: RuleExtractor) -> None:
    assert "user|meeting_time" not in _facts(extractor, "下午三点那个会取消了")


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("My half-brother Desmond is flying in from Atlanta next week.", "user|sibling:brother:name", "desmond"),
        ("我堂弟阿涛下个月结婚，我得回老家给他当伴郎", "user|relative:cousin:阿涛", "阿涛"),
        ("我从医院辞了，跳槽去一家药企当医药代表，下礼拜入职", "user|job", "医药代表"),
        ("我在药企当医药代表", "user|job", "医药代表"),
    ],
)
def test_more_relatives_and_trades(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize("text", ["我女儿小时候特别怕狗", "我儿子小学三年级了", "我老婆阿姨家在杭州"])
def test_a_dictionary_word_after_a_relative_is_no_name(extractor: RuleExtractor, text: str) -> None:
    assert not any(":name" in k or "relative:" in k for k in _facts(extractor, text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("我这台iPhone 13电池健康掉到百分之八十一了，是换块电池划算还是直接换新手机？", "iphone 13"),
        ("My phone is an iPhone 13", "iphone 13"),
        ("I have a Pixel 7 and it keeps rebooting", "pixel 7"),
        ("我用的华为Mate 60 Pro", "huawei mate 60 pro"),
        ("我的手机是苹果12", "iphone 12"),
    ],
)
def test_the_phone_one_has_by_its_model(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|phone") == value


@pytest.mark.parametrize(
    "text", ["My wife has a Galaxy S23", "Should I buy an iPhone 15?", "iPhone 13能升最新的系统不？"]
)
def test_no_phone_of_someone_else_or_one_only_asked_about(extractor: RuleExtractor, text: str) -> None:
    assert "user|phone" not in _facts(extractor, text)


def test_a_phone_model_corrected_is_a_correction(extractor: RuleExtractor) -> None:
    [fact] = extractor.extract(
        "刚在设置里瞅了一眼，我这台是iPhone 12，压根不是13，一直记岔了。前面说的你都按12给我改过来"
    )
    assert (fact.key, fact.value, fact.correction) == ("user|phone", "iphone 12", True)


def test_a_chinese_database_the_project_must_use(extractor: RuleExtractor) -> None:
    text = "菱角是政府的信创项目，数据库必须上达梦，MySQL那套人家不让用。在菱角里你给的SQL全按达梦来，这个记一下"
    found = extractor.extract(text)
    assert {f.key: f.value for f in found}.get("user|stack:database") == "达梦"
    assert not any(f.value.endswith("这个") for f in found)  # the closing pointer is no part of the note


def test_after_a_time_is_no_request_from_now_on(extractor: RuleExtractor) -> None:
    [after] = extractor.extract("我一般下午两点以后开会")
    assert (after.key, after.value, after.explicit) == ("user|meeting_time", "after 14:00", False)
    [ruled] = extractor.extract("以后开会都安排在下午")
    assert ruled.explicit


def test_a_plural_names_a_value_of_several_words(extractor: RuleExtractor) -> None:
    text = "This is exactly why I don't want standing recurring meetings on my calendar."
    assert extractor.mentioned(text, ["recurring meeting"], [False]) == [True]
    assert extractor.mentioned("I skipped the meeting", ["recurring meeting"], [False]) == [False]


def test_a_group_the_speaker_belongs_to_speaks_for_the_speaker(extractor: RuleExtractor) -> None:
    found = _facts(extractor, "Please remember that my team does all our calls as Slack huddles.")
    assert found.get("user|meeting_tool") == "slack huddle"
    assert _facts(extractor, "My boss loves golf and plays every weekend") == {}


def test_the_service_people_book_time_with_the_speaker_through(extractor: RuleExtractor) -> None:
    text = "Please remember that people book time with me through my Calendly link."
    assert _facts(extractor, text).get("user|scheduling_tool") == "calendly"
    moved = "I've moved from Calendly to SavvyCal, so please put the SavvyCal link in scheduling emails from now on."
    assert _facts(extractor, moved).get("user|scheduling_tool") == "savvycal"


def test_a_part_of_a_project_built_on_a_technology(extractor: RuleExtractor) -> None:
    found = _facts(extractor, "Plover's infrastructure is all Terraform on AWS. How should I structure the modules?")
    assert found.get("project|stack:infra") == "terraform"
    assert _facts(extractor, "My sister's backend is a mess") == {}


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Another sanderling question: what's the cleanest way to version the API routes in Laravel?", True),
        ("For hornbeam, how do I stop repeating the auth dependency on every router in FastAPI?", True),
        ("How do I get started with Laravel?", False),  # not taken up yet
        ("Why do people like Laravel so much?", False),
    ],
)
def test_asking_how_to_do_ones_work_in_a_thing_names_it(extractor: RuleExtractor, text: str, named: bool) -> None:
    value = "fastapi" if "FastAPI" in text else "laravel"
    assert extractor.mentioned(text, [value]) == [named]
    assert extractor.extract(text) == []  # a sighting only: the question states no fact


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("i play disc golf like 4x a week here in asheville", "asheville"),
        ("The courts here in Tacoma are packed every evening.", "tacoma"),
        ("想换块单板，我在吉林滑了三个雪季了，中级道能自由滑，有啥推荐？", "吉林"),
    ],
)
def test_where_one_is_said_as_here_or_as_years_of_doing_something_there(
    extractor: RuleExtractor, text: str, place: str
) -> None:
    assert _facts(extractor, text).get("user|location") == place


@pytest.mark.parametrize("text", ["我在公司这边干了两年了", "Is it cold here in the mornings?"])
def test_no_place_from_a_workplace_or_a_question(extractor: RuleExtractor, text: str) -> None:
    assert "user|location" not in _facts(extractor, text)
