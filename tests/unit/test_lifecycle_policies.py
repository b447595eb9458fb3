"""The lifecycle decisions (graphmem/lifecycle/policies.py) as pure functions, `now` injected, no Neo4j:
archive after the idle period (a hit or a restore counts as use, candidates never), purge after the archive
period, distil a scope over its budget (protected and summary episodes kept, chunks of one skipped), and
dedup (the same claim, or a value variant, merges into the oldest active version)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np

from graphmem.lifecycle import policies
from graphmem.model import EpisodeStat, FactStat, FactStatus
from graphmem.policy import BudgetPolicy, LifecyclePolicy

NOW = datetime(2026, 6, 1, tzinfo=UTC)
POLICY = LifecyclePolicy(archive_after_days=30, purge_archived_after_days=90, distill_batch=3)


def episode(i: int, age_days: int, **changes: object) -> EpisodeStat:
    at = NOW - timedelta(days=age_days)
    values: dict[str, object] = {
        "id": f"e{i}",
        "seq": i,
        "session_id": "s1",
        "project_id": "",
        "event_type": "message",
        "importance": 0.3,
        "hit_count": 0,
        "status": "active",
        "occurred_at": at,
        "created_at": at,
    }
    values.update(changes)
    return EpisodeStat(**values)  # type: ignore[arg-type]


def fact(i: str, value: str, age_days: int, status: FactStatus = FactStatus.ACTIVE, **changes: object) -> FactStat:
    at = NOW - timedelta(days=age_days)
    values: dict[str, object] = {
        "id": i,
        "key": "user|taste|drink",
        "subject": "user",
        "predicate": "likes",
        "value": value,
        "polarity": True,
        "project_id": "",
        "status": status,
        "valid_at": at,
        "created_at": at,
    }
    values.update(changes)
    return FactStat(**values)  # type: ignore[arg-type]


def test_idle_episodes_are_archived_and_a_hit_or_restore_counts_as_use() -> None:
    items = [
        episode(1, 40),
        episode(2, 10),
        episode(3, 40, last_hit_at=NOW - timedelta(days=2)),
        episode(4, 40, restored_at=NOW - timedelta(days=1)),
        episode(5, 40, status="archived"),
    ]
    assert policies.episodes_to_archive(items, POLICY, NOW) == ["e1"]


def test_only_active_facts_are_archived() -> None:
    items = [fact("f1", "tea", 40), fact("f2", "coffee", 40, FactStatus.CANDIDATE), fact("f3", "milk", 5)]
    assert policies.facts_to_archive(items, POLICY, NOW) == ["f1"]


def test_archived_items_are_purged_after_the_purge_period() -> None:
    items = [
        episode(1, 400, status="archived", archived_at=NOW - timedelta(days=91)),
        episode(2, 400, status="archived", archived_at=NOW - timedelta(days=10)),
        episode(3, 400, status="active"),
    ]
    assert policies.archived_to_purge(items, POLICY, NOW) == ["e1"]


def test_a_scope_over_budget_distils_its_least_important_episodes_by_session() -> None:
    budget = POLICY.model_copy(update={"budget": BudgetPolicy(user=4, project=100)})
    items = [episode(i, 50 - i) for i in range(6)]
    items += [episode(6, 1, importance=0.9), episode(7, 1, event_type=policies.SUMMARY_EVENT)]
    plans = policies.episodes_to_distil(items, budget)
    assert plans and all(p.session_id == "s1" and p.rule == policies.RULE_BUDGET_USER for p in plans)
    chosen = {e for p in plans for e in p.episodes}
    assert "e6" not in chosen and "e7" not in chosen  # protected, and a summary
    assert all(2 <= len(p.episodes) <= POLICY.distill_batch for p in plans)
    saved = sum(len(p.episodes) - 1 for p in plans)
    assert len(items) - saved <= 4
    assert policies.episodes_to_distil(items[:4], budget) == []  # within budget: nothing


def test_the_same_claim_and_value_variants_merge_into_the_oldest_active() -> None:
    items = [
        fact("old", "Green Tea", 20),
        fact("same", "Green Tea", 5, FactStatus.CANDIDATE),
        fact("variant", "green  tea", 3),
        fact("other", "coffee", 2),
    ]
    merges = policies.fact_merges(items, {}, POLICY)
    assert [(m.into, m.merged, m.reason) for m in merges] == [
        ("old", ("same",), "same_claim"),
        ("old", ("variant",), "value_variant"),
    ]
    vectors = {"coffee": np.array([1.0, 0.0], np.float32), "espresso": np.array([0.8, 0.6], np.float32)}
    close = policies.fact_merges([fact("a", "coffee", 9), fact("b", "espresso", 1)], vectors, POLICY)
    assert [(m.into, m.merged, m.reason) for m in close] == [("a", ("b",), "value_variant")]


def test_candidates_alone_never_merge() -> None:
    items = [fact("a", "tea", 9, FactStatus.CANDIDATE), fact("b", "tea", 1, FactStatus.CANDIDATE)]
    assert policies.fact_merges(items, {}, POLICY) == []
