"""Pronoun coreference for the speaker's relations: "我有个女儿……她的生日是7月8号", "I have a daughter, Mia. Her
birthday is May 9th". A third-person pronoun opening a clause refers to the relation the speaker named last (in
the same turn or an earlier turn of the session); the clause is read again with the relation in its place.

Only relations the speaker owns are referents ("my daughter", "我家猫", "I have a son"), never someone else's
("my coworker's son", "同事的女儿"); a pronoun whose gender contradicts the relation ("his" after "my wife") is
left alone. Every pattern is a literal alternation matched in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from graphmem.extraction.rule import Lang

__all__ = [
    "Referent",
    "Resolved",
    "clause_object",
    "last_plural",
    "last_referent",
    "resolve",
    "resolve_object",
    "self_described",
    "without_apposition",
]

_F = re.IGNORECASE

# relation word -> gender ("f", "m", "n" for animals, "" when either)
_EN_RELATIONS: dict[str, str] = {
    "wife": "f", "husband": "m", "partner": "", "girlfriend": "f", "boyfriend": "m", "fiancee": "f", "fiance": "m",
    "daughter": "f", "son": "m", "stepdaughter": "f", "stepson": "m",
    "kid": "", "child": "", "baby": "", "mom": "f", "mum": "f", "mother": "f",
    "dad": "m", "father": "m", "brother": "m", "sister": "f", "grandma": "f", "grandpa": "m",
    "dog": "n", "cat": "n", "puppy": "n", "kitten": "n", "rabbit": "n", "bunny": "n", "hamster": "n",
    "parrot": "n", "turtle": "n", "tortoise": "n", "pet": "n", "horse": "n", "pony": "n", "lizard": "n",
    "gecko": "n", "snake": "n", "ferret": "n", "chinchilla": "n", "goat": "n", "donkey": "n", "axolotl": "n",
    "hermit crab": "n", "crab": "n", "tarantula": "n", "leopard gecko": "n", "crested gecko": "n",
    "hedgehog": "n", "guinea pig": "n", "mother-in-law": "f", "father-in-law": "m",
    "grandmother": "f", "grandfather": "m", "grandson": "m", "granddaughter": "f",
    "sister-in-law": "f", "brother-in-law": "m",
}  # fmt: skip
_ZH_RELATIONS: dict[str, str] = {
    "未婚妻": "f", "未婚夫": "m", "老婆": "f", "妻子": "f", "太太": "f", "老公": "m", "丈夫": "m",
    "爱人": "", "对象": "", "女朋友": "f",
    "男朋友": "m", "女友": "f", "男友": "m", "女儿": "f", "闺女": "f", "儿子": "m", "孩子": "", "宝宝": "",
    "妈妈": "f", "妈": "f", "爸爸": "m", "爸": "m", "哥哥": "m", "弟弟": "m", "姐姐": "f", "妹妹": "f",
    "奶奶": "f", "爷爷": "m", "外婆": "f", "外公": "m", "岳母": "f", "丈母娘": "f", "岳父": "m", "老丈人": "m",
    "婆婆": "f", "公公": "m",
    "狗": "n", "小狗": "n", "狗狗": "n", "猫": "n", "小猫": "n", "猫咪": "n", "兔子": "n", "仓鼠": "n",
    "垂耳兔": "n", "寄居蟹": "n", "芦丁鸡": "n", "小鸡": "n", "乌龟": "n", "巴西龟": "n", "鹦鹉": "n",
}  # fmt: skip


def _alternation(words: dict[str, str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# The speaker's own relation: "my (little) daughter", "our cat", "I have a son", "I've got two kids" (a plural
# is not a referent for "she"/"he"); a possessive after it ("my coworker's son") makes it someone else's.
_EN_REL = _alternation(_EN_RELATIONS)
_EN_OWNED = re.compile(
    r"(?<![\w'])(?:(?:my|our|i\s+have\s+(?:a|an|one)|i've\s+got\s+(?:a|an|one)|we\s+have\s+(?:a|an|one)|"
    r"(?:we|i)\s+(?:just\s+|finally\s+)?(?:got|adopted|brought\s+home|rescued)\s+(?:a|an))\s+"
    r"(?:(?:little|baby|eldest|oldest|youngest|younger|older|new|old)\s+)?(?P<rel>" + _EN_REL + r")|"
    r"(?<!'s\s)(?<!his\s)(?<!her\s)(?<!their\s)(?<!your\s)(?P<bare>mum|mom|dad))"
    r"(?![\w'])(?!'s\s(?:friend|boss|son|daughter))",
    _F,
)
# A kind of animal the speaker asks about ("is it normal for a goat to …", "the best litter for a ferret"): the
# speaker's own, as the question is about looking after it
_EN_ASKED_PET = re.compile(
    r"(?<![\w'])(?:for|with|does|do|can|should|would|when)\s+(?:a|an|my|our)\s+(?P<pet>"
    + _alternation({k: v for k, v in _EN_RELATIONS.items() if v == "n"})
    + r")(?![\w'])",
    _F,
)
_ZH_OWNED = re.compile(
    r"我(?:的|们家的?|家的?|有(?:个|一个|一只|只|条|一条)|们?给(?:家里的?)?)?(?:现在的|新的?)?"
    # "我家那只布偶猫": a demonstrative, a classifier and a breed of two or three characters before the kind
    r"(?:(?:那|这)?(?:只|条)[\u4e00-\u9fff]{0,3}?(?=猫|狗))?(?P<rel>" + _alternation(_ZH_RELATIONS) + r")"
)
# Someone else's: "同事的女儿", "朋友家的猫" — the owner is not the speaker.
_ZH_OTHER_OWNER = re.compile(r"(?:同事|朋友|邻居|老板|领导|同学|室友|舍友|闺蜜|亲戚)(?:的|家的?)?$")

# A pronoun opening a clause: the subject or possessor of what the clause says.
# (not "it"/"it's": "it's raining" is about no one)
_EN_PRONOUN = re.compile(r"(?:^|(?<=[,;:]))\s*(?P<p>she's|he's|she|he|her|his|its)(?![\w'])", _F)
_ZH_PRONOUN = re.compile(r"(?:^|(?<=[,，;；:：]))\s*(?P<p>她老人家|他老人家|她|他|它)(?P<de>的)?")
# A Chinese clause with no subject that names ("…改名了，现在叫汤圆") or dates a birthday ("…今年三岁了，生日是4月2号"):
# its subject is the referent. "我女儿叫朵朵，五月八号生日": the date, then 生日
_ZH_ZERO = re.compile(
    r"(?:^|(?<=[，,;；:：]))\s*(?:现在|已经|后来|又)?(?=(?:改名)?改?叫|生日(?:是|在)"
    r"|(?:农历|阴历)?(?:[0-9一二三四五六七八九十]{1,3}|[正冬腊])月(?:初)?[0-9一二三四五六七八九十]{1,3}[日号]?过?生日)"
)
_EN_PRONOUN_GENDER = {"she": "f", "she's": "f", "her": "f", "he": "m", "he's": "m", "his": "m", "its": "n"}
_ZH_PRONOUN_GENDER = {"她": "f", "他": "m", "它": "n", "她老人家": "f", "他老人家": "m"}


@dataclass(frozen=True)
class Referent:
    """A relation of the speaker's, as named: its language, its word ("daughter", "女儿") and gender."""

    lang: Lang
    word: str
    gender: str


