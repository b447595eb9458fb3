"""Relatives and people around the speaker: in-laws, grandparents and a manager are named relations; a new holder
of a relation is named as a change ("我现在的领导换成刘芳了"); a clause with no subject after one naming a
relation says something of the relation ("…麻薯今年三岁了，生日是4月2号"), and so do the clauses after a clause
that opens on someone of the speaker's ("我领导叫张磊，人挺好的，就是开会喜欢拖堂"); a relation's name said in
apposition is a sighting of it ("我岳母周桂兰今天…")."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("周末我岳母要来家里住一阵，她老人家叫周桂兰，特别爱收拾屋子", "user|in_law:mother:name", "周桂兰"),
        ("我婆婆叫王秀英", "user|in_law:mother:name", "王秀英"),
        ("My mother-in-law is called Ruth.", "user|in_law:mother:name", "ruth"),
        ("我领导叫张磊，人挺好的", "user|manager:name", "张磊"),
        ("部门调整了，我现在的领导换成刘芳了，你更新一下", "user|manager:name", "刘芳"),
        ("My manager is called Dana.", "user|manager:name", "dana"),
        ("我家那只布偶猫麻薯今年三岁了，生日是4月2号", "user|pet:cat:birthday", "4月2号"),
    ],
)
def test_relatives_are_named(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "我领导叫张磊，人挺好的，就是开会喜欢拖堂",
        "我岳母来了，特别爱吃榴莲",
        "我婆婆特别喜欢跳广场舞",
    ],
)
def test_clauses_about_someone_of_the_speakers_state_no_taste_of_theirs(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in extractor.extract(text) if f.key.startswith("user|taste")]


def test_a_speakers_own_clause_after_a_relatives_is_read(extractor: RuleExtractor) -> None:
    assert "user|taste|恐龙" in _facts(extractor, "我女儿叫朵朵，特别喜欢恐龙，我也喜欢恐龙")


def test_a_relations_name_in_apposition_is_a_sighting(extractor: RuleExtractor) -> None:
    text = "我岳母周桂兰今天一早就把厨房翻了个底朝天"
    assert extractor.mentioned(text, ["周桂兰"]) == [True]
    assert extractor.mentioned("我岳母今天一早就来了，周桂兰说的", ["周桂兰"]) == [False]


@pytest.mark.parametrize(
    "text",
    [
        "我表哥最近迷上了钓鱼，天天凌晨四点起来去水库蹲着",
        "我舅舅特别喜欢喝普洱",
        "My cousin lives in Leeds and works nights.",
    ],
)
def test_clauses_after_one_about_a_relative_are_theirs(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_the_speaker_back_as_subject_is_read_again(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "My cousin lives in Leeds, and I live in York.")
    assert facts.get("user|location") == "york"


@pytest.mark.parametrize(
    ("text", "key", "value", "statement"),
    [
        ("记一下，我家狗叫可颂，是只两岁的金毛", "user|pet:dog:breed", "金毛", "用户的狗是金毛"),
        ("Our greyhound Pickle turned nine this month.", "user|pet:dog:breed", "greyhound",
         "user's dog is a greyhound"),
        ("儿子上的是育才小学，每天早上送他过去那段路堵得要命", "user|child:son:school", "育才小学",
         "用户的儿子在育才小学上学"),
        ("My son goes to Lincoln Elementary.", "user|child:son:school", "lincoln elementary",
         "user's son goes to Lincoln Elementary"),
    ],
)  # fmt: skip
def test_a_pets_breed_and_a_childs_school_are_fields_of_the_relation(
    extractor: RuleExtractor, text: str, key: str, value: str, statement: str
) -> None:
    (fact,) = [f for f in extractor.extract(text) if f.key == key]
    assert (fact.value, fact.fact) == (value, statement)


@pytest.mark.parametrize("text", ["我同事儿子上的是育才小学", "我朋友家的狗，是只金毛"])
def test_someone_elses_child_or_pet_has_no_field_of_the_speakers(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("My nephew Ollie is staying with us for two weeks.", "user|relative:nephew:ollie", "ollie"),
        ("My cousin Ben is visiting.", "user|relative:cousin:ben", "ben"),
        ("我侄子周子航今年上一年级了，天天追着我问十万个为什么", "user|relative:nephew:周子航", "周子航"),
        ("我女儿小雨最近迷上了画画", "user|child:daughter:name", "小雨"),
    ],
)
def test_a_relative_named_in_apposition(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get(key) == value


def test_two_nephews_are_two_people_not_a_change() -> None:
    keys = {f.key for t in ("My nephew Ollie is nine.", "My nephew Sam is four.") for f in RuleExtractor().extract(t)}
    assert {"user|relative:nephew:ollie", "user|relative:nephew:sam"} <= keys


@pytest.mark.parametrize("text", ["我侄子说他想学钢琴", "我老公天天加班", "我女儿今年三岁"])
def test_no_name_where_none_is_said(text: str) -> None:
    assert not [f for f in RuleExtractor().extract(text) if str(f.predicate) == "relation_name"]
