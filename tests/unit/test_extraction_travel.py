"""Travel, reminders and days: not driving, what a hotel room should have, how long before a meeting and by what
channel to be reminded, the weekday off and its correction ("earlier I told you … It's actually Thursday"), a
do-not-disturb bound for pushed reminders, a relative named before their age ("我儿子石头今年六岁了"), in-laws
and breeds in apposition ("Our greyhound Pickle" — a name is no one-off whatever the clause dates)."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("I live in Glasgow, I don't drive, so anything you plan has to work by train.", "user|driving",
         "doesn't drive"),
        ("还有我没驾照，出门都靠地铁和共享单车", "user|driving", "doesn't drive"),
        ("房间一定要带窗的，无窗房我住着喘不过气", "user|hotel_window", "room with a window"),
        ("Same as always for me: a room on a high floor, away from the lifts.", "user|hotel_floor", "high floor"),
        ("Same as always for me: a room on a high floor, away from the lifts.", "user|hotel_lift", "away from lifts"),
        ("你以后在每个会开始前十分钟提醒我一下", "user|meeting_reminder", "10 min"),
        ("Please remember it: text me meeting reminders rather than emailing them.", "user|reminder_channel", "text"),
        ("会议控制在四十五分钟以内", "user|meeting_length", "45 min"),
        ("My day off is Tuesday, so that's when all the errands happen.", "user|day_off", "tuesday"),
        ("所以十点半以后别给我推送提醒", "user|do_not_disturb|十点半以后", "十点半以后"),
        ("我儿子石头今年六岁了，九月份上一年级", "user|child:son:name", "石头"),
        ("My sister-in-law Hana's birthday is December 2nd.", "user|in_law:sister:birthday", "december 2"),
        ("Our greyhound Pickle turned nine this month.", "user|pet:dog:name", "pickle"),
    ],
)  # fmt: skip
def test_travel_reminders_days_and_relatives(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    "text",
    [
        "My brother doesn't drive.",
        "Wait, earlier I told you my day off was Tuesday.",
        "My coworker's dog Rex bit me today.",
    ],
)
def test_not_the_speakers_or_not_now(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


def test_a_value_given_as_the_true_one_after_the_wrong_one_replaces_it(extractor: RuleExtractor) -> None:
    text = "Wait, earlier I told you my day off was Tuesday. It's actually Thursday. Can you fix that?"
    assert extractor.replaced(text, ["tuesday", "glasgow"]) == ["thursday", ""]
    assert extractor.replaced("I love Tuesday. It's actually great.", ["tuesday"]) == [""]


def test_the_place_a_shift_is_worked_at_is_the_workplace(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "I'm on the early shift at the bakery, four till noon.")
    assert facts.get("user|work_shift") == "early shift" and facts.get("user|employer") == "bakery"


def test_an_idiom_with_no_denies_nothing(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("Bakery hours are no joke.", ["bakery"]) == [True]
    assert extractor.mentioned("I don't use Slack anymore.", ["slack"]) == [False]


@pytest.mark.parametrize(
    ("text", "value"),
    [("我坐飞机向来挑前排，下飞机快", "前排"), ("I always book an aisle seat near the front", "front row")],
)
def test_a_row_near_the_front_is_its_own_setting_beside_the_seat(text: str, value: str) -> None:
    assert {f.key: f.value for f in RuleExtractor().extract(text)}.get("user|travel_row") == value


def test_a_front_row_at_a_concert_is_no_travel_setting() -> None:
    assert RuleExtractor().extract("I sat in the front row at the concert") == []
