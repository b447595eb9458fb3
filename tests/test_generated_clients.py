"""The committed Go and TypeScript code under clients/ is exactly what buf generates from proto/, and
`buf lint` passes on the API (buf comes from clients/ts's npm devDependencies: `make clients` installs it)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUF = ROOT / "clients" / "ts" / "node_modules" / ".bin" / "buf"
GENERATED = {"buf.gen.go.yaml": "clients/go/gen", "buf.gen.ts.yaml": "clients/ts/src/gen"}


def buf(*args: str) -> subprocess.CompletedProcess[str]:
    if not BUF.exists():
        pytest.fail(f"{BUF} is missing: run `make clients` (npm ci in clients/ts installs buf)")
    if shutil.which("go") is None:
        pytest.fail("go is required: the Go plugins run as `go tool` from clients/go")
    return subprocess.run([str(BUF), *args], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


def files_under(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}


def test_buf_lint_passes_on_the_api() -> None:
    done = buf("lint")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("template", sorted(GENERATED))
def test_regeneration_would_not_change_the_committed_client_code(template: str, tmp_path: Path) -> None:
    done = buf("generate", "--template", template, "--output", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    generated, committed = files_under(tmp_path / GENERATED[template]), files_under(ROOT / GENERATED[template])
    assert sorted(generated) == sorted(committed), f"files differ: run `make clients-generate` ({template})"
    stale = [name for name in generated if generated[name] != committed[name]]
    assert not stale, f"stale generated code {stale}: run `make clients-generate`"
