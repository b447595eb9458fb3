"""The background extraction worker against the in-memory queue: paused, it extracts nothing and returns from
`pause` only once the episode in hand is done; resumed, it extracts what queued meanwhile; pauses nest; and a
drain scoped to one user leaves every other user's episodes queued."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import UTC, datetime

import pytest
import pytest_asyncio

from graphmem.clock import ManualClock
from graphmem.embedding.hashing import HashEmbedder
from graphmem.extraction.facts import CandidateFact
from graphmem.memory.semantic import SemanticMemory
from graphmem.model import ExtractionStatus, Scope
from graphmem.policy import load_policy
from tests.unit.fakes import FakeExtractionQueue, FakeFactStore, user_episode

T0 = datetime(2026, 5, 1, 12, tzinfo=UTC)
ALICE = Scope("tenant-a", "alice")
BOB = Scope("tenant-a", "bob")


class GatedExtractor:
    """Finds nothing; each call waits for the gate (in the worker's thread), so a test can hold a pass mid-episode."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.gate = threading.Event()
        self.gate.set()
        self.texts: list[str] = []

    def extract(self, text: str, context: Sequence[str] = ()) -> list[CandidateFact]:
        self.texts.append(text)
        self.entered.set()
        self.gate.wait(10)
        return []


class Worker:
    def __init__(self) -> None:
        self.store = FakeFactStore()
        self.queue = FakeExtractionQueue(self.store.tables.episodes)
        self.extractor = GatedExtractor()
        policy, _ = load_policy(None)
        self.memory = SemanticMemory(self.store, self.queue, self.extractor, HashEmbedder(), policy, ManualClock(T0))

    def queue_up(self, scope: Scope, *ids: str) -> None:
        for episode_id in ids:
            self.store.add_episode(scope, episode_id)
            self.queue.pending.append(user_episode(scope, episode_id, f"text of {episode_id}", T0))

    def done(self) -> set[str]:
        return {e for e, (status, _) in self.queue.statuses.items() if status == ExtractionStatus.DONE}


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


@pytest_asyncio.fixture
async def worker() -> AsyncIterator[Worker]:
    made = Worker()
    task = asyncio.create_task(made.memory.run_worker(3600.0))  # wakes only when told: no sweep during a test
    yield made
    made.extractor.gate.set()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_paused_worker_extracts_nothing_until_resumed(worker: Worker) -> None:
    await worker.memory.pause()
    worker.queue_up(ALICE, "a1", "a2")
    worker.memory.wake()
    await until(lambda: worker.memory.queue_depth == 2)  # woken while paused: it counts the queue, no more
    assert worker.extractor.texts == [] and len(worker.queue.pending) == 2
    worker.memory.resume()  # no wake needed: the resume itself sends the worker through the queue
    await until(lambda: worker.done() == {"a1", "a2"})
    assert worker.memory.queue_depth == 0


async def test_pause_returns_once_the_episode_in_hand_is_done_and_leaves_the_rest_queued(worker: Worker) -> None:
    worker.queue_up(ALICE, "a1", "a2", "a3")
    worker.extractor.gate.clear()
    worker.memory.wake()
    await asyncio.to_thread(worker.extractor.entered.wait, 10)
    pausing = asyncio.create_task(worker.memory.pause())
    await asyncio.sleep(0.05)
    assert not pausing.done()  # the first episode is still being extracted
    worker.extractor.gate.set()
    await asyncio.wait_for(pausing, 10)
    assert worker.done() == {"a1"} and worker.extractor.texts == ["text of a1"]
    assert [e.id for e in worker.queue.pending] == ["a2", "a3"]
    worker.memory.resume()
    await until(lambda: worker.done() == {"a1", "a2", "a3"})


async def test_pauses_nest_and_a_resume_without_a_pause_is_refused(worker: Worker) -> None:
    await worker.memory.pause()
    await worker.memory.pause()
    worker.queue_up(ALICE, "a1")
    worker.memory.resume()
    worker.memory.wake()
    await until(lambda: worker.memory.queue_depth == 1)
    await asyncio.sleep(0.05)
    assert worker.done() == set()  # one pause is still in force
    worker.memory.resume()
    await until(lambda: worker.done() == {"a1"})
    with pytest.raises(RuntimeError, match="not paused"):
        worker.memory.resume()


async def test_a_drain_scoped_to_a_user_runs_while_paused_and_leaves_other_users_queued(worker: Worker) -> None:
    await worker.memory.pause()
    worker.queue_up(ALICE, "a1")
    worker.queue_up(BOB, "b1", "b2")
    worker.queue_up(ALICE, "a2")
    assert await worker.memory.drain(ALICE) == 2
    assert worker.done() == {"a1", "a2"}
    assert [e.id for e in worker.queue.pending] == ["b1", "b2"]
    assert await worker.memory.drain(ALICE) == 0
    worker.memory.resume()
    await until(lambda: worker.done() == {"a1", "a2", "b1", "b2"})
