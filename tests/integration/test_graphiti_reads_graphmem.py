"""graphiti-core reads a graph graphmem wrote: its own `search_` (hybrid BM25 + cosine with RRF, no LLM and
no cross-encoder) finds graphmem's facts, and its models load them — so the graphiti ecosystem can work on
graphmem's memory."""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from graphmem.embedding.protocol import EmbedKind
from graphmem.model import EpisodeDraft, FactScopeFilter, Scope
from graphmem.service import MemoryService, embedder_from_settings
from tests.conftest import make_settings, neo4j_uri, unique

os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"

from graphiti_core import Graphiti
from graphiti_core.cross_encoder.client import CrossEncoderClient
from graphiti_core.driver.neo4j_driver import Neo4jDriver
from graphiti_core.edges import EntityEdge
from graphiti_core.embedder.client import EmbedderClient
from graphiti_core.llm_client.client import LLMClient
from graphiti_core.nodes import EpisodicNode
from graphiti_core.search.search_config_recipes import EDGE_HYBRID_SEARCH_RRF


class NoLLM(LLMClient):
    """graphiti's constructor wants an LLM; graphmem never lets it be called."""

    async def _generate_response(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        raise AssertionError("graphiti called an LLM while searching")


class NoCrossEncoder(CrossEncoderClient):
    async def rank(self, query: str, passages: list[str]) -> list[tuple[str, float]]:
        raise AssertionError("graphiti called a cross-encoder while searching")


class GraphmemEmbedder(EmbedderClient):
    """graphmem's offline embedder behind graphiti's interface (the vectors graphmem stored facts with)."""

    def __init__(self, settings_dir: Path) -> None:
        self._embedder = embedder_from_settings(make_settings(settings_dir))

    async def create(self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]) -> list[float]:
        text = input_data[0] if isinstance(input_data, list) else input_data
        return [float(x) for x in self._embedder.embed([str(text)], EmbedKind.QUERY)[0]]

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        return [[float(x) for x in row] for row in self._embedder.embed(input_data_list, EmbedKind.DOCUMENT)]


async def test_graphiti_search_finds_facts_graphmem_wrote(require_neo4j: str, tmp_path: Path) -> None:
    service = MemoryService.from_settings(make_settings(tmp_path))
    await service.migrate()
    scope = Scope("tenant-a", unique("graphiti"))
    t0 = datetime(2026, 2, 1, tzinfo=UTC)
    try:
        await service.add_episodes(
            scope,
            [
                EpisodeDraft("a", "记住：我不吃香菜", t0, session_id="s1", speaker="user"),
                EpisodeDraft("b", "Remember: I prefer short replies", t0 + timedelta(minutes=1), "s1", "user"),
                EpisodeDraft("c", "I live in Berlin", t0 + timedelta(minutes=2), "s1", "user"),
                EpisodeDraft("d", "I live in Berlin", t0 + timedelta(days=1), "s2", "user"),
            ],
        )
        written = await service.add_episodes(scope, [EpisodeDraft("e", "See you tomorrow", t0, "s1", "user")])
        await service.extract_pending(scope)
        ours = {f.key: f for f in await service.list_facts(scope, None, FactScopeFilter.BOTH)}
        assert {"user|taste|香菜", "user|prefers_reply_style", "user|location"} <= set(ours)

        driver = Neo4jDriver(neo4j_uri(), "neo4j", "graphmem")
        graphiti = Graphiti(
            graph_driver=driver,
            embedder=GraphmemEmbedder(tmp_path),
            llm_client=NoLLM(None),
            cross_encoder=NoCrossEncoder(),
        )
        try:
            config = EDGE_HYBRID_SEARCH_RRF.model_copy(deep=True)
            config.limit = 5
            for query, key in [
                ("What food does the user avoid?", "user|taste|香菜"),
                ("香菜", "user|taste|香菜"),
                ("how long should replies be", "user|prefers_reply_style"),
                ("Where does the user live?", "user|location"),
            ]:
                results = await graphiti.search_(query, config=config, group_ids=[scope.group_id])
                found = [edge.uuid for edge in results.edges]
                assert ours[key].id in found, (query, [edge.fact for edge in results.edges])
            edge = await EntityEdge.get_by_uuid(driver, ours["user|location"].id)
            assert edge.fact == ours["user|location"].fact and edge.group_id == scope.group_id
            assert edge.valid_at is not None and edge.invalid_at is None
            assert set(edge.episodes) == set(ours["user|location"].episode_ids)
            # its episode reader loads graphmem's episodes (graphmem stores no `labels` list on them)
            episode = await EpisodicNode.get_by_uuid(driver, written[0].id)
            assert (episode.content, episode.group_id, episode.entity_edges) == ("See you tomorrow", scope.group_id, [])
            assert episode.valid_at == t0
        finally:
            await graphiti.close()
    finally:
        await service.forget_user(scope)
        await service.close()
