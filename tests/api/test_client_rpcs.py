"""Every one of the 27 RPCs through both typed clients (MemoryClient in a worker thread, AsyncMemoryClient on the
loop) against the real gRPC server and Neo4j, with assertions on the mapped domain objects. The server's clock
is frozen and moved by the test so that archiving and restoring happen for real."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import pytest_asyncio

from graphmem import calls
from graphmem.client import (
    AsyncMemoryClient,
    ClientScope,
    MemoryClient,
    Message,
    NewEpisode,
    NewSkill,
    NotFoundError,
)
from graphmem.clock import ManualClock
from graphmem.model import (
    AssembledContext,
    Episode,
    Fact,
    FactStatus,
    Layer,
    MaintenanceRun,
    MemoryKind,
    Page,
    SessionState,
    Skill,
    Transition,
)
from tests.conftest import DEV_KEY, Api, close_api, make_settings, open_api, unique

START = datetime(2026, 2, 2, 9, tzinfo=UTC)
TIMEOUT = 120.0  # the shared CI machine can be slow; the point here is the mapping, not latency
REPORT = NewSkill(
    name="weekly_report",
    description="Compile the weekly status report from the tracker and email it to the team lead",
    triggers=("weekly report", "发周报"),
    parameters_schema='{"type": "object", "properties": {"week": {"type": "string"}}}',
    entry_point="reports:weekly",
)
DEPLOY = NewSkill(
    name="deploy_service",
    description="Build the container image and roll it out to production with a canary step",
    triggers=("deploy", "上线"),
    entry_point="ops:deploy",
)


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Driver:
    """Calls a client method by name, whichever flavour the client is, and records which methods ran."""

    def __init__(self, client: MemoryClient | AsyncMemoryClient) -> None:
        self.client = client
        self.called: set[str] = set()

    async def __call__(self, name: str, *args: Any, **kwargs: Any) -> Any:
        self.called.add(name)
        method = getattr(self.client, name)
        if isinstance(self.client, MemoryClient):
            return await asyncio.to_thread(method, *args, **kwargs)
        return await method(*args, **kwargs)


@pytest_asyncio.fixture(scope="module")
async def clocked(require_neo4j: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Api]:
    """A server of its own whose clock stands still until the test moves it."""
    api = await open_api(make_settings(tmp_path_factory.mktemp("clocked"), clock=START.isoformat()))
    yield api
    await close_api(api)


@pytest_asyncio.fixture(params=["sync", "async"])
async def driver(request: pytest.FixtureRequest, clocked: Api) -> AsyncIterator[Driver]:
    target = f"127.0.0.1:{clocked.running.port}"
    if request.param == "sync":
        sync = MemoryClient(target, DEV_KEY, timeout=TIMEOUT)
        yield Driver(sync)
        sync.close()
    else:
        async with AsyncMemoryClient(target, DEV_KEY, timeout=TIMEOUT) as aio:
            yield Driver(aio)


async def settled(call: Driver, scope: ClientScope, episode_id: str) -> Episode:
    for _ in range(600):
        episode: Episode = await call("get_episode", scope, episode_id)
        if episode.extraction_status in ("done", "skipped"):
            return episode
        await asyncio.sleep(0.1)
    raise AssertionError(f"extraction of {episode_id} did not finish")


def test_the_clients_declare_every_rpc_of_the_service() -> None:
    from graphmem.v1 import memory_service_pb2 as pb

    service = pb.DESCRIPTOR.services_by_name["MemoryService"]
    assert sorted(c.name for c in calls.ALL) == sorted(m.name for m in service.methods)
    assert len(calls.ALL) == 27
    for client in (MemoryClient, AsyncMemoryClient):
        assert all(callable(getattr(client, snake(c.name), None)) for c in calls.ALL), client


async def test_all_27_rpcs_map_to_domain_objects(driver: Driver, clocked: Api) -> None:
    clock = clocked.running.service.clock
    assert isinstance(clock, ManualClock)
    call = driver
    t0 = clock.now()  # the other flavour may have moved the clock already
    user = unique("rpcs")
    scope = ClientScope(user_id=user, agent_id="agent-7")
    assert await call("health")

    # --- episodic: AddEpisodes, GetEpisode, ListEpisodes, Search, GetPolicy --------------------------------
    written = await call(
        "add_episodes",
        scope,
        [
            NewEpisode("pref", "记住：我喜欢简洁的回复", session_id="s1", speaker="user"),
            NewEpisode("city", "I live in Berlin", session_id="s1", speaker="user"),
            NewEpisode("dogs", "I like dogs", session_id="s1", speaker="user"),
            NewEpisode(
                "key",
                "the spare key is under the blue flowerpot",
                occurred_at=t0 - timedelta(days=1),
                session_id="s2",
                speaker="user",
                importance=0.5,
                metadata={"room": "porch"},
            ),
        ],
    )
    assert [(w.key, w.created) for w in written] == [("pref", True), ("city", True), ("dogs", True), ("key", True)]
    ids = {w.key: w.id for w in written}
    for episode_id in ids.values():
        await settled(call, scope, episode_id)
    spare: Episode = await call("get_episode", scope, ids["key"])
    assert (spare.text, spare.metadata, spare.importance, spare.importance_source) == (
        "the spare key is under the blue flowerpot",
        {"room": "porch"},
        0.5,
        "caller",
    )
    assert (spare.user_id, spare.agent_id, spare.occurred_at) == (user, "agent-7", t0 - timedelta(days=1))
    page = await call("list_episodes", scope, page_size=3)
    assert [e.key for e in page.items] == ["key", "pref", "city"] and page.next_token
    rest = await call("list_episodes", scope, page_size=3, page_token=page.next_token)
    assert [e.key for e in rest.items] == ["dogs"] and rest.next_token == ""

    found = await call("search", scope, "where is the spare key?", top_k=3, layers=[Layer.EPISODIC])
    top = found.hits[0]
    assert (top.id, top.layer, top.session_id, top.metadata) == (ids["key"], Layer.EPISODIC, "s2", {"room": "porch"})
    assert top.occurred_at == t0 - timedelta(days=1) and top.occurred_at.tzinfo == UTC
    b = top.breakdown
    assert top.score == pytest.approx(sum(w * getattr(b, k) for k, w in b.weights.items()), abs=1e-4)
    assert found.route.layers == (Layer.EPISODIC,) and found.route.reason

    policy = await call("get_policy")
    assert "archive_after_days" in policy.policy_yaml and policy.source

    # --- semantic: ListFacts, ListCandidates, ConfirmFact, RejectFact, CorrectFact, GetFactHistory --------
    current: tuple[Fact, ...] = (await call("list_facts", scope)).items
    style = next(f for f in current if f.key == "user|prefers_reply_style")
    assert (style.value, style.status, style.status_reason) == ("short replies", FactStatus.ACTIVE, "explicit")
    assert style.evidence == "记住：我喜欢简洁的回复" and style.episode_ids == (ids["pref"],)
    assert style.valid_at == t0 and style.invalid_at is None
    waiting = {c.key: c for c in (await call("list_candidates", scope)).items}
    assert set(waiting) == {"user|location", "user|taste|dog"}
    first: Page[Fact] = await call("list_candidates", scope, page_size=1)
    rest: Page[Fact] = await call("list_candidates", scope, page_size=1, page_token=first.next_token)
    assert first.next_token and rest.next_token == ""  # two candidates, one per page, each once
    assert {c.key for c in first.items + rest.items} == set(waiting)
    assert all(c.status == FactStatus.CANDIDATE for c in waiting.values())
    confirmed: Fact = await call("confirm_fact", scope, waiting["user|location"].id)
    assert (confirmed.status, confirmed.status_reason) == (FactStatus.ACTIVE, "reviewer")
    rejected: Fact = await call("reject_fact", scope, waiting["user|taste|dog"].id, "said in jest")
    assert (rejected.status, rejected.status_reason) == (FactStatus.REJECTED, "said in jest")

    before_correction = clock.now() + timedelta(minutes=1)
    clock.advance(timedelta(minutes=5))
    fixed_scope = ClientScope(user_id=user, session_id="s9")
    new, replaced = await call(
        "correct_fact", fixed_scope, style.id, "detailed replies", "No, I meant detailed replies"
    )
    assert (new.value, new.status, new.status_reason) == ("detailed replies", FactStatus.ACTIVE, "correction")
    assert (replaced.id, replaced.status, replaced.invalid_at) == (style.id, FactStatus.EXPIRED, new.valid_at)
    history: tuple[Fact, ...] = (await call("get_fact_history", scope, "user|prefers_reply_style")).items
    assert {(f.value, f.status) for f in history} == {
        ("short replies", FactStatus.EXPIRED),
        ("detailed replies", FactStatus.ACTIVE),
    }
    then = {f.key: f.value for f in (await call("list_facts", scope, as_of=before_correction)).items}
    assert then["user|prefers_reply_style"] == "short replies"
    now = {f.key: f.value for f in (await call("list_facts", scope)).items}
    assert now["user|prefers_reply_style"] == "detailed replies" and "user|location" in now

    # --- procedural: RegisterSkill, UpdateSkill, GetSkill, ListSkills, MatchSkills, RecordSkillOutcome -----
    v1: Skill = await call("register_skill", scope, REPORT)
    assert (v1.name, v1.version, v1.triggers, v1.entry_point, v1.is_latest) == (
        "weekly_report",
        1,
        ("weekly report", "发周报"),
        "reports:weekly",
        True,
    )
    assert v1.id and v1.created_at.tzinfo == UTC and v1.last_used_at is None
    await call("register_skill", scope, DEPLOY)
    v2: Skill = await call(
        "update_skill", scope, NewSkill(name="weekly_report", description=REPORT.description + " as a PDF")
    )
    assert v2.version == 2 and v2.triggers == REPORT.triggers
    old: Skill = await call("get_skill", scope, "weekly_report", 1)
    assert old.description == REPORT.description and not old.is_latest
    listed: tuple[Skill, ...] = await call("list_skills", scope)
    assert [(s.name, s.version) for s in listed] == [("deploy_service", 1), ("weekly_report", 2)]
    matches = await call("match_skills", scope, "push the new build to prod", 2)
    assert matches[0].skill.name == "deploy_service" and matches[0].score > 0
    assert matches[0].score >= matches[-1].score
    used: Skill = await call("record_skill_outcome", scope, "deploy_service", True, episode_id=ids["key"])
    assert (used.successes, used.failures, used.last_used_at) == (1, 0, clock.now())
    for _ in range(2):  # a caller's repeated report with the same outcome id counts once
        used = await call("record_skill_outcome", scope, "deploy_service", False, outcome_id="retry-1")
    assert (used.successes, used.failures) == (1, 1)
    used = await call("record_skill_outcome", scope, "deploy_service", False)  # no ids: a fresh id per call
    assert (used.successes, used.failures) == (1, 2)

    # --- working memory: OpenSession, AppendMessages, GetSession, GetContext, CloseSession ----------------
    session_scope = ClientScope(user_id=user, session_id="w1")
    opened: SessionState = await call(
        "open_session", session_scope, instructions=["回答要简洁"], task={"goal": "find the spare key"}
    )
    assert (opened.session_id, opened.instructions, opened.task) == (
        "w1",
        ("回答要简洁",),
        (("goal", "find the spare key"),),
    )
    appended: SessionState = await call(
        "append_messages",
        session_scope,
        [Message("user", "where did I put the spare key?"), Message("tool", "search results: none", zone="scratch")],
    )
    assert [t.text for t in appended.dialogue] == ["where did I put the spare key?"]
    assert [t.role for t in appended.scratch] == ["tool"] and appended.version > opened.version
    stored: SessionState = await call("get_session", session_scope)
    assert stored == appended
    context: AssembledContext = await call(
        "get_context", session_scope, "where is the spare key?", token_budget=400, layers=[Layer.EPISODIC]
    )
    assert context.tokens <= context.budget == 400 and context.items[0].section == "instructions"
    memories = [i for i in context.items if i.section == "memory"]
    assert memories and "flowerpot" in memories[0].text and memories[0].layer == "episodic"
    assert context.route is not None and context.route.layers == (Layer.EPISODIC,)
    closed, outcomes = await call("close_session", session_scope)
    assert closed.closed_at == clock.now() and isinstance(outcomes, tuple)

    # --- lifecycle: RunMaintenance, GetMemoryAudit, RestoreMemory -----------------------------------------
    clock.advance(timedelta(days=60))
    dry: MaintenanceRun = await call("run_maintenance", scope, dry_run=True)
    assert dry.dry_run and ids["key"] in dry.ids_of("archive")
    assert [s.step for s in dry.steps] == ["dedup", "archive", "purge", "distil"]
    real: MaintenanceRun = await call("run_maintenance", scope)
    assert not real.dry_run and real.ids_of("archive") == dry.ids_of("archive") and real.run_id != dry.run_id
    audit = await call("get_memory_audit", scope, memory_id=ids["key"])
    assert [(e.transition, e.rule, e.run_id, e.memory_kind) for e in audit.items] == [
        (Transition.ARCHIVED, "lifecycle.archive_after_days", real.run_id, MemoryKind.EPISODE)
    ]
    clock.advance(timedelta(minutes=5))
    assert await call("restore_memory", scope, ids["key"]) == MemoryKind.EPISODE
    # filtered to the episode: the closed session's words may still be extracted (and promote a fact) meanwhile
    audit = await call("get_memory_audit", scope, memory_id=ids["key"], page_size=1)
    assert [e.transition for e in audit.items] == [Transition.RESTORED] and audit.next_token
    assert audit.items[0].at == clock.now()

    # --- DeleteEpisode, ForgetUser -------------------------------------------------------------------------
    assert await call("delete_episode", scope, ids["dogs"]) is None
    with pytest.raises(NotFoundError):
        await call("get_episode", scope, ids["dogs"])
    report = await call("forget_user", scope)
    assert report.episodes_deleted == 3 and report.nodes_deleted > 0

    assert driver.called - {"health"} == {snake(c.name) for c in calls.ALL}
