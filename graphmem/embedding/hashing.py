"""Deterministic hashing-trick embedder for unit tests only (no model, no semantics beyond shared tokens)."""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Sequence

import numpy as np

from graphmem.embedding.protocol import EmbedKind, Vectors, l2_normalise

__all__ = ["HashEmbedder"]

_TOKEN = re.compile(r"[\u3400-\u9fff]|[^\W_]+", re.UNICODE)


class HashEmbedder:
    """Signed feature hashing of lowercase words / CJK characters (and their bigrams) into ``dim`` bins."""

    name = "hash"

    def __init__(self, *, dim: int = 64) -> None:
        if dim < 2:
            raise ValueError("dim must be >= 2")
        self.dim = dim

    def _features(self, text: str) -> list[str]:
        toks = _TOKEN.findall(text.lower())
        return toks + [f"{a} {b}" for a, b in itertools.pairwise(toks)]

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        del kind
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feat in self._features(text):
                digest = hashlib.blake2b(feat.encode("utf-8"), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                out[row, value % self.dim] += 1.0 if (value >> 63) & 1 else -1.0
        return l2_normalise(out, self.dim)
