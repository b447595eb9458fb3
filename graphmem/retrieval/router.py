"""Query routing rules: which layers a query goes to and which rerank weights (query kind) apply.

Rules come first and work for Chinese and English; an explicit list of layers in a request bypasses them.
Pure functions.
"""

from __future__ import annotations

import re

from graphmem.model import Layer, Route

SERVED_LAYERS: tuple[Layer, ...] = (Layer.EPISODIC,)
"""Layers this version answers from."""

_RECALL = re.compile(
    r"(上次|上回|上周|之前|以前|上个月|昨天|前天|那天|那次|当时|什么时候|何时|哪天|记得.*吗|"
    r"\blast (time|week|month|year|night)\b|\bbefore\b|\byesterday\b|\bago\b|\bwhen did\b|\bwhen was\b|"
    r"\bprevious(ly)?\b|\bearlier\b|\bremember when\b|\bin (january|february|march|april|may|june|july|"
    r"august|september|october|november|december)\b|\bwhat happened\b)",
    re.I,
)
_PREFERENCE = re.compile(
    r"(喜欢|偏好|不喜欢|讨厌|爱吃|不吃|习惯|口味|风格|觉得|想要|\bprefer|\blikes?\b|\bhates?\b|\bfavou?rite\b|"
    r"\bmy style\b|\bdislikes?\b|\bwants?\b|\benjoys?\b|\binto\b)",
    re.I,
)


def query_kind(query: str) -> tuple[str, str]:
    """The query kind ("recall", "preference" or "default") and the rule that decided it."""
    if match := _RECALL.search(query):
        return "recall", f"time-back word {match.group(0)!r}"
    if match := _PREFERENCE.search(query):
        return "preference", f"preference word {match.group(0)!r}"
    return "default", "no routing word"


def route(query: str, requested: tuple[Layer, ...]) -> Route:
    """The layers to search: the requested ones when given, else the layers that can answer."""
    kind, why = query_kind(query)
    if requested:
        return Route(layers=requested, reason="explicit layers in request", query_kind=kind)
    return Route(layers=SERVED_LAYERS, reason=f"rules: {why}; episodic is the layer served", query_kind=kind)
