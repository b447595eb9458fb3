"""`graphmem serve` as launched, on all interfaces: refused with the development key (the message names the
fix, and nothing is started), served with a key configured as a SHA-256 digest; `graphmem mcp` over HTTP
on all interfaces is refused with the development key too."""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.conftest import DEV_KEY, REPO, START_TIMEOUT_SECONDS, graphmem_command


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def newcomer_env(**extra: str) -> dict[str, str]:
    """The tests' environment (so the same local Neo4j is used) without any key or override of the rule."""
    env = {k: v for k, v in os.environ.items() if k not in ("GRAPHMEM_API_KEYS", "GRAPHMEM_ALLOW_DEV_KEY_ON_NETWORK")}
    env.update(extra)
    return env


def test_serving_the_dev_key_on_all_interfaces_is_refused_with_the_fix() -> None:
    done = subprocess.run(
        [*graphmem_command(), "serve", "--host", "0.0.0.0", "--port", str(free_port())],
        cwd=REPO,
        env=newcomer_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "refusing to serve on 0.0.0.0 with the development API key" in done.stderr
    assert "GRAPHMEM_API_KEYS=" in done.stderr and "GRAPHMEM_ALLOW_DEV_KEY_ON_NETWORK=true" in done.stderr
    assert "graphmem serving" not in done.stdout
    assert "warm-up" not in done.stdout + done.stderr  # refused before the model or the database is touched


def test_the_mcp_gateway_over_http_on_all_interfaces_is_refused_with_the_dev_key() -> None:
    done = subprocess.run(
        [*graphmem_command(), "mcp", "--transport", "http", "--host", "0.0.0.0", "--port", str(free_port())],
        cwd=REPO,
        env=newcomer_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "refusing to serve on 0.0.0.0 with the development API key" in done.stderr
    assert "graphmem MCP on" not in done.stderr


def test_a_hashed_key_serves_on_all_interfaces(tmp_path: Path) -> None:
    port = free_port()
    key = "launched-" + hashlib.sha256(os.urandom(16)).hexdigest()[:24]
    env = newcomer_env(
        GRAPHMEM_API_KEYS=f"sha256:{hashlib.sha256(key.encode()).hexdigest()}=ops",
        GRAPHMEM_DATA_DIR=str(tmp_path / "data"),
    )
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            [*graphmem_command(), "serve", "--host", "0.0.0.0", "--port", str(port)],
            cwd=REPO,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            health = health_pb2_grpc.HealthStub(channel)
            deadline = time.monotonic() + START_TIMEOUT_SECONDS
            while True:
                assert process.poll() is None, log_path.read_text()[-4000:]
                assert time.monotonic() < deadline, log_path.read_text()[-4000:]
                try:
                    if health.Check(health_pb2.HealthCheckRequest(), timeout=1).status == 1:
                        break
                except grpc.RpcError:
                    pass
                time.sleep(0.2)
            stub = pb_grpc.MemoryServiceStub(channel)
            reply = stub.GetPolicy(pb.GetPolicyRequest(), metadata=(("authorization", f"Bearer {key}"),), timeout=10)
            assert reply.source == "builtin"
            with pytest.raises(grpc.RpcError) as err:
                stub.GetPolicy(pb.GetPolicyRequest(), metadata=(("authorization", f"Bearer {DEV_KEY}"),), timeout=10)
            assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED  # type: ignore[attr-defined]
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    text = log_path.read_text()
    assert key not in text and '"level": "ERROR"' not in text