@dataclass(frozen=True)
class Resolved:
    """A clause read with the referent in the pronoun's place: the new text, and what replaced what."""

    text: str
    replacement: str
    pronoun: str


def last_referent(text: str) -> Referent | None:
    """The relation the speaker names last in `text` ("my daughter", "我家兔子"), or None."""
    best: tuple[int, Referent] | None = None
    for m in _EN_OWNED.finditer(text):  # "Mum"/"Dad" alone are the speaker's
        word = (m.group("rel") or m.group("bare")).lower()
        best = (m.start(), Referent("en", word, _EN_RELATIONS[word]))
    for m in _EN_ASKED_PET.finditer(text):
        if best is None or m.start() > best[0]:
            word = m.group("pet").lower()
            best = (m.start(), Referent("en", word, _EN_RELATIONS[word]))
    for m in _ZH_OWNED.finditer(text):
        if _ZH_OTHER_OWNER.search(text[max(0, m.start() - 6) : m.start()]):
            continue
        if best is None or m.start() > best[0]:
            word = m.group("rel")
            best = (m.start(), Referent("zh", word, _ZH_RELATIONS[word]))
    return best[1] if best else None


def _agrees(pronoun_gender: str, referent: Referent) -> bool:
    if referent.gender == "n":  # an animal is "it", and the speaker's own pet "he" or "she"
        return True
    if pronoun_gender == "n":
        return False
    return not referent.gender or referent.gender == pronoun_gender


