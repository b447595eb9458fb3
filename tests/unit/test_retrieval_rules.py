"""Pure retrieval rules: time expressions, query kinds, importance rules and the rerank formula."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from graphmem.extraction.importance import assign_importance
from graphmem.policy import load_policy
from graphmem.retrieval.rerank import Candidate, rerank
from graphmem.retrieval.router import query_kind
from graphmem.retrieval.timeexpr import find_time_expression

REF = datetime(2026, 11, 30, 15, tzinfo=UTC)  # a Monday
POLICY, _ = load_policy(None)


@pytest.mark.parametrize(
    ("query", "start", "end", "text"),
    [
        ("what did I do last week", datetime(2026, 11, 23), datetime(2026, 11, 30), "last week"),
        ("上周的周报", datetime(2026, 11, 23), datetime(2026, 11, 30), "上周"),
        ("昨天说的那家店", datetime(2026, 11, 29), datetime(2026, 11, 30), "昨天"),
        ("where did we go in May 2023", datetime(2023, 5, 1), datetime(2023, 6, 1), "in May 2023"),
        ("三月份的会议", datetime(2026, 3, 1), datetime(2026, 4, 1), "三月份"),
        ("2023年5月的旅行", datetime(2023, 5, 1), datetime(2023, 6, 1), "2023年5月"),
        ("two weeks ago", datetime(2026, 11, 16), datetime(2026, 11, 23), "two weeks ago"),
        ("三天前", datetime(2026, 11, 27), datetime(2026, 11, 28), "三天前"),
        ("上个月的账单", datetime(2026, 10, 1), datetime(2026, 11, 1), "上个月"),
        ("what happened last month", datetime(2026, 10, 1), datetime(2026, 11, 1), "last month"),
        ("what did we plan in December", datetime(2025, 12, 1), datetime(2026, 1, 1), "in December"),
    ],
)
def test_time_expressions_resolve_against_the_reference(query: str, start: datetime, end: datetime, text: str) -> None:
    found = find_time_expression(query, REF)
    assert found is not None
    assert (found.window.start, found.window.end) == (start.replace(tzinfo=UTC), end.replace(tzinfo=UTC))
    assert found.text == text


def test_no_time_expression_in_a_plain_question() -> None:
    assert find_time_expression("What does the user like to eat?", REF) is None
    assert find_time_expression("May I ask what you prefer?", REF) is None


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("上次那个周报改好了吗", "recall"),
        ("what did we decide last time", "recall"),
        ("我喜欢什么样的回复", "preference"),
        ("what is my favourite food", "preference"),
        ("summarise the project", "default"),
    ],
)
def test_query_kind_rules(query: str, kind: str) -> None:
    assert query_kind(query)[0] == kind


def test_recency_halves_every_half_life() -> None:
    weights = POLICY.rerank.weights_for("default")
    cands = [Candidate(1, 0.5, REF - timedelta(days=14)), Candidate(2, 0.5, REF + timedelta(days=1))]
    recent = {c.id: b.recency for c, _, b in rerank(cands, {1: 0.5, 2: 0.5}, {}, weights, REF, 14, None)}
    assert recent[1] == pytest.approx(math.exp(-1))
    assert recent[2] == 1.0  # a future event counts as age 0


def test_rerank_score_is_the_weighted_sum_and_sorted() -> None:
    weights = POLICY.rerank.weights_for("default")
    cands = [
        Candidate(1, 0.3, REF - timedelta(days=1), None, 2),
        Candidate(2, 0.9, REF - timedelta(days=100), 1, 3),
        Candidate(3, 0.1, REF, 2, None),
        Candidate(4, 0.1, REF, None, None),  # a neighbour brought in, in neither list
    ]
    ranked = rerank(cands, {1: 0.8, 2: 0.3, 3: 0.1}, {2: 4.0, 3: 1.0}, weights, REF, 14, None)
    scores = [s for _, s, _ in ranked]
    assert scores == sorted(scores, reverse=True)
    for _, score, b in ranked:
        assert score == pytest.approx(sum(b.weights[k] * getattr(b, k) for k in b.weights))
        assert 0 <= b.similarity <= 1 and 0 <= b.lexical <= 1
    by_id = {c.id: b for c, _, b in ranked}
    assert by_id[1].similarity == 1.0 and by_id[3].similarity == 0.0
    assert by_id[2].lexical == 1.0 and by_id[1].lexical == pytest.approx(0.25)  # vector-only: list minimum
    assert by_id[1].neighbour == pytest.approx(weights.similarity * by_id[2].similarity + weights.lexical * 1.0)
    assert dict(ranked[0][2].weights) == weights.as_dict()


def test_a_neighbour_lifts_the_reply_to_a_matching_question() -> None:
    weights = POLICY.rerank.weights_for("default")
    question = Candidate(1, 0.3, REF, None, 2)
    reply = Candidate(2, 0.3, REF, 1, None)
    unrelated = Candidate(3, 0.3, REF, None, None)
    ranked = rerank([question, reply, unrelated], {1: 0.9, 2: 0.2, 3: 0.2}, {1: 5.0}, weights, REF, 14, None)
    order = [c.id for c, _, _ in ranked]
    assert order.index(2) < order.index(3)


def test_importance_rules_in_both_languages() -> None:
    rules = POLICY.importance
    assert assign_importance("记住，我对花生过敏", "message", rules) == (0.9, "rule:explicit_remember")
    assert assign_importance("From now on answer in English", "message", rules)[0] == 0.9
    assert assign_importance("不对，我说的是周三", "message", rules) == (0.8, "rule:correction")
    assert assign_importance("No, I meant the blue one", "message", rules)[0] == 0.8
    assert assign_importance("报告已完成并发出", "message", rules) == (0.6, "rule:task_completed")
    assert assign_importance("nice weather today", "message", rules) == (0.3, "default")
    assert assign_importance("nice weather today", "preference", rules) == (0.7, "event_type:preference")
