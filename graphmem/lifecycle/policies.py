"""Maintenance decisions: pure functions over snapshots of a user's memories, `now` injected.

Rules (each names the policy key it answers to; the audit trail records that key):

- last use: the latest of an item's write time (`created_at`), its validity start (`valid_at`; an event
  scheduled in the future is not stale before it happens), its last hit and its last restore.
- archive (`lifecycle.archive_after_days`): an ACTIVE episode or an ACTIVE fact whose last use is at least
  `archive_after_days` before `now`. Candidates, expired, rejected and archived items are never archived.
- purge (`lifecycle.purge_archived_after_days`): an ARCHIVED item archived at least that long before `now`
  is hard-deleted (Neo4j and FAISS); its audit events stay, without text, until the audit rule below.
- audit retention (`lifecycle.audit_retention_days`): the purge step also deletes the user's audit events
  recorded at least that long before `now` (that deletion is not itself audited).
- distil (`lifecycle.budget.user` / `lifecycle.budget.project`): when a scope (the user's own episodes, or
  one project's) holds more active episodes than its budget, the lowest-importance, least-hit, oldest
  episodes are chosen — never one with importance ≥ `distill_protect_importance`, never a summary — until
  replacing them brings the scope within budget; they are grouped by session in chunks of at most
  `distill_batch` (chunks of one are not worth a summary) and each chunk becomes one summary episode.
- dedup facts (`lifecycle.dedup`): live versions (active, or active and candidate) of the same key with
  the same claim merge into the oldest active one; taste facts (`subject|taste|value`) of one subject,
  predicate, polarity and project whose values are variants — equal after NFKC, case folding, spacing and
  a small traditional→simplified table, or whose value embeddings have cosine ≥ `dedup_value_similarity`
  — merge likewise. The merged versions become `expired` with reason `merged`; the survivor gains their
  episodes, sessions and hits. A group needs at least one active version.
- dedup entities (`lifecycle.dedup`): entities of one user whose names (name_key) are equal after the same
  normalisation merge into the oldest; their relationships move to it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np
import numpy.typing as npt

from graphmem.memory.promotion import normalise_name
from graphmem.model import EntityStat, EpisodeStat, FactStat, FactStatus
from graphmem.policy import LifecyclePolicy

RULE_ARCHIVE = "lifecycle.archive_after_days"
RULE_PURGE = "lifecycle.purge_archived_after_days"
RULE_BUDGET_USER = "lifecycle.budget.user"
RULE_BUDGET_PROJECT = "lifecycle.budget.project"
RULE_DEDUP = "lifecycle.dedup"

SUMMARY_EVENT = "summary"


@dataclass(frozen=True)
class Merge:
    """Merge `merged` into `into` (facts or entities)."""

    into: str
    merged: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Distillation:
    """Replace `episodes` (one session's, oldest first) by one summary episode."""

    session_id: str
    project_id: str
    episodes: tuple[str, ...]
    importance: float
    rule: str


def last_use(
    created_at: datetime, valid_at: datetime, last_hit_at: datetime | None, restored_at: datetime | None
) -> datetime:
    """The latest of write time, validity start, last hit and last restore."""
    return max(t for t in (created_at, valid_at, last_hit_at, restored_at) if t is not None)


def episodes_to_archive(episodes: Sequence[EpisodeStat], policy: LifecyclePolicy, now: datetime) -> list[str]:
    """Active episodes unused for `archive_after_days` (rule RULE_ARCHIVE)."""
    cutoff = now - timedelta(days=policy.archive_after_days)
    return [
        e.id
        for e in episodes
        if e.status == "active" and last_use(e.created_at, e.occurred_at, e.last_hit_at, e.restored_at) <= cutoff
    ]


def facts_to_archive(facts: Sequence[FactStat], policy: LifecyclePolicy, now: datetime) -> list[str]:
    """Active facts unused for `archive_after_days`; candidates never (rule RULE_ARCHIVE)."""
    cutoff = now - timedelta(days=policy.archive_after_days)
    return [
        f.id
        for f in facts
        if f.status == FactStatus.ACTIVE and last_use(f.created_at, f.valid_at, f.last_hit_at, f.restored_at) <= cutoff
    ]


def archived_to_purge(
    items: Sequence[EpisodeStat] | Sequence[FactStat], policy: LifecyclePolicy, now: datetime
) -> list[str]:
    """Archived items archived for at least `purge_archived_after_days` (rule RULE_PURGE)."""
    cutoff = now - timedelta(days=policy.purge_archived_after_days)
    return [
        i.id for i in items if str(i.status) == "archived" and i.archived_at is not None and i.archived_at <= cutoff
    ]


def _chunks(ids: list[EpisodeStat], size: int) -> list[list[EpisodeStat]]:
    return [ids[i : i + size] for i in range(0, len(ids), size)]


def episodes_to_distil(episodes: Sequence[EpisodeStat], policy: LifecyclePolicy) -> list[Distillation]:
    """Summaries that bring every scope within its budget (rules RULE_BUDGET_USER, RULE_BUDGET_PROJECT)."""
    by_scope: dict[str, list[EpisodeStat]] = defaultdict(list)
    for e in episodes:
        if e.status == "active":
            by_scope[e.project_id].append(e)
    plans: list[Distillation] = []
    for project_id in sorted(by_scope):
        active = by_scope[project_id]
        budget = policy.budget.project if project_id else policy.budget.user
        excess = len(active) - budget
        if excess <= 0:
            continue
        rule = RULE_BUDGET_PROJECT if project_id else RULE_BUDGET_USER
        eligible = sorted(
            (e for e in active if e.importance < policy.distill_protect_importance and e.event_type != SUMMARY_EVENT),
            key=lambda e: (e.importance, e.hit_count, e.occurred_at, e.seq),
        )
        chosen: dict[str, list[EpisodeStat]] = defaultdict(list)
        reduction = 0
        for e in eligible:
            group = chosen[e.session_id]
            # adding one episode to a session's selection saves one more unless it opens a new chunk
            opens_chunk = len(group) % policy.distill_batch == 0
            group.append(e)
            if not opens_chunk:
                reduction += 1
            if reduction >= excess:
                break
        for session_id in sorted(chosen):
            ordered = sorted(chosen[session_id], key=lambda e: (e.occurred_at, e.seq))
            for chunk in _chunks(ordered, policy.distill_batch):
                if len(chunk) < 2:
                    continue
                plans.append(
                    Distillation(
                        session_id=session_id,
                        project_id=project_id,
                        episodes=tuple(e.id for e in chunk),
                        importance=max(e.importance for e in chunk),
                        rule=rule,
                    )
                )
    return plans


def _oldest(facts: Sequence[FactStat]) -> FactStat:
    return min(facts, key=lambda f: (f.created_at, f.valid_at, f.id))


def _merge_group(group: Sequence[FactStat], reason: str) -> Merge | None:
    live = [f for f in group if f.status in (FactStatus.ACTIVE, FactStatus.CANDIDATE)]
    active = [f for f in live if f.status == FactStatus.ACTIVE]
    if len(live) < 2 or not active:
        return None
    into = _oldest(active)
    return Merge(into.id, tuple(sorted(f.id for f in live if f.id != into.id)), reason)


def _root(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def fact_merges(
    facts: Sequence[FactStat],
    value_vectors: Mapping[str, npt.NDArray[np.float32]],
    policy: LifecyclePolicy,
) -> list[Merge]:
    """Duplicate live facts and their survivor (rule RULE_DEDUP). `value_vectors` maps a taste value to its
    L2-normalised embedding; a value without one is compared by its normalised form only."""
    merges: list[Merge] = []
    taken: set[str] = set()
    same_claim: dict[tuple[str, str, tuple[str, str, bool]], list[FactStat]] = defaultdict(list)
    for f in facts:
        same_claim[(f.project_id, f.key, f.claim)].append(f)
    for key in sorted(same_claim, key=repr):
        merge = _merge_group(same_claim[key], "same_claim")
        if merge is not None:
            merges.append(merge)
            taken.update(merge.merged)
    tastes: dict[tuple[str, str, str, bool], list[FactStat]] = defaultdict(list)
    for f in facts:
        if f.is_taste and f.id not in taken and f.status in (FactStatus.ACTIVE, FactStatus.CANDIDATE):
            tastes[(f.project_id, f.subject, f.predicate, f.polarity)].append(f)
    for taste in sorted(tastes, key=repr):
        group = sorted(tastes[taste], key=lambda f: (f.created_at, f.id))
        parent = list(range(len(group)))
        for i in range(len(group)):
            for j in range(i + 1, len(group)):
                a, b = group[i], group[j]
                if a.value == b.value:
                    continue  # same claim: handled above
                similar = normalise_name(a.value) == normalise_name(b.value)
                va, vb = value_vectors.get(a.value), value_vectors.get(b.value)
                if not similar and va is not None and vb is not None:
                    similar = float(np.dot(va, vb)) >= policy.dedup_value_similarity
                if similar:
                    parent[_root(parent, j)] = _root(parent, i)
        clusters: dict[int, list[FactStat]] = defaultdict(list)
        for i, f in enumerate(group):
            clusters[_root(parent, i)].append(f)
        for root in sorted(clusters):
            merge = _merge_group(clusters[root], "value_variant")
            if merge is not None:
                merges.append(merge)
    return merges


def entity_merges(entities: Sequence[EntityStat]) -> list[Merge]:
    """Entities whose name keys are equal after normalisation, merged into the oldest (rule RULE_DEDUP)."""
    groups: dict[str, list[EntityStat]] = defaultdict(list)
    for e in entities:
        kind, _, name = e.name_key.partition(":")
        groups[f"{kind}:{normalise_name(name)}"].append(e)
    merges = []
    for key in sorted(groups):
        group = groups[key]
        if len(group) < 2:
            continue
        into = min(group, key=lambda e: (e.created_at, e.id))
        merges.append(Merge(into.id, tuple(sorted(e.id for e in group if e.id != into.id)), "same_name"))
    return merges
