"""Values of time as one normal form whatever the wording: a day of the year ("the 2nd of October" = "October 2nd"
= "october 2"), a time zone ("东八区" = "GMT+8" = "utc+8"; "<name> time" only for a known place), and a window of
hours or days ("before ten" = "before 10", "9am to 5pm" = "9am-5pm").
"""

from __future__ import annotations

import re

from graphmem.extraction.gazetteer import ZH_ONE_TO_TWELVE, scan
from graphmem.extraction.lexicon import WINDOWS
from graphmem.extraction.rule import Lang

__all__ = ["HOUR_WORDS", "day_of_year", "hour_bound", "timezone", "window", "zh_day", "zh_number", "zone_named"]


# An English date said either way round ("the 2nd of October", "October 2nd", "Oct. 2"): one form, "october 2".
_EN_DAY_FIRST = re.compile(r"^(?:the\s)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\s(?:of\s)?(?P<m>[a-z]{3,9})$")
_EN_MONTH_FIRST = re.compile(r"^(?P<m>[a-z]{3,9})\.?\s(?P<d>\d{1,2})(?:st|nd|rd|th)?$")
_MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip


def day_of_year(value: str | None) -> str | None:
    """ "october 2" for an English month and day said in any of the usual orders; other values as they are."""
    if value is None:
        return None
    m = _EN_DAY_FIRST.match(value) or _EN_MONTH_FIRST.match(value)
    if m is None:
        return value
    prefix = m.group("m")[:3]
    month = next((name for name in _MONTHS if name.startswith(prefix)), "")
    if not month or not month.startswith(m.group("m")):
        return value
    return f"{month} {int(m.group('d'))}"


_TZ_NAMES = {"北京时间": "utc+8", "beijing time": "utc+8", "china time": "utc+8", "中国时间": "utc+8"}


def zone_named(r: str) -> bool:
    """Whether "<name> time" names a place or zone the gazetteer knows ("Auckland time"; not "Christmas time")."""
    name = r.removesuffix(" standard time").removesuffix(" time")
    if name == r or r in _TZ_NAMES:
        return True
    return any(h.category in ("city", "timezone") for h in scan(r)) or any(
        h.category in ("city", "timezone") for h in scan(name.title())
    )


def timezone(r: str) -> str:
    """Canonical time zone: "东八区"/"GMT+8"/"UTC +8" -> "utc+8"; named zones ("cet", "berlin time") as said."""
    r = _TZ_NAMES.get(r, r)
    zh = re.fullmatch(r"([东西])(十[一二]?|[一二三四五六七八九])区", r)
    if zh:
        return f"utc{'+' if zh.group(1) == '东' else '-'}{ZH_ONE_TO_TWELVE[zh.group(2)]}"
    num = re.fullmatch(r"(?:utc|gmt)\s*([+-])\s*0?(\d{1,2})(?::?00)?", r)
    if num:
        return f"utc{num.group(1)}{int(num.group(2))}"
    return r


# An hour said in words after a word of time ("before ten", "after six") is written in figures: one value for
# "before ten" and "before 10".
HOUR_WORDS = {
    w: str(n)
    for n, w in enumerate(
        ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"], start=1
    )
}
"""The hours of the clock in English words, with their figures."""
_FIRST_HOUR_IN_WORDS = re.compile(r"^(" + "|".join(HOUR_WORDS) + r")\b(?=\s(?:to|until|till)\s)")
_HOUR_IN_WORDS = re.compile(r"\b(before|after|until|till|from|to|past|at|by)\s(" + "|".join(HOUR_WORDS) + r")\b(?!-)")


def window(r: str, lang: Lang) -> str:
    """A window of hours or days as said, cut before what follows it ("please", "unless …"); English hours in
    figures."""
    r = re.split(r"\s+(?:please|thanks|thank\s+you|unless|because|since|if|except|for\s+me)\b", r)[0].strip()
    if lang == "en":
        r = _HOUR_IN_WORDS.sub(lambda m: f"{m.group(1)} {HOUR_WORDS[m.group(2)]}", r)
        r = _FIRST_HOUR_IN_WORDS.sub(lambda m: HOUR_WORDS[m.group(1)], r)  # "seven to three" -> "7 to 3" -> "7-3"
        r = re.sub(r"^(?:on|during|over|in|at)\s+", "", r)
        r = re.sub(r"(\d)\s*([ap])\.?m\.?", r"\1\2m", r)
        r = re.sub(r"\s*(?:and|to|until|till|–)\s*(?=\d)", "-", r)
    return WINDOWS.get(r, r)


_BOUND_PARTS = re.compile(r"^(before|after|past)\s(\d{1,2})(?::(\d{2}))?([ap]m)?$")


def hour_bound(r: str) -> str:
    """A bound of the day in 24-hour figures ("after 4pm", "past four", "after 4" -> "after 16:00"; "before ten" ->
    "before 10:00"): a bare hour of a working day is the morning from 7 to 11, the afternoon from 1 to 6. Any other
    window is returned unchanged."""
    m = _BOUND_PARTS.match(r)
    if m is None:
        return r
    rel, hour, minutes, half = m.group(1), int(m.group(2)), m.group(3) or "00", m.group(4)
    if (half == "pm" and hour < 12) or (half is None and 1 <= hour <= 6):
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    if hour > 23 or int(minutes) > 59:
        return r
    return f"{'after' if rel == 'past' else rel} {hour}:{minutes}"


_ZH_DIGIT = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_ZH_MONTH_NAMES = {"正": 1, "冬": 11, "腊": 12}
_ZH_DATE = re.compile(
    r"^(?P<lunar>农历|阴历)?(?P<m>[0-9]{1,2}|[一二三四五六七八九十]{1,3}|[正冬腊])月(?:初)?"
    r"(?P<d>[0-9]{1,2}|[一二三四五六七八九十]{1,3})[日号]?$"
)


def zh_number(word: str) -> int:
    """A number up to 99 in figures or Chinese numerals ("十" 10, "十五" 15, "二十" 20, "四十五" 45); 0 when it is
    none."""
    if word.isdigit():
        return int(word)
    if "十" not in word:
        return _ZH_DIGIT.get(word, 0)
    tens, _, units = word.partition("十")
    return _ZH_DIGIT.get(tens, 1) * 10 + _ZH_DIGIT.get(units, 0)


def zh_day(value: str) -> str:
    """A Chinese day of the year with its numbers in figures, the day's word kept as said ("八月十五号" -> "8月15号",
    "十二月二十三日" -> "12月23日"), so two wordings of one date are one value; a date of the lunar calendar
    ("农历八月十五", "腊月初八") and other values as they are."""
    m = _ZH_DATE.match(value)
    if m is None or m.group("lunar") or m.group("m") in _ZH_MONTH_NAMES or "初" in value:
        return value
    month, day = zh_number(m.group("m")), zh_number(m.group("d"))
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return value
    return f"{month}月{day}{value[-1] if value[-1] in '日号' else ''}"
