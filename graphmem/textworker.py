"""The text worker: CPU-heavy work on caller text — fact extraction, mention reading and extractive summaries —
run in a separate process, so a long regex match or segmentation (C calls that hold the GIL for their whole
length) never stalls the server's event loop. One child process, started with `spawn`, loads the rules,
spaCy and jieba once and is warmed before it takes work; calls are serialised through one pipe.

A child that dies mid-call (killed, out of memory, a crash in a C extension) or overruns `timeout_seconds`
is killed and replaced on the next call; the call itself raises `TextWorkerFailed`, so the extraction worker
counts a failed attempt for that episode (quarantined at the limit) instead of retrying it forever. A child
is also replaced after `recycle_after` calls, which bounds what slow growth of its memory can reach.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from graphmem.extraction.facts import CandidateFact
    from graphmem.extraction.recurrence import Topic
    from graphmem.model import Turn

log = logging.getLogger(__name__)

__all__ = ["Operations", "TextWorker", "TextWorkerFailed", "rule_operations"]

Operations = Callable[[], Mapping[str, Callable[..., Any]]]
"""Builds, in the child, the operations it answers by name; a module-level function (it crosses to the child
by reference)."""

_WARM_TEXTS = (
    "我不吃香菜，以后点菜都别放。记住我喜欢喝绿茶。",
    "Remember that I prefer tea over coffee. I never eat cilantro.",
)


class TextWorkerFailed(RuntimeError):
    """The worker process died or overran its time on this call; it is replaced before the next call."""


def rule_operations() -> dict[str, Callable[..., Any]]:
    """The rules' extraction, mention reading and summaries, loaded and warmed. The rules, spaCy and jieba are
    imported here, in the child, which is what the child is for; the parent of a lighter child never loads them.
    """
    from graphmem.extraction.extractor import RuleExtractor
    from graphmem.memory.summary import summarise_turns

    extractor = RuleExtractor()
    for text in _WARM_TEXTS:
        extractor.extract(text)
        extractor.mentioned(text, ["tea"])
        extractor.topics(text)
    return {
        "extract": extractor.extract,
        "mentioned": extractor.mentioned,
        "replaced": extractor.replaced,
        "updated_notes": extractor.updated_notes,
        "topics": extractor.topics,
        "summarise": summarise_turns,
    }


def _serve(conn: Connection, operations: Operations) -> None:
    """The child's loop: build the operations, say ready, then answer (op, args) with ("ok", result) or
    ("error", exc)."""
    ops = {**operations(), "pid": os.getpid}
    conn.send(("ready", None))
    while True:
        try:
            op, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", ops[op](*args))
        except Exception as exc:  # the caller re-raises it; the child goes on serving
            reply = ("error", exc)
        conn.send(reply)


class TextWorker:
    """Runs extraction and summaries in a child process. Satisfies the `Extractor` and `MentionReader`
    protocols (blocking methods, called from worker threads) and the `Summariser` protocol (async).
    `operations` builds what the child answers (the rules by default)."""

    def __init__(
        self,
        *,
        timeout_seconds: float = 60.0,
        start_timeout_seconds: float = 180.0,
        recycle_after: int = 20_000,
        operations: Operations = rule_operations,
    ) -> None:
        self._operations = operations
        self._timeout = timeout_seconds
        self._start_timeout = start_timeout_seconds
        self._recycle_after = recycle_after
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._calls = 0
        self.restarts = 0
        """Children replaced after a death or an overrun (not counting recycling)."""

    # -- the child --------------------------------------------------------------------------------------
    def _start(self) -> Connection:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(child, self._operations), name="graphmem-textworker", daemon=True
        )
        started = time.perf_counter()
        process.start()
        child.close()
        self._process, self._conn, self._calls = process, parent, 0
        if not parent.poll(self._start_timeout):
            self._stop()
            raise TextWorkerFailed(f"the text worker did not start within {self._start_timeout:g} s")
        try:
            parent.recv()
        except (EOFError, OSError) as exc:
            self._stop()
            raise TextWorkerFailed("the text worker exited while starting") from exc
        log.info(
            "text worker started",
            extra={"pid": process.pid, "start_ms": round((time.perf_counter() - started) * 1000)},
        )
        return parent

    def _stop(self) -> None:
        process, conn = self._process, self._conn
        self._process, self._conn = None, None
        if conn is not None:
            conn.close()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(timeout=10)

    def _call(self, op: str, *args: Any) -> Any:
        with self._lock:
            if self._conn is not None and self._calls >= self._recycle_after:
                self._stop()
            conn = self._conn if self._conn is not None else self._start()
            self._calls += 1
            try:
                conn.send((op, args))
                if not conn.poll(self._timeout):
                    raise TextWorkerFailed(f"the text worker overran {self._timeout:g} s on {op}")
                status, value = conn.recv()
            except TextWorkerFailed:
                self._replace(op)
                raise
            except (EOFError, OSError, BrokenPipeError) as exc:
                self._replace(op)
                raise TextWorkerFailed(f"the text worker died during {op}") from exc
        if status == "error":
            raise value
        return value

    def _replace(self, op: str) -> None:
        pid = self._process.pid if self._process is not None else None
        self._stop()
        self.restarts += 1
        log.warning("text worker replaced", extra={"pid": pid, "operation": op, "restarts": self.restarts})

    # -- the protocols ----------------------------------------------------------------------------------
    def extract(self, text: str, context: Sequence[str] = (), asked: str = "") -> list[CandidateFact]:
        facts: list[CandidateFact] = self._call("extract", text, tuple(context), asked)
        return facts

    def mentioned(
        self, text: str, values: list[str], polarities: list[bool] | None = None, naming: list[bool] | None = None
    ) -> list[bool]:
        found: list[bool] = self._call("mentioned", text, values, polarities, naming)
        return found

    def replaced(self, text: str, values: list[str]) -> list[str]:
        found: list[str] = self._call("replaced", text, values)
        return found

    def updated_notes(self, text: str, notes: list[str]) -> list[str]:
        found: list[str] = self._call("updated_notes", text, notes)
        return found

    def topics(self, text: str) -> list[Topic]:
        found: list[Topic] = self._call("topics", text)
        return found

    async def summarise(self, turns: Sequence[Turn], max_tokens: int) -> str:
        summary: str = await asyncio.to_thread(self._call, "summarise", list(turns), max_tokens)
        return summary

    def start(self) -> None:
        """Starts and warms the child now if it is not running (otherwise the first call does)."""
        with self._lock:
            if self._conn is None:
                self._start()

    def pid(self) -> int | None:
        """The child's process id (starting it if needed)."""
        found: int | None = self._call("pid")
        return found

    def close(self) -> None:
        """Stops the child (it is started again by the next call)."""
        with self._lock:
            self._stop()
