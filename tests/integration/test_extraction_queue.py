"""The extraction queue against the real Neo4j: one tenant's (or one user's) flood does not starve another's
episodes (round robin between tenants, and between the users of a tenant), and an episode whose extraction
keeps failing — an extractor bug, or a text the text worker's process overruns its time on — is quarantined
after three attempts (status visible on the episode, never retried) while the rest of the queue is extracted."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest_asyncio

from graphmem.clock import SystemClock
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import CandidateFact
from graphmem.index.faiss_index import FaissIndex
from graphmem.memory.semantic import MAX_EXTRACTION_ATTEMPTS
from graphmem.model import EpisodeDraft, Scope
from graphmem.policy import load_policy
from graphmem.service import MemoryService, embedder_from_settings
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.episodes import EpisodeRepository
from tests.conftest import make_settings, unique

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
FLOOD = 30
BATCH = 25


class PoisonExtractor:
    """The rule extractor, except that a text holding POISON raises (an extractor bug triggered by one text)."""

    def __init__(self) -> None:
        self._inner = RuleExtractor()
        self._lock = threading.Lock()
        self.calls: Counter[str] = Counter()

    def extract(self, text: str, context: Sequence[str] = ()) -> list[CandidateFact]:
        with self._lock:
            self.calls[text] += 1
        if "POISON" in text:
            raise RuntimeError("extractor bug")
        return self._inner.extract(text)


@dataclass
class Stack:
    service: MemoryService
    extractor: PoisonExtractor


@pytest_asyncio.fixture
async def stack(require_neo4j: str, tmp_path: Path) -> AsyncIterator[Stack]:
    settings = make_settings(tmp_path, embedder="hash")
    policy, _ = load_policy(None)
    graph = Neo4jGraph(settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, "neo4j")
    embedder = embedder_from_settings(settings)
    extractor = PoisonExtractor()
    index = FaissIndex(tmp_path / "vectors", embedder.dim)
    service = MemoryService(graph, index, embedder, policy, "test", SystemClock(), extractor=extractor)
    await service.migrate()
    yield Stack(service, extractor)
    await service.close()


def _drafts(prefix: str, count: int, text: str = "hello, checking in") -> list[EpisodeDraft]:
    return [
        EpisodeDraft(f"{prefix}{i}", f"{text} {i}", START + timedelta(minutes=i), "s1", "user") for i in range(count)
    ]


async def test_a_flood_from_one_tenant_or_user_does_not_starve_another(stack: Stack) -> None:
    service = stack.service
    flood = Scope(unique("flood-tenant"), unique("u"))
    quiet_tenant = Scope(unique("quiet-tenant"), unique("u"))
    flooding_user = Scope(unique("shared-tenant"), unique("u"))
    quiet_user = Scope(flooding_user.tenant_id, unique("u"))
    await service.add_episodes(flood, _drafts("f", FLOOD))
    await service.add_episodes(flooding_user, _drafts("g", FLOOD))
    [late_tenant] = await service.add_episodes(quiet_tenant, _drafts("q", 1))
    [late_user] = await service.add_episodes(quiet_user, _drafts("r", 1))
    batch = await EpisodeRepository(service.graph).pending_extraction(BATCH)
    ids = [e.id for e in batch]
    # first in, first out would fill the batch with the floods (written first); round robin serves both
    assert late_tenant.id in ids and late_user.id in ids
    per_user = Counter(e.user_id for e in batch)
    assert per_user[flood.user_id] <= BATCH // 2 + 1 and per_user[flooding_user.user_id] <= BATCH // 2 + 1
    for scope in (flood, quiet_tenant, flooding_user, quiet_user):  # leave nothing pending for later tests
        await service.extract_pending(scope)


async def test_an_episode_failing_extraction_is_quarantined_after_three_attempts(stack: Stack) -> None:
    service = stack.service
    scope = Scope(unique("tenant"), unique("u"))
    poison = f"POISON {uuid.uuid4().hex}"
    [bad, good] = await service.add_episodes(
        scope,
        [EpisodeDraft("bad", poison, START, "s1", "user"), EpisodeDraft("good", "I love oolong", START, "s1", "user")],
    )
    await service.extract_pending(scope)  # does not raise: the failure stays with its episode
    assert stack.extractor.calls[poison] == MAX_EXTRACTION_ATTEMPTS == 3
    assert (await service.get_episode(scope, bad.id)).extraction_status == "quarantined"
    assert (await service.get_episode(scope, good.id)).extraction_status == "done"
    await service.extract_pending(scope)
    assert stack.extractor.calls[poison] == 3  # never retried


async def test_a_batchs_episodes_are_extracted_in_the_order_they_were_said(stack: Stack) -> None:
    """One AddEpisodes call writes its episodes at one instant: the queue gives them in the order they were said
    (occurred time, then position), so a turn that points back ("Please remember her") is read after the turn it
    points at, by the worker's queue and by a user's own drain alike."""
    service = stack.service
    scope = Scope(unique("tenant"), unique("u"))
    said = [EpisodeDraft(f"o{i}", f"turn {i}", START + timedelta(seconds=i), "s1", "user") for i in range(12)]
    written = await service.add_episodes(scope, list(reversed(said[6:])) + said[:6])  # not in said order
    by_key = {e.key: e.id for e in written}
    repo = EpisodeRepository(service.graph)
    order = [by_key[f"o{i}"] for i in range(12)]
    assert [e.id for e in await repo.pending_extraction(50, scope.group_id)] == order
    assert [e.id for e in await repo.pending_extraction(500) if e.user_id == scope.user_id] == order
    await service.extract_pending(scope)
