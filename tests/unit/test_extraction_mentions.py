"""A later mention of a candidate's value counts when it names the value in another of its known forms ("鹅厂" for
腾讯, "PT" for Pacific time), and a tool one does all one's writing in is the tool used."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


@pytest.mark.parametrize(
    ("text", "value"),
    [("鹅厂的加班太多了，我都习惯了", "腾讯"), ("Beijing is great, I'm from 帝都", "北京")],
)
def test_another_form_of_a_named_value_is_a_mention(extractor: RuleExtractor, text: str, value: str) -> None:
    assert extractor.mentioned(text, [value, "上海"]) == [True, False]


def test_a_question_naming_another_form_is_no_mention(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("Do you know PT?", ["pacific time (utc-8)"]) == [False]


def test_the_app_one_does_all_one_s_writing_in_is_the_notes_app(extractor: RuleExtractor) -> None:
    assert {f.key: f.value for f in extractor.extract("I do all my writing in Obsidian these days")} == {
        "user|notes_app": "obsidian"
    }


def test_a_chinese_mention_beside_a_turning_or_asking_clause_of_its_own_counts() -> None:
    extractor = RuleExtractor()
    assert extractor.mentioned("天津这两天总算不刮风了，带豆包去海河边跑了好几圈", ["豆包"]) == [True]
    assert extractor.mentioned("豆包最近不爱吃饭了", ["豆包"]) == [False]


@pytest.mark.parametrize(
    ("text", "value", "seen"),
    [
        ("岚山的订单表在PostgreSQL里查得有点慢，索引该怎么加？", "postgresql", True),
        ("Svelte stores are confusing me, how should I share state between two pages?", "svelte", True),
        ("你觉得PostgreSQL怎么样？", "postgresql", False),
        ("Between Postgres and MySQL, which is better?", "postgres", False),
        ("PostgreSQL和MySQL，哪个好？", "postgresql", False),
    ],
)
def test_a_statement_before_a_question_mentions_what_it_names(text: str, value: str, seen: bool) -> None:
    assert RuleExtractor().mentioned(text, [value]) == [seen]


def test_a_statement_before_a_question_states_its_fact() -> None:
    # a fact said on the way to asking is a candidate like any other (promotion still wants a second sighting)
    found = RuleExtractor().extract("I live in Austin, what should I do this weekend?")
    assert [(f.key, f.value) for f in found] == [("user|location", "austin")]
    tech = RuleExtractor().extract("龙眼这个项目的订单消息是走Kafka的，消费那边老重复消费，咋整？")
    assert [f.value for f in tech] == ["kafka"]


@pytest.mark.parametrize(
    "text",
    [
        "Do I live in Austin, or was that Dallas?",
        "Between Postgres and MySQL, which is better?",
        "你觉得我住在杭州怎么样？",
        "What if I lived in Austin, would that be better?",
    ],
)
def test_a_question_itself_states_no_fact(text: str) -> None:
    assert RuleExtractor().extract(text) == []
