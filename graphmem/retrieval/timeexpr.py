"""Time expressions ("last week", "on 3 May 2023", "上周", "三月份") resolved to a time window relative to a
reference instant: in queries (against the query's reference time) and in episodes (against the episode's
own date: "yesterday" said on 4 May is 3 May), and whether a question asks *when* something happened.
Pure functions; windows are half-open [start, end) in the reference's zone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmem.model import TimeRange

_MONTHS_EN = {
    name: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for name in names
}
_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_EN_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "couple of": 2,
    "few": 3,
}


@dataclass(frozen=True)
class TimeExpression:
    """A time window found in a query and the words that named it."""

    window: TimeRange
    text: str


def zh_number(text: str) -> int | None:
    """Parses 3, 十二, 二十三 and similar small Chinese or Arabic numbers."""
    if text.isdigit():
        return int(text) if len(text) <= 9 else 10**9  # beyond any window; never parse thousands of digits
    if not text:
        return None
    if "十" in text:
        head, _, tail = text.partition("十")
        tens = _ZH_DIGITS.get(head) if head else 1
        ones = _ZH_DIGITS.get(tail) if tail else 0
        if tens is None or ones is None:
            return None
        return tens * 10 + ones
    if len(text) == 1:
        return _ZH_DIGITS.get(text)
    return None


def _day(ref: datetime, offset: int = 0) -> datetime:
    start = ref.replace(hour=0, minute=0, second=0, microsecond=0)
    return start + timedelta(days=offset)


def _week(ref: datetime, offset: int) -> TimeRange:
    monday = _day(ref) - timedelta(days=ref.weekday()) + timedelta(weeks=offset)
    return TimeRange(monday, monday + timedelta(weeks=1))


def _weekend(ref: datetime, offset: int) -> TimeRange:
    week = _week(ref, offset)
    assert week.start is not None
    saturday = week.start + timedelta(days=5)
    return TimeRange(saturday, saturday + timedelta(days=2))


def _month(year: int, month: int, ref: datetime) -> TimeRange:
    """The month `month` of `year`, where a month outside 1-12 carries into the year (0 is December of the year
    before); arithmetic, so any offset costs the same. ValueError past the range of datetime."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    if not 1 <= year <= 9998:
        raise ValueError(f"year {year} is outside the supported range")
    start = ref.replace(year=year, month=month, day=1, hour=0, minute=0, second=0, microsecond=0)
    end = start.replace(year=year + 1, month=1) if month == 12 else start.replace(month=month + 1)
    return TimeRange(start, end)


