"""The devices the speaker has: the phone by its model ("我这台iPhone 13", "my Pixel 7", "I'm on a Galaxy S23"),
one value per kind, so a corrected or replaced model ("我这台是iPhone 12，压根不是13") is a new version of the
same attribute, with the old one in its history.

A model is a brand with its number (the number is what tells one phone from the next); it is the speaker's when
a word of having or using it comes right before it (我这台, 我的, 我用的, my, I have, I'm on, I switched to, …).
Every pattern is a bounded alternation; the work is linear in the text.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import Slot, stated_away

__all__ = ["devices"]

_F = re.IGNORECASE

# A phone model: the brand, its number and the variant words after it.
_PHONE = re.compile(
    r"(?<![A-Za-z0-9])(?P<model>(?:iphone|苹果)\s?(?:\d{1,2}|se|x[rs]?)(?:\s?(?:pro\s?max|pro|plus|mini|max))?|"
    r"(?:google\s)?pixel\s?\d{1,2}a?(?:\s?(?:pro\s?xl|pro|xl))?|"
    r"(?:samsung\s|三星\s?)?galaxy\s?(?:s|a|note|z\s?fold|z\s?flip)\s?\d{1,2}(?:\s?(?:ultra|plus|fe|\+))?|"
    r"(?:华为|huawei)\s?(?:mate|p|nova)\s?\d{1,3}(?:\s?(?:pro\+|pro|rs))?|"
    r"(?:小米|xiaomi|红米|redmi)\s?(?:note\s?)?\d{1,2}(?:\s?(?:pro\+|pro|ultra|s))?|"
    r"(?:一加|oneplus)\s?\d{1,2}(?:\s?(?:pro|r|t))?)(?![A-Za-z0-9])",
    _F,
)
# Having or using it, right before the model.
_OWNED_BEFORE = re.compile(
    r"(?:\b(?:my|mine\s+is|i\s+have|i've\s+got|i\s+got|i\s+use|i'm\s+on|i\s+am\s+on|im\s+on|i\s+switched\s+to|"
    r"i\s+upgraded\s+to|i\s+own)\s+(?:an?\s+|the\s+|old\s+|new\s+|trusty\s+)*|"
    r"\bmy\s+phone\s+is\s+(?:an?\s+)?|"
    r"我(?:的|这台|这部|那台|那部|手上这台|手里这台|用的|用的是|这台是|这部是|的手机是|手机是|现在用的是?|一直用的是?)(?:手机)?\s*)$",
    _F,
)
_BEFORE_WINDOW = 24


def _model(raw: str) -> str:
    """The model as one lower-case spelling: "iPhone13 Pro" -> "iphone 13 pro", "苹果12" -> "iphone 12"."""
    text = raw.casefold().replace("苹果", "iphone ").replace("三星", "samsung ").replace("华为", "huawei ")
    text = text.replace("小米", "xiaomi ").replace("红米", "redmi ").replace("一加", "oneplus ").replace("google ", "")
    text = re.sub(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])", " ", text)
    return " ".join(text.split())


def devices(text: str) -> list[Slot]:
    """The phone the segment says the speaker has, once (the first model said as theirs)."""
    for m in _PHONE.finditer(text):
        before = text[max(0, m.start() - _BEFORE_WINDOW) : m.start()]
        if not _OWNED_BEFORE.search(before):
            continue
        if stated_away(text, m.start(), m.end()):
            continue
        return [Slot(Predicate.USES_TOOL, "phone", _model(m.group("model")), True, m.start(), m.end())]
    return []
