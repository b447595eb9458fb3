"""Privacy against the real Neo4j: ForgetUser cannot be undone by writers in flight, DeleteEpisode leaves its
words nowhere (graph properties, facts, the next episode's document, the side indexes, files), DeleteEpisode
and RestoreMemory stay inside the scope's project, and a backdated episode is linked in place."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from graphmem.clock import ManualClock
from graphmem.embedding.protocol import Embedder, EmbedKind
from graphmem.errors import NotFound, UserForgotten
from graphmem.index.faiss_index import FaissIndex
from graphmem.memory.episodic import indexed_document
from graphmem.model import EpisodeDraft, MemoryKind, Scope, SearchQuery, SessionState, Transition
from graphmem.policy import load_policy
from graphmem.service import MemoryService, embedder_from_settings
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.episodes import EpisodeRepository
from graphmem.storage.neo4j.leases import MaintenanceLeases
from graphmem.storage.neo4j.maintenance import Audit, MaintenanceRepository
from graphmem.storage.neo4j.sessions import SessionRepository
from tests.conftest import make_settings, unique
from tests.privacy_probe import GatedExtractor, files_holding, holders_of, leftovers

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


@dataclass
class Stack:
    service: MemoryService
    graph: Neo4jGraph
    index: FaissIndex
    embedder: Embedder
    data_dir: Path
    extractor: GatedExtractor
    clock: ManualClock


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Embedder]:
    yield embedder_from_settings(make_settings(tmp_path_factory.mktemp("emb")))


@pytest_asyncio.fixture
async def stack(require_neo4j: str, tmp_path: Path, embedder: Embedder) -> AsyncIterator[Stack]:
    settings = make_settings(tmp_path)
    policy, _ = load_policy(None)
    graph = Neo4jGraph(settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, "neo4j")
    index = FaissIndex(tmp_path / "vectors", embedder.dim)
    extractor = GatedExtractor()
    clock = ManualClock(START)
    service = MemoryService(graph, index, embedder, policy, "test", clock, extractor=extractor)
    await service.migrate()
    yield Stack(service, graph, index, embedder, tmp_path, extractor, clock)
    extractor.release.set()
    await service.close()


async def test_forget_user_during_extraction_and_maintenance_leaves_only_the_tombstone(stack: Stack) -> None:
    service, graph = stack.service, stack.graph
    scope = Scope("tenant-a", unique("forget"))
    token = f"zq{uuid.uuid4().hex[:8]}"
    drafts = [
        EpisodeDraft(f"k{i}", f"I really love {token}{i}", START + timedelta(minutes=i), f"s{i % 3}", "user")
        for i in range(12)
    ]
    await service.add_episodes(scope, drafts)
    await service.flush()
    assert list((stack.data_dir / "vectors").rglob(f"{scope.group_id}.*"))
    extraction = asyncio.create_task(service.extract_pending(scope))
    assert await asyncio.to_thread(stack.extractor.started.wait, 30), "extraction never started"
    stack.clock.advance(timedelta(days=400))  # everything is due for archiving: maintenance has work to do
    maintenance = asyncio.create_task(service.run_maintenance(scope, dry_run=False))
    await asyncio.sleep(0.05)
    report = await service.forget_user(scope)
    stack.extractor.release.set()
    await extraction
    await maintenance
    await service.flush()
    assert report.episodes_deleted == 12
    # what the in-flight writers would have re-created (entities, facts, summaries, the User node) is absent
    assert await leftovers(graph, scope.group_id, scope.user_id) == [
        (["AuditEvent"], "forgotten"),
        (["UserFence"], None),
    ]
    assert await graph.run("MATCH ()-[r]->() WHERE r.group_id = $g RETURN r", g=scope.group_id) == []
    assert await holders_of(graph, token) == []
    assert await stack.index.ids(scope.group_id) == set()
    assert not list((stack.data_dir / "vectors").rglob(f"{scope.group_id}.*"))
    assert files_holding(stack.data_dir, token) == []
    # neither BM25 nor the vectors answer for the user any more (a search rebuilds nothing from the erased graph)
    assert (await service.search(SearchQuery(scope, token, 10, START + timedelta(days=500)))).hits == ()
    # later writers of every kind store nothing for the forgotten user
    with pytest.raises(UserForgotten):
        await service.add_episodes(scope, drafts[:1])
    with pytest.raises(UserForgotten):
        await SessionRepository(graph).create(
            scope, SessionState("s9", scope.user_id, "", (), (), (), (), START, START, None, 1, 0)
        )
    with pytest.raises(UserForgotten):
        await MaintenanceLeases(graph).acquire(scope.group_id, "dedup", "run", 30)
    assert await leftovers(graph, scope.group_id, scope.user_id) == [
        (["AuditEvent"], "forgotten"),
        (["UserFence"], None),
    ]


async def test_delete_episode_leaves_its_text_nowhere(stack: Stack) -> None:
    service, graph = stack.service, stack.graph
    stack.extractor.release.set()
    scope = Scope("tenant-a", unique("delete"))
    token = f"zq{uuid.uuid4().hex[:8]}"
    drafts = [
        EpisodeDraft("a", "hello there, planning the week", START, "s1", "user"),
        # the capitalised name becomes an Entity the episode MENTIONS: it must go with the episode
        EpisodeDraft("b", f"I really love {token}. Met Q{token} today", START + timedelta(minutes=1), "s1", "user"),
        EpisodeDraft("c", "noted, anything else for the plan?", START + timedelta(minutes=2), "s1", "assistant"),
    ]
    ids = {w.key: w.id for w in await service.add_episodes(scope, drafts)}
    await service.extract_pending(scope)
    held = await holders_of(graph, token)
    assert "Episodic.content" in held and "RELATES_TO.evidence" in held and "Entity.name" in held
    seq = (await graph.run("MATCH (e:Episodic {uuid: $id}) RETURN e.seq AS s", id=ids["c"]))[0]["s"]
    repo = EpisodeRepository(graph)
    next_document = (await repo.texts_of(scope.group_id, [seq], indexed_document))[0].document
    assert token in next_document  # the next line carries the deleted one as context

    await service.delete_episode(scope, ids["b"])
    await service.flush()

    assert await holders_of(graph, token) == []
    rebuilt = (await repo.texts_of(scope.group_id, [seq], indexed_document))[0].document
    assert rebuilt == "user: hello there, planning the week\nassistant: noted, anything else for the plan?"
    # the next episode's vector is the rebuilt document's, not the one that embedded the deleted line
    wanted = stack.embedder.embed([rebuilt], EmbedKind.DOCUMENT)[0]
    hits = await stack.index.search(scope.group_id, wanted[None, :], 1, [seq])
    assert hits and hits[0][0] == seq and hits[0][1] > 0.999
    assert await stack.index.ids(scope.group_id) == {
        r["s"] for r in await graph.run("MATCH (e:Episodic {group_id: $g}) RETURN e.seq AS s", g=scope.group_id)
    }
    assert files_holding(stack.data_dir, token) == []
    # BM25 and vectors: searching for the token finds nothing that holds it
    found = await service.search(SearchQuery(scope, token, 10, START + timedelta(days=1)))
    assert all(token not in h.text for h in found.hits)
    # the delete and the removed fact are audited (written in the delete's transaction)
    events = (await service.memory_audit(scope, "", "", 50)).items
    forgotten = {(e.memory_kind, e.memory_id) for e in events if e.transition == Transition.FORGOTTEN}
    assert (MemoryKind.EPISODE, ids["b"]) in forgotten
    assert any(kind == MemoryKind.FACT for kind, _ in forgotten)
    await service.forget_user(scope)


async def test_delete_and_restore_stay_inside_the_scope_project(stack: Stack) -> None:
    service, graph = stack.service, stack.graph
    stack.extractor.release.set()
    owner = Scope("tenant-a", unique("proj"), "alpha")
    beta, whole = Scope(owner.tenant_id, owner.user_id, "beta"), Scope(owner.tenant_id, owner.user_id)
    written = await service.add_episodes(owner, [EpisodeDraft("p1", "alpha plan", START, "s1", "user")])
    episode_id = written[0].id
    repo = MaintenanceRepository(graph)
    audit = Audit(Transition.ARCHIVED, "test", "test", "", START)
    assert await repo.archive_episodes(owner.group_id, [episode_id], None, audit) == [episode_id]
    for other in (beta, whole):
        with pytest.raises(NotFound):
            await service.restore_memory(other, episode_id)
        with pytest.raises(NotFound):
            await service.delete_episode(other, episode_id)
    assert await service.restore_memory(owner, episode_id) == MemoryKind.EPISODE
    await service.delete_episode(owner, episode_id)
    with pytest.raises(NotFound):
        await service.get_episode(owner, episode_id)
    await service.forget_user(owner)


async def chain(graph: Neo4jGraph, group_id: str) -> tuple[set[tuple[str, str]], list[str]]:
    """The NEXT links of a user, and the walk from the chain's head."""
    rows = await graph.run(
        "MATCH (a:Episodic {group_id: $g})-[:NEXT]->(b:Episodic) RETURN a.name AS a, b.name AS b", g=group_id
    )
    links = {(r["a"], r["b"]) for r in rows}
    following = dict(links)
    heads = set(following) - set(following.values())
    walk: list[str] = []
    at = next(iter(heads), None)
    while at is not None and len(walk) <= len(links) + 1:
        walk.append(at)
        at = following.get(at)
    return links, walk


