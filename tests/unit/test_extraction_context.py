"""What a turn refers back to: pronouns for the speaker's relations and corrections that give only a value, read
against the speaker's earlier turns of the session (`RuleExtractor.extract(text, context)`)."""

from __future__ import annotations

import pytest

from graphmem.extraction.coreference import Referent, last_referent, resolve
from graphmem.extraction.extractor import RuleExtractor


def _claims(extractor: RuleExtractor, text: str, context: tuple[str, ...] = ()) -> set[tuple[str, str]]:
    return {(f.key, f.value) for f in extractor.extract(text, context)}


@pytest.mark.parametrize(
    ("context", "text", "claim"),
    [
        (("我有个女儿叫乐乐",), "她的生日是7月8号", ("user|child:daughter:birthday", "7月8号")),
        (("I have a daughter, Mia.",), "Her birthday is May 9th", ("user|child:daughter:birthday", "may 9")),
        (
            (),
            "need to get mum something nice, her birthday's October 2nd",
            ("user|parent:mother:birthday", "october 2"),
        ),
        (("我家兔子叫棉花",), "我家兔子改名了，现在叫汤圆", ("user|pet:rabbit:name", "汤圆")),
    ],
)
def test_a_pronoun_opening_a_clause_is_the_relation_the_speaker_named_last(
    extractor: RuleExtractor, context: tuple[str, ...], text: str, claim: tuple[str, str]
) -> None:
    assert claim in _claims(extractor, text, context)
    for fact in extractor.extract(text, context):
        assert fact.evidence in text  # the evidence quotes the turn's own words, not the reading


def test_without_the_earlier_turn_the_pronoun_is_nobody_the_speaker_named(extractor: RuleExtractor) -> None:
    assert _claims(extractor, "她的生日是7月8号") == set()
    assert _claims(extractor, "Her birthday is May 9th") == set()


@pytest.mark.parametrize(
    ("context", "text"),
    [
        ((), "my coworker's son turns five next week, his birthday is June 1st"),
        ((), "我同事的女儿下周满五岁，她生日是5月2号"),
        (("My wife is Priya.",), "His birthday is May 9th"),  # "his" cannot be the wife
        (("我女儿叫乐乐",), "Her birthday is May 9th"),  # a relation named in the other language
        (("my coworker's mum is lovely",), "her birthday is May 1st"),
    ],
)
def test_someone_elses_relation_or_a_disagreeing_pronoun_states_nothing(
    extractor: RuleExtractor, context: tuple[str, ...], text: str
) -> None:
    assert _claims(extractor, text, context) == set()


def test_last_referent_is_the_speakers_own_relation_named_last() -> None:
    assert last_referent("my son Leo and my daughter Mia") == Referent("en", "daughter", "f")
    assert last_referent("我家猫叫年糕，我老公叫大伟") == Referent("zh", "老公", "m")
    assert last_referent("my coworker's son") is None
    assert last_referent("同事的女儿") is None
    assert resolve("It's raining", "en", Referent("en", "cat", "n")) is None


@pytest.mark.parametrize(
    ("context", "text", "claim", "replaced"),
    [
        (("记住我女儿叫欣欣",), "我刚才说错了，是心心，爱心的心", ("user|child:daughter:name", "心心"), "欣欣"),
        (
            ("Remember my favourite coffee is a flat white",),
            "no wait, the other one, cortado. Flat white is what my partner drinks",
            ("user|favourite:coffee", "cortado"),
            "flat white",
        ),
    ],
)
def test_a_correction_giving_only_a_value_replaces_the_fact_said_just_before(
    extractor: RuleExtractor, context: tuple[str, ...], text: str, claim: tuple[str, str], replaced: str
) -> None:
    facts = extractor.extract(text, context)
    assert claim in {(f.key, f.value) for f in facts}
    assert all(f.correction for f in facts)
    assert replaced not in {f.value for f in facts}
    assert extractor.extract(text) == [] or claim not in _claims(extractor, text)  # the value alone names nothing


def test_a_correction_naming_another_value_as_wrong_does_not_touch_the_last_fact(extractor: RuleExtractor) -> None:
    # the earlier turn said Berlin; "…, not Siemens" is about something else, so Berlin is not replaced
    assert _claims(extractor, "no wait, it's Bosch, not Siemens", ("I live in Berlin",)) == set()


