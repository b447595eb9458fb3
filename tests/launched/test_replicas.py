"""Three `graphmem serve` replicas behind nginx (the shipped docker/nginx/graphmem.conf), one shared Neo4j.

Proves the deployment story of the README: writes through the proxy are readable on any replica at once
(Neo4j is the source of truth; a replica catches its partitions up on read), users stick to a replica by the
`x-graphmem-user` header, and when a replica is killed mid-traffic the proxy moves its users to the others
with no acknowledged write lost. nginx comes from Debian's packages (`.ci/run` installs it); without it the
test fails with that reason.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.conftest import DEV_KEY, REPO, graphmem_command

NGINX_CONF = REPO / "docker" / "nginx" / "graphmem.conf"
REPLICAS = 3
USERS = 12


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        pytest.fail("nginx is not installed: `apt-get install nginx` (Debian's package; .ci/run installs it)")
    return found


@dataclass
class Replica:
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"


@dataclass
class Cluster:
    replicas: list[Replica]
    proxy_port: int

    @property
    def proxy(self) -> str:
        return f"127.0.0.1:{self.proxy_port}"


def _wait_serving(address: str, process: subprocess.Popen[bytes], what: str, seconds: float = 240.0) -> None:
    deadline = time.monotonic() + seconds
    with grpc.insecure_channel(address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"{what} exited with {process.returncode}")
            try:
                status = health.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                if status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.2)
    pytest.fail(f"{what} at {address} not SERVING after {seconds:.0f} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _nginx_conf(replica_ports: list[int], proxy_port: int, workdir: Path) -> Path:
    text = NGINX_CONF.read_text(encoding="utf-8")
    for index, port in enumerate(replica_ports, 1):
        assert f"graphmem-{index}:50051" in text, "docker/nginx/graphmem.conf no longer names its replicas"
        text = text.replace(f"graphmem-{index}:50051", f"127.0.0.1:{port}")
    assert "listen 50050 http2;" in text and "pid /tmp/graphmem-nginx.pid;" in text
    text = text.replace("listen 50050 http2;", f"listen 127.0.0.1:{proxy_port} http2;")
    text = text.replace("pid /tmp/graphmem-nginx.pid;", f"pid {workdir / 'nginx.pid'};")
    if os.geteuid() == 0:  # workers would run as `nobody`, unable to use the temp dirs below
        text = "user root;\n" + text
    temps = "\n".join(
        f"    {name}_temp_path {workdir / name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    text = text.replace("http {\n", "http {\n" + temps + "\n", 1)
    path = workdir / "nginx.conf"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    nginx = _nginx_binary()
    workdir = tmp_path_factory.mktemp("replicas")
    replicas: list[Replica] = []
    proxy: subprocess.Popen[bytes] | None = None
    try:
        for index in range(REPLICAS):
            port = _free_port()
            env = dict(os.environ)
            env.pop("GRAPHMEM_API_KEYS", None)
            env |= {"GRAPHMEM_PORT": str(port), "GRAPHMEM_DATA_DIR": str(workdir / f"data-{index}")}
            log_path = workdir / f"replica-{index}.log"
            with log_path.open("wb") as log_file:
                process = subprocess.Popen(
                    [*graphmem_command(), "serve"], cwd=REPO, env=env, stdout=log_file, stderr=subprocess.STDOUT
                )
            replicas.append(Replica(port, process, log_path))
        for index, replica in enumerate(replicas):
            _wait_serving(replica.address, replica.process, f"replica {index}")
        proxy_port = _free_port()
        conf = _nginx_conf([r.port for r in replicas], proxy_port, workdir)
        checked = subprocess.run(
            [nginx, "-t", "-p", str(workdir), "-c", str(conf)], check=False, capture_output=True, text=True
        )
        assert checked.returncode == 0, f"nginx rejects the shipped configuration:\n{checked.stderr}"
        with (workdir / "nginx.log").open("wb") as nginx_log:
            proxy = subprocess.Popen(
                [nginx, "-p", str(workdir), "-c", str(conf), "-g", "daemon off;"], stderr=nginx_log
            )
        _wait_serving(f"127.0.0.1:{proxy_port}", proxy, "nginx")
        yield Cluster(replicas, proxy_port)
    finally:
        if proxy is not None:
            _stop(proxy)
        for replica in replicas:
            _stop(replica.process)
    for index, replica in enumerate(replicas):
        lines = replica.log_path.read_text(errors="replace").splitlines()
        errors = [line for line in lines if '"level": "ERROR"' in line]
        assert not errors, f"replica {index} logged errors:\n" + "\n".join(errors[:20])


def _meta(user: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {DEV_KEY}"), ("x-graphmem-user", user))


def _add(stub: pb_grpc.MemoryServiceStub, user: str, key: str, text: str) -> None:
    stub.AddEpisodes(
        pb.AddEpisodesRequest(
            scope=pb.Scope(user_id=user),
            episodes=[pb.EpisodeInput(key=key, text=text, session_id="s1", speaker="user")],
        ),
        metadata=_meta(user),
        timeout=30,
    )


def _found(stub: pb_grpc.MemoryServiceStub, user: str, token: str) -> bool:
    result = stub.Search(
        pb.SearchRequest(scope=pb.Scope(user_id=user), query=token, top_k=10, layers=[pb.LAYER_EPISODIC]),
        metadata=_meta(user),
        timeout=30,
    )
    return any(token in hit.text for hit in result.hits)


def _token() -> str:
    return "tok" + uuid.uuid4().hex[:12]


def test_writes_through_proxy_are_read_on_every_replica(cluster: Cluster) -> None:
    users = [f"replica-user-{uuid.uuid4().hex[:8]}" for _ in range(USERS)]
    written: dict[str, str] = {}
    with grpc.insecure_channel(cluster.proxy) as channel:
        stub = pb_grpc.MemoryServiceStub(channel)
        for user in users:
            token = _token()
            _add(stub, user, f"k-{token}", f"the parcel code is {token}")
            written[user] = token
    for replica in cluster.replicas:
        with grpc.insecure_channel(replica.address) as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            missing = [user for user, token in written.items() if not _found(stub, user, token)]
        assert not missing, f"replica {replica.address} cannot read writes made through the proxy: {missing}"


def test_users_stick_to_one_replica(cluster: Cluster) -> None:
    """Consistent hashing: all of one user's calls through the proxy reach the same replica."""
    user = f"sticky-{uuid.uuid4().hex[:8]}"
    before = [r.log_path.stat().st_size for r in cluster.replicas]
    with grpc.insecure_channel(cluster.proxy) as channel:
        stub = pb_grpc.MemoryServiceStub(channel)
        for n in range(6):
            _add(stub, user, f"sticky-{n}", f"sticky note {n}")
    time.sleep(0.5)  # the rpc log line is written as the call ends
    calls = [
        replica.log_path.read_bytes()[before[index] :].decode(errors="replace").count("MemoryService/AddEpisodes")
        for index, replica in enumerate(cluster.replicas)
    ]
    assert sorted(calls) == [0, 0, 6], f"one user's 6 calls were spread over the replicas: {calls}"


