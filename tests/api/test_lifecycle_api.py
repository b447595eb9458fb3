"""The lifecycle through the real gRPC API, with the service clock frozen and moved by the test: a dry run
reports what the real run then does, archived memories leave default search but stay searchable in the
archive, the audit trail says why (with the policy rule), and RestoreMemory brings them back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import grpc
import pytest

from graphmem.clock import ManualClock
from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import close_api, make_settings, open_api, unique

START = datetime(2026, 1, 5, 9, tzinfo=UTC)


async def test_archive_audit_and_restore_over_grpc(require_neo4j: str, tmp_path: Path) -> None:
    api = await open_api(make_settings(tmp_path, clock=START.isoformat()))
    clock = api.running.service.clock
    assert isinstance(clock, ManualClock)
    scope = pb.Scope(user_id=unique("lifecycle"))
    try:
        items = [pb.EpisodeInput(key="spare", text="the spare key is under the blue flowerpot", session_id="s1")]
        items[0].occurred_at.FromDatetime(START)
        reply = await api.stub.AddEpisodes(pb.AddEpisodesRequest(scope=scope, episodes=items), metadata=api.auth)
        episode_id = reply.results[0].id

        clock.advance(timedelta(days=45))
        dry = await api.stub.RunMaintenance(pb.RunMaintenanceRequest(scope=scope, dry_run=True), metadata=api.auth)
        archive = {s.step: list(s.ids) for s in dry.steps}["archive"]
        assert dry.dry_run and archive == [episode_id]
        # the dry run changed nothing (checked with a listing: a Search would count a hit, making it recent)
        listed = await api.stub.ListEpisodes(pb.ListEpisodesRequest(scope=scope), metadata=api.auth)
        assert [e.id for e in listed.episodes] == [episode_id]

        real = await api.stub.RunMaintenance(pb.RunMaintenanceRequest(scope=scope), metadata=api.auth)
        assert {s.step: list(s.ids) for s in real.steps}["archive"] == archive
        found = await api.stub.Search(pb.SearchRequest(scope=scope, query="where is the spare key"), metadata=api.auth)
        assert found.hits == []
        archived = await api.stub.Search(
            pb.SearchRequest(scope=scope, query="where is the spare key", layers=[pb.LAYER_ARCHIVE]), metadata=api.auth
        )
        assert [(h.id, h.layer) for h in archived.hits] == [(episode_id, pb.LAYER_ARCHIVE)]

        audit = await api.stub.GetMemoryAudit(
            pb.GetMemoryAuditRequest(scope=scope, memory_id=episode_id), metadata=api.auth
        )
        assert [(e.transition, e.rule, e.run_id) for e in audit.events] == [
            ("archived", "lifecycle.archive_after_days", real.run_id)
        ]

        clock.advance(timedelta(minutes=5))
        restored = await api.stub.RestoreMemory(pb.RestoreMemoryRequest(scope=scope, id=episode_id), metadata=api.auth)
        assert restored.kind == "episode"
        found = await api.stub.Search(pb.SearchRequest(scope=scope, query="where is the spare key"), metadata=api.auth)
        assert [h.id for h in found.hits] == [episode_id]
        audit = await api.stub.GetMemoryAudit(pb.GetMemoryAuditRequest(scope=scope), metadata=api.auth)
        assert [e.transition for e in audit.events][:2] == ["restored", "archived"]

        with pytest.raises(grpc.aio.AioRpcError) as err:
            await api.stub.RestoreMemory(pb.RestoreMemoryRequest(scope=scope, id=episode_id), metadata=api.auth)
        assert err.value.code() == grpc.StatusCode.NOT_FOUND
    finally:
        await api.stub.ForgetUser(pb.ForgetUserRequest(scope=scope), metadata=api.auth)
        audit = await api.stub.GetMemoryAudit(pb.GetMemoryAuditRequest(scope=scope), metadata=api.auth)
        assert "forgotten" in [e.transition for e in audit.events]
        await close_api(api)