def resolve(text: str, lang: Lang, referent: Referent) -> Resolved | None:
    """`text` with the pronoun opening its first clause that opens with one replaced by the speaker's `referent`
    (in Chinese, also a naming clause with no subject: "现在叫汤圆"), or None when no clause opens with a pronoun
    that can be it (another gender; a relation named in the other language)."""
    if lang == "en" and referent.lang == "en":
        m = _EN_PRONOUN.search(text)
        if m is None:
            return None
        pronoun = m.group("p")
        low = pronoun.lower()
        if not _agrees(_EN_PRONOUN_GENDER[low], referent):
            return None
        owner = f"my {referent.word}"
        if low in ("she's", "he's", "it's"):
            replacement = f"{owner} is"
        elif low in ("her", "his", "its"):
            replacement = f"{owner}'s"
        else:
            replacement = owner
        return Resolved(text[: m.start("p")] + replacement + text[m.end("p") :], replacement, pronoun)
    if lang == "zh" and referent.lang == "zh":
        m = _ZH_PRONOUN.search(text)
        if m is None:
            zero = _ZH_ZERO.search(text)
            if zero is None:
                return None
            replacement = f"我{referent.word}"
            return Resolved(text[: zero.end()] + replacement + text[zero.end() :], replacement, "")
        pronoun = text[m.start("p") : m.end()]
        if not _agrees(_ZH_PRONOUN_GENDER[m.group("p")], referent):
            return None
        replacement = f"我{referent.word}" + (m.group("de") or "")
        resolved = text[: m.start("p")] + replacement + text[m.end() :]
        # "她叫糖糖，生日是六月十二号": a clause after it with no subject says more of the same
        at = m.start("p") + len(replacement)
        zero = _ZH_ZERO.search(resolved, at + 1) if at < len(resolved) else None
        if zero is not None and zero.start() > at:
            resolved = resolved[: zero.end()] + f"我{referent.word}" + resolved[zero.end() :]
        return Resolved(resolved, replacement, pronoun)
    return None


# "them" after a verb of liking or disliking ("I actually enjoy them now", "I really dislike them") is the last
# plural thing named before it in the turn ("olives finally grew on me", "leave the olives out").
_EN_STANCE_THEM = re.compile(
    r"\b(?:like|love|enjoy|adore|hate|dislike|detest|loathe|despise|stand|tolerate|into)\s+"
    r"(?P<p>them|it|the\s+stuff|that\s+stuff|those\s+things|these\s+things|those|these)(?![\w'])",
    _F,
)
_EN_PLURAL = re.compile(r"(?:^|(?<=[\s,;:(]))(?:(?:the|those|these|some|my|all)\s+)?(?P<w>[a-z]{3,20}s)(?![\w'])", _F)
_NOT_THINGS = frozenset(
    {
        *(w + "s" for w in _EN_RELATIONS), "kids", "children", "friends", "guys", "parents", "folks", "people",
        "colleagues", "coworkers", "thanks", "days", "weeks", "years", "months", "hours", "minutes", "times",
        "things", "ones", "yes", "this", "was", "has", "is", "does", "goes", "always", "sometimes", "less",
        "unless", "us", "plus", "its", "his", "hers", "ours", "yours", "theirs", "lots", "news", "ways",
        # things of the conversation: "thanks for the tips, I like them" is no taste
        "tips", "ideas", "suggestions", "answers", "replies", "options", "recommendations", "links", "examples",
        "details", "steps", "notes", "points", "questions", "changes", "edits", "results", "words", "jokes",
    }
)  # fmt: skip