def test_killed_replica_loses_no_acknowledged_write(cluster: Cluster) -> None:
    users = [f"failover-{uuid.uuid4().hex[:8]}" for _ in range(USERS)]
    acknowledged: list[tuple[str, str]] = []
    failures: list[str] = []
    stop = threading.Event()

    def writer() -> None:
        with grpc.insecure_channel(cluster.proxy) as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            n = 0
            while not stop.is_set():
                user = users[n % len(users)]
                token = _token()
                n += 1
                try:
                    _add(stub, user, f"k-{token}", f"failover note {token}")
                except grpc.RpcError as exc:  # an unacknowledged write may be lost; it is only counted
                    failures.append(f"{exc.code().name}: {exc.details()}")
                    continue
                acknowledged.append((user, token))

    def wait_for(count: int) -> None:
        deadline = time.monotonic() + 180
        while len(acknowledged) < count and time.monotonic() < deadline and thread.is_alive():
            time.sleep(0.1)
        assert len(acknowledged) >= count, f"writes stalled at {len(acknowledged)}; failures: {failures[:5]}"

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        wait_for(15)
        victim = cluster.replicas[0]
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait()
        wait_for(len(acknowledged) + 30)  # the stream goes on through the proxy after the kill
    finally:
        stop.set()
        thread.join(timeout=60)
    survivors = cluster.replicas[1:]
    with grpc.insecure_channel(cluster.proxy) as channel:
        stub = pb_grpc.MemoryServiceStub(channel)
        for user in users:  # traffic continues for every user, the victim's included
            _add(stub, user, f"after-{user}", "written after the replica died")
        lost = [(u, t) for u, t in acknowledged if not _found(stub, u, t)]
    assert not lost, f"{len(lost)} of {len(acknowledged)} acknowledged writes not found through the proxy"
    for replica in survivors:
        with grpc.insecure_channel(replica.address) as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            lost = [(u, t) for u, t in acknowledged[:: max(1, len(acknowledged) // 40)] if not _found(stub, u, t)]
        assert not lost, f"survivor {replica.address} misses acknowledged writes: {lost[:5]}"
    print(f"failover: {len(acknowledged)} writes acknowledged, {len(failures)} failed, 0 lost")
    # nginx retries a refused connection on the next replica, so callers see no failure (or very few in flight)
    assert len(failures) <= 2, f"{len(failures)} calls failed through the proxy: {failures[:5]}"
