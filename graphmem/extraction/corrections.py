"""Corrections: the markers that open one ("No, I meant …", "scratch that", "不对，我说错了，…"), said mid-sentence
or anywhere in a turn, the value named as the wrong one ("…, not Siemens"), a name given anew one letter off, and
the bare value a correction gives for the fact said just before it. Every pattern is a literal alternation or a
bounded repeat.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extraction.device_slots import owned_value
from graphmem.extraction.facts import CandidateFact, Predicate
from graphmem.extraction.lexicon import LANGS
from graphmem.extraction.profile_slots import profile_value
from graphmem.extraction.rule import Segment

__all__ = [
    "BARE_SKIP",
    "CORRECTION",
    "LAST_CHUNK",
    "MID_CORRECTION",
    "NOT_THAT",
    "RESPELLED",
    "TURN_CORRECTION",
    "corrected",
    "one_edit",
    "replaced",
]

_F = re.IGNORECASE
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# A correction opens its segment ("No, I meant …", "sorry, I meant …", "不对，我说错了，…"); the statement after
# the marker replaces what the speaker said before. A marker alone carries over to the next segment.
CORRECTION = re.compile(
    r"^\s*(?:(?:no|nope|sorry|oops|wait|actually|correction|my\s+bad|scratch\s+that)[,.!:;]?\s+){0,3}"
    r"(?:i\s+meant(?:\s+to\s+say)?|i\s+mean|i\s+misspoke|let\s+me\s+correct\s+(?:that|myself)|correction|"
    r"(?:i\s+)?(?:got\s+(?:that|it)\s+wrong|messed\s+(?:that|it)\s+up)(?:\s+earlier|\s+before)?|the\s+other\s+one|"
    r"scratch\s+that|strike\s+that|(?:i\s+need\s+to\s+|let\s+me\s+)?correct\s+something(?:\s+i\s+(?:told|said\s+to)\s+you)?)"
    r"(?:\s+that|\s+to\s+say)?[,.!:;]?\s*|"
    r"^\s*(?:no|nope|sorry|oops)[,.!]?\s+wait[,.!:;]?\s*(?:the\s+other\s+one[,.!:;]?\s*)?|"
    r"^\s*(?:[啊哦呃噢哎诶唉嗯][，,！!\s]?)?(?:(?:不对|不是|错了|抱歉|不好意思)[，,。！!\s]{0,2}){0,2}"
    r"(?:我?(?:刚才|刚刚)?(?:说错了|记错了|搞错了|说得不对|说反了|弄反了|搞反了)|"
    r"更正一下|更正|纠正一下|不对|(?:之前|刚才|上次)?(?:跟你)?说的(?:有误|不对))[，,。！!：:\s]{1,2}(?:应该是|其实是)?",
    _F,
)
MID_CORRECTION = re.compile(r",\s(?=(?:(?:sorry|no|oops|wait)[,.!]?\s+i\s+meant|scratch\s+that|strike\s+that)\b)", _F)
# A correction said anywhere in the turn ("I've been saying Accenture but I actually work at Capgemini", "哦不对，
# 打错了"): the turn's statements replace what the user said before, whatever was promoted.
TURN_CORRECTION = re.compile(
    r"\b(?:i\s+meant|i\s+misspoke|correction|typed\s+it\s+wrong|mix(?:ed)?\s+(?:them|it|those)\s+up|"
    r"(?:always\s+|keep\s+)?mix(?:ing)?\s+up\s+(?:those|the\s+two|them)|"
    r"i've\s+been\s+(?:saying|telling\s+you|calling\s+(?:it|him|her|them))|fix\s+that|correct\s+that|i\s+was\s+wrong|got\s+(?:it|that)\s+wrong|no\s+wait|"
    r"messed\s+(?:it|that)\s+up|scratch\s+that|strike\s+that|correct\s+something|"
    # "I told you the wrong date before", "I gave you the wrong address"
    r"(?:told|gave)\s+you\s+the\s+wrong|"
    r"the\s+other\s+one)\b|"
    r"说错了|记错了|记岔了|记混了|搞混了|搞错了|打错了|写错了|手滑|更正|纠正|不对不对|一直说错|有误|说反了|说岔了|说混了|"
    r"嘴瓢|说顺嘴|说顺了|(?:说|讲|告诉你|跟你说)的[\u4e00-\u9fff]{0,4}错了|跟你坦白|瞎叫|叫错了|(?:记|写|存)的改成",
    _F,
)
# The value a correction names as the wrong one ("it's Bosch, not Siemens", "是无锡，不是南京").
NOT_THAT = re.compile(r"\bnot\s(?P<en>[^,.;!?]{1,30})|不是(?P<zh>[^，,。；;！!？?：:]{1,12})", _F)
# The value given as the true one after the wrong one was named: "…my day off was Tuesday. It's actually Thursday",
# "…说的是南京，其实是无锡".
ACTUALLY = re.compile(
    r"\b(?:it's|it\s+is|it\s+was|that's|that\s+is)\s+actually\s+(?P<en>[^,.;!?]{1,30})|其实(?:我)?(?:[上练学做用吃养住玩]的)?是(?P<zh>[^，,。；;！!？?]{1,12})",
    _F,
)
# The last comma-separated piece before a "not Y" ("…, it's Bosch, " -> "it's Bosch").
LAST_CHUNK = re.compile(r"[^,，;；.。!！?？:：]{1,40}[,，]?\s*$")
# A name given anew in a correction: "是林玥，…", "it's spelled Maia", "the name is Hannah".
RESPELLED = re.compile(
    r"(?:^|[，,：:\s])是(?P<zh>[\u4e00-\u9fff]{2,4})(?=[，,。！!；;\s]|$)|"
    r"\b(?:spelled|spelt|it's|is)\s+(?P<en>(?-i:[A-Z])[a-z]{1,15})\b",
    _F,
)


def one_edit(a: str, b: str) -> bool:
    """Whether two names of two or more letters differ by exactly one letter changed, added or dropped."""
    if a == b or min(len(a), len(b)) < 2 or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    i = next((k for k in range(len(short)) if short[k] != long[k]), len(short))
    return short[i:] == long[i + 1 :]


_BARE_VALUE = re.compile(r"[^,，;；:：、()（）]{1,24}")
BARE_SKIP = re.compile(r"^(?:it's|it\s+is|it\s+was|is|was|是|应该是|其实是)\s*", _F)


def corrected(last: CandidateFact, seg: Segment) -> CandidateFact | None:
    """`last` with the bare value a correction segment gives ("amoxicillin", "是4月13号"), or None."""
    m = _BARE_VALUE.match(seg.text.strip())
    if m is None:
        return None
    value = BARE_SKIP.sub("", m.group(0).strip().rstrip("!.！。")).strip()
    if not value or len(value.split()) > 3 or value.casefold() == last.value.casefold():
        return None
    if value.isascii():
        value = value.lower()
    if last.predicate is Predicate.PREFERS_LANGUAGE or last.predicate is Predicate.SPEAKS:
        value = LANGS.get(value, "")
        if not value:
            return None
    value = profile_value(last.attribute, value) or value  # "…哎不对，B型": the blood type as it is kept
    fact = last.fact.replace(last.value, value) if last.value in last.fact else last.fact
    return replace(last, value=value, fact=fact, evidence=seg.text, correction=True)


_ARTICLE = re.compile(r"^(?:a|an|the)\s+", _F)
_AT_ALL = re.compile(r"\sat\sall$", _F)
# the turn asks the assistant to change what it keeps: "你那边也给我改成月季吧", "Can you fix that?"
_CHANGE_ASKED = re.compile(r"(?:给我|帮我|你那边)(?:也)?(?:给我)?改成|改过来|\b(?:fix|update|change)\s+that\b", _F)
# what the thing is said to be, last in the chunk before "不是": "他看了照片直乐，说这是月季"
_ZH_SAID_IS = re.compile(r"(?:说)?(?:这|它|那)(?:个)?(?:其实|明明)?(?:是|就是)(?P<v>[\u4e00-\u9fff]{2,6})$")
# what the thing is, said last in the chunk before the "not": "…and he said she's a crested gecko"
_SAID_IS = re.compile(
    r"\b(?:she's|he's|it's|they're|she\s+is|he\s+is|it\s+is)\s+(?:a|an)\s+(?P<v>[\w-]+(?:\s[\w-]+)?)$", _F
)
_CLEFT = re.compile(r"^(?P<v>[\w-]+(?:\s[\w-]+)?)\s+(?:i'm|i\s+am|i)\s", _F)


def _singular(word: str) -> str:
    """An English plural in its singular ("walnuts" -> "walnut", "peaches" -> "peach"); other words unchanged."""
    if not word.isascii() or not word.endswith("s") or word.endswith("ss"):
        return word
    return word[:-2] if word.endswith(("ches", "shes", "xes")) else word[:-1]


# The wrong value first, then the true one: "我其实不是对虾过敏，是对螃蟹过敏", "it's not Leeds but Sheffield".
NOT_BUT = re.compile(
    r"不是(?P<zx>[^，,。；;！!？?]{1,12})[，,]\s?(?:而)?是(?P<zy>[^，,。；;！!？?]{1,12})|"
    r"\bnot\s(?P<ex>[\w' -]{1,30}?),?\s(?:but|it's|it\sis|he's|he\sis|she's|she\sis)\s(?P<ey>[\w' -]{1,30})",
    _F,
)


def _contrasted(wrong: str, right: str) -> tuple[str, str]:
    """The two values a contrast sets against each other, without the words they share at either end ("对虾过敏" /
    "对螃蟹过敏" -> "虾" / "螃蟹")."""
    if wrong.isascii() or right.isascii():
        return wrong.strip(), right.strip()
    head = 0
    while head < min(len(wrong), len(right)) - 1 and wrong[head] == right[head]:
        head += 1
    tail = 0
    while tail < min(len(wrong), len(right)) - head - 1 and wrong[-1 - tail] == right[-1 - tail]:
        tail += 1
    return wrong[head : len(wrong) - tail], right[head : len(right) - tail]


def replaced(text: str, values: list[str]) -> list[str]:
    """For each known value, the value a correcting `text` puts in its place when it names it as the wrong
    one ("I got that wrong earlier, it's Bosch, not Siemens", "说错了，是无锡，不是南京"), else "". The
    replacement is the bare value said just before the "not": at most three words (eight characters in
    Chinese, without 我)."""
    out = [""] * len(values)
    wanted = [v.casefold() for v in values]
    for m in NOT_BUT.finditer(text):  # "不是对虾过敏，是对螃蟹过敏": a contrast naming a known value as the wrong one
        said_wrong, said_right = (m.group("zx") or m.group("ex")).strip(), (m.group("zy") or m.group("ey")).strip()
        wrong, right = _contrasted(said_wrong, said_right)
        if not right or len(right.split()) > 3 or (_HAN.search(right) and (len(right) > 8 or "我" in right)):
            continue
        if right.isascii():  # "it's not a maple at all, it's a sweetgum": the kinds without their articles
            wrong = _AT_ALL.sub("", _ARTICLE.sub("", wrong))
            right = _ARTICLE.sub("", right).strip()
        # "我开的不是雅阁，是轩逸": a thing one has by any of its names
        wrong_as, right_as = owned_value(wrong), owned_value(right)
        for i, known in enumerate(wanted):
            named_kind = wrong.isascii() and len(wrong) >= 4 and known.endswith(" " + wrong.casefold())
            if not out[i] and known and (wrong.casefold() == known or named_kind):  # "maple" for "silver maple"
                out[i] = right.lower() if right.isascii() else right
            elif not out[i] and known and wrong_as == known:
                out[i] = right_as or (right.lower() if right.isascii() else right)
            elif not out[i] and known and said_wrong.casefold() == known:  # "不是英短，是美短": words sharing a end
                out[i] = said_right.lower() if said_right.isascii() else said_right
    if not values or not (TURN_CORRECTION.search(text) or CORRECTION.match(text) or _CHANGE_ASKED.search(text)):
        return out
    for m in NOT_THAT.finditer(text):
        named = _ARTICLE.sub("", (m.group("en") or m.group("zh")).strip().rstrip("!.！。").casefold())
        before = LAST_CHUNK.search(text[: m.start()])
        if before is None:
            continue
        chunk = before.group(0).strip().rstrip(",，").strip()
        lead = CORRECTION.match(chunk)  # "sorry I meant Lisbon, not Porto"
        value = BARE_SKIP.sub("", chunk[lead.end() :] if lead else chunk).strip()
        cleft = _CLEFT.match(value)
        if cleft is not None:  # "it's pecans I'm allergic to, not walnuts": the value the cleft puts first
            value = cleft.group("v")
        said_is = _SAID_IS.search(value) or _ZH_SAID_IS.search(value)
        if said_is is not None:  # "he said she's a crested gecko, not a leopard gecko": what it is said to be
            value = said_is.group("v")
        if not value or len(value.split()) > 3 or value.casefold() == named:
            continue
        if _HAN.search(value) and (len(value) > 8 or "我" in value):  # a statement, not a bare value
            continue
        for i, known in enumerate(wanted):
            plural = named != known and _singular(named) == known  # "not walnuts" names "walnut"
            if not out[i] and known and (named == known or plural or named.startswith(known + " ")):
                value = _singular(value) if plural else value
                out[i] = value.lower() if value.isascii() else value
    folded = text.casefold()
    for m in ACTUALLY.finditer(text):  # "earlier I told you my day off was Tuesday. It's actually Thursday"
        value = BARE_SKIP.sub("", (m.group("en") or m.group("zh")).strip())
        if not value or len(value.split()) > 3:
            continue
        for i, known in enumerate(wanted):
            if not out[i] and known and known in folded[: m.start()] and value.casefold() != known:
                out[i] = value.lower() if value.isascii() else value
    for m in RESPELLED.finditer(text):  # "是林玥，不是喜悦的悦": a name spelled anew, one letter off
        value = (m.group("en") or m.group("zh")).strip()
        for i, known in enumerate(wanted):
            if not out[i] and one_edit(known, value.casefold()):
                out[i] = value.lower() if value.isascii() else value
    return out
