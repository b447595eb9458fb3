"""The money a piece of work may spend or aims at: a budget ("装修总预算十八万", "our budget is $5k for the whole
trip") or a goal in money ("our goal is to raise $2,000", "今年目标攒五万"). Said inside a project it is that
project's; a new amount replaces the old one. The amount is kept as said ("十八万", "$2,000"). Each pattern is a
literal alternation or a bounded run, so the scan stays linear on any input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Amount", "budget", "money_goal"]

_F = re.IGNORECASE
# "$2,000", "€3.5k", "2000 dollars", "5 grand", "$1.2 million"
_EN_AMOUNT = (
    r"(?:[$€£¥]\s?\d{1,3}(?:,\d{3}){0,4}(?:\.\d{1,2})?(?:\s?(?:k|m|million|thousand|grand)\b)?|"
    r"\d{1,3}(?:,\d{3}){0,4}(?:\.\d{1,2})?\s?(?:k|grand|thousand|million)?\s?"
    r"(?:dollars|bucks|euros|pounds|usd|eur|gbp|rmb|yuan)\b|\d{1,4}(?:\.\d{1,2})?\s?(?:k|grand)\b)"
)
# "十八万", "18万", "两千块", "5000元", "3w", "一万五"
_ZH_NUM = r"(?:\d{1,9}(?:\.\d{1,2})?|[零一二两三四五六七八九十百千]{1,8})"
_ZH_AMOUNT = (
    _ZH_NUM + r"(?:万|千|[wWkK](?![A-Za-z]))(?:[一二三四五六七八九\d](?![万千元块]))?(?:块钱|块|元|人民币|美元|刀)?|"
    r"\d{2,9}(?:块钱|块|元|人民币|美元|刀)|[一二两三四五六七八九十百千]{2,8}(?:块钱|块|元)"
)
_BUDGET = re.compile(
    r"\bbudget(?:'s|\s+is|\s+was|\s+of|\s+will\s+be|\s+has\s+been|\s+is\s+set\s+at|\s+is\s+capped\s+at|\s+tops\s+out\s+at|"
    r"\s+caps\s+out\s+at)?\s(?:is\s)?(?:only\s|just\s|about\s|around\s|roughly\s|capped\s+at\s|set\s+at\s|a\s+hard\s)?"
    r"(?P<en>" + _EN_AMOUNT + r")|"
    r"(?P<en2>" + _EN_AMOUNT + r")\s(?:total\s)?budget\b|"
    r"预算(?:是|就|只有|就是|定在|定了|控制在|卡在|一共|总共|大概|差不多|在)?(?:个)?(?P<zh>" + _ZH_AMOUNT + r")|"
    r"(?P<zh2>" + _ZH_AMOUNT + r")(?:的|以内的)?(?:总)?预算",
    _F,
)
_GOAL = re.compile(
    r"\b(?:goal|target|aim)\s+(?:is|was|this\s+\w+\s+is)\s+to\s+(?:raise|hit|reach|bring\s+in|collect|save|sell)\s+"
    r"(?:at\s+least\s|about\s|around\s)?(?P<en>" + _EN_AMOUNT + r")|"
    r"\b(?:goal|target)\s+(?:is|of)\s+(?P<en2>" + _EN_AMOUNT + r")|"
    r"\b(?:trying|hoping|aiming|want|need)\s+to\s+(?:raise|hit|reach|bring\s+in|collect)\s+(?P<en3>"
    + _EN_AMOUNT
    + r")|"
    r"目标(?:是|就是)?(?:筹|募|凑|攒|存|卖|赚|挣|达到|冲)(?:到|够|出)?(?P<zh>" + _ZH_AMOUNT + r")",
    _F,
)


@dataclass(frozen=True)
class Amount:
    """An amount of money as said ("十八万", "$2,000") and the span that said it."""

    value: str
    start: int
    end: int


def _first(pattern: re.Pattern[str], text: str) -> Amount | None:
    m = pattern.search(text)
    if m is None:
        return None
    group = next(g for g in ("en", "en2", "en3", "zh", "zh2") if g in m.re.groupindex and m.group(g))
    return Amount(m.group(group).strip().lower(), m.start(group), m.end(group))


def budget(text: str) -> Amount | None:
    """The amount `text` names as a budget ("总预算十八万", "a budget of 3,000 euros"), or None."""
    return _first(_BUDGET, text) if ("budget" in text.lower() or "预算" in text) else None


def money_goal(text: str) -> Amount | None:
    """The amount `text` names as a goal to raise or reach ("our goal is to raise $2,000", "目标是攒五万"), or None."""
    return _first(_GOAL, text)
