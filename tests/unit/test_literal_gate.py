"""extraction/literal_gate.py: the literal words a pattern's every match contains, used to skip scanning a segment
that holds none of them. The gate must never turn away a text its pattern matches."""

from __future__ import annotations

import random
import re

from graphmem.extraction import extractor, replies
from graphmem.extraction.literal_gate import LiteralGate, lowered
from tests.unit.extraction_dev_suite import DEV_SUITE, POLLUTION

_PATTERNS = [rule.pattern for rules in extractor._RULES.values() for rule in rules] + [
    pattern for _, _, pattern in replies._MANNERS
]


def _texts() -> list[str]:
    texts = [t for _, _, t, _ in DEV_SUITE] + [t for _, t in POLLUTION]
    rng = random.Random(7)
    exotic = ["ſ", "ı", "İ", "K", "ς", "Σ", "µ", "ﬅ", "ǅ"]
    varied = []
    for text in texts:  # the same utterances shouted, title-cased and salted with characters case folding treats oddly
        varied.append(text.upper())
        varied.append(text.title())
        chars = list(text)
        for _ in range(3):
            chars.insert(rng.randrange(len(chars) + 1), rng.choice(exotic))
        varied.append("".join(chars))
        varied.append(text.replace("s", "ſ").replace("i", "ı").replace("k", "K"))
    return texts + varied


def test_the_gate_never_turns_away_a_text_its_pattern_matches() -> None:
    texts = _texts()
    gates = [(p, LiteralGate.of(p)) for p in _PATTERNS]
    matched = 0
    for text in texts:
        lower = lowered(text)
        for pattern, gate in gates:
            if pattern.search(text) is not None:
                matched += 1
                assert gate.admits(text, lower), (pattern.pattern[:80], text, gate.words)
    assert matched > 200  # the check ran over real matches, not none


def test_nearly_every_rule_has_a_gate_and_most_segments_are_not_scanned() -> None:
    gates = [LiteralGate.of(p) for p in _PATTERNS]
    assert sum(g.words is not None for g in gates) >= 0.95 * len(gates)
    texts = [t for _, t in POLLUTION]
    admitted = sum(g.admits(t, lowered(t)) for t in texts for g in gates)
    assert admitted < 0.25 * len(texts) * len(gates)


def test_the_most_selective_requirement_is_kept() -> None:
    gate = LiteralGate.of(re.compile(r"(?:reply|respond)\s+in\s+french", re.IGNORECASE))
    assert gate.words == ("french",)
    branch = LiteralGate.of(re.compile(r"(?:always\s+)?(?:reply|answer)\s+(?:briefly|short)", re.IGNORECASE))
    assert branch.words == ("answer", "reply")
    assert LiteralGate.of(re.compile(r"我(?:喜欢|爱)吃(?P<v>\w+)")).words == ("吃",)  # not the common 我
    assert LiteralGate.of(re.compile(r"Berlin")).ignorecase is False


def test_parts_that_may_be_absent_require_nothing() -> None:
    assert LiteralGate.of(re.compile(r"(?:colou?r)?\d+")).words is None
    assert LiteralGate.of(re.compile(r"[a-z]+ing")).words == ("ing",)
    assert LiteralGate.of(re.compile(r"x|yz")).words is None  # a single Latin letter occurs almost everywhere
    assert LiteralGate.of(re.compile(r"(?i:tea)|coffee")).words is None  # a scoped flag: not reasoned about
    assert LiteralGate.of(re.compile(r"(?:tea){0,3}cup")).words == ("cup",)
    assert LiteralGate.of(re.compile(r"(?:tea)+cup")).words == ("tea",)


def test_case_insensitive_gates_compare_lower_case_and_step_aside_for_odd_folding() -> None:
    gate = LiteralGate.of(re.compile(r"sushi", re.IGNORECASE))
    assert gate.admits("I LOVE SUSHI", lowered("I LOVE SUSHI"))
    assert not gate.admits("I love ramen", lowered("I love ramen"))
    odd = "I love ſushi"  # the matcher folds ſ to s; lower-casing does not
    assert re.search(r"sushi", odd, re.IGNORECASE) and lowered(odd) is None and gate.admits(odd, None)
    dotted = LiteralGate.of(re.compile(r"idli", re.IGNORECASE))
    assert re.search(r"idli", "İdli", re.IGNORECASE) and dotted.admits("İdli", lowered("İdli"))
    exact = LiteralGate.of(re.compile(r"Berlin"))
    assert not exact.admits("berlin", lowered("berlin")) and exact.admits("Berlin", None)
