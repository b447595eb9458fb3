"""The Embedder protocol: synchronous CPU/HTTP work returning L2-normalised float32 rows of shape (n, dim)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

__all__ = ["EmbedKind", "Embedder", "Vectors", "l2_normalise"]

Vectors = npt.NDArray[np.float32]


class EmbedKind(StrEnum):
    QUERY = "query"
    DOCUMENT = "document"


@runtime_checkable
class Embedder(Protocol):
    """Embeds texts; blocking work, so async callers run ``embed`` in a worker thread."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        """Return float32 array (len(texts), dim) with L2-normalised rows (zero rows stay zero)."""
        ...


def l2_normalise(mat: npt.ArrayLike, dim: int) -> Vectors:
    """Cast to a C-contiguous float32 (n, dim) array and L2-normalise each row in place."""
    arr = np.ascontiguousarray(np.asarray(mat, dtype=np.float32).reshape(-1, dim))
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    np.divide(arr, norms, out=arr, where=norms > 0)
    return arr
