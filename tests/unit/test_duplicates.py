"""Cross-layer duplicates among recalled memories: a fact and the episode its evidence quotes leave the fact
when it quotes the whole episode, the episode when the episode says more;
two memories of near-identical text in different layers leave the longer, then the more recent; distinct
memories and memories of one layer are all kept, in their order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphmem.model import Layer, ScoreBreakdown, SearchHit
from graphmem.retrieval.duplicates import distinct, normalised

T0 = datetime(2026, 5, 1, 9, tzinfo=UTC)
BREAKDOWN = ScoreBreakdown(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, {})


def hit(layer: Layer, hit_id: str, text: str, score: float, day: int = 0, evidence: str = "") -> SearchHit:
    metadata = {"evidence": evidence} if layer == Layer.SEMANTIC else {"evidence": "client metadata"}
    return SearchHit(layer, hit_id, text, score, BREAKDOWN, "s1", T0 + timedelta(days=day), metadata, "", 0.5)


def ids(hits: list[SearchHit]) -> list[str]:
    return [h.id for h in distinct(hits)]


def test_a_fact_quoting_a_whole_episode_stays_and_the_episode_goes() -> None:
    said = "记住：我喜欢简洁的回复"
    fact = hit(Layer.SEMANTIC, "f1", "用户喜欢简洁的回复", 0.7, evidence=said)
    episode = hit(Layer.EPISODIC, "e1", said, 0.9)
    other = hit(Layer.EPISODIC, "e2", "上周五把周报发给了王经理", 0.5)
    assert ids([episode, fact, other]) == ["f1", "e2"]
    # the same words said again later (the sighting that promoted the fact): still one memory, the fact
    later = hit(Layer.EPISODIC, "e3", said, 0.9, day=3)
    assert ids([later, fact]) == ["f1"]


def test_an_episode_saying_more_than_the_quote_stays() -> None:
    long = hit(Layer.EPISODIC, "e1", "Remember: I like short replies. Also, I moved to Berlin.", 0.4)
    quoting = hit(Layer.SEMANTIC, "f1", "user prefers short replies", 0.8, evidence="Remember: I like short replies")
    assert ids([quoting, long]) == ["e1"]
    restated = hit(Layer.SEMANTIC, "f2", "user prefers short replies", 0.8, day=2, evidence="I like short replies")
    assert ids([long, restated]) == ["e1"]


def test_near_identical_texts_in_two_layers_keep_the_more_recent_of_equal_length() -> None:
    older = hit(Layer.EPISODIC, "e1", "I live in Berlin now.", 0.8, day=0)
    newer = hit(Layer.SEMANTIC, "f1", "i live in berlin now", 0.7, day=3)
    assert ids([older, newer]) == ["f1"]
    typo = hit(Layer.SEMANTIC, "f2", "I live in Berlin nowww", 0.7)
    assert ids([older, typo]) == ["f2"]  # near-identical: the longer one stays


def test_distinct_memories_and_one_layers_twins_are_all_kept() -> None:
    hits = [
        hit(Layer.EPISODIC, "e1", "I live in Berlin", 0.9),
        hit(Layer.EPISODIC, "e2", "I live in Berlin", 0.8),  # the same words said twice: two events
        hit(Layer.SEMANTIC, "f1", "user likes tea", 0.7, evidence="I like tea"),
        hit(Layer.EPISODIC, "e3", "I like coffee", 0.6),
        hit(Layer.SEMANTIC, "f2", "user says ok", 0.5, evidence="ok"),  # a quote too short to prove anything
    ]
    assert ids(hits) == ["e1", "e2", "f1", "e3", "f2"]


def test_normalised_text_ignores_case_width_and_punctuation() -> None:
    assert normalised("Ｉ like  TEA！") == normalised("i like tea") == "iliketea"
    assert normalised("记住：我喜欢简洁的回复。") == "记住我喜欢简洁的回复"
