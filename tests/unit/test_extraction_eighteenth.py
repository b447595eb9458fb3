"""Mechanisms built against the seventeenth development round: a stance said by a clause that points back, more
words of habit and stance, trades named by their agent suffix or said as what one sells or brings, a new job
with a modifier before "job", and a product named without its generic head ("石墨" for "石墨文档")."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.recurrence import meet, topics


def _stances(text: str) -> dict[str, bool | None]:
    return {t.key: t.stance for t in topics(text)}


def test_a_clause_pointing_back_gives_its_stance_to_what_the_clause_before_named_first() -> None:
    text = "QuickBooks keeps double-counting transactions from my bank feed. It's the only accounting software I touch."
    found = _stances(text)
    assert found["quickbook"] is True
    assert found["bank"] is None  # only the first thing named takes it
    # without the pointing-back opener the stance stays in its own clause
    assert (
        _stances("QuickBooks keeps double-counting transactions from my bank feed. Taxes are due soon.")["quickbook"]
        is None
    )
    before = topics("I keep the books for my cleaning business entirely in QuickBooks Online.")
    assert [t.key for t, _ in meet(topics(text), before)] == ["quickbook"]


@pytest.mark.parametrize(
    ("text", "key", "stance"),
    [
        ("公司想换软件，我死活不乐意，用惯了石墨", "石墨", True),
        ("我一个三十好几的人，最大的爱好是拼积木", "积木", True),
        ("我车上一律不许吃榴莲", "榴莲", False),
        ("Ice fishing season is my whole winter, I swear", "fish", True),
    ],
)
def test_more_words_of_habit_and_stance(text: str, key: str, stance: bool) -> None:
    assert _stances(text).get(key) is stance


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a lineman for the power company and they can send us out of state.", "lineman"),
        ("I'm an adjunct at two community colleges, teaching intro sociology.", "adjunct"),
        ("I got a tenure-track job as an assistant professor at a state university.", "assistant professor"),
        ("我是送快递的，双十一这一波跑下来腰实在扛不住了", "快递"),
        ("我是卖保险的", "保险"),
    ],
)
def test_trades_by_agent_suffix_what_one_sells_or_a_modified_job(
    extractor: RuleExtractor, text: str, role: str
) -> None:
    assert {f.key: f.value for f in extractor.extract(text)}.get("user|job") == role


@pytest.mark.parametrize(
    "text", ["I'm a family man", "I'm a woman in tech", "I'm a human being, not a robot", "这是我送你的礼物"]
)
def test_no_trade_from_words_that_only_look_like_one(extractor: RuleExtractor, text: str) -> None:
    assert "user|job" not in {f.key for f in extractor.extract(text)}


def test_a_product_is_named_without_its_generic_head(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("开会的记录我用惯了石墨", ["石墨文档"]) == [True]
    assert extractor.mentioned("石头很硬", ["石墨文档"]) == [False]
