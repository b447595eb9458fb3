"""QueryMemo: an Embedder that computes each recent query's vector once.

One Search asks for its query's vector in every layer it searches (episodes, facts, skills) and each call
would run the model again behind the model's lock; an agent also repeats its queries. The memo keeps the
vectors of the last `size` single-text queries, keyed by a digest of the text (the text itself is not kept).
Documents and multi-text calls go straight to the wrapped embedder.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Future

from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors

__all__ = ["QueryMemo"]


class QueryMemo:
    """Wraps an Embedder; same name and dimension, same vectors.

    Callers get their own copy of a remembered vector. Two concurrent calls for the same new query run the
    model once: the second waits for the first. Calls for different queries do not wait for each other (the
    memo's lock is held only to look up and store, never while the model runs).
    """

    def __init__(self, inner: Embedder, size: int = 256) -> None:
        if size < 1:
            raise ValueError("size must be >= 1")
        self.name = inner.name
        self.dim = inner.dim
        self.inner = inner
        self._size = size
        self._lock = threading.Lock()
        self._recent: OrderedDict[bytes, Vectors] = OrderedDict()
        self._running: dict[bytes, Future[Vectors]] = {}

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        if kind is not EmbedKind.QUERY or len(texts) != 1:
            return self.inner.embed(texts, kind)
        key = hashlib.blake2b(texts[0].encode(), digest_size=16).digest()
        with self._lock:
            vector = self._recent.get(key)
            if vector is not None:
                self._recent.move_to_end(key)
                return vector.copy()
            running = self._running.get(key)
            if running is None:
                mine: Future[Vectors] = Future()
                self._running[key] = mine
        if running is not None:  # another caller is running the model for this query
            return running.result().copy()
        try:
            vector = self.inner.embed(texts, kind)
        except BaseException as error:
            with self._lock:
                del self._running[key]
            mine.set_exception(error)
            raise
        with self._lock:
            del self._running[key]
            self._recent[key] = vector
            if len(self._recent) > self._size:
                self._recent.popitem(last=False)
        mine.set_result(vector)
        return vector.copy()