_NAME_BEFORE = re.compile(
    r"(?<![\w'])(?!(?:The|Those|These|Some|All|Our|His|Her|Their|Your|And|But|Any|Two|Three)\s)(?-i:[A-Z])[a-z]{2,15}\s$"
)


def last_plural(text: str) -> str:
    """The last plural common noun in `text` ("leave the olives out" -> "olives"), or ""; words for people and
    times are never one."""
    found = ""
    for m in _EN_PLURAL.finditer(text):
        word = m.group("w")
        if word.lower() not in _NOT_THINGS and not word.lower().endswith(("ss", "us", "is", "ous")):
            # with the name before it ("a tray of Brussels sprouts" -> "Brussels sprouts")
            named = _NAME_BEFORE.search(text, max(0, m.start("w") - 17), m.start("w"))
            found = text[named.start() : m.end("w")] if named else word
    return found


# The word that ends a clause before a break: "I've come around on jazz, I actually enjoy it now" -> "jazz".
# Only a noun: after a preposition or determiner ("come around on jazz", "gave the olives a try") or as the
# sentence's topic ("Sushi, I love it"); "You're right, I love it" names nothing.
_CLAUSE_END_WORD = re.compile(
    r"(?:^|\s(?:on|about|to|with|for|of|the|my|those|these|a|an)\s)\s*(?:\d[\w-]{0,15}\s)?"
    # a discourse word may close the clause after it: "Skip the country music though, I can't stand it"
    r"(?!(?:the|an|my|those|these|some|your|our)\s)(?P<w>[a-z]{3,20}(?:[\s-][a-z]{3,20})?)"
    r"(?:\s(?:though|too|anyway|please|then))?\s*[,;.]",
    _F,
)
_NOT_OBJECTS = frozenset(
    {"now", "too", "again", "really", "lot", "much", "well", "though", "anyway", "yet", "before", "ago", "today",
     "here", "there", "that", "this", "them", "you", "her", "him", "honestly", "actually", "also",
     "then", "later", "ever", "years", "while", "long", "time", "all", "one", "else", "first", "finally", "okay"}
)  # fmt: skip


def clause_object(text: str) -> str:
    """The word ending the last clause of `text` that a break closes (what a following "it" names), or ""."""
    found = ""
    for m in _CLAUSE_END_WORD.finditer(text):
        found = m.group("w")
    low = found.lower()
    if low in _NOT_OBJECTS or low in _NOT_THINGS or low.endswith("ly"):
        return ""
    return found


def resolve_object(text: str, antecedent: str) -> Resolved | None:
    """`text` with "them" (or "it") after a verb of liking or disliking replaced by `antecedent`, or None."""
    m = _EN_STANCE_THEM.search(text)
    if m is None or not antecedent:
        return None
    return Resolved(text[: m.start("p")] + antecedent + text[m.end("p") :], antecedent, m.group("p"))


# A relation with its name in apposition before a possessive: "my son Leo's birthday", "我女儿朵朵的生日".
_EN_APPOSED = re.compile(
    r"(?<![\w'])(?P<own>my|our)\s+(?P<rel>" + _EN_REL + r")\s+(?-i:[A-Z])[a-z]{1,15}(?P<pos>'s)(?=\s)", _F
)
_ZH_APPOSED = re.compile(
    r"我(?P<rel>" + _alternation(_ZH_RELATIONS) + r")(?P<name>[\u4e00-\u9fff]{1,3}?)的(?=生日|名字)"
)


