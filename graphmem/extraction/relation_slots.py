"""Named relations in English as slots: "my husband Marco", "my dog's name is Biscuit", "Pepper (my cat)",
"Priya, my wife".
"""

from __future__ import annotations

import re

from graphmem.extraction.attributes import relation_attribute
from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import Slot

__all__ = ["relation_names"]

# "my husband Marco", "my dog's name is Biscuit", "Pepper (my cat)": a named relation in English.
_RELATION_WORDS: dict[str, str] = {
    "wife": "wife", "husband": "husband", "hubby": "husband", "spouse": "spouse", "partner": "partner",
    "girlfriend": "partner", "gf": "partner", "boyfriend": "partner", "bf": "partner", "fiancé": "partner",
    "fiance": "partner", "fiancée": "partner", "fiancee": "partner", "daughter": "daughter", "son": "son",
    "dog": "dog", "puppy": "dog", "cat": "cat", "kitten": "cat", "fish": "pet:fish", "goldfish": "pet:fish",
    "hamster": "pet:hamster", "rabbit": "pet:rabbit", "bunny": "pet:rabbit", "parrot": "pet:bird", "bird": "pet:bird",
    "sister-in-law": "sister-in-law", "brother-in-law": "brother-in-law", "mother-in-law": "mother-in-law",
    "father-in-law": "father-in-law",
    # a breed names the kind ("our greyhound Pickle", "my tabby Miso")
    **dict.fromkeys(
        ("greyhound", "labrador", "retriever", "poodle", "beagle", "collie", "corgi", "spaniel", "terrier",
         "dachshund", "husky", "pug", "whippet", "lurcher", "labradoodle", "cockapoo", "schnauzer", "bulldog",
         "sheepdog", "dalmatian", "rottweiler", "chihuahua"),
        "dog",
    ),
    **dict.fromkeys(("tabby", "siamese", "ragdoll", "persian", "sphynx", "bengal"), "cat"),
}  # fmt: skip
_REL = "|".join(sorted(_RELATION_WORDS, key=len, reverse=True))
_NAME = r"(?P<name>[A-Z][a-z]{1,15})"
_RELATION_NAMED = re.compile(
    r"\b(?:my|our)\s(?:new\s|old\s|little\s)?(?P<rel>"
    + _REL
    + r")(?:'s\sname\sis(?:\s(?:spelled|spelt|actually|now))?|\sis\snamed|\sis\scalled|\sis|\snamed|\scalled|,)?\s"
    + _NAME
    + r"\b|\b"
    + _NAME.replace("name", "name2")
    + r"\s\((?:my|the)\s(?P<rel2>"
    + _REL
    + r")\)|"
    r"\bnew\s(?P<rel3>" + _REL + r"),\s" + _NAME.replace("name", "name3") + r"\b|"
    r"\b" + _NAME.replace("name", "name4") + r",\s(?:my|the)\s(?P<rel4>" + _REL + r")(?=[,.;!)]|$)",  # "Priya, my wife"
    re.IGNORECASE,
)
_NOT_NAMES = frozenset(
    {"i", "is", "and", "the", "a", "an", "my", "he", "she", "it", "they", "we", "has", "was", "just", "so", "but",
     "loves", "likes", "hates", "works", "lives", "got", "had", "passed", "always", "never", "really", "too", "also",
     "hello", "hi", "hey", "thanks", "ok", "okay", "yes", "no", "sorry", "well", "oh", "anyway", "plus"}
)  # fmt: skip


def relation_names(text: str) -> list[Slot]:
    out: list[Slot] = []
    for m in _RELATION_NAMED.finditer(text):
        group = next(g for g in ("name", "name2", "name3", "name4") if m.group(g))
        name = m.group(group)
        rel = (m.group("rel") or m.group("rel2") or m.group("rel3") or m.group("rel4")).lower()
        start = m.start(group)
        if not name[0].isupper() or name.lower() in _NOT_NAMES:
            continue
        relation = _RELATION_WORDS[rel]
        attribute = relation_attribute(relation, "name") if ":" not in relation else f"{relation}:name"
        out.append(Slot(Predicate.RELATION_NAME, attribute, name.lower(), True, start, start + len(name)))
    return out
