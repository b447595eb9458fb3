"""Context assembly for the next model call: instructions, task state and summaries, long-term memories, then
the recent turns — within a token budget, the most important items at the start and the end. Pure functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from graphmem.errors import FieldViolation, InvalidArgument
from graphmem.model import AssembledContext, ContextItem, ContextSection, Layer, Route, SearchHit, SessionState, Turn
from graphmem.tokens import count_tokens

__all__ = ["SECTIONS", "assemble", "memory_items"]

SECTIONS = tuple(ContextSection)
"""The sections of an assembled context, in the order they appear."""

_SUMMARY = "summary:"
_TRUNCATED = "…"


def _route_text(route: Route | None) -> str:
    if route is None:
        return "route: none"
    return f"route: {'+'.join(layer.value for layer in route.layers)} ({route.reason})"


def memory_items(hits: Sequence[SearchHit], route: Route | None) -> list[ContextItem]:
    """Long-term memories as context items, each saying why it is included (layer, score, route)."""
    return [
        ContextItem(
            section=ContextSection.MEMORY,
            text=hit.text,
            tokens=count_tokens(hit.text),
            layer=hit.layer.value,
            score=hit.score,
            reason=f"{hit.layer.value} memory, score {hit.score:.3f}, {_route_text(route)}",
        )
        for hit in hits
    ]


def _memory(item: ContextItem, route: Route | None) -> ContextItem:
    """The item with its token count recounted (the budget relies on it) and a reason when it has none."""
    reason = item.reason or f"{item.layer} memory, score {item.score:.3f}, {_route_text(route)}"
    return replace(item, section=ContextSection.MEMORY, tokens=count_tokens(item.text), reason=reason)


def _turn_item(turn: Turn, reason: str) -> ContextItem:
    return ContextItem(
        ContextSection.DIALOGUE, turn.text, turn.tokens, Layer.WORKING.value, 0.0, reason, role=turn.role
    )


def _truncate(text: str, budget: int) -> str:
    """The longest prefix of `text` (plus an ellipsis) whose token count fits `budget`."""
    if budget <= 0:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if count_tokens(text[:mid] + _TRUNCATED) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + _TRUNCATED if lo else ""


def assemble(
    session: SessionState, memories: Sequence[ContextItem], budget: int, route: Route | None
) -> AssembledContext:
    """The context for the next model call; its token count (the sum of the items' `tokens`) never exceeds
    `budget`.

    Order: the instructions (one item), the task items then the summaries (oldest first), the memories (most
    relevant first; their token counts are recounted and an empty reason is filled in with layer, score and
    route), then the dialogue and unused tool output (scratch), oldest first so that the latest turn
    comes last. Over budget, items are dropped in this order: the least relevant memories, the oldest dialogue
    turns (all but the latest), scratch, task items, summaries (oldest first), then the latest turn — never the
    instructions, whose text is truncated (and says so in its reason) only when they alone exceed the budget.
    """
    if budget < 1:
        raise InvalidArgument(FieldViolation("token_budget", "must be at least 1"))
    instructions: ContextItem | None = None
    if session.instructions:
        text = "\n".join(session.instructions)
        instructions = ContextItem(
            ContextSection.INSTRUCTIONS,
            text,
            count_tokens(text),
            Layer.WORKING.value,
            1.0,
            f"working instructions ({len(session.instructions)}): pinned, never evicted",
        )
    plain = [(k, v) for k, v in session.task if not k.startswith(_SUMMARY)]
    summaries = [(k, v) for k, v in session.task if k.startswith(_SUMMARY)]
    task_items = [
        ContextItem(
            ContextSection.TASK,
            f"{k}: {v}",
            count_tokens(f"{k}: {v}"),
            Layer.WORKING.value,
            1.0,
            f"working task item {k!r}",
        )
        for k, v in plain
    ]
    summary_items = [
        ContextItem(
            ContextSection.TASK,
            v,
            count_tokens(v),
            Layer.WORKING.value,
            1.0,
            f"working summary {k[len(_SUMMARY) :]} of evicted turns",
        )
        for k, v in summaries
    ]
    ranked = sorted((_memory(m, route) for m in memories), key=lambda m: -m.score)
    turns = sorted(
        [(t.at, False, i, t) for i, t in enumerate(session.dialogue)]
        + [(t.at, True, i, t) for i, t in enumerate(session.scratch)],
        key=lambda x: (x[0], x[1], x[2]),
    )
    recent = len(session.dialogue)
    tail: list[tuple[bool, ContextItem]] = [
        (True, _turn_item(turn, "working scratch: tool output not used yet"))
        if is_scratch
        else (False, _turn_item(turn, f"working dialogue turn {i + 1} of {recent}"))
        for _, is_scratch, i, turn in turns
    ]

    kept_memories = list(ranked)
    kept_tail = list(tail)
    kept_tasks = list(task_items)
    kept_summaries = list(summary_items)

    def total() -> int:
        return (
            (instructions.tokens if instructions else 0)
            + sum(m.tokens for m in kept_memories)
            + sum(item.tokens for _, item in kept_tail)
            + sum(t.tokens for t in kept_tasks)
            + sum(s.tokens for s in kept_summaries)
        )

    dropped = 0
    running = total()
    while running > budget and kept_memories:
        running -= kept_memories.pop().tokens
        dropped += 1
    latest = next((item for is_scratch, item in reversed(kept_tail) if not is_scratch), None)
    for scratch_pass in (False, True):  # the oldest dialogue turns first (the latest one is kept), then scratch
        i = 0
        while running > budget and i < len(kept_tail):
            if kept_tail[i][0] == scratch_pass and kept_tail[i][1] is not latest:
                running -= kept_tail.pop(i)[1].tokens
                dropped += 1
            else:
                i += 1
    while running > budget and kept_tasks:
        running -= kept_tasks.pop(0).tokens
        dropped += 1
    while running > budget and kept_summaries:
        running -= kept_summaries.pop(0).tokens
        dropped += 1
    if running > budget and latest is not None and (False, latest) in kept_tail:
        kept_tail.remove((False, latest))
        running -= latest.tokens
        dropped += 1
    if instructions is not None and running > budget:
        full = instructions.tokens
        cut = _truncate(instructions.text, budget)
        instructions = ContextItem(
            ContextSection.INSTRUCTIONS,
            cut,
            count_tokens(cut),
            instructions.layer,
            instructions.score,
            f"{instructions.reason}; truncated to fit the budget ({count_tokens(cut)} of {full} tokens)",
        )
        running = instructions.tokens

    items = (
        ([instructions] if instructions else [])
        + kept_tasks
        + kept_summaries
        + kept_memories
        + [item for _, item in kept_tail]
    )
    return AssembledContext(tuple(items), running, budget, route, dropped)
