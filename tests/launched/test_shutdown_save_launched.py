"""A graceful stop of `graphmem serve` as launched (SIGTERM) saves the users' loaded lexical partitions beside
their vectors, so that after a deploy their first Search restores from the file instead of reading Neo4j's
rows; the stop logs how many it saved and no ERROR."""

from __future__ import annotations

import uuid
from pathlib import Path

import grpc

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.conftest import DEV_KEY, START_TIMEOUT_SECONDS
from tests.launched.serve import error_lines, log_records, spawn_serve, stop, wait_serving
from tests.launched.test_security_launched import free_port, newcomer_env

USERS = 2


def test_sigterm_saves_the_loaded_partitions(tmp_path: Path) -> None:
    port, data = free_port(), tmp_path / "data"
    env = newcomer_env(GRAPHMEM_DATA_DIR=str(data))
    env.pop("GRAPHMEM_LOG_LEVEL", None)
    log_path = tmp_path / "serve.log"
    process = spawn_serve(port, env, log_path)
    try:
        wait_serving(f"127.0.0.1:{port}", process, log_path, START_TIMEOUT_SECONDS)
        auth = (("authorization", f"Bearer {DEV_KEY}"),)
        users = [f"shutdown-save-{uuid.uuid4().hex[:10]}" for _ in range(USERS)]
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = pb_grpc.MemoryServiceStub(channel)
            for user in users:
                scope = pb.Scope(user_id=user)
                episode = pb.EpisodeInput(key="k1", text="she keeps bees in Lyon", session_id="s1")
                stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=[episode]), metadata=auth, timeout=30)
                found = stub.Search(pb.SearchRequest(scope=scope, query="bees"), metadata=auth, timeout=30)
                assert found.hits
        assert not list(data.glob("partitions/*.npz"))  # nothing evicted: nothing saved yet
    finally:
        stop(process)
    assert process.returncode == 0
    assert len(list(data.glob("partitions/*.npz"))) >= USERS
    [saved] = [r for r in log_records(log_path) if r.get("msg") == "loaded partitions saved"]
    assert isinstance(saved["saved"], int) and saved["saved"] >= USERS
    assert saved["out_of_time"] == 0
    assert error_lines(log_path) == []
