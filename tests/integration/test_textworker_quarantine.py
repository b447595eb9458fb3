"""An episode the text worker overruns on (the child is killed and replaced each time) is quarantined after
three attempts while the rest of the queue is extracted: the real child process behind the semantic layer.

The queue and the fact store are the in-memory fakes on purpose: the Neo4j extraction queue is global, and the
other servers alive in the same test session (the API tests' server) drain it too, with their own text worker
and its 60 s limit, so they could extract the slow episode before this worker's third overrun."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from graphmem.clock import ManualClock
from graphmem.embedding.hashing import HashEmbedder
from graphmem.memory.semantic import MAX_EXTRACTION_ATTEMPTS, SemanticMemory
from graphmem.model import Episode, ExtractionStatus, Scope
from graphmem.policy import load_policy
from graphmem.textworker import TextWorker
from tests.unit.fakes import FakeExtractionQueue, FakeFactStore, user_episode

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
USER = Scope("tenant-q", "u-q")


def episode(key: str, text: str) -> Episode:
    return user_episode(USER, f"{key}-{uuid.uuid4().hex}", text, START)


async def test_an_episode_overrunning_the_text_worker_is_quarantined_and_the_rest_extracted() -> None:
    slow = episode("slow", f"{uuid.uuid4().hex} " + "i like tea, " * 2600)  # 0.15 s or more of matching
    good = episode("good", "I love oolong")  # 1-5 ms
    store = FakeFactStore()
    for e in (slow, good):
        store.add_episode(USER, e.id)
    queue = FakeExtractionQueue(store.tables.episodes, [slow, good])
    policy, _ = load_policy(None)
    worker = TextWorker(timeout_seconds=0.05)
    memory = SemanticMemory(store, queue, worker, HashEmbedder(), policy, ManualClock(START))
    try:
        worker.start()
        await memory.drain()
        assert queue.statuses[slow.id][0] == ExtractionStatus.QUARANTINED
        assert queue.attempts[slow.id] == MAX_EXTRACTION_ATTEMPTS
        assert queue.statuses[good.id][0] == ExtractionStatus.DONE
        assert worker.restarts >= MAX_EXTRACTION_ATTEMPTS  # each overrun killed its child
        await memory.drain()
        assert queue.attempts[slow.id] == MAX_EXTRACTION_ATTEMPTS  # never retried
    finally:
        worker.close()
