"""A slot: a value for an attribute with the span that named it, and how the words around it read — its clause,
a negation before it, the value named as the one left behind ("from X", "not X", "X 不用了") or denied in its clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.extraction.facts import Predicate

__all__ = [
    "A_NOT_A",
    "CLAUSE_NEGATION",
    "LEFT_AFTER",
    "LEFT_BEFORE",
    "LEFT_JOB_AT",
    "NO_INTENTION",
    "Slot",
    "clause_bounds",
    "negation_in",
    "stated_away",
]

_F = re.IGNORECASE


@dataclass(frozen=True)
class Slot:
    """A value for an attribute, with the span of the text that named it."""

    predicate: Predicate
    attribute: str
    value: str
    polarity: bool
    start: int
    end: int


# Words that put a named value behind the speaker: "switched from X", "not X", "X, not Y", "X 不用了", and verbs of
# getting rid of a thing ("wiped Windows off my laptop", "uninstalled Slack", "卸载了微信").
LEFT_BEFORE = re.compile(
    # ("an offer from Netflix" is the one taken up)
    r"(?:\b(?:(?<!offer\s)(?<!offers\s)from|not|than|over|instead\s+of|rather\s+than|left|quit|leaving|no\s+longer|ex-|saying|said|"
    r"telling\s+you|dropped|wiped|ditched|uninstalled|deleted|removed|dumped|got\s+rid\s+of)|不是|而不是|从|离开|放弃|"
    r"卸载了?|卸掉了?|删了|删掉了?|比(?!较)|不在|没在|不住在?|不再住在?|搬离了?|搬出了?)\s*$",
    _F,
)
# A job left, right before where it was: "I quit my job at Amazon" (the employer is no longer theirs)
LEFT_JOB_AT = re.compile(r"\b(?:quit|left|leaving|lost)\s+(?:my\s+)?(?:job|position|role|gig)\s+(?:at|with)\s+$", _F)
LEFT_AFTER = re.compile(
    # ("把Windows换成Mac了": the one swapped out)
    r"^\s*(?:不用了|不碰了|已经不|基本不|我?(?:已经)?(?:放弃了|戒了|不搞了|不做了|停了)|换成|改成|is\s+history|is\s+over|was|"
    r"used\s+to)",
    _F,
)
# "别" forbids, but not in "别的" (other), "别人", "特别", "区别", "分别" …
_DONT = r"(?<![特区分告性级类个识辨差鉴])别(?![的人处家样致])"
_NEGATION = re.compile(
    r"\b(?:not|no|never|don't|dont|won't|can't|cant|hate|avoid|skip)\b|不|" + _DONT + r"|没|讨厌|受不了|熬不住", _F
)
# A negation that denies its clause (not "不错" good, "不少" many, "不久" soon, "不过" but, "no doubt"). A value of
# a use, a home or an employer in a denied clause is not stated (a taste there is a negative stance instead).
CLAUSE_NEGATION = re.compile(
    r"\b(?:not|never|don't|dont|doesn't|won't|can't|cant|isn't|aren't|hate|avoid)\b|不(?![错少久过然断])|"
    + _DONT
    + r"|没|讨厌|受不了",
    _F,
)
# An intention denied ("又不打算吃素", "I have no plans to move to Berlin"): nothing in its clause is the speaker's.
NO_INTENTION = re.compile(
    r"\b(?:(?:not|never)\s+(?:planning|intending|thinking\s+of|going\s+to)|no\s+(?:plans?|intention)|"
    r"(?:don't|dont|do\s+not)\s+(?:plan|intend))\b|不打算|没打算|不准备|没准备|没想过|不想",
    _F,
)
# A Chinese A-not-A question ("能不能", "要不要", "是不是") asks; its 不 negates nothing.
A_NOT_A = re.compile(r"([\u4e00-\u9fff])不\1")


def negation_in(text: str) -> bool:
    """Whether `text` has a negation (an A-not-A question's 不 aside)."""
    return bool(_NEGATION.search(A_NOT_A.sub("", text)))


_CLAUSE = re.compile(r"[,，;；:：、(（)）]|\s(?:but|and|though|so)\s|但是|不过|可是|所以")


def clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause around [start, end): between the nearest breaks (punctuation, "but", "所以" …) either side."""
    left = 0
    for m in _CLAUSE.finditer(text, 0, start):
        left = m.end()
    right_match = _CLAUSE.search(text, end)
    return left, right_match.start() if right_match else len(text)


def stated_away(text: str, start: int, end: int) -> bool:
    """Whether a value is named as the one left behind ("not npm", "from MySQL") or in a denied clause."""
    c_start, c_end = clause_bounds(text, start, end)
    return bool(
        LEFT_BEFORE.search(text[max(0, start - 14) : start])
        or LEFT_AFTER.search(text[end:])
        or CLAUSE_NEGATION.search(A_NOT_A.sub("", text[c_start:c_end]))
    )
