"""Working memory: the session buffer (instructions, task, dialogue, scratch) kept in Neo4j, so any replica can
continue a session; appends retry on a stale version; eviction summarises first, never a blind FIFO; closing a
session distils its durable outcomes (task completed, corrections, preferences) into episode drafts.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from graphmem.clock import Clock
from graphmem.errors import FailedPrecondition, FieldViolation, InvalidArgument, NotFound
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import FactKind, Predicate
from graphmem.extraction.importance import assign_importance
from graphmem.memory.repositories import SessionStore
from graphmem.memory.semantic import Extractor
from graphmem.memory.summary import ExtractiveSummariser, Summariser, is_standing_instruction, sentences
from graphmem.model import EpisodeDraft, Scope, SessionState, SessionZone, Turn
from graphmem.policy import Policy
from graphmem.tokens import count_tokens
from graphmem.validation import (
    instruction_violations,
    message_text_violations,
    session_input_violations,
    task_item_violations,
    zone_violations,
)

log = logging.getLogger(__name__)

__all__ = [
    "ROLES",
    "SUMMARY_PREFIX",
    "Message",
    "WorkingMemory",
    "apply_messages",
    "distil",
    "parse_messages",
    "upsert",
]

ROLES = ("user", "assistant", "tool", "system")
SUMMARY_PREFIX = "summary:"

Message = tuple[str, str] | tuple[str, str, str]
"""(role, text) or (role, text, zone); the zone defaults to "scratch" for role "tool", else "dialogue"."""

_DURABLE_RULES = {"rule:correction": "correction", "rule:task_completed": "task_completed"}


def parse_messages(messages: Sequence[Message]) -> list[tuple[str, str, SessionZone]]:
    """Validates (role, text[, zone]) messages; raises InvalidArgument naming each bad field."""
    parsed: list[tuple[str, str, SessionZone]] = []
    violations: list[FieldViolation] = []
    for i, message in enumerate(messages):
        role, text = message[0], message[1]
        raw_zone = message[2] if len(message) == 3 else ""
        if role not in ROLES:
            violations.append(FieldViolation(f"messages[{i}].role", f"must be one of {', '.join(ROLES)}"))
        if not text.strip():
            violations.append(FieldViolation(f"messages[{i}].text", "is required"))
        violations += message_text_violations(text, f"messages[{i}].text")
        try:
            zone = (
                SessionZone(raw_zone) if raw_zone else (SessionZone.SCRATCH if role == "tool" else SessionZone.DIALOGUE)
            )
        except ValueError:
            violations.append(FieldViolation(f"messages[{i}].zone", f"must be one of {', '.join(SessionZone)}"))
            continue
        if zone == SessionZone.TASK:
            key = text.partition("=")[0].strip()
            if "=" not in text or not key:
                violations.append(FieldViolation(f"messages[{i}].text", 'a task item is "key=value"'))
            elif key.startswith(SUMMARY_PREFIX):
                violations.append(FieldViolation(f"messages[{i}].text", f'task keys "{SUMMARY_PREFIX}…" are reserved'))
            else:
                violations += task_item_violations(key, text.partition("=")[2].strip(), f"messages[{i}].text")
        elif zone == SessionZone.INSTRUCTIONS:
            violations += instruction_violations(text.strip(), f"messages[{i}].text")
        parsed.append((role, text, zone))
    if violations:
        raise InvalidArgument(violations)
    return parsed


def upsert(task: tuple[tuple[str, str], ...], key: str, value: str) -> tuple[tuple[str, str], ...]:
    """Sets `key` to `value` in place (appended when new); an empty value removes the key."""
    if not value:
        return tuple(kv for kv in task if kv[0] != key)
    if any(k == key for k, _ in task):
        return tuple((k, value if k == key else v) for k, v in task)
    return (*task, (key, value))


def apply_messages(state: SessionState, messages: Sequence[tuple[str, str, SessionZone]], at: datetime) -> SessionState:
    """The session after `messages` written at `at`, before any eviction: instructions are added (once each),
    task items upserted, tool output kept in scratch until the next assistant turn, every other message appended
    to the dialogue. Pure. InvalidArgument when a zone would outgrow its limit (graphmem.validation)."""
    instructions = list(state.instructions)
    task = state.task
    dialogue = list(state.dialogue)
    scratch = list(state.scratch)
    for role, text, zone in messages:
        if zone == SessionZone.INSTRUCTIONS:
            if text.strip() not in instructions:
                instructions.append(text.strip())
        elif zone == SessionZone.TASK:
            key, _, value = text.partition("=")
            task = upsert(task, key.strip(), value.strip())
        elif zone == SessionZone.SCRATCH:
            scratch.append(Turn(role, text, at, count_tokens(text)))
        else:
            dialogue.append(Turn(role, text, at, count_tokens(text)))
            if role == "assistant":
                scratch.clear()  # the assistant has used the tool output
    violations = zone_violations(
        len(instructions),
        sum(1 for k, _ in task if not k.startswith(SUMMARY_PREFIX)),
        len(scratch),
        sum(len(t.text) for t in scratch),
    )
    if violations:
        raise InvalidArgument(violations)
    return replace(
        state,
        instructions=tuple(instructions),
        task=task,
        dialogue=tuple(dialogue),
        scratch=tuple(scratch),
        updated_at=at,
    )


def distil(turns: Sequence[Turn], policy: Policy, extractor: Extractor) -> list[tuple[str, Turn]]:
    """The durable outcomes among `turns`, as (event type, turn): "correction" (the user corrects the agent),
    "task_completed" (a finished task, from either side), "preference" (the user states a preference,
    constraint or standing instruction, or asks to remember something). Small talk and questions yield nothing.
    Recognised by the policy's importance rules (correction, task_completed, explicit_remember) and the
    fact extractor."""
    found: list[tuple[str, Turn]] = []
    for turn in turns:
        if turn.role not in ("user", "assistant") or turn.text.rstrip().endswith(("?", "？")):
            continue
        _, source = assign_importance(turn.text, "message", policy.importance)
        kind = _DURABLE_RULES.get(source)
        if kind == "correction" and turn.role != "user":
            kind = None
        if kind is None and turn.role == "user":
            if source == "rule:explicit_remember" or any(is_standing_instruction(s) for s in sentences(turn.text)):
                kind = "preference"
            else:
                facts = extractor.extract(turn.text)
                if any(
                    f.confidence >= policy.promotion.min_confidence
                    and (f.kind in (FactKind.PREFERENCE, FactKind.CONSTRAINT) or f.predicate == Predicate.INSTRUCTION)
                    for f in facts
                ):
                    kind = "preference"
        if kind is not None:
            found.append((kind, turn))
    return found


def _draft(session_id: str, kind: str, turn: Turn) -> EpisodeDraft:
    digest = hashlib.blake2b(f"{turn.role}\x1f{turn.text}".encode(), digest_size=8).hexdigest()
    return EpisodeDraft(
        key=f"{session_id}:close:{kind}:{digest}",
        text=turn.text,
        occurred_at=turn.at,
        session_id=session_id,
        speaker=turn.role,
        event_type=kind,
        metadata={"source": "close_session"},
    )


class WorkingMemory:
    """The working-memory layer: one object per process; all state lives in the repository."""

    def __init__(
        self,
        repo: SessionStore,
        policy: Policy,
        clock: Clock,
        summariser: Summariser | None = None,
        extractor: Extractor | None = None,
        max_attempts: int = 50,
    ) -> None:
        self._repo = repo
        self._policy = policy
        self._clock = clock
        self._summariser: Summariser = summariser or ExtractiveSummariser()
        self._extractor: Extractor = extractor or RuleExtractor()
        self._max_attempts = max_attempts

    def use_policy(self, policy: Policy) -> None:
        """Puts another memory policy in force from the next call on (MemoryService.use_policy)."""
        self._policy = policy

    @staticmethod
    def _check(scope: Scope) -> None:
        if not scope.session_id.strip():
            raise InvalidArgument(FieldViolation("scope.session_id", "is required for a working-memory session"))

    async def _load(self, scope: Scope) -> SessionState:
        state = await self._repo.get(scope)
        if state is None:
            raise NotFound(f"session {scope.session_id} does not exist for this user")
        return state

    async def open(self, scope: Scope, instructions: Sequence[str], task: dict[str, str]) -> SessionState:
        """Creates the session; when it already exists, returns it unchanged (idempotent per session id)."""
        self._check(scope)
        violations = session_input_violations(instructions, task)
        if violations:
            raise InvalidArgument(violations)
        now = self._clock.now()
        items: tuple[tuple[str, str], ...] = ()
        for key, value in task.items():
            if key.startswith(SUMMARY_PREFIX):
                raise InvalidArgument(FieldViolation("task", f'keys "{SUMMARY_PREFIX}…" are reserved'))
            items = upsert(items, key.strip(), value.strip())
        fresh = SessionState(
            session_id=scope.session_id,
            user_id=scope.user_id,
            project_id=scope.project_id,
            instructions=tuple(dict.fromkeys(i.strip() for i in instructions if i.strip())),
            task=items,
            dialogue=(),
            scratch=(),
            opened_at=now,
            updated_at=now,
            closed_at=None,
            version=1,
            summaries=0,
        )
        state, created = await self._repo.create(scope, fresh)
        log.info("session opened", extra={"session": scope.session_id, "new": created})
        return state

    async def get(self, scope: Scope) -> SessionState:
        """The session; NotFound when it does not exist."""
        self._check(scope)
        return await self._load(scope)

    async def append(self, scope: Scope, messages: Sequence[Message]) -> SessionState:
        """Applies the messages, summarises the oldest half of the dialogue while it is over its turn or token
        limit, and saves; a write that lost a race re-reads and reapplies (nothing is lost)."""
        self._check(scope)
        parsed = parse_messages(messages)
        started = time.perf_counter()
        for attempt in range(self._max_attempts):
            state = await self._load(scope)
            if state.closed_at is not None:
                raise FailedPrecondition(f"session {scope.session_id} is closed")
            now = self._clock.now()
            changed = await asyncio.to_thread(apply_messages, state, parsed, now)  # tokenising: off the loop
            changed = await self.compact(changed)
            try:
                saved = await self._repo.save(scope, changed, state.version)
            except FailedPrecondition:
                if attempt + 1 == self._max_attempts:
                    raise
                await asyncio.sleep(random.uniform(0.0, min(0.1, 0.002 * 2**attempt)))  # jittered backoff
                continue
            log.info(
                "session appended",
                extra={
                    "session": scope.session_id,
                    "messages": len(parsed),
                    "attempts": attempt + 1,
                    "ms": round((time.perf_counter() - started) * 1000, 1),
                },
            )
            return saved
        raise AssertionError("unreachable")

    async def compact(self, state: SessionState) -> SessionState:
        """While the dialogue is over `max_turns` or `max_tokens`, its oldest half is summarised into the task
        zone (key "summary:<n>"), its standing instructions are pinned and its durable outcomes kept for
        CloseSession — and only then is it removed. The newest turn always stays."""
        rule = self._policy.working
        while len(state.dialogue) > 1 and (
            len(state.dialogue) > rule.max_turns or sum(t.tokens for t in state.dialogue) > rule.max_tokens
        ):
            cut = max(1, len(state.dialogue) // 2)
            old = state.dialogue[:cut]
            summary = await self._summariser.summarise(old, rule.summary_max_tokens)
            pinned, durable = await asyncio.to_thread(self._evicted, old, state.instructions)
            task, summaries = state.task, state.summaries
            if summary:
                summaries += 1
                task = upsert(task, f"{SUMMARY_PREFIX}{summaries}", summary)
            state = replace(
                state,
                instructions=tuple(dict.fromkeys((*state.instructions, *pinned))),
                task=await self._merge_summaries(task),
                dialogue=state.dialogue[cut:],
                summaries=summaries,
                outcomes=(*state.outcomes, *durable),
            )
        return state

    def _evicted(self, old: Sequence[Turn], instructions: Sequence[str]) -> tuple[list[str], list[tuple[str, Turn]]]:
        """The standing instructions and durable outcomes of evicted turns (CPU work: run in a thread)."""
        pinned = [
            s
            for t in old
            if t.role in ("user", "system")
            for s in sentences(t.text)
            if is_standing_instruction(s) and s not in instructions
        ]
        return pinned, distil(old, self._policy, self._extractor)

    async def _merge_summaries(self, task: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        """Keeps at most `max_summaries` summaries: the two oldest are merged under the older key."""
        rule = self._policy.working
        while True:
            keys = [k for k, _ in task if k.startswith(SUMMARY_PREFIX)]
            if len(keys) <= rule.max_summaries:
                return task
            first, second = keys[0], keys[1]
            values = dict(task)
            lines = [
                Turn("", line, self._clock.now(), 0) for key in (first, second) for line in values[key].split("\n")
            ]
            merged = await self._summariser.summarise(lines, rule.summary_max_tokens)
            task = upsert(upsert(task, first, merged or values[second]), second, "")

    async def close(self, scope: Scope) -> tuple[SessionState, list[EpisodeDraft]]:
        """Marks the session closed (idempotent) and returns its durable outcomes as episode drafts with stable
        keys, so writing them again after a retry creates nothing new."""
        self._check(scope)
        for attempt in range(self._max_attempts):
            state = await self._load(scope)
            if state.closed_at is None:
                now = self._clock.now()
                try:
                    state = await self._repo.save(scope, replace(state, closed_at=now, updated_at=now), state.version)
                except FailedPrecondition:
                    if attempt + 1 == self._max_attempts:
                        raise
                    await asyncio.sleep(random.uniform(0.0, min(0.1, 0.002 * 2**attempt)))
                    continue
            distilled = await asyncio.to_thread(distil, state.dialogue, self._policy, self._extractor)
            outcomes = [*state.outcomes, *distilled]
            drafts = list({d.key: d for d in (_draft(state.session_id, k, t) for k, t in outcomes)}.values())
            log.info("session closed", extra={"session": scope.session_id, "durable": len(drafts)})
            return state, drafts
        raise AssertionError("unreachable")
