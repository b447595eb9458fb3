"""Habits and topics that are not suppositions or one-offs ("出差订酒店的话，我一般…", "今天的周会我照例没开摄像头"),
degree complements kept out of values ("烦透了KTV"), a fronted topic with 这事, train seat classes, a request
question about reply length, and an employer one moves to ("I'm starting at Atlassian", "去小红书报到")."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("出差订酒店的话，我一般更倾向全季，干净", "user|travel_hotel", "全季"),
        ("今天的周会我照例没开摄像头，就开了个麦", "user|meeting_camera", "camera off"),
        ("我真的烦透了KTV", "user|taste|ktv", "ktv"),
        ("我最喜欢唱K了", "user|taste|ktv", "ktv"),
        ("唱歌这事我真不行", "user|taste|唱歌", "唱歌"),
        ("以后帮我订高铁都订一等座", "user|travel_class", "一等座"),  # the class, beside where one sits
        ("你每次都回一大段，能不能简短点，三五句话说清楚就行", "user|prefers_reply_style", "short replies"),
        ("I've left Canva and I'm starting at Atlassian on Monday.", "user|employer", "atlassian"),
        ("我从字节离职了，下周一去小红书报到", "user|employer", "小红书"),
        ("我跳槽到了美团", "user|employer", "美团"),
    ],
)
def test_habits_topics_and_moves_state_the_attribute(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "我搬去大理的话，就天天晒太阳",
        "有时间的话我想去大理住",
        "今天的周会我没开摄像头",
        "我去超市了",
        "我周末去游泳了",
        "他跳槽到了美团",
        "I'm starting Monday.",
        "能不能短一点？",
    ],
)
def test_suppositions_one_offs_errands_and_other_people_state_nothing(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_working_at_a_firm_in_a_city_is_living_there(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我在上海一家券商做量化").get("user|location") == "上海"


@pytest.mark.parametrize(
    ("text", "known", "value"),
    [
        ("更正一下哈，我之前把我老婆名字打错了，是林玥，王字旁那个玥，不是喜悦的悦，你改一下", "林悦", "林玥"),
        ("Correction: it's spelled Hanna, I typed it wrong.", "hannah", "hanna"),
    ],
)
def test_a_correction_respelling_a_known_name_replaces_it(
    extractor: RuleExtractor, text: str, known: str, value: str
) -> None:
    assert extractor.replaced(text, [known, "北京"]) == [value, ""]


def test_a_name_two_letters_off_or_no_correction_replaces_nothing(extractor: RuleExtractor) -> None:
    assert extractor.replaced("更正一下，是林玥", ["张伟"]) == [""]
    assert extractor.replaced("我老婆是林玥", ["林悦"]) == [""]


@pytest.mark.parametrize(
    "text",
    [
        "I'm only in the office Tuesdays and Thursdays, the rest of the week I work from home.",
        "Being in the office just on Tuesday and Thursday suits me fine.",
        "我一般周二周四去公司坐班，其他时间在家办公",
    ],
)
def test_weekdays_with_a_word_for_the_office_are_the_office_days(extractor: RuleExtractor, text: str) -> None:
    assert _facts(extractor, text).get("user|office_days") == "tuesday, thursday"


def test_someone_else_s_office_days_are_not_the_speaker_s(extractor: RuleExtractor) -> None:
    assert "user|office_days" not in _facts(extractor, "My boss is in the office on Mondays.")


@pytest.mark.parametrize(
    ("text", "value"), [("当架构师最怕的就是半夜被电话叫醒", "架构师"), ("我在上海一家券商做量化", "量化")]
)
def test_more_roles_are_known_jobs(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|job") == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("我在上海一家券商做量化，平时Python用得最多，周末一般去游泳", "游泳"),
        ("我一般周末去爬山", "爬山"),
        ("我每周都会去打羽毛球", "羽毛球"),
        ("我平时经常去跑步", "跑步"),
    ],
)
def test_a_pastime_one_habitually_goes_to_is_a_liking(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get(f"user|taste|{value}") == value


@pytest.mark.parametrize(
    "text", ["我明天去游泳", "我一般去超市", "我周末一般去公司加班", "我下班后经常去健身房撸铁", "我不怎么去爬山"]
)
def test_a_plan_or_a_place_one_goes_to_is_no_pastime(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in extractor.extract(text) if f.key.startswith("user|taste|")]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我写代码基本离不开Vim，鼠标都懒得碰", "user|editor", "vim"),
        (
            "Just moved to Auckland! From now on, use Auckland time for anything with a clock on it.",
            "user|timezone",
            "auckland time",
        ),
    ],
)
def test_what_one_cannot_do_without_and_the_zone_to_use_are_stated(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize("text", ["Let's use Christmas time to rest", "I'm on island time this week"])
def test_a_time_that_names_no_place_is_no_time_zone(extractor: RuleExtractor, text: str) -> None:
    assert "user|timezone" not in _facts(extractor, text)


def test_a_subject_taught_is_a_job_and_a_workplace_in_a_city_is_where_one_lives(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "Quick profile: I teach chemistry at a high school in Austin, and I'm vegetarian.")
    assert (facts.get("user|job"), facts.get("user|location")) == ("chemistry teacher", "austin")
    assert _facts(extractor, "I teach at a school in Paris").get("user|location") == "paris"
    assert _facts(extractor, "I work at a hospital in Leeds").get("user|location") == "leeds"
    assert "user|job" not in _facts(extractor, "I teach myself Spanish")


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("这周末又去爬了趟香山，人多得跟下饺子似的，不过爬山这个爱好我是戒不掉了", True),
        ("摄影这个爱好我坚持了十年", True),
        ("爬山这个爱好我早就不玩了", False),
        ("滑雪这个爱好太烧钱了", False),
    ],
)
def test_a_hobby_kept_as_a_topic_is_a_liking(extractor: RuleExtractor, text: str, liked: bool) -> None:
    assert any(f.key.startswith("user|taste|") and f.polarity for f in extractor.extract(text)) is liked


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Conventions for tern: file names in snake_case, and we indent with tabs.", "user|code_naming", "snake_case"),
        ("变量名统一用驼峰", "user|code_naming", "camelCase"),
        (
            "Kestrel's frontend is all Svelte, so any component examples should follow that.",
            "project kestrel|stack:ui",
            "svelte",
        ),
    ],
)
def test_a_naming_convention_and_a_stack_said_with_a_degree_word(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


def test_a_naming_style_named_with_no_word_for_names_is_no_convention(extractor: RuleExtractor) -> None:
    assert "user|code_naming" not in _facts(extractor, "snake_case is a python thing")


@pytest.mark.parametrize(
    "text",
    ["Booking the train to Edinburgh, and I always go for the quiet coach, I need to work.", "坐高铁我一般选静音车厢"],
)
def test_a_train_coach_one_goes_for_is_the_seat_preference(extractor: RuleExtractor, text: str) -> None:
    assert _facts(extractor, text).get("user|travel_seat") in ("quiet coach", "静音车厢")


def test_a_coach_named_in_passing_is_no_preference(extractor: RuleExtractor) -> None:
    assert "user|travel_seat" not in _facts(extractor, "The quiet car was full today")
