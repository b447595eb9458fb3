"""Context assembly for the next model call: instructions, task state and summaries, long-term memories, then
the recent turns — within a token budget, the most important items at the start and the end. Pure functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from graphmem.errors import FieldViolation, InvalidArgument
from graphmem.model import AssembledContext, ContextItem, ContextSection, Layer, Route, SearchHit, SessionState, Turn
from graphmem.retrieval.duplicates import normalised
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
    """Long-term memories as context items, each saying why it is included (layer, score, route). Memories with
    the same words (two episodes written with the same text under two keys, say) are one line to the reader:
    only the best scored is kept, its reason saying how many it stands for. Texts are compared normalised."""
    seen: dict[str, int] = {}
    kept: list[SearchHit] = []
    repeats: list[int] = []
    for hit in hits:
        key = normalised(hit.text) or hit.text
        if key in seen:
            repeats[seen[key]] += 1
            continue
        seen[key] = len(kept)
        kept.append(hit)
        repeats.append(0)
    return [
        ContextItem(
            section=ContextSection.MEMORY,
            text=hit.text,
            tokens=count_tokens(hit.text),
            layer=hit.layer.value,
            score=hit.score,
            reason=f"{hit.layer.value} memory, score {hit.score:.3f}, {_route_text(route)}"
            + (f"; the same words were recalled {more} more time{'s' if more > 1 else ''}" if more else ""),
        )
        for hit, more in zip(kept, repeats, strict=True)
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


@dataclass
class _Draft:
    """The candidate items of one assembly and their running token count; eviction removes items in place."""

    instructions: ContextItem | None
    tasks: list[ContextItem]
    summaries: list[ContextItem]
    memories: list[ContextItem]
    tail: list[tuple[bool, ContextItem]]
    """Dialogue turns and scratch, oldest first, each flagged `True` when it is scratch."""
    running: int = 0
    dropped: int = 0

    def __post_init__(self) -> None:
        self.running = (
            (self.instructions.tokens if self.instructions else 0)
            + sum(m.tokens for m in self.memories)
            + sum(item.tokens for _, item in self.tail)
            + sum(t.tokens for t in self.tasks)
            + sum(s.tokens for s in self.summaries)
        )

    def drop(self, item: ContextItem) -> None:
        self.running -= item.tokens
        self.dropped += 1

    def items(self) -> tuple[ContextItem, ...]:
        head = [self.instructions] if self.instructions else []
        return tuple(head + self.tasks + self.summaries + self.memories + [item for _, item in self.tail])


def _instructions(session: SessionState) -> ContextItem | None:
    if not session.instructions:
        return None
    text = "\n".join(session.instructions)
    return ContextItem(
        ContextSection.INSTRUCTIONS,
        text,
        count_tokens(text),
        Layer.WORKING.value,
        1.0,
        f"working instructions ({len(session.instructions)}): pinned, never evicted",
    )


def _task_items(session: SessionState) -> list[ContextItem]:
    return [
        ContextItem(
            ContextSection.TASK,
            f"{k}: {v}",
            count_tokens(f"{k}: {v}"),
            Layer.WORKING.value,
            1.0,
            f"working task item {k!r}",
        )
        for k, v in session.task
        if not k.startswith(_SUMMARY)
    ]


def _summary_items(session: SessionState) -> list[ContextItem]:
    return [
        ContextItem(
            ContextSection.TASK,
            v,
            count_tokens(v),
            Layer.WORKING.value,
            1.0,
            f"working summary {k[len(_SUMMARY) :]} of evicted turns",
        )
        for k, v in session.task
        if k.startswith(_SUMMARY)
    ]


def _tail(session: SessionState) -> list[tuple[bool, ContextItem]]:
    """Dialogue and scratch in time order (dialogue before scratch at the same instant), flagged `True` for
    scratch."""
    turns = sorted(
        [(t.at, False, i, t) for i, t in enumerate(session.dialogue)]
        + [(t.at, True, i, t) for i, t in enumerate(session.scratch)],
        key=lambda x: (x[0], x[1], x[2]),
    )
    recent = len(session.dialogue)
    return [
        (True, _turn_item(turn, "working scratch: tool output not used yet"))
        if is_scratch
        else (False, _turn_item(turn, f"working dialogue turn {i + 1} of {recent}"))
        for _, is_scratch, i, turn in turns
    ]


def _evict_from_start(draft: _Draft, items: list[ContextItem], budget: int) -> None:
    while draft.running > budget and items:
        draft.drop(items.pop(0))


def _evict_memories(draft: _Draft, budget: int) -> None:
    """The least relevant memories first (the list is ranked most relevant first)."""
    while draft.running > budget and draft.memories:
        draft.drop(draft.memories.pop())


def _evict_tail(draft: _Draft, budget: int, latest: ContextItem | None) -> None:
    """The oldest dialogue turns first (the latest one is kept), then scratch, oldest first."""
    for scratch_pass in (False, True):
        i = 0
        while draft.running > budget and i < len(draft.tail):
            if draft.tail[i][0] == scratch_pass and draft.tail[i][1] is not latest:
                draft.drop(draft.tail.pop(i)[1])
            else:
                i += 1


def _evict_latest(draft: _Draft, budget: int, latest: ContextItem | None) -> None:
    if draft.running > budget and latest is not None and (False, latest) in draft.tail:
        draft.tail.remove((False, latest))
        draft.drop(latest)


def _truncate_instructions(draft: _Draft, budget: int) -> None:
    """Only the instructions are left and they alone exceed the budget: their text is cut to fit."""
    instructions = draft.instructions
    if instructions is None or draft.running <= budget:
        return
    cut = _truncate(instructions.text, budget)
    draft.instructions = ContextItem(
        ContextSection.INSTRUCTIONS,
        cut,
        count_tokens(cut),
        instructions.layer,
        instructions.score,
        f"{instructions.reason}; truncated to fit the budget ({count_tokens(cut)} of {instructions.tokens} tokens)",
    )
    draft.running = draft.instructions.tokens


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
    draft = _Draft(
        instructions=_instructions(session),
        tasks=_task_items(session),
        summaries=_summary_items(session),
        memories=sorted((_memory(m, route) for m in memories), key=lambda m: -m.score),
        tail=_tail(session),
    )
    _evict_memories(draft, budget)
    latest = next((item for is_scratch, item in reversed(draft.tail) if not is_scratch), None)
    _evict_tail(draft, budget, latest)
    _evict_from_start(draft, draft.tasks, budget)
    _evict_from_start(draft, draft.summaries, budget)
    _evict_latest(draft, budget, latest)
    _truncate_instructions(draft, budget)
    return AssembledContext(draft.items(), draft.running, budget, route, draft.dropped)
