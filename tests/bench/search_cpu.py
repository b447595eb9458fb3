"""The server's CPU per Search, as launched: `graphmem serve` (a subprocess, default settings) over one user of
LoCoMo conversation 1 padded with filler turns, its questions asked in rounds, each round's queries made unique
by trailing spaces so the query memo never answers. Source trees are compared by alternating servers started
from each (`--tree`, as PYTHONPATH) on the same data directory and Neo4j user, so only the code differs.

    python -m tests.bench.search_cpu --data ../shared/data/locomo-dev --size 30000 \
        --workdir /tmp/search-cpu --tree /path/to/start --tree . --pairs 3 --rounds 3

The ingest runs once per `--workdir` and size (kept for later runs). Per tree and round it prints the client's
p50, the server's CPU per Search (utime + stime from /proc), Neo4j's and the client's; and it checks that every
tree returned the same hits with the same scores (first measured round). CPU time, not wall time, is the figure
to compare on a shared machine: another process's load lengthens latency far more than the CPU a Search costs
(though a busy machine changes that too: compare rounds with the same "others", the cores the rest of the
machine kept busy meanwhile). `--threads` splits the server's CPU by thread, `--spy` / `--perf` record the
measured rounds with py-spy or perf; SEARCH_CPU_SITE is appended to the servers' PYTHONPATH (a probe's
sitecustomize).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import grpc

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.bench.latency import pct
from tests.bench.locomo import reference_time, timestamp
from tests.bench.locomo_data import load_locomo
from tests.bench.peers import BATCH, TOP_K, asked, episode_inputs, items_of, recall_at_10
from tests.conftest import neo4j_uri
from tests.launched.serve import DEV_KEY, error_lines, spawn_serve, stop, wait_serving

_TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


def thread_cpu(pid: int, names: dict[str, str]) -> dict[str, float]:
    """CPU seconds of a process's threads, summed by name (`names`: Python's thread names by native id)."""
    spent: dict[str, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except OSError:
            continue
        name = names.get(task.name) or stat[stat.index("(") + 1 : stat.rindex(")")]
        name = name.rstrip("0123456789_")
        fields = stat.rsplit(")", 1)[1].split()
        spent[name] = spent.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / _TICK
    return spent


def python_threads(pid: int) -> dict[str, str]:
    """Python's thread names by native thread id (py-spy dump)."""
    spy = str(Path(sys.executable).with_name("py-spy"))
    dump = subprocess.run([spy, "dump", "--pid", str(pid)], capture_output=True, text=True, check=False).stdout
    found = {}
    for line in dump.splitlines():
        parts = line.split()
        if line.startswith("Thread ") and len(parts) >= 3:
            found[parts[1]] = line.rsplit('"', 2)[-2] if line.count('"') >= 2 else parts[1]
    return found


def neo4j_pid() -> int | None:
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"org.neo4j" in cmdline and b"java" in cmdline:
            return int(entry.name)
    return None


def busy_seconds() -> float:
    """Every core's busy time (user, nice, system, irq, softirq, steal), seconds."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / _TICK


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Round:
    tree: str
    pair: int
    round: int
    ms: list[float] = field(default_factory=list)
    server_cpu: float = 0.0
    neo4j_cpu: float = 0.0
    client_cpu: float = 0.0
    others: float = 0.0  # cores the rest of the machine kept busy meanwhile
    threads: dict[str, float] = field(default_factory=dict)  # the server's CPU by thread name
    recall: list[float] = field(default_factory=list)

    def per(self, seconds: float) -> float:
        return 1000.0 * seconds / len(self.ms)


class Server:
    """`graphmem serve` from one source tree on the probe's data directory, and a client of it."""

    def __init__(self, tree: Path, workdir: Path, log: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        env = dict(os.environ)
        env.pop("GRAPHMEM_API_KEYS", None)
        env["GRAPHMEM_DATA_DIR"] = str(workdir / "data")
        env["GRAPHMEM_NEO4J_URI"] = neo4j_uri()
        env["PYTHONPATH"] = os.pathsep.join([str(tree), *filter(None, [os.environ.get("SEARCH_CPU_SITE")])])
        self.log = log
        self.process = spawn_serve(self.port, env, log)

    async def __aenter__(self) -> Server:
        await asyncio.to_thread(wait_serving, f"127.0.0.1:{self.port}", self.process, self.log, 600.0)
        self.channel = grpc.aio.insecure_channel(f"127.0.0.1:{self.port}")
        self.stub = pb_grpc.MemoryServiceStub(self.channel)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.channel.close(None)
        await asyncio.to_thread(stop, self.process)
        errors = error_lines(self.log)
        if errors:
            raise SystemExit(f"graphmem serve logged {len(errors)} error(s); the first: {errors[0]}")


AUTH = (("authorization", f"Bearer {DEV_KEY}"),)


async def ingest(server: Server, user: str, data: Path, size: int) -> None:
    conv = load_locomo("en", data)[0]
    items = items_of(conv, size)
    turns = {t.dia_id: t for t in conv.turns}
    began = time.perf_counter()
    for start in range(0, len(items), BATCH):
        episodes = episode_inputs(items[start : start + BATCH], turns)
        await server.stub.AddEpisodes(
            pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=episodes), metadata=AUTH
        )
    print(f"ingested {len(items)} episodes in {time.perf_counter() - began:.1f} s", flush=True)


