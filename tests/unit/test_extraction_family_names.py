"""Family members named in English apposition, with a word of age or order before them: "my little sister Priya",
"my younger brother Tom", "my mum Linda"; not someone else's relative, and no name when none is given."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("My little sister Priya just got into med school!", "user|sibling:sister:name", "priya"),
        ("My younger brother Tom lives in Leeds.", "user|sibling:brother:name", "tom"),
        ("My mum Linda loves gardening.", "user|parent:mother:name", "linda"),
    ],
)
def test_a_family_member_named_in_apposition_is_a_named_relation(
    extractor: RuleExtractor, text: str, key: str, name: str
) -> None:
    facts = {f.key: f.value for f in extractor.extract(text)}
    assert facts.get(key) == name
    assert "user|location" not in facts and "user|taste|gardening" not in facts


@pytest.mark.parametrize("text", ["My friend's sister Anna is a nurse.", "My sister is a nurse."])
def test_no_name_of_someone_elses_relative_nor_without_a_name(extractor: RuleExtractor, text: str) -> None:
    assert not any(f.key.endswith(":name") for f in extractor.extract(text))
