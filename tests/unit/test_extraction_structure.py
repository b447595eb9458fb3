"""Structural extraction: ordinary phrasings no rule lists (adverbs and auxiliaries between subject and verb,
subjects carried over a comma, verbs of consumption before the object) yield the attribute and a clean
value, and talk about the conversation, other people or one-off events yields nothing."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import Predicate
from graphmem.extraction.structure_en import en_findings
from graphmem.extraction.structure_zh import zh_findings

P = Predicate


STATED = [
    ("I've never liked mushrooms.", P.DISLIKES, "mushroom", "user|taste|mushroom"),
    ("I've slowly grown to love blue cheese.", P.LIKES, "blue cheese", "user|taste|blue cheese"),
    ("We just relocated to Seattle.", P.LOCATION, "seattle", "user|location"),
    ("I switched to VS Code last year.", P.USES_TOOL, "vs code", "user|editor"),
    ("我最近在减肥，不吃甜食。", P.AVOIDS, "甜食", "user|taste|甜食"),
    ("我家在深圳。", P.LOCATION, "深圳", "user|location"),
    ("我刚搬到广州。", P.LOCATION, "广州", "user|location"),
    ("我习惯用 Vim。", P.USES_TOOL, "vim", "user|editor"),
    ("我喜欢听爵士乐。", P.LIKES, "爵士乐", "user|taste|爵士乐"),
    ("我渐渐爱上了喝黑咖啡。", P.LIKES, "黑咖啡", "user|taste|黑咖啡"),
    ("我这几年一直在苏州生活。", P.LOCATION, "苏州", "user|location"),
    ("我出差喜欢住安静的酒店。", P.LIKES, "安静的酒店", "user|travel_hotel"),
    ("我家狗狗叫旺财。", P.RELATION_NAME, "旺财", "user|pet:dog:name"),
]


@pytest.mark.parametrize(("text", "predicate", "value", "key"), STATED)
def test_ordinary_phrasings_yield_the_attribute_and_a_clean_value(
    extractor: RuleExtractor, text: str, predicate: Predicate, value: str, key: str
) -> None:
    facts = extractor.extract(text)
    assert [(f.predicate, f.value, f.key) for f in facts] == [(predicate, value, key)], text


CHATTER = [
    "I enjoyed our chat.",
    "I like your idea.",
    "I love how you explained that.",
    "I work at night sometimes.",
    "I moved the file to the Archive folder.",
    "My brother loves hiking.",
    "I'd love to visit Japan someday.",
    "我喜欢你这个想法。",
    "我喜欢这样。",
    "我朋友住在北京。",
    "我搬到新房子了。",
    "我住院了。",
    "我在北京出差。",
    "你住在哪里？",
]


@pytest.mark.parametrize("text", CHATTER)
def test_talk_about_the_conversation_others_or_one_off_events_yields_nothing(
    extractor: RuleExtractor, text: str
) -> None:
    assert extractor.extract(text) == [], text


def test_chinese_analysis_carries_the_subject_over_a_comma_but_not_into_a_new_subject() -> None:
    assert [f.value for f in zh_findings("我最近在减肥，不吃甜食")] == ["甜食"]
    assert zh_findings("他最近在减肥，不吃甜食") == []


def test_english_analysis_needs_a_first_person_subject_at_the_clause_start() -> None:
    assert [f.value for f in en_findings("honestly, I have always loved green tea")] == ["green tea"]
    assert en_findings("my sister has always loved green tea") == []


@pytest.mark.parametrize(
    "text",
    [
        "我同事对芒果过敏，吃一口就起疹子。",
        "My roommate hates cilantro.",
        "她在信里写：“我喜欢安静的生活”。",
        'He always says "I love spicy food" before ordering.',
    ],
)
def test_someone_elses_taste_and_quoted_words_are_not_the_speakers_facts(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == [], text


def test_a_favourite_of_a_category_is_one_attribute_whatever_the_value(extractor: RuleExtractor) -> None:
    first = extractor.extract("我最喜欢的饮料是豆浆。")
    later = extractor.extract("我现在最喜欢的饮料换成椰汁了。")
    assert [(f.key, f.value) for f in first] == [("user|favourite:饮料", "豆浆")]
    assert [(f.key, f.value) for f in later] == [("user|favourite:饮料", "椰汁")]
    assert [f.key for f in extractor.extract("Techno is my favourite genre.")] == ["user|favourite:genre"]


def test_a_fronted_object_is_what_the_stance_is_about(extractor: RuleExtractor) -> None:
    facts = extractor.extract("苦瓜这东西我是真的接受不了。")
    assert [(f.key, f.value, f.stance) for f in facts] == [("user|taste|苦瓜", "苦瓜", False)]


def test_asking_to_update_a_fact_is_an_explicit_statement(extractor: RuleExtractor) -> None:
    (moved,) = extractor.extract("Quick update: I moved to Porto.")
    (fruit,) = extractor.extract("跟你更新一下，我现在最喜欢的水果换成荔枝了。")
    assert (moved.value, moved.explicit) == ("porto", True)
    assert (fruit.value, fruit.explicit) == ("荔枝", True)
    assert extractor.extract("I need to update my laptop.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a nurse in Leeds", {("user|job", "nurse"), ("user|location", "leeds")}),
        ("I'm a software engineer at Google", {("user|job", "software engineer"), ("user|employer", "google")}),
        ("I work as a teacher in Boston", {("user|job", "teacher"), ("user|location", "boston")}),
        ("我在深圳当产品经理", {("user|job", "产品经理"), ("user|location", "深圳")}),
    ],
)
def test_where_a_role_is_held_is_a_second_fact_of_the_same_clause(
    extractor: RuleExtractor, text: str, expected: set[tuple[str, str]]
) -> None:
    assert {(f.key, f.value) for f in extractor.extract(text)} == expected


@pytest.mark.parametrize("text", ["I'm a tourist in Paris", "He's a nurse in Leeds", "我朋友在深圳当产品经理"])
def test_a_passing_role_or_someone_elses_role_places_nobody(extractor: RuleExtractor, text: str) -> None:
    assert not {f.key for f in extractor.extract(text)} & {"user|location", "user|employer"}


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("周末最喜欢去爬山了", P.LIKES, "爬山"),  # the speaker dropped, as Chinese does
        ("榴莲那个味儿我实在受不了", P.DISLIKES, "榴莲"),  # a fronted topic with its 'smell'
        ("榴莲我实在受不了", P.DISLIKES, "榴莲"),
    ],
)
def test_chinese_stances_without_a_spoken_subject_or_with_a_fronted_topic(
    extractor: RuleExtractor, text: str, predicate: Predicate, value: str
) -> None:
    assert [(f.predicate, f.value) for f in extractor.extract(text)] == [(predicate, value)]


@pytest.mark.parametrize("text", ["他最喜欢爬山", "同事最喜欢爬山", "最喜欢的是你", "你最喜欢什么"])
def test_a_liking_verb_after_someone_elses_subject_is_not_the_speakers(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_a_liking_verb_without_a_subject_in_a_sentence_to_the_listener_is_praise_not_a_taste(
    extractor: RuleExtractor,
) -> None:
    assert extractor.extract("喜欢所有的细节，还有你捕捉到了马的优雅和力量") == []


# Topic-first clauses, modal verbs, 对 + noun + feeling, a subject carried into a topic clause, "X is my hobby",
# "it" after a stance verb, and "before noon" as the morning.
READ_FROM_STRUCTURE = [
    ("现在咖啡我也喝了，帮我更新一下", "user|taste|咖啡", "咖啡", False),
    ("现在辣的我也能吃了", "user|taste|辣", "辣", False),
    ("我现在也能吃辣了", "user|taste|辣", "辣", False),
    ("我对甜食真的没什么兴趣", "user|taste|甜食", "甜食", True),
    ("我对摄影特别感兴趣", "user|taste|摄影", "摄影", True),
    ("打游戏算是我最大的爱好了", "user|taste|打游戏", "打游戏", True),
    ("I've come around on jazz, I actually enjoy it now.", "user|taste|jazz", "jazz", True),
]


@pytest.mark.parametrize(("text", "key", "value", "polarity"), READ_FROM_STRUCTURE)
def test_stances_read_from_the_clause_structure(
    extractor: RuleExtractor, text: str, key: str, value: str, polarity: bool
) -> None:
    facts = {(f.key, f.value, f.polarity) for f in extractor.extract(text)}
    assert (key, value, polarity) in facts


def test_a_subject_carries_into_later_clauses_of_one_utterance(extractor: RuleExtractor) -> None:
    facts = {(f.predicate, f.value) for f in extractor.extract("帮我记住：我不吃羊肉，对芒果过敏，咖啡只喝美式")}
    assert facts == {(P.AVOIDS, "羊肉"), (P.ALLERGIC_TO, "芒果"), (P.LIKES, "美式")}


def test_eating_again_states_the_opposite_stance_on_the_same_key(extractor: RuleExtractor) -> None:
    before = extractor.extract("我不吃香菜")
    after = extractor.extract("香菜我现在也吃了")
    assert [f.key for f in before] == [f.key for f in after] == ["user|taste|香菜"]
    assert before[0].stance is False and after[0].stance is True


@pytest.mark.parametrize(
    "text",
    [
        "我能吃两碗饭",  # an amount
        "没什么，我就是问问",
        "你对这个感兴趣吗",
        "我朋友对芒果过敏",
        "Thanks for the tips, I like it",
        "I tried the new café yesterday, I loved it",
        "My sister got a new job, she loves it",
        "Thanks! You're right, I love it and that'll keep me going.",  # a LoCoMo-dev turn
    ],
)
def test_the_structural_readings_leave_amounts_questions_and_others_alone(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_meetings_before_noon_are_morning_meetings(extractor: RuleExtractor) -> None:
    a = extractor.extract("I'm much sharper in the mornings, so put meetings before noon if you can.")
    b = extractor.extract("Morning meetings work best for me.")
    assert [(f.key, f.value) for f in a] == [(f.key, f.value) for f in b] == [("user|meeting_time", "morning meeting")]


def test_a_kept_pet_named_in_the_same_or_the_next_clause(extractor: RuleExtractor) -> None:
    for text in ("我老家成都的，现在住北京，家里养了只猫叫年糕", "我养了一只猫，叫年糕"):
        facts = {(f.key, f.value) for f in extractor.extract(text)}
        assert ("user|pet:cat:name", "年糕") in facts
    assert extractor.extract("我朋友养了只猫叫球球") == []
    assert extractor.extract("他养了一只狗，叫旺财") == []


def test_a_city_goes_with_the_cue_in_its_own_clause(extractor: RuleExtractor) -> None:
    facts = {(f.key, f.value) for f in extractor.extract("我老家成都的，现在住北京")}
    assert ("user|location", "北京") in facts and ("user|location", "成都") not in facts


def test_only_drinking_something_is_liking_it(extractor: RuleExtractor) -> None:
    facts = {(f.key, f.polarity) for f in extractor.extract("I'm vegetarian, and I only drink tea.")}
    assert ("user|taste|tea", True) in facts
    assert extractor.extract("I only ate a sandwich today.") == []


def test_a_named_projects_component_and_a_second_verb_of_use(extractor: RuleExtractor) -> None:
    facts = {
        (f.key, f.value) for f in extractor.extract("Nova's backend is written in Go and it uses Redis for caching.")
    }
    assert facts == {("project nova|uses_language", "go"), ("project nova|stack:cache", "redis")}
    assert extractor.extract("Anna's backend is fine.") == []
    assert {f.value for f in extractor.extract("This project's backend is written in Go.")} == {"go"}


# "Y is fine now": the opposite stance on the same item, under the same key as the avoidance, dislike or allergy.
REVERSED = [
    ("我对花生过敏", "花生现在没问题了，我不过敏了", "user|taste|花生"),
    ("我对花生过敏", "我对花生不过敏了", "user|taste|花生"),
    ("我讨厌香菜", "我现在不讨厌香菜了", "user|taste|香菜"),
    ("I'm allergic to peanuts.", "Peanuts are fine for me now.", "user|taste|peanut"),
    ("I don't eat cilantro.", "I'm OK with cilantro now.", "user|taste|cilantro"),
    ("I hate olives.", "I don't mind olives anymore.", "user|taste|olive"),
]


@pytest.mark.parametrize(("before", "after", "key"), REVERSED)
def test_a_reversed_stance_has_the_key_of_the_stance_it_reverses(
    extractor: RuleExtractor, before: str, after: str, key: str
) -> None:
    old, new = extractor.extract(before), extractor.extract(after)
    assert [(f.key, f.stance) for f in old] == [(key, False)]
    assert [(f.key, f.stance) for f in new] == [(key, True)]


@pytest.mark.parametrize(
    "text",
    ["The weather is fine now.", "That's fine for me.", "I'm fine with that now.", "I don't mind waiting.",
     "My sister is fine with cilantro now.", "Is cilantro fine for you?", "天气不错，我不过敏了"],
)  # fmt: skip
def test_acceptance_of_no_thing_or_of_someone_elses_is_no_stance(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_a_liked_activity_is_keyed_without_where_it_is_done(extractor: RuleExtractor) -> None:
    first = extractor.extract("周末没事我就喜欢窝在家里打游戏")
    second = extractor.extract("打游戏算是我最大的爱好了")
    assert [f.key for f in first] == [f.key for f in second] == ["user|taste|打游戏"]
    # a disliked one keeps its setting: the setting is what is disliked
    assert [f.value for f in extractor.extract("我不喜欢在办公室吃饭")] == ["在办公室吃饭"]
