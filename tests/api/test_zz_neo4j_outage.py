"""Neo4j stopped under a running server: NOT_SERVING and UNAVAILABLE (never INTERNAL, no crash), then
SERVING again once it is back, without restarting graphmem. Runs last among the API tests."""

from __future__ import annotations

import asyncio
import os

import grpc
import pytest
from grpc_health.v1 import health_pb2

from graphmem.storage.neo4j.local import LocalNeo4j, LocalNeo4jConfig
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, wait_health


async def test_neo4j_outage_turns_health_off_and_back_on(api: Api) -> None:
    if os.environ.get("GRAPHMEM_NEO4J_URI"):
        pytest.fail("this test stops and restarts the local Neo4j; unset GRAPHMEM_NEO4J_URI to run it")
    local = LocalNeo4j(LocalNeo4jConfig.from_env())
    assert local.status().running, "the local Neo4j must be running (make test starts it)"
    scope = pb.Scope(user_id="outage-user")
    try:
        await asyncio.to_thread(local.stop)
        await wait_health(api.health, health_pb2.HealthCheckResponse.NOT_SERVING, timeout=30)
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await api.stub.Search(pb.SearchRequest(scope=scope, query="anything"), metadata=api.auth)
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        episode = pb.EpisodeInput(key="k1", text="written while the database is down")
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=[episode]), metadata=api.auth)
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        await asyncio.to_thread(local.start)
    await wait_health(api.health, health_pb2.HealthCheckResponse.SERVING, timeout=60)
    reply = await api.stub.Search(pb.SearchRequest(scope=scope, query="anything"), metadata=api.auth)
    assert pb.LAYER_EPISODIC in reply.route.layers
