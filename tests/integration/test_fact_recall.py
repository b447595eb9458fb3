"""The facts layer's Search views against the real Neo4j, with two services on one database standing for two
replicas: what one searches reflects every change the other commits (new and rejected facts, corrections,
more sessions, archive, restore, episode deletion, ForgetUser), hit counts do not invalidate a view, and the
ranking equals a full re-read of the user's facts scored by `rerank`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
import pytest_asyncio

from graphmem.embedding.protocol import EmbedKind
from graphmem.memory.fact_recall import winning_per_key
from graphmem.model import EpisodeDraft, FactScopeFilter, FactStatus, Layer, Scope, SearchQuery, Transition
from graphmem.retrieval.lexical import BM25Index, tokenize
from graphmem.retrieval.rerank import Candidate, rerank
from graphmem.service import MemoryService
from graphmem.storage.neo4j.facts import FactRepository
from graphmem.storage.neo4j.hits import HitRepository, HitRow
from graphmem.storage.neo4j.maintenance import Audit, MaintenanceRepository
from tests.conftest import make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@dataclass
class Replicas:
    reader: MemoryService
    writer: MemoryService
    scope: Scope


@pytest_asyncio.fixture
async def replicas(require_neo4j: str, tmp_path: Path) -> AsyncIterator[Replicas]:
    reader = MemoryService.from_settings(make_settings(tmp_path / "a", embedder="hash"))
    writer = MemoryService.from_settings(make_settings(tmp_path / "b", embedder="hash"))
    await reader.migrate()
    scope = Scope("tenant-a", unique("recall"))
    try:
        yield Replicas(reader, writer, scope)
    finally:
        await writer.forget_user(scope)
        await reader.close()
        await writer.close()


async def remember(service: MemoryService, scope: Scope, key: str, text: str, session: str, day: int) -> str:
    """Writes one user episode and extracts its facts; returns the episode's id."""
    (written,) = await service.add_episodes(scope, [EpisodeDraft(key, text, T0 + timedelta(days=day), session, "user")])
    await service.extract_pending(scope)
    return written.id


async def facts_found(service: MemoryService, scope: Scope, text: str, archived: bool = False) -> dict[str, str]:
    """fact text -> its evidence, as the facts layer's Search returns them."""
    query = SearchQuery(scope, text, 10, T0 + timedelta(days=30))
    hits = await service.semantic.search(query, "default", None, archived=archived)
    assert all(h.layer == Layer.SEMANTIC for h in hits)
    return {h.text: h.metadata["evidence"] for h in hits}


async def test_a_search_sees_every_change_another_replica_commits(replicas: Replicas) -> None:
    reader, writer, scope = replicas.reader, replicas.writer, replicas.scope
    question = "what do I like to drink, tea or coffee?"
    assert await facts_found(reader, scope, question) == {}
    await remember(writer, scope, "m1", "Remember that I like coffee", "s1", 0)
    await remember(writer, scope, "m2", "Remember that I like tea", "s1", 1)
    found = await facts_found(reader, scope, question)
    assert len(found) == 2 and set(found.values()) == {"Remember that I like coffee", "Remember that I like tea"}

    facts = {f.value: f for f in await writer.list_facts(scope, None, FactScopeFilter.BOTH)}
    await writer.reject_fact(scope, facts["tea"].id, "wrong")
    assert list((await facts_found(reader, scope, question)).values()) == ["Remember that I like coffee"]

    await writer.correct_fact(scope, facts["coffee"].id, "espresso", None, "I like espresso")
    assert list(await facts_found(reader, scope, question + " espresso")) == ["I like espresso"]
    espresso = next(f for f in await writer.list_facts(scope, None, FactScopeFilter.BOTH) if f.value == "espresso")

    now = T0 + timedelta(days=30)
    maintenance = MaintenanceRepository(writer.graph)
    archive = Audit(Transition.ARCHIVED, "not_hit", "test", "run", now)
    assert await maintenance.archive_facts(scope.group_id, [espresso.id], now, archive) == [espresso.id]
    assert await facts_found(reader, scope, "espresso") == {}
    assert list(await facts_found(reader, scope, "espresso", archived=True)) == ["I like espresso"]
    await writer.restore_memory(scope, espresso.id)
    assert list(await facts_found(reader, scope, "espresso")) == ["I like espresso"]
    assert await facts_found(reader, scope, "espresso", archived=True) == {}


async def test_deleting_the_evidence_and_forgetting_the_user_reach_the_other_replica(replicas: Replicas) -> None:
    reader, writer, scope = replicas.reader, replicas.writer, replicas.scope
    green = await remember(writer, scope, "m1", "Remember that I like green tea", "s1", 0)
    await remember(writer, scope, "m2", "Remember that I like black tea", "s1", 1)
    assert set((await facts_found(reader, scope, "tea")).values()) == {
        "Remember that I like green tea",
        "Remember that I like black tea",
    }
    await writer.delete_episode(scope, green)  # the only evidence of the green tea fact
    assert list((await facts_found(reader, scope, "tea")).values()) == ["Remember that I like black tea"]
    await writer.forget_user(scope)
    assert await facts_found(reader, scope, "tea") == {}


