"""Paraphrase handling: an object of taste named with another head noun or as another form of the same activity
keys one fact, and ordinary superlative phrasings ("nothing beats X", "I could eat X every day", "X is pretty much
my favourite thing", "I can't watch X") state the stance they mean."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import Predicate
from graphmem.extraction.synonyms import canonical_taste

P = Predicate


@pytest.mark.parametrize(
    ("value", "canonical"),
    [
        ("horror film", "horror movie"),
        ("horror movie", "horror movie"),
        ("long bike ride", "cycling"),
        ("biking", "cycling"),
        ("cycling", "cycling"),
        ("jog", "running"),
        ("jazz", "jazz"),
        ("恐怖电影", "恐怖片"),
        ("骑自行车", "骑行"),
        ("香菜", "香菜"),
    ],
)
def test_paraphrased_objects_of_taste_share_one_canonical_form(value: str, canonical: str) -> None:
    assert canonical_taste(value) == canonical


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Horror movies are not my thing at all.", "I can't watch horror films, they give me nightmares."),
        ("Nothing beats a long bike ride on a Sunday.", "Cycling is pretty much my favourite thing to do outdoors."),
        ("I love biking.", "Nothing beats a long bike ride."),
    ],
)
def test_two_wordings_of_one_taste_state_one_key_and_stance(extractor: RuleExtractor, first: str, second: str) -> None:
    a, b = extractor.extract(first), extractor.extract(second)
    assert len(a) == 1 and len(b) == 1
    assert a[0].key == b[0].key
    assert a[0].stance == b[0].stance


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("honestly nothing beats a good bowl of ramen for me", P.LIKES, "ramen"),
        ("Honestly I could eat sushi every single day.", P.LIKES, "sushi"),
        ("I could listen to jazz all day", P.LIKES, "jazz"),
        ("I never listen to country music.", P.DISLIKES, "country music"),
        ("I can't watch horror films.", P.DISLIKES, "horror movie"),
    ],
)
def test_superlative_and_inability_phrasings_state_a_stance(
    extractor: RuleExtractor, text: str, predicate: Predicate, value: str
) -> None:
    facts = extractor.extract(text)
    assert [(f.predicate, f.value) for f in facts] == [(predicate, value)]


@pytest.mark.parametrize(
    "text",
    [
        "I could eat a horse.",
        "I could eat pizza right now.",
        "Nothing beats this.",
        "I didn't watch the game.",
        "Nothing beats getting together with loved ones for a good meal.",
    ],
)
def test_one_off_and_deictic_superlatives_state_nothing(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []
