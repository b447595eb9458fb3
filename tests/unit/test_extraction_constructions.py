"""General constructions rather than phrases: any -ly adverb between the speaker and the verb, the kind of person
one is, a kind put first with no verb, a new clause at a name followed by "I", a fronted food refused even by
the mouthful, and a Chinese style word used as an adverb of the clause's own action."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _values(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("I'm weirdly into jazz.", "user|taste|jazz"),
        ("I've gotten weirdly into board games.", "user|taste|board game"),
        ("I stubbornly love sushi.", "user|taste|sushi"),
    ],
)
def test_any_ly_adverb_may_stand_between_the_speaker_and_the_verb(
    extractor: RuleExtractor, text: str, key: str
) -> None:
    assert key in _values(extractor, text)


def test_early_is_no_adverb_of_a_stance(extractor: RuleExtractor) -> None:
    assert _values(extractor, "I'm early into the project.") == {}


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("I'm a dog person.", "likes", "dog"),
        ("Honestly, not a cat person.", "dislikes", "cat"),
        ("Honestly, dogs all the way.", "likes", "dog"),
        ("Dogs over cats for me, every single time.", "likes", "dog"),
    ],
)
def test_the_kind_of_person_one_is_and_a_kind_put_first_are_tastes(
    extractor: RuleExtractor, text: str, predicate: str, value: str
) -> None:
    assert any(str(f.predicate) == predicate and f.value == value for f in extractor.extract(text))


@pytest.mark.parametrize("text", ["She's a cat person.", "I slept all the way to London.", "I drove all the way home."])
def test_someone_elses_kind_and_a_distance_are_no_taste(extractor: RuleExtractor, text: str) -> None:
    assert _values(extractor, text) == {}


def test_a_name_followed_by_i_opens_a_clause_of_its_own(extractor: RuleExtractor) -> None:
    facts = _values(extractor, "Ever since we moved to Leipzig I've gotten weirdly into board games.")
    assert facts.get("user|location") == "leipzig"
    assert "user|taste|board game" in facts


@pytest.mark.parametrize("text", ["茄子我是真的一口都不碰", "茄子我一口都不吃"])
def test_a_fronted_food_refused_by_the_mouthful_is_avoided(extractor: RuleExtractor, text: str) -> None:
    assert any(f.value == "茄子" and str(f.predicate) == "avoids" for f in extractor.extract(text))


def test_a_style_word_before_a_verb_of_its_clause_is_no_reply_tone(extractor: RuleExtractor) -> None:
    facts = _values(extractor, "跟你说一声，我上周正式从美团离职，入职拼多多了，你帮我更新一下")
    assert "user|prefers_tone" not in facts
    assert facts.get("user|employer") == "拼多多"
    assert _values(extractor, "回复正式一点").get("user|prefers_tone") == "formal"


@pytest.mark.parametrize("text", ["茄子那种软趴趴的口感我从小就受不了", "羊肉那股膻味我实在受不了"])
def test_a_described_quality_of_the_topic_carries_the_stance_to_the_topic(extractor: RuleExtractor, text: str) -> None:
    assert any(f.value == text[:2] and str(f.predicate) == "dislikes" for f in extractor.extract(text))


def test_someone_of_that_kind_is_no_topic_of_taste(extractor: RuleExtractor) -> None:
    assert _values(extractor, "他那种人我受不了") == {}


@pytest.mark.parametrize("text", ["1）咖啡我只喝燕麦奶的", "（2）咖啡我只喝燕麦奶", "①咖啡我只喝燕麦奶"])
def test_a_list_items_number_does_not_hide_its_fronted_topic(extractor: RuleExtractor, text: str) -> None:
    assert _values(extractor, text).get("user|taste|燕麦") == "燕麦"
