"""Ready means ready, as launched: health turned SERVING only after the one warm-up line that names every part
(schema, embedder, jieba, extraction in both languages, FAISS, BM25, the Search and write paths, the
rehearsed Neo4j queries), and the first calls after SERVING answered correctly. The speed of those first
calls is measured by `python -m tests.bench.startup`, not asserted here."""

from __future__ import annotations

from graphmem.readiness import PARTS
from tests.launched.conftest import Launched


def test_serving_comes_after_a_warm_up_of_every_part(launched: Launched) -> None:
    records = launched.log_records()
    warm = [i for i, r in enumerate(records) if r.get("msg") == "warm-up done"]
    serving = [i for i, r in enumerate(records) if r.get("msg") == "health changed" and r.get("serving") is True]
    assert len(warm) == 1, "expected exactly one warm-up line"
    assert serving and warm[0] < serving[0], "health turned SERVING before the warm-up finished"
    line = records[warm[0]]
    assert line["level"] == "INFO"
    assert line["warmed"] == ["schema", *PARTS, "queries"]
    for part in line["warmed"]:  # type: ignore[union-attr]
        assert isinstance(line[f"{part}_ms"], int | float) and line[f"{part}_ms"] >= 0
    assert line["facts_zh"] >= 1 and line["facts_en"] >= 1  # type: ignore[operator]
    schema = [i for i, r in enumerate(records) if r.get("msg") == "schema ready"]
    assert schema and schema[0] < serving[0]
