"""The entity graph walked for recall: from the entities a query names, through `MENTIONS`, to the episodes
that mention them, and through the user's active facts (`RELATES_TO`) that touch them, to the episodes that
evidence those facts. Written by the episode and fact repositories; read here.

Bounded: an entity mentioned by more than `limit` episodes returns its count only (it names too much to
single anything out), and each entity contributes at most `limit` fact-evidence episodes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.model import EntityReach, Walk
from graphmem.storage.neo4j.driver import Neo4jGraph

_WALK: LiteralString = """
UNWIND $keys AS key
MATCH (n:Entity {group_id: $group_id, name_key: key})
WITH n, key, COUNT { (n)<-[:MENTIONS]-(:Episodic) } AS df
CALL (n, df) {
  OPTIONAL MATCH (n)<-[:MENTIONS]-(e:Episodic)
  WHERE df <= $limit AND e.status = 'active'
  RETURN collect(e.seq) AS seqs
}
CALL (n) {
  OPTIONAL MATCH (n)-[r:RELATES_TO {group_id: $group_id}]-(:Entity)
  WHERE r.status = 'active'
  WITH r LIMIT $limit
  UNWIND coalesce(r.episodes, []) AS id
  MATCH (f:Episodic {group_id: $group_id, uuid: id}) WHERE f.status = 'active'
  RETURN collect(DISTINCT f.seq)[..$limit] AS fact_seqs
}
OPTIONAL MATCH (u:User {group_id: $group_id})
RETURN key, df, seqs, fact_seqs, coalesce(u.episode_count, 0) AS total
"""


class MentionRepository:
    """Reads the entity graph of one user partition at a time."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def walk(self, group_id: str, keys: Sequence[str], limit: int) -> Walk:
        """Where the entities with these keys lead (keys absent from the graph are skipped)."""
        if not keys:
            return Walk((), 0)

        async def work(tx: AsyncManagedTransaction) -> Walk:
            result = await tx.run(_WALK, group_id=group_id, keys=list(keys), limit=limit)
            reached: list[EntityReach] = []
            total = 0
            async for r in result:
                total = int(r["total"])
                reached.append(
                    EntityReach(
                        str(r["key"]),
                        int(r["df"]),
                        tuple(int(s) for s in r["seqs"]),
                        tuple(int(s) for s in r["fact_seqs"]),
                    )
                )
            return Walk(tuple(reached), total)

        return await self._graph.read(work)
