"""A project's deadline: a day of the year said with a word of shipping or of a deadline, in any person."""

from __future__ import annotations

import pytest

from graphmem.extraction.deadlines import deadline
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.scope import project_fact


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("星河这个项目3月30号必须上线", "3月30日"),
        ("离上线没剩多少日子了，3月30号那个死线压得我喘不过气", "3月30日"),
        ("We've got until June 20 to ship the beta.", "june 20"),
        ("The June 20 beta date isn't moving, so let's plan around it.", "june 20"),
        ("Release is due on the 3rd of Feb.", "february 3"),
    ],
)
def test_a_date_with_a_word_of_shipping_is_the_deadline(extractor: RuleExtractor, text: str, value: str) -> None:
    facts = [f for f in extractor.extract(text) if f.key == "user|deadline"]
    assert [f.value for f in facts] == [value]
    assert project_fact(facts[0])


@pytest.mark.parametrize("text", ["My birthday is June 20.", "我3月30号去上海", "Ship it!", "13月40号上线"])
def test_a_date_without_a_word_of_shipping_or_a_word_without_a_date_is_no_deadline(text: str) -> None:
    assert deadline(text) is None
