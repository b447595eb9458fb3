"""AddEpisodes embeds a batch beside its preparing (the preparing needs the documents, not the vectors) and commits
once both are done: committing beside the embedding made the driver's turns on the event loop queue for the GIL
behind the embedding's workers. An embedding that fails stores nothing, so a retry of the same batch writes it
whole and it is found by meaning."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors
from graphmem.model import EpisodeDraft, EpisodeFilter, Layer, Scope, SearchQuery
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


class _Gated:
    """Document embeddings wait (up to 10 s) for the preparing to have begun, record whether a commit begins
    within 0.5 s while they still hold their vectors, and may fail once."""

    def __init__(self, inner: Embedder, preparing: threading.Event, committing: threading.Event) -> None:
        self.name, self.dim = inner.name, inner.dim
        self._inner = inner
        self._preparing = preparing
        self._committing = committing
        self.beside_preparing: list[bool] = []
        self.before_commit: list[bool] = []
        self.fail_next = False

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        if kind == EmbedKind.DOCUMENT:
            self.beside_preparing.append(self._preparing.wait(10.0))
            if self.fail_next:
                self.fail_next = False
                raise RuntimeError("embedding model failed")
            vectors = self._inner.embed(texts, kind)
            self.before_commit.append(not self._committing.wait(0.5))  # a commit beside it would begin by then
            return vectors
        return self._inner.embed(texts, kind)


@pytest_asyncio.fixture
async def service(require_neo4j: str, tmp_path: Path) -> AsyncIterator[MemoryService]:
    memory = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await memory.migrate()
    try:
        yield memory
    finally:
        await memory.close()


def _gate(service: MemoryService, monkeypatch: pytest.MonkeyPatch) -> _Gated:
    episodic = service.episodic
    preparing, committing = threading.Event(), threading.Event()
    gated = _Gated(episodic._embedder, preparing, committing)
    monkeypatch.setattr(episodic, "_embedder", gated)
    add, prepare = episodic._repo.add, episodic._prepared

    async def add_marked(*args: Any, **kwargs: Any) -> Any:
        committing.set()
        return await add(*args, **kwargs)

    def prepare_marked(*args: Any, **kwargs: Any) -> Any:
        preparing.set()
        return prepare(*args, **kwargs)

    monkeypatch.setattr(episodic._repo, "add", add_marked)
    monkeypatch.setattr(episodic, "_prepared", prepare_marked)
    return gated


def _drafts(*texts: str) -> list[EpisodeDraft]:
    return [EpisodeDraft(f"k{i}", text, T0, "s1", "user") for i, text in enumerate(texts)]


async def test_a_batch_is_embedded_while_it_is_prepared_and_committed_after(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = _gate(service, monkeypatch)
    scope = Scope("tenant-a", unique("overlap"))
    try:
        written = await service.add_episodes(scope, _drafts("I adopted a greyhound named Biscuit", "We went sailing"))
        assert [w.created for w in written] == [True, True]
        assert gated.beside_preparing == [True]  # the embedding saw the preparing begin instead of running first
        assert gated.before_commit == [True]  # and finished before the commit began
    finally:
        await service.forget_user(scope)


async def test_a_failing_embedding_stores_nothing_and_the_retry_is_whole(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = _gate(service, monkeypatch)
    scope = Scope("tenant-a", unique("overlap"))
    batch = [EpisodeDraft("pet", "I adopted a greyhound named Biscuit", T0, "s1", "user")]
    try:
        await service.add_episodes(scope, _drafts("We went sailing on Sunday"))  # the user's side indexes exist
        gated.fail_next = True
        with pytest.raises(RuntimeError, match="embedding model failed"):
            await service.add_episodes(scope, batch)
        stored = await service.list_episodes(scope, EpisodeFilter(), "", 10)
        assert [e.text for e in stored.items] == ["We went sailing on Sunday"]
        retried = await service.add_episodes(scope, batch)
        assert [w.created for w in retried] == [True]  # not a duplicate of a half-written first attempt
        query = SearchQuery(scope, "greyhound Biscuit", 5, T0, (Layer.EPISODIC,))
        hits = (await service.search(query)).hits
        assert hits and hits[0].text == "I adopted a greyhound named Biscuit"
        assert hits[0].breakdown.similarity > 0  # found by meaning: it was embedded on the retry
    finally:
        await service.forget_user(scope)
