"""Run the frozen semantic-memory set against a graphmem server through the public gRPC API, and score it.

Run: ``python -m tests.bench.semantic_eval [--target host:port] [--api-key K] [--limit N] [--json FILE]``.

Without --target, ``graphmem serve`` is started as a subprocess (default settings, development key, a free
loopback port, a temporary data dir, the Neo4j of the environment) and stopped at the end. For each scenario
a fresh user id is used. Each session's turns are written with AddEpisodes (occurred_at = session date + turn
index seconds, the session id, the speaker, the session's project as scope); after each session the runner
waits until every episode's extraction has finished (GetEpisode `extraction_status` leaves "pending"). Then it
reads ListFacts (user scope, and in each project used), ListCandidates, and GetFactHistory for the keys of
current facts, scores with `tests.bench.semantic_scoring`, and forgets the user (unless --keep).

The report (stdout, and --json) gives scenario accuracy overall, per language and per kind, the precision of
active facts, the facts produced by pollution (active and candidate), project-override and history accuracy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from datetime import timedelta
from pathlib import Path

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from grpc_health.v1 import health_pb2, health_pb2_grpc

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.bench.semantic_scenarios import SCENARIOS_PATH, Scenario, Session, load_scenarios
from tests.bench.semantic_scoring import Observation, ScenarioResult, SeenFact, score_scenario, summarise

DEV_KEY = "graphmem-dev-key"
REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_SECONDS = 300.0
STATUS_NAMES = {
    pb.FACT_STATUS_CANDIDATE: "candidate",
    pb.FACT_STATUS_ACTIVE: "active",
    pb.FACT_STATUS_EXPIRED: "expired",
    pb.FACT_STATUS_REJECTED: "rejected",
    pb.FACT_STATUS_ARCHIVED: "archived",
}


class EvalError(RuntimeError):
    """The run cannot go on (server not serving, extraction never finishing)."""


# ----------------------------------------------------------------------------------------------- server
def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _graphmem_command() -> list[str]:
    beside = Path(sys.executable).with_name("graphmem")
    if beside.exists():
        return [str(beside)]
    raise EvalError("the `graphmem` command is not installed beside this Python; run `make setup`")


def _wait_serving(address: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    with grpc.insecure_channel(address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise EvalError(f"graphmem serve exited with {process.returncode}:\n{log_path.read_text()[-4000:]}")
            try:
                status = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=1.0).status
                if status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.2)
    raise EvalError(f"graphmem serve not SERVING after {START_TIMEOUT_SECONDS:.0f} s:\n{log_path.read_text()[-4000:]}")


@contextmanager
def launched_server() -> Iterator[str]:
    """`graphmem serve` with default settings on a free port; yields its address, stops it on exit."""
    port = _free_port()
    workdir = Path(tempfile.mkdtemp(prefix="graphmem-semeval-"))
    log_path = workdir / "graphmem-serve.log"
    env = dict(os.environ)
    env.pop("GRAPHMEM_API_KEYS", None)
    env["GRAPHMEM_PORT"] = str(port)
    env["GRAPHMEM_DATA_DIR"] = str(workdir / "data")
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            [*_graphmem_command(), "serve", "--port", str(port)],
            cwd=REPO,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_serving(f"127.0.0.1:{port}", process, log_path)
        print(f"graphmem serve on 127.0.0.1:{port} (log {log_path})", file=sys.stderr)
        yield f"127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        errors = [
            line
            for line in log_path.read_text(encoding="utf-8", errors="replace").splitlines()
            if '"level": "ERROR"' in line or '"level": "CRITICAL"' in line or "Traceback" in line
        ]
        if errors:
            print(f"graphmem serve logged {len(errors)} error line(s), first: {errors[0][:500]}", file=sys.stderr)


# ----------------------------------------------------------------------------------------------- one scenario
def _seen(fact: pb.Fact) -> SeenFact:
    return SeenFact(
        id=fact.id,
        key=fact.key,
        value=fact.value,
        polarity=fact.polarity,
        project_id=fact.project_id,
        status=STATUS_NAMES.get(fact.status, "unspecified"),
        fact=fact.fact,
    )


class ScenarioRunner:
    """Writes one scenario's sessions for a fresh user and reads back what semantic memory made of them."""

    def __init__(self, stub: pb_grpc.MemoryServiceStub, api_key: str, run_id: str, timeout: float, keep: bool):
        self._stub = stub
        self._metadata = (("authorization", f"Bearer {api_key}"),)
        self._run_id = run_id
        self._timeout = timeout
        self._keep = keep

    def _scope(self, user_id: str, project_id: str = "") -> pb.Scope:
        return pb.Scope(user_id=user_id, project_id=project_id)

    async def run(self, scenario: Scenario) -> ScenarioResult:
        user_id = f"semeval-{self._run_id}-{scenario.id}"
        try:
            for session in scenario.sessions:
                ids = await self._write_session(user_id, scenario, session)
                await self._wait_extracted(user_id, session.project_id, ids)
            observation = await self._observe(user_id, scenario)
        finally:
            if not self._keep:
                await self._stub.ForgetUser(pb.ForgetUserRequest(scope=self._scope(user_id)), metadata=self._metadata)
        return score_scenario(scenario, observation)

    async def _write_session(self, user_id: str, scenario: Scenario, session: Session) -> list[str]:
        episodes = []
        for index, turn in enumerate(session.turns):
            when = Timestamp()
            when.FromDatetime(session.date + timedelta(seconds=index))
            episodes.append(
                pb.EpisodeInput(
                    key=f"{session.session_id}-t{index}",
                    text=turn.text,
                    occurred_at=when,
                    session_id=session.session_id,
                    speaker=turn.speaker,
                    metadata={"scenario": scenario.id, "turn": str(index)},
                )
            )
        reply = await self._stub.AddEpisodes(
            pb.AddEpisodesRequest(scope=self._scope(user_id, session.project_id), episodes=episodes),
            metadata=self._metadata,
        )
        return [r.id for r in reply.results]

    async def _wait_extracted(self, user_id: str, project_id: str, ids: list[str]) -> None:
        deadline = time.monotonic() + self._timeout
        pending = list(ids)
        while pending:
            still = []
            for episode_id in pending:
                reply = await self._stub.GetEpisode(
                    pb.GetEpisodeRequest(scope=self._scope(user_id, project_id), id=episode_id),
                    metadata=self._metadata,
                )
                if reply.episode.extraction_status in ("", "pending"):
                    still.append(episode_id)
            pending = still
            if pending:
                if time.monotonic() > deadline:
                    raise EvalError(f"extraction of {len(pending)} episode(s) of {user_id} still pending")
                await asyncio.sleep(0.1)

    async def _list_facts(self, scope: pb.Scope, scope_filter: int) -> tuple[SeenFact, ...]:
        reply = await self._stub.ListFacts(
            pb.ListFactsRequest(scope=scope, scope_filter=scope_filter), metadata=self._metadata
        )
        return tuple(_seen(f) for f in reply.facts)

    async def _observe(self, user_id: str, scenario: Scenario) -> Observation:
        user_view = await self._list_facts(self._scope(user_id), pb.FACT_SCOPE_FILTER_USER)
        project_views = {
            p: await self._list_facts(self._scope(user_id, p), pb.FACT_SCOPE_FILTER_UNSPECIFIED)
            for p in scenario.project_ids
        }
        candidates: dict[str, SeenFact] = {}
        for project_id in ("", *scenario.project_ids):
            reply = await self._stub.ListCandidates(
                pb.ListCandidatesRequest(scope=self._scope(user_id, project_id)), metadata=self._metadata
            )
            for fact in reply.candidates:
                candidates.setdefault(fact.id, _seen(fact))
        histories: dict[tuple[str, str], tuple[SeenFact, ...]] = {}
        if scenario.expect.history:
            for project_id, facts in (("", user_view), *project_views.items()):
                for fact in facts:
                    if (project_id, fact.key) in histories:
                        continue
                    reply = await self._stub.GetFactHistory(
                        pb.GetFactHistoryRequest(scope=self._scope(user_id, project_id), key=fact.key),
                        metadata=self._metadata,
                    )
                    histories[(project_id, fact.key)] = tuple(_seen(v) for v in reply.versions)
        return Observation(
            user_view=user_view,
            project_views=project_views,
            candidates=tuple(candidates.values()),
            histories=histories,
        )


