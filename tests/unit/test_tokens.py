"""The offline token counter: nothing for nothing, at least one token for any text, digits in groups of three,
Chinese at a steady cost per character, and English counted at or a little above what cl100k_base gives."""

from __future__ import annotations

import pytest

from graphmem.tokens import count_tokens


def test_the_empty_text_costs_nothing_and_any_other_text_at_least_one_token() -> None:
    assert count_tokens("") == 0
    for text in ("a", " ", "\n", "。", "😀", "ok"):
        assert count_tokens(text) >= 1, text


def test_digits_are_counted_in_groups_of_three() -> None:
    assert [count_tokens(d) for d in ("1", "123", "1234", "123456", "1234567")] == [1, 1, 2, 2, 3]


def test_chinese_costs_a_steady_amount_per_character() -> None:
    """A run of n Han characters costs 1.28·n + 0.55 tokens, plus the 4 % margin, within rounding."""
    for repeat in (1, 10, 50):
        text = "我喜欢喝绿茶" * repeat
        assert abs(count_tokens(text) - (1.28 * len(text) + 0.55) * 1.04) <= 1, repeat


@pytest.mark.parametrize(
    ("text", "cl100k"),
    [  # counts from the cl100k_base encoding
        ("hello world", 2),
        ("Hello, world!", 4),
        ("The quick brown fox jumps over the lazy dog.", 10),
    ],
)
def test_english_is_counted_at_or_a_little_above_cl100k(text: str, cl100k: int) -> None:
    assert cl100k <= count_tokens(text) <= round(cl100k * 1.25)


def test_a_rule_of_repeated_symbols_is_a_few_long_tokens_not_one_per_character() -> None:
    assert count_tokens("-----") == 1
    assert count_tokens("-" * 64) <= 4


def test_counting_longer_text_never_costs_less() -> None:
    words = ["I", "moved", "to", "Berlin", "last", "spring", "and", "我现在每天骑车上班", "."]
    counts = [count_tokens(" ".join(words[:n])) for n in range(1, len(words) + 1)]
    assert counts == sorted(counts)
