"""A bare answer to the assistant's question, through the service against the real Neo4j: the assistant's line
just before the user's in the same session (its context line) frames the answer; the same words after a line of
the user's own, or in a session of their own, state nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from graphmem.model import EpisodeDraft, FactScopeFilter, Scope
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


async def test_the_assistants_question_frames_the_users_bare_answer(require_neo4j: str, tmp_path: Path) -> None:
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    asked, alone, zh = (Scope("tenant-a", unique("answers")) for _ in range(3))
    at = [T0 + timedelta(seconds=i) for i in range(4)]
    said = {
        asked: [
            EpisodeDraft("q", "Cute! What's your dog's name?", at[0], "s1", "assistant"),
            EpisodeDraft("a", "Biscuit! Please remember him.", at[1], "s1", "user"),
        ],
        alone: [
            EpisodeDraft("q", "Cute! What's your dog's name?", at[0], "s1", "assistant"),
            EpisodeDraft("a", "Biscuit! Please remember him.", at[1], "s2", "user"),  # another session
        ],
        zh: [
            EpisodeDraft("q", "要看品种和年龄，你养的是什么龟？", at[0], "s1", "assistant"),
            EpisodeDraft("a", "巴西龟，叫慢慢，在我家都十二年了。你记一下它", at[1], "s1", "user"),
        ],
    }
    try:
        for scope, drafts in said.items():
            await service.add_episodes(scope, drafts)
            await service.extract_pending(scope)
        (dog,) = [
            f for f in await service.list_facts(asked, None, FactScopeFilter.BOTH) if not f.key.startswith("user|note|")
        ]
        assert (dog.key, dog.value, dog.evidence) == ("user|pet:dog:name", "biscuit", "Biscuit! Please remember him.")
        keys = {f.key for f in await service.list_facts(alone, None, FactScopeFilter.BOTH)}
        assert "user|pet:dog:name" not in keys
        (turtle,) = [f for f in await service.list_facts(zh, None, FactScopeFilter.BOTH) if f.value == "慢慢"]
        assert turtle.key == "user|pet:turtle:name" and turtle.evidence.startswith("巴西龟")
    finally:
        for scope in said:
            await service.forget_user(scope)
        await service.close()
