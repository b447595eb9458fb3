"""Chinese text as jieba part-of-speech tokens with their offsets: what the structural readers walk."""

from __future__ import annotations

import threading
from dataclasses import dataclass

__all__ = ["POSSEG_LOCK", "Tok", "tag"]

# The structural readers call jieba's tagger one at a time.
POSSEG_LOCK = threading.Lock()


@dataclass(frozen=True)
class Tok:
    """One token: its word, jieba part-of-speech flag and offsets in the tagged text."""

    word: str
    flag: str
    start: int
    end: int


def tag(text: str) -> list[Tok]:
    """The tokens of `text`, offsets contiguous from 0."""
    import jieba.posseg as pseg

    with POSSEG_LOCK:
        pairs = [(p.word, p.flag) for p in pseg.lcut(text, HMM=False)]
    toks: list[Tok] = []
    pos = 0
    for word, flag in pairs:
        toks.append(Tok(word, flag, pos, pos + len(word)))
        pos += len(word)
    return toks
