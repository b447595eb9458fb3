"""The memories of an assembled context: one line per distinct text. Two episodes written with the same words
under two keys (or a memory recalled through two layers with the same words) are shown once, the best scored
kept, its reason saying how many more it stands for; distinct texts all stay, in their order."""

from __future__ import annotations

from datetime import UTC, datetime

from graphmem.model import Layer, ScoreBreakdown, SearchHit
from graphmem.retrieval.context import memory_items

T0 = datetime(2026, 5, 1, 9, tzinfo=UTC)
BREAKDOWN = ScoreBreakdown(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, {})


def hit(hit_id: str, text: str, score: float, layer: Layer = Layer.EPISODIC) -> SearchHit:
    return SearchHit(layer, hit_id, text, score, BREAKDOWN, "s1", T0, {}, "", 0.5)


def test_the_same_words_under_two_keys_are_one_line() -> None:
    items = memory_items(
        [hit("m1", "我不吃香菜", 0.9), hit("m2", "我不吃香菜。", 0.8), hit("m3", "I moved to Oslo", 0.5)], None
    )
    assert [i.text for i in items] == ["我不吃香菜", "I moved to Oslo"]
    assert items[0].score == 0.9 and "recalled 1 more time" in items[0].reason
    assert "more time" not in items[1].reason


def test_distinct_texts_all_stay_in_their_order() -> None:
    hits = [hit("a", "I like tea", 0.9), hit("b", "I like green tea", 0.8), hit("c", "I like tea", 0.7, Layer.SEMANTIC)]
    items = memory_items(hits, None)
    assert [i.text for i in items] == ["I like tea", "I like green tea"]
    assert "recalled 1 more time" in items[0].reason
