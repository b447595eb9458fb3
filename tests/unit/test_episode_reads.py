"""Reading episodes back while other transactions delete them: Neo4j reads committed data, so a node that a
concurrent delete removed after the index found it comes back without its properties — the read leaves it
out (as if deleted before), it does not fail (seen in the three-replica warm-up, which deletes its episodes)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

from graphmem.model import Scope
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.episodes import EpisodeRepository

MICROS = 1_700_000_000_000_000
LIVE = {
    "uuid": "e1",
    "key": "k1",
    "content": "see you tomorrow",
    "valid_at": MICROS,
    "created_at": MICROS,
    "seq": 1,
    "extraction_status": "skipped",
}
GONE = dict.fromkeys(LIVE)  # every property null: deleted by another transaction during the read


class _Result:
    def __init__(self, record: dict[str, Any]) -> None:
        self._record = record

    async def single(self, strict: bool = False) -> dict[str, Any]:
        return self._record


class _Tx:
    def __init__(self, record: dict[str, Any]) -> None:
        self._record = record

    async def run(self, query: str, *args: Any, **params: Any) -> _Result:
        return _Result(self._record)


class _Graph:
    def __init__(self, record: dict[str, Any]) -> None:
        self._record = record

    async def read(self, work: Callable[[Any], Awaitable[Any]]) -> Any:
        return await work(_Tx(self._record))

    async def read_record(self, statement: str, **params: Any) -> dict[str, Any]:
        return self._record


def _repo(record: dict[str, Any]) -> EpisodeRepository:
    return EpisodeRepository(cast(Neo4jGraph, _Graph(record)))


async def test_hits_read_leaves_out_an_episode_deleted_during_the_read() -> None:
    stamp = {"facts_version": 3, "facts_forgotten": None, "facts_erased": None}
    repo = _repo({"seq": 2, "count": 1, "writes": 5, "episodes": [LIVE, GONE], **stamp})
    read = await repo.hits_and_state(Scope("t", "u"), [1, 2])
    assert list(read.episodes) == [1] and read.episodes[1].text == "see you tomorrow"
    assert read.committed.writes == 5 and read.facts_stamp == "3||"


async def test_reads_by_seq_leave_out_an_episode_deleted_during_the_read() -> None:
    found = await _repo({"episodes": [GONE, LIVE]}).by_seqs(Scope("t", "u"), [1, 2])
    assert list(found) == [1]
