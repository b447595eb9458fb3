"""Soak at CI size: 4 agents of mixed traffic (writes, searches, context, working memory, listings, session
turnover) for 30 s against the real gRPC server and Neo4j: every call answers OK, every RPC of the mix is
exercised, and the event loop stays responsive. `python -m tests.bench.soak` runs the full size."""

from __future__ import annotations

from tests.conftest import Api, unique
from tests.soak import soak

CLIENTS = 4
SECONDS = 30.0


async def test_mixed_traffic_from_four_clients_for_thirty_seconds_has_no_errors(api: Api) -> None:
    api.running.lag.reset()
    report = await soak(api.channel, api.auth, CLIENTS, SECONDS, unique("soak"))
    print(report.table())
    assert report.failed == 0, "\n".join(report.examples)
    assert {"AddEpisodes", "Search", "GetContext", "AppendMessages", "ListEpisodes", "ListFacts", "GetSession"} <= set(
        report.latencies
    ), report.table()
    assert report.calls >= 20, report.table()
    lag = api.running.lag.snapshot()
    assert lag.p99 < 0.5, lag
