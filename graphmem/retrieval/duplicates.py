"""Cross-layer duplicates among recalled memories: the same words reached through two layers — a fact and the
episode its evidence was quoted from, or two memories of near-identical text — are one memory to the reader.
Only one is kept: a fact over the memory it quotes whole, the memory over a fact quoting part of it; of
near-identical texts the longer, then the more recent. Pure functions.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from difflib import SequenceMatcher

from graphmem.model import Layer, SearchHit

__all__ = ["NEAR_IDENTICAL", "distinct", "normalised"]

NEAR_IDENTICAL = 0.9
"""Two texts whose normalised forms match at least this much (difflib's ratio) say the same thing."""

_COMPARED_CHARS = 600
"""Longer texts are duplicates only when equal or quoted one in the other (a ratio over them costs too much)."""


_MIN_QUOTE = 4
"""A shorter quote (after normalisation) proves nothing about where a fact came from."""


_NOT_WORD = re.compile(r"[\W_]+")


def normalised(text: str) -> str:
    """Case-folded letters and digits only: no whitespace, punctuation or symbols (full-width forms folded)."""
    return _NOT_WORD.sub("", unicodedata.normalize("NFKC", text).casefold())


def _quote(fact: SearchHit) -> str:
    return normalised(fact.metadata.get("evidence", "")) if fact.layer == Layer.SEMANTIC else ""


def _quotes(fact: SearchHit, other_text: str) -> bool:
    """Whether `fact` is a fact whose evidence is quoted from the memory saying `other_text`."""
    quote = _quote(fact)
    return len(quote) >= _MIN_QUOTE and quote in other_text


def _near_identical(a_text: str, b_text: str) -> bool:
    if a_text == b_text:
        return True
    short, long = sorted((len(a_text), len(b_text)))
    if long > _COMPARED_CHARS or 2 * short < NEAR_IDENTICAL * (short + long):  # the best ratio they could reach
        return False
    return SequenceMatcher(None, a_text, b_text, autojunk=False).ratio() >= NEAR_IDENTICAL


def _at(hit: SearchHit) -> float:
    return hit.occurred_at.timestamp() if hit.occurred_at else 0.0


def _kept(a: SearchHit, a_text: str, b: SearchHit, b_text: str) -> SearchHit | None:
    """Which of `a` and `b` stays when they are duplicates in two layers; None when they are not duplicates.

    A fact quoting the whole of the other memory stays (the same words, plus its key, status and confidence); a
    fact quoting part of it gives way to it (the memory holds the quote and more). Near-identical texts keep
    the longer, then the more recent, then the better scored."""
    if a.layer == b.layer or not a_text or not b_text:
        return None
    for fact, source, source_text in ((a, b, b_text), (b, a, a_text)):
        if _quotes(fact, source_text):
            return fact if _quote(fact) == source_text else source
    if not _near_identical(a_text, b_text):
        return None
    return a if (len(a_text), _at(a), a.score) >= (len(b_text), _at(b), b.score) else b


def distinct(hits: Sequence[SearchHit]) -> list[SearchHit]:
    """`hits` without cross-layer duplicates, in their order: of each pair of duplicates only one stays (see
    `_kept`). Memories of one layer are never merged with each other (their layer already ranks them)."""
    texts = [normalised(h.text) for h in hits]
    kept: list[int] = []
    for i, hit in enumerate(hits):
        for slot, k in enumerate(kept):
            winner = _kept(hits[k], texts[k], hit, texts[i])
            if winner is not None:
                if winner is hit:
                    kept[slot] = i
                break
        else:
            kept.append(i)
    return [hits[i] for i in sorted(kept)]
