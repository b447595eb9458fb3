"""A cheap test run before an expensive pattern: the literal words every match of the pattern must contain.

A rule's regular expression is scanned over every segment, yet most segments hold none of the words it is built
around ("reply", "respond", …). `LiteralGate.of(pattern)` reads the pattern's parse tree once and finds a set of
literal strings of which every possible match contains at least one; a segment holding none of them cannot match,
so the pattern is not run on it. The gate is exact in that direction (it never turns away a text the pattern would
match): a part of the pattern it cannot reason about (a character class, an optional part, a scoped flag) simply
yields no requirement, and a pattern with none is always run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The standard library's own parser of patterns (private modules, stable across 3.11-3.13; the gate is checked
# against every rule by a unit test, so a change in their shape fails loudly rather than skipping matches).
from re import _casefix, _constants, _parser  # type: ignore[attr-defined]
from typing import Any

__all__ = ["LiteralGate", "lowered"]

_MAX_WORDS = 48  # a requirement with more alternatives than this is not worth checking
_MIN_CHARS = 2  # nor one holding a single Latin character (it occurs almost everywhere; a Han character does not)


_LITERAL, _BRANCH, _SUBPATTERN = _constants.LITERAL, _constants.BRANCH, _constants.SUBPATTERN
_REPEATS = (_constants.MAX_REPEAT, _constants.MIN_REPEAT, getattr(_constants, "POSSESSIVE_REPEAT", None))
_ATOMIC = getattr(_constants, "ATOMIC_GROUP", None)


def _exotic_chars() -> frozenset[str]:
    """Characters for which `str.lower()` and the case-insensitive matcher disagree: those the matcher folds
    together beyond simple lower-casing ("ſ" matches "s", "ı" matches "i") and those whose full lower case is
    longer than one character ("İ"). A text holding one is matched without the gate."""
    out = {chr(c) for c in range(0x80, 0x10000) if len(chr(c).lower()) != 1}
    extra: dict[int, tuple[int, ...]] = getattr(_casefix, "_EXTRA_CASES", {})
    for key, values in extra.items():
        out.update(chr(c) for c in (key, *values) if c >= 0x80)
    return frozenset(out)


_EXOTIC = _exotic_chars()


def lowered(text: str) -> str | None:
    """`text` lower-cased for case-insensitive gates, or None when lower-casing cannot stand in for the
    matcher's case folding on it (then every gated pattern must be run)."""
    if not text.isascii() and not _EXOTIC.isdisjoint(text):
        return None
    return text.lower()


# Han characters too common to pick out a segment: a requirement of one of them is the weakest kind.
_COMMON_HAN = frozenset("我你他她的是了不在有这就都也和要")


def _rank(words: frozenset[str]) -> tuple[int, bool, int]:
    """How selective a requirement is: longer shortest word first, then no common single character, then fewer
    words."""
    return min(map(len, words)), not (words & _COMMON_HAN), -len(words)


def _words(data: Any, ignorecase: bool) -> frozenset[str] | None:
    """Literal strings one of which every match of the parsed sequence `data` contains, or None."""
    best: frozenset[str] | None = None
    run: list[str] = []

    def consider(found: frozenset[str] | None) -> None:
        nonlocal best
        if not found or len(found) > _MAX_WORDS or any(len(w) < _MIN_CHARS and w.isascii() for w in found):
            return
        if best is None or _rank(found) > _rank(best):
            best = found

    def close_run() -> None:
        if run:
            consider(frozenset({"".join(run)}))
            run.clear()

    for op, av in data:
        if op is _LITERAL:
            char = chr(av)
            if ignorecase:
                if len(char.lower()) != 1:
                    close_run()
                    continue
                char = char.lower()
            run.append(char)
            continue
        close_run()
        if op is _BRANCH:
            alternatives = [_words(alt, ignorecase) for alt in av[1]]
            if all(alternatives):
                consider(frozenset().union(*alternatives))  # type: ignore[arg-type]
        elif op is _SUBPATTERN:
            _group, add_flags, del_flags, sub = av
            if not ((add_flags | del_flags) & re.IGNORECASE):
                consider(_words(sub, ignorecase))
        elif op in _REPEATS and op is not None:
            low, _high, sub = av
            if low >= 1:
                consider(_words(sub, ignorecase))
        elif op is _ATOMIC and op is not None:
            consider(_words(av, ignorecase))
        # anything else (classes, anchors, look-arounds, back-references) requires nothing we can name
    close_run()
    return best


@dataclass(frozen=True, slots=True)
class LiteralGate:
    """The literal words one of which every match of a pattern contains (None: no such set was found)."""

    words: tuple[str, ...] | None
    ignorecase: bool

    @classmethod
    def of(cls, pattern: re.Pattern[str]) -> LiteralGate:
        ignorecase = bool(pattern.flags & re.IGNORECASE)
        try:
            found = _words(_parser.parse(pattern.pattern, pattern.flags).data, ignorecase)
        except (re.error, RecursionError, TypeError, ValueError):  # pragma: no cover - compiled patterns parse
            found = None
        return cls(tuple(sorted(found, key=lambda w: (-len(w), w))) if found else None, ignorecase)

    def admits(self, text: str, lower: str | None) -> bool:
        """Whether the pattern might match `text`; `lower` is `lowered(text)` (computed once per text)."""
        if self.words is None:
            return True
        if self.ignorecase:
            if lower is None:
                return True
            text = lower
        for word in self.words:  # noqa: SIM110 - a plain loop: measurably cheaper than any() over a generator
            if word in text:
                return True
        return False
