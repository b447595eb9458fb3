"""`graphmem serve` launched with the documented security settings (README, Security): mutual TLS, a key given
as a SHA-256 digest, per-tenant rate limits, a default deadline and the LLM router pointed at a local
endpoint that fails. One server, each behaviour checked as a client sees it:

- a client with a certificate from the client CA is served; a plaintext client, a TLS client without a
  certificate and one with a stranger's certificate are refused;
- a tenant over its rate gets RESOURCE_EXHAUSTED with QuotaFailure, RetryInfo and ErrorInfo details, and
  another tenant is unaffected;
- a call without a client deadline gets the server's default one: it answers DEADLINE_EXCEEDED and its
  write never commits;
- Search never returns the router endpoint's error text in `route.reason`; after the configured number of
  failures the endpoint is no longer asked, and after the cool-down one trial request finds it recovered.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.conftest import START_TIMEOUT_SECONDS
from tests.launched.serve import error_lines, log_records, spawn_serve, stop
from tests.launched.test_security_launched import free_port, newcomer_env
from tests.pki import Pki, make_pki

ROUTER_FAILURES = 2
ROUTER_COOLDOWN_SECONDS = 10.0
RATE_BURST = 20
SECRET = "secret-internal-detail: upstream pool exhausted at 10.0.0.7"


class RouterEndpoint:
    """A chat-completions endpoint on loopback that fails (500 with an internal error text) or answers."""

    def __init__(self) -> None:
        self.failing = True
        self.calls = 0
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                endpoint.calls += 1
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if endpoint.failing:
                    body = json.dumps({"error": SECRET}).encode()
                    self.send_response(500)
                else:
                    content = json.dumps({"layers": ["semantic"], "reason": "a preference"})
                    body = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
                    self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)


@dataclass(frozen=True)
class Secured:
    address: str
    pki: Pki
    ops_key: str  # configured as its SHA-256 digest only
    flood_key: str
    router: RouterEndpoint
    log_path: Path

    def credentials(self) -> grpc.ChannelCredentials:
        return grpc.ssl_channel_credentials(
            self.pki.server_ca.cert_pem, self.pki.client.key_pem, self.pki.client.cert_pem
        )

    def auth(self, key: str) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {key}"),)


def wait_serving(
    address: str, credentials: grpc.ChannelCredentials, process: subprocess.Popen[bytes], log: Path
) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    with grpc.secure_channel(address, credentials) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while True:
            assert process.poll() is None, log.read_text()[-4000:]
            assert time.monotonic() < deadline, f"not SERVING in time:\n{log.read_text()[-4000:]}"
            try:
                if (
                    health.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                    == health_pb2.HealthCheckResponse.SERVING
                ):
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.2)


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Secured]:
    directory = tmp_path_factory.mktemp("secured")
    pki = make_pki(directory)
    ops_key = "ops-" + uuid.uuid4().hex
    flood_key = "flood-" + uuid.uuid4().hex
    router = RouterEndpoint()
    port = free_port()
    env = newcomer_env(
        GRAPHMEM_API_KEYS=f"sha256:{hashlib.sha256(ops_key.encode()).hexdigest()}=ops,{flood_key}=flood",
        GRAPHMEM_DATA_DIR=str(directory / "data"),
        GRAPHMEM_TLS_CERT_FILE=str(pki.write("server.pem", pki.server.cert_pem)),
        GRAPHMEM_TLS_KEY_FILE=str(pki.write("server.key", pki.server.key_pem)),
        GRAPHMEM_TLS_CLIENT_CA_FILE=str(pki.write("client-ca.pem", pki.client_ca.cert_pem)),
        GRAPHMEM_TENANT_RATE_PER_SECOND="0.5",
        GRAPHMEM_TENANT_RATE_BURST=str(RATE_BURST),
        GRAPHMEM_DEFAULT_DEADLINE_SECONDS="0.001",
        GRAPHMEM_ROUTER_LLM_BASE_URL=router.url,
        GRAPHMEM_ROUTER_LLM_MODEL="tiny",
        GRAPHMEM_ROUTER_LLM_FAILURE_THRESHOLD=str(ROUTER_FAILURES),
        GRAPHMEM_ROUTER_LLM_COOLDOWN_SECONDS=str(ROUTER_COOLDOWN_SECONDS),
    )
    env.pop("GRAPHMEM_LOG_LEVEL", None)
    log_path = directory / "serve.log"
    process = spawn_serve(port, env, log_path)
    secured = Secured(f"127.0.0.1:{port}", pki, ops_key, flood_key, router, log_path)
    try:
        wait_serving(secured.address, secured.credentials(), process, log_path)
        yield secured
    finally:
        stop(process)
        router.close()
    text = log_path.read_text()
    assert ops_key not in text and flood_key not in text and SECRET not in text
    assert error_lines(log_path) == []


def get_policy(channel: grpc.Channel, auth: tuple[tuple[str, str], ...]) -> pb.GetPolicyResponse:
    reply: pb.GetPolicyResponse = pb_grpc.MemoryServiceStub(channel).GetPolicy(
        pb.GetPolicyRequest(), metadata=auth, timeout=10
    )
    return reply


def test_mutual_tls_serves_a_certified_client_and_refuses_the_rest(secured: Secured) -> None:
    with grpc.secure_channel(secured.address, secured.credentials()) as channel:
        assert get_policy(channel, secured.auth(secured.ops_key)).source == "builtin"
    listening = [r for r in log_records(secured.log_path) if r.get("msg") == "graphmem listening"]
    assert listening and listening[0].get("tls") == "mutual"
    refused = {
        "plaintext": None,
        "no client certificate": grpc.ssl_channel_credentials(secured.pki.server_ca.cert_pem),
        "a stranger's certificate": grpc.ssl_channel_credentials(
            secured.pki.server_ca.cert_pem, secured.pki.stranger.key_pem, secured.pki.stranger.cert_pem
        ),
    }
    for what, credentials in refused.items():
        channel = (
            grpc.insecure_channel(secured.address)
            if credentials is None
            else grpc.secure_channel(secured.address, credentials)
        )
        with channel, pytest.raises(grpc.RpcError) as err:
            get_policy(channel, secured.auth(secured.ops_key))
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE, what


def test_a_tenant_over_its_rate_is_told_when_to_retry_and_others_are_served(secured: Secured) -> None:
    refusals: list[grpc.RpcError] = []
    with grpc.secure_channel(secured.address, secured.credentials()) as channel:
        for _ in range(RATE_BURST + 10):
            try:
                get_policy(channel, secured.auth(secured.flood_key))
            except grpc.RpcError as exc:
                refusals.append(exc)
        assert get_policy(channel, secured.auth(secured.ops_key)).source == "builtin"  # another tenant
    assert refusals, f"{RATE_BURST + 10} calls at once all passed a burst of {RATE_BURST}"
    assert {r.code() for r in refusals} == {grpc.StatusCode.RESOURCE_EXHAUSTED}
    status = rpc_status.from_call(refusals[0])
    assert status is not None
    retry, quota, info = error_details_pb2.RetryInfo(), error_details_pb2.QuotaFailure(), error_details_pb2.ErrorInfo()
    assert any(d.Unpack(retry) for d in status.details)
    assert any(d.Unpack(quota) for d in status.details)
    assert any(d.Unpack(info) for d in status.details)
    assert retry.retry_delay.ToNanoseconds() > 0
    assert quota.violations[0].subject == "tenant:flood"
    assert info.reason == "QUOTA_EXCEEDED" and info.metadata["limit"] == "calls_per_second"


def test_a_call_without_a_deadline_gets_the_default_and_its_write_never_commits(secured: Secured) -> None:
    user = f"deadline-{uuid.uuid4().hex[:8]}"
    request = pb.AddEpisodesRequest(
        scope=pb.Scope(user_id=user),
        episodes=[pb.EpisodeInput(key=f"k{j}", text=f"remember item {j}", speaker="user") for j in range(20)],
    )
    with grpc.secure_channel(secured.address, secured.credentials()) as channel:
        stub = pb_grpc.MemoryServiceStub(channel)
        with pytest.raises(grpc.RpcError) as err:
            stub.AddEpisodes(request, metadata=secured.auth(secured.ops_key))  # no client deadline
        listed = stub.ListEpisodes(
            pb.ListEpisodesRequest(scope=pb.Scope(user_id=user)), metadata=secured.auth(secured.ops_key), timeout=30
        )
    assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert list(listed.episodes) == []


def test_the_llm_router_never_leaks_its_error_and_its_circuit_opens_then_recovers(secured: Secured) -> None:
    router = secured.router
    user = f"router-{uuid.uuid4().hex[:8]}"

    with grpc.secure_channel(secured.address, secured.credentials()) as channel:
        stub = pb_grpc.MemoryServiceStub(channel)

        def reason() -> str:
            reply = stub.Search(
                pb.SearchRequest(scope=pb.Scope(user_id=user), query="what food do I like"),
                metadata=secured.auth(secured.ops_key),
                timeout=30,
            )
            return str(reply.route.reason)

        failing = [reason() for _ in range(ROUTER_FAILURES - 1)]
        last_failure_started = time.monotonic()  # the circuit opens after this, so it stays open until +cooldown
        failing.append(reason())
        asked_until_open = router.calls
        while_open: list[str] = []
        asked_while_open = 0
        for _ in range(4):
            text = reason()
            if time.monotonic() >= last_failure_started + ROUTER_COOLDOWN_SECONDS:
                break  # the cool-down may have passed: a trial request is allowed from here on
            while_open.append(text)
            asked_while_open = router.calls - asked_until_open
        router.failing = False
        time.sleep(ROUTER_COOLDOWN_SECONDS + 0.5)  # from any later failure too: the next call is the trial
        recovered = [reason() for _ in range(2)]

    for text in failing + while_open:
        assert text.startswith("llm router unavailable; rules used"), text
        assert "secret" not in text and "500" not in text and "Error" not in text
    assert asked_until_open >= ROUTER_FAILURES
    assert while_open, "no Search finished within the cool-down"
    assert asked_while_open == 0
    assert all(text.startswith("llm tiny: a preference") for text in recovered), recovered