async def test_a_backdated_episode_changes_only_the_links_around_its_place(stack: Stack) -> None:
    service, graph = stack.service, stack.graph
    stack.extractor.release.set()
    scope = Scope("tenant-a", unique("chain"))
    at = {f"e{i:02d}": START + timedelta(minutes=i) for i in range(40)}
    await service.add_episodes(scope, [EpisodeDraft(k, f"note {k}", t, "s1", "user") for k, t in at.items()])
    before, walk = await chain(graph, scope.group_id)
    assert walk == sorted(at) and len(before) == 39

    await service.add_episodes(scope, [EpisodeDraft("late", "a backdated note", at["e10"] + timedelta(seconds=30))])
    after, walk = await chain(graph, scope.group_id)
    assert before - after == {("e10", "e11")}
    assert after - before == {("e10", "late"), ("late", "e11")}
    assert walk == [*sorted(at)[:11], "late", *sorted(at)[11:]]

    # a batch mixing a new head, backdated and newest episodes keeps one ordered chain
    mixed = [
        EpisodeDraft("first", "the earliest", START - timedelta(days=1)),
        EpisodeDraft("mid", "in the middle", at["e20"] + timedelta(seconds=1)),
        EpisodeDraft("tie", "same instant as e30", at["e30"]),
        EpisodeDraft("last", "the newest", START + timedelta(days=1)),
    ]
    await service.add_episodes(scope, mixed)
    after, walk = await chain(graph, scope.group_id)
    rows = await graph.run(
        "MATCH (e:Episodic {group_id: $g}) RETURN e.name AS k ORDER BY e.valid_at, e.seq", g=scope.group_id
    )
    assert walk == [r["k"] for r in rows] and len(after) == len(rows) - 1
    await service.forget_user(scope)
