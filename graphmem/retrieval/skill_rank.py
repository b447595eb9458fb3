"""Skill ranking as pure functions: how well a skill matches an intent, from the cosine of its description
embedding, its best trigger phrase and its track record, combined as
W_SIMILARITY·max(0, cosine) + W_TRIGGER·trigger_match + W_USAGE·usage_rate.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from graphmem.model import Skill, SkillMatch
from graphmem.retrieval.lexical import tokenize

__all__ = [
    "W_SIMILARITY",
    "W_TRIGGER",
    "W_USAGE",
    "embedding_text",
    "normal_phrase",
    "rank_skills",
    "trigger_match",
    "usage_rate",
]

W_SIMILARITY = 0.6
"""Weight of the cosine between the intent and the skill's description embedding (clamped at 0)."""
W_TRIGGER = 0.3
"""Weight of the best trigger match: 1 when a trigger phrase occurs in the intent, else the share of the
trigger's tokens (graphmem's zh/en tokenizer) found in the intent."""
W_USAGE = 0.1
"""Weight of the Laplace-smoothed success rate (successes + 1) / (uses + 2); an unused skill scores 0.5."""


def normal_phrase(text: str) -> str:
    """The form triggers are compared in: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def embedding_text(description: str, triggers: Sequence[str]) -> str:
    """What `description_embedding` embeds: the description followed by the trigger phrases."""
    return " / ".join([description, *triggers])


def trigger_match(intent: str, triggers: Sequence[str]) -> tuple[float, str]:
    """The best trigger and its match in [0, 1]: 1 when the phrase occurs in the intent (on word boundaries
    for Latin text), else the share of the phrase's tokens that the intent contains."""
    text = normal_phrase(intent)
    intent_tokens = set(tokenize(intent))
    best, best_phrase = 0.0, ""
    for phrase in triggers:
        norm = normal_phrase(phrase)
        if not norm:
            continue
        if re.search(rf"(?<![a-z0-9]){re.escape(norm)}(?![a-z0-9])", text):
            return 1.0, phrase
        tokens = set(tokenize(phrase))
        share = len(tokens & intent_tokens) / len(tokens) if tokens else 0.0
        if share > best:
            best, best_phrase = share, phrase
    return best, best_phrase


def usage_rate(successes: int, failures: int) -> float:
    """Laplace-smoothed success rate: (successes + 1) / (successes + failures + 2)."""
    return (successes + 1) / (successes + failures + 2)


def rank_skills(intent: str, skills: Sequence[Skill], similarities: Sequence[float], top_k: int) -> list[SkillMatch]:
    """Scores every skill against an intent (see the module's weights) and returns the best `top_k`."""
    matches = []
    for skill, cosine in zip(skills, similarities, strict=True):
        similarity = max(0.0, float(cosine))
        trigger, phrase = trigger_match(intent, skill.triggers)
        usage = usage_rate(skill.successes, skill.failures)
        score = W_SIMILARITY * similarity + W_TRIGGER * trigger + W_USAGE * usage
        matches.append(SkillMatch(skill, score, similarity, trigger, usage, phrase))
    matches.sort(key=lambda m: (-m.score, m.skill.name, m.skill.project_id))
    return matches[:top_k]
