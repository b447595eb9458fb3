"""Ready means ready: the warm-up loads and exercises every lazily loaded part, and health says SERVING only
after it (and the schema migration and the rehearsed queries) finished; a failed warm-up keeps NOT_SERVING."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import jieba
from grpc_health.v1 import health_pb2

from graphmem.embedding.hashing import HashEmbedder
from graphmem.embedding.protocol import EmbedKind, Vectors
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import CandidateFact
from graphmem.index.faiss_index import FaissIndex
from graphmem.policy import load_policy
from graphmem.readiness import PARTS, WarmUpReport, warm_up
from server.health import HealthMonitor

RESERVED = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "taskName"}


class SpyEmbedder(HashEmbedder):
    def __init__(self) -> None:
        super().__init__(dim=32)
        self.kinds: list[EmbedKind] = []

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        self.kinds.append(kind)
        return super().embed(texts, kind)


class SpyExtractor:
    def __init__(self) -> None:
        self.inner = RuleExtractor()
        self.texts: list[str] = []

    def extract(self, text: str, context: Sequence[str] = ()) -> list[CandidateFact]:
        self.texts.append(text)
        return self.inner.extract(text, context)


async def test_warm_up_loads_and_exercises_every_lazy_part(tmp_path: Path) -> None:
    embedder, extractor = SpyEmbedder(), SpyExtractor()
    index = FaissIndex(tmp_path / "vectors", embedder.dim)
    report = await warm_up(embedder, extractor, index, load_policy(None)[0])

    assert report.parts == PARTS
    assert all(seconds >= 0 for _, seconds in report.timings)
    assert {EmbedKind.DOCUMENT, EmbedKind.QUERY} <= set(embedder.kinds)  # writes and the Search path
    assert any("香菜" in t for t in extractor.texts) and any("coffee" in t for t in extractor.texts)
    assert report.facts_zh >= 1 and report.facts_en >= 1  # the rule tables answered in both languages
    assert set(extractor.inner._nlp) == {"zh", "en"}  # spaCy pipelines loaded
    assert jieba.dt.initialized and "jieba.posseg" in sys.modules  # dictionary and part-of-speech tables
    assert list((tmp_path / "vectors").iterdir()) == []  # FAISS exercised on a scratch index only


def test_warm_up_log_fields_are_not_log_record_attributes() -> None:
    fields = {f"{p}_ms" for p in ("schema", *PARTS, "queries")} | {"warmed", "facts_zh", "facts_en", "ready_ms"}
    assert not fields & RESERVED


class FakeCircuit:
    """The storage circuit the monitor watches between probes: closed (the database looks up)."""

    available = True

    def mark_unavailable(self) -> None:
        self.available = False


class FakeService:
    """Answers ping and migrate at once; warm_up waits for `release` and fails `failures` times first."""

    def __init__(self, failures: int = 0) -> None:
        self.graph = FakeCircuit()
        self.release = asyncio.Event()
        self.failures = failures
        self.queries_warmed = 0

    async def ping(self) -> None:
        return None

    async def migrate(self) -> int:
        return 6

    async def warm_up(self) -> WarmUpReport:
        await self.release.wait()
        if self.failures:
            self.failures -= 1
            raise RuntimeError("embedder could not load")
        return WarmUpReport(tuple((p, 0.001) for p in PARTS), 1, 1)

    async def warm_up_queries(self) -> None:
        self.queries_warmed += 1


class RecordingHealth:
    def __init__(self) -> None:
        self.statuses: list[int] = []

    async def set(self, name: str, status: int) -> None:
        if name == "":
            self.statuses.append(status)

    async def enter_graceful_shutdown(self) -> None:
        return None


async def _until(condition: object, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError("condition not reached")


async def test_serving_waits_for_the_warm_up() -> None:
    service, health = FakeService(), RecordingHealth()
    monitor = HealthMonitor(service, health, ("",), 0.05)  # type: ignore[arg-type]
    monitor.start()
    try:
        await asyncio.sleep(0.3)  # many probe intervals: the database answered long ago
        assert health.statuses and set(health.statuses) == {health_pb2.HealthCheckResponse.NOT_SERVING}
        assert not monitor.serving
        service.release.set()
        await _until(lambda: monitor.serving)
        assert health.statuses[-1] == health_pb2.HealthCheckResponse.SERVING
        assert service.queries_warmed == 1
    finally:
        await monitor.stop()


async def test_a_failed_warm_up_keeps_not_serving_and_is_retried() -> None:
    service, health = FakeService(failures=1), RecordingHealth()
    monitor = HealthMonitor(service, health, ("",), 0.05)  # type: ignore[arg-type]
    service.release.set()
    monitor.start()
    try:
        await _until(lambda: monitor.serving)
        assert service.failures == 0  # failed once, then warmed on a later tick
        assert health.statuses[0] == health_pb2.HealthCheckResponse.NOT_SERVING
    finally:
        await monitor.stop()
