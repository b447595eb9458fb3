"""Sightings and references: a kind of thing is named without its generic head ("country" for "country music",
"科幻" for "科幻小说"); a question after the cause of one's own trouble presupposes what it names; "it" after a
clause closed by a discourse word ("Skip the country music though, …"); what one still does this time is a habit
("这次去昆明我还是订的东航"); a correction in a cleft or with a plural ("it's pecans I'm allergic to, not
walnuts")."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def test_a_kind_is_named_without_its_generic_head(extractor: RuleExtractor) -> None:
    text = "The café near work plays country all morning, which for me is basically torture."
    assert extractor.mentioned(text, ["country music"], [False]) == [True]
    assert extractor.mentioned("还是来点硬核科幻吧，平时我看书基本也就看这一类", ["科幻小说"]) == [True]
    assert extractor.mentioned("I watched a documentary about bees.", ["country music"]) == [False]


def test_a_question_after_ones_own_trouble_names_what_it_is_about(extractor: RuleExtractor) -> None:
    text = "Any idea why Bluetooth keeps dropping on Fedora after suspend?"
    assert extractor.mentioned(text, ["linux"]) == [True]
    assert extractor.mentioned("Why do people like Rust so much?", ["rust"]) == [False]
    assert extractor.mentioned("Between Postgres and MySQL, which is better?", ["postgresql"]) == [False]
    assert extractor.extract(text) == []


def test_it_after_a_clause_closed_by_a_discourse_word(extractor: RuleExtractor) -> None:
    text = "Could you put together a focus playlist for me? Skip the country music though, I genuinely can't stand it."
    assert [(f.key, f.value) for f in extractor.extract(text)] == [("user|taste|country music", "country music")]


def test_what_one_still_does_this_time_is_a_habit(extractor: RuleExtractor) -> None:
    facts = {f.key: f.value for f in extractor.extract("这次去昆明我还是订的东航，攒了好几年的里程，舍不得换")}
    assert facts.get("user|travel_airline") == "东航"


def test_a_correction_in_a_cleft_or_with_a_plural(extractor: RuleExtractor) -> None:
    text = "I need to correct something I told you: it's pecans I'm allergic to, not walnuts. Could you fix that?"
    assert extractor.replaced(text, ["walnut", "pecan"]) == ["pecan", ""]
    assert extractor.replaced("I got that wrong earlier, it's Bosch, not Siemens", ["siemens"]) == ["bosch"]


def test_the_speaker_described_by_the_kind_of_person_they_are(extractor: RuleExtractor) -> None:
    def keys(text: str) -> set[str]:
        return {f.key for f in extractor.extract(text)}

    assert "user|taste|海鲜" in keys("青岛这边的馆子十家有八家是海鲜，我这种不爱吃海鲜的只能去吃面")
    assert "user|diet" in keys("昆山新开了一家素食自助，我这种不吃肉的人总算有地方聚餐了")
    assert "user|taste|海鲜" in keys("说来好笑，住海边的人居然不爱吃海鲜，我就是")
    assert keys("很多人都喜欢吃榴莲，我不是") == set()


def test_a_resultative_denies_only_finishing(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("滴答清单里还挂着五件事没做完，今天估计又得熬夜", ["滴答清单"]) == [True]
    assert extractor.mentioned("我不用滴答清单了", ["滴答清单"]) == [False]


def test_a_question_after_a_suspected_fault_names_its_setting(extractor: RuleExtractor) -> None:
    text = "Could the Django DB connections be going stale?"
    assert extractor.mentioned(text, ["django"]) == [True]
    assert extractor.mentioned("Could Django be a good fit for us?", ["django"]) == [False]


def test_a_contrast_names_the_wrong_value_first_and_the_true_one_after(extractor: RuleExtractor) -> None:
    text = "医院查了过敏原，我其实不是对花生过敏，是对芝麻过敏"
    assert extractor.replaced(text, ["花生", "牛奶"]) == ["芝麻", ""]
    assert extractor.replaced("My gym is not Anytime Fitness but PureGym.", ["anytime fitness"]) == ["puregym"]
    assert extractor.replaced("我不是不喜欢猫，是对猫毛过敏", ["猫"]) == [""]  # nothing known is named as wrong


def test_it_claims_the_thing_the_turn_named_before(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("How do I split panes in tmux? It's what I live in.", ["tmux"]) == [True]
    text = "Can you help me set up tags in Obsidian? It's where basically my whole life is kept."
    assert extractor.mentioned(text, ["obsidian", "notion"]) == [True, False]
    assert extractor.mentioned(
        "Bitwarden keeps logging me out, why? I literally use it for everything.", ["bitwarden"]
    ) == [True]
    assert extractor.mentioned("Is Vim hard? It's what my boss uses.", ["vim"]) == [False]
    assert extractor.mentioned("Is tmux worth it? It's what I live in.", ["tmux"], [False]) == [
        False
    ]  # a stance against


def test_a_name_place_or_employer_is_named_by_a_clause_denying_something_else(extractor: RuleExtractor) -> None:
    # naming values: the clause's negation is about the weekend or the smog, not about 何川 or 石家庄
    assert extractor.mentioned("何川这周末总算不加班了，我俩打算去看场电影", ["何川"], [True], [True]) == [True]
    assert extractor.mentioned("今天石家庄总算没雾霾了，天蓝得我都不敢信", ["石家庄"], [True], [True]) == [True]
    # a taste named in the same shape is denied by it ("香菜我不吃" is no sighting of liking cilantro)
    assert extractor.mentioned("香菜我是真的不吃", ["香菜"], [True], [False]) == [False]
    # a negation before the value, or one turning away, still denies a naming value
    assert extractor.mentioned("我现在不在太原了", ["太原"], [True], [True]) == [False]
    assert extractor.mentioned("I don't work at Costco anymore.", ["costco"], [True], [True]) == [False]


def test_a_chinese_claim_on_it_names_the_thing_just_named(extractor: RuleExtractor) -> None:
    text = "语雀能不能把整个知识库导出来？我这些年攒的东西全在里面，想备份一份"
    assert extractor.mentioned(text, ["语雀"]) == [True]
    assert extractor.mentioned("我这些年攒的东西全在里面", ["语雀"]) == [False]  # nothing named before the claim


def test_keep_on_file_asks_to_remember(extractor: RuleExtractor) -> None:
    (job,) = extractor.extract("ok few things to keep on file: i work as a vet tech")
    assert (job.key, job.explicit) == ("user|job", True)


def test_a_trade_named_by_its_head_after_a_verb_of_doing_it_is_a_sighting() -> None:
    extractor = RuleExtractor()
    assert extractor.mentioned("干中介就这样，周末比平时还忙", ["房产中介"], [True], [True]) == [True]
    assert extractor.mentioned("今天带看了六组客户，腿都快跑断了", ["房产中介"], [True], [True]) == [False]
    assert extractor.mentioned("中介费太贵了", ["房产中介"], [True], [True]) == [False]


@pytest.mark.parametrize(
    ("text", "role"), [("我是一名健身教练", "健身教练"), ("我现在是博士后", "博士后"), ("我是口译", "口译")]
)
def test_more_trades_in_chinese(text: str, role: str) -> None:
    assert ("user|job", role) in {(f.key, f.value) for f in RuleExtractor().extract(text)}


def test_leaving_an_employer_is_no_sighting_of_it() -> None:
    text = "跟你说个事，我从广告公司辞职了，现在自己在家接活儿，算是自由职业了，你更新一下"
    assert RuleExtractor().mentioned(text, ["广告公司"], [True], [True]) == [False]
    assert RuleExtractor().mentioned("I resigned from Acme last week", ["acme"], [True], [True]) == [False]
