"""The maintenance runner: for each user, dedup → archive → purge → distil, decided by lifecycle.policies from a
snapshot taken at one `now`, applied in bounded batches with an audit event per transition, then the
episodic side indexes (FAISS, BM25) of touched users are synced with Neo4j. Also restore.

Replicas coordinate through the database: a runner works on a user only while it holds the lease of the
step it applies (`(:MaintenanceLock {group_id, step})`), and keeps every lease it took until the user is
done; a runner that finds a step held elsewhere leaves the rest of that user to the holder. Every write is
conditional, so a step applied again changes nothing. A dry run takes no lease and writes nothing; it
reports exactly what a real run at the same `now` on the same data would change.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

import numpy as np
import numpy.typing as npt

from graphmem.clock import Clock
from graphmem.embedding.protocol import Embedder, EmbedKind
from graphmem.errors import FailedPrecondition, NotFound, UserForgotten
from graphmem.lifecycle import policies
from graphmem.memory.episodic import EpisodicMemory
from graphmem.memory.summary import summarise_turns
from graphmem.model import (
    EpisodeDraft,
    EpisodeStat,
    FactStat,
    FactStatus,
    MemoryKind,
    Scope,
    Transition,
    Turn,
)
from graphmem.policy import Policy
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.leases import MaintenanceLeases
from graphmem.storage.neo4j.maintenance import Audit, MaintenanceRepository, details
from graphmem.tokens import count_tokens

log = logging.getLogger(__name__)

STEPS: tuple[str, ...] = ("dedup", "archive", "purge", "distil")
"""The steps of a run, in the order they run for each user."""


@dataclass(frozen=True)
class StepReport:
    """What one step changed (or, in a dry run, would change) for one user.

    `episodes`, `facts` and `entities` are the ids that changed; `summaries` the summary episodes written by
    distillation (empty in a dry run); `audit_events` the audit events the purge step deleted under the
    retention rule (in a dry run, those it would delete); `skipped` is True when another runner held the step.
    """

    step: str
    episodes: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    summaries: tuple[str, ...] = ()
    audit_events: int = 0
    seconds: float = 0.0
    skipped: bool = False

    @property
    def changed(self) -> int:
        return len(self.episodes) + len(self.facts) + len(self.entities)


@dataclass(frozen=True)
class UserReport:
    """The steps run for one user."""

    group_id: str
    steps: tuple[StepReport, ...]

    def step(self, name: str) -> StepReport:
        return next((s for s in self.steps if s.step == name), StepReport(name, skipped=True))


@dataclass(frozen=True)
class MaintenanceReport:
    """The outcome of one maintenance run."""

    run_id: str
    dry_run: bool
    started_at: datetime
    finished_at: datetime
    users: tuple[UserReport, ...]
    seconds: float = 0.0

    def count(self, step: str) -> int:
        """Items changed by a step over all users."""
        return sum(u.step(step).changed for u in self.users)

    def seconds_of(self, step: str) -> float:
        return sum(u.step(step).seconds for u in self.users)


@dataclass
class _Plan:
    """Every decision for one user, made from one snapshot."""

    fact_merges: list[policies.Merge] = field(default_factory=list)
    entity_merges: list[policies.Merge] = field(default_factory=list)
    archive_episodes: list[str] = field(default_factory=list)
    archive_facts: list[str] = field(default_factory=list)
    purge_episodes: list[str] = field(default_factory=list)
    purge_facts: list[str] = field(default_factory=list)
    distil: list[policies.Distillation] = field(default_factory=list)
    expired_audit: int = 0


def _chunks(ids: Sequence[str], size: int) -> list[list[str]]:
    return [list(ids[i : i + size]) for i in range(0, len(ids), size)]


async def _in_chunks(
    ids: Sequence[str], size: int, apply: Callable[[list[str]], Awaitable[Sequence[str]]]
) -> tuple[str, ...]:
    """`apply` run on `ids` a chunk of `size` at a time (one transaction each): the ids it reports, in order."""
    done: list[str] = []
    for chunk in _chunks(ids, size):
        done += await apply(chunk)
    return tuple(done)


def _summary_key(ids: Sequence[str]) -> str:
    return "summary:" + hashlib.blake2b("\x1f".join(sorted(ids)).encode(), digest_size=12).hexdigest()


class MaintenanceRunner:
    """Runs the lifecycle steps for some or all users; restores archived memories."""

    def __init__(
        self, graph: Neo4jGraph, episodic: EpisodicMemory, policy: Policy, clock: Clock, embedder: Embedder
    ) -> None:
        self._repo = MaintenanceRepository(graph)
        self._leases = MaintenanceLeases(graph)
        self._episodic = episodic
        self._policy = policy
        self._lifecycle = policy.lifecycle
        self._clock = clock
        self._embedder = embedder

    def use_policy(self, policy: Policy) -> None:
        """Puts another memory policy in force from the next call on (MemoryService.use_policy)."""
        self._policy = policy
        self._lifecycle = policy.lifecycle

    # -- planning -------------------------------------------------------------------------------------

    async def _value_vectors(self, facts: Sequence[FactStat]) -> dict[str, npt.NDArray[np.float32]]:
        values = sorted(
            {f.value for f in facts if f.is_taste and f.status in (FactStatus.ACTIVE, FactStatus.CANDIDATE)}
        )
        if len(values) < 2:
            return {}
        vectors = await asyncio.to_thread(self._embedder.embed, values, EmbedKind.DOCUMENT)
        return {v: vectors[i] for i, v in enumerate(values)}

    async def _plan(self, group_id: str, now: datetime) -> _Plan:
        lc = self._lifecycle
        episodes = await self._repo.episodes(group_id)
        facts = await self._repo.facts(group_id)
        entities = await self._repo.entities(group_id)
        plan = _Plan()
        plan.fact_merges = policies.fact_merges(facts, await self._value_vectors(facts), lc)
        plan.entity_merges = policies.entity_merges(entities)
        merged = {i for m in plan.fact_merges for i in m.merged}
        facts = [replace(f, status=FactStatus.EXPIRED) if f.id in merged else f for f in facts]
        plan.archive_episodes = policies.episodes_to_archive(episodes, lc, now)
        plan.archive_facts = policies.facts_to_archive(facts, lc, now)
        plan.purge_episodes = policies.archived_to_purge(episodes, lc, now)
        plan.purge_facts = policies.archived_to_purge(facts, lc, now)
        archived, purged = set(plan.archive_episodes), set(plan.purge_episodes)
        remaining: list[EpisodeStat] = [
            replace(e, status="archived", archived_at=now) if e.id in archived else e
            for e in episodes
            if e.id not in purged
        ]
        plan.distil = policies.episodes_to_distil(remaining, lc)
        plan.expired_audit = await self._repo.expired_audit(group_id, self._audit_cutoff(now))
        return plan

    def _audit_cutoff(self, now: datetime) -> datetime:
        return now - timedelta(days=self._lifecycle.audit_retention_days)

    # -- a run ----------------------------------------------------------------------------------------

    async def run(self, dry_run: bool, group_ids: Sequence[str] | None = None) -> MaintenanceReport:
        """Runs every step for the given users (all users when None); see the module docstring."""
        run_id = str(uuid.uuid4())
        started_at = self._clock.now()
        started = time.perf_counter()
        targets = list(group_ids) if group_ids is not None else await self._repo.group_ids()
        users = []
        for group_id in targets:
            users.append(await self._run_user(group_id, run_id, started_at, dry_run))
        report = MaintenanceReport(
            run_id=run_id,
            dry_run=dry_run,
            started_at=started_at,
            finished_at=self._clock.now(),
            users=tuple(users),
            seconds=time.perf_counter() - started,
        )
        log.info(
            "maintenance run finished",
            extra={"run_id": run_id, "dry_run": dry_run, "users": len(users)}
            | {step: report.count(step) for step in STEPS},
        )
        return report

    async def _run_user(self, group_id: str, run_id: str, now: datetime, dry_run: bool) -> UserReport:
        if dry_run:
            plan = await self._plan(group_id, now)
            return UserReport(group_id, self._dry_report(plan))
        held: list[str] = []
        steps: list[StepReport] = []
        try:
            return await self._run_steps(group_id, run_id, now, held, steps)
        except UserForgotten:  # erased while the run was under way: nothing more is written for the user
            skipped = tuple(StepReport(s, skipped=True) for s in STEPS[len(steps) :])
            return UserReport(group_id, tuple(steps) + skipped)
        finally:
            for step in held:
                await self._leases.release(group_id, step, run_id)

    async def _run_steps(
        self, group_id: str, run_id: str, now: datetime, held: list[str], steps: list[StepReport]
    ) -> UserReport:
        touched_episodes = False
        if not await self._leases.acquire(group_id, STEPS[0], run_id, self._lifecycle.lease_seconds):
            return UserReport(group_id, tuple(StepReport(s, skipped=True) for s in STEPS))
        held.append(STEPS[0])
        plan = await self._plan(group_id, now)
        for step in STEPS:
            if step not in held:
                if not await self._leases.acquire(group_id, step, run_id, self._lifecycle.lease_seconds):
                    steps += [StepReport(s, skipped=True) for s in STEPS[len(steps) :]]
                    break
                held.append(step)
            started = time.perf_counter()
            done = await self._apply(step, group_id, plan, run_id, now)
            done = replace(done, seconds=time.perf_counter() - started)
            touched_episodes = touched_episodes or bool(done.episodes)
            steps.append(done)
        if touched_episodes:
            await self._episodic.sync_partition(group_id)
        return UserReport(group_id, tuple(steps))

    @staticmethod
    def _dry_report(plan: _Plan) -> tuple[StepReport, ...]:
        return (
            StepReport(
                "dedup",
                facts=tuple(i for m in plan.fact_merges for i in m.merged),
                entities=tuple(i for m in plan.entity_merges for i in m.merged),
            ),
            StepReport("archive", episodes=tuple(plan.archive_episodes), facts=tuple(plan.archive_facts)),
            StepReport(
                "purge",
                episodes=tuple(plan.purge_episodes),
                facts=tuple(plan.purge_facts),
                audit_events=plan.expired_audit,
            ),
            StepReport("distil", episodes=tuple(i for d in plan.distil for i in d.episodes)),
        )

    async def _apply(self, step: str, group_id: str, plan: _Plan, run_id: str, now: datetime) -> StepReport:
        lc = self._lifecycle
        batch = lc.apply_batch
        if step == "dedup":
            merged: list[str] = []
            for m in plan.fact_merges:
                audit = Audit(Transition.MERGED, m.reason, policies.RULE_DEDUP, run_id, now, details(into=m.into))
                merged += await self._repo.merge_facts(group_id, m.into, m.merged, audit)
            entities: list[str] = []
            for m in plan.entity_merges:
                audit = Audit(Transition.MERGED, m.reason, policies.RULE_DEDUP, run_id, now, details(into=m.into))
                entities += await self._repo.merge_entities(group_id, m.into, m.merged, audit)
            return StepReport(step, facts=tuple(merged), entities=tuple(entities))
        if step == "archive":
            cutoff = now - timedelta(days=lc.archive_after_days)
            audit = Audit(Transition.ARCHIVED, "not_hit", policies.RULE_ARCHIVE, run_id, now)
            episodes = await _in_chunks(
                plan.archive_episodes, batch, lambda c: self._repo.archive_episodes(group_id, c, cutoff, audit)
            )
            facts = await _in_chunks(
                plan.archive_facts, batch, lambda c: self._repo.archive_facts(group_id, c, cutoff, audit)
            )
            return StepReport(step, episodes=episodes, facts=facts)
        if step == "purge":
            cutoff = now - timedelta(days=lc.purge_archived_after_days)
            audit = Audit(Transition.PURGED, "ttl", policies.RULE_PURGE, run_id, now)
            episodes = await _in_chunks(
                plan.purge_episodes, batch, lambda c: self._repo.purge_episodes(group_id, c, cutoff, audit)
            )
            facts = await _in_chunks(
                plan.purge_facts, batch, lambda c: self._repo.purge_facts(group_id, c, cutoff, audit)
            )
            expired = await self._repo.expire_audit(group_id, self._audit_cutoff(now))
            return StepReport(step, episodes=episodes, facts=facts, audit_events=expired)
        return await self._distil(group_id, plan.distil, run_id, now)

    async def _distil(
        self, group_id: str, plans: Sequence[policies.Distillation], run_id: str, now: datetime
    ) -> StepReport:
        if not plans:
            return StepReport("distil")
        identity = await self._repo.identity(group_id)
        if identity is None:
            return StepReport("distil")
        drafts: dict[str, list[tuple[policies.Distillation, EpisodeDraft]]] = {}
        for plan in plans:
            lines = await self._repo.episode_lines(group_id, plan.episodes)
            if not lines:
                continue
            turns = [Turn(speaker or "user", text, at, count_tokens(text)) for speaker, text, at in lines]
            text = summarise_turns(turns, self._lifecycle.distill_summary_max_tokens)
            first, last = lines[0][2], lines[-1][2]
            if not text:
                text = f"{len(lines)} messages of session {plan.session_id or '-'}, {first:%Y-%m-%d} to {last:%Y-%m-%d}"
            draft = EpisodeDraft(
                key=_summary_key(plan.episodes),
                text=text,
                occurred_at=last,
                session_id=plan.session_id,
                speaker="graphmem",
                event_type=policies.SUMMARY_EVENT,
                importance=plan.importance,
                metadata={"distilled_from": str(len(plan.episodes)), "run_id": run_id},
            )
            drafts.setdefault(plan.project_id, []).append((plan, draft))
        replaced: list[str] = []
        summaries: list[str] = []
        for project_id, items in drafts.items():
            # one write per scope: the NEXT chain is re-linked once, not once per summary
            scope = Scope(identity[0], identity[1], project_id)
            writes = await self._episodic.add(scope, [d for _, d in items])
            for (plan, _), written in zip(items, writes, strict=True):
                audit = Audit(Transition.DISTILLED, "over_budget", plan.rule, run_id, now, details(into=written.id))
                replaced += await self._repo.distil(group_id, written.id, plan.episodes, audit)
                summaries.append(written.id)
        return StepReport("distil", episodes=tuple(replaced), summaries=tuple(summaries))

    # -- restore --------------------------------------------------------------------------------------

    async def restore(self, scope_or_group: Scope | str, memory_id: str) -> MemoryKind:
        """Brings an archived episode or fact back into default reads (audit "restored").

        Raises NotFound when the user has no archived memory with this id, FailedPrecondition when another
        version of the fact's key is active now."""
        group_id = scope_or_group if isinstance(scope_or_group, str) else scope_or_group.group_id
        projects = None
        if isinstance(scope_or_group, Scope):  # a request sees the user's own memories and its project's
            projects = ["", scope_or_group.project_id] if scope_or_group.project_id else [""]
        audit = Audit(Transition.RESTORED, "request", "restore", "", self._clock.now())
        try:
            kind = await self._repo.restore(group_id, memory_id, audit, projects)
        except ValueError as exc:
            raise FailedPrecondition(
                f"memory {memory_id} cannot be restored: version {exc} of the same fact is active"
            ) from exc
        if kind is None:
            raise NotFound(f"no archived memory {memory_id} for this user")
        if kind == MemoryKind.EPISODE:
            await self._episodic.sync_partition(group_id)
        return kind
