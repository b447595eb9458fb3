"""The as-launched stage: `graphmem serve` started exactly as `make run` starts it, in a subprocess.

Default settings (the development key, default logging at INFO, the local Neo4j the stage was given), its
stderr captured to a log file. Tests here talk to it only over the network, as a user's agent would. When
the session ends the log is read: any ERROR (or CRITICAL) line fails the stage, with the lines quoted.

Environment honoured (so parallel checkouts do not collide): GRAPHMEM_PORT (default 50051) and every other
GRAPHMEM_* variable a user could set; nothing else is overridden.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

REPO = Path(__file__).resolve().parents[2]
DEV_KEY = "graphmem-dev-key"
START_TIMEOUT_SECONDS = 180.0


def graphmem_command() -> list[str]:
    """The `graphmem` console script of the environment running the tests (the one `make run` uses)."""
    beside = Path(sys.executable).with_name("graphmem")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("graphmem")
    if found is None:
        pytest.fail("the `graphmem` command is not installed in this environment; run `make setup`")
    return [found]


@dataclass(frozen=True)
class Launched:
    """A running `graphmem serve`: where it listens, the key a newcomer uses, and its log."""

    host: str
    port: int
    api_key: str
    log_path: Path
    process: subprocess.Popen[bytes]
    seconds_to_serving: float

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    def log_records(self) -> list[dict[str, object]]:
        """The server's JSON log lines so far (non-JSON lines come back as {"raw": line})."""
        records: list[dict[str, object]] = []
        for line in self.log_path.read_text(encoding="utf-8", errors="replace").splitlines():
            if not line.strip():
                continue
            try:
                parsed = json.loads(line)
            except json.JSONDecodeError:
                parsed = {"raw": line}
            records.append(parsed if isinstance(parsed, dict) else {"raw": line})
        return records

    def error_lines(self) -> list[str]:
        bad = []
        for record in self.log_records():
            level = str(record.get("level", ""))
            raw = str(record.get("raw", ""))
            if level in ("ERROR", "CRITICAL") or "Traceback (most recent call last)" in raw:
                bad.append(json.dumps(record, ensure_ascii=False)[:2000])
        return bad


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        return sock.connect_ex((host, port)) != 0


def _wait_serving(address: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    with grpc.insecure_channel(address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"graphmem serve exited with {process.returncode}:\n{log_path.read_text()[-4000:]}")
            try:
                status = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=1.0).status
                if status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.1)
    pytest.fail(f"graphmem serve not SERVING after {START_TIMEOUT_SECONDS:.0f} s:\n{log_path.read_text()[-4000:]}")


@pytest.fixture(scope="session")
def launched(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Launched]:
    """`graphmem serve` as a user launches it; fails the stage if it logged any ERROR."""
    host = "127.0.0.1"
    port = int(os.environ.get("GRAPHMEM_PORT", "50051"))
    if not _port_free(host, port):
        pytest.fail(f"{host}:{port} is already in use; stop the other graphmem or set GRAPHMEM_PORT")
    log_path = tmp_path_factory.mktemp("launched") / "graphmem-serve.log"
    env = dict(os.environ)
    env.pop("GRAPHMEM_API_KEYS", None)  # a newcomer has none: the development key applies
    env.pop("GRAPHMEM_LOG_LEVEL", None)  # default logging, as `make run`
    started = time.monotonic()
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            [*graphmem_command(), "serve"], cwd=REPO, env=env, stdout=log_file, stderr=subprocess.STDOUT
        )
    try:
        _wait_serving(f"{host}:{port}", process, log_path)
        yield Launched(host, port, DEV_KEY, log_path, process, time.monotonic() - started)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                pytest.fail("graphmem serve did not stop within 60 s of SIGTERM")
    errors = Launched(host, port, DEV_KEY, log_path, process, 0.0).error_lines()
    if errors:
        pytest.fail("graphmem serve logged errors during the as-launched stage:\n" + "\n".join(errors))
