"""Calendar and house-rule slots: the shift one works ("I'm on the early shift", "这个月排的全是夜班"), what a meeting
comes with (an agenda, minutes, a recording) and how it is held (in person, by video), a rule laid on a code
artefact ("every PR has to link a ticket"), a code freeze as a deadline; an intention denied states nothing; a
condition on something other than the speaker in a turn that asks to remember is a rule, not a supposition; a
hedge in another clause leaves a slot's confidence alone."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.house_rules import house_rules


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("刚下夜班，晚上八点干到早上八点，现在脑子嗡嗡的", "night shift"),
        ("这个月排的全是夜班，白天睡觉晚上上班", "night shift"),
        ("I'm on the early shift at the bakery, four till noon.", "early shift"),
        ("I've been pulling night shifts all month.", "night shift"),
        ("I work nights.", "night shift"),
    ],
)
def test_the_shift_one_works(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|work_shift") == value


@pytest.mark.parametrize("text", ["The day shift nurse was rude to me.", "My wife works nights at the hospital."])
def test_a_shift_one_does_not_work_is_none(extractor: RuleExtractor, text: str) -> None:
    assert "user|work_shift" not in _facts(extractor, text)


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我是真希望开会前能先把议程发出来，不然纯属浪费时间", "user|meeting_agenda", "agenda"),
        ("会前不给议程的会我现在基本都想拒了", "user|meeting_agenda", "agenda"),
        ("我参加的会还是希望会后都能发一份会议纪要", "user|meeting_minutes", "minutes"),
        ("I really need recordings of the meetings I'm in.", "user|meeting_recording", "recording"),
        ("我这人还是喜欢当面开会，线上会议总感觉隔着一层，记住啊", "user|meeting_format", "in person"),
        ("我们团队全员远程了，以后约会就都约线上吧，线下根本凑不齐人", "user|meeting_format", "video call"),
        (
            "Please remember this one: if a meeting invite doesn't come with an agenda, I'm going to decline it.",
            "user|meeting_agenda",
            "agenda",
        ),
    ],
)
def test_what_a_meeting_comes_with_and_how_it_is_held(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


def test_a_meeting_length_in_minutes_is_no_minutes(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "Please keep meetings to 25 minutes going forward.")
    assert facts.get("user|meeting_length") == "25 min" and "user|meeting_minutes" not in facts


def test_the_format_a_comparison_puts_below_is_not_wanted(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "跟客户面对面聊完，比视频会议顺多了").get("user|meeting_format") == "in person"


def test_a_hedge_in_another_clause_leaves_a_slot_sure(extractor: RuleExtractor) -> None:
    (fact,) = [
        f
        for f in extractor.extract("我这人还是喜欢当面开会，线上会议总感觉隔着一层")
        if f.key.startswith("user|meeting")
    ]
    assert fact.confidence >= 0.5


@pytest.mark.parametrize(
    "text",
    ["我就随便问问，又不打算吃素。", "I'm not planning to go vegan.", "I have no plans to move to Berlin."],
)
def test_an_intention_denied_states_nothing(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("分支一律以feature/开头，合并之前必须squash成一个提交",
         ["分支一律以feature/开头", "合并之前必须squash成一个提交"]),
        ("the code freeze is September 12, and every PR has to link a ticket", ["every pr has to link a ticket"]),
        ("conventional commits for every message, and nothing gets merged without two approvals",
         ["conventional commits for every message", "nothing gets merged without two approvals"]),
        ("My old team's PRs always had to be tiny.", []),
        ("They must have felt so appreciated.", []),
    ],
)  # fmt: skip
def test_house_rules_are_obligations_on_code_artefacts(text: str, rules: list[str]) -> None:
    assert [r.value for r in house_rules(text)] == rules


def test_a_house_rule_and_a_code_freeze_are_read_in_any_person(extractor: RuleExtractor) -> None:
    text = "Two things to pin for puffin: the code freeze is September 12, and every PR has to link a ticket."
    facts = _facts(extractor, text)
    assert facts.get("user|deadline") == "september 12"
    assert "user|instruction|every pr has to link a ticket" in facts


def test_a_window_of_clock_hours_kept_free_of_meetings(extractor: RuleExtractor) -> None:
    text = "中午十二点到一点半我要去接孩子顺便吃饭，这段时间千万别给我约会，你记住啊"
    assert _facts(extractor, text).get("user|meeting_free_time") == "12:00-13:30"
    assert "user|meeting_free_time" not in _facts(extractor, "我周一到周五九点到六点上班")


@pytest.mark.parametrize(
    ("text", "value"),
    [("体检说我血糖偏高，这阵子在控糖", "low-sugar"), ("I'm on a low-salt diet these days.", "low-salt")],
)
def test_diets_that_limit_one_thing(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|diet") == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("我一般晚上十一点睡、早上六点半起", "bed 23:00, up 06:30"),
        ("我每天早上六点半起床", "up 06:30"),
        ("Being in at 4am means I'm in bed by nine most nights.", "bed 21:00"),
        ("I'm usually up at 6:30am.", "up 06:30"),
    ],
)
def test_the_sleep_schedule_is_one_attribute(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|sleep_schedule") == value


@pytest.mark.parametrize("text", ["我的航班明天早上八点起飞", "My son is in bed by eight.", "我儿子九点睡"])
def test_no_sleep_schedule_of_a_flight_or_another(extractor: RuleExtractor, text: str) -> None:
    assert "user|sleep_schedule" not in _facts(extractor, text)


def test_a_span_kept_between_things_is_no_taste(extractor: RuleExtractor) -> None:
    text = "When you set up meetings for me, cap them at 25 minutes. Remember that, I like a gap before the next one."
    assert _facts(extractor, text) == {"user|meeting_length": "25 min"}
    assert _facts(extractor, "I like a 15-minute buffer between meetings.") == {"user|meeting_buffer": "15 min"}
