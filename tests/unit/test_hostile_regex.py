"""Every regex run on caller text (module-level patterns of the extraction, retrieval and memory packages,
including the rule tables, and the policy's importance rules) matches adversarial input in linear time, and
the extractor as a whole is linear in the number of clauses.

Wall-clock thresholds would be flaky on a shared machine, so the bound is a growth ratio. An input built from
the pattern's own alternatives is timed at size n and at 4n (CPU time of the test's thread, so load on the
machine cannot inflate a figure; the best of five runs at size n): linear matching grows ~4x, quadratic ~16x.
Repeated words that a pattern can split two ways grow exponentially, too fast to time at 4n, so word runs
compare n and n + 3 repetitions (linear: ~1.2x; 2**n: 8x). A quick screen at size n picks the candidates,
and a candidate fails only when a second run at the larger size confirms it; a run at the larger size within
the bound clears it at once (the best of more runs could only be lower). The larger size costs 8 to 16 times
the smaller one, so it is run once and, to confirm, at most three times more (the best of those, against a
base measured again): the test stays fast and a burst of load does not fail a linear pattern.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import pkgutil
import re
import time
from collections.abc import Callable, Iterator

import pytest

import graphmem.extraction
import graphmem.memory
import graphmem.retrieval
from graphmem.extraction.extractor import MAX_EXTRACTION_CHARS, RuleExtractor
from graphmem.extraction.importance import _compiled
from graphmem.policy import load_policy

PACKAGES = (graphmem.extraction, graphmem.retrieval, graphmem.memory)
SCREEN_SECONDS = 0.002  # an input whose match takes longer than this at size n is measured for growth (a 2**n word run
# of the growth check's own sample takes ~4 ms at n on this machine, so 5 ms missed it when the machine was idle)
WORDS_N = 16  # repetitions of one word: a word split two ways costs 2**16 paths, which the screen sees
LONG_N = 2000  # characters of a run without spaces (and 8,000 in the growth check): n² shows in the screen
FLOOR_SECONDS = 0.0005  # times below this count as this, so noise in runs too short to matter cannot fail


def _walk(value: object, seen: set[int]) -> Iterator[re.Pattern[str]]:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, re.Pattern):
        if isinstance(value.pattern, str):
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item, seen)
    elif isinstance(value, list | tuple | frozenset | set):
        for item in value:
            yield from _walk(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name), seen)


def hostile_patterns() -> dict[str, re.Pattern[str]]:
    """Every module-level pattern (directly, or inside dicts, tuples, lists and dataclasses such as the rule
    tables) of the packages that run regexes on caller text, plus the policy's importance rules."""
    found: dict[str, re.Pattern[str]] = {}
    seen: set[int] = set()
    for package in PACKAGES:
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                for i, pattern in enumerate(_walk(value, seen)):
                    found.setdefault(f"{info.name}.{name}[{i}]", pattern)
    policy, _ = load_policy(None)
    for rule in policy.importance.rules:
        found[f"policy.importance.{rule.name}"] = _compiled(rule.patterns)
    return found


PATTERNS = hostile_patterns()


def _words(pattern: re.Pattern[str]) -> list[str]:
    """The literal words of the pattern (its alternatives), escapes removed; Chinese runs split at each
    character too, since alternatives such as 很 and 早就 are written next to each other."""
    source = re.sub(r"\\[a-zA-Z]", " ", pattern.pattern)
    words = re.findall(r"[A-Za-z][A-Za-z'-]*|[\u4e00-\u9fff]+", source)
    return list(dict.fromkeys(words))[:120]


Make = Callable[[int], str]


