"""The Neo4j outage drill: a server whose Bolt traffic goes through a BoltProxy, a client writing episodes,
then the database cut off. Every RPC that needs the database is called once during the outage (its answer and
time recorded), the database is restored, and every acknowledged write is read back.

Shared by the API test (tests/api/test_neo4j_outage.py) and the fault benchmark (tests/bench/faults.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import grpc
from grpc_health.v1 import health_pb2

from graphmem.v1 import memory_service_pb2 as pb
from tests.bolt_proxy import BoltProxy
from tests.conftest import Api, unique, wait_health

DEADLINE = 20.0
"""The client's deadline: an answer that waits for it is a failure to fail fast."""


def storage_calls(scope: pb.Scope, session: pb.Scope) -> dict[str, Callable[[Any], Any]]:
    """One valid request for every RPC that needs the database, keyed by RPC name."""
    skill = pb.Skill(name="deploy_service", description="Roll the service out", triggers=["deploy"])
    return {
        "AddEpisodes": lambda s: s.AddEpisodes(
            pb.AddEpisodesRequest(scope=scope, episodes=[pb.EpisodeInput(key="down", text="written while down")])
        ),
        "GetEpisode": lambda s: s.GetEpisode(pb.GetEpisodeRequest(scope=scope, id="e1")),
        "ListEpisodes": lambda s: s.ListEpisodes(pb.ListEpisodesRequest(scope=scope)),
        "DeleteEpisode": lambda s: s.DeleteEpisode(pb.DeleteEpisodeRequest(scope=scope, id="e1")),
        "ForgetUser": lambda s: s.ForgetUser(pb.ForgetUserRequest(scope=pb.Scope(user_id=unique("gone")))),
        "Search": lambda s: s.Search(pb.SearchRequest(scope=scope, query="where is the spare key")),
        "ListFacts": lambda s: s.ListFacts(pb.ListFactsRequest(scope=scope)),
        "GetFactHistory": lambda s: s.GetFactHistory(pb.GetFactHistoryRequest(scope=scope, key="user|location")),
        "ListCandidates": lambda s: s.ListCandidates(pb.ListCandidatesRequest(scope=scope)),
        "ConfirmFact": lambda s: s.ConfirmFact(pb.ConfirmFactRequest(scope=scope, id="f1")),
        "RejectFact": lambda s: s.RejectFact(pb.RejectFactRequest(scope=scope, id="f1", reason="no")),
        "CorrectFact": lambda s: s.CorrectFact(
            pb.CorrectFactRequest(scope=scope, id="f1", value="Paris", fact="The user lives in Paris")
        ),
        "RegisterSkill": lambda s: s.RegisterSkill(pb.RegisterSkillRequest(scope=scope, skill=skill)),
        "UpdateSkill": lambda s: s.UpdateSkill(pb.UpdateSkillRequest(scope=scope, skill=skill)),
        "GetSkill": lambda s: s.GetSkill(pb.GetSkillRequest(scope=scope, name="deploy_service")),
        "ListSkills": lambda s: s.ListSkills(pb.ListSkillsRequest(scope=scope)),
        "MatchSkills": lambda s: s.MatchSkills(pb.MatchSkillsRequest(scope=scope, intent="deploy the service")),
        "RecordSkillOutcome": lambda s: s.RecordSkillOutcome(
            pb.RecordSkillOutcomeRequest(scope=scope, name="deploy_service", success=True)
        ),
        "OpenSession": lambda s: s.OpenSession(pb.OpenSessionRequest(scope=session)),
        "AppendMessages": lambda s: s.AppendMessages(
            pb.AppendMessagesRequest(scope=session, messages=[pb.Message(role="user", text="hello")])
        ),
        "GetSession": lambda s: s.GetSession(pb.GetSessionRequest(scope=session)),
        "CloseSession": lambda s: s.CloseSession(pb.CloseSessionRequest(scope=session)),
        "GetContext": lambda s: s.GetContext(pb.GetContextRequest(scope=session, query="continue", token_budget=200)),
        "RunMaintenance": lambda s: s.RunMaintenance(pb.RunMaintenanceRequest(scope=scope)),
        "RestoreMemory": lambda s: s.RestoreMemory(pb.RestoreMemoryRequest(scope=scope, id="e1")),
        "GetMemoryAudit": lambda s: s.GetMemoryAudit(pb.GetMemoryAuditRequest(scope=scope)),
    }


