"""Request validation: limits and field rules, reported as field violations named like the API's fields."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime

from graphmem.errors import FieldViolation, InvalidArgument
from graphmem.model import EpisodeDraft, Scope

MAX_BATCH = 5000
MAX_TEXT = 32_000
MAX_KEY = 256
MAX_QUERY = 4000
MAX_METADATA = 64
MAX_ID = 256
MAX_TOP_K = 100
MAX_PAGE = 1000
MAX_EVENT_TYPES = 64
MAX_SPEAKER = 256
MAX_PAGE_TOKEN = 1024
_EVENT_TYPE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def _id_problem(value: str, required: bool) -> str | None:
    if not value:
        return "is required" if required else None
    if len(value) > MAX_ID:
        return f"is longer than {MAX_ID} characters"
    if any(ord(ch) < 32 for ch in value):
        return "contains control characters"
    return None


def scope_violations(scope: Scope) -> list[FieldViolation]:
    out = []
    for name, value, required in (
        ("scope.user_id", scope.user_id, True),
        ("scope.project_id", scope.project_id, False),
        ("scope.session_id", scope.session_id, False),
        ("scope.agent_id", scope.agent_id, False),
    ):
        problem = _id_problem(value, required)
        if problem:
            out.append(FieldViolation(name, problem))
    return out


def check_scope(scope: Scope) -> None:
    violations = scope_violations(scope)
    if violations:
        raise InvalidArgument(violations)


def event_type_violations(event_types: Sequence[str], field: str) -> list[FieldViolation]:
    if len(event_types) > MAX_EVENT_TYPES:
        return [FieldViolation(field, f"holds {len(event_types)} event types; at most {MAX_EVENT_TYPES}")]
    return [
        FieldViolation(f"{field}[{i}]", "must be lowercase letters, digits or underscores, starting with a letter")
        for i, et in enumerate(event_types)
        if not _EVENT_TYPE.match(et)
    ]


def _metadata_violations(metadata: Mapping[str, str], field: str) -> list[FieldViolation]:
    out = []
    if len(metadata) > MAX_METADATA:
        out.append(FieldViolation(field, f"has more than {MAX_METADATA} entries"))
    for k, v in metadata.items():
        if not k or len(k) > 256 or len(v) > 4096:
            out.append(FieldViolation(f"{field}[{k[:32]}]", "keys must be 1-256 and values 0-4096 characters"))
            break
    return out


def check_episode_batch(scope: Scope, drafts: Sequence[EpisodeDraft]) -> None:
    violations = scope_violations(scope)
    if not drafts:
        violations.append(FieldViolation("episodes", "must hold at least one episode"))
    if len(drafts) > MAX_BATCH:
        violations.append(FieldViolation("episodes", f"holds {len(drafts)} episodes; at most {MAX_BATCH} per call"))
    seen: set[str] = set()
    for i, d in enumerate(drafts):
        prefix = f"episodes[{i}]"
        if not d.key:
            violations.append(FieldViolation(f"{prefix}.key", "is required (an idempotency key per episode)"))
        elif len(d.key) > MAX_KEY:
            violations.append(FieldViolation(f"{prefix}.key", f"is longer than {MAX_KEY} characters"))
        elif d.key in seen:
            violations.append(FieldViolation(f"{prefix}.key", "repeats a key earlier in the batch"))
        seen.add(d.key)
        if not d.text.strip():
            violations.append(FieldViolation(f"{prefix}.text", "is required and must not be blank"))
        elif len(d.text) > MAX_TEXT:
            violations.append(FieldViolation(f"{prefix}.text", f"is longer than {MAX_TEXT} characters"))
        if d.importance is not None and not 0.0 <= d.importance <= 1.0:
            violations.append(FieldViolation(f"{prefix}.importance", "must be within [0, 1]"))
        violations += event_type_violations([d.event_type], f"{prefix}.event_type")
        violations += _metadata_violations(d.metadata, f"{prefix}.metadata")
        if len(d.speaker) > MAX_SPEAKER:
            violations.append(FieldViolation(f"{prefix}.speaker", f"is longer than {MAX_SPEAKER} characters"))
        if _id_problem(d.session_id, False):
            violations.append(FieldViolation(f"{prefix}.session_id", "is too long or has control characters"))
    if violations:
        raise InvalidArgument(violations)


def range_violations(start: datetime | None, end: datetime | None, field: str) -> list[FieldViolation]:
    if start is not None and end is not None and start >= end:
        return [FieldViolation(field, "start must be before end")]
    return []


def query_violations(text: str, top_k: int) -> list[FieldViolation]:
    out = []
    if not text.strip():
        out.append(FieldViolation("query", "is required and must not be blank"))
    elif len(text) > MAX_QUERY:
        out.append(FieldViolation("query", f"is longer than {MAX_QUERY} characters"))
    if not 0 <= top_k <= MAX_TOP_K:
        out.append(FieldViolation("top_k", f"must be within [0, {MAX_TOP_K}] (0 means 10)"))
    return out


def page_violations(page_size: int, page_token: str = "") -> list[FieldViolation]:
    out = []
    if page_size < 0:
        out.append(FieldViolation("page_size", f"must not be negative (0 means 100; above {MAX_PAGE} is clamped)"))
    if len(page_token) > MAX_PAGE_TOKEN:
        out.append(FieldViolation("page_token", "is not a token returned by this API"))
    return out


def optional_id_violations(value: str, field: str) -> list[FieldViolation]:
    problem = _id_problem(value, False)
    return [FieldViolation(field, problem)] if problem else []


def check_id(value: str, field: str = "id") -> None:
    problem = _id_problem(value, True)
    if problem:
        raise InvalidArgument(FieldViolation(field, problem))


# -- working memory: per-message sizes, and the zones a session may grow to -----------------------------------

MAX_MESSAGE_TEXT = MAX_TEXT
MAX_INSTRUCTIONS = 64
MAX_INSTRUCTION = 4000
MAX_TASK_ITEMS = 64
MAX_TASK_KEY = 256
MAX_TASK_VALUE = 4000
MAX_SCRATCH_TURNS = 200
MAX_SCRATCH_CHARS = 256_000


def instruction_violations(text: str, field: str) -> list[FieldViolation]:
    if len(text) > MAX_INSTRUCTION:
        return [FieldViolation(field, f"is longer than {MAX_INSTRUCTION} characters (an instruction)")]
    return []


def task_item_violations(key: str, value: str, field: str) -> list[FieldViolation]:
    if len(key) > MAX_TASK_KEY:
        return [FieldViolation(field, f"has a task key longer than {MAX_TASK_KEY} characters")]
    if len(value) > MAX_TASK_VALUE:
        return [FieldViolation(field, f"has a task value longer than {MAX_TASK_VALUE} characters")]
    return []


def session_input_violations(instructions: Sequence[str], task: Mapping[str, str]) -> list[FieldViolation]:
    """OpenSession's zones: at most MAX_INSTRUCTIONS instructions and MAX_TASK_ITEMS task items, each bounded."""
    out: list[FieldViolation] = []
    if len(instructions) > MAX_INSTRUCTIONS:
        out.append(FieldViolation("instructions", f"holds {len(instructions)} items; at most {MAX_INSTRUCTIONS}"))
    else:
        for i, text in enumerate(instructions):
            out += instruction_violations(text, f"instructions[{i}]")
    if len(task) > MAX_TASK_ITEMS:
        out.append(FieldViolation("task", f"holds {len(task)} entries; at most {MAX_TASK_ITEMS}"))
    else:
        for key, value in task.items():
            out += task_item_violations(key, value, f"task[{key[:32]}]")
    return out


def message_text_violations(text: str, field: str) -> list[FieldViolation]:
    if len(text) > MAX_MESSAGE_TEXT:
        return [FieldViolation(field, f"is longer than {MAX_MESSAGE_TEXT} characters")]
    return []


def zone_violations(instructions: int, task_items: int, scratch_turns: int, scratch_chars: int) -> list[FieldViolation]:
    """The zones a session would hold after an append; each over its limit is named (field "messages", since
    the append is what would overflow it)."""
    out = []
    if instructions > MAX_INSTRUCTIONS:
        out.append(FieldViolation("messages", f"would grow the instructions zone past {MAX_INSTRUCTIONS} items"))
    if task_items > MAX_TASK_ITEMS:
        out.append(FieldViolation("messages", f"would grow the task zone past {MAX_TASK_ITEMS} items"))
    if scratch_turns > MAX_SCRATCH_TURNS or scratch_chars > MAX_SCRATCH_CHARS:
        out.append(
            FieldViolation(
                "messages",
                f"would grow the scratch zone past {MAX_SCRATCH_TURNS} items or {MAX_SCRATCH_CHARS} characters "
                "(an assistant message clears it)",
            )
        )
    return out
