"""The devices the speaker has: the phone by its model ("我这台iPhone 13", "my Pixel 7", "I'm on a Galaxy S23") and
the vehicle by its brand ("我那辆雅迪电动车", "my Subaru"), one value per kind, so a corrected or replaced model
("我这台是iPhone 12，压根不是13", "我这车是爱玛的，不是雅迪") is a new version of the same attribute, with the old one
in its history.

A model is a brand with its number (the number is what tells one phone from the next); it is the speaker's when
a word of having or using it comes right before it (我这台, 我的, 我用的, my, I have, I'm on, I switched to, …).
Every pattern is a bounded alternation; the work is linear in the text.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import Slot, stated_away

__all__ = ["devices", "vehicles"]

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


# A vehicle's brand (cars, e-bikes, motorbikes), each spelling to one value.
_VEHICLE_BRANDS: dict[str, str] = {
    "雅迪": "雅迪", "爱玛": "爱玛", "台铃": "台铃", "小牛": "小牛", "九号": "九号", "新日": "新日", "绿源": "绿源",
    "比亚迪": "比亚迪", "特斯拉": "tesla", "丰田": "toyota", "本田": "honda", "大众": "volkswagen", "宝马": "bmw",
    "奔驰": "mercedes", "奥迪": "audi", "蔚来": "蔚来", "小鹏": "小鹏", "问界": "问界", "吉利": "吉利",
    "五菱": "五菱", "哈弗": "哈弗", "日产": "nissan", "别克": "buick", "马自达": "mazda", "斯巴鲁": "subaru",
    "起亚": "kia", "福特": "ford", "雪佛兰": "chevrolet", "沃尔沃": "volvo", "保时捷": "porsche", "红旗": "红旗",
    "极氪": "极氪", "零跑": "零跑", "理想": "理想", "tesla": "tesla", "toyota": "toyota", "honda": "honda",
    "subaru": "subaru", "ford": "ford", "chevy": "chevrolet", "chevrolet": "chevrolet", "mazda": "mazda",
    "hyundai": "hyundai", "kia": "kia", "nissan": "nissan", "volkswagen": "volkswagen", "vw": "volkswagen",
    "bmw": "bmw", "audi": "audi", "mercedes": "mercedes", "volvo": "volvo", "jeep": "jeep", "rivian": "rivian",
    "lexus": "lexus", "acura": "acura", "byd": "比亚迪", "yadea": "雅迪", "niu": "小牛",
}  # fmt: skip
_VEHICLE = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    + "|".join(re.escape(b) for b in sorted(_VEHICLE_BRANDS, key=len, reverse=True))
    + r")(?![A-Za-z0-9])",
    _F,
)
# Having it, right before the brand: 我那辆 / 我这车是 / my / I drive a
_VEHICLE_OWNED = re.compile(
    r"(?:\b(?:my|i\s+drive|i\s+ride|i\s+have|i've\s+got|i\s+own)\s+(?:an?\s+|the\s+|old\s+|new\s+|trusty\s+)*|"
    r"我(?:的|那辆|这辆|家那辆|家的|开的是?|骑的是?|这车是|那车是|的车是|的电动车是|这辆车是|那辆车是)\s*)$",
    _F,
)
# A word for a vehicle after the brand, or a verb of driving or riding in the clause: not a brand of anything else
_VEHICLE_WORD = re.compile(
    r"电动车|电瓶车|电驴|小电驴|摩托|汽车|车|\b(?:car|truck|suv|van|e-?bike|scooter|motorbike|motorcycle|drive|"
    r"driving|ride|riding|tires|tyres|dealership|mechanic)\b|开|骑|车",
    _F,
)


def vehicles(text: str) -> list[Slot]:
    """The vehicle the segment says the speaker has, by its brand, once (the first said as theirs)."""
    if not _VEHICLE_WORD.search(text):
        return []
    for m in _VEHICLE.finditer(text):
        before = text[max(0, m.start() - _BEFORE_WINDOW) : m.start()]
        if not _VEHICLE_OWNED.search(before) or stated_away(text, m.start(), m.end()):
            continue
        value = _VEHICLE_BRANDS[m.group(0).casefold()]
        return [Slot(Predicate.USES_TOOL, "vehicle", value, True, m.start(), m.end())]
    return []
