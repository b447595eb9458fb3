"""The prototype classifier: a segment naming a known thing without its kind's cue words is judged by its
nearest labelled prototypes, with a margin, and only then opens the slot reader's cue gate."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from graphmem.embedding.protocol import EmbedKind, Vectors, l2_normalise
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.prototypes import NONE, Prototype, PrototypeClassifier


class _WordEmbedder:
    """Embeds a text as the bag of a few marker words: enough to place sentences near their prototypes."""

    name = "words"
    dim = 3
    _WORDS = ("rain", "weather", "visited")

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        del kind
        rows = [[float(w in t.casefold()) for w in self._WORDS] for t in texts]
        return l2_normalise(np.array(rows) + 1e-3, self.dim)


_PROTOTYPES = [Prototype("Boston rain again", "city"), Prototype("We visited Paris once", NONE)]


def test_a_segment_near_a_kinds_prototypes_is_judged_to_state_it() -> None:
    clf = PrototypeClassifier(_WordEmbedder(), _PROTOTYPES)
    judged = clf.judge([("Seattle rain again", frozenset({"city"})), ("We visited Rome", frozenset({"city"}))])
    assert judged == [frozenset({"city"}), frozenset()]


def test_a_kind_the_segment_does_not_name_is_never_judged() -> None:
    clf = PrototypeClassifier(_WordEmbedder(), _PROTOTYPES)
    assert clf.judge([("Seattle rain again", frozenset({"editor"})), ("no hits", frozenset())]) == [frozenset()] * 2


def test_a_judged_segment_opens_the_cue_gate_of_the_slot_reader() -> None:
    text = "I'm soaked, Seattle weather again"
    assert not any(f.value == "seattle" for f in RuleExtractor().extract(text))
    judged = RuleExtractor(PrototypeClassifier(_WordEmbedder(), [Prototype("Boston weather", "city")]))
    assert any(f.value == "seattle" for f in judged.extract(text))