# ----------------------------------------------------------------------------------------------- report
def _rate(entry: object) -> str:
    assert isinstance(entry, dict)
    return f"{entry['percent']:5.1f} %  ({entry['right']}/{entry['total']})"


def print_report(summary: dict[str, object], results: list[ScenarioResult], seconds: float) -> None:
    print(f"\nfrozen semantic set: {summary['scenarios']} scenarios in {seconds:.0f} s")
    print(f"scenario accuracy            {_rate(summary['accuracy'])}")
    print(f"  scenarios with facts       {_rate(summary['accuracy_fact_scenarios'])}  (at least one expected fact)")
    print(f"  expectations only          {_rate(summary['accuracy_expectations_only'])}  (extra facts ignored)")
    for title, section in (("language", "accuracy_by_lang"), ("kind", "accuracy_by_kind")):
        table = summary[section]
        assert isinstance(table, dict)
        for name, entry in table.items():
            print(f"  {title} {name:<21}{_rate(entry)}")
    print(f"precision of active facts    {_rate(summary['precision'])}")
    print(f"recall of expected facts     {_rate(summary['recall'])}")
    pollution = summary["pollution"]
    assert isinstance(pollution, dict)
    print(
        f"pollution: {pollution['scenarios']} scenarios, {pollution['clean']} clean; "
        f"active facts {pollution['active_facts']} (in {pollution['scenarios_with_active']} scenarios), "
        f"candidate facts {pollution['candidate_facts']} (in {pollution['scenarios_with_candidates']} scenarios)"
    )
    print(f"project override accuracy    {_rate(summary['project_override'])}")
    print(f"history (old -> new) held    {_rate(summary['history'])}")
    wrong = [r for r in results if not r.correct]
    if wrong:
        print(f"\n{len(wrong)} wrong scenarios (first reason):")
        for r in wrong:
            print(f"  {r.id:<18} {r.failures[0]}")


