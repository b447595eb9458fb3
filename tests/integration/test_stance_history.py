"""A stance on an item that turns around in a later session ("花生现在没问题了", "peanuts are fine for me now")
expires the earlier stance on the same key, through the service against the real Neo4j: GetFactHistory shows
the allergy, then its reversal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graphmem.model import EpisodeDraft, FactScopeFilter, Scope
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("before", "after", "key"),
    [
        ("记住，我对花生过敏。", "花生现在没问题了，我不过敏了，帮我更新一下。", "user|taste|花生"),
        (
            "Remember that I'm allergic to peanuts.",
            "Peanuts are fine for me now, please update that.",
            "user|taste|peanut",
        ),
    ],
)
async def test_a_reversed_stance_expires_the_old_one(
    require_neo4j: str, tmp_path: Path, before: str, after: str, key: str
) -> None:
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash", text_worker_process=False))
    await service.migrate()
    scope = Scope("tenant-a", unique("stance"))
    try:
        for i, text in enumerate((before, after)):
            await service.add_episodes(scope, [EpisodeDraft(f"e{i}", text, T0 + timedelta(days=i), f"s{i}", "user")])
            await service.extract_pending(scope)
        active = await service.list_facts(scope, None, FactScopeFilter.BOTH)
        assert [(f.key, f.polarity) for f in active] == [(key, True)]  # the stance: no longer allergic
        history = await service.fact_history(scope, key)
        assert sorted((f.polarity, f.invalid_at is None) for f in history) == [(False, False), (True, True)]
    finally:
        await service.forget_user(scope)
        await service.close()
