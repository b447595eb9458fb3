"""`graphmem mcp --transport http` as an agent host reaches it: the streamable HTTP endpoint at /mcp in a
subprocess, driven by the official SDK's own HTTP client with a bearer key, its tools calling the launched
`graphmem serve` over gRPC. Requests without a known key are refused with 401 before any tool runs."""

from __future__ import annotations

import socket
import subprocess
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.launched.conftest import Launched, graphmem_command
from tests.launched.serve import stop

TOOLS = {"remember", "recall", "context", "facts", "fact_history", "forget_episode"}
START_TIMEOUT_SECONDS = 120.0


@dataclass(frozen=True)
class McpHttp:
    url: str
    user: str


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_listening(port: int, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"graphmem mcp exited {process.returncode}:\n{log_path.read_text(errors='replace')[-4000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"graphmem mcp did not listen on {port} within {START_TIMEOUT_SECONDS:.0f} s")


@pytest.fixture(scope="module")
def mcp_http(launched: Launched, tmp_path_factory: pytest.TempPathFactory) -> Iterator[McpHttp]:
    """`graphmem mcp --transport http` on a free loopback port, in front of the launched service."""
    port, user = free_port(), f"mcp-http-{uuid.uuid4().hex[:8]}"
    log_path = tmp_path_factory.mktemp("mcp-http") / "graphmem-mcp.log"
    args = ["mcp", "--transport", "http", "--target", launched.address, "--port", str(port), "--user-id", user]
    with log_path.open("wb") as log:
        process = subprocess.Popen([*graphmem_command(), *args], stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_listening(port, process, log_path)
        yield McpHttp(f"http://127.0.0.1:{port}/mcp", user)
    finally:
        stop(process)
    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, log[-4000:]


@asynccontextmanager
async def connected(endpoint: McpHttp, api_key: str) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {api_key}"}
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60, read=300))
    transport = streamable_http_client(endpoint.url, http_client=http)
    async with http, Client(transport, read_timeout_seconds=120) as client:
        yield client


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, (tool, result.content)
    return result.structured_content


async def test_the_mcp_tools_work_over_streamable_http_with_a_bearer_key(launched: Launched, mcp_http: McpHttp) -> None:
    async with connected(mcp_http, launched.api_key) as client:
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS

        spare = await call(client, "remember", text="the spare key is under the blue flowerpot", session_id="s1")
        assert spare["created"] and spare["id"]
        found = await call(client, "recall", query="where is the spare key?", top_k=3)
        top = found["hits"][0]
        assert top["id"] == spare["id"] and "flowerpot" in top["text"]
        assert set(top["breakdown"]) >= {"similarity", "lexical", "recency", "importance", "weights"}
        assert found["route"]["layers"] and found["route"]["reason"]

        context = await call(client, "context", query="where is the spare key?", token_budget=400)
        assert "flowerpot" in context["text"] and context["tokens"] <= 400

        assert await call(client, "forget_episode", episode_id=spare["id"]) == {"deleted": spare["id"]}
        again = await call(client, "recall", query="where is the spare key?", top_k=3)
        assert spare["id"] not in [h["id"] for h in again["hits"]]


@pytest.mark.parametrize("authorization", [None, "Bearer not-a-key", "Basic Z3JhcGhtZW06ZGV2"])
async def test_requests_without_a_known_bearer_key_are_refused_with_401(
    mcp_http: McpHttp, authorization: str | None
) -> None:
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    if authorization is not None:
        headers["Authorization"] = authorization
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    async with httpx2.AsyncClient(timeout=60) as http:
        response = await http.post(mcp_http.url, headers=headers, json=initialize)
    assert response.status_code == 401, response.text
    assert response.headers["www-authenticate"].startswith("Bearer")
    assert response.json()["error"] == "unauthenticated"