def _year(year: int, ref: datetime) -> TimeRange:
    if not 1 <= year <= 9998:
        raise ValueError(f"year {year} is outside the supported range")
    start = ref.replace(year=year, month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    return TimeRange(start, start.replace(year=year + 1))


def _date(year: int, month: int, day: int, ref: datetime) -> TimeRange:
    """One calendar day. ValueError when it does not exist."""
    if not 1 <= year <= 9998:
        raise ValueError(f"year {year} is outside the supported range")
    start = ref.replace(year=year, month=month, day=day, hour=0, minute=0, second=0, microsecond=0)
    return TimeRange(start, start + timedelta(days=1))


_WEEKDAYS_EN = {
    name: i
    for i, names in enumerate(
        [
            ("monday", "mon"),
            ("tuesday", "tue", "tues"),
            ("wednesday", "wed"),
            ("thursday", "thu", "thur", "thurs"),
            ("friday", "fri"),
            ("saturday", "sat"),
            ("sunday", "sun"),
        ]
    )
    for name in names
}
_WEEKDAY_ALT = "|".join(sorted(_WEEKDAYS_EN, key=len, reverse=True))


def _last_weekday(ref: datetime, weekday: int) -> TimeRange:
    """The most recent such weekday strictly before the reference's day."""
    back = (ref.weekday() - weekday) % 7 or 7
    return TimeRange(_day(ref, -back), _day(ref, -back + 1))


def _named_month(month: int, year: int | None, ref: datetime) -> TimeRange:
    """A month by name: the given year, else the most recent such month not after the reference."""
    if year is None:
        year = ref.year if month <= ref.month else ref.year - 1
    return _month(year, month, ref)


MAX_AGO = 100_000
"""Larger amounts ("99999999999 days ago") name no window: past it the expression is ignored."""


def _ago(ref: datetime, amount: int, unit: str) -> TimeRange:
    """'3 days ago' → that day; weeks/months/years ago → that week/month/year. ValueError when the amount is
    above MAX_AGO or the window falls outside the range of datetime."""
    if amount > MAX_AGO:
        raise ValueError(f"{amount} is more than {MAX_AGO}")
    if unit.startswith(("day", "天")):
        return TimeRange(_day(ref, -amount), _day(ref, -amount + 1))
    if unit.startswith(("week", "周", "星期", "礼拜")):
        return _week(ref, -amount)
    if unit.startswith(("month", "个月", "月")):
        return _month(ref.year, ref.month - amount, ref)
    return _year(ref.year - amount, ref)


def _en_amount(word: str) -> int:
    if word.isdigit():
        return int(word) if len(word) <= 9 else MAX_AGO + 1  # never parse thousands of digits
    return _EN_NUMBERS.get(word, 1)


_Rule = tuple[re.Pattern[str], Callable[[re.Match[str], datetime], TimeRange]]

_MONTH_ALT = "|".join(sorted(_MONTHS_EN, key=len, reverse=True))

_RULES: list[_Rule] = [
    # --- Chinese -------------------------------------------------------------------------------------
    (
        re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"),
        lambda m, r: _date(int(m[1]), int(m[2]), int(m[3]), r),
    ),
    (
        re.compile(r"(\d{4})\s*年\s*(\d{1,2}|[一二三四五六七八九十]{1,3})\s*月(份)?"),
        lambda m, r: _month(int(m[1]), zh_number(m[2]) or 1, r),
    ),
    (re.compile(r"(\d{4})\s*年"), lambda m, r: _year(int(m[1]), r)),
    (re.compile(r"(前天)"), lambda m, r: TimeRange(_day(r, -2), _day(r, -1))),
    (re.compile(r"(昨天|昨日|昨晚)"), lambda m, r: TimeRange(_day(r, -1), _day(r))),
    (re.compile(r"(今天|今日|今早|今晚)"), lambda m, r: TimeRange(_day(r), _day(r, 1))),
    (re.compile(r"(上上周|上上个?星期|上上个?礼拜)"), lambda m, r: _week(r, -2)),
    (re.compile(r"(上周末|上个?周末)"), lambda m, r: _weekend(r, -1)),
    (re.compile(r"(上周|上个?星期|上个?礼拜|上一周)"), lambda m, r: _week(r, -1)),
    (re.compile(r"(这周|本周|这个?星期|这个?礼拜)"), lambda m, r: _week(r, 0)),
    (re.compile(r"(上上个月)"), lambda m, r: _month(r.year, r.month - 2, r)),
    (re.compile(r"(上个?月)"), lambda m, r: _month(r.year, r.month - 1, r)),
    (re.compile(r"(这个月|本月)"), lambda m, r: _month(r.year, r.month, r)),
    (re.compile(r"(前年)"), lambda m, r: _year(r.year - 2, r)),
    (re.compile(r"(去年)"), lambda m, r: _year(r.year - 1, r)),
    (re.compile(r"(今年)"), lambda m, r: _year(r.year, r)),
    (
        re.compile(r"(?<!\d)(\d+|[一二两三四五六七八九十]{1,3})\s*(天|周|个?星期|个?礼拜|个月|年)前"),
        lambda m, r: _ago(r, zh_number(m[1]) or 1, m[2].lstrip("个")),
    ),
    (re.compile(r"(最近|近来|这几天)"), lambda m, r: TimeRange(_day(r, -7), _day(r, 1))),
    (
        re.compile(r"(\d{1,2}|十[一二]?|[一二三四五六七八九])\s*月(份)?"),
        lambda m, r: _named_month(zh_number(m[1]) or 1, None, r),
    ),
    # --- English -------------------------------------------------------------------------------------
    (
        re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)? ({_MONTH_ALT})\.?,? (\d{{4}})\b", re.I),
        lambda m, r: _date(int(m[3]), _MONTHS_EN[m[2].lower()], int(m[1]), r),
    ),
    (
        re.compile(rf"\b({_MONTH_ALT})\.? (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})\b", re.I),
        lambda m, r: _date(int(m[3]), _MONTHS_EN[m[1].lower()], int(m[2]), r),
    ),
    (
        re.compile(rf"\blast ({_WEEKDAY_ALT})\b", re.I),
        lambda m, r: _last_weekday(r, _WEEKDAYS_EN[m[1].lower()]),
    ),
    (
        re.compile(rf"\b(?:in |on |during )?(?:\d{{1,2}}(?:st|nd|rd|th)? )?({_MONTH_ALT})\.?,? (\d{{4}})\b", re.I),
        lambda m, r: _month(int(m[2]), _MONTHS_EN[m[1].lower()], r),
    ),
    (re.compile(r"\b(?:in|during) (\d{4})\b", re.I), lambda m, r: _year(int(m[1]), r)),
    (re.compile(r"\bday before yesterday\b", re.I), lambda m, r: TimeRange(_day(r, -2), _day(r, -1))),
    (re.compile(r"\b(yesterday|last night)\b", re.I), lambda m, r: TimeRange(_day(r, -1), _day(r))),
    (
        re.compile(r"\b(today|this morning|tonight|this evening)\b", re.I),
        lambda m, r: TimeRange(_day(r), _day(r, 1)),
    ),
    (re.compile(r"\blast weekend\b", re.I), lambda m, r: _weekend(r, -1)),
    (re.compile(r"\b(last|previous|past) week\b", re.I), lambda m, r: _week(r, -1)),
    (re.compile(r"\bthis week\b", re.I), lambda m, r: _week(r, 0)),
    (re.compile(r"\b(last|previous|past) month\b", re.I), lambda m, r: _month(r.year, r.month - 1, r)),
    (re.compile(r"\bthis month\b", re.I), lambda m, r: _month(r.year, r.month, r)),
    (re.compile(r"\b(last|previous|past) year\b", re.I), lambda m, r: _year(r.year - 1, r)),
    (re.compile(r"\bthis year\b", re.I), lambda m, r: _year(r.year, r)),
    (
        re.compile(
            r"\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|couple of|few) "
            r"(day|week|month|year)s? ago\b",
            re.I,
        ),
        lambda m, r: _ago(r, _en_amount(m[1].lower()), m[2].lower()),
    ),
    (re.compile(r"\b(recently|lately|these days)\b", re.I), lambda m, r: TimeRange(_day(r, -7), _day(r, 1))),
    (
        re.compile(rf"\b(?:in|during|since|last) ({_MONTH_ALT})\b", re.I),
        lambda m, r: _named_month(_MONTHS_EN[m[1].lower()], None, r),
    ),
]


