"""Importance of an episode from its text, by the policy's rules (Chinese and English). Pure."""

from __future__ import annotations

import re
from functools import lru_cache

from graphmem.policy import ImportancePolicy


@lru_cache(maxsize=64)
def _compiled(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


def assign_importance(text: str, event_type: str, policy: ImportancePolicy) -> tuple[float, str]:
    """(importance, source): the first matching rule, else the event type's value, else the default."""
    for rule in policy.rules:
        if _compiled(rule.patterns).search(text):
            return rule.value, f"rule:{rule.name}"
    if event_type in policy.event_types:
        return policy.event_types[event_type], f"event_type:{event_type}"
    return policy.default, "default"
