"""Soak of `graphmem serve` as a user launches it: many agents of mixed traffic for minutes.

    python -m tests.bench.soak [--clients 16] [--seconds 600] [--seed 13]

Prints per RPC the calls, errors and p50/p99/max latency, every error seen (target: 0), the server's RSS
(with its child processes: the text worker) averaged over the first and over the last minute and its growth (target: < 10 %), and the server's event-loop
lag from its metrics endpoint. Uses the environment's GRAPHMEM_* settings (port, Neo4j) and needs the Neo4j it
names running (`graphmem neo4j start`). Exits 1 on any error or an RSS growth of 10 % or more.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

import grpc.aio
from prometheus_client.parser import text_string_to_metric_families

from tests.launched.serve import DEV_KEY, launch, stop
from tests.soak import soak

RSS_MINUTE = 60.0
_QUANTILE_NAMES = {"0.5": "p50", "0.99": "p99", "1": "max"}


def _rss_bytes(pid: int) -> int:
    """The RSS of `pid` and of its descendants (the text worker and the multiprocessing resource tracker);
    a process that exits while it is read counts 0."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        children = [
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
    except (FileNotFoundError, ProcessLookupError):
        return 0
    own = next((int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return own + sum(_rss_bytes(child) for child in children)


async def _sample_rss(pid: int, samples: list[tuple[float, int]], stop_at: float) -> None:
    loop = asyncio.get_running_loop()
    while loop.time() < stop_at:
        samples.append((loop.time(), _rss_bytes(pid)))
        await asyncio.sleep(1.0)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _lag(metrics_url: str) -> dict[str, float]:
    with urllib.request.urlopen(metrics_url, timeout=10) as response:
        text = response.read().decode()
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "graphmem_event_loop_lag_window_seconds":
                out[sample.labels["quantile"]] = sample.value
    return out


async def _run(address: str, pid: int, clients: int, seconds: float, seed: int, metrics_url: str) -> int:
    loop = asyncio.get_running_loop()
    rss: list[tuple[float, int]] = []
    started = loop.time()
    sampler = asyncio.create_task(_sample_rss(pid, rss, started + seconds))
    async with grpc.aio.insecure_channel(address) as channel:
        report = await soak(
            channel, (("authorization", f"Bearer {DEV_KEY}"),), clients, seconds, f"soak-{uuid.uuid4().hex[:8]}", seed
        )
    await sampler
    print(report.table())
    print(f"\n{clients} clients, {report.seconds:.0f} s, {report.calls} calls ({report.calls / report.seconds:.1f}/s)")
    print(f"errors: {report.failed}")
    for line in report.examples:
        print("  " + line)
    first = [b for t, b in rss if t - started < RSS_MINUTE]
    last = [b for t, b in rss if t - started >= seconds - RSS_MINUTE]
    growth = (sum(last) / len(last)) / (sum(first) / len(first)) - 1.0
    print(
        f"server RSS: first minute {sum(first) / len(first) / 2**20:.0f} MiB, last minute "
        f"{sum(last) / len(last) / 2**20:.0f} MiB, growth {growth * 100:+.1f} %"
    )
    lag = _lag(metrics_url)
    print(
        "server event-loop lag over its last 5 minutes: "
        + ", ".join(f"{_QUANTILE_NAMES.get(q, q)} {v * 1000:.0f} ms" for q, v in sorted(lag.items()))
    )
    return report.failed + (1 if growth >= 0.10 else 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    if args.seconds < 2 * RSS_MINUTE:
        parser.error("--seconds must be at least 120 (the first and the last minute are compared)")
    metrics_port = _free_port()
    os.environ["GRAPHMEM_METRICS_PORT"] = str(metrics_port)
    with tempfile.TemporaryDirectory() as tmp:
        server = launch(Path(tmp) / "graphmem-serve.log")
        started = time.perf_counter()
        try:
            bad = asyncio.run(
                _run(
                    server.address,
                    server.process.pid,
                    args.clients,
                    args.seconds,
                    args.seed,
                    f"http://127.0.0.1:{metrics_port}/metrics",
                )
            )
        finally:
            stop(server.process)
        errors = server.error_lines()
        print(f"ERROR lines logged by the server: {len(errors)} (wall {time.perf_counter() - started:.0f} s)")
        for line in errors[:10]:
            print("  " + line[:400])
    if bad or errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