def find_time_expression(query: str, reference: datetime) -> TimeExpression | None:
    """The first time window the query names, resolved against `reference` (timezone-aware)."""
    best: tuple[int, TimeExpression] | None = None
    for pattern, resolve in _RULES:
        match = pattern.search(query)
        if match is None:
            continue
        try:
            window = resolve(match, reference)
        except (ValueError, OverflowError):  # a date outside what datetime represents names no window
            continue
        if best is None or match.start() < best[0]:
            best = (match.start(), TimeExpression(window, match.group(0).strip()))
        break
    return best[1] if best else None


_ASKS_WHEN = re.compile(
    r"^\s*when\b|\bwhen (?:did|was|were|is|will|does|do|has|had)\b|\bwhat (?:date|day|year|month|time)\b|"
    r"\bwhich (?:date|day|year|month|week)\b|\bhow long ago\b|"
    r"什么时候|何时|哪天|哪一天|哪年|哪一年|几月|几号|哪个月|多久以前|多久前",
    re.I,
)


def asks_when(query: str) -> bool:
    """Whether the question asks when something happened ("When did …", "what date", 什么时候, 哪天)."""
    return _ASKS_WHEN.search(query) is not None


def event_window(text: str, occurred_at: datetime) -> TimeRange | None:
    """When an episode's own words date what it tells, resolved against the episode's date (its first time
    expression: "yesterday" said on 4 May → [3 May, 4 May)); None when they name no time."""
    found = find_time_expression(text[:MAX_EVENT_TEXT], occurred_at)
    return found.window if found is not None else None


MAX_EVENT_TEXT = 2000
"""Only this many characters of an episode are read for its event time."""