async def test_hits_leave_the_stamp_and_a_second_session_moves_it(replicas: Replicas) -> None:
    reader, writer, scope = replicas.reader, replicas.writer, replicas.scope
    await remember(writer, scope, "m1", "Remember that I like jasmine tea", "s1", 0)
    store = FactRepository(writer.graph)
    before = await store.stamp(scope)
    (hit,) = await reader.semantic.search(
        SearchQuery(scope, "jasmine tea", 10, T0 + timedelta(days=30)), "default", None
    )
    await HitRepository(writer.graph).apply([], [HitRow(scope.group_id, hit.id, 3, T0 + timedelta(days=2))])
    assert await store.stamp(scope) == before
    await remember(writer, scope, "m2", "I like jasmine tea", "s2", 3)
    assert await store.stamp(scope) != before
    (again,) = await reader.semantic.search(
        SearchQuery(scope, "jasmine tea", 10, T0 + timedelta(days=30)), "default", None
    )
    assert set(again.metadata["sessions"].split(",")) == {"s1", "s2"}


async def test_the_ranking_equals_a_full_reread_scored_by_rerank(replicas: Replicas) -> None:
    reader, writer, scope = replicas.reader, replicas.writer, replicas.scope
    topics = ["coffee", "tea", "jazz", "hiking", "sushi", "chess", "python", "berlin", "yoga", "piano", "rust"]
    for i, topic in enumerate(topics):
        await remember(writer, scope, f"m{i}", f"Remember that I like {topic}", f"s{i % 3}", i)
    policy, _ = reader.policy()
    embedder = reader.semantic._embedder  # the model the facts were embedded with
    for text in ["what do I like", "coffee or tea?", "jazz piano evenings", "a trip to berlin"]:
        query = SearchQuery(scope, text, 5, T0 + timedelta(days=40))
        got = await reader.semantic.search(query, "preference", None)
        # the reference: every active fact read again, BM25 rebuilt, cosines one by one, `rerank`
        rows = await FactRepository(writer.graph).by_status(scope, [FactStatus.ACTIVE], [""], with_embedding=True)
        winners = winning_per_key([f for f, _ in rows])
        vectors = {f.id: v for f, v in rows}
        qvec = embedder.embed([text], EmbedKind.QUERY)[0]
        bm25 = BM25Index()
        for i, fact in enumerate(winners):
            bm25.add(i, tokenize(f"{fact.fact} {fact.value}"))
        lexical = dict(bm25.search(tokenize(text), len(winners)))
        cosines = {i: float(np.dot(np.asarray(vectors[f.id], dtype=np.float32), qvec)) for i, f in enumerate(winners)}
        floor = policy.rerank.semantic_min_similarity
        keep = [i for i in range(len(winners)) if i in lexical or cosines[i] >= floor]
        expected = rerank(
            [Candidate(i, winners[i].importance, winners[i].valid_at) for i in keep],
            {i: cosines[i] for i in keep},
            {i: lexical[i] for i in keep if i in lexical},
            policy.rerank.weights_for("preference"),
            query.reference_time,
            policy.rerank.half_life_days,
            None,
            lexical_truncated=False,
        )[:5]
        assert [h.id for h in got] == [winners[c.id].id for c, _, _ in expected]
        assert [h.score for h in got] == pytest.approx([s for _, s, _ in expected], rel=1e-6)


async def test_a_search_of_both_layers_reads_the_facts_stamp_in_its_hits_read(
    replicas: Replicas, monkeypatch: pytest.MonkeyPatch
) -> None:
    reader, writer, scope = replicas.reader, replicas.writer, replicas.scope
    await remember(writer, scope, "m1", "Remember that I like jasmine tea", "s1", 0)
    store = reader.semantic._recall._facts
    own_reads = 0
    read_stamp = store.stamp

    async def counted(of: Scope) -> str:
        nonlocal own_reads
        own_reads += 1
        return await read_stamp(of)

    monkeypatch.setattr(store, "stamp", counted)

    async def facts_of_search(text: str) -> set[str]:
        both = (Layer.EPISODIC, Layer.SEMANTIC)
        result = await reader.search(SearchQuery(scope, text, 10, T0 + timedelta(days=30), both))
        assert set(result.route.layers) == set(both)
        return {h.metadata["evidence"] for h in result.hits if h.layer == Layer.SEMANTIC}

    jasmine, oolong = "Remember that I like jasmine tea", "Remember that I like oolong tea"
    assert await facts_of_search("what tea do I like?") == {jasmine}
    await remember(writer, scope, "m2", oolong, "s2", 1)  # another replica's change
    assert await facts_of_search("what tea do I like?") == {jasmine, oolong}
    assert own_reads == 0  # both stamps came with the episodic hits


async def test_the_facts_layer_reads_the_stamp_itself_when_the_hits_read_never_came(replicas: Replicas) -> None:
    reader, writer, scope = replicas.reader, replicas.writer, replicas.scope
    await remember(writer, scope, "m1", "Remember that I like jasmine tea", "s1", 0)
    never: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    never.cancel()  # what the service does when the episodic search failed before its read
    query = SearchQuery(scope, "jasmine tea", 10, T0 + timedelta(days=30))
    hits = await reader.semantic.search(query, "default", None, stamp=never)
    assert [h.metadata["evidence"] for h in hits] == ["Remember that I like jasmine tea"]
