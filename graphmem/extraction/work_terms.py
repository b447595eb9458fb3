"""What a piece of work is held to besides its date and money: a length limit ("the hard limit is 12,000 words",
"论文字数不超过三万字") and the place an event is held ("寿宴定在老城区的聚丰园酒楼", "the reception is at the Grand
Hotel"). Said inside a project they are that project's; a new value replaces the old one. A length is kept as said
("12,000 words", "三万字"); a Chinese venue by its name, without the generic word for the kind of place ("聚丰园"),
so that a later "聚丰园那边…" names it again. Each pattern is a literal alternation or a bounded run, so the scan
stays linear on any input.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import Slot

__all__ = ["length_limit", "venue"]

_F = re.IGNORECASE
_EN_COUNT = r"\d{1,3}(?:,\d{3}){0,2}|\d{1,6}|\d{1,3}(?:\.\d)?k"
_ZH_COUNT = r"[\d,]{1,7}|[零一二两三四五六七八九十百千万]{1,6}"
# A limit on the length of the work: said as the limit ("word limit is 5,000 words", "the hard limit is 12,000
# words"), or as what the work must keep under ("has to come in under 12,000 words", "can't go over 20 pages")
_LENGTH = re.compile(
    r"\b(?:word\s+(?:limit|count|cap)|page\s+(?:limit|count|cap)|(?:hard\s+|strict\s+)?(?:limit|cap|max(?:imum)?))"
    r"(?:\s+(?:for|on)\s+(?:the|my|this|it)(?:\s+\w+)?)?\s+(?:is|of|will\s+be)\s+(?:about\s+|around\s+|only\s+)?"
    r"(?P<en>(?:" + _EN_COUNT + r")\s+(?:words|pages))\b|"
    r"\b(?:has\s+to|have\s+to|needs?\s+to|must)\s+(?:be|come\s+in|stay|come)\s+(?:under|below|within)\s+"
    r"(?P<en2>(?:" + _EN_COUNT + r")\s+(?:words|pages))\b|"
    r"\b(?:can't|cannot|can\s+not|must\s+not|mustn't)\s+(?:go\s+over|exceed|be\s+(?:more|longer)\s+than)\s+"
    r"(?P<en3>(?:" + _EN_COUNT + r")\s+(?:words|pages))\b|"
    r"(?:字数|篇幅)(?:上限|限制|要求)?(?:是|为|在|要|得|必须|不能超过|不超过|不得超过|控制在|卡在|限制在|最多){1,2}"
    r"(?P<zh>(?:" + _ZH_COUNT + r")(?:个)?字)|"
    r"(?:论文|文章|稿子|报告|作文|书稿|正文)[^，。！？,.!?]{0,6}?(?:不能超过|不超过|不得超过|控制在|限制在|最多|限)"
    r"(?P<zh2>(?:" + _ZH_COUNT + r")(?:个)?字)",
    _F,
)
# An event, then where it is held: "寿宴…定在老城区的聚丰园酒楼", "the reception is at the Grand Hotel"
_ZH_EVENT = (
    r"(?:寿宴|婚宴|婚礼|酒席|喜宴|年会|聚会|聚餐|同学会|生日宴|宴席|满月酒|谢师宴|升学宴|团建|发布会|订婚宴|宴会)"
)
_ZH_PLACE_KIND = r"(?:大酒店|酒店|大酒楼|酒楼|饭店|餐厅|饭庄|会所|宾馆|会馆|农家乐|礼堂|庄园)"
_VENUE = re.compile(
    _ZH_EVENT + r"[^。！？!?]{0,16}?(?:定在|订在|办在|放在|安排在|选在|摆在)(?:了)?(?:[\u4e00-\u9fff]{1,6}的)?"
    r"(?P<zh>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)" + _ZH_PLACE_KIND + r"|"
    r"\b(?:wedding|reception|party|banquet|gala|conference|ceremony|retreat|offsite|celebration|shower|reunion)\b"
    r"[^.!?]{0,30}?\b(?:is|will\s+be|is\s+going\s+to\s+be)\s+(?:held\s+)?at\s+(?:the\s+)?(?P<en>"
    r"(?:(?-i:[A-Z])[\w'&-]{1,20}\s){0,3}(?-i:Hotel|Inn|Hall|Restaurant|Club|Centre|Center|Gardens?|Manor|Barn|Lodge|"
    r"Pavilion|Ballroom|House|Church|Chapel|Winery|Vineyard|Estate|Museum|Room|Tavern|Brewery|Bistro|Grill|Resort|"
    r"Castle|Farm|Arms))\b",
    _F,
)


def _said(pattern: re.Pattern[str], text: str, predicate: Predicate, attribute: str) -> list[Slot]:
    """The first value `pattern` reads in `text`, as the slot of `attribute`: the named group that matched, lowered."""
    m = pattern.search(text)
    if m is None:
        return []
    group = next(g for g in pattern.groupindex if m.group(g))
    return [Slot(predicate, attribute, m.group(group).strip().lower(), True, m.start(group), m.end(group))]


def length_limit(text: str) -> list[Slot]:
    """The length `text` says the work must keep within ("the hard limit is 12,000 words"), if any."""
    return _said(_LENGTH, text, Predicate.LIMIT, "length_limit")


def venue(text: str) -> list[Slot]:
    """Where `text` says an event is held ("寿宴定在聚丰园酒楼" → "聚丰园"), if anywhere."""
    return _said(_VENUE, text, Predicate.VENUE, "venue")
