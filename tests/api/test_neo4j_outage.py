"""Neo4j taken off the network under a running server and a writing client: every RPC that needs the database
answers UNAVAILABLE on its own (well before the client's deadline), health turns NOT_SERVING, and once the
database is back health is SERVING again without restarting graphmem, the first AddEpisodes succeeds and no
acknowledged write is lost.

The outage is made by a Bolt proxy between this test's own server and the shared Neo4j (tests/bolt_proxy.py),
so the test stops nothing that other tests use and may run in any order; tests/outage_drill.py has the drill.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import grpc
import pytest_asyncio

from tests.bolt_proxy import BoltProxy, bolt_proxy
from tests.conftest import Api, close_api, make_settings, open_api
from tests.outage_drill import outage_drill


@dataclass
class Outage:
    api: Api
    proxy: BoltProxy


@pytest_asyncio.fixture
async def outage(require_neo4j: str, tmp_path: Path) -> AsyncIterator[Outage]:
    target = urlsplit(require_neo4j)
    with bolt_proxy(target.hostname or "127.0.0.1", target.port or 7687) as proxy:
        api = await open_api(make_settings(tmp_path, neo4j_uri=proxy.uri, health_probe_seconds=0.5))
        try:
            yield Outage(api, proxy)
        finally:
            if not proxy.listening:  # a failed test may leave the database cut off
                proxy.restore()
            await close_api(api)


async def test_every_rpc_fails_fast_while_neo4j_is_unreachable_and_no_acknowledged_write_is_lost(
    outage: Outage,
) -> None:
    report = await outage_drill(outage.api, outage.proxy)
    wrong = {name: code for name, (code, _) in report.answers.items() if code != grpc.StatusCode.UNAVAILABLE}
    assert wrong == {}, f"while Neo4j was unreachable these RPCs did not answer UNAVAILABLE: {wrong}"
    assert len(report.answers) == 26
    assert report.first_write_created
    assert report.refused, "the writer never saw the outage"
    assert set(report.refused) <= {grpc.StatusCode.UNAVAILABLE}, report.refused
    assert report.lost == [], f"{len(report.lost)} of {report.acknowledged} acknowledged writes lost"
    slowest = max(report.answers.items(), key=lambda item: item[1][1])
    print(
        f"outage: NOT_SERVING after {report.not_serving_after:.2f}s; slowest UNAVAILABLE {slowest[0]} "
        f"{slowest[1][1]:.2f}s; first AddEpisodes after return {report.first_write_seconds:.2f}s; "
        f"acknowledged {report.acknowledged}, lost 0"
    )
