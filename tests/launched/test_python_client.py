"""The typed Python client against `graphmem serve` as launched: the README's path (AddEpisodes → Search with
route and score breakdown → ListFacts → GetContext) with the development key, both flavours."""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import UTC, datetime

import pytest

from graphmem.client import AsyncMemoryClient, ClientScope, MemoryClient, NewEpisode, UnauthenticatedError
from graphmem.model import FactStatus, Layer
from tests.launched.conftest import Launched


def test_sync_client_add_search_facts_context(launched: Launched) -> None:
    scope = ClientScope(user_id=f"py-{uuid.uuid4().hex[:8]}", session_id="s1")
    with MemoryClient(launched.address, launched.api_key, timeout=60) as client:
        assert client.health()
        (written,) = client.add_episodes(
            scope,
            [NewEpisode("m1", "记住：我不吃香菜", datetime(2026, 11, 20, 9, tzinfo=UTC), speaker="user")],
        )
        assert written.created
        result = client.search(scope, "她不吃什么？")
        assert result.hits[0].id == written.id and result.hits[0].layer == Layer.EPISODIC
        assert result.route.reason and result.hits[0].breakdown.weights
        deadline = time.monotonic() + 60
        while not (facts := client.list_facts(scope).items) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert [(f.key, f.status) for f in facts] == [("user|taste|香菜", FactStatus.ACTIVE)]
        client.open_session(scope, instructions=["回答要简洁"])
        context = client.get_context(scope, "她不吃什么？", token_budget=300)
        assert context.items[0].text == "回答要简洁" and any("香菜" in i.text for i in context.items)
        assert client.forget_user(scope).episodes_deleted == 1


async def test_async_client_is_refused_without_a_known_key(launched: Launched) -> None:
    async with AsyncMemoryClient(launched.address, "not-a-key", timeout=60) as client:
        with pytest.raises(UnauthenticatedError) as err:
            await client.search(ClientScope(user_id="x"), "anything")
        assert err.value.reason == "UNAUTHENTICATED"
        assert await asyncio.wait_for(client.health(), 60)
