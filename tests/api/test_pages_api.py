"""Pages of ListFacts, ListCandidates, GetFactHistory, GetSession, ListEpisodes and GetMemoryAudit through the
real gRPC API and Neo4j (AIP-158): the pages cover every item exactly once, also while writes arrive between
them; page_size is clamped above 1000 and refused below 0; a garbage token, or a token reused with another scope,
key, memory id or filter, is INVALID_ARGUMENT with a field violation on page_token."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import grpc
import pytest

from graphmem.v1 import memory_service_pb2 as pb
from tests.api.test_facts_api import Say, say
from tests.api.test_hostile_requests import violations
from tests.conftest import Api, unique

FOODS = ["香菜", "洋葱", "大蒜", "辣椒", "芹菜", "茄子", "苦瓜"]

Fetch = Callable[[int, str], Awaitable[tuple[list[Any], str]]]


async def walk(fetch: Fetch, page_size: int, between: Callable[[], Awaitable[None]] | None = None) -> list[Any]:
    """Every page of a listing in order; `between` runs after each page (writes arriving mid-listing)."""
    items: list[Any] = []
    token = ""
    pages = 0
    while True:
        chunk, token = await fetch(page_size, token)
        assert len(chunk) <= page_size
        items += chunk
        pages += 1
        assert pages < 100
        if not token:
            return items
        if between is not None:
            await between()


async def invalid(call: Awaitable[Any]) -> list[str]:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await call
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    return [v.field for v in violations(err.value)]


def facts_fetch(api: Api, scope: pb.Scope, scope_filter: int = 0) -> Fetch:
    async def fetch(size: int, token: str) -> tuple[list[Any], str]:
        request = pb.ListFactsRequest(scope=scope, page_size=size, page_token=token, scope_filter=scope_filter)
        reply = await api.stub.ListFacts(request, metadata=api.auth)
        return [f.id for f in reply.facts], reply.next_page_token

    return fetch


def candidates_fetch(api: Api, scope: pb.Scope) -> Fetch:
    async def fetch(size: int, token: str) -> tuple[list[Any], str]:
        request = pb.ListCandidatesRequest(scope=scope, page_size=size, page_token=token)
        reply = await api.stub.ListCandidates(request, metadata=api.auth)
        return [f.id for f in reply.candidates], reply.next_page_token

    return fetch


def history_fetch(api: Api, scope: pb.Scope, key: str) -> Fetch:
    async def fetch(size: int, token: str) -> tuple[list[Any], str]:
        request = pb.GetFactHistoryRequest(scope=scope, key=key, page_size=size, page_token=token)
        reply = await api.stub.GetFactHistory(request, metadata=api.auth)
        return [f.id for f in reply.versions], reply.next_page_token

    return fetch


def session_fetch(api: Api, scope: pb.Scope, seen: list[pb.Session]) -> Fetch:
    async def fetch(size: int, token: str) -> tuple[list[Any], str]:
        reply = await api.stub.GetSession(
            pb.GetSessionRequest(scope=scope, page_size=size, page_token=token), metadata=api.auth
        )
        seen.append(reply.session)
        return [t.text for t in reply.session.dialogue], reply.next_page_token

    return fetch


async def test_fact_pages_cover_every_fact_once_in_key_order(api: Api) -> None:
    user = unique("pages-facts")
    await say(api, user, [Say(i * 0.1, "s1", f"记住：我不吃{food}") for i, food in enumerate(FOODS)])
    scope = pb.Scope(user_id=user)
    whole = await api.stub.ListFacts(pb.ListFactsRequest(scope=scope, page_size=5000), metadata=api.auth)
    assert len(whole.facts) == len(FOODS) and whole.next_page_token == ""  # 5000 is clamped, not refused
    assert [f.key for f in whole.facts] == sorted(f.key for f in whole.facts)
    paged = await walk(facts_fetch(api, scope), 2)
    assert paged == [f.id for f in whole.facts]
    # a new fact written mid-listing: nothing repeats, nothing that existed is skipped
    more = iter(["记住：我不吃香蕉", "记住：我不吃榴莲"])

    async def write() -> None:
        text = next(more, None)
        if text is not None:
            await say(api, user, [Say(9, "s9", text)])

    during = await walk(facts_fetch(api, scope), 3, write)
    assert len(during) == len(set(during)) and set(paged) <= set(during)


async def test_candidate_pages_cover_every_candidate_once_while_new_ones_arrive(api: Api) -> None:
    user = unique("pages-cands")
    await say(api, user, [Say(i * 0.1, "s1", f"我不吃{food}") for i, food in enumerate(FOODS)])
    scope = pb.Scope(user_id=user)
    whole = await api.stub.ListCandidates(pb.ListCandidatesRequest(scope=scope), metadata=api.auth)
    assert len(whole.candidates) == len(FOODS) and whole.next_page_token == ""
    assert await walk(candidates_fetch(api, scope), 3) == [c.id for c in whole.candidates]
    more = iter(["我不吃香蕉", "我不吃榴莲"])

    async def write() -> None:
        text = next(more, None)
        if text is not None:
            await say(api, user, [Say(9, "s1", text)])

    during = await walk(candidates_fetch(api, scope), 2, write)
    # newest first: what arrives during the listing is newer than the cursor and waits for the next listing
    assert during == [c.id for c in whole.candidates]
    after = await walk(candidates_fetch(api, scope), 2)
    assert len(after) == len(set(after)) and set(during) < set(after)  # the late ones come next time


async def test_history_pages_cover_every_version_once_oldest_first(api: Api) -> None:
    user = unique("pages-history")
    lines = ["记住：我喜欢简洁的回复", "记住：我喜欢详细的回复", "记住：我喜欢简洁的回复", "记住：我喜欢详细的回复"]
    await say(api, user, [Say(i, f"s{i}", text) for i, text in enumerate(lines)])
    scope = pb.Scope(user_id=user)
    (key,) = {f.key for f in (await api.stub.ListFacts(pb.ListFactsRequest(scope=scope), metadata=api.auth)).facts}
    whole = await api.stub.GetFactHistory(pb.GetFactHistoryRequest(scope=scope, key=key), metadata=api.auth)
    assert len(whole.versions) >= 3 and whole.next_page_token == ""
    assert await walk(history_fetch(api, scope, key), 1) == [v.id for v in whole.versions]
    first = await api.stub.GetFactHistory(
        pb.GetFactHistoryRequest(scope=scope, key=key, page_size=1), metadata=api.auth
    )
    assert first.next_page_token
    # the token is bound to its key
    other = pb.GetFactHistoryRequest(scope=scope, key="user|taste|other", page_token=first.next_page_token)
    assert await invalid(api.stub.GetFactHistory(other, metadata=api.auth)) == ["page_token"]


async def test_session_pages_its_dialogue_and_keeps_the_other_zones_whole(api: Api) -> None:
    scope = pb.Scope(user_id=unique("pages-session"), session_id="s-pages")
    await api.stub.OpenSession(
        pb.OpenSessionRequest(scope=scope, instructions=["回答要简洁"], task={"goal": "整理"}), metadata=api.auth
    )
    for batch in range(3):
        messages = [pb.Message(role="user", text=f"m{batch}-{i}") for i in range(5)]
        await api.stub.AppendMessages(pb.AppendMessagesRequest(scope=scope, messages=messages), metadata=api.auth)
    whole = (await api.stub.GetSession(pb.GetSessionRequest(scope=scope), metadata=api.auth)).session
    texts = [t.text for t in whole.dialogue]
    assert texts == [f"m{b}-{i}" for b in range(3) for i in range(5)]
    seen: list[pb.Session] = []
    assert await walk(session_fetch(api, scope, seen), 4) == texts
    assert len(seen) == 4 and all(list(s.instructions) == ["回答要简洁"] and s.task["goal"] == "整理" for s in seen)
    appended = iter(range(2))

    async def write() -> None:
        n = next(appended, None)
        if n is not None:
            message = pb.Message(role="user", text=f"late-{n}")
            await api.stub.AppendMessages(pb.AppendMessagesRequest(scope=scope, messages=[message]), metadata=api.auth)

    during = await walk(session_fetch(api, scope, []), 4, write)
    assert during == [*texts, "late-0", "late-1"]  # appended turns come on later pages, none repeats


async def test_bad_tokens_and_sizes_are_invalid_argument(api: Api) -> None:
    user = unique("pages-bad")
    await say(api, user, [Say(i * 0.1, "s1", f"记住：我不吃{food}") for i, food in enumerate(FOODS[:3])])
    await say(api, user, [Say(1, "s1", f"我不吃{food}") for food in FOODS[4:]])
    scope = pb.Scope(user_id=user)
    page = await api.stub.ListFacts(pb.ListFactsRequest(scope=scope, page_size=1), metadata=api.auth)
    assert page.next_page_token
    token = page.next_page_token
    for request in (
        pb.ListFactsRequest(scope=scope, page_token="garbage!"),
        pb.ListFactsRequest(scope=pb.Scope(user_id=unique("pages-other")), page_token=token),
        pb.ListFactsRequest(scope=scope, page_token=token, scope_filter=pb.FACT_SCOPE_FILTER_USER),
    ):
        assert await invalid(api.stub.ListFacts(request, metadata=api.auth)) == ["page_token"]
    # a ListFacts token is no ListCandidates token
    candidates = pb.ListCandidatesRequest(scope=scope, page_token=token)
    assert await invalid(api.stub.ListCandidates(candidates, metadata=api.auth)) == ["page_token"]
    session = pb.GetSessionRequest(scope=pb.Scope(user_id=user, session_id="s1"), page_token=token)
    await api.stub.OpenSession(pb.OpenSessionRequest(scope=session.scope), metadata=api.auth)
    assert await invalid(api.stub.GetSession(session, metadata=api.auth)) == ["page_token"]
    for call in (
        api.stub.ListFacts(pb.ListFactsRequest(scope=scope, page_size=-1), metadata=api.auth),
        api.stub.ListCandidates(pb.ListCandidatesRequest(scope=scope, page_size=-1), metadata=api.auth),
        api.stub.GetFactHistory(pb.GetFactHistoryRequest(scope=scope, key="k", page_size=-1), metadata=api.auth),
        api.stub.GetSession(pb.GetSessionRequest(scope=session.scope, page_size=-1), metadata=api.auth),
    ):
        assert await invalid(call) == ["page_size"]
    clamped = await api.stub.ListCandidates(
        pb.ListCandidatesRequest(scope=scope, page_size=2**31 - 1), metadata=api.auth
    )
    assert len(clamped.candidates) == len(FOODS[4:]) and clamped.next_page_token == ""


async def test_episode_pages_are_bound_to_scope_and_filters_and_sizes_clamped(api: Api) -> None:
    user = unique("pages-episodes")
    scope = pb.Scope(user_id=user)
    episodes = [pb.EpisodeInput(key=f"e{i}", text=f"note {i}", session_id="s1") for i in range(7)]
    await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=episodes), metadata=api.auth)

    async def fetch(size: int, token: str) -> tuple[list[Any], str]:
        request = pb.ListEpisodesRequest(scope=scope, session_id="s1", page_size=size, page_token=token)
        reply = await api.stub.ListEpisodes(request, metadata=api.auth)
        return [e.id for e in reply.episodes], reply.next_page_token

    ids = await walk(fetch, 3)
    assert len(ids) == len(set(ids)) == 7
    _, token = await fetch(3, "")
    for request in (
        pb.ListEpisodesRequest(scope=scope, page_token="garbage!"),
        pb.ListEpisodesRequest(scope=scope, page_token=token),  # the filter changed (no session)
        pb.ListEpisodesRequest(scope=scope, session_id="s2", page_token=token),
        pb.ListEpisodesRequest(scope=pb.Scope(user_id=unique("pages-other")), session_id="s1", page_token=token),
    ):
        assert await invalid(api.stub.ListEpisodes(request, metadata=api.auth)) == ["page_token"]
    assert await invalid(
        api.stub.ListEpisodes(pb.ListEpisodesRequest(scope=scope, page_size=-1), metadata=api.auth)
    ) == ["page_size"]
    clamped = await api.stub.ListEpisodes(pb.ListEpisodesRequest(scope=scope, page_size=2**31 - 1), metadata=api.auth)
    assert len(clamped.episodes) == 7 and clamped.next_page_token == ""


async def test_audit_pages_are_bound_to_the_memory_asked_about_and_sizes_clamped(api: Api) -> None:
    user = unique("pages-audit")
    scope = pb.Scope(user_id=user)
    episodes = [pb.EpisodeInput(key=f"e{i}", text=f"note {i}") for i in range(5)]
    written = await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=episodes), metadata=api.auth)
    for result in written.results:
        await api.stub.DeleteEpisode(pb.DeleteEpisodeRequest(scope=scope, id=result.id), metadata=api.auth)

    async def fetch(size: int, token: str) -> tuple[list[Any], str]:
        request = pb.GetMemoryAuditRequest(scope=scope, page_size=size, page_token=token)
        reply = await api.stub.GetMemoryAudit(request, metadata=api.auth)
        return [(e.memory_id, e.transition, e.SerializeToString()) for e in reply.events], reply.next_page_token

    events = await walk(fetch, 2)
    assert len(events) == len(set(events)) >= 5
    _, token = await fetch(2, "")
    for request in (
        pb.GetMemoryAuditRequest(scope=scope, page_token="garbage!"),
        pb.GetMemoryAuditRequest(scope=scope, memory_id=written.results[0].id, page_token=token),
        pb.GetMemoryAuditRequest(scope=pb.Scope(user_id=unique("pages-other")), page_token=token),
    ):
        assert await invalid(api.stub.GetMemoryAudit(request, metadata=api.auth)) == ["page_token"]
    negative = pb.GetMemoryAuditRequest(scope=scope, page_size=-1)
    assert await invalid(api.stub.GetMemoryAudit(negative, metadata=api.auth)) == ["page_size"]
    clamped = await api.stub.GetMemoryAudit(pb.GetMemoryAuditRequest(scope=scope, page_size=5000), metadata=api.auth)
    assert len(clamped.events) == len(events) and clamped.next_page_token == ""
