"""Two promotions beyond "two sessions of the same words", through the real gRPC API and the real Neo4j: a
project resumed in another session confirms the technology it was described with (the one named first), and a
request to remember a pet by a pronoun keeps the name the user gave as an answer two turns before."""

from __future__ import annotations

from datetime import timedelta

from graphmem.v1 import memory_service_pb2 as pb
from tests.api.test_facts_api import T0, Say, candidates, facts, say, settled
from tests.conftest import GOAT_TURNS, Api, unique


async def test_resuming_a_project_confirms_the_technology_named_first(api: Api) -> None:
    user = unique("resume")
    described = "burdock is our booking API, NestJS with Prisma on Postgres. Every request opens a new client."
    await say(api, user, [Say(0, "s1", described, "burdock")])
    assert await facts(api, user, "burdock") == {}
    await say(api, user, [Say(2, "s2", "In burdock, how do I return a 409 on duplicates?", "burdock")])
    active = {f.value: f for f in (await facts(api, user, "burdock")).values() if f.project_id == "burdock"}
    assert set(active) == {"nestjs"}
    assert active["nestjs"].status_reason == "project_resumed"
    assert set(active["nestjs"].session_ids) == {"s1", "s2"}
    assert active["nestjs"].evidence.startswith("burdock is our booking API")
    assert await facts(api, user) == {}  # the user's own facts: none


async def test_a_request_to_remember_a_pet_by_a_pronoun_keeps_its_name(api: Api) -> None:
    user = unique("pet")
    scope = pb.Scope(user_id=user)
    turns = GOAT_TURNS
    items = []
    for i, (speaker, text) in enumerate(turns):
        item = pb.EpisodeInput(key=f"t{i}", text=text, session_id="s1", speaker=speaker)
        item.occurred_at.FromDatetime(T0 + timedelta(seconds=i))
        items.append(item)
    reply = await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=items), metadata=api.auth)
    for result in reply.results:
        await settled(api, user, "", result.id)
    kept = {f.key: f for f in (await facts(api, user)).values()}
    assert {k: (f.value, f.status_reason) for k, f in kept.items()} == {
        "user|pet:goat:name": ("clementine", "explicit"),
        "user|pet:goat:kind": ("goat", "explicit"),
    }
    assert await candidates(api, user) == []
