"""Start-up and first-call latency of `graphmem serve` as a user launches it (subprocess, default settings).

    python -m tests.bench.startup [--calls 50]

Prints the time from spawning the process to health SERVING, the latency of the first AddEpisodes and the
first Search after SERVING, then the steady p50 of each over `--calls` more rounds, and first/p50 (target:
at most 2x). Each round writes one episode for a fresh user and then searches that user, so the first round
and the steady ones do the same work (a fresh user's side indexes are built on its first Search in both);
what differs is only what the process had to load. Uses the environment's GRAPHMEM_* settings (port, Neo4j)
and needs the Neo4j it names running (`graphmem neo4j start`).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.serve import Launched, launch, log_records, stop

TEXTS = [
    ("我不吃香菜，以后点菜都别放。", "她不吃什么？"),
    ("I never drink coffee after noon.", "what does she avoid drinking in the afternoon?"),
]


def _round(stub: pb_grpc.MemoryServiceStub, auth: tuple[tuple[str, str], ...], i: int) -> tuple[float, float]:
    text, query = TEXTS[i % len(TEXTS)]
    scope = pb.Scope(user_id=f"startup-{uuid.uuid4().hex[:12]}")
    when = Timestamp()
    when.GetCurrentTime()
    episode = pb.EpisodeInput(key=f"k{i}", text=text, session_id="s1", speaker="user", occurred_at=when)
    started = time.perf_counter()
    added = stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=[episode]), metadata=auth, timeout=30)
    add_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    found = stub.Search(pb.SearchRequest(scope=scope, query=query, top_k=5), metadata=auth, timeout=30)
    search_ms = (time.perf_counter() - started) * 1000
    if len(added.results) != 1 or not found.hits:
        raise SystemExit(f"round {i}: AddEpisodes or Search returned nothing")
    return add_ms, search_ms


def _warm_up_line(server: Launched) -> str:
    for record in server.log_records():
        if record.get("msg") == "warm-up done":
            parts = {k: v for k, v in record.items() if k.endswith("_ms")}
            return "  ".join(f"{k} {v}" for k, v in parts.items())
    return "(no warm-up line logged)"


def _server_side_writes(server: Launched) -> list[dict[str, object]]:
    """The server's own timing lines of the AddEpisodes calls after the warm-up, in order."""
    records = list(server.log_records())
    done = next((i for i, r in enumerate(records) if r.get("msg") == "warm-up done"), len(records))
    return [r for r in records[done + 1 :] if r.get("msg") == "episodes written"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=50, help="steady rounds after the first (default 50)")
    parser.add_argument("--log", type=Path, help="keep the server's log at this path (default: a temporary file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="graphmem-startup-") as tmp:
        server = launch(args.log or Path(tmp) / "serve.log")
        try:
            auth = (("authorization", f"Bearer {server.api_key}"),)
            with grpc.insecure_channel(server.address) as channel:
                stub = pb_grpc.MemoryServiceStub(channel)
                first_add, first_search = _round(stub, auth, 0)
                steady = [_round(stub, auth, i) for i in range(1, args.calls + 1)]
            warm = _warm_up_line(server)
            writes = _server_side_writes(server)
            errors = [r for r in log_records(server.log_path) if r.get("level") in ("ERROR", "CRITICAL")]
        finally:
            stop(server.process)
    add_p50 = statistics.median(a for a, _ in steady)
    search_p50 = statistics.median(s for _, s in steady)
    print(f"graphmem serve, {args.calls} steady rounds (one episode for a fresh user, then Search it)")
    print(f"time to SERVING: {server.seconds_to_serving:.2f} s   warm-up: {warm}")
    print(
        f"AddEpisodes  first {first_add:7.1f} ms   steady p50 {add_p50:6.1f} ms   first/p50 {first_add / add_p50:.2f}x"
    )
    print(
        f"Search       first {first_search:7.1f} ms   steady p50 {search_p50:6.1f} ms   "
        f"first/p50 {first_search / search_p50:.2f}x"
    )
    if writes:
        rest = writes[1:] or writes
        for field in ("prepare_embed_ms", "commit_ms"):
            p50 = statistics.median(float(w.get(field, 0.0)) for w in rest)
            print(
                f"  server side {field:17s} first {float(writes[0].get(field, 0.0)):7.1f} ms   steady p50 {p50:6.1f} ms"
            )
    worst = max(first_add / add_p50, first_search / search_p50)
    print(f"verdict: worst first/p50 {worst:.2f}x vs target 2x: {'PASS' if worst <= 2 else 'FAIL'}")
    if errors:
        print(f"server logged {len(errors)} ERROR line(s)")


if __name__ == "__main__":
    main()
