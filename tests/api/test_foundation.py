"""The service skeleton over a real gRPC server and a real Neo4j: health, reflection, auth, error details."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api


async def test_health_is_serving_once_neo4j_answers(api: Api) -> None:
    from grpc_health.v1 import health_pb2

    for service in ("", "graphmem.v1.MemoryService"):
        reply = await api.health.Check(health_pb2.HealthCheckRequest(service=service))
        assert reply.status == health_pb2.HealthCheckResponse.SERVING


async def test_reflection_lists_the_memory_service(api: Api) -> None:
    stub = reflection_pb2_grpc.ServerReflectionStub(api.channel)
    responses = stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
    names = set()
    async for response in responses:
        names |= {s.name for s in response.list_services_response.service}
    assert "graphmem.v1.MemoryService" in names
    assert "grpc.health.v1.Health" in names


async def test_wrong_api_key_is_unauthenticated(api: Api) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.GetPolicy(pb.GetPolicyRequest(), metadata=(("authorization", "Bearer wrong"),))
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_missing_api_key_is_unauthenticated(api: Api) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.GetPolicy(pb.GetPolicyRequest())
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert "authorization" in (err.value.details() or "")


async def test_empty_user_id_is_invalid_argument_naming_the_field(api: Api) -> None:
    request = pb.SearchRequest(scope=pb.Scope(user_id=""), query="anything")
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.Search(request, metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "scope.user_id" in (err.value.details() or "")
    status = rpc_status.from_call(err.value)
    assert status is not None
    bad = error_details_pb2.BadRequest()
    assert any(d.Unpack(bad) for d in status.details)
    assert [v.field for v in bad.field_violations] == ["scope.user_id"]


async def test_get_policy_returns_the_effective_policy(api: Api) -> None:
    reply = await api.stub.GetPolicy(pb.GetPolicyRequest(), metadata=api.auth)
    assert reply.source == "builtin"
    assert "half_life_days" in reply.policy_yaml and "explicit_remember" in reply.policy_yaml


async def test_an_expired_deadline_is_reported_as_such(api: Api) -> None:
    request = pb.SearchRequest(scope=pb.Scope(user_id="deadline-user"), query="x" * 100)
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.Search(request, metadata=api.auth, timeout=0.000001)
    assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
