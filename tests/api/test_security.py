"""Security of the real server on loopback (real Neo4j, real gRPC): TLS and mutual TLS with certificates made
here, API keys configured as SHA-256 digests, per-tenant rate limits, the server-wide concurrency cap, and
the default deadline cancelling a write before it commits."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import grpc.aio
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from graphmem.config import Settings
from graphmem.service import MemoryService
from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from server.app import RunningServer, start_server
from server.tls import TlsConfigError
from tests.conftest import DEV_KEY, OTHER_KEY, make_settings, unique
from tests.pki import Pki, make_pki


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


# --- servers -----------------------------------------------------------------------------------------------


async def serve(settings: Settings) -> RunningServer:
    return await start_server(settings, MemoryService.from_settings(settings), "127.0.0.1", 0)


def cheap(tmp_path: Path, **overrides: object) -> Settings:
    """Test settings with the hash embedder (these tests are about the transport, not retrieval)."""
    return make_settings(tmp_path, embedder="hash", **overrides)


@pytest.fixture
async def tls_server(tmp_path: Path, pki: Pki) -> AsyncIterator[RunningServer]:
    settings = cheap(
        tmp_path,
        tls_cert_file=pki.write("server.pem", pki.server.cert_pem),
        tls_key_file=pki.write("server.key", pki.server.key_pem),
    )
    running = await serve(settings)
    yield running
    await running.stop(0.5)


@pytest.fixture
async def mtls_server(tmp_path: Path, pki: Pki) -> AsyncIterator[RunningServer]:
    settings = cheap(
        tmp_path,
        tls_cert_file=pki.write("server.pem", pki.server.cert_pem),
        tls_key_file=pki.write("server.key", pki.server.key_pem),
        tls_client_ca_file=pki.write("client-ca.pem", pki.client_ca.cert_pem),
    )
    running = await serve(settings)
    yield running
    await running.stop(0.5)


AUTH = (("authorization", f"Bearer {DEV_KEY}"),)


async def get_policy(channel: grpc.aio.Channel, auth: tuple[tuple[str, str], ...] = AUTH) -> pb.GetPolicyResponse:
    reply: pb.GetPolicyResponse = await pb_grpc.MemoryServiceStub(channel).GetPolicy(
        pb.GetPolicyRequest(), metadata=auth, timeout=5
    )
    return reply


# --- TLS ---------------------------------------------------------------------------------------------------


async def test_tls_client_is_served_and_plaintext_client_is_not(tls_server: RunningServer, pki: Pki) -> None:
    target = f"127.0.0.1:{tls_server.port}"
    async with grpc.aio.secure_channel(target, grpc.ssl_channel_credentials(pki.server_ca.cert_pem)) as channel:
        assert "half_life_days" in (await get_policy(channel)).policy_yaml
    async with grpc.aio.insecure_channel(target) as channel:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await get_policy(channel)
    assert err.value.code() == grpc.StatusCode.UNAVAILABLE


async def test_a_client_that_does_not_trust_the_server_certificate_fails(tls_server: RunningServer, pki: Pki) -> None:
    wrong_roots = grpc.ssl_channel_credentials(pki.client_ca.cert_pem)
    async with grpc.aio.secure_channel(f"127.0.0.1:{tls_server.port}", wrong_roots) as channel:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await get_policy(channel)
    assert err.value.code() == grpc.StatusCode.UNAVAILABLE


async def test_mutual_tls_requires_a_client_certificate_from_the_client_ca(
    mtls_server: RunningServer, pki: Pki
) -> None:
    target = f"127.0.0.1:{mtls_server.port}"
    with_cert = grpc.ssl_channel_credentials(pki.server_ca.cert_pem, pki.client.key_pem, pki.client.cert_pem)
    async with grpc.aio.secure_channel(target, with_cert) as channel:
        assert (await get_policy(channel)).source == "builtin"
    for credentials in (
        grpc.ssl_channel_credentials(pki.server_ca.cert_pem),  # no client certificate
        grpc.ssl_channel_credentials(pki.server_ca.cert_pem, pki.stranger.key_pem, pki.stranger.cert_pem),
    ):
        async with grpc.aio.secure_channel(target, credentials) as channel:
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await get_policy(channel)
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE


async def test_mutual_tls_still_needs_an_api_key(mtls_server: RunningServer, pki: Pki) -> None:
    credentials = grpc.ssl_channel_credentials(pki.server_ca.cert_pem, pki.client.key_pem, pki.client.cert_pem)
    async with grpc.aio.secure_channel(f"127.0.0.1:{mtls_server.port}", credentials) as channel:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await get_policy(channel, auth=())
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_an_unreadable_certificate_stops_start_up_naming_the_setting(tmp_path: Path, pki: Pki) -> None:
    settings = cheap(
        tmp_path, tls_cert_file=tmp_path / "missing.pem", tls_key_file=pki.write("server.key", pki.server.key_pem)
    )
    service = MemoryService.from_settings(settings)
    try:
        with pytest.raises(TlsConfigError, match=r"GRAPHMEM_TLS_CERT_FILE=.*missing\.pem: cannot read it"):
            await start_server(settings, service, "127.0.0.1", 0)
    finally:
        await service.close()


# --- keys, quotas, deadlines -------------------------------------------------------------------------------


async def test_keys_configured_as_sha256_digests_authenticate(tmp_path: Path) -> None:
    digest = hashlib.sha256(b"a-long-random-key").hexdigest()
    running = await serve(cheap(tmp_path, api_keys=f"sha256:{digest}=tenant-h,plain-key=tenant-p"))
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            await get_policy(channel, (("authorization", "Bearer a-long-random-key"),))
            await get_policy(channel, (("authorization", "Bearer plain-key"),))
            for wrong in (f"sha256:{digest}", digest, DEV_KEY):
                with pytest.raises(grpc.aio.AioRpcError) as err:
                    await get_policy(channel, (("authorization", f"Bearer {wrong}"),))
                assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED
    finally:
        await running.stop(0.5)


async def test_a_tenant_over_its_rate_gets_resource_exhausted_with_retry_info(tmp_path: Path) -> None:
    running = await serve(cheap(tmp_path, tenant_rate_per_second=0.5, tenant_rate_burst=3))
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            for _ in range(3):
                await get_policy(channel)
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await get_policy(channel)
            await get_policy(channel, (("authorization", f"Bearer {OTHER_KEY}"),))  # tenant-b is unaffected
    finally:
        await running.stop(0.5)
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "calls per second" in (err.value.details() or "")
    status = rpc_status.from_call(err.value)
    assert status is not None
    retry, quota = error_details_pb2.RetryInfo(), error_details_pb2.QuotaFailure()
    assert any(d.Unpack(retry) for d in status.details) and any(d.Unpack(quota) for d in status.details)
    assert 0 < retry.retry_delay.ToNanoseconds() <= 2_000_000_000
    assert quota.violations[0].subject == "tenant:tenant-a"


async def test_the_server_caps_concurrent_calls(tmp_path: Path) -> None:
    running = await serve(cheap(tmp_path, max_concurrent_rpcs=1, tenant_max_concurrent_rpcs=0))
    user = unique("cap")
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            calls = [
                stub.AddEpisodes(
                    pb.AddEpisodesRequest(
                        scope=pb.Scope(user_id=user),
                        episodes=[
                            pb.EpisodeInput(key=f"k{i}-{j}", text=f"note {i} {j}", speaker="user") for j in range(20)
                        ],
                    ),
                    metadata=AUTH,
                    timeout=30,
                )
                for i in range(12)
            ]
            outcomes = await asyncio.gather(*calls, return_exceptions=True)
    finally:
        await running.stop(0.5)
    refused = [o for o in outcomes if isinstance(o, grpc.aio.AioRpcError)]
    assert refused, "12 simultaneous writes all ran although the server allows 1 at a time"
    assert {r.code() for r in refused} == {grpc.StatusCode.RESOURCE_EXHAUSTED}
    assert len(refused) < len(outcomes)


async def test_the_default_deadline_cancels_a_write_before_it_commits(tmp_path: Path) -> None:
    running = await serve(cheap(tmp_path, default_deadline_seconds=0.001))
    user = unique("deadline")
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            request = pb.AddEpisodesRequest(
                scope=pb.Scope(user_id=user),
                episodes=[pb.EpisodeInput(key=f"k{j}", text=f"remember item {j}", speaker="user") for j in range(50)],
            )
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.AddEpisodes(request, metadata=AUTH)  # no client deadline: the server's applies
            listed = await stub.ListEpisodes(
                pb.ListEpisodesRequest(scope=pb.Scope(user_id=user)), metadata=AUTH, timeout=20
            )
    finally:
        await running.stop(0.5)
    assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert list(listed.episodes) == []


async def test_the_python_client_speaks_mutual_tls(mtls_server: RunningServer, pki: Pki) -> None:
    from graphmem.client import AsyncMemoryClient, ClientTLS, GraphmemClientError

    target = f"127.0.0.1:{mtls_server.port}"
    tls = ClientTLS(pki.server_ca.cert_pem, pki.client.key_pem, pki.client.cert_pem)
    async with AsyncMemoryClient(target, DEV_KEY, tls=tls, timeout=5) as client:
        assert (await client.get_policy()).source == "builtin"
    async with AsyncMemoryClient(target, DEV_KEY, tls=ClientTLS(pki.server_ca.cert_pem), timeout=5) as client:
        with pytest.raises(GraphmemClientError):
            await client.get_policy()
