"""Regenerates graphmem/v1/ from proto/graphmem/v1/*.proto (run: python scripts/gen_proto.py [OUT_DIR])."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"


def generate(out_dir: Path) -> list[Path]:
    """Writes the Python modules for every proto under proto/graphmem/v1 into out_dir; returns them."""
    protos = sorted(str(p.relative_to(PROTO_DIR)) for p in (PROTO_DIR / "graphmem" / "v1").glob("*.proto"))
    grpc_include = str(resources.files("grpc_tools") / "_proto")
    from google.api import field_behavior_pb2

    google_include = str(Path(field_behavior_pb2.__file__).parent.parent.parent)
    out_dir.mkdir(parents=True, exist_ok=True)
    args = [
        "protoc",
        f"-I{PROTO_DIR}",
        f"-I{grpc_include}",
        f"-I{google_include}",
        f"--python_out={out_dir}",
        f"--pyi_out={out_dir}",
        f"--grpc_python_out={out_dir}",
        *protos,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    pkg = out_dir / "graphmem" / "v1"
    (pkg / "__init__.py").write_text('"""Generated protobuf and gRPC code for graphmem.v1; never edited by hand."""\n')
    return sorted(pkg.iterdir())


if __name__ == "__main__":
    generate(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
