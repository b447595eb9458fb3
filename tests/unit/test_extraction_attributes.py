"""Attribute-level extraction: the development suite (natural zh/en phrasings, the issue's examples), keys that
name attributes, corrections, pollution, and linear-time patterns on hostile input.
"""

from __future__ import annotations

import time

import pytest

from graphmem.extraction.attributes import attribute_of, relation_attribute
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import CandidateFact, FactKind, Predicate
from graphmem.extraction.rules_attributes import ATTR_EN_RULES, ATTR_ZH_RULES
from tests.unit.extraction_dev_suite import DEV_SUITE, POLLUTION, Expected

P = Predicate


def _claims(facts: list[CandidateFact]) -> set[Expected]:
    return {(f.predicate, f.value, f.polarity, f.key) for f in facts}


@pytest.mark.parametrize(("kind", "lang", "text", "expected"), DEV_SUITE, ids=[t for _, _, t, _ in DEV_SUITE])
def test_dev_suite_statement_yields_its_attribute_facts(
    extractor: RuleExtractor, kind: str, lang: str, text: str, expected: list[Expected]
) -> None:
    facts = extractor.extract(text)
    assert set(expected) <= _claims(facts), (kind, lang, _claims(facts))
    for f in facts:
        assert f.evidence in text


@pytest.mark.parametrize(("lang", "text"), POLLUTION, ids=[t for _, t in POLLUTION])
def test_pollution_yields_nothing(extractor: RuleExtractor, lang: str, text: str) -> None:
    assert extractor.extract(text) == []


def test_comment_style_change_is_one_attribute_with_two_versions(extractor: RuleExtractor) -> None:
    before = extractor.extract("I like detailed comments in my code.")
    after = extractor.extract("I now prefer minimal comments, keep the code lean.")
    old = next(f for f in before if f.value == "detailed comment")
    new = next(f for f in after if f.value == "minimal comment")
    assert old.key == new.key == "user|code_comment_style"
    assert old.value != new.value


def test_cilantro_history_stays_on_one_key(extractor: RuleExtractor) -> None:
    texts = [
        "我不吃香菜，真的受不了那个味道。",
        "点外卖的时候记得别放香菜。",
        "说来奇怪，我最近开始喜欢吃香菜了。",
        "以后点菜可以加香菜，我现在挺爱吃的。",
    ]
    keys = {f.key for t in texts for f in extractor.extract(t) if "香菜" in f.value}
    assert keys == {"user|taste|香菜"}


def test_correction_marks_the_statement_and_quotes_it_without_the_marker(extractor: RuleExtractor) -> None:
    (fact,) = extractor.extract("No, I meant my daughter's name is Hannah, not Anna.")
    assert fact.correction and fact.explicit and fact.confidence >= 0.9
    assert fact.value == "hannah" and fact.evidence.startswith("my daughter")
    (zh,) = extractor.extract("不对，我说错了，我女儿叫小雪。")
    assert zh.correction and zh.value == "小雪"


def test_a_plain_statement_is_not_a_correction(extractor: RuleExtractor) -> None:
    facts = extractor.extract("My daughter's name is Anna.") + extractor.extract("不是很喜欢，但我住在上海。")
    assert facts and not any(f.correction for f in facts)


def test_correction_marker_alone_carries_to_the_next_sentence(extractor: RuleExtractor) -> None:
    (fact,) = extractor.extract("Sorry, I misspoke. I live in Hamburg.")
    assert fact.correction and fact.value == "hamburg" and fact.key == "user|location"


def test_project_fact_inside_a_project_is_project_scoped(extractor: RuleExtractor) -> None:
    for text in ("项目A用 Rust 写。", "记住项目A的技术栈是 Rust。"):
        facts = [f for f in extractor.extract(text) if f.predicate is P.USES_LANGUAGE]
        assert facts and all(f.scope_hint == "project" and f.subject == "project a" for f in facts)


def test_attribute_of_needs_a_kind_word_and_a_known_head() -> None:
    assert attribute_of(P.LIKES, "detailed comment") == "code_comment_style"
    assert attribute_of(P.DISLIKES, "long code comment") == "code_comment_style"
    assert attribute_of(P.LIKES, "window seat") == "travel_seat"
    assert attribute_of(P.LIKES, "comment") == ""  # no modifier: a plain object
    assert attribute_of(P.LIKES, "cilantro") == ""
    assert attribute_of(P.ALLERGIC_TO, "detailed comment") == ""
    assert attribute_of(P.LIKES, "靠窗的座位") == "travel_seat"
    assert relation_attribute("Daughter", "name") == "child:daughter:name"
    assert relation_attribute("老婆", "name") == "spouse:name"


def test_attribute_decides_the_key_whatever_the_predicate() -> None:
    base = {
        "subject": "user",
        "polarity": True,
        "kind": FactKind.PREFERENCE,
        "fact": "f",
        "evidence": "e",
        "confidence": 0.7,
        "explicit": False,
        "language": "en",
        "attribute": "code_comment_style",
    }
    liked = CandidateFact(predicate=P.LIKES, value="minimal comment", **base)  # type: ignore[arg-type]
    disliked = CandidateFact(predicate=P.DISLIKES, value="long comment", **base)  # type: ignore[arg-type]
    assert liked.key == disliked.key == "user|code_comment_style"


@pytest.mark.parametrize("rule", ATTR_EN_RULES + ATTR_ZH_RULES, ids=lambda r: r.pattern.pattern[:40])
def test_attribute_rules_are_linear_on_hostile_input(rule: object) -> None:
    pattern = rule.pattern  # type: ignore[attr-defined]
    hostile = [
        "a " * 3000 + "!",
        "my " * 2000 + "daughter",
        "i'm " * 2000,
        "我" * 5000 + "在",
        "Aa" * 3000,
        "no, " * 2000 + "I meant",
        "不对，" * 2000,
        "9 to " * 2000,
    ]
    for text in hostile:
        t0 = time.perf_counter()
        list(pattern.finditer(text))
        assert time.perf_counter() - t0 < 0.5, text[:20]


def test_correction_and_segment_guards_are_linear(extractor: RuleExtractor) -> None:
    for text in ("no, " * 3000 + "I meant", "不对，" * 3000 + "我说错了", "sorry " * 3000):
        t0 = time.perf_counter()
        extractor.extract(text)
        assert time.perf_counter() - t0 < 2.0


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Honestly anything before ten is rough for me, I'm useless that early.", "before 10:00"),
        ("I really can't do calls before ten, my brain isn't on yet.", "before 10:00"),
        ("No meetings after six please", "after 18:00"),
        ("Calls after 6pm are a no-go for me", "after 18:00"),
        ("I don't take meetings after 4pm.", "after 16:00"),
        ("Anything past four just doesn't work for me.", "after 16:00"),
        ("No calls before 8:30am for me.", "before 8:30"),
    ],
)
def test_a_bound_the_speaker_cannot_do_is_kept_free_with_its_hour_in_figures(
    extractor: RuleExtractor, text: str, value: str
) -> None:
    assert [f.value for f in extractor.extract(text) if f.predicate is P.DO_NOT_DISTURB] == [value]


@pytest.mark.parametrize("text", ["Anything before ten is fine for me", "Is anything before ten rough for you?"])
def test_a_bound_that_suits_or_is_asked_about_is_not_kept_free(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in extractor.extract(text) if f.predicate is P.DO_NOT_DISTURB]
