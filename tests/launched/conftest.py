"""The as-launched stage: `graphmem serve` started exactly as `make run` starts it, in a subprocess.

Default settings (the development key, default logging at INFO, the local Neo4j the stage was given), its
stderr captured to a log file. Tests here talk to it only over the network, as a user's agent would. When
the session ends the log is read: any ERROR (or CRITICAL) line fails the stage, with the lines quoted.

Environment honoured (so parallel checkouts do not collide): GRAPHMEM_PORT (default 50051) and every other
GRAPHMEM_* variable a user could set; nothing else is overridden. The launching itself lives in
tests/launched/serve.py (shared with the start-up benchmark).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.launched.serve import (
    DEV_KEY,
    REPO,
    START_TIMEOUT_SECONDS,
    Launched,
    LaunchError,
    error_lines,
    launch,
    stop,
)
from tests.launched.serve import graphmem_command as _graphmem_command

__all__ = ["DEV_KEY", "REPO", "START_TIMEOUT_SECONDS", "Launched", "graphmem_command"]


def graphmem_command() -> list[str]:
    """The `graphmem` console script of the environment running the tests (the one `make run` uses)."""
    try:
        return _graphmem_command()
    except LaunchError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def launched(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Launched]:
    """`graphmem serve` as a user launches it; fails the stage if it logged any ERROR."""
    log_path = tmp_path_factory.mktemp("launched") / "graphmem-serve.log"
    try:
        running = launch(log_path)
    except LaunchError as exc:
        pytest.fail(str(exc))
    try:
        yield running
    finally:
        try:
            stop(running.process)
        except LaunchError as exc:
            pytest.fail(str(exc))
    errors = error_lines(log_path)
    if errors:
        pytest.fail("graphmem serve logged errors during the as-launched stage:\n" + "\n".join(errors))
