"""Episodic memory through the real gRPC API and the real Neo4j: every RPC, idempotency, deletion, tenant
isolation, and the vector index rebuilt after a restart."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta

import grpc
import pytest
import yaml
from neo4j import AsyncGraphDatabase

from graphmem.model import Scope, owner_group_id
from graphmem.policy import Policy, builtin_policy_text
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, close_api, make_settings, neo4j_uri, open_api, unique

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)


def episode(key: str, text: str, days_ago: float, **kw: object) -> pb.EpisodeInput:
    item = pb.EpisodeInput(key=key, text=text, session_id=kw.pop("session_id", "s1"), **kw)  # type: ignore[arg-type]
    item.occurred_at.FromDatetime(NOW - timedelta(days=days_ago))
    return item


CORPUS = [
    episode("e1", "我不吃香菜，点菜时别放香菜", 30, speaker="user", event_type="preference"),
    episode(
        "e2",
        "The weekly report was sent to Alice on Friday",
        8,
        speaker="assistant",
        event_type="task_completed",
        metadata={"dia_id": "D1:2", "source": "slack"},
    ),
    episode("e3", "Remember: I prefer short replies without emoji", 20, speaker="user"),
    episode("e4", "上周五把周报发给了王经理", 6, speaker="assistant", session_id="s2"),
    episode("e5", "We talked about the weather in Berlin", 2, speaker="user", session_id="s2"),
    episode("e6", "不对，我说的是下周三开会，不是周二", 1, speaker="user", session_id="s3"),
]


async def add(api: Api, user: str, items: list[pb.EpisodeInput], auth: object = None) -> pb.AddEpisodesResponse:
    request = pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=items)
    return await api.stub.AddEpisodes(request, metadata=auth or api.auth)


async def search(api: Api, user: str, query: str, **kw: object) -> pb.SearchResponse:
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query=query, top_k=kw.pop("top_k", 5), **kw)  # type: ignore[arg-type]
    request.reference_time.FromDatetime(NOW)
    return await api.stub.Search(request, metadata=api.auth)


async def test_add_then_search_finds_the_episode_with_metadata_and_breakdown(api: Api) -> None:
    user = unique()
    reply = await add(api, user, CORPUS)
    assert [r.created for r in reply.results] == [True] * len(CORPUS)
    found = await search(api, user, "who got the weekly report?")
    top = found.hits[0]
    assert top.text == "The weekly report was sent to Alice on Friday"
    assert dict(top.metadata) == {"dia_id": "D1:2", "source": "slack"}
    assert top.session_id == "s1" and top.layer == pb.LAYER_EPISODIC
    assert top.occurred_at.ToDatetime(tzinfo=UTC) == NOW - timedelta(days=8)
    b = top.breakdown
    expected = sum(b.weights[name] * getattr(b, name) for name in b.weights)
    assert top.score == pytest.approx(expected, abs=1e-4)
    assert list(found.route.layers) == [pb.LAYER_EPISODIC, pb.LAYER_SEMANTIC]


async def test_chinese_query_finds_chinese_episode(api: Api) -> None:
    user = unique()
    await add(api, user, CORPUS)
    found = await search(api, user, "香菜")
    assert found.hits[0].text.startswith("我不吃香菜")


async def test_time_expression_boosts_episodes_inside_the_window(api: Api) -> None:
    user = unique()
    await add(api, user, CORPUS)
    found = await search(api, user, "上周的周报发给谁了")
    assert found.route.time_expression == "上周"
    assert found.route.query_kind == "recall"
    assert found.hits[0].text == "上周五把周报发给了王经理"
    assert found.hits[0].breakdown.time_match == 1.0


async def test_rules_assign_importance_when_the_caller_gives_none(api: Api) -> None:
    user = unique()
    reply = await add(api, user, CORPUS)
    ids = {r.key: r.id for r in reply.results}
    get = api.stub.GetEpisode
    remembered = await get(pb.GetEpisodeRequest(scope=pb.Scope(user_id=user), id=ids["e3"]), metadata=api.auth)
    assert remembered.episode.importance == pytest.approx(0.9)
    assert remembered.episode.importance_source == "rule:explicit_remember"
    corrected = await get(pb.GetEpisodeRequest(scope=pb.Scope(user_id=user), id=ids["e6"]), metadata=api.auth)
    assert corrected.episode.importance == pytest.approx(0.8)
    chat = await get(pb.GetEpisodeRequest(scope=pb.Scope(user_id=user), id=ids["e5"]), metadata=api.auth)
    assert chat.episode.importance == pytest.approx(0.3)


async def test_timestamps_read_back_to_the_microsecond_before_and_after_1970(api: Api) -> None:
    user = unique()
    moon = datetime(1969, 7, 20, 20, 17, 40, 123456, tzinfo=UTC)
    recent = datetime(2026, 6, 14, 8, 30, 5, 654321, tzinfo=UTC)
    items = [
        pb.EpisodeInput(key=k, text=t, session_id="s1")
        for k, t in (("old", "the moon landing"), ("new", "my moon lamp"))
    ]
    items[0].occurred_at.FromDatetime(moon)
    items[1].occurred_at.FromDatetime(recent)
    await add(api, user, items)
    found = await search(api, user, "moon")
    assert sorted(h.occurred_at.ToDatetime(tzinfo=UTC) for h in found.hits) == [moon, recent]
    listed = await api.stub.ListEpisodes(pb.ListEpisodesRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
    assert [e.occurred_at.ToDatetime(tzinfo=UTC) for e in listed.episodes] == [moon, recent]


async def test_retried_batch_creates_nothing_twice(api: Api) -> None:
    user = unique()
    first = await add(api, user, CORPUS)
    again = await add(api, user, CORPUS)
    assert [r.created for r in again.results] == [False] * len(CORPUS)
    assert [r.id for r in again.results] == [r.id for r in first.results]
    listed = await api.stub.ListEpisodes(
        pb.ListEpisodesRequest(scope=pb.Scope(user_id=user), page_size=100), metadata=api.auth
    )
    assert len(listed.episodes) == len(CORPUS)


async def test_a_batch_of_1000_is_accepted_and_searchable_on_ack(api: Api) -> None:
    user = unique()
    items = [episode(f"bulk-{i}", f"bulk note number {i} about topic {i % 37}", 100 - i / 10) for i in range(1000)]
    items.append(episode("needle", "the spare key is under the blue flowerpot", 0.5))
    reply = await add(api, user, items)
    assert sum(r.created for r in reply.results) == 1001
    found = await search(api, user, "where is the spare key?")
    assert found.hits[0].text == "the spare key is under the blue flowerpot"


async def test_list_pages_in_time_order_with_tokens(api: Api) -> None:
    user = unique()
    await add(api, user, CORPUS)
    seen: list[datetime] = []
    token = ""
    while True:
        page = await api.stub.ListEpisodes(
            pb.ListEpisodesRequest(scope=pb.Scope(user_id=user), page_size=4, page_token=token),
            metadata=api.auth,
        )
        seen += [e.occurred_at.ToDatetime(tzinfo=UTC) for e in page.episodes]
        token = page.next_page_token
        if not token:
            break
    assert len(seen) == len(CORPUS) and seen == sorted(seen)
    only_s2 = await api.stub.ListEpisodes(
        pb.ListEpisodesRequest(scope=pb.Scope(user_id=user), session_id="s2"), metadata=api.auth
    )
    assert {e.key for e in only_s2.episodes} == {"e4", "e5"}


async def test_episodes_are_chained_in_time_order_in_the_graph(api: Api) -> None:
    user = unique()
    await add(api, user, [CORPUS[i] for i in (5, 0, 3)])  # out of time order on purpose
    await add(api, user, [CORPUS[i] for i in (1, 4, 2)])
    async with AsyncGraphDatabase.driver(neo4j_uri(), auth=("neo4j", "graphmem")) as driver:
        records, _, _ = await driver.execute_query(
            "MATCH p = (first:Episodic {group_id: $g})-[:NEXT*]->(last:Episodic) "
            "WHERE NOT ()-[:NEXT]->(first) AND NOT (last)-[:NEXT]->() "
            "RETURN [n IN nodes(p) | n.name] AS keys",
            g=owner_group_id("tenant-a", user),
        )
    assert [r["keys"] for r in records] == [["e1", "e3", "e2", "e4", "e5", "e6"]]


async def test_delete_episode_removes_it_from_get_and_search(api: Api) -> None:
    user = unique()
    reply = await add(api, user, CORPUS)
    target = next(r.id for r in reply.results if r.key == "e2")
    scope = pb.Scope(user_id=user)
    await api.stub.DeleteEpisode(pb.DeleteEpisodeRequest(scope=scope, id=target), metadata=api.auth)
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.GetEpisode(pb.GetEpisodeRequest(scope=scope, id=target), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    found = await search(api, user, "weekly report Alice", top_k=10)
    assert target not in {h.id for h in found.hits}
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.DeleteEpisode(pb.DeleteEpisodeRequest(scope=scope, id=target), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND


async def test_forget_user_leaves_nothing_in_neo4j_or_faiss(api: Api) -> None:
    user = unique()
    await add(api, user, CORPUS)
    group = owner_group_id("tenant-a", user)
    faiss_file = api.settings.data_dir / "vectors"
    await api.running.service.flush()
    assert list(faiss_file.rglob(f"{group}.faiss"))
    reply = await api.stub.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
    assert reply.episodes_deleted == len(CORPUS)
    async with AsyncGraphDatabase.driver(neo4j_uri(), auth=("neo4j", "graphmem")) as driver:
        records, _, _ = await driver.execute_query(
            "MATCH (n) WHERE n.group_id = $g OR n.user_id = $u RETURN labels(n) AS labels, n.transition AS t",
            g=group,
            u=user,
        )
    # nothing is left but the tombstones that record the user was forgotten (they hold no memory text)
    assert sorted((r["labels"], r["t"]) for r in records) == [(["AuditEvent"], "forgotten"), (["UserFence"], None)]
    assert not list(faiss_file.rglob(f"{group}.*"))
    assert (await search(api, user, "weekly report")).hits == []
    # the id is retired: a later write is refused, it does not bring the user back
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await add(api, user, CORPUS[:1])
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "forgotten" in (err.value.details() or "")


async def test_tenant_b_finds_nothing_of_tenant_a(api: Api) -> None:
    user = unique()
    reply = await add(api, user, CORPUS)
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query="weekly report Alice 香菜", top_k=10)
    other = await api.stub.Search(request, metadata=api.other_auth)
    assert other.hits == []
    some_id = reply.results[0].id
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.GetEpisode(
            pb.GetEpisodeRequest(scope=pb.Scope(user_id=user), id=some_id), metadata=api.other_auth
        )
    assert err.value.code() == grpc.StatusCode.NOT_FOUND


async def test_project_episodes_are_invisible_outside_the_project(api: Api) -> None:
    user = unique()
    in_project = pb.AddEpisodesRequest(
        scope=pb.Scope(user_id=user, project_id="apollo"),
        episodes=[episode("p1", "Project uses Rust 1.80", 1)],
    )
    await api.stub.AddEpisodes(in_project, metadata=api.auth)
    outside = await search(api, user, "which Rust version")
    assert outside.hits == []
    inside = await api.stub.Search(
        pb.SearchRequest(scope=pb.Scope(user_id=user, project_id="apollo"), query="which Rust version"),
        metadata=api.auth,
    )
    assert inside.hits[0].text == "Project uses Rust 1.80"


async def test_bad_input_names_the_field(api: Api) -> None:
    user = unique()
    cases = [
        ([pb.EpisodeInput(key="", text="x")], "episodes[0].key"),
        ([pb.EpisodeInput(key="a", text="  ")], "episodes[0].text"),
        ([pb.EpisodeInput(key="a", text="x", importance=1.5)], "episodes[0].importance"),
        ([pb.EpisodeInput(key="a", text="x", event_type="Bad Type")], "episodes[0].event_type"),
        ([pb.EpisodeInput(key="a", text="x"), pb.EpisodeInput(key="a", text="y")], "episodes[1].key"),
        ([], "episodes"),
    ]
    for items, field in cases:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await add(api, user, items)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert field in (err.value.details() or ""), (field, err.value.details())
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await search(api, user, "x", layers=[pb.LAYER_UNSPECIFIED])
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "layers" in (err.value.details() or "")
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.ListEpisodes(
            pb.ListEpisodesRequest(scope=pb.Scope(user_id=user), page_token="garbage!"), metadata=api.auth
        )
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


async def test_event_type_and_time_filters_apply_before_ranking(api: Api) -> None:
    user = unique()
    await add(api, user, CORPUS)
    request = pb.SearchRequest(
        scope=pb.Scope(user_id=user), query="weekly report", top_k=10, event_types=["preference"]
    )
    request.reference_time.FromDatetime(NOW)
    found = await api.stub.Search(request, metadata=api.auth)
    assert {h.event_type for h in found.hits} == {"preference"}
    request = pb.SearchRequest(scope=pb.Scope(user_id=user), query="weekly report", top_k=10)
    request.occurred.start.FromDatetime(NOW - timedelta(days=3))
    found = await api.stub.Search(request, metadata=api.auth)
    assert found.hits and all(h.occurred_at.ToDatetime(tzinfo=UTC) >= NOW - timedelta(days=3) for h in found.hits)


def episodic(found: pb.SearchResponse) -> list[tuple[str, float]]:
    """The episodic hits (the rebuilt indexes' own results; facts may still be promoted in the background)."""
    return [(h.id, round(h.score, 5)) for h in found.hits if h.layer == pb.LAYER_EPISODIC]


async def test_restart_rebuilds_the_index_and_results_are_identical(require_neo4j: str, tmp_path: object) -> None:
    from pathlib import Path

    data = Path(str(tmp_path))
    user = unique()
    queries = ["weekly report", "香菜", "short replies", "会议改到哪天"]
    first = await open_api(make_settings(data))
    try:
        await add(first, user, CORPUS)
        # facts are extracted in the background: compare once they are in, as they are after any restart
        await first.running.service.extract_pending(Scope("tenant-a", user))
        before = [episodic(await search(first, user, q)) for q in queries]
    finally:
        await close_api(first)
    # a clean restart loads the persisted index; a lost index is rebuilt from Neo4j
    for wipe in (False, True):
        if wipe:
            shutil.rmtree(data / "vectors")
        again = await open_api(make_settings(data))
        try:
            after = [episodic(await search(again, user, q)) for q in queries]
            assert after == before, f"results changed after restart (index wiped: {wipe})"
            await again.stub.ForgetUser(
                pb.ForgetUserRequest(scope=pb.Scope(user_id=user)), metadata=again.auth
            ) if wipe else None
        finally:
            await close_api(again)


async def test_a_routing_miss_falls_back_to_episodes(api: Api) -> None:
    user = unique()
    await add(api, user, CORPUS)
    found = await search(api, user, "我喜欢什么样的周报？")  # preference words route to facts; this user has none
    assert "fell back to episodic + semantic" in found.route.reason
    assert list(found.route.layers) == [pb.LAYER_EPISODIC, pb.LAYER_SEMANTIC]
    assert found.hits and found.hits[0].layer == pb.LAYER_EPISODIC and "周报" in found.hits[0].text


async def test_the_speaker_a_query_names_scores_in_the_breakdown_also_after_a_rebuild(api: Api) -> None:
    user = unique()
    await add(
        api,
        user,
        [
            episode("j", "I went hiking in the mountains last weekend", 3, speaker="John", session_id="a"),
            episode("c", "我上周末去山里徒步了", 2, speaker="Caroline", session_id="b"),
        ],
    )
    for _ in range(2):  # as written, then with the side indexes rebuilt from Neo4j
        by_key = {}
        for query in ("Where did John go hiking?", "卡罗琳上周末去哪里徒步了？"):
            for hit in (await search(api, user, query)).hits:
                by_key[(query[:4], hit.speaker)] = hit.breakdown
        assert by_key[("Wher", "John")].speaker == 1.0 and by_key[("Wher", "Caroline")].speaker == 0.0
        assert by_key[("卡罗琳上", "Caroline")].speaker == 1.0  # a Chinese name for a Latin-script speaker
        assert by_key[("卡罗琳上", "John")].speaker == 0.0
        assert by_key[("Wher", "John")].weights["speaker"] > 0
        await api.running.service.episodic.unload(owner_group_id("tenant-a", user))


async def test_a_policy_that_does_not_weigh_speakers_does_not_look_for_them(api: Api) -> None:
    user = unique()
    await add(api, user, [episode("j", "I went hiking in the mountains last weekend", 3, speaker="John")])
    service = api.running.service
    in_force, source = service.policy()
    quiet = yaml.safe_load(builtin_policy_text())
    for weights in quiet["rerank"]["kinds"].values():
        weights["speaker"] = 0.0
    try:
        service.use_policy(Policy.model_validate(quiet), "test: no speaker weight")
        hit = (await search(api, user, "Where did John go hiking?")).hits[0]
        assert hit.breakdown.speaker == 0.0 and hit.breakdown.weights["speaker"] == 0.0
    finally:
        service.use_policy(in_force, source)
    hit = (await search(api, user, "Where did John go hiking?")).hits[0]
    assert hit.breakdown.speaker == 1.0


async def test_search_sees_exactly_the_user_and_project_episodes_the_filters_let_through(api: Api) -> None:
    """Visibility is applied to every candidate and its neighbours before ranking: a project scope sees the
    user's own episodes and that project's, never another project's; an occurred range's end is exclusive."""
    user = unique()
    texts = {
        ("", "u"): "Rust 1.80 is what I use at home",
        ("apollo", "a"): "Rust 1.80 is what apollo builds with",
        ("zeus", "z"): "Rust 1.80 is what zeus builds with",
    }
    for (project, key), text in texts.items():
        request = pb.AddEpisodesRequest(
            scope=pb.Scope(user_id=user, project_id=project),
            episodes=[episode(f"{key}{n}", f"{text}, note {n}", 10 - 3 * n, session_id=f"s-{key}") for n in range(3)],
        )
        await api.stub.AddEpisodes(request, metadata=api.auth)

    async def seen(project: str, **kw: object) -> set[str]:
        request = pb.SearchRequest(
            scope=pb.Scope(user_id=user, project_id=project),
            query="which Rust version",
            top_k=20,
            layers=[pb.LAYER_EPISODIC],
            **kw,  # type: ignore[arg-type]
        )
        request.reference_time.FromDatetime(NOW)
        return {h.text for h in (await api.stub.Search(request, metadata=api.auth)).hits}

    def notes(*keys: str) -> set[str]:
        return {f"{text}, note {n}" for (_, key), text in texts.items() if key in keys for n in range(3)}

    assert await seen("") == notes("u")
    assert await seen("apollo") == notes("u", "a")
    assert await seen("zeus") == notes("u", "z")
    window = pb.TimeRange()
    window.end.FromDatetime(NOW - timedelta(days=7))  # notes 0 (10 days ago) and 1 (7 days ago: excluded)
    assert await seen("apollo", occurred=window) == {t for t in notes("u", "a") if t.endswith("note 0")}
