"""Fuzzing the real gRPC server (real Neo4j): 1,080 requests generated from every RPC's descriptor (fixed
seed) get no INTERNAL or UNKNOWN answer, and the server still serves."""

from __future__ import annotations

from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, unique
from tests.fuzzing import METHODS, fuzz

REQUESTS = 40 * len(METHODS)


async def test_fuzzed_requests_get_no_internal_or_unknown_and_the_server_survives(api: Api) -> None:
    users = (unique("fuzz"), unique("fuzz"))
    report = await fuzz(api.channel, api.auth, REQUESTS, seed=13, users=users, forget_users=(unique("forget"),))
    assert report.sent == REQUESTS >= 1000
    assert report.failing == 0, "\n".join(report.failures) + "\n" + report.table()
    assert {m for m, _ in report.codes} == {m.name for m in METHODS}
    assert sum(n for (_, code), n in report.codes.items() if code == "OK") > REQUESTS // 10, report.table()
    # the server still answers a plain write and read
    user = unique()
    await api.stub.AddEpisodes(
        pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=[pb.EpisodeInput(key="k", text="still here")]),
        metadata=api.auth,
    )
    got = await api.stub.ListEpisodes(pb.ListEpisodesRequest(scope=pb.Scope(user_id=user)), metadata=api.auth)
    assert [e.text for e in got.episodes] == ["still here"]
