"""CI-sized LoCoMo check: on the first English conversation, graphmem's evidence recall@10 through the real
gRPC API is at least that of plain BM25 over the same turns (full run: ``python -m tests.bench.locomo``).

Reads ../shared/data/locomo-dev; when it is absent the loader's error names the path and the test fails.
"""

from __future__ import annotations

import pytest

from tests.bench.locomo import mixed_conversations, run_benchmark
from tests.bench.locomo_data import load_locomo

pytestmark = pytest.mark.bench


async def test_graphmem_recall_at_10_is_not_below_bm25_on_one_locomo_conversation(require_neo4j: str) -> None:
    report = (await run_benchmark(["en"], conversations=1))["en"]
    overall = report.overall()
    ours, bm25 = overall["graphmem"]["r@10"], overall["bm25"]["r@10"]
    questions = report.scores["graphmem"].count()
    assert ours >= bm25, (
        f"graphmem R@10 {ours:.1f} < BM25 R@10 {bm25:.1f} on LoCoMo en, first conversation "
        f"({questions} questions, embedder {report.embedder}, dense R@10 {overall['dense']['r@10']:.1f})"
    )


def test_a_mixed_memory_stores_one_language_and_asks_in_the_other() -> None:
    zh, en = load_locomo("zh")[0], load_locomo("en")[0]
    (mixed,) = mixed_conversations("zh", "en", conversations=1)
    assert [t.text for t in mixed.turns] == [t.text for t in zh.turns]
    assert [(q.text, q.evidence) for q in mixed.questions] == [(q.text, q.evidence) for q in en.questions]
    assert {e for q in mixed.questions for e in q.evidence} <= {t.dia_id for t in mixed.turns}