async def ask(
    server: Server,
    user: str,
    data: Path,
    out: Round,
    suffix: str,
    hits: dict[str, list[tuple[str, float]]] | None,
    threads: bool = False,
) -> None:
    conv = load_locomo("en", data)[0]
    when = timestamp(reference_time(conv))
    scope = pb.Scope(user_id=user)
    questions = [(t, q) for t, q in asked(conv) if q is not None]
    neo = neo4j_pid()
    s0, n0, c0 = cpu_seconds(server.process.pid), cpu_seconds(neo) if neo else 0.0, client_cpu()
    b0, w0 = busy_seconds(), time.perf_counter()
    names = python_threads(server.process.pid) if threads else {}
    t0 = thread_cpu(server.process.pid, names) if threads else {}
    for text, question in questions:
        request = pb.SearchRequest(scope=scope, query=text + suffix, top_k=TOP_K, reference_time=when)
        began = time.perf_counter()
        reply = await server.stub.Search(request, metadata=AUTH)
        out.ms.append(1000.0 * (time.perf_counter() - began))
        out.recall.append(recall_at_10([h.metadata.get("dia_id", "") for h in reply.hits], question))
        if hits is not None:
            hits[text] = [(h.id, round(h.score, 9)) for h in reply.hits]
    await asyncio.sleep(0.3)  # the hit counters' batched write lands in this round
    out.server_cpu = cpu_seconds(server.process.pid) - s0
    if threads:
        t1 = thread_cpu(server.process.pid, names)
        out.threads = {k: v - t0.get(k, 0.0) for k, v in t1.items() if v - t0.get(k, 0.0) > 0}
    out.neo4j_cpu = (cpu_seconds(neo) - n0) if neo else float("nan")
    out.client_cpu = client_cpu() - c0
    ours = out.server_cpu + (out.neo4j_cpu if neo else 0.0) + out.client_cpu
    out.others = (busy_seconds() - b0 - ours) / (time.perf_counter() - w0)


def recorder(args: argparse.Namespace, workdir: Path, tree: Path, pair: int, pid: int) -> list[str] | None:
    """The profiler command for the measured rounds of one server (`--spy`, `--perf`), its output beside the work
    directory; None without one."""
    if args.spy:  # py-spy's collapsed stacks
        spy = str(Path(sys.executable).with_name("py-spy"))
        out = workdir / f"spy-{tree.name}-{pair}.txt"
        return [
            spy,
            "record",
            "-p",
            str(pid),
            "-r",
            "250",
            "-f",
            "raw",
            "-o",
            str(out),
            "--threads",
            *args.profile.split(),
        ]
    if args.perf:
        out = workdir / f"perf-{tree.name}-{pair}.data"
        return ["perf", "record", "-F", "499", "-g", "-p", str(pid), "-o", str(out)]
    return None


