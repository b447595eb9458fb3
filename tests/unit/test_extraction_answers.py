"""Bare answers to the assistant's question (`answers.framed`, `RuleExtractor.extract(..., asked=...)`): the
question frames a short answer as the speaker's statement, in Chinese and English; evidence quotes the answer;
questions not put to the speaker, long answers and no question at all frame nothing."""

from __future__ import annotations

import pytest

from graphmem.extraction.answers import framed
from graphmem.extraction.extractor import RuleExtractor


@pytest.mark.parametrize(
    ("asked", "answer", "key", "value"),
    [
        ("要看品种和年龄，你养的是什么龟？", "巴西龟，叫慢慢，在我家都十二年了。", "user|pet:turtle:name", "慢慢"),
        ("一般一天一小勺就够了。你养的是什么品种？", "金丝熊，叫布丁，刚满一岁。", "user|pet:hamster:name", "布丁"),
        ("你在哪上班？", "腾讯", "user|employer", "腾讯"),
        ("你吃香菜吗？", "不吃", "user|taste|香菜", "香菜"),
        ("Which editor do you use at work?", "Neovim, mostly.", "user|editor", "neovim"),
        ("What's your dog's name?", "Biscuit!", "user|pet:dog:name", "biscuit"),
        ("Where do you live?", "Lisbon, for now.", "user|location", "lisbon"),
        ("What do you do for a living?", "Paramedic.", "user|job", "paramedic"),
        ("Is this for your own horse?", "Yes, Clover, she's twelve.", "user|pet:horse:name", "clover"),
        ("Do you eat cilantro?", "Nope, can't stand it.", "user|taste|cilantro", "cilantro"),
    ],
)  # fmt: skip
def test_a_bare_answer_states_what_the_question_asked(
    extractor: RuleExtractor, asked: str, answer: str, key: str, value: str
) -> None:
    assert key not in {f.key for f in extractor.extract(answer)}  # on its own the answer says nothing of it
    found = {f.key: f for f in extractor.extract(answer, (), asked)}
    assert found[key].value == value
    assert found[key].evidence in answer  # quoted from the speaker's own words


def test_one_stands_for_the_pet_the_speaker_asked_about(extractor: RuleExtractor) -> None:
    asked = "Usually around 38 to 43°C for adults. Do you have one?"
    before = "What temperature should the basking spot be for a bearded dragon?"
    found = {f.key: f.value for f in extractor.extract("Yep, Ziggy, he's three.", [before], asked)}
    assert found.get("user|pet:lizard:name") == "ziggy"
    assert "user|pet:lizard:name" not in {f.key for f in extractor.extract("Yep, Ziggy, he's three.", [], asked)}


def test_this_one_stands_for_the_pet_the_speaker_asked_about_in_chinese(extractor: RuleExtractor) -> None:
    asked = "一般一天一到两小勺就够了。你养的这只叫什么，多大了？"
    found = {f.key: f.value for f in extractor.extract("叫团子，快两岁了", ["虎皮鹦鹉一天喂多少小米合适？"], asked)}
    assert found.get("user|pet:bird:name") == "团子"


def test_the_answers_stance_follows_yes_or_no(extractor: RuleExtractor) -> None:
    (no,) = extractor.extract("不吃", (), "你吃香菜吗？")
    (yes,) = extractor.extract("喜欢啊", (), "你喜欢爵士乐吗？")
    (en,) = extractor.extract("Yeah, a lot.", (), "Do you like jazz?")
    assert (no.key, no.stance) == ("user|taste|香菜", False)
    assert (yes.value, yes.stance, en.value, en.stance) == ("爵士乐", True, "jazz", True)


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("How was your weekend?", "Fine, thanks."),  # no question about the speaker's things
        ("Here is the summary you asked for.", "Tokyo"),  # no question at all
        ("Where does your sister live?", "Lisbon"),  # someone else's
        ("Where do you live?", "I was reading about how people in old towns lived without running water for ages"),
        ("你在哪上班？", "不上班，我还在读书"),  # a denial names no employer
    ],
)
def test_no_frame_without_a_question_to_the_speaker_and_a_bare_answer(
    extractor: RuleExtractor, asked: str, answer: str
) -> None:
    assert framed(asked, answer) == "" or extractor.extract(answer, (), asked) == extractor.extract(answer)


def test_hostile_questions_and_answers_stay_linear() -> None:
    long_q = "你" + "什么" * 5000 + "？"
    assert framed(long_q, "a" * 10_000) == ""  # too long an answer, whatever the question
    assert framed("What's your " + "x " * 10_000 + "?", "Biscuit") == ""  # only the question's last 300 characters
