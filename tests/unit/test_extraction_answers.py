"""A bare answer about the meeting the speaker's turn before asked for: the day part that is the whole first clause
is when meetings should be; any other clause, or no such request before, states nothing."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _meeting_time(extractor: RuleExtractor, text: str, before: str) -> str | None:
    found = {f.key: f.value for f in extractor.extract(text, (before,) if before else ())}
    return found.get("user|meeting_time")


@pytest.mark.parametrize(
    ("before", "text", "value"),
    [
        (
            "Can you find a slot with the Berlin team next week?",
            "Mornings. Before eleven if possible.",
            "morning meeting",
        ),
        ("帮我跟设计组约个评审会吧", "下午，两点以后都行", "afternoon meeting"),
        ("帮我跟设计组约个评审会吧", "下午吧", "afternoon meeting"),
    ],
)
def test_a_bare_day_part_answers_the_meeting_asked_for(
    extractor: RuleExtractor, before: str, text: str, value: str
) -> None:
    assert _meeting_time(extractor, text, before) == value


@pytest.mark.parametrize(
    ("before", "text"),
    [
        ("帮我跟设计组约个评审会吧", "下午我要去接孩子"),
        ("Can you find a slot with the Berlin team next week?", "Mornings are hard for me."),
        ("Could you suggest a breakfast smoothie?", "Mornings. I usually skip breakfast."),
        ("", "Mornings."),
    ],
)
def test_a_day_part_in_a_longer_clause_or_with_no_meeting_asked_for_is_none(
    extractor: RuleExtractor, before: str, text: str
) -> None:
    assert _meeting_time(extractor, text, before) is None


def test_early_in_the_day_is_the_morning(extractor: RuleExtractor) -> None:
    text = "Same deal for the vendor call: put it early in the day, I'm only really sharp before 11."
    assert _meeting_time(extractor, text, "") == "morning meeting"
