"""Structured log fields (`extra=`) must never name a LogRecord attribute: logging raises KeyError for those, and
only at a level that is enabled, so a clash hides from tests that log quietly (it once broke every AddEpisodes
under `graphmem serve`)."""

from __future__ import annotations

import ast
import logging
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log", "makeRecord"}
RESERVED = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "taskName"}


@cache  # one scan of the code base for the tests below
def _extra_keys() -> tuple[tuple[str, int, str], ...]:
    found: list[tuple[str, int, str]] = []
    for package in ("graphmem", "server"):
        for path in (ROOT / package).rglob("*.py"):
            if "v1" in path.relative_to(ROOT).parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                if node.func.attr not in LOG_METHODS:
                    continue
                for kw in node.keywords:
                    if kw.arg != "extra":
                        continue
                    for key in _literal_keys(kw.value, f"{path}:{node.lineno}"):
                        found.append((str(path.relative_to(ROOT)), node.lineno, key))
    return tuple(found)


def _literal_keys(value: ast.expr, where: str) -> list[str]:
    """Keys of a dict literal, or of dict literals joined with `|`; a comprehension's keys come from the code
    (the maintenance steps), which test_maintenance_step_names_are_not_reserved checks."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
        return _literal_keys(value.left, where) + _literal_keys(value.right, where)
    if isinstance(value, ast.DictComp):
        return []
    assert isinstance(value, ast.Dict), f"{where}: extra= must be a dict literal"
    keys = []
    for key in value.keys:
        assert isinstance(key, ast.Constant), f"{where}: extra keys must be literals"
        keys.append(str(key.value))
    return keys


def test_maintenance_step_names_are_not_reserved() -> None:
    from graphmem.lifecycle.runner import STEPS

    assert not set(STEPS) & RESERVED


def test_the_code_base_logs_structured_fields() -> None:
    assert len(_extra_keys()) >= 10  # the scan sees the code base's log calls


def test_no_structured_log_field_names_a_log_record_attribute() -> None:
    clashes = [f"{path}:{line}: {key}" for path, line, key in _extra_keys() if key in RESERVED]
    assert not clashes, "extra= keys that LogRecord owns: " + ", ".join(clashes)


def test_a_clash_would_raise() -> None:
    logger = logging.getLogger("graphmem.test-clash")
    try:
        logger.makeRecord("n", logging.INFO, "f", 1, "m", (), None, extra={"created": 1})
    except KeyError:
        return
    raise AssertionError("logging accepted a reserved key; the guard above is no longer needed")
