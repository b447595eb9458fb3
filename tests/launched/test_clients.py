"""The Go, TypeScript and Java clients (clients/) against `graphmem serve` as launched: each language's own
tests and its quickstart, run as subprocesses with GRAPHMEM_ADDRESS and GRAPHMEM_API_KEY set, as a user of
that ecosystem would run them. `make clients` builds them first (modules, npm ci, the Maven package)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from tests.launched.conftest import REPO, Launched

CLIENTS = REPO / "clients"
TIMEOUT_SECONDS = 900
ANSI = re.compile(r"\x1b\[[0-9;]*m")  # Maven resets colours even in batch mode


def run(launched: Launched, command: list[str], cwd: Path, user: str) -> str:
    """Runs one client command against the launched server; fails with its output unless it exits 0."""
    if shutil.which(command[0]) is None:
        pytest.fail(f"`{command[0]}` is not installed: the {cwd.name} client needs it (see clients/README.md)")
    env = {
        **os.environ,
        "GRAPHMEM_ADDRESS": launched.address,
        "GRAPHMEM_API_KEY": launched.api_key,
        "GRAPHMEM_QUICKSTART_USER": user,
    }
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"`{' '.join(command)}` in {cwd} exited {done.returncode}:\n{output[-6000:]}"
    return ANSI.sub("", done.stdout)


def assert_quickstart_output(stdout: str) -> None:
    """The four steps printed: the route and why, the remembered dish as a hit with its breakdown, the
    facts, and a non-empty context within its budget."""
    assert re.search(r"^route: .+ \(.+\)$", stdout, re.M), stdout
    hit = re.search(r"^hit: \d+\.\d{3} \S+ .*香菜.* similarity=\d\.\d\d lexical=\d\.\d\d", stdout, re.M)
    assert hit, f"no hit for the remembered dish with its breakdown:\n{stdout}"
    assert re.search(r"^facts: \d+$", stdout, re.M), stdout
    context = re.search(r"^context: (\d+) items, (\d+)/(\d+) tokens$", stdout, re.M)
    assert context, stdout
    items, tokens, budget = map(int, context.groups())
    assert items > 0 and tokens <= budget, stdout


def test_go_client_tests_and_quickstart(launched: Launched) -> None:
    go = CLIENTS / "go"
    tests = run(launched, ["go", "test", "-count=1", "-v", "./..."], go, f"go-{uuid.uuid4().hex[:8]}")
    assert "--- PASS: TestAddSearchListFactsGetContext" in tests and "FAIL" not in tests, tests
    assert "--- PASS: TestPagedListsAreWalkedPageByPage" in tests, tests
    assert_quickstart_output(run(launched, ["go", "run", "./examples/quickstart"], go, f"go-{uuid.uuid4().hex[:8]}"))


def test_typescript_client_tests_and_example(launched: Launched) -> None:
    ts = CLIENTS / "ts"
    if not (ts / "dist" / "test" / "client.test.js").exists():
        pytest.fail("clients/ts is not built: run `make clients` (npm ci, then npm run build)")
    tests = run(launched, ["node", "--test", "dist/test/client.test.js"], ts, f"ts-{uuid.uuid4().hex[:8]}")
    assert re.search(r"^# pass 6$", tests, re.M) and re.search(r"^# fail 0$", tests, re.M), tests
    assert_quickstart_output(run(launched, ["node", "dist/examples/quickstart.js"], ts, f"ts-{uuid.uuid4().hex[:8]}"))


def test_java_client_tests_and_example(launched: Launched) -> None:
    java = CLIENTS / "java"
    tests = run(launched, ["mvn", "-B", "test"], java, f"java-{uuid.uuid4().hex[:8]}")
    assert "Tests run: 6, Failures: 0, Errors: 0, Skipped: 0" in tests, tests[-4000:]
    quickstart = run(launched, ["mvn", "-B", "-q", "exec:java"], java, f"java-{uuid.uuid4().hex[:8]}")
    assert_quickstart_output(quickstart)