def without_apposition(text: str, lang: Lang) -> str | None:
    """`text` with a name said in apposition to a relation taken out of its possessive, so what the clause says of
    the relation reads as usual ("my son Leo's birthday is …" -> "my son's birthday is …", "我女儿朵朵的生日是…" ->
    "我女儿的生日是…，我女儿叫朵朵"); None when there is none."""
    if lang == "en":
        m = _EN_APPOSED.search(text)
        if m is None:
            return None
        return text[: m.start()] + f"{m.group('own')} {m.group('rel')}'s" + text[m.end() :]
    z = _ZH_APPOSED.search(text)
    if z is None:
        return None
    return f"{text[: z.start()]}我{z.group('rel')}的{text[z.end() :]}，我{z.group('rel')}叫{z.group('name')}"


# "我这种不爱吃海鲜的只能去吃面", "像我这样不吃肉的人": the speaker described as one of those who do something.
_ZH_SELF_KIND = re.compile(r"(?:像)?我这(?:种|样)的?(?:人)?(?P<vp>[^，,。；;！!？?的]{2,12})的")
# "住海边的人居然不爱吃海鲜，我就是": what people of a kind do, the speaker counting themself among them.
_ZH_ONE_OF_THEM = re.compile(
    r"的人(?:居然|竟然|其实|往往|一般|大多|都|也|反而){0,2}(?P<vp>[^，,。；;！!？?]{2,12})[，,]\s*我(?:就是|也是|也一样|就是这样)"
)


def self_described(text: str, lang: Lang) -> str | None:
    """What the speaker says of themself by the kind of person they are ("我这种不爱吃海鲜的…" -> "我不爱吃海鲜",
    "住海边的人居然不爱吃海鲜，我就是" -> "我不爱吃海鲜"), or None."""
    if lang != "zh":
        return None
    m = _ZH_SELF_KIND.search(text) or _ZH_ONE_OF_THEM.search(text)
    return "我" + m.group("vp") if m else None


# A name the speaker gave a relation earlier in the session ("她叫糖糖", "我闺女叫糖糖", "her name is Mia", "she's
# called Mia") stands for the relation when a later turn says something of it ("糖糖的生日", "Mia's birthday").
# (a naming said of the relation or a pronoun for it: not "今天叫外卖", "I called Mike")
_ZH_NAMED = re.compile(
    r"(?:[她他它]|名字|小名|"
    + _alternation(_ZH_RELATIONS)
    + r")(?:的名字)?叫(?P<n>[\u4e00-\u9fff]{2,3}?)(?=$|[，,。！!；;\s])"
)
_EN_NAMED = re.compile(
    r"\b(?:(?:her|his|its)\s+name(?:\s+is|'s)|(?:she's|he's|it's|she\s+is|he\s+is|it\s+is)\s+(?:called|named)|named)\s+"
    r"(?P<n>(?-i:[A-Z])[a-z]{1,15})\b",
    _F,
)


def by_relation(text: str, earlier: Sequence[str]) -> str:
    """`text` with "<name>的" / "<Name>'s" read as the relation the speaker named so in `earlier` (their turns of the
    session, oldest first): the relation is the last one named in or before the turn that gave the name."""
    referent: Referent | None = None
    names: dict[str, Referent] = {}
    for turn in earlier:
        referent = last_referent(turn) or referent
        if referent is None:
            continue
        for m in (_ZH_NAMED if referent.lang == "zh" else _EN_NAMED).finditer(turn):
            names[m.group("n")] = referent
    # (the name said again, as without_apposition keeps it: "…，我闺女叫糖糖")
    for name, who in names.items():
        if who.lang == "zh" and f"{name}的" in text:
            text = text.replace(f"{name}的", f"我{who.word}的") + f"。我{who.word}叫{name}"
        elif who.lang == "en" and f"{name}'s " in text:
            text = text.replace(f"{name}'s ", f"my {who.word}'s ") + f". My {who.word}'s name is {name}."
    return text
