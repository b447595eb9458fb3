"""`graphmem serve` started as a user starts it: a subprocess with default settings, its output in a log file.

Shared by the as-launched test stage (tests/launched/conftest.py) and the start-up benchmark
(tests/bench/startup.py). Failures raise LaunchError with the tail of the server's log; nothing here
depends on pytest.
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
from dataclasses import dataclass
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

REPO = Path(__file__).resolve().parents[2]
DEV_KEY = "graphmem-dev-key"
DEFAULT_ADDRESS = "127.0.0.1:50051"
START_TIMEOUT_SECONDS = 180.0
STOP_TIMEOUT_SECONDS = 60.0


class LaunchError(RuntimeError):
    """`graphmem serve` could not be started, did not become SERVING, or did not stop."""


def graphmem_command() -> list[str]:
    """The `graphmem` console script of the environment running the tests (the one `make run` uses)."""
    beside = Path(sys.executable).with_name("graphmem")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("graphmem")
    if found is None:
        raise LaunchError("the `graphmem` command is not installed in this environment; run `make setup`")
    return [found]


def log_records(log_path: Path) -> list[dict[str, object]]:
    """The server's JSON log lines (non-JSON lines come back as {"raw": line})."""
    records: list[dict[str, object]] = []
    for line in log_path.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line.strip():
            continue
        try:
            parsed = json.loads(line)
        except json.JSONDecodeError:
            parsed = {"raw": line}
        records.append(parsed if isinstance(parsed, dict) else {"raw": line})
    return records


def error_lines(log_path: Path) -> list[str]:
    """Every ERROR or CRITICAL record, and every raw traceback line, quoted (at most 2,000 characters each)."""
    bad = []
    for record in log_records(log_path):
        level = str(record.get("level", ""))
        raw = str(record.get("raw", ""))
        if level in ("ERROR", "CRITICAL") or "Traceback (most recent call last)" in raw:
            bad.append(json.dumps(record, ensure_ascii=False)[:2000])
    return bad


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
        return log_records(self.log_path)

    def error_lines(self) -> list[str]:
        return error_lines(self.log_path)


def port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        return sock.connect_ex((host, port)) != 0


def _tail(log_path: Path) -> str:
    return log_path.read_text(encoding="utf-8", errors="replace")[-4000:]


def wait_serving(address: str, process: subprocess.Popen[bytes], log_path: Path, timeout: float) -> None:
    """Polls the standard health service until it says SERVING (raises LaunchError if it dies or times out)."""
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise LaunchError(f"graphmem serve exited with {process.returncode}:\n{_tail(log_path)}")
            try:
                status = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=1.0).status
                if status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.05)
    raise LaunchError(f"graphmem serve not SERVING after {timeout:.0f} s:\n{_tail(log_path)}")


def launch(log_path: Path, timeout: float = START_TIMEOUT_SECONDS) -> Launched:
    """Starts `graphmem serve` with the caller's GRAPHMEM_* environment minus the API keys and log level
    (a newcomer has neither: the development key and INFO logging apply) and waits until it is SERVING."""
    host = "127.0.0.1"
    port = int(os.environ.get("GRAPHMEM_PORT", "50051"))
    if not port_free(host, port):
        raise LaunchError(f"{host}:{port} is already in use; stop the other graphmem or set GRAPHMEM_PORT")
    env = dict(os.environ)
    env.pop("GRAPHMEM_API_KEYS", None)
    env.pop("GRAPHMEM_LOG_LEVEL", None)
    started = time.monotonic()
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            [*graphmem_command(), "serve"], cwd=REPO, env=env, stdout=log_file, stderr=subprocess.STDOUT
        )
    try:
        wait_serving(f"{host}:{port}", process, log_path, timeout)
    except BaseException:
        stop(process)
        raise
    return Launched(host, port, DEV_KEY, log_path, process, time.monotonic() - started)


def spawn_serve(port: int, env: dict[str, str], log_path: Path) -> subprocess.Popen[bytes]:
    """Starts `graphmem serve --port PORT` from the repository with `env`, its output in `log_path`."""
    with log_path.open("wb") as log_file:
        return subprocess.Popen(
            [*graphmem_command(), "serve", "--port", str(port)],
            cwd=REPO,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM (a graceful stop), then wait; kills and raises LaunchError if it does not stop in time."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=STOP_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise LaunchError(f"graphmem serve did not stop within {STOP_TIMEOUT_SECONDS:.0f} s of SIGTERM") from None
