"""Where one lives said in passing ("好在我们昆山这边的菜还挺便宜", "one perk of living in Bristol"), a to-do app as
an attribute of its own ("我的待办全交给滴答清单管了"), a comfort read as a liking, web frameworks and task queues
as stack slots."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("好在我们昆山这边的菜还挺便宜", "user|location", "昆山"),
        ("At least the school run is only ten minutes, one perk of living in Bristol.", "user|location", "bristol"),
        ("我的待办全交给滴答清单管了，每天早上第一件事就是打开它", "user|todo_app", "滴答清单"),
        ("All my tasks live in Todoist now.", "user|todo_app", "todoist"),
        ("Detective stories are my comfort read.", "user|taste|detective story", "detective story"),
        ("We use FastAPI for everything.", "user|stack:web_framework", "fastapi"),
    ],
)
def test_said_in_passing(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    "text",
    ["他们昆山那边的菜很贵", "It's awesome to have you by my side, you're doing great things.", "我们这边下雨了"],
)
def test_no_place_or_app_of_the_speakers(extractor: RuleExtractor, text: str) -> None:
    assert not [k for k in _facts(extractor, text) if k in ("user|location", "user|todo_app")]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Remember I pay with Apple Pay when you help me book things. Sorry, I meant Google Pay.", "user|payment",
         "google pay"),
        ("结账的时候我一般用支付宝", "user|payment", "支付宝"),
        ("I tear through Irish crime novels, the moodier the better.", "user|taste|irish crime book",
         "irish crime book"),
        ("我参加的会还是希望开完会都能发一份纪要", "user|meeting_minutes", "minutes"),
    ],
)  # fmt: skip
def test_payment_eager_reading_and_split_meeting_verbs(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


def test_a_day_part_of_one_meeting_is_no_meeting_time(extractor: RuleExtractor) -> None:
    assert "user|meeting_time" not in _facts(extractor, "上午那个需求会开完，到下午我已经忘了定了啥。")
    assert _facts(extractor, "我喜欢上午开会").get("user|meeting_time") == "morning meeting"


def test_a_favourite_said_at_the_start_of_a_later_clause(extractor: RuleExtractor) -> None:
    text = "I need a book for the flight to Boston, and you know me, a good detective story is my comfort read."
    assert "user|taste|good detective story" in _facts(extractor, text)
    assert _facts(extractor, "Honestly, jazz is my favourite.").get("user|taste|jazz") == "jazz"
    assert _facts(extractor, "My brother says, jazz is his favourite.") == {}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Long day at the firm. Being a paralegal means I read more contracts than anyone should.", "paralegal"),
        ("I'm a baker.", "baker"),
    ],
)
def test_a_role_said_as_what_being_it_means(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|job") == value


def test_being_a_role_said_of_no_one_is_no_job(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Being a nurse is hard.") == {}


@pytest.mark.parametrize(
    "text",
    [
        "I have a language exam in June",  # a month is capitalised, never a place
        "I have a meeting in Berlin next week",  # "a <noun> in X" is the speaker's role only after a copula
        "I've got an interview in Leeds",
    ],
)
def test_a_thing_one_has_somewhere_says_nothing_of_where_one_lives(extractor: RuleExtractor, text: str) -> None:
    assert "user|location" not in _facts(extractor, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("I'm a nurse in Leeds", "leeds"), ("I've been a teacher in Boston for years", "boston")],
)
def test_a_role_held_somewhere_still_places_the_speaker(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text)["user|location"] == value


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("It's a Laravel 10 app with Redis queues.", "project|stack:web_framework", "laravel"),
        ("Thanks. It's a Django project.", "project|stack:web_framework", "django"),
        ("这个项目的订单消息是走Kafka的", "project|stack:message_queue", "kafka"),
    ],
)
def test_what_the_project_at_hand_is_built_on(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


def test_a_chinese_employer_said_as_one_of_a_kind_keeps_the_kind(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我在一家广告公司上班，天天被甲方改稿改到半夜").get("user|employer") == "广告公司"
