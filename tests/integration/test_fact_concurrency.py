"""16 concurrent writers — spread over two service instances standing for two replicas — assert the same or
contradicting facts for one user against the real Neo4j. Every run must end with exactly one active version
per key, the strongest concurrent claim active (not simply the last write), and an intact history. The
per-key lock lives in the database, so this holds across replicas; the run is repeated 20 times."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest_asyncio

from graphmem.extraction.facts import CandidateFact, FactKind, Predicate
from graphmem.model import FactScopeFilter, FactStatus, Scope
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique

T0 = datetime(2026, 5, 1, 12, tzinfo=UTC)


def claim(predicate: Predicate, value: str, confidence: float) -> CandidateFact:
    return CandidateFact(
        subject="user",
        predicate=predicate,
        value=value,
        polarity=True,
        kind=FactKind.PREFERENCE,
        fact=f"user {predicate.value} {value}",
        evidence=f"I {predicate.value} {value}",
        confidence=confidence,
        explicit=True,
        language="en",
    )


@pytest_asyncio.fixture
async def replicas(require_neo4j: str, tmp_path: Path) -> AsyncIterator[list[MemoryService]]:
    services = [MemoryService.from_settings(make_settings(tmp_path / f"r{i}")) for i in range(2)]
    await services[0].migrate()
    yield services
    for service in services:
        await service.close()


async def test_sixteen_concurrent_writers_leave_one_active_fact_per_key_20_runs(
    replicas: list[MemoryService],
) -> None:
    rnd = random.Random(42)
    for run in range(20):
        scope = Scope("tenant-a", unique(f"conc{run}"))
        writes = []
        for i in range(16):
            # key 1: three competing reply styles stated within one minute, confidences differ
            value, confidence = rnd.choice([("short replies", 0.95), ("detailed replies", 0.7), ("bullets", 0.6)])
            writes.append((claim(Predicate.PREFERS_REPLY_STYLE, value, confidence), i))
            # key 2: the same statement written by everyone (must stay one version)
            writes.append((claim(Predicate.LIKES, "coffee", 0.8), i))
        rnd.shuffle(writes)

        async def write(item: tuple[CandidateFact, int], scope: Scope = scope) -> None:
            candidate, i = item
            service = replicas[i % 2]
            await service.semantic.assert_fact(
                scope,
                candidate,
                episode_id="",
                session_id=f"s{i}",
                occurred_at=T0 + timedelta(seconds=i),
                importance=0.9,
            )

        await asyncio.gather(*(write(item) for item in writes))

        current = await replicas[0].list_facts(scope, None, FactScopeFilter.BOTH)
        by_key = {f.key: f for f in current}
        assert set(by_key) == {"user|prefers_reply_style", "user|taste|coffee"}, f"run {run}"
        stated = {c.value: c.confidence for c, _ in writes if c.predicate == Predicate.PREFERS_REPLY_STYLE}
        strongest = max(stated, key=lambda v: stated[v])
        assert by_key["user|prefers_reply_style"].value == strongest, f"run {run}: {stated}"
        for key in by_key:
            versions = await replicas[1].fact_history(scope, key)
            active = [v for v in versions if v.status == FactStatus.ACTIVE]
            assert len(active) == 1, f"run {run}, {key}: {[(v.value, v.status) for v in versions]}"
            claims = [v.claim for v in versions if v.status in (FactStatus.CANDIDATE, FactStatus.ACTIVE)]
            assert len(claims) == len(set(claims)), f"run {run}, {key}: a live statement was stored twice"
            for v in versions:
                if v.status == FactStatus.EXPIRED:
                    assert v.invalid_at is not None and v.expired_at is not None
        coffee = await replicas[0].fact_history(scope, "user|taste|coffee")
        assert len(coffee) == 1 and len(coffee[0].session_ids) == 16
        await replicas[0].forget_user(scope)
