"""The facts layer's per-process views (graphmem/memory/fact_recall.py) over the in-memory store: a view is
reused while the store's stamp holds (no re-read), rebuilt when a fact changes, and a rebuild tokenises only
the versions it has not seen."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphmem.memory.fact_recall import FactRecall
from graphmem.memory.repositories import FactUnit
from graphmem.model import Fact, FactStatus, Scope
from tests.unit.fakes import FakeFactStore

T0 = datetime(2026, 5, 1, 12, tzinfo=UTC)
SCOPE = Scope("t", "u")


class CountingStore(FakeFactStore):
    """The in-memory store, counting the full reads of the user's facts."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    async def by_status(
        self, scope: Scope, statuses: object, projects: object, with_embedding: bool = False
    ) -> list[tuple[Fact, list[float] | None]]:
        self.reads += 1
        return await super().by_status(scope, statuses, projects, with_embedding)  # type: ignore[arg-type]


def fact(i: int) -> Fact:
    at = T0 + timedelta(minutes=i)
    return Fact(
        f"id{i}", f"key{i}", "user", "likes", f"topic {i}", True, f"user likes topic {i}", "preference",
        FactStatus.ACTIVE, 0.9, f"I like topic {i}", "", 0.5, at, at,
    )  # fmt: skip


async def put(store: FakeFactStore, version: Fact) -> None:
    async def work(unit: FactUnit) -> None:
        await unit.create(version, [1.0, 0.0], "")

    await store.under_key_lock(SCOPE, "", version.key, T0, work)


async def test_a_view_is_reused_until_a_fact_changes_and_a_rebuild_tokenises_only_new_versions() -> None:
    store = CountingStore()
    recall = FactRecall(store)
    for i in range(3):
        await put(store, fact(i))
    first = await recall.view(SCOPE, [""], archived=False)
    assert [f.id for f in first.facts] == ["id0", "id1", "id2"] and store.reads == 1
    assert await recall.view(SCOPE, [""], archived=False) is first and store.reads == 1
    await put(store, fact(3))
    second = await recall.view(SCOPE, [""], archived=False)
    assert [f.id for f in second.facts] == ["id0", "id1", "id2", "id3"] and store.reads == 2
    assert all(second.tokens[i] is first.tokens[i] for i in range(3))
    assert "3" in second.tokens[3] and second.bm25.search(["3"], 4)[0][0] == 3


async def test_views_are_bounded_by_the_facts_they_hold() -> None:
    store = CountingStore()
    recall = FactRecall(store, max_facts=2)
    for i in range(2):
        await put(store, fact(i))
    await recall.view(SCOPE, [""], archived=False)
    await recall.view(SCOPE, ["", "p"], archived=False)  # a second view of 2 facts: the first is dropped
    await recall.view(SCOPE, ["", "p"], archived=False)
    assert store.reads == 2
    await recall.view(SCOPE, [""], archived=False)  # read again
    assert store.reads == 3