def _inputs(pattern: re.Pattern[str]) -> Iterator[tuple[str, Make, bool]]:
    """(label, make(n), is a word run): each word of the pattern repeated after the openings the rules
    start with, each word repeated without spaces, and runs of single characters of every class."""
    words = _words(pattern)
    for word in words:
        spaced = " " if word.isascii() else ""
        for prefix in ("", "i ", "i'm ", "my ", "please ", "我", "我们"):
            if spaced or prefix in ("", "我"):
                yield f"{prefix!r} + {word!r} x n", lambda n, w=word + spaced, p=prefix: p + w * n + "zzz?", True
        yield f"{word!r} x n, no spaces", lambda n, w=word: w * (n // len(w) + 1) + "!", False
    for unit in ("a", "A", "Ab", "1", "1.", "1 ", "a/", "a.", "a_", "a@", "a-", "😀", "香", "香。", " ", "\n", "i "):
        yield f"{unit!r} x n", lambda n, u=unit: u * (n // len(u)), False


def _seconds(pattern: re.Pattern[str], text: str, runs: int) -> float:
    best = float("inf")
    gc.disable()  # a collection inside a run would be counted as matching time
    try:
        for _ in range(runs):
            started = time.thread_time()  # CPU time of this thread: waiting for a core is not counted
            for _m in pattern.finditer(text):
                pass
            best = min(best, time.thread_time() - started)
    finally:
        gc.enable()
    return max(best, FLOOR_SECONDS)


def _grows(pattern: re.Pattern[str], make: Make, word_run: bool, screened: float) -> float | None:
    """The growth ratio from size n to the larger size when two runs at the larger size both exceed the bound
    for linear matching, else None. `screened` is the screen's run at size n, kept as one of its five."""
    small, large = (WORDS_N, WORDS_N + 3) if word_run else (LONG_N, 4 * LONG_N)
    limit = 4.0 if word_run else 9.0  # linear: ~1.2 and ~4; exponential 8, quadratic ~16
    base = min(screened, _seconds(pattern, make(small), 4))  # cheap, and a base inflated by load hides growth
    ratios = []
    for runs in (1, 3):  # the confirmation takes the best of three: one burst of load cannot fail a linear pattern
        ratios.append(_seconds(pattern, make(large), runs) / base)
        if ratios[-1] <= limit:
            return None
        base = min(base, _seconds(pattern, make(small), 4))
    return min(ratios)


def slow_inputs(pattern: re.Pattern[str], stop_after: int = 3) -> list[str]:
    """The inputs on which the pattern grows faster than linearly (confirmed by a second measurement)."""
    slow: list[str] = []
    for label, make, word_run in _inputs(pattern):
        screened = _seconds(pattern, make(WORDS_N if word_run else LONG_N), 1)
        if screened < SCREEN_SECONDS:
            continue
        ratio = _grows(pattern, make, word_run, screened)
        if ratio is not None:
            slow.append(f"{label}: x{ratio:.1f}")
            if len(slow) >= stop_after:
                break
    return slow


def test_the_collector_finds_the_patterns_of_every_module() -> None:
    names = " ".join(PATTERNS)
    assert len(PATTERNS) > 150
    for where in ("EN_RULES", "ZH_RULES", "summary._EN_ENTITY", "timeexpr._RULES", "clauses._BARE_PREFIX"):
        assert where in names, where
    assert "policy.importance" in names


def test_the_growth_check_tells_exponential_and_quadratic_from_linear() -> None:
    assert slow_inputs(re.compile(r"i\s+(?:(?:definitely|absolutely|definitely)\s+)*like", re.IGNORECASE), 1)
    assert slow_inputs(re.compile(r"我(?:很|早就|很早就)*过敏"), 1)  # 很早就 = 很 + 早就: 2**n splits
    assert slow_inputs(re.compile(r"(?:一律|以后)(?:都|一律)*(?=用)"), 1)  # each 一律 of a run rescans the rest: n²
    assert slow_inputs(re.compile(r"(?:\s*(?:please|and)\b[\s,:]*)*\s*x"), 1)
    assert slow_inputs(re.compile(r"i\s+(?:(?:definitely|absolutely)\s+)*like"), 1) == []
    assert slow_inputs(re.compile(r"(?:(?<!一律)一律|以后)(?:都|一律)*(?=用)"), 1) == []


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_pattern_matches_hostile_input_in_linear_time(name: str) -> None:
    pattern = PATTERNS[name]
    assert slow_inputs(pattern) == [], f"{name} ({pattern.pattern[:160]}) is not linear"


def _extract_seconds(text: str) -> float:
    extractor = RuleExtractor()
    extractor.extract("warm up")
    best = float("inf")
    for _ in range(3):
        started = time.thread_time()
        extractor.extract(text)
        best = min(best, time.thread_time() - started)
    return best


def test_extraction_is_linear_in_the_clauses_of_a_sentence() -> None:
    """Clause bounds were found by scanning every break of the sentence for each rule match (n²)."""
    clause = "i like tea, "
    ratios = []
    for _ in range(2):
        ratios.append(_extract_seconds(clause * 800) / _extract_seconds(clause * 200))
        if ratios[-1] <= 9.0:
            break
    assert min(ratios) <= 9.0, ratios


def test_extraction_reads_at_most_max_extraction_chars() -> None:
    extractor = RuleExtractor()
    statement = "I am allergic to peanuts."
    assert extractor.extract(statement)
    filler = "ok. " * (MAX_EXTRACTION_CHARS // 4)
    assert extractor.extract(statement + " " + filler)
    assert extractor.extract(filler + statement) == []
