"""The date a piece of work must be done by: a day of the year said with a word of shipping or of a deadline
("星河这个项目3月30号必须上线", "We've got until June 20 to ship Harbor's beta"). Said inside a project it is that
project's deadline; a new date replaces the old one. The day of an event of the speaker's (`event_date`: "our family
reunion … July 18", "公司年会…定在腊月二十三") is read the same way, as its own attribute. Each pattern is a literal
alternation or a bounded digit run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.extraction.time_values import zh_number

__all__ = ["Deadline", "deadline", "event_date"]

_F = re.IGNORECASE
_MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"  # noqa: E501
_DATE = re.compile(
    r"\b(?P<m1>" + _MONTH + r")\.?\s(?P<d1>\d{1,2})(?:st|nd|rd|th)?\b|"
    r"\b(?:the\s)?(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s(?:of\s)?(?P<m2>" + _MONTH + r")\b|"
    r"(?P<m3>\d{1,2})月(?P<d3>\d{1,2})[号日]?",
    _F,
)
_CUE = re.compile(
    r"\b(?:deadline|due|ship|shipping|launch|launching|release|go\s+live|goes\s+live|beta|cut-?off|ga|freeze)\b|"
    r"上线|发布|交付|死线|截止|ddl|deadline|交差|提测|封版|冻结",
    _F,
)


@dataclass(frozen=True)
class Deadline:
    """A deadline: its normalised date ("june 20", "3月30日") and the span that said it."""

    value: str
    start: int
    end: int


def deadline(text: str) -> Deadline | None:
    """The first day of the year `text` names together with a word of shipping or a deadline, or None."""
    if _CUE.search(text) is None:
        return None
    m = _DATE.search(text)
    if m is None:
        return None
    return deadline_of(m)


def deadline_of(m: re.Match[str]) -> Deadline | None:
    """The normalised date `_DATE` matched ("june 20", "3月30日"), or None when it is no day of the year."""
    if m.group("m3"):
        month, day = int(m.group("m3")), int(m.group("d3"))
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return None
        return Deadline(f"{month}月{day}日", m.start(), m.end())
    word = (m.group("m1") or m.group("m2")).lower()[:3]
    day = int(m.group("d1") or m.group("d2"))
    name = next(n for n in _MONTHS if n.startswith(word))
    if not 1 <= day <= 31:
        return None
    return Deadline(f"{name} {day}", m.start(), m.end())


# The day of an event of the speaker's ("I'm organizing our family reunion this year: July 18",
# "公司年会今年归我张罗，定在腊月二十三晚上"): the event word and the date in one sentence, said by the speaker or of
# what is theirs. Said inside a project it is that project's date.
_EVENT = re.compile(
    r"\b(?:reunion|wedding(?!\s+anniversary)|party|conference|retreat|offsite|off-site|fundraiser|gala|festival|ceremony|recital|"
    r"banquet|shower|anniversary\s+dinner)\b|年会|婚礼|婚宴|聚会|晚会|寿宴|满月酒|同学会|运动会|发布会|典礼|团建|展会|年夜饭",
    _F,
)
_OURS = re.compile(r"\b(?:i|i'm|i've|my|our|we|we're|the)\b|我|咱|公司|单位", _F)
_ZH_DATE = re.compile(
    r"(?P<m>[正冬腊]|十[一二]|[一二三四五六七八九十])月(?P<d>初[一二三四五六七八九十]|廿[一二三四五六七八九]|"
    r"[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])(?:号|日)?|(?P<dm>\d{1,2})月(?P<dd>\d{1,2})[号日]?"
)
_SENTENCE_END = re.compile(r"[.!?。！？]")


def event_date(text: str) -> Deadline | None:
    """The date of an event of the speaker's (`_EVENT` with a date in the same sentence), "july 18" or "7月18日";
    a lunar day ("腊月二十三", "正月初八") as said."""
    event = _EVENT.search(text)
    if event is None:
        return None
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, event.start())), default=0)
    end_m = _SENTENCE_END.search(text, event.end())
    end = end_m.start() if end_m else len(text)
    if not _OURS.search(text, start, end):
        return None
    m = _DATE.search(text, start, end)
    if m is not None:
        return deadline_of(m)
    z = _ZH_DATE.search(text, start, end)
    if z is None:
        return None
    if z.group("dm"):
        month, day = int(z.group("dm")), int(z.group("dd"))
        return Deadline(f"{month}月{day}日", z.start(), z.end()) if 1 <= month <= 12 and 1 <= day <= 31 else None
    lunar = z.group("m") in "正冬腊" or z.group("d")[0] in "初廿"
    if lunar:
        return Deadline(z.group(0).rstrip("号日"), z.start(), z.end())
    month, day = zh_number(z.group("m")), zh_number(z.group("d"))
    return Deadline(f"{month}月{day}日", z.start(), z.end()) if 1 <= month <= 12 and 1 <= day <= 31 else None
