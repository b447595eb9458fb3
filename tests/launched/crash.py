"""The crash drill: `graphmem serve` (a subprocess on its own port and data directory, the shared Neo4j) is
killed with SIGKILL while clients are writing, several times; then a fresh server must return every episode
it acknowledged (by id) and find each by its unique token through Search once the side indexes (FAISS, BM25)
have caught up.

Shared by the as-launched test (tests/launched/test_crash.py, small) and the fault benchmark
(tests/bench/faults.py, larger). Nothing here depends on pytest.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import grpc

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.serve import DEV_KEY, REPO, LaunchError, graphmem_command, stop, wait_serving

CATCH_UP_SECONDS = 120.0
"""How long a fresh server may take until every acknowledged token is found by Search."""


@dataclass
class CrashReport:
    """What the drill saw: kills, writes acknowledged and refused, and what a fresh server found."""

    kills: int = 0
    acknowledged: dict[str, tuple[str, str]] = field(default_factory=dict)  # id -> (user, token)
    refused: int = 0
    lost: list[str] = field(default_factory=list)  # acknowledged ids the fresh server does not return
    unfound: list[str] = field(default_factory=list)  # acknowledged tokens Search never found
    restart_seconds: list[float] = field(default_factory=list)
    catch_up_seconds: float = 0.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _metadata(user: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {DEV_KEY}"), ("x-graphmem-user", user))


class Server:
    """One `graphmem serve` on `port` with `data_dir`, its log appended to `log_path`."""

    def __init__(self, port: int, data_dir: Path, log_path: Path) -> None:
        self.port, self.data_dir, self.log_path = port, data_dir, log_path
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> float:
        """Starts the server and waits until it is SERVING; returns the seconds that took."""
        env = dict(os.environ)
        env.pop("GRAPHMEM_API_KEYS", None)
        env |= {"GRAPHMEM_PORT": str(self.port), "GRAPHMEM_DATA_DIR": str(self.data_dir)}
        started = time.monotonic()
        with self.log_path.open("ab") as log_file:
            self.process = subprocess.Popen(
                [*graphmem_command(), "serve"], cwd=REPO, env=env, stdout=log_file, stderr=subprocess.STDOUT
            )
        wait_serving(self.address, self.process, self.log_path, 240.0)
        return time.monotonic() - started

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)


class Writers:
    """`count` threads adding one episode per call, each with a unique token, round-robin over `users`."""

    def __init__(self, address: str, users: list[str], count: int, report: CrashReport) -> None:
        self._address, self._users, self._report = address, users, report
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._run, args=(i,), daemon=True) for i in range(count)]

    def __enter__(self) -> Writers:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(60)

    def _run(self, index: int) -> None:
        with grpc.insecure_channel(self._address) as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            n = 0
            while not self._stop.is_set():
                user = self._users[(index + n) % len(self._users)]
                n += 1
                token = "zq" + uuid.uuid4().hex[:12]
                episode = pb.EpisodeInput(key=token, text=f"crash drill note {token}", session_id="s1", speaker="user")
                try:
                    reply = stub.AddEpisodes(
                        pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=[episode]),
                        metadata=_metadata(user),
                        timeout=30,
                    )
                except grpc.RpcError:  # not acknowledged: it may or may not be stored, and is not counted
                    with self._lock:
                        self._report.refused += 1
                    time.sleep(0.05)
                    continue
                with self._lock:
                    self._report.acknowledged[reply.results[0].id] = (user, token)

    def wait_for(self, count: int, seconds: float = 240.0) -> None:
        deadline = time.monotonic() + seconds
        while len(self._report.acknowledged) < count:
            if time.monotonic() > deadline:
                raise LaunchError(f"writes stalled at {len(self._report.acknowledged)} acknowledged")
            time.sleep(0.02)


def _returned(stub: pb_grpc.MemoryServiceStub, episode_id: str, user: str, token: str) -> bool:
    try:
        reply = stub.GetEpisode(
            pb.GetEpisodeRequest(scope=pb.Scope(user_id=user), id=episode_id), metadata=_metadata(user), timeout=30
        )
    except grpc.RpcError as exc:
        if exc.code() == grpc.StatusCode.NOT_FOUND:
            return False
        raise
    return token in reply.episode.text


def _found(stub: pb_grpc.MemoryServiceStub, user: str, token: str) -> bool:
    reply = stub.Search(
        pb.SearchRequest(scope=pb.Scope(user_id=user), query=token, top_k=5, layers=[pb.LAYER_EPISODIC]),
        metadata=_metadata(user),
        timeout=30,
    )
    return any(token in hit.text for hit in reply.hits)


def crash_drill(
    workdir: Path, kills: int = 3, writers: int = 4, users: int = 4, writes_per_round: int = 10
) -> CrashReport:
    """Runs `kills` rounds of (start, write, SIGKILL mid-write), then checks with a fresh server."""
    report = CrashReport()
    server = Server(_free_port(), workdir / "data", workdir / "graphmem-serve.log")
    names = [f"crash-{uuid.uuid4().hex[:8]}" for _ in range(users)]
    for _ in range(kills):
        report.restart_seconds.append(server.start())
        with Writers(server.address, names, writers, report) as running:
            running.wait_for(len(report.acknowledged) + writes_per_round)
            server.kill()  # the writers are mid-call: some requests are in flight when the process dies
            report.kills += 1
    report.restart_seconds.append(server.start())
    try:
        with grpc.insecure_channel(server.address) as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            report.lost = [i for i, (u, t) in report.acknowledged.items() if not _returned(stub, i, u, t)]
            started = time.monotonic()
            pending = dict(report.acknowledged)
            while pending and time.monotonic() - started < CATCH_UP_SECONDS:
                pending = {i: (u, t) for i, (u, t) in pending.items() if not _found(stub, u, t)}
                if pending:
                    time.sleep(0.5)
            report.catch_up_seconds = time.monotonic() - started
            report.unfound = [t for _, t in pending.values()]
    finally:
        server.stop()
    return report
