"""The product's main path against `graphmem serve` as launched: AddEpisodes then Search, with the dev key."""

from __future__ import annotations

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from tests.launched.conftest import Launched


def test_add_then_search_under_default_logging(launched: Launched) -> None:
    auth = (("authorization", f"Bearer {launched.api_key}"),)
    when = Timestamp()
    when.FromJsonString("2026-11-20T09:00:00Z")
    with grpc.insecure_channel(launched.address) as channel:
        stub = pb_grpc.MemoryServiceStub(channel)
        added = stub.AddEpisodes(
            pb.AddEpisodesRequest(
                scope=pb.Scope(user_id="launched-smoke"),
                episodes=[
                    pb.EpisodeInput(
                        key="smoke-1",
                        text="I never drink coffee after noon",
                        session_id="s1",
                        speaker="user",
                        occurred_at=when,
                    )
                ],
            ),
            metadata=auth,
            timeout=10,
        )
        assert len(added.results) == 1
        found = stub.Search(
            pb.SearchRequest(scope=pb.Scope(user_id="launched-smoke"), query="coffee after noon", top_k=3),
            metadata=auth,
            timeout=10,
        )
    assert any("coffee" in hit.text for hit in found.hits)
