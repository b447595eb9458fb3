"""What a later word refers back to: "them" for a thing named in the sentence before, "the stuff" for the thing
the clause before ends on, "which is my comfort food" for the noun before it; conditions on what the assistant
does ("if you're ever suggesting restaurants, …") are no suppositions; "I'd rather" is a preference; a device
that "works better for me" is the format wanted; "can't do calls before 10"; an editor's config."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "Spent the weekend on a 1000-piece jigsaw puzzle. I've been into them since lockdown.",
            "user|taste|jigsaw",
            "jigsaw",
        ),
        (
            "If you're ever suggesting restaurants, skip anything with blue cheese, I can't stand the stuff.",
            "user|taste|blue cheese",
            "blue cheese",
        ),
        (
            "Found a spot that does a decent green curry, which is basically my comfort food.",
            "user|taste|green curry",
            "green curry",
        ),
        ("I'm such a sucker for green curry that I order it everywhere.", "user|taste|green curry", "green curry"),
        ("I'd rather read normal paragraphs, lists feel choppy to me.", "user|prefers_format|prose", "prose"),
        ("Plain prose really works better for me, honestly.", "user|prefers_format|prose", "prose"),
        ("I'd rather have meetings in the afternoon.", "user|meeting_time", "afternoon meeting"),
        (
            "I really can't do calls before 10, my brain isn't on yet.",
            "user|do_not_disturb:before",
            "before 10:00",
        ),
        ("I work remotely as a data engineer for a logistics startup.", "user|job", "data engineer"),
        ("Spent the evening tweaking my Emacs config.", "user|editor", "emacs"),
    ],
)
def test_what_a_turn_refers_back_to_or_prefers_is_read(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "I bought new shoes yesterday. I love them.",
        "We talked about it, which is my favourite.",
        "If I lived in Paris, I'd eat croissants.",
        "I'd rather die.",
        "You're right, I love it.",
    ],
)
def test_one_offs_suppositions_and_deictic_antecedents_state_nothing(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("quick update - I've switched to green tea, that's my go-to drink now.", "user|favourite:drink", "green tea"),
        ("Got promoted to senior engineer today!! remember that", "user|job", "senior engineer"),
        ("I'm a junior dev", "user|job", "junior dev"),
        ("Remember I live in Melbourne (Australia, not Florida lol)", "user|location", "melbourne"),
    ],
)
def test_a_favourite_named_after_the_thing_a_dropped_subject_and_a_joking_aside(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


def test_a_bare_laugh_in_parentheses_still_laughs_at_the_sentence(extractor: RuleExtractor) -> None:
    assert extractor.extract("I live in Paris (haha)") == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("今天天津风大得离谱，我家边牧豆包出去遛了一圈", "user|pet:dog:name", "豆包"),
        ("我家那只布偶猫麻薯今年三岁了", "user|pet:cat:name", "麻薯"),
        ("我家橘猫可乐最近胖得不行", "user|pet:cat:name", "可乐"),
        (
            "My husband Tomasz has his birthday on August 9, remember that for me please.",
            "user|spouse:birthday",
            "august 9",
        ),
    ],
)
def test_a_name_in_apposition_to_a_pet_and_a_relation_having_a_birthday(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert {f.key: f.value for f in extractor.extract(text)}.get(key) == value


@pytest.mark.parametrize(
    "text", ["我家那只柯基特别能吃", "我家金毛最近掉毛严重", "我家猫粮吃完了", "我家那只猫今年三岁了"]
)
def test_what_follows_a_pet_without_a_name_names_nothing(extractor: RuleExtractor, text: str) -> None:
    # (a breed called alone is what the pet is: "我家那只柯基" keeps pet:dog:breed, no name)
    assert not [f for f in extractor.extract(text) if f.key.startswith("user|pet:") and not f.key.endswith(":breed")]
