"""The as-launched stage fails on any ERROR the server logs: the scan of its log must see every form."""

from __future__ import annotations

import json
from pathlib import Path

from tests.launched.serve import error_lines


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_clean_log_has_no_error_lines(tmp_path: Path) -> None:
    log = _write(
        tmp_path / "serve.log",
        [
            json.dumps({"level": "INFO", "msg": "graphmem listening", "port": 50051}),
            "graphmem serving on 127.0.0.1:50051 (Neo4j at bolt://127.0.0.1:7687)",
            json.dumps({"level": "WARNING", "msg": "vector partition file unreadable; rebuilding"}),
        ],
    )
    assert error_lines(log) == []


def test_error_and_critical_records_and_raw_tracebacks_are_detected(tmp_path: Path) -> None:
    log = _write(
        tmp_path / "serve.log",
        [
            json.dumps({"level": "INFO", "msg": "health changed", "serving": True}),
            json.dumps({"level": "ERROR", "msg": "unexpected error", "exc": "KeyError: 'created'"}),
            json.dumps({"level": "CRITICAL", "msg": "giving up"}),
            "Traceback (most recent call last):",
            '  File "x.py", line 1, in <module>',
        ],
    )
    found = error_lines(log)
    assert len(found) == 3
    assert "KeyError" in found[0]
    assert "giving up" in found[1]
    assert "Traceback" in found[2]
