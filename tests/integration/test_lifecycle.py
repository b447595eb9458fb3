"""Memory lifecycle against the real Neo4j with a manual clock: a simulated 400-day run of one user ends with
exactly the archived, purged and kept items the policy implies (computed here independently from the hit
schedule), FAISS and Neo4j agree item for item, the audit trail accounts for every transition, every dry run
reports exactly what the real run then does, restore brings memories back, two runners started together
apply each transition once, and distillation and dedup keep their links and provenance."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from graphmem.clock import ManualClock
from graphmem.config import Settings
from graphmem.embedding.protocol import Embedder
from graphmem.errors import NotFound
from graphmem.extraction.facts import CandidateFact, FactKind, Predicate
from graphmem.index.faiss_index import FaissIndex
from graphmem.lifecycle.audit import AuditTrail
from graphmem.lifecycle.hits import HitRecorder
from graphmem.lifecycle.runner import STEPS, MaintenanceReport, MaintenanceRunner
from graphmem.model import AuditEvent, EpisodeDraft, FactScopeFilter, FactStatus, MemoryKind, Scope, Transition
from graphmem.policy import Policy, load_policy
from graphmem.service import MemoryService, embedder_from_settings
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.episodes import EpisodeRepository
from graphmem.storage.neo4j.maintenance import MaintenanceRepository
from tests.conftest import make_settings, unique

START = datetime(2025, 1, 1, tzinfo=UTC)
DAY = timedelta(days=1)


@dataclass
class Stack:
    """A service wired by hand so the test holds its clock, its FAISS index and a runner."""

    service: MemoryService
    index: FaissIndex
    clock: ManualClock
    runner: MaintenanceRunner
    hits: HitRecorder
    audit: AuditTrail
    repo: MaintenanceRepository


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Embedder]:
    yield embedder_from_settings(make_settings(tmp_path_factory.mktemp("emb")))


def build(settings: Settings, embedder: Embedder, policy: Policy, clock: ManualClock) -> Stack:
    graph = Neo4jGraph(settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, "neo4j")
    index = FaissIndex(settings.data_dir / "vectors", embedder.dim)
    service = MemoryService(graph, index, embedder, policy, "test", clock)
    runner = MaintenanceRunner(graph, service.episodic, policy, clock, embedder)
    return Stack(service, index, clock, runner, HitRecorder(graph), AuditTrail(graph), MaintenanceRepository(graph))


@pytest_asyncio.fixture
async def stacks(require_neo4j: str, tmp_path: Path, embedder: Embedder) -> AsyncIterator[list[Stack]]:
    policy, _ = load_policy(None)
    clock = ManualClock(START)
    built = [build(make_settings(tmp_path / f"r{i}"), embedder, policy, clock) for i in range(2)]
    await built[0].service.migrate()
    yield built
    for stack in built:
        await stack.service.close()


def tool_fact(i: int) -> CandidateFact:
    return CandidateFact(
        subject="user",
        predicate=Predicate.USES_TOOL,
        value=f"tool{i}",
        polarity=True,
        kind=FactKind.ATTRIBUTE,
        fact=f"user uses tool{i}",
        evidence=f"I use tool{i}",
        confidence=0.9,
        explicit=True,
        language="en",
    )


def taste(value: str) -> CandidateFact:
    return CandidateFact(
        subject="user",
        predicate=Predicate.DISLIKES,
        value=value,
        polarity=True,
        kind=FactKind.PREFERENCE,
        fact=f"user dislikes {value}",
        evidence=f"I hate {value}",
        confidence=0.9,
        explicit=True,
        language="zh" if not value.isascii() else "en",
    )


async def all_events(audit: AuditTrail, group_id: str) -> list[AuditEvent]:
    events: list[AuditEvent] = []
    token = ""
    while True:
        page = await audit.page(group_id, "", token, 1000)
        events += page.items
        token = page.next_token
        if not token:
            return events


def changed(report: MaintenanceReport) -> dict[str, tuple[set[str], set[str], set[str]]]:
    return {
        step: (
            {i for u in report.users for i in u.step(step).episodes},
            {i for u in report.users for i in u.step(step).facts},
            {i for u in report.users for i in u.step(step).entities},
        )
        for step in STEPS
    }


@dataclass
class Item:
    """The test's own model of one memory: when it was last used, archived, purged."""

    id: str
    last_use: datetime
    status: str = "active"
    archived_at: datetime | None = None