async def run(args: argparse.Namespace, target: str) -> tuple[list[ScenarioResult], float]:
    scenarios = load_scenarios(Path(args.scenarios))
    if args.only:
        scenarios = [s for s in scenarios if any(s.id.startswith(p) for p in args.only.split(","))]
    if args.limit:
        scenarios = scenarios[: args.limit]
    run_id = uuid.uuid4().hex[:8]
    started = time.monotonic()
    async with grpc.aio.insecure_channel(target) as channel:
        runner = ScenarioRunner(pb_grpc.MemoryServiceStub(channel), args.api_key, run_id, args.timeout, args.keep)
        gate = asyncio.Semaphore(args.concurrency)

        async def one(scenario: Scenario) -> ScenarioResult:
            async with gate:
                return await runner.run(scenario)

        results = await asyncio.gather(*(one(s) for s in scenarios))
    return list(results), time.monotonic() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", help="host:port of a running graphmem; default: start `graphmem serve`")
    parser.add_argument("--api-key", default=DEV_KEY)
    parser.add_argument("--limit", type=int, default=0, help="only the first N scenarios")
    parser.add_argument("--only", default="", help="comma-separated id prefixes, e.g. zh-corr,en-poll")
    parser.add_argument("--json", help="write the summary and per-scenario results to this file")
    parser.add_argument("--scenarios", default=str(SCENARIOS_PATH))
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for one session's extraction")
    parser.add_argument("--keep", action="store_true", help="do not ForgetUser the scenario users afterwards")
    args = parser.parse_args(argv)

    if args.target:
        results, seconds = asyncio.run(run(args, args.target))
    else:
        with launched_server() as target:
            results, seconds = asyncio.run(run(args, target))
    summary = summarise(results)
    print_report(summary, results, seconds)
    if args.json:
        payload = {"summary": summary, "seconds": round(seconds, 1), "results": [asdict(r) for r in results]}
        Path(args.json).write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
