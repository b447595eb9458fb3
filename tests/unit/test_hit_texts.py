"""HitTexts: all of a Search's hits or nothing; bounded, least recently used users first; removals and drops."""

from __future__ import annotations

import gc
from datetime import UTC, datetime

from graphmem.index.hit_texts import HitText, HitTexts

AT = datetime(2026, 5, 1, tzinfo=UTC)


def _text(seq: int) -> HitText:
    return HitText(f"id-{seq}", f"text {seq}", AT, "s1", "user", "message", 0.5, HitText.pairs({"k": str(seq)}))


def test_only_a_complete_set_of_hits_is_answered() -> None:
    held = HitTexts(10)
    held.put("g", [(1, _text(1)), (2, _text(2))])
    assert held.get("g", [2, 1]) == {2: _text(2), 1: _text(1)}
    assert held.get("g", [1, 3]) is None
    assert held.get("other", [1]) is None
    assert held.holds("g") and not held.holds("other")


def test_over_the_limit_the_least_recently_used_user_goes_first() -> None:
    held = HitTexts(4)
    held.put("a", [(1, _text(1)), (2, _text(2))])
    held.put("b", [(1, _text(1)), (2, _text(2))])
    assert held.get("a", [1]) is not None  # a is now the most recently used
    held.put("c", [(1, _text(1))])
    assert held.holds("a") and held.holds("c") and not held.holds("b")
    assert len(held) == 3


def test_one_user_over_the_limit_keeps_their_newest() -> None:
    held = HitTexts(3)
    held.put("a", [(seq, _text(seq)) for seq in range(1, 6)])
    assert len(held) == 3
    assert held.get("a", [3, 4, 5]) is not None and held.get("a", [1]) is None


def test_removed_and_dropped_texts_are_gone() -> None:
    held = HitTexts(10)
    held.put("a", [(1, _text(1)), (2, _text(2))])
    held.remove("a", [1])
    assert held.get("a", [1]) is None and held.get("a", [2]) is not None
    held.drop("a")
    assert not held.holds("a") and len(held) == 0


def test_a_limit_of_zero_holds_nothing() -> None:
    held = HitTexts(0)
    held.put("a", [(1, _text(1))])
    assert not held.holds("a") and len(held) == 0


def test_entries_give_the_cyclic_collector_nothing_to_walk() -> None:
    held = HitTexts(10)
    held.put("a", [(7, _text(7))])
    for _ in range(3):  # the collector untracks a tuple of untracked things when it meets it: inner pairs first
        gc.collect()
    (entry,) = held._groups["a"].values()
    assert not gc.is_tracked(entry) and not gc.is_tracked(entry[-1])
