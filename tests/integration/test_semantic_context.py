"""Extraction reads an episode with the user's earlier episodes of its session, through the service against the
real Neo4j: a pronoun is the relation named a turn before, and a correction that gives only a value replaces
the fact said just before it; the assistant's turns and other sessions are not read. A later session's
correction that names the stored value as wrong ("it's Bosch, not Siemens") replaces it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from graphmem.model import EpisodeDraft, FactScopeFilter, FactStatus, Scope
from graphmem.service import MemoryService
from tests.conftest import make_settings, unique

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _turn(key: str, text: str, minutes: int, session: str = "s1", speaker: str = "user") -> EpisodeDraft:
    return EpisodeDraft(key, text, T0 + timedelta(minutes=minutes), session, speaker)


async def test_a_pronoun_and_a_bare_correction_are_read_against_the_earlier_turns_of_the_session(
    require_neo4j: str, tmp_path: Path
) -> None:
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    scope, elsewhere = Scope("tenant-a", unique("context")), Scope("tenant-a", unique("context"))
    try:
        await service.add_episodes(
            scope,
            [
                _turn("a", "记住我女儿叫欣欣", 0),
                _turn("b", "好的，她叫欣欣。", 1, speaker="assistant"),
                _turn("c", "我刚才说错了，是心心，爱心的心", 2),
                _turn("d", "她的生日是7月8号，记一下", 3),
            ],
        )
        await service.semantic.drain()
        facts = {f.key: f.value for f in await service.list_facts(scope, None, FactScopeFilter.BOTH)}
        assert facts == {"user|child:daughter:name": "心心", "user|child:daughter:birthday": "7月8号"}
        # the same turns in another session each: nothing to refer back to
        await service.add_episodes(elsewhere, [_turn("a", "记住我女儿叫欣欣", 0, "s1")])
        await service.add_episodes(elsewhere, [_turn("c", "我刚才说错了，是心心，爱心的心", 2, "s2")])
        await service.add_episodes(elsewhere, [_turn("d", "她的生日是7月8号，记一下", 3, "s3")])
        await service.semantic.drain()
        facts = {f.key: f.value for f in await service.list_facts(elsewhere, None, FactScopeFilter.BOTH)}
        assert facts == {"user|child:daughter:name": "欣欣"}
    finally:
        await service.forget_user(scope)
        await service.forget_user(elsewhere)
        await service.close()


async def test_a_correction_naming_a_stored_value_as_wrong_expires_it_in_a_later_session(
    require_neo4j: str, tmp_path: Path
) -> None:
    service = MemoryService.from_settings(make_settings(tmp_path, embedder="hash"))
    await service.migrate()
    scope = Scope("tenant-a", unique("named"))
    try:
        await service.add_episodes(scope, [_turn("a", "Remember that I work at Siemens.", 0, "s1")])
        await service.semantic.drain()
        late = "I got that wrong earlier, it's Bosch, not Siemens. Please update."
        await service.add_episodes(scope, [_turn("b", late, 60 * 24 * 3, "s2")])
        await service.semantic.drain()
        (fact,) = await service.list_facts(scope, None, FactScopeFilter.BOTH)
        assert (fact.key, fact.value) == ("user|employer", "bosch")
        history = await service.semantic.history(scope, "user|employer")
        statuses = {f.value: f.status for f in history}
        assert statuses["bosch"] is FactStatus.ACTIVE and statuses["siemens"] is not FactStatus.ACTIVE
        assert fact.evidence in late
    finally:
        await service.forget_user(scope)
        await service.close()
