"""`graphmem mcp` as an MCP host runs it: spawned over stdio by the official SDK's own client, its tools calling
the launched `graphmem serve` over gRPC with the development key."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.launched.conftest import Launched, graphmem_command

TOOLS = {"remember", "recall", "context", "facts", "fact_history", "forget_episode"}


@asynccontextmanager
async def gateway(launched: Launched, user: str, api_key: str) -> AsyncIterator[Client]:
    command = graphmem_command()
    params = StdioServerParameters(
        command=command[0],
        args=[*command[1:], "mcp", "--target", launched.address, "--user-id", user, "--api-key", api_key],
    )
    async with Client(params, read_timeout_seconds=120) as client:
        yield client


def text_of(result: Any) -> str:
    return json.dumps([c.model_dump() for c in result.content], ensure_ascii=False)


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, (tool, result.content)
    return result.structured_content


async def test_the_mcp_tools_remember_recall_and_forget_through_the_service(launched: Launched) -> None:
    user = f"mcp-{uuid.uuid4().hex[:8]}"
    async with gateway(launched, user, launched.api_key) as client:
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS

        spare = await call(client, "remember", text="the spare key is under the blue flowerpot", session_id="s1")
        assert spare["created"] and spare["id"]
        await call(
            client, "remember", text="记住：我喜欢简洁的回复", session_id="s1", occurred_at="2026-11-20T09:00:00Z"
        )

        found = await call(client, "recall", query="where is the spare key?", top_k=3)
        top = found["hits"][0]
        assert top["id"] == spare["id"] and "flowerpot" in top["text"] and top["layer"] == "episodic"
        assert set(top["breakdown"]) >= {"similarity", "lexical", "recency", "importance", "weights"}
        assert found["route"]["layers"] and found["route"]["reason"]

        deadline = time.monotonic() + 60
        while True:  # facts are extracted after the acknowledgement
            facts = {f["key"]: f for f in (await call(client, "facts"))["facts"]}
            if "user|prefers_reply_style" in facts or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.5)
        style = facts["user|prefers_reply_style"]
        assert style["value"] == "short replies" and style["evidence"] == "记住：我喜欢简洁的回复"
        assert (await call(client, "facts", as_of="2026-11-20T08:00:00Z"))["facts"] == []
        history = await call(client, "fact_history", key="user|prefers_reply_style")
        assert [v["id"] for v in history["versions"]] == [style["id"]]

        context = await call(client, "context", query="where is the spare key?", token_budget=400)
        assert "flowerpot" in context["text"] and context["tokens"] <= 400
        assert any(i["section"] == "memory" and i["layer"] == "episodic" for i in context["items"])

        assert await call(client, "forget_episode", episode_id=spare["id"]) == {"deleted": spare["id"]}
        again = await call(client, "recall", query="where is the spare key?", top_k=3)
        assert spare["id"] not in [h["id"] for h in again["hits"]]

        missing = await client.call_tool("forget_episode", {"episode_id": spare["id"]})
        assert missing.is_error and "NOT_FOUND" in text_of(missing)


async def test_the_mcp_gateway_is_held_to_the_service_api_keys(launched: Launched) -> None:
    async with gateway(launched, "mcp-stranger", "not-a-key") as client:
        refused = await client.call_tool("recall", {"query": "anything"})
        bad_layer = await client.call_tool("recall", {"query": "anything", "layers": ["nowhere"]})
    assert refused.is_error and "UNAUTHENTICATED: unknown API key" in text_of(refused)
    assert bad_layer.is_error and "INVALID_ARGUMENT" in text_of(bad_layer)
