"""Text embedders behind one synchronous protocol (query/document kinds, L2-normalised float32 rows)."""

from graphmem.embedding.factory import build_embedder
from graphmem.embedding.protocol import Embedder, EmbedKind

__all__ = ["EmbedKind", "Embedder", "build_embedder"]
