"""Hit counters: batched `hit_count += n, last_hit_at = max(last_hit_at, at)` on episodes and facts.

The instants travel as UTC epoch seconds and microseconds and become DATETIMEs in Cypher (the same stored
value): the driver packs a Python datetime in pure Python (~75 us each), and every Search returns up to top_k hits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.storage.neo4j.driver import Neo4jGraph

_EPISODE_HITS: LiteralString = """
UNWIND $rows AS row
MATCH (e:Episodic {group_id: row.group_id, uuid: row.id})
WITH e, row, datetime({epochSeconds: row.at_s, nanosecond: row.at_us * 1000}) AS at
SET e.hit_count = coalesce(e.hit_count, 0) + row.n,
    e.last_hit_at = CASE WHEN e.last_hit_at IS NULL OR e.last_hit_at < at THEN at ELSE e.last_hit_at END
RETURN count(e) AS updated
"""

_FACT_HITS: LiteralString = """
UNWIND $rows AS row
MATCH (:Entity {group_id: row.group_id})-[r:RELATES_TO {group_id: row.group_id, uuid: row.id}]->(:Entity)
WITH r, row, datetime({epochSeconds: row.at_s, nanosecond: row.at_us * 1000}) AS at
SET r.hit_count = coalesce(r.hit_count, 0) + row.n,
    r.last_hit_at = CASE WHEN r.last_hit_at IS NULL OR r.last_hit_at < at THEN at ELSE r.last_hit_at END
RETURN count(r) AS updated
"""


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _instant(at: datetime) -> dict[str, int]:
    """A timezone-aware instant as whole UTC epoch seconds (floored) and the microseconds past them."""
    since = at - _EPOCH
    return {"at_s": since.days * 86_400 + since.seconds, "at_us": since.microseconds}


@dataclass(frozen=True)
class HitRow:
    """n hits on one memory, the latest at `at`."""

    group_id: str
    id: str
    n: int
    at: datetime


class HitRepository:
    """Applies accumulated hits in one transaction per call."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def apply(self, episodes: Sequence[HitRow], facts: Sequence[HitRow]) -> int:
        """Adds the hits; returns how many memories were found and updated (deleted ones are skipped)."""

        def rows(items: Sequence[HitRow]) -> list[dict[str, object]]:
            return [{"group_id": h.group_id, "id": h.id, "n": h.n, **_instant(h.at)} for h in items]

        async def work(tx: AsyncManagedTransaction) -> int:
            updated = 0
            for query, items in ((_EPISODE_HITS, episodes), (_FACT_HITS, facts)):
                if items:
                    record = await (await tx.run(query, rows=rows(items))).single(strict=True)
                    updated += int(record["updated"])
            return updated

        return await self._graph.write(work)
