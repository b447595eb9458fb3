"""Precision of schedule slots: a shift dated to a coming day or week is one turn of the rota, and a camera
setting said of video meetings states no preference for video meetings."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _values(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize("text", ["我是护士，三班倒，下周轮夜班，只有白天能练", "I'm on the night shift next week."])
def test_a_shift_dated_to_a_coming_week_is_no_standing_shift(extractor: RuleExtractor, text: str) -> None:
    assert "user|work_shift" not in _values(extractor, text)


@pytest.mark.parametrize(
    ("text", "value"), [("这个月排的全是夜班", "night shift"), ("I'm on the early shift.", "early shift")]
)
def test_a_shift_with_no_coming_date_is_the_shift_one_works(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _values(extractor, text).get("user|work_shift") == value


def test_a_camera_setting_presupposes_video_meetings_without_choosing_them(extractor: RuleExtractor) -> None:
    facts = _values(extractor, "视频会议我一般不开摄像头，以后你帮我约会的时候在邀请里备注一下，记着啊")
    assert facts.get("user|meeting_camera") == "camera off"
    assert "user|meeting_format" not in facts
    assert _values(extractor, "以后约会就都约线上吧").get("user|meeting_format") == "video call"


@pytest.mark.parametrize(
    "text",
    [
        "以后我的会全改成英文开了，会议邀请和议程你也都用英文写",
        "From now on please write meeting agendas in English",
    ],
)
def test_an_agenda_written_in_a_language_sets_the_language_not_the_agenda(extractor: RuleExtractor, text: str) -> None:
    assert not [k for k in _values(extractor, text) if k.startswith("user|meeting_agenda")]


def test_an_agenda_still_wanted_is_read(extractor: RuleExtractor) -> None:
    assert _values(extractor, "会前不给议程的会我现在基本都想拒了").get("user|meeting_agenda") == "agenda"


def test_captions_in_calls_are_a_meeting_setting_and_presuppose_the_call(extractor: RuleExtractor) -> None:
    found = _values(extractor, "I always switch on live captions in video calls. Otherwise I miss half of what's said.")
    assert found.get("user|meeting_captions") == "captions"
    assert "user|meeting_format" not in found


def test_a_low_salt_diet_said_as_less_salt_in_food(extractor: RuleExtractor) -> None:
    assert _values(extractor, "血压有点高，吃东西得少放盐").get("user|diet") == "low-salt"
    assert _values(extractor, "这道菜少放盐") == {}


def test_a_kind_of_meeting_named_by_who_it_is_with(extractor: RuleExtractor) -> None:
    assert _values(extractor, "客户会的时间调了，以后统一放周三，你帮我更新下").get("user|meeting_day") == "wednesday"
