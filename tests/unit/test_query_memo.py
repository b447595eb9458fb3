"""QueryMemo: a query's vector is computed once while it is recent; documents always reach the model."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import numpy as np

from graphmem.embedding.hashing import HashEmbedder
from graphmem.embedding.protocol import EmbedKind, Vectors
from graphmem.embedding.query_memo import QueryMemo


class CountingEmbedder:
    name = "counting"

    def __init__(self, delay: float = 0.0) -> None:
        self.inner = HashEmbedder(dim=16)
        self.dim = self.inner.dim
        self.calls: list[tuple[tuple[str, ...], EmbedKind]] = []
        self.delay = delay
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        with self._lock:
            self.calls.append((tuple(texts), kind))
            time.sleep(self.delay)
            return self.inner.embed(texts, kind)


def test_a_repeated_query_runs_the_model_once_and_gets_the_same_vector() -> None:
    model = CountingEmbedder()
    memo = QueryMemo(model)
    first = memo.embed(["when did Anna move?"], EmbedKind.QUERY)
    first[0, 0] = 42.0  # a caller's copy: changing it changes nothing remembered
    second = memo.embed(["when did Anna move?"], EmbedKind.QUERY)
    assert model.calls == [(("when did Anna move?",), EmbedKind.QUERY)]
    assert np.array_equal(second, model.inner.embed(["when did Anna move?"], EmbedKind.QUERY))
    assert (memo.name, memo.dim) == ("counting", 16)


def test_documents_and_batches_always_reach_the_model() -> None:
    model = CountingEmbedder()
    memo = QueryMemo(model)
    for _ in range(2):
        memo.embed(["a line"], EmbedKind.DOCUMENT)
        memo.embed(["q1", "q2"], EmbedKind.QUERY)
    assert len(model.calls) == 4


def test_the_least_recently_used_query_leaves_the_memo() -> None:
    model = CountingEmbedder()
    memo = QueryMemo(model, size=2)
    for text in ("a", "b", "a", "c", "a", "b"):
        memo.embed([text], EmbedKind.QUERY)
    assert [texts[0] for texts, _ in model.calls] == ["a", "b", "c", "b"]


def test_concurrent_asks_for_one_new_query_run_the_model_once() -> None:
    model = CountingEmbedder(delay=0.05)
    memo = QueryMemo(model)
    threads = [threading.Thread(target=memo.embed, args=(["same question"], EmbedKind.QUERY)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(model.calls) == 1


class SlowPerText:
    """A model whose calls for different texts can run at once (like the bundled one)."""

    name = "slow"
    dim = 4

    def __init__(self) -> None:
        self.running = 0
        self.most = 0
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        with self._lock:
            self.running += 1
            self.most = max(self.most, self.running)
        time.sleep(0.3)  # long enough that three threads started together overlap on a loaded machine
        with self._lock:
            self.running -= 1
        if texts[0] == "fails":
            raise RuntimeError("model down")
        return np.ones((len(texts), self.dim), dtype=np.float32)


def test_different_new_queries_run_the_model_side_by_side() -> None:
    model = SlowPerText()
    memo = QueryMemo(model)
    threads = [threading.Thread(target=memo.embed, args=([f"q{i}"], EmbedKind.QUERY)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert model.most == 3  # the memo's lock was not held while the model ran


def test_a_failed_query_is_not_remembered_and_its_waiters_see_the_failure() -> None:
    model = SlowPerText()
    memo = QueryMemo(model)
    errors: list[BaseException] = []

    def ask() -> None:
        try:
            memo.embed(["fails"], EmbedKind.QUERY)
        except RuntimeError as error:
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [str(e) for e in errors] == ["model down", "model down"]
    try:
        memo.embed(["fails"], EmbedKind.QUERY)
    except RuntimeError:
        pass
    else:
        raise AssertionError("a failed vector was remembered")