def _popen(command: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def summary(trees: list[Path], rounds: list[Round]) -> None:
    for tree in trees:
        mine = [r for r in rounds if r.tree == tree.name]
        quiet = [r.per(r.server_cpu) for r in mine if r.others < 0.1]
        cpu = [r.per(r.server_cpu) for r in mine]
        p50 = [pct(r.ms, 50) for r in mine]
        print(
            f"{tree.name:>12}: server CPU/Search mean {statistics.fmean(cpu):.2f} ms (min {min(cpu):.2f}, max"
            f" {max(cpu):.2f}; {len(quiet)} quiet rounds"
            + (f" mean {statistics.fmean(quiet):.2f}" if quiet else "")
            + f"); p50 mean {statistics.fmean(p50):.2f} ms (min {min(p50):.2f}, max {max(p50):.2f})"
        )


async def run(args: argparse.Namespace, workdir: Path, trees: list[Path], user: str | None) -> None:
    data = Path(args.data)
    if user is None:
        user = f"search-cpu-{args.size}-{int(time.time())}"
        async with Server(trees[0], workdir, workdir / "ingest.log") as server:
            await ingest(server, user, data, args.size)
        await asyncio.to_thread((workdir / f"user-{args.size}.json").write_text, json.dumps({"user": user}))
    rounds: list[Round] = []
    answers: dict[Path, dict[str, list[tuple[str, float]]]] = {}
    spaces = 1
    for pair in range(args.pairs):
        order = trees if pair % 2 == 0 or not args.swap else list(reversed(trees))
        for tree in order:
            async with Server(tree, workdir, workdir / f"serve-{tree.name}-{pair}.log") as server:
                await ask(server, user, data, Round(str(tree), pair, 0), " " * spaces, None)  # loads the partition
                spaces += 1
                command = recorder(args, workdir, tree, pair, server.process.pid)
                profiler = await asyncio.to_thread(_popen, command) if command else None
                if profiler is not None:
                    await asyncio.sleep(1.0)
                for r in range(1, args.rounds + 1):
                    out = Round(tree.name, pair, r)
                    seen = answers.setdefault(tree, {}) if pair == 0 and r == 1 else None
                    await ask(server, user, data, out, " " * spaces, seen, args.threads)
                    spaces += 1
                    rounds.append(out)
                    print(
                        f"{tree.name:>12} pair {pair} round {r}: p50 {pct(out.ms, 50):6.2f} ms"
                        f"  server CPU {out.per(out.server_cpu):6.2f} ms/Search"
                        f"  neo4j {out.per(out.neo4j_cpu):5.2f}  client {out.per(out.client_cpu):5.2f}"
                        f"  R@10 {100 * statistics.fmean(out.recall):.1f}  others {out.others:.2f} cores",
                        flush=True,
                    )
                    if args.threads:
                        parts = sorted(out.threads.items(), key=lambda kv: -kv[1])
                        print("      threads: " + ", ".join(f"{k} {out.per(v):.2f}" for k, v in parts), flush=True)
                if profiler is not None:
                    profiler.send_signal(signal.SIGINT)
                    await asyncio.to_thread(profiler.wait)
    print()
    summary(trees, rounds)
    first = answers.get(trees[0], {})
    for tree in trees[1:]:
        other = answers.get(tree, {})
        differ = [q for q in first if other.get(q) != first[q]]
        print(f"{tree.name}: {'same hits and scores' if not differ else f'{len(differ)} queries differ'}")
        for q in differ[:5]:
            print("  ", q, first[q][:3], other.get(q, [])[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default="../shared/data/locomo-dev")
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--tree", action="append", default=[])
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", action="store_true", help="print the server's CPU per Search by thread")
    parser.add_argument("--perf", action="store_true", help="run perf record over the measured rounds")
    parser.add_argument("--spy", action="store_true", help="run py-spy over the measured rounds")
    parser.add_argument("--profile", default="", help="more py-spy options (e.g. '--native' or '--gil')")
    parser.add_argument("--swap", action="store_true", help="reverse the trees' order on odd pairs")
    args = parser.parse_args()
    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    state = workdir / f"user-{args.size}.json"
    user = json.loads(state.read_text())["user"] if state.exists() else None
    trees = [Path(t).resolve() for t in args.tree] or [Path.cwd()]
    asyncio.run(run(args, workdir, trees, user))


if __name__ == "__main__":
    main()
