"""The optional LLM extractor configured through the settings, against the real Neo4j and a real local HTTP
endpoint: the model's validated facts become the user's facts (a new value of an attribute expiring the old
one), and when the endpoint answers nonsense the rules' facts are recorded instead."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from graphmem.model import EpisodeDraft, FactScopeFilter, Scope
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique
from tests.stub_chat import stub_chat

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
BEFORE = "Remember: detailed comments in my code help me, please keep writing them."
AFTER = "These days I'd rather have minimal comments, remember that."


def _comments(request: dict[str, Any]) -> str:
    text = request["messages"][-1]["content"]
    said = BEFORE if BEFORE in text else AFTER
    value = "detailed comments" if said == BEFORE else "minimal comments"
    facts = [
        {"predicate": "likes", "attribute": "code_comment_style", "value": value, "polarity": True,
         "evidence": said, "confidence": 0.9, "subject": "user", "correction": False, "explicit": True},
        {"predicate": "likes", "attribute": "", "value": "yachts", "polarity": True,  # not said: dropped
         "evidence": said, "confidence": 0.9, "subject": "user", "correction": False, "explicit": False},
    ]  # fmt: skip
    return json.dumps({"facts": facts})


async def test_the_models_facts_become_versions_of_one_attribute(require_neo4j: str, tmp_path: Path) -> None:
    with stub_chat() as stub:
        stub.answer = _comments
        settings = make_settings(tmp_path, embedder="hash", extractor_llm_base_url=stub.url, extractor_llm_model="tiny")
        service = MemoryService.from_settings(settings)
        await service.migrate()
        scope = Scope("tenant-a", unique("llm"))
        try:
            for i, text in enumerate((BEFORE, AFTER)):
                draft = EpisodeDraft(f"e{i}", text, T0 + timedelta(days=i), f"s{i}", "user")
                await service.add_episodes(scope, [draft])
                await service.extract_pending(scope)
            facts = await service.list_facts(scope, None, FactScopeFilter.BOTH)
            assert [(f.key, f.value) for f in facts] == [("user|code_comment_style", "minimal comment")]
            history = await service.fact_history(scope, "user|code_comment_style")
            assert sorted(f.value for f in history) == ["detailed comment", "minimal comment"]
        finally:
            await service.forget_user(scope)
            await service.close()
    assert len(stub.requests) == 2


async def test_nonsense_from_the_endpoint_leaves_the_rules_facts(require_neo4j: str, tmp_path: Path) -> None:
    with stub_chat() as stub:
        stub.answer = lambda _: "Sure! Here are the facts: none."
        settings = make_settings(tmp_path, embedder="hash", extractor_llm_base_url=stub.url, extractor_llm_model="tiny")
        service = MemoryService.from_settings(settings)
        await service.migrate()
        scope = Scope("tenant-a", unique("llm"))
        try:
            await service.add_episodes(scope, [EpisodeDraft("e0", "记住，我对花生过敏。", T0, "s0", "user")])
            await service.extract_pending(scope)
            facts = await service.list_facts(scope, None, FactScopeFilter.BOTH)
            assert [(f.key, f.value) for f in facts] == [("user|taste|花生", "花生")]
        finally:
            await service.forget_user(scope)
            await service.close()
    assert stub.requests
