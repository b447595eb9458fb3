"""The Prometheus endpoint of `graphmem serve` as launched (GRAPHMEM_METRICS_PORT set, everything else default):
scraped over HTTP after real calls, it counts the calls by method and code, times them, and exports the
event-loop lag, the extraction queue depth and the side-index memory. Without the setting there is no
endpoint."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.conftest import DEV_KEY, START_TIMEOUT_SECONDS, Launched
from tests.launched.serve import error_lines, spawn_serve, stop, wait_serving
from tests.launched.test_security_launched import free_port, newcomer_env

SEARCH = "/graphmem.v1.MemoryService/Search"
ADD = "/graphmem.v1.MemoryService/AddEpisodes"


@dataclass
class Served:
    address: str
    metrics_url: str
    log_path: Path


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    directory = tmp_path_factory.mktemp("metrics")
    port, metrics_port = free_port(), free_port()
    env = newcomer_env(GRAPHMEM_METRICS_PORT=str(metrics_port), GRAPHMEM_DATA_DIR=str(directory / "data"))
    env.pop("GRAPHMEM_LOG_LEVEL", None)
    log_path = directory / "serve.log"
    process = spawn_serve(port, env, log_path)
    try:
        wait_serving(f"127.0.0.1:{port}", process, log_path, START_TIMEOUT_SECONDS)
        yield Served(f"127.0.0.1:{port}", f"http://127.0.0.1:{metrics_port}/metrics", log_path)
    finally:
        stop(process)
    assert error_lines(log_path) == []


def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of the endpoint: (name, sorted labels) → value."""
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.status == 200
        text = response.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def test_metrics_count_calls_by_method_and_code_and_export_lag_queue_and_cache(served: Served) -> None:
    auth = (("authorization", f"Bearer {DEV_KEY}"),)
    scope = pb.Scope(user_id="metrics-user")
    with grpc.insecure_channel(served.address) as channel:
        stub = pb_grpc.MemoryServiceStub(channel)
        stub.AddEpisodes(
            pb.AddEpisodesRequest(scope=scope, episodes=[pb.EpisodeInput(key="m1", text="I keep bees in Lyon")]),
            metadata=auth,
            timeout=30,
        )
        for _ in range(3):
            stub.Search(pb.SearchRequest(scope=scope, query="bees"), metadata=auth, timeout=30)
        with pytest.raises(grpc.RpcError) as bad:
            stub.Search(pb.SearchRequest(scope=scope, query=""), metadata=auth, timeout=30)
        assert bad.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    samples = scrape(served.metrics_url)

    def value(name: str, **labels: str) -> float:
        return samples.get((name, tuple(sorted(labels.items()))), 0.0)

    assert value("graphmem_rpc_requests_total", method=SEARCH, code="OK") == 3
    assert value("graphmem_rpc_requests_total", method=SEARCH, code="INVALID_ARGUMENT") == 1
    assert value("graphmem_rpc_requests_total", method=ADD, code="OK") == 1
    assert value("graphmem_rpc_duration_seconds_count", method=SEARCH) == 4
    assert value("graphmem_rpc_duration_seconds_bucket", method=SEARCH, le="+Inf") == 4
    assert value("graphmem_event_loop_lag_seconds_count") > 0
    assert value("graphmem_event_loop_lag_window_seconds", quantile="0.99") >= 0
    assert ("graphmem_extraction_queue_depth", ()) in samples
    assert value("graphmem_partition_cache_bytes") > 0  # the searched user's partition is loaded
    assert value("graphmem_partitions_loaded") >= 1
    assert value("graphmem_partition_cache_budget_bytes") == 1024 * 2**20
    # no user id, tenant or memory text in what is exported
    names = " ".join(f"{n}{labels}" for n, labels in samples)
    assert "metrics-user" not in names and "bees" not in names and "'dev'" not in names


def test_no_metrics_endpoint_by_default(launched: Launched) -> None:
    assert not any(r.get("msg") == "metrics endpoint listening" for r in launched.log_records())
