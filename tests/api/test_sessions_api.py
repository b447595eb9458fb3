"""Working memory and GetContext through the real gRPC API and Neo4j: a pinned instruction survives 200
turns, the context fits its budget with the important items at both ends, a session survives a restart of
graphmem, and CloseSession distils durable outcomes into episodes and facts (chit-chat does not)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import grpc
import pytest

from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, close_api, make_settings, open_api, unique


def msg(role: str, text: str, zone: str = "") -> pb.Message:
    return pb.Message(role=role, text=text, zone=zone)


async def test_instruction_survives_200_turns_and_context_fits_budget(api: Api) -> None:
    scope = pb.Scope(user_id=unique("long"), session_id="s-long")
    await api.stub.OpenSession(pb.OpenSessionRequest(scope=scope, task={"goal": "整理季度报告"}), metadata=api.auth)
    await api.stub.AppendMessages(
        pb.AppendMessagesRequest(scope=scope, messages=[msg("user", "全程用中文回复")]), metadata=api.auth
    )
    for turn in range(1, 200):
        role = "user" if turn % 2 else "assistant"
        text = (
            f"第{turn}轮：我们讨论了报告的第{turn % 7}部分，数字是{turn * 13}。"
            if role == "user"
            else f"好的，第{turn}轮已记录。"
        )
        await api.stub.AppendMessages(
            pb.AppendMessagesRequest(scope=scope, messages=[msg(role, text)]), metadata=api.auth
        )
    session = (await api.stub.GetSession(pb.GetSessionRequest(scope=scope), metadata=api.auth)).session
    assert "全程用中文回复" in session.instructions
    assert session.summaries >= 1 and any(k.startswith("summary:") for k in session.task)
    assert len(session.dialogue) <= 40
    for budget in (120, 400, 2000):
        context = await api.stub.GetContext(
            pb.GetContextRequest(scope=scope, query="继续写报告", token_budget=budget), metadata=api.auth
        )
        assert context.tokens <= budget and sum(i.tokens for i in context.items) == context.tokens
        assert context.items[0].section == "instructions" and "全程用中文回复" in context.items[0].text
        assert context.items[-1].section == "dialogue"  # the latest turn closes the context
        assert all(i.reason for i in context.items)


async def test_context_includes_routed_long_term_memories_with_reasons(api: Api) -> None:
    user = unique("ctx")
    scope = pb.Scope(user_id=user, session_id="s1")
    episode = pb.EpisodeInput(key="e1", text="上周五把周报发给了王经理", session_id="old", speaker="assistant")
    await api.stub.AddEpisodes(
        pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=[episode]), metadata=api.auth
    )
    await api.stub.OpenSession(pb.OpenSessionRequest(scope=scope, instructions=["回答要简洁"]), metadata=api.auth)
    await api.stub.AppendMessages(
        pb.AppendMessagesRequest(scope=scope, messages=[msg("user", "把上次的周报找出来")]), metadata=api.auth
    )
    context = await api.stub.GetContext(
        pb.GetContextRequest(scope=scope, query="上次的周报发给谁了", token_budget=500), metadata=api.auth
    )
    memories = [i for i in context.items if i.section == "memory"]
    assert memories and memories[0].layer == "episodic" and "王经理" in memories[0].text
    assert "episodic" in memories[0].reason and context.route.query_kind == "recall"
    sections = [i.section for i in context.items]
    assert sections.index("instructions") < sections.index("memory") < sections.index("dialogue")


async def test_session_continues_after_graphmem_restarts(require_neo4j: str, tmp_path: Path) -> None:
    scope = pb.Scope(user_id=unique("restart"), session_id="s-restart")
    first = await open_api(make_settings(tmp_path))
    try:
        await first.stub.OpenSession(
            pb.OpenSessionRequest(scope=scope, instructions=["Answer in English"]), metadata=first.auth
        )
        await first.stub.AppendMessages(
            pb.AppendMessagesRequest(scope=scope, messages=[msg("user", "The budget is 4200 euros")]),
            metadata=first.auth,
        )
    finally:
        await close_api(first)
    second = await open_api(make_settings(tmp_path))
    try:
        await second.stub.AppendMessages(
            pb.AppendMessagesRequest(scope=scope, messages=[msg("assistant", "Noted: 4200 euros.")]),
            metadata=second.auth,
        )
        session = (await second.stub.GetSession(pb.GetSessionRequest(scope=scope), metadata=second.auth)).session
        assert list(session.instructions) == ["Answer in English"]
        assert [t.text for t in session.dialogue] == ["The budget is 4200 euros", "Noted: 4200 euros."]
    finally:
        await close_api(second)


async def test_close_session_distils_outcomes_not_chitchat(api: Api) -> None:
    user = unique("close")
    scope = pb.Scope(user_id=user, session_id="s-close")
    await api.stub.OpenSession(pb.OpenSessionRequest(scope=scope), metadata=api.auth)
    lines = [
        msg("user", "今天天气不错"),
        msg("assistant", "是啊"),
        msg("user", "记住：我喜欢简洁的回复"),
        msg("user", "不对，我说的是周三开会"),
        msg("assistant", "周报已完成并发给王经理了"),
        msg("user", "哈哈"),
    ]
    await api.stub.AppendMessages(pb.AppendMessagesRequest(scope=scope, messages=lines), metadata=api.auth)
    closed = await api.stub.CloseSession(pb.CloseSessionRequest(scope=scope), metadata=api.auth)
    assert closed.session.HasField("closed_at")
    listed = await api.stub.ListEpisodes(pb.ListEpisodesRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
    kinds = {e.event_type: e.text for e in listed.episodes}
    assert set(kinds) == {"preference", "correction", "task_completed"}, kinds
    again = await api.stub.CloseSession(pb.CloseSessionRequest(scope=scope), metadata=api.auth)
    assert not any(w.created for w in again.episodes)
    for _ in range(100):  # the remembered preference reaches the semantic layer through extraction
        facts = await api.stub.ListFacts(pb.ListFactsRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
        if "user|prefers_reply_style" in {f.key for f in facts.facts}:
            break
        await asyncio.sleep(0.1)
    # the remembered preference and the corrected meeting day (a correction is kept at once); nothing of the
    # small talk or of the assistant's report
    values = {f.key: f.value for f in facts.facts}
    assert set(values) <= {"user|prefers_reply_style", "user|meeting_day"}, values
    assert "user|prefers_reply_style" in values
    assert values.get("user|meeting_day", "wednesday") == "wednesday"
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.AppendMessages(
            pb.AppendMessagesRequest(scope=scope, messages=[msg("user", "hi")]), metadata=api.auth
        )
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION


async def test_session_errors_name_the_field(api: Api) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.OpenSession(pb.OpenSessionRequest(scope=pb.Scope(user_id="u")), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "scope.session_id" in (err.value.details() or "")
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.GetSession(
            pb.GetSessionRequest(scope=pb.Scope(user_id="u", session_id="nope")), metadata=api.auth
        )
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    scope = pb.Scope(user_id=unique("budget"), session_id="s")
    await api.stub.OpenSession(pb.OpenSessionRequest(scope=scope), metadata=api.auth)
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.GetContext(pb.GetContextRequest(scope=scope, token_budget=10), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "token_budget" in (err.value.details() or "")
