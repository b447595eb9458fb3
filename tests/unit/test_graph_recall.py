"""Graph and time recall: the entities a text names, the graph score of the episodes they lead to, and its place
in the rerank (a candidate only the graph found, and the neighbour it lifts); episodes dated by their own words,
when-questions, and the time components of the rerank."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest

from graphmem.extraction.mentions import MAX_MENTIONS, mentions
from graphmem.model import EntityReach, TimeRange, Walk
from graphmem.policy import RerankWeights
from graphmem.retrieval.graph import graph_scores
from graphmem.retrieval.rerank import Candidate, rerank
from graphmem.retrieval.timeexpr import asks_when, event_window

REF = datetime(2026, 11, 30, 15, tzinfo=UTC)


def test_english_mentions_are_capitalised_non_stopwords_keyed_like_the_lexical_index() -> None:
    keys = [m.key for m in mentions("Hey Mel! The LGBTQ group met in Sweden with Caroline's friends.")]
    assert keys == ["mel", "lgbtq", "sweden", "carolin"]
    assert [m.key for m in mentions("i went there with her")] == []


def test_chinese_mentions_are_dictionary_proper_nouns() -> None:
    keys = [m.key for m in mentions("我昨天去了北京，见了LGBTQ小组的人")]
    assert "北京" in keys and "lgbtq" in keys
    assert "昨天" not in keys


def test_mentions_are_bounded_and_linear_on_hostile_text() -> None:
    many = " ".join(f"Name{chr(65 + i % 26)}{chr(65 + i // 26 % 26)}" for i in range(500))
    assert len(mentions(many)) == MAX_MENTIONS
    began = time.perf_counter()
    mentions("Aa " * 50_000 + "北京上海" * 20_000)
    assert time.perf_counter() - began < 2.0


def test_graph_score_weights_rare_entities_and_sums_to_one_for_full_cover() -> None:
    walk = Walk(
        (
            EntityReach("sweden", 2, (10, 11), ()),
            EntityReach("caroline", 400, (), ()),  # too common: its count only
            EntityReach("lgbtq", 5, (11,), (12,)),  # 12 evidences a fact touching the entity
        ),
        1000,
    )
    scores = graph_scores(walk)
    assert set(scores) == {10, 11, 12}
    assert scores[11] > scores[10] > 0
    assert scores[11] < 1.0  # the common entity's weight stays in the denominator
    full = graph_scores(Walk((EntityReach("sweden", 2, (10,), ()),), 1000))
    assert full[10] == pytest.approx(1.0)
    assert graph_scores(Walk((), 0)) == {}


def test_a_candidate_only_the_graph_found_is_ranked_and_lifts_its_neighbour() -> None:
    weights = RerankWeights(similarity=0.4, lexical=0.6, neighbour=0.7, recency=0.0, importance=0.0, graph=0.5)
    found = Candidate(1, 0.3, REF, None, 2)
    reply = Candidate(2, 0.3, REF, 1, None)
    other = Candidate(3, 0.3, REF, None, None)
    ranked = rerank(
        [found, reply, other], {3: 0.5}, {3: 1.0}, weights, REF, 14, None, lexical_truncated=False, graph={1: 1.0}
    )
    by_id = {c.id: (s, b) for c, s, b in ranked}
    assert by_id[1][1].graph == 1.0 and by_id[3][1].graph == 0.0
    assert by_id[2][1].neighbour == pytest.approx(0.5)  # the graph relevance of episode 1
    for _, score, b in ranked:
        assert score == pytest.approx(sum(b.weights[k] * getattr(b, k) for k in b.weights))
    off = RerankWeights(similarity=0.4, lexical=0.6, neighbour=0.7, recency=0.0, importance=0.0)
    ranked_off = rerank(
        [found, reply, other], {3: 0.5}, {3: 1.0}, off, REF, 14, None, lexical_truncated=False, graph={1: 1.0}
    )
    assert ranked_off[0][0].id == 3


def test_an_episode_is_dated_by_its_own_words_against_its_own_date() -> None:
    said = datetime(2023, 7, 15, 13, 51, tzinfo=UTC)
    assert event_window("Last Fri I took my kids to a pottery workshop", said) == TimeRange(
        datetime(2023, 7, 14, tzinfo=UTC), datetime(2023, 7, 15, tzinfo=UTC)
    )
    assert event_window("I signed up for a class yesterday", said) == TimeRange(
        datetime(2023, 7, 14, tzinfo=UTC), datetime(2023, 7, 15, tzinfo=UTC)
    )
    assert event_window("我昨天去了北京", said) == TimeRange(
        datetime(2023, 7, 14, tzinfo=UTC), datetime(2023, 7, 15, tzinfo=UTC)
    )
    assert event_window("That sounds lovely!", said) is None


def test_when_questions_are_told_apart_in_both_languages() -> None:
    assert asks_when("When did Caroline go to the LGBTQ conference?")
    assert asks_when("卡罗琳什么时候去的会议？")
    assert asks_when("What date did Jon open his studio?")
    assert not asks_when("What did Melanie paint?")
    assert not asks_when("梅兰妮画了什么？")


def test_a_dated_episode_answers_a_when_question_and_matches_a_window_by_its_event() -> None:
    weights = RerankWeights(
        similarity=0.4, lexical=0.6, neighbour=0.0, recency=0.0, importance=0.0, time_match=0.3, dated=0.2
    )
    said = datetime(2023, 5, 4, 15, tzinfo=UTC)
    yesterday = TimeRange(datetime(2023, 5, 3, tzinfo=UTC), datetime(2023, 5, 4, tzinfo=UTC))
    dated = Candidate(1, 0.3, said, event=yesterday)
    undated = Candidate(2, 0.3, said)
    cosines = {1: 0.5, 2: 0.5}
    ranked = rerank([dated, undated], cosines, {}, weights, REF, 14, None, asks_when=True)
    assert [c.id for c, _, _ in ranked] == [1, 2]
    assert ranked[0][2].dated == 1.0 and ranked[1][2].dated == 0.0
    ranked = rerank([dated, undated], cosines, {}, weights, REF, 14, yesterday)  # "on 3 May 2023"
    assert [(c.id, b.time_match) for c, _, b in ranked] == [(1, 1.0), (2, 0.0)]
