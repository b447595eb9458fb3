"""README.md's commands, taken from the README at run time and run against `graphmem serve` as launched.

Every `grpcurl` command of its ```sh blocks runs with a real grpcurl (built from its Go module by
`make tools`) and must exit 0 with sane output; every ```python block runs in a fresh interpreter and must
exit 0. The README's address 127.0.0.1:50051 is replaced by the launched one only when GRAPHMEM_PORT moves it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.launched.conftest import REPO, Launched
from tests.launched.readme import README, Command, at_address, python_blocks, sh_commands

MARKDOWN = README.read_text(encoding="utf-8")
GRPCURL_COMMANDS = sh_commands(MARKDOWN, "grpcurl")
PYTHON_BLOCKS = python_blocks(MARKDOWN)


@pytest.fixture(scope="module")
def grpcurl() -> Path:
    """The grpcurl binary `make tools` builds from its Go module; the test fails with the build's output."""
    make = shutil.which("make")
    if make is None:
        pytest.fail("`make` is not installed: it builds grpcurl (make tools)")
    built = subprocess.run([make, "-s", "tools"], cwd=REPO, capture_output=True, text=True, timeout=900, check=False)
    binary = REPO / ".tools" / "bin" / "grpcurl"
    if built.returncode != 0 or not binary.exists():
        pytest.fail(f"building grpcurl failed (make tools, exit {built.returncode}):\n{built.stdout}\n{built.stderr}")
    return binary


def test_the_readme_shows_the_calls_a_newcomer_types() -> None:
    methods = [c.argv[-1] for c in GRPCURL_COMMANDS]
    assert "list" in methods
    assert "graphmem.v1.MemoryService/AddEpisodes" in methods
    assert "graphmem.v1.MemoryService/Search" in methods
    assert PYTHON_BLOCKS, "README.md has no ```python block"


def _check_output(method: str, out: str) -> None:
    if method == "list":
        services = set(out.split())
        assert {"graphmem.v1.MemoryService", "grpc.health.v1.Health"} <= services, out
        return
    if method.startswith("describe"):
        return
    reply = json.loads(out or "{}")
    if method.endswith("/AddEpisodes"):
        assert reply.get("results"), out
        assert all(r.get("id") for r in reply["results"]), out
    elif method.endswith("/Search"):
        assert reply.get("route", {}).get("layers"), out
        assert reply.get("hits"), out


@pytest.mark.parametrize("command", GRPCURL_COMMANDS, ids=Command.label)
def test_readme_grpcurl_command(command: Command, grpcurl: Path, launched: Launched) -> None:
    argv = [str(grpcurl), *(at_address(arg, launched.address) for arg in command.argv[1:])]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, f"README.md line {command.line}: exit {done.returncode}\n{done.stderr}"
    _check_output(command.argv[-1], done.stdout)


@pytest.mark.parametrize("index", range(len(PYTHON_BLOCKS)), ids=lambda i: f"python@{PYTHON_BLOCKS[i].line}")
def test_readme_python_block(index: int, launched: Launched, tmp_path: Path) -> None:
    block = PYTHON_BLOCKS[index]
    script = tmp_path / "snippet.py"
    script.write_text(at_address(block.text, launched.address), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, f"README.md line {block.line}: exit {done.returncode}\n{done.stderr}"
    if "print(" in block.text:
        assert done.stdout.strip(), f"README.md line {block.line} printed nothing"
