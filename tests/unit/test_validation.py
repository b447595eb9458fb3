"""graphmem.validation directly: the `check_*` functions raise InvalidArgument naming every bad field, the
`*_violations` functions return the violations for a caller to gather (and never raise)."""

from __future__ import annotations

import inspect
from datetime import UTC, datetime

import pytest

from graphmem import validation
from graphmem.errors import InvalidArgument
from graphmem.model import EpisodeDraft, Scope

T0 = datetime(2026, 5, 1, tzinfo=UTC)


def fields(err: pytest.ExceptionInfo[InvalidArgument]) -> list[str]:
    return [v.field for v in err.value.violations]


def test_check_functions_raise_and_violation_functions_return() -> None:
    for name, function in inspect.getmembers(validation, inspect.isfunction):
        if function.__module__ != validation.__name__:
            continue
        returns = inspect.signature(function).return_annotation
        if name.startswith("check_"):
            assert returns in (None, "None"), f"{name} must raise, not return violations"
        if name.endswith("_violations"):
            assert "list[FieldViolation]" in str(returns), name


def test_check_scope_names_each_bad_id() -> None:
    with pytest.raises(InvalidArgument) as err:
        validation.check_scope(Scope("t", "", project_id="p" * 300, session_id="a\x00b"))
    assert fields(err) == ["scope.user_id", "scope.project_id", "scope.session_id"]
    validation.check_scope(Scope("t", "alice", project_id="proj"))


def test_check_episode_batch_names_each_bad_episode_field() -> None:
    good = EpisodeDraft("k1", "hello", T0)
    validation.check_episode_batch(Scope("t", "u"), [good])
    bad = [
        good,
        EpisodeDraft("k1", "again", T0),
        EpisodeDraft("", "   ", T0, importance=1.5, event_type="Bad-Type", speaker="s" * 300),
    ]
    with pytest.raises(InvalidArgument) as err:
        validation.check_episode_batch(Scope("t", "u"), bad)
    assert fields(err) == [
        "episodes[1].key",
        "episodes[2].key",
        "episodes[2].text",
        "episodes[2].importance",
        "episodes[2].event_type[0]",
        "episodes[2].speaker",
    ]
    with pytest.raises(InvalidArgument) as empty:
        validation.check_episode_batch(Scope("t", "u"), [])
    assert fields(empty) == ["episodes"]


def test_check_id_requires_a_short_printable_id() -> None:
    validation.check_id("abc")
    for value in ("", "x" * (validation.MAX_ID + 1), "a\nb"):
        with pytest.raises(InvalidArgument) as err:
            validation.check_id(value, "memory_id")
        assert fields(err) == ["memory_id"]


def test_violation_functions_report_without_raising() -> None:
    assert validation.query_violations("hi", 10) == []
    assert [v.field for v in validation.query_violations(" ", validation.MAX_TOP_K + 1)] == ["query", "top_k"]
    assert [v.field for v in validation.query_violations("q" * (validation.MAX_QUERY + 1), 0)] == ["query"]
    assert validation.range_violations(T0, T0, "occurred")[0].field == "occurred"
    assert validation.range_violations(None, T0, "occurred") == []
    assert [v.field for v in validation.page_violations(-1, "t" * 2000)] == ["page_size", "page_token"]
    assert [v.field for v in validation.event_type_violations(["ok", "Not ok"], "event_types")] == ["event_types[1]"]
    too_many = ["a"] * (validation.MAX_EVENT_TYPES + 1)
    assert [v.field for v in validation.event_type_violations(too_many, "event_types")] == ["event_types"]
    assert validation.optional_id_violations("", "agent_id") == []
    assert validation.optional_id_violations("x" * 300, "agent_id")[0].field == "agent_id"
