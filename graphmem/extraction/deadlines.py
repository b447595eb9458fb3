"""The date a piece of work must be done by: a day of the year said with a word of shipping or of a deadline
("星河这个项目3月30号必须上线", "We've got until June 20 to ship Harbor's beta"). Said inside a project it is that
project's deadline; a new date replaces the old one. Each pattern is a literal alternation or a bounded digit run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Deadline", "deadline"]

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
