"""The text worker runs extraction, mention reading and summaries in a child process with the results the
in-process code gives; a child that dies or overruns its time fails that one call and is replaced."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.memory.summary import summarise_turns
from graphmem.model import Turn
from graphmem.textworker import TextWorker, TextWorkerFailed

TEXTS = [
    "我不吃香菜，以后点菜都别放。记住我喜欢喝绿茶。",
    "Remember that I prefer tea over coffee. I never eat cilantro. My dog Biscuit chewed my headphones.",
]


@pytest.fixture(scope="module")
def worker() -> Iterator[TextWorker]:
    running = TextWorker()
    yield running
    running.close()


def test_extraction_in_the_child_gives_what_the_rules_give_in_process(worker: TextWorker) -> None:
    local = RuleExtractor()
    for text in TEXTS:
        assert worker.extract(text) == local.extract(text)
        assert worker.extract(text)  # the samples do state facts
    values = ["tea", "biscuit", "香菜", "piano"]
    assert worker.mentioned(TEXTS[1], values) == local.mentioned(TEXTS[1], values)


async def test_summaries_in_the_child_match_the_in_process_summary(worker: TextWorker) -> None:
    at = datetime(2026, 11, 20, tzinfo=UTC)
    turns = [Turn(role="user", text=t, at=at, tokens=len(t)) for t in TEXTS]
    assert await worker.summarise(turns, 60) == summarise_turns(turns, 60)


def test_the_work_runs_in_another_process(worker: TextWorker) -> None:
    pid = worker.pid()
    assert pid is not None and pid != os.getpid()


def test_a_killed_child_fails_one_call_and_is_replaced() -> None:
    worker = TextWorker()
    try:
        first = worker.pid()
        assert first is not None
        os.kill(first, signal.SIGKILL)
        with pytest.raises(TextWorkerFailed):
            worker.extract(TEXTS[1])
        assert worker.restarts == 1
        assert worker.pid() not in (None, first)
        assert worker.extract(TEXTS[1])
    finally:
        worker.close()


def test_an_overrunning_call_is_killed_and_the_child_replaced() -> None:
    worker = TextWorker(timeout_seconds=0.2)
    try:
        first = worker.pid()
        with pytest.raises(TextWorkerFailed, match="overran"):
            worker.extract("i like tea, " * 2700)  # ~1 s of matching
        assert worker.restarts == 1
        with pytest.raises(ProcessLookupError):
            os.kill(first or 0, 0)  # the overrunning child is gone
    finally:
        worker.close()
