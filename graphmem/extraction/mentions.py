"""Entity mentions: the named things (people, places, organisations, titles) a text names, as the keys of
`Entity` nodes. Episodes link to the entities they mention (`MENTIONS`) at write time; a query's mentions
are the starting points of the graph walk that recalls episodes (graphmem/retrieval/graph.py).

Rules, linear in the text and the same for writes and queries:
- Latin words that start with a capital letter (or are all capitals, e.g. LGBTQ) and are not stopwords;
  the key is the word lowercased and lightly stemmed ("Caroline's" → "caroline");
- Chinese runs: the dictionary words jieba tags as a person, place, organisation or other proper noun
  (nr, ns, nt, nz; no HMM guessing, so unknown words are not invented); the key is the word itself.
At most MAX_MENTIONS distinct keys per text, in order of first appearance.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass

from graphmem.retrieval.lexical import EN_STOPWORDS, light_stem

__all__ = ["MAX_MENTIONS", "Mention", "mentions", "person_names"]

MAX_MENTIONS = 16
"""Distinct entities kept per text (an episode or a query)."""

MAX_TEXT_CHARS = 4000
"""Only this many characters of a text are read for mentions."""

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUNS = re.compile(rf"([{_CJK}]+)|([^\W\d_{_CJK}]+(?:['\u2019][^\W\d_{_CJK}]+)*)")
_PROPER_TAGS = frozenset({"nr", "nrt", "nrfg", "ns", "nt", "nz"})
_SKIP_EN = frozenset(
    {
        "hey", "hi", "hello", "thanks", "thank", "yeah", "yes", "wow", "oh", "ok", "okay", "sure", "great",
        "awesome", "cool", "nice", "sounds", "glad", "good", "well", "haha", "lol", "omg", "aww", "yep", "nope",
        "im", "ive", "id", "ill", "dont", "its", "that's", "what's", "it's", "i'm", "i've", "i'd", "i'll",
    }
)  # fmt: skip
_posseg_lock = threading.Lock()


@dataclass(frozen=True)
class Mention:
    """One entity a text names: its graph key and the name as written (first occurrence)."""

    key: str
    name: str


def _latin(word: str) -> Mention | None:
    if not word[0].isupper():
        return None
    lowered = word.lower().replace("\u2019", "'")
    if lowered.endswith("'s"):
        lowered = lowered[:-2]
    if len(lowered) < 2 or lowered in EN_STOPWORDS or lowered in _SKIP_EN:
        return None
    return Mention(light_stem(lowered.replace("'", "")), word)


def _chinese(run: str) -> list[Mention]:
    import jieba.posseg as pseg

    from graphmem.retrieval.lexical import load_jieba

    load_jieba()  # initialised once, quietly
    with _posseg_lock:
        pairs = [(p.word, p.flag) for p in pseg.lcut(run, HMM=False)]
    return [Mention(word, word) for word, flag in pairs if flag in _PROPER_TAGS and len(word) > 1]


def mentions(text: str) -> list[Mention]:
    """The distinct entities `text` names, in order of first appearance (at most MAX_MENTIONS)."""
    found: dict[str, Mention] = {}
    for match in _RUNS.finditer(unicodedata.normalize("NFKC", text[:MAX_TEXT_CHARS])):
        cjk, word = match.group(1), match.group(2)
        candidates = _chinese(cjk) if cjk else [m for m in [_latin(word)] if m is not None]
        for mention in candidates:
            if mention.key and mention.key not in found:
                found[mention.key] = mention
                if len(found) >= MAX_MENTIONS:
                    return list(found.values())
    return list(found.values())


_PERSON_TAGS = frozenset({"nr", "nrt", "nrfg"})


def person_names(text: str) -> list[str]:
    """The Chinese words of `text` jieba takes for a person's name, in order, each once. Unlike `mentions`, its
    HMM may guess words it does not know: transliterated names (吉娜, 乔恩) are rarely in its dictionary."""
    import jieba.posseg as pseg

    from graphmem.retrieval.lexical import load_jieba

    found: dict[str, None] = {}
    for match in _RUNS.finditer(unicodedata.normalize("NFKC", text[:MAX_TEXT_CHARS])):
        run = match.group(1)
        if not run:
            continue
        load_jieba()
        with _posseg_lock:
            pairs = [(p.word, p.flag) for p in pseg.lcut(run, HMM=True)]
        for word, flag in pairs:
            if flag in _PERSON_TAGS and len(word) > 1:
                found.setdefault(word, None)
                if len(found) >= MAX_MENTIONS:
                    return list(found)
    return list(found)