def test_a_correction_in_the_other_language_does_not_touch_the_last_fact(extractor: RuleExtractor) -> None:
    assert _claims(extractor, "我刚才说错了，是心心", ("I live in Berlin",)) == set()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my mum's birthday is on the 2nd of October", "october 2"),
        ("My mum's birthday is October 2nd", "october 2"),
        ("my dad's birthday's Oct 2", "october 2"),
    ],
)
def test_an_english_day_said_either_way_round_is_one_value(extractor: RuleExtractor, text: str, value: str) -> None:
    assert {f.value for f in extractor.extract(text)} == {value}


@pytest.mark.parametrize(
    ("text", "values", "expected"),
    [
        ("I got that wrong earlier, it's Bosch, not Siemens. Please update.", ["siemens", "berlin"], ["bosch", ""]),
        ("sorry I meant Lisbon, not Porto", ["porto"], ["lisbon"]),
        ("I messed that up earlier, it's KPMG, not Deloitte.", ["deloitte"], ["kpmg"]),
        ("我之前说错了，是无锡，不是南京", ["南京"], ["无锡"]),
    ],
)
def test_a_correction_naming_a_known_value_as_wrong_gives_its_replacement(
    extractor: RuleExtractor, text: str, values: list[str], expected: list[str]
) -> None:
    assert extractor.replaced(text, values) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I live in Lisbon, not Porto",  # a plain statement (the extraction reads it), not a correction
        "it's Bosch, not Siemens",  # no word of correcting
        "不对，我对菠萝过敏，不是芒果",  # a whole statement before 不是: the extraction reads it
    ],
)
def test_no_replacement_without_a_correction_and_a_bare_value(extractor: RuleExtractor, text: str) -> None:
    assert extractor.replaced(text, ["porto", "siemens", "芒果"]) == ["", "", ""]


@pytest.mark.parametrize(
    ("context", "text"),
    [
        (("我老婆人很好",), "她最喜欢的水果是芒果"),  # the wife's favourite, not the speaker's
        (("My wife is great",), "She's a doctor in Boston"),
        ((), "他最喜欢的水果是芒果"),
    ],
)
def test_a_pronouns_clause_states_only_the_relations_own_attributes(
    extractor: RuleExtractor, context: tuple[str, ...], text: str
) -> None:
    assert _claims(extractor, text, context) == set()


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("olives finally grew on me, I actually enjoy them now", ("user|taste|olive", "olive")),
        ("Can you leave the olives out of this recipe? I really dislike them.", ("user|taste|olive", "olive")),
    ],
)
def test_them_after_a_verb_of_liking_is_the_last_plural_thing_the_turn_named(
    extractor: RuleExtractor, text: str, claim: tuple[str, str]
) -> None:
    facts = extractor.extract(text)
    assert claim in {(f.key, f.value) for f in facts}
    assert all(f.evidence in text for f in facts)


@pytest.mark.parametrize(
    "text",
    [
        "my kids are the best, I love them",
        "thanks for the tips, I like them",
        "I bought new shoes yesterday. I love them",
    ],
)
def test_them_for_people_talk_or_a_one_off_thing_is_no_taste(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


@pytest.mark.parametrize(
    ("text", "value"), [("我吃芒果会过敏", "芒果"), ("我一吃海鲜就过敏", "海鲜"), ("我对花生过敏", "花生")]
)
def test_a_chinese_allergy_said_through_eating_is_to_the_food(extractor: RuleExtractor, text: str, value: str) -> None:
    assert {f.value for f in extractor.extract(text)} == {value}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "Can you remember that my hotel programme is Hilton Honors? Scratch that, it's Marriott Bonvoy.",
            "user|travel_hotel",
            "marriott bonvoy",
        ),
        (
            "I need to correct something I told you: it's pecans I'm allergic to, not walnuts.",
            "user|taste|pecan",
            "pecan",
        ),
    ],
)
def test_scratch_that_and_correct_something_open_a_correction(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    facts = {f.key: f for f in extractor.extract(text)}
    assert facts[key].value == value and facts[key].correction


def test_a_slip_repaired_mid_sentence_is_one_tentative_statement(extractor: RuleExtractor) -> None:
    facts = extractor.extract("My go-to airline is Delta, sorry, I meant United, Delta was my old employer's pick.")
    assert [(f.value, f.correction) for f in facts] == [("united", False)]


def test_a_slip_repaired_in_a_turn_that_asks_to_remember_is_still_a_correction(extractor: RuleExtractor) -> None:
    facts = extractor.extract("Remember this: my go-to airline is Delta, sorry, I meant United.")
    assert [(f.value, f.correction) for f in facts] == [("united", True)]
