"""The embedder as a classifier: whether a segment that names a known thing (a city, an editor, an airline …)
without any of its kind's cue words states the speaker's attribute, judged by its nearest labelled prototypes.

A prototype is a sentence labelled with the gazetteer kind it states ("city", "editor", …) or "none" (the thing
is named but no attribute of the speaker's is stated). A segment is judged to state kind K when its nearest
prototype class is K with a cosine margin of at least `margin` over the next class. The judgement only opens
the cue gate of the slot reader: the value still comes from the gazetteer, and every precision guard (questions,
suppositions, third parties, values left behind, past-only clauses) still applies after it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors

__all__ = ["NONE", "Prototype", "PrototypeClassifier"]

NONE = "none"
MARGIN = 0.05


@dataclass(frozen=True)
class Prototype:
    """A labelled sentence: the gazetteer kind it states of the speaker, or NONE."""

    text: str
    label: str


class PrototypeClassifier:
    """Nearest-prototype judgement over one embedder. Prototypes are embedded once, on first use, under a lock;
    each call embeds its segments in one batch."""

    def __init__(self, embedder: Embedder, prototypes: Sequence[Prototype], *, margin: float = MARGIN) -> None:
        if not prototypes:
            raise ValueError("a classifier needs prototypes")
        self.embedder = embedder
        self.margin = margin
        self._labels = sorted({p.label for p in prototypes})
        self._texts = [p.text for p in prototypes]
        self._rows = np.array([self._labels.index(p.label) for p in prototypes])
        self._lock = threading.Lock()
        self._vectors: Vectors | None = None

    def _prototype_vectors(self) -> Vectors:
        if self._vectors is None:
            with self._lock:
                if self._vectors is None:
                    self._vectors = self.embedder.embed(self._texts, EmbedKind.DOCUMENT)
        return self._vectors

    def judge(self, asks: Sequence[tuple[str, frozenset[str]]]) -> list[frozenset[str]]:
        """For each (segment, kinds it names without a cue): the kinds it is judged to state (at most one)."""
        out: list[frozenset[str]] = [frozenset()] * len(asks)
        todo = [i for i, (_, kinds) in enumerate(asks) if kinds]
        if not todo:
            return out
        protos = self._prototype_vectors()
        vectors = self.embedder.embed([asks[i][0] for i in todo], EmbedKind.DOCUMENT)
        sims = vectors @ protos.T  # (segments, prototypes)
        for row, i in enumerate(todo):
            best = np.full(len(self._labels), -2.0)
            np.maximum.at(best, self._rows, sims[row])
            order = np.argsort(best)[::-1]
            top = self._labels[int(order[0])]
            second = float(best[order[1]]) if len(order) > 1 else -2.0
            if top in asks[i][1] and float(best[order[0]]) - second >= self.margin:
                out[i] = frozenset({top})
        return out
