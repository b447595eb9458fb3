"""Attributes of the speaker's own profile said with their word of kind: the personality type ("我是INTJ", "I'm an
INFJ"), the star sign ("我是狮子座", "I'm a Virgo"), the clothing size ("我穿M码", "I wear a medium") and the field
of study ("我大学学的是会计", "I majored in finance"). One value per attribute, so "按阳历我是处女座" or "我穿L不穿M"
is a new version with the old one in its history.

Every pattern is a bounded alternation with fixed-width context; the work is linear in the text.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import Slot, stated_away
from graphmem.extraction.time_values import day_of_year, zh_day, zh_number

__all__ = ["anniversary", "profile", "profile_value"]

_F = re.IGNORECASE

_MBTI = re.compile(
    r"(?:我是|我属于|我测出来是|测出来是|其实是|i'm\s+an?|i\s+am\s+an?|my\s+(?:mbti|type)\s+is|mbti\s*(?:是|:)?)\s*"
    r"(?P<v>[ie][ns][tf][jp])(?:-[at])?(?![a-z])",
    _F,
)
_SIGNS = {
    "白羊": "aries", "金牛": "taurus", "双子": "gemini", "巨蟹": "cancer", "狮子": "leo", "处女": "virgo",
    "天秤": "libra", "天平": "libra", "天蝎": "scorpio", "射手": "sagittarius", "人马": "sagittarius",
    "摩羯": "capricorn", "水瓶": "aquarius", "双鱼": "pisces",
}  # fmt: skip
_EN_SIGNS = "aries|taurus|gemini|cancer|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces"
_SIGN = re.compile(
    r"(?:我是|我是个|我是一个|我其实是|其实是|我|按阳历我是|按农历我是)(?P<zh>" + "|".join(_SIGNS) + r")座"
    r"|(?:i'm\s+an?|i\s+am\s+an?|my\s+(?:star\s+|zodiac\s+)?sign\s+is|i'm\s+actually\s+an?)\s+(?P<en>"
    + _EN_SIGNS
    + r")\b",
    _F,
)
_SIZE_EN = {"xs": "XS", "s": "S", "small": "S", "m": "M", "medium": "M", "l": "L", "large": "L", "xl": "XL",
            "xxl": "XXL", "2xl": "XXL", "extra large": "XL"}  # fmt: skip
_SIZE = re.compile(
    r"穿(?:的是)?(?P<zh>XXXL|XXL|XL|XS|[SML]|2XL|3XL)(?:码|号)?(?![A-Za-z])"
    r"|(?:i\s+wear\s+(?:a\s+)?(?:size\s+)?|i'm\s+(?:a\s+)?size\s+|my\s+size\s+is\s+)"
    r"(?P<en>extra\s+large|xxl|2xl|xl|xs|small|medium|large|[sml])\b",
    _F,
)
_NOT_BEFORE = re.compile(r"(?:不|没|别|\bnot\s|n't\s)$", _F)
_CLOTHES = re.compile(
    r"衣|裤|羽绒服|卫衣|外套|衬衫|T恤|码|号|\b(?:shirt|jacket|hoodie|coat|pants|size|dress|tee)s?\b", _F
)
_MAJOR = re.compile(
    r"(?:大学|本科|研究生|硕士|博士)?(?:学的是|学的|读的是|念的是)(?:其实是)?(?P<zh>[\u4e00-\u9fff]{2,6}?)(?:专业)?(?=[，,。！!\s]|$|所以|不是)"
    r"|(?P<zh2>[\u4e00-\u9fff]{2,4})专业(?:出身|毕业)"
    r"|(?:i\s+majored\s+in|my\s+major\s+(?:is|was)|i\s+(?:studied|have\s+a\s+degree\s+in|got\s+my\s+degree\s+in))\s+"
    r"(?P<en>[a-z][a-z ]{2,30}?)(?=\s+(?:in|at|from|and|but|so)\b|[,.;!?]|$)",
    _F,
)
_NOT_MAJOR = frozenset({"东西", "时候", "很快", "挺好", "不错", "这个", "那个", "一点"})
# Learning at a college, said in the segment: what one "学的是" or "studied" is a field of study only then
_COLLEGE = re.compile(
    r"大学|本科|研究生|硕士|博士|专业|毕业|学位|\b(?:college|university|uni|degree|grad\s+school|major)\b", _F
)


# The Chinese zodiac animal of one's birth year
_ZODIAC = re.compile(r"(?:我|我是|得算|算|其实)属(?P<v>鼠|牛|虎|兔|龙|蛇|马|羊|猴|鸡|狗|猪)")
# Which hand the speaker writes with
_HANDED = re.compile(
    r"(?:我是|我)(?:个)?(?P<l>左撇子)|\b(?:i'm|i\s+am)\s+(?:a\s+)?(?:(?P<l2>left-?handed|lefty|a\s+lefty)|right-?handed)\b",
    _F,
)
# Short sight in degrees ("我近视六百度", "我其实是四百五十度" after a mention of 近视/度数/眼镜)
_MYOPIA = re.compile(r"(?:近视|我(?:其实|实际上)?是|度数是)(?P<v>[一二三四五六七八九两百零十]{2,6}度|\d{3,4}度)")
_EYES = re.compile(r"近视|度数|眼镜|验光|镜片|隐形")
# One's blood group: "我是B型血", "我的血型是O型", "血型：AB", "my blood type is O negative", "I'm type A+"
_BLOOD = re.compile(
    r"(?:我是|我的血型是|我血型是|血型是?[:：]?|我血型|我是个)\s?(?P<zh>AB|A|B|O)\s?型(?:血)?(?P<rh>[+-]|\s?rh阴性|\s?rh阳性)?"
    r"|\b(?:my\s+blood\s+(?:type|group)\s+is|i'm\s+(?:blood\s+)?type|i\s+am\s+(?:blood\s+)?type)\s+"
    r"(?P<en>AB|A|B|O)(?P<rh2>\s?(?:[+-]|positive|negative))?(?![A-Za-z])",
    _F,
)
_NOT_MINE = re.compile(r"是我(?:老婆|老公|妈|爸|女儿|儿子|孩子|媳妇|对象)的")


_BARE_BLOOD = re.compile(r"^(?P<v>AB|A|B|O)\s?型?(?:血)?$|^type\s+(?P<v2>AB|A|B|O)[+-]?$", _F)


# The speaker's age: "我今年35岁", "我三十二了" (not "我25岁那年"), "I'm 42 years old", "I'm 42." (two digits, nothing
# after: not "I'm 30 minutes away")
_AGE = re.compile(
    r"(?<![你他她它])我(?:今年|现在|已经|都)?(?:都)?(?P<zh>\d{2}|[二三四五六七八九]十[一二三四五六七八九]?|十[一二三四五六七八九])"
    r"(?:周?岁)(?:了)?(?![\u4e00-\u9fff]{0,2}(?:那年|那会|的时候|时|生日))|"
    r"\bi(?:'m|\s+am)\s+(?:now\s+|turning\s+)?(?P<en>\d{2})\s+(?:years?\s+old|y/?o)\b|"
    r"\bi(?:'m|\s+am)\s+(?P<en2>\d{2})(?=\s*(?:[.!;]|,\s|$))",
    _F,
)
# Whether the speaker is a night owl or an early bird: "I'm a night owl", "我是夜猫子", "我是早起党".
_NIGHT_OWL = frozenset({"night owl", "夜猫子", "熬夜党", "夜猫"})
_CHRONOTYPE = re.compile(
    r"(?:\bi'm\s+(?:a\s+|such\s+a\s+|more\s+of\s+a\s+|definitely\s+a\s+|totally\s+a\s+)|\bi\s+am\s+a\s+|我是(?:个|一个|典型的|资深)?)"
    r"(?P<v>night\s+owl|early\s+bird|morning\s+person|夜猫子|熬夜党|早起党|早鸟)",
    _F,
)
_SO_AFTER = re.compile(r"\bso\b|所以|因此", _F)
# How the speaker gets to work: "I take the bus to work", "I bike to work", "我每天坐地铁上班", "骑电动车通勤".
_COMMUTE_MODES = {
    "bus": "bus", "the bus": "bus", "train": "train", "the train": "train", "subway": "subway", "the subway": "subway",
    "metro": "subway", "the metro": "subway", "tube": "subway", "the tube": "subway", "bike": "bike", "cycle": "bike",
    "drive": "car", "walk": "walk", "ferry": "ferry", "the ferry": "ferry", "carpool": "carpool",
    "地铁": "subway", "公交": "bus", "公交车": "bus", "骑车": "bike", "自行车": "bike", "电动车": "e-bike",
    "电瓶车": "e-bike", "开车": "car", "走路": "walk", "步行": "walk", "打车": "taxi", "班车": "shuttle",
    "轻轨": "train", "高铁": "train", "火车": "train",
}  # fmt: skip
_COMMUTE = re.compile(
    r"\bi\s+(?:usually\s+|always\s+|normally\s+|just\s+)?(?:take\s+(?P<en>the\s+(?:bus|train|subway|metro|tube|ferry))"
    r"|(?P<en2>bike|cycle|drive|walk|carpool))\s+(?:to\s+)?(?:work|the\s+office)\b|"
    r"我(?:每天|平时|一般|天天|都)?(?:都)?(?:坐|搭|骑|乘)?(?P<zh>地铁|公交车|公交|自行车|电动车|电瓶车|轻轨|班车|开车|走路|步行|打车|骑车)"
    r"(?:去|来)?(?:上班|通勤|去公司)",
    _F,
)


# The speaker's wedding anniversary ("Our anniversary is June 21", "我们结婚纪念日是6月12号"): a day of the year.
_ANNIVERSARY = re.compile(
    r"\b(?:my|our)\s(?:wedding\s)?anniversary(?:\sis|'s|\sfalls)\s(?:on\s)?(?:actually\s)?"
    r"(?P<en>(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?\s\d{1,2}(?:st|nd|rd|th)?|"
    r"(?:the\s)?\d{1,2}(?:st|nd|rd|th)?\s(?:of\s)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6})|"
    r"(?:我们|我和[\u4e00-\u9fff]{1,3}|我跟[\u4e00-\u9fff]{1,3}|我俩)?的?(?:结婚)?纪念日(?:是|在)?"
    r"(?P<zh>(?:[0-9一二三四五六七八九十]{1,3})月[0-9一二三四五六七八九十]{1,3}[日号]?)",
    re.IGNORECASE,
)


def anniversary(text: str) -> list[Slot]:
    """The wedding anniversary the segment says is the speaker's ("our anniversary is June 21", "结婚纪念日是6月12号"),
    a day of the year as a birthday is kept."""
    m = _ANNIVERSARY.search(text)
    if m is None:
        return []
    group = "zh" if m.group("zh") else "en"
    said = re.sub(r"(?<=\d)(?:st|nd|rd|th)\b|\bthe\s|\bof\s", "", m.group(group).lower()) if group == "en" else ""
    value = zh_day(m.group("zh")) if group == "zh" else day_of_year(said) or said
    return [Slot(Predicate.BIRTHDAY, "anniversary", value, True, *m.span(group))]


def profile_value(attribute: str, said: str) -> str | None:
    """The value of a profile attribute a bare correction gives ("B型" for the blood type -> "type B"), or None."""
    if attribute == "blood_type" and (m := _BARE_BLOOD.match(said.strip())):
        return f"type {(m.group('v') or m.group('v2')).upper()}"
    return None


def profile(text: str) -> list[Slot]:
    """The personality type, star sign, clothing size and field of study the segment says are the speaker's (the
    first of each, not one set aside: "我是INFJ，不是INTJ")."""
    out: list[Slot] = []
    for m in _MBTI.finditer(text):
        if not stated_away(text, m.start("v"), m.end("v")):
            out.append(Slot(Predicate.LIKES, "personality_type", m.group("v").upper(), True, *m.span("v")))
            break
    for m in _SIGN.finditer(text):
        group = "zh" if m.group("zh") else "en"
        if stated_away(text, m.start(group), m.end(group)):
            continue
        value = _SIGNS[m.group("zh")] if group == "zh" else m.group("en").lower()
        out.append(Slot(Predicate.LIKES, "star_sign", value, True, *m.span(group)))
        break
    if _CLOTHES.search(text):
        for m in _SIZE.finditer(text):
            group = "zh" if m.group("zh") else "en"
            if _NOT_BEFORE.search(text, max(0, m.start() - 4), m.start()):
                continue  # "我穿L不穿M": the size not worn
            raw = m.group(group).lower()
            size = _SIZE_EN.get(" ".join(raw.split()), raw.upper())
            out.append(Slot(Predicate.LIKES, "clothing_size", f"size {size}", True, *m.span(group)))
            break
    animals = [m for m in _ZODIAC.finditer(text) if not stated_away(text, m.start(), m.end())]
    if animals:  # "我属蛇……哎不对，…按农历得算属龙": the last one said
        last = animals[-1]
        out.append(Slot(Predicate.LIKES, "chinese_zodiac", f"属{last.group('v')}", True, *last.span("v")))
    hand = _HANDED.search(text)
    if hand is not None and not stated_away(text, hand.start(), hand.end()):  # "另外我是左撇子", "I'm a lefty"
        left = bool(hand.group("l") or hand.group("l2"))
        value = "left-handed (左撇子)" if left else "right-handed"
        out.append(Slot(Predicate.LIKES, "handedness", value, True, hand.start(), hand.end()))
    for m in _MYOPIA.finditer(text):
        if stated_away(text, m.start("v"), m.end("v")) or _NOT_MINE.match(text, m.end()):
            continue  # "六百度是我老婆的": someone else's eyes
        if not m.group(0).startswith("近视") and not _EYES.search(text):
            continue  # "我是三十度的天气也不怕": no eyes spoken of
        out.append(Slot(Predicate.LIKES, "eyesight", f"近视{m.group('v')}", True, *m.span("v")))
        break
    bloods = [
        m
        for m in _BLOOD.finditer(text)
        if not stated_away(text, m.start(), m.end()) and not _NOT_MINE.match(text, m.end())
    ]
    if bloods:  # "A型……不对不对，A型是我老公的，我是B型": the last one said as the speaker's
        last = bloods[-1]
        kind = (last.group("zh") or last.group("en")).upper()
        rh = (last.group("rh") or last.group("rh2") or "").strip().lower()
        sign = "+" if rh in ("+", "positive", "rh阳性") else "-" if rh in ("-", "negative", "rh阴性") else ""
        out.append(
            Slot(
                Predicate.LIKES,
                "blood_type",
                f"type {kind}{sign}",
                True,
                last.start(),
                last.end(),
            )
        )
    for m in _MAJOR.finditer(text):
        group = next(g for g in ("zh", "zh2", "en") if m.group(g))
        value = m.group(group).strip().lower()
        if (
            group != "zh2"
            and not m.group(0).lower().startswith(("i majored", "my major"))
            and not _COLLEGE.search(text)
        ):
            continue  # "我最近学的是吉他", "I studied French last night": no field of study
        if value in _NOT_MAJOR or stated_away(text, m.start(group), m.end(group)):
            continue
        out.append(Slot(Predicate.LIKES, "field_of_study", value, True, *m.span(group)))
        break
    age = _AGE.search(text)
    if age is not None and not stated_away(text, age.start(), age.end()):  # "我今年35岁", "I'm 42 years old"
        group = next(g for g in ("zh", "en", "en2") if age.group(g))
        said = age.group(group)
        years = int(said) if said.isdigit() else zh_number(said)
        if years and 10 <= years <= 110:
            out.append(Slot(Predicate.LIKES, "age", f"{years} years old", True, *age.span(group)))
    rhythm = _CHRONOTYPE.search(text)
    # (not a reason given for a setting: "I'm a morning person, so put my meetings before lunch")
    serves = rhythm is not None and bool(_SO_AFTER.search(text, rhythm.end()))
    if rhythm is not None and not serves and not stated_away(text, rhythm.start(), rhythm.end()):
        word = rhythm.group("v").lower()
        value = "night owl" if word in _NIGHT_OWL else "early bird"
        out.append(Slot(Predicate.LIKES, "chronotype", value, True, *rhythm.span("v")))
    way = _COMMUTE.search(text)
    if way is not None and not stated_away(text, way.start(), way.end()):  # "I take the bus to work", "我坐地铁上班"
        mode = next(g for g in ("en", "en2", "zh") if way.group(g))
        word = " ".join(way.group(mode).lower().split())
        value = _COMMUTE_MODES.get(word, word)
        out.append(Slot(Predicate.LIKES, "commute", value, True, *way.span(mode)))
    return out
