"""What an episode costs in the real Neo4j: the extraction queue is a label held only while an episode is
pending (no range index with an entry for every episode), default values are not stored and still read as
before, the owner (tenant, user) is its `User` node's and not repeated on every episode, the lexical tokens live
beside the vector files (a replica without them tokenises the text again, with the same ranking), and the
one-time backfills of schema versions 9-11 bring episodes written before to the same layout."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest_asyncio

from graphmem.model import EpisodeDraft, EpisodeFilter, Layer, Scope, SearchQuery
from graphmem.service import MemoryService
from graphmem.storage.neo4j.episodes import EpisodeRepository
from graphmem.storage.neo4j.schema import LATEST_VERSION, migrate, schema_version
from tests.conftest import make_settings, unique

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

_NODE = "MATCH (e:Episodic {group_id: $g, uuid: $id}) RETURN labels(e) AS labels, properties(e) AS props"


@pytest_asyncio.fixture
async def service(require_neo4j: str, tmp_path: Path) -> AsyncIterator[MemoryService]:
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    yield service
    await service.close()


async def _node(service: MemoryService, scope: Scope, episode_id: str) -> tuple[set[str], dict[str, object]]:
    [row] = await service.graph.run(_NODE, g=scope.group_id, id=episode_id)
    return set(row["labels"]), dict(row["props"])


async def test_a_pending_episode_carries_the_queue_label_until_it_is_extracted(service: MemoryService) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    [written] = await service.add_episodes(scope, [EpisodeDraft("k1", "I live in Berlin", START, "s1", "user")])
    labels, props = await _node(service, scope, written.id)
    assert "ExtractionPending" in labels and props["extraction_status"] == "pending"
    await service.extract_pending(scope)
    labels, props = await _node(service, scope, written.id)
    assert "ExtractionPending" not in labels and props["extraction_status"] == "done"
    assert not {"extracted_at", "facts_extracted"} & props.keys()  # bookkeeping nothing reads
    assert (await service.get_episode(scope, written.id)).extraction_status == "done"


async def test_default_values_are_not_stored_and_read_back_as_before(service: MemoryService) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    [plain, tagged, scored] = await service.add_episodes(
        scope,
        [
            EpisodeDraft("k1", "see you tomorrow", START, "s1", "user"),
            EpisodeDraft("k2", "see you later", START, "s1", "user", metadata={"dia_id": "D1:2"}),
            EpisodeDraft("k3", "that's wrong, I meant Tuesday", START, "s1", "user"),
        ],
    )
    _, props = await _node(service, scope, plain.id)
    assert not {"hit_count", "metadata_json", "agent_id", "project_id", "tenant_id", "user_id", "tokens"} & props.keys()
    assert "importance_source" not in props
    assert (await _node(service, scope, scored.id))[1]["importance_source"] == "rule:correction"
    assert (await service.get_episode(scope, scored.id)).importance_source == "rule:correction"
    read = await service.get_episode(scope, plain.id)
    assert read.importance_source == "default"
    assert read.metadata == {} and (read.tenant_id, read.user_id, read.project_id) == (
        scope.tenant_id,
        scope.user_id,
        "",
    )
    assert (await service.get_episode(scope, tagged.id)).metadata == {"dia_id": "D1:2"}


async def test_the_queue_has_no_range_index_and_the_backfill_labels_older_pending_episodes(
    service: MemoryService,
) -> None:
    indexes = {r["name"] for r in await service.graph.run("SHOW INDEXES YIELD name RETURN name")}
    assert "episodic_extraction" not in indexes
    scope = Scope(unique("tenant"), unique("u"))
    [written] = await service.add_episodes(scope, [EpisodeDraft("k1", "I live in Berlin", START, "s1", "user")])
    # as written by version 8: the status only, no label
    await service.graph.run("MATCH (e:Episodic {uuid: $id}) REMOVE e:ExtractionPending", id=written.id)
    await service.graph.run("MATCH (s:GraphmemSchema {id: 'graphmem'}) SET s.version = 8")
    assert await migrate(service.graph) == LATEST_VERSION == await schema_version(service.graph)
    labels, _ = await _node(service, scope, written.id)
    assert "ExtractionPending" in labels
    await service.extract_pending(scope)
    assert (await service.get_episode(scope, written.id)).extraction_status == "done"


async def test_the_owner_comes_from_the_user_node_for_every_reader(service: MemoryService) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    in_project = Scope(scope.tenant_id, scope.user_id, project_id="p1")
    [mine] = await service.add_episodes(scope, [EpisodeDraft("k1", "I live in Berlin", START, "s1", "user")])
    [theirs] = await service.add_episodes(in_project, [EpisodeDraft("k2", "I moved to Lisbon", START, "s2", "user")])
    _, props = await _node(service, scope, theirs.id)
    assert props["project_id"] == "p1" and not {"tenant_id", "user_id"} & props.keys()
    # the extraction queue has no scope of its own: it reads the owner from the User node
    queued = {e.id: e for e in await EpisodeRepository(service.graph).pending_extraction(1000)}
    assert (queued[mine.id].tenant_id, queued[mine.id].user_id, queued[mine.id].project_id) == (
        scope.tenant_id,
        scope.user_id,
        "",
    )
    assert queued[theirs.id].project_id == "p1"
    # an empty project is the user's own: the project scope sees both, the user's own scope only its own
    seen = await service.list_episodes(in_project, EpisodeFilter(), "", 10)
    assert [e.id for e in seen.items] == [mine.id, theirs.id]
    assert [e.id for e in (await service.list_episodes(scope, EpisodeFilter(), "", 10)).items] == [mine.id]


async def test_the_backfill_of_version_10_drops_the_owner_and_empty_project_from_older_episodes(
    service: MemoryService,
) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    [written] = await service.add_episodes(scope, [EpisodeDraft("k1", "see you tomorrow", START, "s1", "user")])
    # as written by version 9: the owner and an empty project on the node
    await service.graph.run(
        "MATCH (e:Episodic {uuid: $id}) SET e.tenant_id = $t, e.user_id = $u, e.project_id = ''",
        id=written.id,
        t=scope.tenant_id,
        u=scope.user_id,
    )
    before = await service.get_episode(scope, written.id)
    await service.graph.run("MATCH (s:GraphmemSchema {id: 'graphmem'}) SET s.version = 9")
    assert await migrate(service.graph) == LATEST_VERSION == await schema_version(service.graph)
    _, props = await _node(service, scope, written.id)
    assert not {"tenant_id", "user_id", "project_id"} & props.keys()
    assert await service.get_episode(scope, written.id) == before


def _token_files(root: Path, scope: Scope) -> list[list[str]]:
    return [p.read_text(encoding="utf-8").splitlines() for p in root.rglob(f"{scope.group_id}.tokens")]


async def _lexical_top(service: MemoryService, scope: Scope, text: str) -> list[tuple[str, float]]:
    found = await service.search(SearchQuery(scope, text, 3, START, layers=(Layer.EPISODIC,)))
    return [(h.text, round(h.breakdown.lexical, 6)) for h in found.hits]


async def test_the_tokens_live_beside_the_vectors_and_a_replica_without_them_tokenises_again(
    service: MemoryService, tmp_path: Path
) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    drafts = [
        EpisodeDraft("k1", "my sister adopted a greyhound called Biscuit", START, "s1", "user"),
        EpisodeDraft("k2", "我上周五把周报发给了王经理", START, "s1", "user"),
        EpisodeDraft("k3", "we talked about the weather", START, "s2", "user"),
    ]
    await service.add_episodes(scope, drafts)
    assert [len(lines) for lines in _token_files(tmp_path, scope)] == [1 + len(drafts)]  # epoch, one per line
    before = {q: await _lexical_top(service, scope, q) for q in ("greyhound Biscuit", "王经理 周报")}
    assert before["greyhound Biscuit"][0][0] == drafts[0].text and before["王经理 周报"][0][0] == drafts[1].text

    replica = MemoryService.from_settings(make_settings(tmp_path / "replica", embedder="hash"))
    try:
        assert {q: await _lexical_top(replica, scope, q) for q in before} == before
        assert len(_token_files(tmp_path / "replica", scope)) == 1
    finally:
        await replica.close()


async def test_the_backfill_of_version_11_drops_stored_tokens_and_search_reads_the_same(
    service: MemoryService,
) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    [written] = await service.add_episodes(
        scope, [EpisodeDraft("k1", "the violin lessons moved to Thursday", START, "s1", "user")]
    )
    before = await _lexical_top(service, scope, "violin Thursday")
    # as written by version 10: the own line's tokens on the node
    await service.graph.run(
        "MATCH (e:Episodic {uuid: $id}) SET e.tokens = 'violin lesson move thursday'", id=written.id
    )
    await service.graph.run("MATCH (s:GraphmemSchema {id: 'graphmem'}) SET s.version = 10")
    assert await migrate(service.graph) == LATEST_VERSION == await schema_version(service.graph)
    _, props = await _node(service, scope, written.id)
    assert "tokens" not in props
    await service.episodic.unload(scope.group_id)
    assert await _lexical_top(service, scope, "violin Thursday") == before


async def test_the_backfill_of_version_12_drops_extraction_bookkeeping_and_the_default_source(
    service: MemoryService,
) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    [written] = await service.add_episodes(scope, [EpisodeDraft("k1", "see you tomorrow", START, "s1", "user")])
    await service.extract_pending(scope)
    before = await service.get_episode(scope, written.id)
    # as written by version 11
    await service.graph.run(
        "MATCH (e:Episodic {uuid: $id}) SET e.extracted_at = datetime(), e.facts_extracted = 0,"
        " e.importance_source = 'default'",
        id=written.id,
    )
    await service.graph.run("MATCH (s:GraphmemSchema {id: 'graphmem'}) SET s.version = 11")
    assert await migrate(service.graph) == LATEST_VERSION == await schema_version(service.graph)
    _, props = await _node(service, scope, written.id)
    assert not {"extracted_at", "facts_extracted", "importance_source"} & props.keys()
    assert await service.get_episode(scope, written.id) == before


async def test_a_key_is_stored_once_and_found_again_by_its_derived_uuid(service: MemoryService) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    drafts = [EpisodeDraft("k1", "see you tomorrow", START, "s1", "user")]
    [written] = await service.add_episodes(scope, drafts)
    _, props = await _node(service, scope, written.id)
    assert "key" not in props and props["name"] == "k1"  # graphiti-core's `name` carries the key
    assert (await service.get_episode(scope, written.id)).key == "k1"
    assert [e.key for e in (await service.list_episodes(scope, EpisodeFilter(), "", 10)).items] == ["k1"]
    # the same key again, alone and beside a new one: the stored episode, nothing created
    [again, fresh] = await service.add_episodes(
        scope, [*drafts, EpisodeDraft("k2", "see you later", START, "s1", "user")]
    )
    assert (again.id, again.created) == (written.id, False) and fresh.created and fresh.id != written.id
    [row] = await service.graph.run("MATCH (e:Episodic {group_id: $g}) RETURN count(e) AS n", g=scope.group_id)
    assert row["n"] == 2
    # the (group_id, key) constraint's index holds no entry for episodes of this layout
    [entries] = await service.graph.run(
        "MATCH (e:Episodic {group_id: $g}) WHERE e.key IS NOT NULL RETURN count(e) AS n", g=scope.group_id
    )
    assert entries["n"] == 0
    # another user's same key is another episode
    [theirs] = await service.add_episodes(Scope(scope.tenant_id, unique("u")), drafts)
    assert theirs.created and theirs.id != written.id


async def test_an_episode_of_the_earlier_layout_is_found_by_its_stored_key(service: MemoryService) -> None:
    scope = Scope(unique("tenant"), unique("u"))
    [written] = await service.add_episodes(scope, [EpisodeDraft("old", "see you tomorrow", START, "s1", "user")])
    old_id = str(uuid.uuid4())
    # as written before version 13: a random uuid and the key stored as `key`
    await service.graph.run(
        "MATCH (e:Episodic {uuid: $id}) SET e.uuid = $random, e.key = 'old', e.name = 'old'",
        id=written.id,
        random=old_id,
    )
    [again] = await service.add_episodes(scope, [EpisodeDraft("old", "see you tomorrow", START, "s1", "user")])
    assert (again.id, again.created) == (old_id, False)
    assert (await service.get_episode(scope, old_id)).key == "old"
    [row] = await service.graph.run("MATCH (e:Episodic {group_id: $g}) RETURN count(e) AS n", g=scope.group_id)
    assert row["n"] == 1
