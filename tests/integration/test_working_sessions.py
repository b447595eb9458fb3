"""Working-memory sessions against the real Neo4j: a 200-turn session keeps its first instruction in the
assembled context, summaries keep what evicted turns said, sessions continue on another replica and after a
restart, concurrent appends lose nothing, and closing distils durable outcomes but not small talk."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import pytest
import pytest_asyncio

from graphmem.clock import ManualClock
from graphmem.errors import FailedPrecondition, NotFound
from graphmem.memory.working import WorkingMemory
from graphmem.model import ContextItem, Layer, Route, Scope
from graphmem.policy import Policy, WorkingPolicy, load_policy
from graphmem.retrieval.context import assemble
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.schema import migrate
from graphmem.storage.neo4j.sessions import SessionRepository
from graphmem.tokens import count_tokens
from tests.conftest import make_settings, unique

T0 = datetime(2026, 5, 1, 9, tzinfo=UTC)
POLICY, _ = load_policy(None)


class Replica(Protocol):
    """Builds a WorkingMemory with its own driver (another process, or the same one after a restart)."""

    async def __call__(self, policy: Policy = POLICY) -> WorkingMemory: ...


@pytest_asyncio.fixture
async def replica(require_neo4j: str, tmp_path: Path) -> AsyncIterator[Replica]:
    """Builds a fresh WorkingMemory with its own driver, as another process would (all closed at the end)."""
    settings = make_settings(tmp_path)
    graphs: list[Neo4jGraph] = []

    async def build(policy: Policy = POLICY) -> WorkingMemory:
        graph = Neo4jGraph(
            settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, settings.neo4j_database
        )
        if not graphs:
            await migrate(graph)
        graphs.append(graph)
        return WorkingMemory(SessionRepository(graph), policy, ManualClock(T0))

    yield build
    for graph in graphs:
        await graph.close()


def scope() -> Scope:
    return Scope("tenant-a", unique("wm"), session_id=unique("s"))


FILLER = ["好的，我们接着看下一部分吧。", "嗯，继续。", "这部分看起来没问题。", "明白了，你接着说。", "哈哈，有意思。"]


async def test_a_200_turn_session_still_carries_its_first_instruction_within_budget(replica: Replica) -> None:
    wm = await replica()
    s = scope()
    await wm.open(s, [], {"goal": "整理第三季度的发布计划"})
    await wm.append(s, [("user", "全程用中文回复")])
    for i in range(2, 201):
        role = "user" if i % 2 else "assistant"
        if i == 7:
            text = "我们决定用 PostgreSQL 存订单，预算定为 35 万元，负责人是张伟。"
        elif i == 31:
            text = "上线日期定在 6 月 18 日，灰度比例 5%。"
        elif i % 5 == 0:
            text = f"第 {i} 项：核对 {i * 3} 条订单记录。"
        elif i % 17 == 0:
            await wm.append(s, [("tool", f'{{"rows": {i}}}')])
            text = FILLER[i % len(FILLER)]
        else:
            text = FILLER[i % len(FILLER)]
        state = await wm.append(s, [(role, text)])

    assert len(state.dialogue) <= POLICY.working.max_turns
    assert state.summaries >= 4
    assert "全程用中文回复" in state.instructions  # pinned when its turn was evicted
    summaries = "\n".join(v for k, v in state.task if k.startswith("summary:"))
    for kept in ("35", "张伟", "PostgreSQL", "6 月 18 日"):
        assert kept in summaries
    assert sum(1 for k, _ in state.task if k.startswith("summary:")) <= POLICY.working.max_summaries
    assert ("goal", "整理第三季度的发布计划") in state.task

    memories = [
        ContextItem(
            "memory", f"上次讨论过第 {i} 版方案", count_tokens(f"上次讨论过第 {i} 版方案"), "episodic", 1 / i, ""
        )
        for i in range(1, 30)
    ]
    route = Route((Layer.EPISODIC, Layer.SEMANTIC), "default", "default")
    for budget in (40, 300, 1500, 8000):
        ctx = assemble(state, memories, budget, route)
        assert ctx.tokens <= budget
        assert ctx.items[0].section == "instructions" and "全程用中文回复" in ctx.items[0].text
        if budget >= 1500:
            assert ctx.items[-1].text == state.dialogue[-1].text  # the latest turn comes last
            assert ctx.items[-1].section == "dialogue" and ctx.items[1].section == "task"


async def test_a_session_continues_on_another_replica_and_after_a_restart(replica: Replica) -> None:
    s = scope()
    first = await replica()
    opened = await first.open(s, ["Reply in English."], {"goal": "plan the offsite"})
    again = await first.open(s, ["something else"], {})
    assert again == opened  # open is idempotent per session id
    await first.append(s, [("user", "The offsite is in Lisbon for 12 people.")])

    second = await replica()  # another replica: its own driver and objects
    state = await second.get(s)
    assert [t.text for t in state.dialogue] == ["The offsite is in Lisbon for 12 people."]
    await second.append(s, [("assistant", "Noted: Lisbon, 12 people."), ("user", "budget=9000 EUR", "task")])

    restarted = await replica()  # everything created anew, as after a restart
    state = await restarted.get(s)
    assert state.instructions == ("Reply in English.",)
    assert state.task == (("goal", "plan the offsite"), ("budget", "9000 EUR"))
    assert [t.role for t in state.dialogue] == ["user", "assistant"]
    state = await restarted.append(s, [("user", "Book the venue.")])
    assert state.version == 4 and len(state.dialogue) == 3

    with pytest.raises(NotFound):
        await restarted.get(scope())


async def test_concurrent_appends_from_two_replicas_lose_nothing(replica: Replica) -> None:
    s = scope()
    replicas = [await replica(), await replica()]
    await replicas[0].open(s, [], {})
    texts = [f"message {i} from replica {i % 2}" for i in range(30)]
    await asyncio.gather(*(replicas[i % 2].append(s, [("user", text)]) for i, text in enumerate(texts)))
    state = await replicas[1].get(s)
    assert sorted(t.text for t in state.dialogue) == sorted(texts)
    assert state.version == 1 + len(texts)


async def test_a_stale_write_is_refused(replica: Replica, tmp_path: Path) -> None:
    s = scope()
    wm = await replica()
    state = await wm.open(s, [], {})
    await wm.append(s, [("user", "first")])
    settings = make_settings(tmp_path)
    graph = Neo4jGraph(
        settings.effective_neo4j_uri, settings.neo4j_user, settings.neo4j_password, settings.neo4j_database
    )
    try:
        with pytest.raises(FailedPrecondition):
            await SessionRepository(graph).save(s, state, state.version)  # version 1 was read before the append
    finally:
        await graph.close()


async def test_close_distils_durable_outcomes_even_from_evicted_turns_and_ignores_small_talk(
    replica: Replica,
) -> None:
    small = POLICY.model_copy(update={"working": WorkingPolicy(max_turns=4, max_tokens=4000)})
    wm = await replica(small)
    s = scope()
    await wm.open(s, [], {})
    await wm.append(s, [("user", "不对，我说的是周三开会，不是周二。")])  # evicted below, kept for close
    for text in ["哈哈，今天好累", "辛苦了！", "lol nice", "早上好", "How are you?", "ok"]:
        await wm.append(s, [("user", text)])
    await wm.append(s, [("user", "我不喜欢香菜。"), ("user", "报告已经提交了，搞定！")])

    state, drafts = await wm.close(s)
    assert state.closed_at is not None
    assert sorted((d.event_type, d.text) for d in drafts) == [
        ("correction", "不对，我说的是周三开会，不是周二。"),
        ("preference", "我不喜欢香菜。"),
        ("task_completed", "报告已经提交了，搞定！"),
    ]
    assert all(d.session_id == s.session_id and d.speaker == "user" for d in drafts)
    _, again = await wm.close(s)
    assert [d.key for d in again] == [d.key for d in drafts]  # stable keys: writing them twice creates nothing
    with pytest.raises(FailedPrecondition):
        await wm.append(s, [("user", "one more thing")])


async def test_a_session_of_small_talk_distils_nothing(replica: Replica) -> None:
    wm = await replica()
    s = scope()
    await wm.open(s, [], {})
    await wm.append(s, [("user", "hi!"), ("assistant", "Hello! How can I help?"), ("user", "哈哈，没事，随便聊聊")])
    _, drafts = await wm.close(s)
    assert drafts == []
