"""AddEpisodes embeds a batch beside its preparing and Neo4j commit (they need the documents, not the vectors),
and an embedding that fails after the commit leaves the episodes stored: the next Search of the user embeds
them (the side indexes catch up), so nothing written is lost to recall."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors
from graphmem.model import EpisodeDraft, Layer, Scope, SearchQuery
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


class _Gated:
    """Document embeddings wait (up to 10 s) for the commit to have begun, and may fail once."""

    def __init__(self, inner: Embedder, committing: threading.Event) -> None:
        self.name, self.dim = inner.name, inner.dim
        self._inner = inner
        self._committing = committing
        self.overlapped: list[bool] = []
        self.fail_next = False

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        if kind == EmbedKind.DOCUMENT:
            self.overlapped.append(self._committing.wait(10.0))
            if self.fail_next:
                self.fail_next = False
                raise RuntimeError("embedding model failed")
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
    committing = threading.Event()
    gated = _Gated(episodic._embedder, committing)
    monkeypatch.setattr(episodic, "_embedder", gated)
    add = episodic._repo.add

    async def add_marked(*args: Any, **kwargs: Any) -> Any:
        committing.set()
        return await add(*args, **kwargs)

    monkeypatch.setattr(episodic._repo, "add", add_marked)
    return gated


def _drafts(*texts: str) -> list[EpisodeDraft]:
    return [EpisodeDraft(f"k{i}", text, T0, "s1", "user") for i, text in enumerate(texts)]


async def test_a_batch_is_embedded_while_it_commits(service: MemoryService, monkeypatch: pytest.MonkeyPatch) -> None:
    gated = _gate(service, monkeypatch)
    scope = Scope("tenant-a", unique("overlap"))
    try:
        written = await service.add_episodes(scope, _drafts("I adopted a greyhound named Biscuit", "We went sailing"))
        assert [w.created for w in written] == [True, True]
        assert gated.overlapped == [True]  # the embedding saw the commit begin instead of running before it
    finally:
        await service.forget_user(scope)


async def test_an_embedding_failing_after_the_commit_loses_nothing_to_recall(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = _gate(service, monkeypatch)
    scope = Scope("tenant-a", unique("overlap"))
    try:
        await service.add_episodes(scope, _drafts("We went sailing on Sunday"))  # the user's side indexes exist
        gated.fail_next = True
        with pytest.raises(RuntimeError, match="embedding model failed"):
            await service.add_episodes(scope, _drafts("placeholder", "I adopted a greyhound named Biscuit")[1:])
        query = SearchQuery(scope, "greyhound Biscuit", 5, T0, (Layer.EPISODIC,))
        hits = (await service.search(query)).hits
        assert hits and hits[0].text == "I adopted a greyhound named Biscuit"
        assert hits[0].breakdown.similarity > 0  # embedded by the catch-up, not only found by its words
    finally:
        await service.forget_user(scope)
