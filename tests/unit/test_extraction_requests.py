"""Requests to remember in more words ("Keep all that on file", "Can you remember that …?"), and a relation's
name said in apposition before a possessive ("my son Leo's birthday", "我女儿朵朵的生日")."""

from __future__ import annotations

import pytest

from graphmem.extraction.coreference import without_apposition
from graphmem.extraction.extractor import RuleExtractor


def test_keep_all_that_on_file_makes_every_statement_of_the_turn_explicit(extractor: RuleExtractor) -> None:
    facts = extractor.extract("I'm based in Denver, and I'm gluten-free. Keep all that on file.")
    assert {f.key for f in facts} == {"user|location", "user|diet"}
    assert all(f.explicit for f in facts)


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Can you remember that my son's birthday is on the 3rd of February?", "user|child:son:birthday", "february 3"),
        ("Could you keep in mind that I'm vegetarian?", "user|diet", "vegetarian"),
        ("你能帮我记住我老婆叫小丽吗？", "user|spouse:name", "小丽"),
    ],
)
def test_a_question_asking_to_remember_states_what_it_asks_to_remember(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    facts = {f.key: f for f in extractor.extract(text)}
    assert facts[key].value == value
    assert facts[key].explicit


def test_a_question_asking_to_remember_nothing_states_nothing(extractor: RuleExtractor) -> None:
    assert extractor.extract("Can you remember that?") == []


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "Remember that my son Leo's birthday is on the 3rd of February.",
            {"user|child:son:name": "leo", "user|child:son:birthday": "february 3"},
        ),
        (
            "帮我记住，我女儿朵朵的生日是6月8号",
            {"user|child:daughter:name": "朵朵", "user|child:daughter:birthday": "6月8号"},
        ),
    ],
)
def test_a_name_in_apposition_leaves_the_relation_s_birthday_readable(
    extractor: RuleExtractor, text: str, facts: dict[str, str]
) -> None:
    assert {f.key: f.value for f in extractor.extract(text)} == facts


def test_someone_else_s_relation_is_no_apposition() -> None:
    assert without_apposition("我同事小王的生日是5月3号", "zh") is None
    assert without_apposition("my boss Leo's birthday is May 3", "en") is None


def test_a_correction_opening_with_an_interjection_replaces_the_value_said_before(extractor: RuleExtractor) -> None:
    facts = extractor.extract("啊不对不对，我说错了，是4月13号，记这个", ["记住我生日是3月14号"])
    assert [(f.key, f.value, f.correction) for f in facts] == [("user|birthday", "4月13号", True)]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("I'd like your answers in English, by the way.", "user|prefers_language", "english"),
        ("I'd like all your replies in Hungarian going forward.", "user|prefers_language", "hungarian"),
        ("I would like your replies in French.", "user|prefers_language", "french"),
        ("I'd like you to keep your replies short.", "user|prefers_reply_style", "short replies"),
    ],
)
def test_id_like_you_or_your_is_a_request_not_a_supposition(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert {f.key: f.value for f in extractor.extract(text)}.get(key) == value


@pytest.mark.parametrize("text", ["I'd like to live in Paris one day.", "I would love to work at Google."])
def test_id_like_to_is_still_a_wish(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_an_instruction_that_points_to_what_was_said_before_says_nothing_alone() -> None:
    found = RuleExtractor().extract("Mondays. I'm out at our Reno plant every Monday, so never book me then.")
    assert not [f for f in found if f.key.startswith("user|instruction")]
    assert [f.value for f in RuleExtractor().extract("Always double-check the math")] == ["double-check the math"]
