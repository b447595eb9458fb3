"""The generated protobuf code in graphmem/v1 is exactly what the .proto files produce."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_regeneration_would_not_change_graphmem_v1(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("gen_proto", ROOT / "scripts" / "gen_proto.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    generated = module.generate(tmp_path)
    committed = ROOT / "graphmem" / "v1"
    names = sorted(p.name for p in generated if p.suffix in (".py", ".pyi"))
    assert names == sorted(p.name for p in committed.iterdir() if p.suffix in (".py", ".pyi"))
    for path in generated:
        if path.suffix in (".py", ".pyi"):
            assert path.read_text() == (committed / path.name).read_text(), f"{path.name} is stale: run make proto"
