"""Mixed traffic for a while from several clients, counting every answer that is not OK and the latency of each
RPC. Shared by the API soak test (small) and `python -m tests.bench.soak` (full size).

Each client is one agent with its own user: it opens a working session, then loops over a weighted mix of
AddEpisodes, Search, GetContext, AppendMessages, ListEpisodes, ListFacts, GetSession and, now and then,
CloseSession followed by a fresh session. Texts mix English and Chinese and carry a unique token per episode,
so a write is findable later. The mix is seeded per client (reproducible).
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import grpc
import grpc.aio

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc

CALL_TIMEOUT_SECONDS = 60.0

_SENTENCES = (
    "I moved to {city} last spring and I love the food there",
    "my sister {name} prefers green tea over coffee",
    "we agreed to ship the {thing} release next Tuesday",
    "I never eat {food} because I am allergic",
    "我下周要去{city}出差，记得提醒我带伞",
    "我喜欢喝{drink}，不喜欢太甜的",
    "the meeting about {thing} moved to Friday afternoon",
    "{name} said the budget for {thing} is fixed",
)
_FILL = {
    "city": ("Lyon", "Osaka", "Chengdu", "Lisbon", "Denver", "杭州", "成都"),
    "name": ("Ana", "Wei", "Tom", "Priya", "小明"),
    "thing": ("billing", "search", "mobile", "onboarding"),
    "food": ("peanuts", "shellfish", "gluten"),
    "drink": ("乌龙茶", "咖啡", "豆浆"),
}
_QUERIES = (
    "where did I move?",
    "what does my sister drink?",
    "when is the release?",
    "what am I allergic to?",
    "我下周去哪里出差？",
    "我喜欢喝什么？",
    "what happened last week?",
)
# (rpc, weight) of one agent's loop
_MIX = (
    ("AddEpisodes", 4),
    ("Search", 5),
    ("GetContext", 2),
    ("AppendMessages", 3),
    ("ListEpisodes", 1),
    ("ListFacts", 1),
    ("GetSession", 1),
    ("CloseSession", 0.3),
)


def _percentile(ordered: list[float], q: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@dataclass
class SoakReport:
    """What the clients saw: calls and latencies per RPC, and every answer that was not OK."""

    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    @property
    def calls(self) -> int:
        return sum(len(v) for v in self.latencies.values()) + sum(self.errors.values())

    @property
    def failed(self) -> int:
        return sum(self.errors.values())

    def table(self) -> str:
        lines = [f"{'rpc':<16}{'calls':>8}{'errors':>8}{'p50 ms':>10}{'p99 ms':>10}{'max ms':>10}"]
        for rpc in sorted(self.latencies):
            ordered = sorted(self.latencies[rpc])
            errors = sum(n for (r, _), n in self.errors.items() if r == rpc)
            lines.append(
                f"{rpc:<16}{len(ordered):>8}{errors:>8}{_percentile(ordered, 0.5) * 1000:>10.1f}"
                f"{_percentile(ordered, 0.99) * 1000:>10.1f}{(ordered[-1] if ordered else 0) * 1000:>10.1f}"
            )
        return "\n".join(lines)


def _text(rng: random.Random, token: str) -> str:
    sentence = rng.choice(_SENTENCES)
    return sentence.format(**{k: rng.choice(v) for k, v in _FILL.items()}) + f" ({token})"


async def _agent(
    stub: pb_grpc.MemoryServiceStub,
    auth: tuple[tuple[str, str], ...],
    user: str,
    seed: int,
    until: float,
    report: SoakReport,
) -> None:
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    session = 0
    written = 0
    rpcs = [r for r, _ in _MIX]
    weights = [w for _, w in _MIX]

    def scope(with_session: bool = True) -> pb.Scope:
        return pb.Scope(user_id=user, session_id=f"s{session}" if with_session else "")

    async def call(rpc: str, request: object) -> None:
        started = loop.time()
        try:
            await getattr(stub, rpc)(request, metadata=auth, timeout=CALL_TIMEOUT_SECONDS)
        except grpc.aio.AioRpcError as exc:
            report.errors[(rpc, exc.code().name)] += 1
            if len(report.examples) < 20:
                report.examples.append(f"{rpc}: {exc.code().name} {exc.details()}")
            return
        report.latencies[rpc].append(loop.time() - started)

    await call("OpenSession", pb.OpenSessionRequest(scope=scope(), instructions=["answer briefly"]))
    while loop.time() < until:
        rpc = rng.choices(rpcs, weights)[0]
        if rpc == "AddEpisodes":
            episodes = []
            for _ in range(rng.randint(1, 3)):
                written += 1
                episodes.append(
                    pb.EpisodeInput(
                        key=f"{user}-{written}",
                        text=_text(rng, f"tok{seed}x{written}"),
                        session_id=f"s{session}",
                        speaker=rng.choice(("user", "assistant")),
                    )
                )
            await call(rpc, pb.AddEpisodesRequest(scope=scope(False), episodes=episodes))
        elif rpc == "Search":
            query = (
                rng.choice(_QUERIES) if written == 0 or rng.random() < 0.7 else f"tok{seed}x{rng.randint(1, written)}"
            )
            await call(rpc, pb.SearchRequest(scope=scope(False), query=query, top_k=10))
        elif rpc == "GetContext":
            await call(rpc, pb.GetContextRequest(scope=scope(), query=rng.choice(_QUERIES), token_budget=1500))
        elif rpc == "AppendMessages":
            messages = [
                pb.Message(role=rng.choice(("user", "assistant")), text=_text(rng, f"msg{session}"))
                for _ in range(rng.randint(1, 4))
            ]
            await call(rpc, pb.AppendMessagesRequest(scope=scope(), messages=messages))
        elif rpc == "ListEpisodes":
            await call(rpc, pb.ListEpisodesRequest(scope=scope(False), page_size=20))
        elif rpc == "ListFacts":
            await call(rpc, pb.ListFactsRequest(scope=scope(False)))
        elif rpc == "GetSession":
            await call(rpc, pb.GetSessionRequest(scope=scope()))
        else:
            await call("CloseSession", pb.CloseSessionRequest(scope=scope()))
            session += 1
            await call("OpenSession", pb.OpenSessionRequest(scope=scope(), instructions=["answer briefly"]))


async def soak(
    channel: grpc.aio.Channel,
    auth: tuple[tuple[str, str], ...],
    clients: int,
    seconds: float,
    user_prefix: str,
    seed: int = 13,
) -> SoakReport:
    """Runs `clients` agents (agent i is user `<user_prefix>-<i>`) for `seconds`; returns what they saw."""
    report = SoakReport()
    stub = pb_grpc.MemoryServiceStub(channel)
    started = time.perf_counter()
    until = asyncio.get_running_loop().time() + seconds
    await asyncio.gather(
        *(_agent(stub, auth, f"{user_prefix}-{i}", seed * 1000 + i, until, report) for i in range(clients))
    )
    report.seconds = time.perf_counter() - started
    return report
