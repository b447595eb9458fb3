"""The shapes rule-based extraction works with: languages, value modes, one rule (a pattern and the fact it
states) and the sentence-like segment rules run over.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from graphmem.extraction.facts import Predicate

__all__ = ["Finding", "Lang", "Mode", "Rule", "Segment", "Span", "Statement", "rule"]

Lang = Literal["zh", "en"]
Mode = Literal["taste", "place", "phrase", "tech", "job", "group", "fixed", "days", "name"]
Span = tuple[int, int]


@dataclass(frozen=True)
class Rule:
    """One pattern: free modes take the value from the text after the match, "group" from group `v`."""

    lang: Lang
    pattern: re.Pattern[str]
    predicate: Predicate
    mode: Mode
    template: str
    neg_template: str = ""
    value: str = ""
    polarity: bool = True
    confidence: float = 0.7
    project: bool = False


def rule(lang: Lang, pattern: str, predicate: Predicate, mode: Mode, template: str, **kw: Any) -> Rule:
    """A Rule whose pattern is compiled case-insensitively."""
    return Rule(lang, re.compile(pattern, re.IGNORECASE), predicate, mode, template, **kw)


@dataclass(frozen=True)
class Statement:
    """What a family of rules states: the predicate, value mode and template, with the fields its rules share.
    The family is written once; each of its rules adds only a pattern (and what differs, as keywords)."""

    predicate: Predicate
    mode: Mode
    template: str
    value: str = ""
    confidence: float = 0.7
    project: bool = False

    def rule(self, lang: Lang, pattern: str, **kw: Any) -> Rule:
        """The rule matching `pattern` that states this; keywords override the shared fields."""
        shared: dict[str, Any] = {"value": self.value, "confidence": self.confidence, "project": self.project}
        return rule(lang, pattern, self.predicate, self.mode, self.template, **(shared | kw))


@dataclass
class Segment:
    """One sentence-like piece of the input: its offsets, text, language and lazily built tokens."""

    start: int
    text: str
    lang: Lang
    explicit: bool
    tokenize: Callable[[str, Lang], list[Span]]
    _tokens: list[Span] | None = None
    correction: bool = False
    request: bool = False  # a question asking the assistant to do something ("Can you keep answers short?")
    answers_meeting: bool = False  # the turn's first segment, after a turn of the speaker's naming a meeting
    # a segment going on about the meeting the segment before named ("…dropped the daily standup. It's Monday,
    # Wednesday and Friday now."), itself naming none
    continues_meeting: bool = False
    list_item: bool = False  # an item of a list of rules a segment before announced, after its "；"
    in_correction: bool = False  # the turn corrects what was said before ("I've been telling you the wrong router")

    @property
    def tokens(self) -> list[Span]:
        if self._tokens is None:
            self._tokens = self.tokenize(self.text, self.lang)
        return self._tokens


@dataclass(frozen=True)
class Finding:
    """A fact a structural analysis read from one clause: the value as said (`display`, at [start, end) of the
    segment) and normalised (`value`); `relation` names the relative for relation names ("daughter")."""

    predicate: Predicate
    value: str
    display: str
    start: int
    end: int
    polarity: bool = True
    relation: str = ""
    attribute: str = ""  # the attribute the clause names for the value ("favourite:drink"), when it names one
