"""How quantities are written for the user (temperature scale, clock, currency), the answer first in any phrasing,
the days worked from home apart from office days, an employer taken up from an offer, a meeting rule whose
condition on the assistant names the meetings, and Chinese stance constructions: a coordinated topic, a quality
of the topic ("羊肉那股膻味我实在受不了"), never tiring of it ("看不腻"), not even one mouthful ("一口羊肉都吃不下");
"小说我" is no reported speech; "说反了" corrects."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("你给我排日程的时候直接用24小时制，比如15:30这种", "user|time_format", "24-hour clock"),
        ("Please use the 12-hour clock with me.", "user|time_format", "12-hour clock"),
        ("帮我算算这个月的开销，金额都按人民币来", "user|currency", "cny"),
        ("Quote prices in euros for me, please.", "user|currency", "eur"),
        ("以后跟我说气温都用摄氏度", "user|temperature_unit", "celsius"),
        ("以后你跟我说气温都用华氏度……哎不对，说反了，用摄氏度", "user|temperature_unit", "celsius"),
        ("Could you put the answer first and the explanation after?", "user|prefers_format|conclusion first",
         "conclusion first"),
        ("Bottom line up front, please, like I asked.", "user|prefers_format|conclusion first", "conclusion first"),
    ],
)  # fmt: skip
def test_how_things_are_written_for_the_user(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize("text", ["I paid 20 dollars for it.", "It's 30 degrees Celsius in Madrid today."])
def test_an_amount_or_a_reading_is_no_convention(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("记一下，我每周一和周五在家办公，其他几天去公司", {"user|remote_days": "monday, friday"}),
        ("公司出了新规定，居家办公只剩周三一天了", {"user|remote_days": "wednesday"}),
        ("我周二周四去公司坐班", {"user|office_days": "tuesday, thursday"}),
        ("I work from home on Fridays.", {"user|remote_days": "friday"}),
    ],
)
def test_days_at_home_and_at_the_office(extractor: RuleExtractor, text: str, expected: dict[str, str]) -> None:
    facts = _facts(extractor, text)
    assert {k: v for k, v in facts.items() if k.endswith("_days")} == expected


def test_an_offer_taken_up_names_the_new_employer(extractor: RuleExtractor) -> None:
    text = "Bit of news: I've accepted an offer from Netflix and start there on the 3rd. Please update where I work."
    assert _facts(extractor, text).get("user|employer") == "netflix"


def test_a_condition_on_the_assistant_names_what_the_rule_is_about(extractor: RuleExtractor) -> None:
    text = "When you set up meetings for me, cap them at 25 minutes."
    assert _facts(extractor, text).get("user|meeting_length") == "25 min"


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("自从去年查出痛风，海鲜和啤酒我就彻底戒了", {"user|taste|海鲜", "user|taste|啤酒"}),
        ("朋友请客，羊肉那股膻味我实在受不了", {"user|taste|羊肉"}),
        ("科幻小说我是真的看不腻，一本接一本", {"user|taste|科幻小说"}),
        ("我是真的一口羊肉都吃不下", {"user|taste|羊肉"}),
        ("我连香菜都不碰", {"user|taste|香菜"}),
    ],
)
def test_chinese_stance_constructions(extractor: RuleExtractor, text: str, keys: set[str]) -> None:
    assert set(_facts(extractor, text)) == keys


@pytest.mark.parametrize("text", ["我一点都不累", "我一口都没吃", "我就怕全是羊肉"])
def test_no_stance_without_a_thing(extractor: RuleExtractor, text: str) -> None:
    assert [f.value for f in extractor.extract(text) if f.value in ("一点", "一口", "全")] == []
