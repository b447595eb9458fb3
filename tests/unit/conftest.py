"""Reports the time the unit tests took (wall and CPU, the test run's children included) after each run that
includes them: the unit suite is meant to stay under 20 s (`make test-unit`). A report, not a failure: wall-clock
limits are flaky on a shared machine, so the figure is printed with the load average for the reader to judge.
Also the one `extractor` fixture the extraction tests share (the rule extractor keeps no state between calls)."""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem.extraction.extractor import RuleExtractor

UNIT = Path(__file__).resolve().parent
BUDGET_SECONDS = 20.0


def _cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class _Tally:
    tests = 0
    wall = 0.0
    cpu = 0.0


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    if UNIT not in item.path.parents:
        yield
        return
    wall, cpu = time.perf_counter(), _cpu_seconds()
    yield
    _Tally.tests += 1
    _Tally.wall += time.perf_counter() - wall
    _Tally.cpu += _cpu_seconds() - cpu


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _Tally.tests:
        return
    load = os.getloadavg()[0]
    terminalreporter.write_line(
        f"unit tests: {_Tally.tests} in {_Tally.wall:.1f} s wall, {_Tally.cpu:.1f} s CPU "
        f"(budget {BUDGET_SECONDS:g} s; load average {load:.1f})"
    )


@pytest.fixture(scope="session")
def extractor() -> RuleExtractor:
    return RuleExtractor()