def model_step(items: dict[str, Item], now: datetime) -> tuple[set[str], set[str]]:
    """The policy by hand: archive after 30 days unused, purge 365 days after archiving."""
    archived = {i.id for i in items.values() if i.status == "active" and now - i.last_use >= timedelta(days=30)}
    purged = {
        i.id
        for i in items.values()
        if i.status == "archived" and i.archived_at is not None and now - i.archived_at >= timedelta(days=365)
    }
    for key in archived:
        items[key].status, items[key].archived_at = "archived", now
    for key in purged:
        items[key].status = "purged"
    return archived, purged


async def test_a_400_day_run_ends_with_exactly_what_the_policy_says(stacks: list[Stack]) -> None:
    stack = stacks[0]
    service, clock = stack.service, stack.clock
    scope = Scope("tenant-a", unique("year"))
    group_id = scope.group_id
    episodes: dict[str, Item] = {}
    created_step: dict[str, int] = {}
    ep_no: dict[str, int] = {}
    facts: dict[str, Item] = {}
    fact_no: dict[str, int] = {}
    expected = Counter[tuple[str, str]]()
    total = 0
    step_days = [7 * k for k in range(58)] + [400]
    for step, day in enumerate(step_days):
        clock.set(START + day * DAY)
        now = clock.now()
        # ~52 episodes a week, 3,000 over the run
        count = 3000 // len(step_days) + (1 if step < 3000 % len(step_days) else 0)
        drafts = [
            EpisodeDraft(
                key=f"ep-{total + j}",
                text=f"day {day}: note {total + j} about topic {(total + j) % 37}",
                occurred_at=now - timedelta(minutes=count - j),
                session_id=f"s{day}",
                speaker="user",
                importance=0.3,
            )
            for j in range(count)
        ]
        total += count
        for j, write in enumerate(await service.add_episodes(scope, drafts)):
            episodes[write.id] = Item(write.id, now)
            created_step[write.id] = step
            ep_no[write.id] = total - count + j
        if step < 20:  # two facts a week for 20 weeks
            for i in (2 * step, 2 * step + 1):
                fact = await service.semantic.assert_fact(
                    scope, tool_fact(i), episode_id="", session_id=f"s{day}", occurred_at=now, importance=0.6
                )
                assert fact.status == FactStatus.ACTIVE
                facts[fact.id] = Item(fact.id, now)
                fact_no[fact.id] = i
        # the hit schedule: every 5th episode is used at each step for 10 weeks after it was written, every
        # 7th once 3 weeks after; facts 3k always, facts 3k+2 for 8 weeks after being stated, facts 3k+1 never
        hit_episodes = [
            e
            for e in episodes.values()
            if e.status == "active"
            and (
                (ep_no[e.id] % 5 == 0 and 0 < step - created_step[e.id] <= 10)
                or (ep_no[e.id] % 7 == 0 and step - created_step[e.id] == 3)
            )
        ]
        hit_facts = [
            f
            for f in facts.values()
            if f.status == "active"
            and (
                fact_no[f.id] % 3 == 0 or (fact_no[f.id] % 3 == 2 and now - START <= (fact_no[f.id] // 2 + 8) * 7 * DAY)
            )
        ]
        stack.hits.record(group_id, MemoryKind.EPISODE, [e.id for e in hit_episodes], now)
        stack.hits.record(group_id, MemoryKind.EPISODE, [e.id for e in hit_episodes[:3]], now)  # counted twice
        stack.hits.record(group_id, MemoryKind.FACT, [f.id for f in hit_facts], now)
        await stack.hits.flush()
        assert stack.hits.pending == 0
        for item in [*hit_episodes, *hit_facts]:
            item.last_use = now

        want_ep = model_step(episodes, now)
        want_fact = model_step(facts, now)
        dry = await stack.runner.run(dry_run=True, group_ids=[group_id])
        real = await stack.runner.run(dry_run=False, group_ids=[group_id])
        assert changed(dry) == changed(real), f"day {day}: the dry run differs from the real run"
        got = changed(real)
        assert got["archive"][0] == want_ep[0], f"day {day}"
        assert got["purge"][0] == want_ep[1], f"day {day}"
        assert got["archive"][1] == want_fact[0], f"day {day}"
        assert got["purge"][1] == want_fact[1], f"day {day}"
        assert not any(got["dedup"]) and not any(got["distil"])
        for kind, (archived, purged) in (("episode", want_ep), ("fact", want_fact)):
            expected[(kind, "archived")] += len(archived)
            expected[(kind, "purged")] += len(purged)

    # Neo4j holds exactly the model's active and archived items; purged ones are gone
    stored_eps = {e.id: e.status for e in await stack.repo.episodes(group_id)}
    assert stored_eps == {e.id: e.status for e in episodes.values() if e.status != "purged"}
    stored_facts = {f.id: f.status.value for f in await stack.repo.facts(group_id)}
    assert stored_facts == {f.id: f.status for f in facts.values() if f.status != "purged"}
    for status in ("active", "archived", "purged"):
        assert any(e.status == status for e in episodes.values()), status
        assert any(f.status == status for f in facts.values()), status

    # FAISS agrees with Neo4j item for item, and the active count is the contract's
    episode_repo = EpisodeRepository(service.graph)
    truth = await episode_repo.all_seqs(group_id)
    assert await stack.index.ids(group_id) == truth
    state = await episode_repo.state(group_id)
    assert state.count == len(truth) == sum(e.status == "active" for e in episodes.values())

    # purging closed the NEXT chain around every deleted episode: one path through all that remain
    chain = await service.graph.run(
        "MATCH (e:Episodic {group_id: $g}) OPTIONAL MATCH (e)-[n:NEXT]->() "
        "WITH e, count(n) AS out RETURN count(e) AS nodes, sum(out) AS links, max(out) AS most",
        g=group_id,
    )
    assert chain[0]["links"] == chain[0]["nodes"] - 1 and chain[0]["most"] == 1

    # the audit trail accounts for every transition, once each
    events = await all_events(stack.audit, group_id)
    counted = Counter((e.memory_kind.value, e.transition.value) for e in events if e.rule.startswith("lifecycle."))
    assert counted == +expected
    assert Counter((e.memory_kind.value, e.transition.value) for e in events)[("fact", "promoted")] == len(facts)
    per_memory = Counter((e.memory_id, e.transition) for e in events)
    assert max(per_memory.values()) == 1
    assert all(e.rule == "lifecycle.archive_after_days" for e in events if e.transition == Transition.ARCHIVED)
    purged_fact = next(f.id for f in facts.values() if f.status == "purged")
    history = (await stack.audit.page(group_id, purged_fact, "", 10)).items
    assert [e.transition for e in history] == [Transition.PURGED, Transition.ARCHIVED, Transition.PROMOTED]

    # restore: an archived fact is back in default reads, an archived episode back in FAISS
    archived_fact = next(f.id for f in facts.values() if f.status == "archived")
    assert archived_fact not in {f.id for f in await service.list_facts(scope, None, FactScopeFilter.BOTH)}
    assert await stack.runner.restore(scope, archived_fact) == MemoryKind.FACT
    assert archived_fact in {f.id for f in await service.list_facts(scope, None, FactScopeFilter.BOTH)}
    archived_episode = next(e.id for e in episodes.values() if e.status == "archived")
    assert await stack.runner.restore(group_id, archived_episode) == MemoryKind.EPISODE
    assert await stack.index.ids(group_id) == await episode_repo.all_seqs(group_id)
    assert (await stack.audit.page(group_id, archived_episode, "", 1)).items[0].transition == Transition.RESTORED
    with pytest.raises(NotFound):
        await stack.runner.restore(scope, archived_episode)  # active now
    # restored memories count as used now: the next run leaves them alone
    again = await stack.runner.run(dry_run=True, group_ids=[group_id])
    assert archived_episode not in changed(again)["archive"][0] and archived_fact not in changed(again)["archive"][1]
    await service.forget_user(scope)


async def test_two_runners_started_together_apply_each_transition_once(stacks: list[Stack]) -> None:
    scope = Scope("tenant-a", unique("pair"))
    first, second = stacks
    first.clock.set(START)
    drafts = [
        EpisodeDraft(f"k{i}", f"pair note {i}", START - timedelta(minutes=i), f"s{i % 4}", "user", importance=0.3)
        for i in range(300)
    ]
    await first.service.add_episodes(scope, drafts)
    first.clock.set(START + 40 * DAY)
    reports = await asyncio.gather(
        first.runner.run(dry_run=False, group_ids=[scope.group_id]),
        second.runner.run(dry_run=False, group_ids=[scope.group_id]),
    )
    assert sum(r.count("archive") for r in reports) == 300
    events = [e for r in reports for e in await first.audit.of_run(r.run_id)]
    assert len(events) == 300 and len({e.memory_id for e in events}) == 300
    for stack in stacks:
        await stack.service.episodic.sync_partition(scope.group_id)
        assert await stack.index.ids(scope.group_id) == set()
    assert (await EpisodeRepository(first.service.graph).state(scope.group_id)).count == 0
    await first.service.forget_user(scope)


async def test_dedup_merges_variants_and_keeps_provenance(stacks: list[Stack]) -> None:
    stack = stacks[0]
    scope = Scope("tenant-a", unique("dedup"))
    stack.clock.set(START)
    ids = {}
    for i, value in enumerate(["香菜", "cilantro", "coffee", "Ｃｏｆｆｅｅ", "durian"]):
        stack.clock.advance(timedelta(hours=1))
        fact = await stack.service.semantic.assert_fact(
            scope, taste(value), episode_id="", session_id=f"s{i}", occurred_at=stack.clock.now(), importance=0.7
        )
        ids[value] = fact.id
    report = await stack.runner.run(dry_run=False, group_ids=[scope.group_id])
    merged = changed(report)["dedup"][1]
    assert merged == {ids["cilantro"], ids["Ｃｏｆｆｅｅ"]}
    current = {f.value: f for f in await stack.service.list_facts(scope, None, FactScopeFilter.BOTH)}
    assert set(current) == {"香菜", "coffee", "durian"}
    assert set(current["香菜"].session_ids) == {"s0", "s1"}
    history = await stack.service.fact_history(scope, "user|taste|cilantro")
    assert history[0].status == FactStatus.EXPIRED and history[0].status_reason == "merged"
    event = (await stack.audit.page(scope.group_id, ids["cilantro"], "", 1)).items[0]
    assert event.transition == Transition.MERGED and event.details["into"] == ids["香菜"]
    await stack.service.forget_user(scope)


async def test_distillation_brings_a_scope_within_budget_and_links_what_it_replaced(
    require_neo4j: str, tmp_path: Path, embedder: Embedder
) -> None:
    base, _ = load_policy(None)
    lifecycle = base.lifecycle.model_copy(update={"budget": base.lifecycle.budget.model_copy(update={"user": 100})})
    policy = base.model_copy(update={"lifecycle": lifecycle})
    stack = build(make_settings(tmp_path), embedder, policy, ManualClock(START))
    scope = Scope("tenant-a", unique("distil"))
    try:
        drafts = [
            EpisodeDraft(
                f"d{i}",
                f"We decided to ship release {i} on Friday" if i % 3 else f"ok {i}",
                START + timedelta(minutes=i),
                f"s{i // 50}",
                "user",
                importance=0.9 if i % 10 == 0 else 0.3,
            )
            for i in range(250)
        ]
        await stack.service.add_episodes(scope, drafts)
        dry = await stack.runner.run(dry_run=True, group_ids=[scope.group_id])
        report = await stack.runner.run(dry_run=False, group_ids=[scope.group_id])
        distil = report.users[0].step("distil")
        assert set(distil.episodes) == set(dry.users[0].step("distil").episodes)
        state = await EpisodeRepository(stack.service.graph).state(scope.group_id)
        assert state.count <= 100
        assert state.count == 250 - len(distil.episodes) + len(distil.summaries)
        assert await stack.index.ids(scope.group_id) == await EpisodeRepository(stack.service.graph).all_seqs(
            scope.group_id
        )
        stats = {e.id: e for e in await stack.repo.episodes(scope.group_id)}
        assert all(stats[i].importance < 0.8 and stats[i].status == "archived" for i in distil.episodes)
        rows = await stack.service.graph.run(
            "MATCH (e:Episodic {group_id: $g})-[:DISTILLED_INTO]->(s:Episodic) RETURN count(e) AS n, "
            "count(DISTINCT s) AS s, collect(DISTINCT s.event_type) AS types",
            g=scope.group_id,
        )
        assert rows[0]["n"] == len(distil.episodes) and rows[0]["s"] == len(distil.summaries)
        assert rows[0]["types"] == ["summary"]
    finally:
        await stack.service.forget_user(scope)
        await stack.service.close()


async def test_audit_events_past_the_retention_rule_are_deleted_by_the_purge_step(
    require_neo4j: str, tmp_path: Path, embedder: Embedder
) -> None:
    base, _ = load_policy(None)
    policy = base.model_copy(update={"lifecycle": base.lifecycle.model_copy(update={"audit_retention_days": 20})})
    clock = ManualClock(START)
    stack = build(make_settings(tmp_path), embedder, policy, clock)
    scope = Scope("tenant-a", unique("retention"))
    group_id = scope.group_id
    try:
        old = [EpisodeDraft(f"o{i}", f"old note {i}", START, "s1", "user", importance=0.3) for i in range(5)]
        await stack.service.add_episodes(scope, old)
        clock.set(START + 40 * DAY)  # the five are archived now: five events at day 40
        assert (await stack.runner.run(dry_run=False, group_ids=[group_id])).count("archive") == 5
        fresh = [EpisodeDraft(f"n{i}", f"new note {i}", clock.now(), "s2", "user", importance=0.3) for i in range(3)]
        await stack.service.add_episodes(scope, fresh)
        clock.set(START + 75 * DAY)  # the three are archived at day 75; the day-40 events are 35 days old
        dry = await stack.runner.run(dry_run=True, group_ids=[group_id])
        real = await stack.runner.run(dry_run=False, group_ids=[group_id])
        assert dry.users[0].step("purge").audit_events == real.users[0].step("purge").audit_events == 5
        events = await all_events(stack.audit, group_id)
        assert len(events) == 3 and all(e.at == clock.now() for e in events)
        # within the rule nothing more goes, and a second run deletes nothing
        again = await stack.runner.run(dry_run=False, group_ids=[group_id])
        assert again.users[0].step("purge").audit_events == 0
        assert len(await all_events(stack.audit, group_id)) == 3
    finally:
        await stack.service.forget_user(scope)
        await stack.service.close()
