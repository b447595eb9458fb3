"""Reply settings asked for in words other than the setting's name: the long kind refused or a sentence count
given (short replies), the conclusion asked for first, a presentation device said to read better than another,
the units wanted, and a regional English."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import Predicate
from graphmem.extraction.replies import reply_shape

P = Predicate


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("记住哈，回答我的时候别太长，三五句话就行", "user|prefers_reply_style", "short replies"),
        ("回答我的时候不要写太多", "user|prefers_reply_style", "short replies"),
        ("From now on answer in two or three sentences.", "user|prefers_reply_style", "short replies"),
        ("Remember: no walls of text when you reply.", "user|prefers_reply_style", "short replies"),
        ("记住，以后回答我的时候先给结论，再解释原因", "user|prefers_format|conclusion first", "conclusion first"),
        ("From now on, give me the bottom line first.", "user|prefers_format|conclusion first", "conclusion first"),
        (
            "Lists are waaay easier for me to scan than walls of text.",
            "user|prefers_format|bullet points",
            "bullet points",
        ),
        ("From now on, use metric units.", "user|units", "metric units"),
        ("From now on: answer in British English.", "user|prefers_language", "british english"),
    ],
)
def test_a_reply_setting_is_read_from_what_the_request_says(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    facts = {f.key: f.value for f in extractor.extract(text)}
    assert facts.get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "My boss says tables are easier to read than lists.",
        "A table would be better than a list here?",
        "The report was not too long.",
        "I prefer paragraphs over lists.",
    ],
)
def test_other_people_questions_and_the_thing_compared_against_set_no_reply_format(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [f for f in extractor.extract(text) if f.predicate is P.PREFERS_FORMAT and f.value == "bullet points"]
    assert not [f for f in extractor.extract(text) if f.predicate is P.PREFERS_REPLY_STYLE]


def test_the_device_after_than_is_not_the_one_wanted() -> None:
    found = reply_shape("Tables are clearer to me than lists", "en")
    assert [(r.predicate, r.value) for r in found] == [(P.PREFERS_FORMAT, "tables")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Shorter is better, seriously, a few lines max.", "short replies"),
        ("I want the long version: walk me through every step in detail.", "detailed replies"),
    ],
)
def test_a_capped_length_or_a_long_version_sets_the_reply_length(
    extractor: RuleExtractor, text: str, value: str
) -> None:
    assert {f.key: f.value for f in extractor.extract(text)}.get("user|prefers_reply_style") == value


@pytest.mark.parametrize(
    ("text", "predicate", "value", "polarity"),
    [
        (
            "Could you leave the emojis out of your answers? They feel like marketing.",
            P.PREFERS_FORMAT,
            "emojis",
            False,
        ),
        ("Plain text without emojis suits me way better.", P.PREFERS_FORMAT, "emojis", False),
        ("你回答里能不能别加那么多表情符号，看着有点花", P.PREFERS_FORMAT, "emojis", False),
        ("我真不喜欢回复里带emoji，正常文字就好", P.PREFERS_FORMAT, "emojis", False),
        ("我喜欢回复里带表格", P.PREFERS_FORMAT, "tables", True),
        ("Could you reply in French?", P.PREFERS_LANGUAGE, "french", True),
        (
            "so from now on please answer me in Portuguese, even if I write in English.",
            P.PREFERS_LANGUAGE,
            "portuguese",
            True,
        ),
        ("in this project reply in Norwegian", P.PREFERS_LANGUAGE, "norwegian", True),
        ("以后你回我都用繁体中文吧", P.PREFERS_LANGUAGE, "traditional chinese", True),
    ],
)
def test_how_replies_look_is_read_from_requests_tastes_and_concessions(
    extractor: RuleExtractor, text: str, predicate: Predicate, value: str, polarity: bool
) -> None:
    facts = [(f.value, f.polarity) for f in extractor.extract(text) if f.predicate is predicate]
    assert facts == [(value, polarity)]


@pytest.mark.parametrize(
    "text", ["If I move to Lisbon, answer me in Portuguese", "Can you leave the tables in?", "我喜欢回复里的那句话"]
)
def test_a_supposition_or_what_stays_in_replies_sets_no_reply_setting(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in extractor.extract(text) if f.predicate in (P.PREFERS_FORMAT, P.PREFERS_LANGUAGE)]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("能不能别一上来就夸我问题问得好，直接说答案就行", "user|praise", "no praise of the question"),
        ("以后开头那句客套话省了吧", "user|praise", "no praise of the question"),
        ("Please stop flattering me", "user|praise", "no praise of the question"),
        ("Skip the disclaimers and just give me the info.", "user|disclaimers", "no disclaimers"),
        ("I really don't need a caveat at the top of every answer.", "user|disclaimers", "no disclaimers"),
        ("回答里别加免责声明", "user|disclaimers", "no disclaimers"),
    ],
)
def test_no_praise_of_the_question_and_no_disclaimers(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get(key) == value


def test_a_disclaimer_in_a_document_is_no_reply_setting() -> None:
    assert RuleExtractor().extract("The contract has a disclaimer at the end") == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Again with the exclamation points.", "user|exclamation_marks", "fewer exclamation marks"),
        ("那你讲这种健康知识的时候能不能把出处带上？不然我也判断不了靠不靠谱", "user|citations", "cite sources"),
    ],
)
def test_a_manner_said_without_a_person_or_as_bring_the_source(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get(key) == value
