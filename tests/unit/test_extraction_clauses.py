"""Clause-level readings: a one-off time word blanks only its own clause, a pet is named by its breed, a name
stands in apposition to the relation ("Priya, my wife, …"), a clause about someone of the speaker's carries no
subject on, a day part in a clause that keeps it free is no meeting time, light verbs are no tastes, a buffer
between meetings is its own attribute, and imperatives to the assistant are first-person requests."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我家那只柯基叫旺财，今天又把我的拖鞋咬烂了，气死", "user|pet:dog:name", "旺财"),
        ("家里的橘猫叫年糕", "user|pet:cat:name", "年糕"),
        ("Priya, my wife, keeps telling me I should sleep more.", "user|spouse:name", "priya"),
        ("My daughter's name is spelled Maia, with an i.", "user|child:daughter:name", "maia"),
        ("I like to keep a 15-minute buffer between meetings, please remember that.", "user|meeting_buffer", "15 min"),
        ("Actually, make the buffer between meetings 30 minutes from now on.", "user|meeting_buffer", "30 min"),
        ("Going forward, default to Google Meet links for my invites.", "user|meeting_tool", "google meet"),
        ("I live in Berlin, today I'm in Paris.", "user|location", "berlin"),
    ],
)
def test_the_clause_that_states_the_fact_is_read(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("This weekend, I'm in Paris.", "user|location"),
        ("今天，我在上海出差", "user|location"),
        ("Hello, my wife is here.", "user|spouse:name"),
        ("我朋友家那只柯基叫旺财", "user|pet:dog:name"),
        ("以后周五下午别给我排会了", "user|meeting_time"),
        ("I like to keep a 15-minute buffer between meetings.", "user|taste|keep"),
        ("I like to keep a 15-minute buffer between meetings.", "user|meeting_length"),
    ],
)
def test_one_offs_others_and_kept_free_times_state_no_such_fact(extractor: RuleExtractor, text: str, key: str) -> None:
    assert key not in _facts(extractor, text)


def test_a_clause_about_a_colleague_carries_no_subject_to_the_next(extractor: RuleExtractor) -> None:
    assert extractor.extract("我同事小王特别爱吃榴莲，整个办公室都是那个味儿") == []
