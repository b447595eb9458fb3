"""The optional LLM reranker against a real local HTTP endpoint: the model's order first, the rest after in the
service's order; any bad or failed answer keeps the service's order, and a dead endpoint stops being asked."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from graphmem.model import Layer, ScoreBreakdown, SearchHit
from graphmem.retrieval.chat_endpoint import ChatEndpoint
from graphmem.retrieval.reranker_llm import LLMReranker, LLMRerankerError, parse_order
from tests.stub_chat import stub_chat


def hit(text: str, score: float) -> SearchHit:
    return SearchHit(
        Layer.EPISODIC,
        text,
        text,
        score,
        ScoreBreakdown(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, {}),
        "s1",
        datetime(2026, 1, 1, tzinfo=UTC),
        {},
    )


HITS = [hit("a", 0.9), hit("b", 0.8), hit("c", 0.7), hit("d", 0.6)]


def endpoint(url: str) -> ChatEndpoint:
    return ChatEndpoint(
        base_url=url,
        model="tiny",
        api_key="k",
        timeout_s=5.0,
        attempts=2,
        retry_wait_s=0.0,
        failure_threshold=2,
        cooldown_s=60.0,
    )


def body(content: str) -> dict[str, Any]:
    return {"choices": [{"message": {"content": content}}]}


def test_parse_order_keeps_known_numbers_once_and_rejects_non_rankings() -> None:
    assert parse_order(body('{"order": [3, 1, 3, 9, 0, -1]}'), 3) == [2, 0]
    for bad in ('{"order": "1,2"}', '{"order": [true]}', "not json", '{"ranking": [1]}'):
        with pytest.raises(LLMRerankerError):
            parse_order(body(bad), 3)


async def test_the_models_order_comes_first_and_the_rest_follow_in_service_order() -> None:
    with stub_chat() as stub:
        stub.answer = lambda _: json.dumps({"order": [3, 1]})
        reranker = LLMReranker(endpoint(stub.url), top_n=3)
        try:
            ranked, used = await reranker.rerank("which letter?", HITS)
        finally:
            await reranker.aclose()
    assert used and [h.text for h in ranked] == ["c", "a", "b", "d"]  # d was beyond top_n
    assert [h.score for h in ranked] == [0.7, 0.9, 0.8, 0.6]  # scores stay the service's
    prompt = stub.requests[0]["messages"][1]["content"]
    assert "Query: which letter?" in prompt and "3. c" in prompt and "d" not in prompt.split("Memories:")[1]


async def test_a_failing_or_malformed_endpoint_keeps_the_order_and_the_circuit_opens() -> None:
    with stub_chat() as stub:
        stub.answer = lambda _: "no json here"
        reranker = LLMReranker(endpoint(stub.url))
        try:
            first, used_first = await reranker.rerank("q", HITS)
            stub.answer = lambda _: None  # HTTP 500, retried once
            second, used_second = await reranker.rerank("q", HITS)
            asked = len(stub.requests)
            third, used_third = await reranker.rerank("q", HITS)
        finally:
            await reranker.aclose()
    assert [first, second, third] == [HITS] * 3 and not (used_first or used_second or used_third)
    assert asked == 3 and len(stub.requests) == 3  # the open circuit sent nothing for the third search
