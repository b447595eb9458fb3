"""The optional LLM reranker through the real gRPC API and Neo4j, with a local stub endpoint: off by default;
when configured, Search returns the model's order and says so in the route's reason, and a failing endpoint
leaves the service's order."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import close_api, make_settings, open_api, unique
from tests.stub_chat import stub_chat

TEXTS = ["I adopted a cat named Miso", "Miso the cat likes tuna", "my cat Miso sleeps all day"]


def reversed_order(request: dict[str, Any]) -> str:
    numbered = request["messages"][1]["content"].split("Memories:\n", 1)[1].splitlines()
    return json.dumps({"order": list(range(len(numbered), 0, -1))})


async def test_search_follows_the_configured_reranker_and_keeps_its_order_when_it_fails(
    require_neo4j: str, tmp_path: Path
) -> None:
    with stub_chat() as stub:
        stub.answer = reversed_order  # the start-up warm-up searches pass through it too
        settings = make_settings(tmp_path, reranker_llm_base_url=stub.url, reranker_llm_model="tiny")
        api = await open_api(settings)
        try:
            scope = pb.Scope(user_id=unique("rerank"))
            items = [pb.EpisodeInput(key=f"k{i}", text=t, session_id="s1") for i, t in enumerate(TEXTS)]
            await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=items), metadata=api.auth)
            request = pb.SearchRequest(scope=scope, query="what is my cat called?", top_k=3, layers=[pb.LAYER_EPISODIC])

            reranked = await api.stub.Search(request, metadata=api.auth)
            stub.answer = lambda _: None  # failing (HTTP 500): the service's order
            kept = await api.stub.Search(request, metadata=api.auth)
        finally:
            await close_api(api)
    service_order = [h.text for h in kept.hits]
    assert sorted(service_order) == sorted(TEXTS)
    assert kept.route.reason.endswith("llm reranker unavailable; order kept")
    assert [h.text for h in reranked.hits] == service_order[::-1]
    assert reranked.route.reason.endswith("reranked by llm tiny")
    assert all(r["model"] == "tiny" for r in stub.requests)


async def test_without_a_reranker_nothing_is_said_about_one(api: Any) -> None:
    scope = pb.Scope(user_id=unique("norerank"))
    await api.stub.AddEpisodes(
        pb.AddEpisodesRequest(scope=scope, episodes=[pb.EpisodeInput(key="k", text=TEXTS[0])]), metadata=api.auth
    )
    found = await api.stub.Search(pb.SearchRequest(scope=scope, query="cat", top_k=3), metadata=api.auth)
    assert found.hits and "rerank" not in found.route.reason