@dataclass
class Writer:
    """Adds one episode after another until stopped; remembers every acknowledged id and token."""

    api: Api
    scope: pb.Scope
    acknowledged: dict[str, str] = field(default_factory=dict)
    refused: list[grpc.StatusCode] = field(default_factory=list)
    stop: asyncio.Event = field(default_factory=asyncio.Event)

    task: asyncio.Task[None] | None = None

    def task_failed(self) -> bool:
        return self.task is not None and self.task.done()

    async def until(self, count: int) -> None:
        """Waits until `count` writes were acknowledged (raises after 60 s with what was seen)."""
        deadline = time.monotonic() + 60
        while len(self.acknowledged) < count:
            if self.task_failed() or time.monotonic() > deadline:
                raise RuntimeError(f"writes stalled: {len(self.acknowledged)} acknowledged, refused {self.refused}")
            await asyncio.sleep(0.05)

    async def run(self) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            token = f"tok{n:05d}"
            request = pb.AddEpisodesRequest(
                scope=self.scope, episodes=[pb.EpisodeInput(key=f"w{n}", text=f"load note {token}")]
            )
            try:
                reply = await self.api.stub.AddEpisodes(request, metadata=self.api.auth, timeout=DEADLINE)
            except grpc.aio.AioRpcError as err:
                self.refused.append(err.code())
                await asyncio.sleep(0.05)
                continue
            self.acknowledged[reply.results[0].id] = token


@dataclass
class OutageReport:
    """What the drill measured: each storage RPC's answer and time while Neo4j was cut off, how long health
    took to follow, the first write after the return, and the writer's acknowledged and lost episodes."""

    answers: dict[str, tuple[grpc.StatusCode, float]]
    not_serving_after: float
    serving_after_return: float
    first_write_seconds: float
    first_write_created: bool
    acknowledged: int
    refused: list[grpc.StatusCode]
    lost: list[str]


async def outage_drill(api: Api, proxy: BoltProxy, outage_seconds: float = 0.0) -> OutageReport:
    """Cuts Neo4j off under a writing client, calls every storage RPC, restores it and checks the writes."""
    user = unique("outage")
    scope, session = pb.Scope(user_id=user), pb.Scope(user_id=user, session_id="s1")
    writer = Writer(api, pb.Scope(user_id=unique("writer")))
    writing = writer.task = asyncio.create_task(writer.run())
    try:
        await writer.until(5)
        cut_at = time.perf_counter()
        proxy.cut()
        await wait_health(api.health, health_pb2.HealthCheckResponse.NOT_SERVING, timeout=DEADLINE)
        not_serving_after = time.perf_counter() - cut_at
        answers: dict[str, tuple[grpc.StatusCode, float]] = {}
        for name, call in storage_calls(scope, session).items():
            started = time.perf_counter()
            try:
                await _call(call, api)
                code = grpc.StatusCode.OK
            except grpc.aio.AioRpcError as err:
                code = err.code()
            answers[name] = (code, time.perf_counter() - started)
        await asyncio.sleep(outage_seconds)
        acknowledged_before_return = len(writer.acknowledged)
        returned_at = time.perf_counter()
        proxy.restore()
        await wait_health(api.health, health_pb2.HealthCheckResponse.SERVING, timeout=60)
        serving_after_return = time.perf_counter() - returned_at
        first = pb.AddEpisodesRequest(scope=scope, episodes=[pb.EpisodeInput(key="back", text="written after return")])
        started = time.perf_counter()
        reply = await api.stub.AddEpisodes(first, metadata=api.auth, timeout=DEADLINE)
        first_write = time.perf_counter() - started
        await writer.until(acknowledged_before_return + 3)
    finally:
        writer.stop.set()
        await writing
    lost = []
    for episode_id, token in writer.acknowledged.items():
        try:
            got = await api.stub.GetEpisode(
                pb.GetEpisodeRequest(scope=writer.scope, id=episode_id), metadata=api.auth, timeout=DEADLINE
            )
        except grpc.aio.AioRpcError as err:
            if err.code() != grpc.StatusCode.NOT_FOUND:
                raise
            lost.append(episode_id)
            continue
        if token not in got.episode.text:
            lost.append(episode_id)
    return OutageReport(
        answers,
        not_serving_after,
        serving_after_return,
        first_write,
        reply.results[0].created,
        len(writer.acknowledged),
        writer.refused,
        lost,
    )


async def _call(call: Callable[[Any], Any], api: Api) -> Any:
    """Sends one request of `storage_calls` with the test's credentials and deadline."""
    bound = _Bound(api)
    return await call(bound)


class _Bound:
    """The stub with metadata and deadline filled in for every method."""

    def __init__(self, api: Api) -> None:
        self._api = api

    def __getattr__(self, name: str) -> Callable[[Any], Any]:
        method = getattr(self._api.stub, name)
        return lambda request: method(request, metadata=self._api.auth, timeout=DEADLINE)
