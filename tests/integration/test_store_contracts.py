"""The storage contracts the memory layers rely on (`graphmem.memory.repositories`), run against both the
Neo4j repositories (over Bolt) and the in-memory fakes of the unit tests, so the fakes cannot drift from the
real stores: key-locked fact versions (order, round trip, provenance, status changes that close validity
instead of overwriting, rehearsals rolled back, reads by status, time and key) and versioned session saves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from graphmem.errors import FailedPrecondition
from graphmem.memory.repositories import FactStore, FactUnit, SessionStore
from graphmem.model import Fact, FactStatus, Scope, SessionState, StatusChange
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.facts import FactRepository, new_fact_id
from graphmem.storage.neo4j.schema import migrate
from graphmem.storage.neo4j.sessions import SessionRepository
from tests.conftest import make_settings, unique
from tests.unit.fakes import FakeFactStore, FakeSessionStore

T0 = datetime(2026, 5, 1, 9, tzinfo=UTC)
KEY = "user|prefers_reply_style"


@pytest_asyncio.fixture
async def graph(require_neo4j: str, tmp_path: Path) -> AsyncIterator[Neo4jGraph]:
    settings = make_settings(tmp_path)
    graph = Neo4jGraph(
        settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, settings.neo4j_database
    )
    await migrate(graph)
    yield graph
    await graph.close()


@pytest.fixture(params=["neo4j", "fake"])
def facts(request: pytest.FixtureRequest) -> FactStore:
    if request.param == "fake":
        return FakeFactStore()
    return FactRepository(request.getfixturevalue("graph"))


@pytest.fixture(params=["neo4j", "fake"])
def sessions(request: pytest.FixtureRequest) -> SessionStore:
    if request.param == "fake":
        return FakeSessionStore()
    return SessionRepository(request.getfixturevalue("graph"))


def version(value: str, at: datetime, status: FactStatus = FactStatus.CANDIDATE, session: str = "s1") -> Fact:
    return Fact(
        id=new_fact_id(),
        key=KEY,
        subject="user",
        predicate="prefers_reply_style",
        value=value,
        polarity=True,
        fact=f"user prefers {value}",
        kind="preference",
        status=status,
        confidence=0.8,
        evidence=f"I prefer {value}",
        project_id="",
        importance=0.5,
        valid_at=at,
        created_at=at,
        session_ids=(session,),
        explicit=True,
        language="en",
    )


async def write(store: FactStore, scope: Scope, fact: Fact, *, rehearsal: bool = False) -> None:
    async def work(unit: FactUnit) -> None:
        await unit.create(fact, [0.1, 0.2], "")

    await store.under_key_lock(scope, "", KEY, fact.created_at, work, rehearsal=rehearsal)


async def test_created_versions_read_back_in_validity_order(facts: FactStore) -> None:
    scope = Scope("tenant-a", unique("contract"))
    later, earlier = version("bullets", T0 + timedelta(days=1)), version("short replies", T0)
    await write(facts, scope, later)
    await write(facts, scope, earlier)

    async def read(unit: FactUnit) -> list[Fact]:
        return await unit.versions()

    versions = await facts.under_key_lock(scope, "", KEY, T0, read)
    assert [v.value for v in versions] == ["short replies", "bullets"]
    got = await facts.get(scope, earlier.id)
    assert got is not None
    assert (got.value, got.status, got.session_ids, got.episode_ids, got.valid_at, got.explicit) == (
        "short replies",
        FactStatus.CANDIDATE,
        ("s1",),
        (),
        T0,
        True,
    )
    assert await facts.get(Scope("tenant-a", unique("other")), earlier.id) is None  # another user sees nothing


async def test_a_status_change_closes_validity_and_keeps_the_statement(facts: FactStore) -> None:
    scope = Scope("tenant-a", unique("contract"))
    old, new = version("short replies", T0, FactStatus.ACTIVE), version("bullets", T0 + timedelta(days=2))
    await write(facts, scope, old)
    await write(facts, scope, new)
    switch = T0 + timedelta(days=2)

    async def supersede(unit: FactUnit) -> None:
        await unit.set_status(StatusChange(old.id, FactStatus.EXPIRED, "superseded", switch, switch))
        await unit.set_status(StatusChange(new.id, FactStatus.ACTIVE, "second_session"))
        await unit.add_provenance(new.id, "", "s2")
        await unit.add_provenance(new.id, "", "s2")

    await facts.under_key_lock(scope, "", KEY, switch, supersede)
    expired, active = await facts.get(scope, old.id), await facts.get(scope, new.id)
    assert expired is not None and active is not None
    assert (expired.status, expired.value, expired.invalid_at, expired.expired_at) == (
        FactStatus.EXPIRED,
        "short replies",
        switch,
        switch,
    )
    assert expired.status_reason == "superseded"
    assert active.status == FactStatus.ACTIVE and active.invalid_at is None and active.session_ids == ("s1", "s2")
    assert [f.value for f in await facts.history(scope, KEY)] == ["short replies", "bullets"]
    before = await facts.valid_at(scope, T0 + timedelta(days=1), [""])
    after = await facts.valid_at(scope, T0 + timedelta(days=3), [""])
    assert [f.value for f in before] == ["short replies"] and [f.value for f in after] == ["bullets"]
    rows = await facts.by_status(scope, [FactStatus.ACTIVE], [""], with_embedding=True)
    assert [(f.id, len(e or ())) for f, e in rows] == [(new.id, 2)]


async def test_fact_timestamps_read_back_to_the_microsecond_before_and_after_1970(facts: FactStore) -> None:
    scope = Scope("tenant-a", unique("contract"))
    moon = datetime(1969, 7, 20, 20, 17, 40, 123456, tzinfo=UTC)
    fact = replace(version("short replies", moon, FactStatus.ACTIVE), created_at=T0 + timedelta(microseconds=654321))
    await write(facts, scope, fact)
    got = await facts.get(scope, fact.id)
    (listed, _), *_ = await facts.by_status(scope, [FactStatus.ACTIVE], [""], with_embedding=True)
    for read in (got, listed, *await facts.history(scope, KEY)):
        assert read is not None
        assert (read.valid_at, read.created_at, read.invalid_at) == (moon, fact.created_at, None)


async def test_a_rehearsal_leaves_nothing(facts: FactStore) -> None:
    scope = Scope("tenant-a", unique("contract"))
    fact = version("short replies", T0)
    await write(facts, scope, fact, rehearsal=True)
    assert await facts.get(scope, fact.id) is None and await facts.history(scope, KEY) == []


async def test_a_session_saves_only_over_the_version_it_read(sessions: SessionStore) -> None:
    scope = Scope("tenant-a", unique("contract"), session_id=unique("s"))
    fresh = SessionState(
        session_id=scope.session_id,
        user_id=scope.user_id,
        project_id="",
        instructions=("answer briefly",),
        task=(("goal", "plan"),),
        dialogue=(),
        scratch=(),
        opened_at=T0,
        updated_at=T0,
        closed_at=None,
        version=1,
        summaries=0,
    )
    created, new = await sessions.create(scope, fresh)
    again, new_again = await sessions.create(scope, replace(fresh, instructions=()))
    assert new and not new_again and again.instructions == ("answer briefly",) == created.instructions
    saved = await sessions.save(scope, replace(fresh, updated_at=T0 + timedelta(minutes=1)), 1)
    assert saved.version == 2
    with pytest.raises(FailedPrecondition):
        await sessions.save(scope, fresh, 1)
    stored = await sessions.get(scope)
    assert stored is not None and stored.version == 2 and stored.updated_at == T0 + timedelta(minutes=1)
    assert await sessions.get(replace(scope, session_id="nope")) is None


async def test_embeddings_are_read_per_version_and_only_for_the_users_own_versions(facts: FactStore) -> None:
    scope, other = Scope("tenant-a", unique("contract")), Scope("tenant-b", unique("contract"))
    mine, theirs = version("bullets", T0, FactStatus.ACTIVE), version("prose", T0, FactStatus.ACTIVE)
    await write(facts, scope, mine)
    await write(facts, other, theirs)
    for _ in range(2):  # the second read may come from a cache: same answer
        got = await facts.embeddings(scope, [mine.id, theirs.id, "no-such-version"])
        assert list(got) == [mine.id]
        assert got[mine.id] is not None and got[mine.id].tolist() == pytest.approx([0.1, 0.2])
    assert list(await facts.embeddings(other, [mine.id])) == []  # another tenant's id, even once cached, is not read


async def test_a_version_written_by_another_replica_is_read_with_its_embedding(graph: Neo4jGraph) -> None:
    scope = Scope("tenant-a", unique("contract"))
    reader, writer = FactRepository(graph), FactRepository(graph)  # two processes sharing one Neo4j
    first = version("bullets", T0, FactStatus.ACTIVE)
    await write(writer, scope, first)
    assert list(await reader.embeddings(scope, [first.id])) == [first.id]
    second = replace(version("prose", T0 + timedelta(days=1), FactStatus.ACTIVE), key="pref:other")

    async def work(unit: FactUnit) -> None:
        await unit.create(second, [0.3, 0.4], "")

    await writer.under_key_lock(scope, "", second.key, second.created_at, work)
    rows = await reader.by_status(scope, [FactStatus.ACTIVE], [""])
    assert {f.id for f, _ in rows} == {first.id, second.id}
    got = await reader.embeddings(scope, [f.id for f, _ in rows])
    assert {k: v.tolist() if v is not None else None for k, v in got.items()} == {
        first.id: pytest.approx([0.1, 0.2]),
        second.id: pytest.approx([0.3, 0.4]),
    }
