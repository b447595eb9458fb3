"""Probes for what a user's memory left behind: every graph property holding a token, the nodes of a user,
files under a data directory holding a token; and an extractor held mid-call (an extraction in flight).

Shared by the privacy tests (tests/integration/test_privacy.py) and the fault benchmark (tests/bench/faults.py).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import CandidateFact
from graphmem.storage.neo4j.driver import Neo4jGraph


class GatedExtractor:
    """The rule extractor, held at its first call until released (an extraction in flight)."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self._inner = RuleExtractor()

    def extract(self, text: str, context: Sequence[str] = ()) -> list[CandidateFact]:
        self.started.set()
        if not self.release.wait(60):
            raise RuntimeError("the test never released the extractor")
        return self._inner.extract(text)


async def leftovers(graph: Neo4jGraph, group_id: str, user_id: str) -> list[tuple[list[str], str | None]]:
    rows = await graph.run(
        "MATCH (n) WHERE n.group_id = $g OR n.user_id = $u RETURN labels(n) AS labels, n.transition AS t",
        g=group_id,
        u=user_id,
    )
    return sorted((r["labels"], r["t"]) for r in rows)


async def holders_of(graph: Neo4jGraph, token: str) -> list[str]:
    """Every node or relationship property anywhere in the graph that contains `token`."""
    nodes = await graph.run(
        "MATCH (n) UNWIND keys(n) AS k WITH n, k WHERE toStringOrNull(n[k]) CONTAINS $t "
        "RETURN labels(n)[0] + '.' + k AS where",
        t=token,
    )
    rels = await graph.run(
        "MATCH ()-[r]->() UNWIND keys(r) AS k WITH r, k WHERE toStringOrNull(r[k]) CONTAINS $t "
        "RETURN type(r) + '.' + k AS where",
        t=token,
    )
    return sorted(str(r["where"]) for r in nodes + rels)


def files_holding(root: Path, token: str) -> list[str]:
    return sorted(str(p) for p in root.rglob("*") if p.is_file() and token.encode() in p.read_bytes())
