"""The text worker's process protocol, against a child that loads nothing heavy (tests/unit/light_child.py):
work runs in another process; a child that dies or overruns its time fails that one call and is replaced; an
operation's own error reaches the caller and the child goes on serving; a child is recycled after
`recycle_after` calls. The real rules in a real child: tests/integration/test_textworker.py."""

from __future__ import annotations

import os
import signal
from datetime import UTC, datetime

import pytest

from graphmem.model import Turn
from graphmem.textworker import TextWorker, TextWorkerFailed
from tests.unit.light_child import broken_operations, light_operations


def light_worker(timeout_seconds: float = 60.0, recycle_after: int = 20_000) -> TextWorker:
    return TextWorker(
        operations=light_operations,
        timeout_seconds=timeout_seconds,
        start_timeout_seconds=60,
        recycle_after=recycle_after,
    )


def test_the_work_runs_in_another_process_and_its_results_come_back() -> None:
    worker = light_worker()
    try:
        pid = worker.pid()
        assert pid is not None and pid != os.getpid()
        assert worker.extract("tea over coffee") == ["tea", "over", "coffee"]
        assert worker.mentioned("tea over coffee", ["tea", "milk"]) == [True, False]
        assert worker.pid() == pid  # one child serves every call
    finally:
        worker.close()


async def test_summaries_are_computed_in_the_child() -> None:
    worker = light_worker()
    at = datetime(2026, 11, 20, tzinfo=UTC)
    turns = [Turn(role="user", text=t, at=at, tokens=1) for t in ("a", "b")]
    try:
        assert await worker.summarise(turns, 60) == "a | b"
    finally:
        worker.close()


def test_a_killed_child_fails_one_call_and_is_replaced() -> None:
    worker = light_worker()
    try:
        first = worker.pid()
        assert first is not None
        os.kill(first, signal.SIGKILL)
        with pytest.raises(TextWorkerFailed, match="died"):
            worker.extract("tea")
        assert worker.restarts == 1
        assert worker.pid() not in (None, first)
        assert worker.extract("tea") == ["tea"]
    finally:
        worker.close()


def test_an_overrunning_call_is_killed_and_the_child_replaced() -> None:
    worker = light_worker(timeout_seconds=0.5)  # ample for the other calls, a round trip of microseconds
    try:
        first = worker.pid()
        with pytest.raises(TextWorkerFailed, match="overran"):
            worker.extract("sleep 30")
        assert worker.restarts == 1
        with pytest.raises(ProcessLookupError):
            os.kill(first or 0, 0)  # the overrunning child is gone
        assert worker.extract("tea") == ["tea"]  # the next call gets a new child
        assert worker.pid() != first
    finally:
        worker.close()


def test_an_operations_own_error_reaches_the_caller_and_the_child_goes_on() -> None:
    worker = light_worker()
    try:
        first = worker.pid()
        with pytest.raises(ValueError, match="asked to raise"):
            worker.extract("raise")
        assert worker.restarts == 0
        assert worker.pid() == first
    finally:
        worker.close()


def test_a_child_is_recycled_after_its_call_allowance() -> None:
    worker = light_worker(recycle_after=3)
    try:
        first = worker.pid()
        worker.extract("a")
        worker.extract("b")  # the third call of this child
        second = worker.pid()
        assert second not in (None, first)
        assert worker.restarts == 0  # recycling is not a failure
    finally:
        worker.close()


def test_a_child_that_cannot_start_fails_the_call() -> None:
    worker = TextWorker(operations=broken_operations, start_timeout_seconds=60)
    try:
        with pytest.raises(TextWorkerFailed, match="while starting"):
            worker.extract("tea")
    finally:
        worker.close()
