"""Pausing a running server's extraction worker (MemoryService.pause_extraction): episodes written while it is
paused stay pending past the worker's wake-up and its sweeps, one user's can be extracted on the caller's task
meanwhile (the others' stay pending), and the resumed worker extracts the rest."""

from __future__ import annotations

import asyncio
from pathlib import Path

from graphmem.model import Scope
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, close_api, make_settings, open_api, unique

SWEEP = 0.2


async def write(api: Api, user: str, text: str) -> str:
    item = pb.EpisodeInput(key="k1", text=text, session_id="s1", speaker="user")
    request = pb.AddEpisodesRequest(scope=pb.Scope(user_id=user), episodes=[item])
    return (await api.stub.AddEpisodes(request, metadata=api.auth)).results[0].id


async def status(api: Api, user: str, episode_id: str) -> str:
    request = pb.GetEpisodeRequest(scope=pb.Scope(user_id=user), id=episode_id)
    return (await api.stub.GetEpisode(request, metadata=api.auth)).episode.extraction_status


async def test_a_paused_worker_leaves_episodes_pending_until_resumed(
    require_neo4j: str, tmp_path: Path, others_paused: None
) -> None:
    api = await open_api(make_settings(tmp_path, embedder="hash", extraction_poll_seconds=SWEEP))
    service = api.running.service
    try:
        await service.pause_extraction()
        alice, bob = unique("alice"), unique("bob")
        said = {alice: await write(api, alice, "I love oolong"), bob: await write(api, bob, "I love jasmine tea")}
        await asyncio.sleep(SWEEP * 5)  # woken by the writes, then five sweeps
        assert [await status(api, user, said[user]) for user in (alice, bob)] == ["pending", "pending"]
        assert await service.extract_pending(Scope("tenant-a", alice)) == 1
        assert [await status(api, user, said[user]) for user in (alice, bob)] == ["done", "pending"]
        service.resume_extraction()
        deadline = asyncio.get_running_loop().time() + 30
        while await status(api, bob, said[bob]) == "pending":
            assert asyncio.get_running_loop().time() < deadline, "the resumed worker never extracted"
            await asyncio.sleep(SWEEP)
        assert await status(api, bob, said[bob]) == "done"
    finally:
        await close_api(api)
