"""Bare answers to the assistant's question: the question frames the answer as the speaker's own statement.

"你养的是什么品种？" / "金丝熊，叫布丁" reads as "我养的是金丝熊，叫布丁"; "Which editor do you use at work?" /
"Neovim." as "I use Neovim at work."; "Do you eat cilantro?" / "Nope." as "I don't eat cilantro."; "What's
your dog's name?" / "Biscuit" as "My dog's name is Biscuit.". Only the question's last sentence is read, only a
question put to the speaker ("you", "你"), and only an answer short enough to be an answer (a first clause of at
most five words or twelve characters) gives the thing asked for. Every pattern is linear: bounded classes, no
nested quantifiers.
"""

from __future__ import annotations

import re

from graphmem.extraction.relation_slots import PET_WORDS
from graphmem.extraction.segmentation import HAN
from graphmem.extraction.zh_pets import BREED_KINDS, PET_KINDS

__all__ = ["framed"]

_F = re.IGNORECASE
MAX_QUESTION_CHARS = 300
_LAST_QUESTION = re.compile(r"[^。！？!?.\n]{1,200}[？?]\s*$")
_CHUNK = re.compile(r"[^,，。.!！?？;；:：\n]{1,60}")
_EN_FILLER = re.compile(
    r"^(?:(?:um+|uh+|oh|well|hmm+|yeah|yep|yes|yup|sure|definitely|probably|mostly|usually|mainly|honestly|"
    r"it's|it\s+is|that'd\s+be|that\s+would\s+be|i'd\s+say|the|a|an)\b[\s,]*){0,3}",
    _F,
)
_ZH_FILLER = re.compile(
    r"^(?:嗯+|哦+|啊+|呃+|就是|就|是|应该是|一般是|主要是|平时是|基本是|我觉得是?|肯定是|当然是){0,3}"
)
_YES = {
    "en": re.compile(r"^\s*(?:yes|yeah|yep|yup|sure|of\s+course|definitely|absolutely|i\s+do|mhm)\b", _F),
    "zh": re.compile(r"^\s*(?:是的|是啊|对|嗯|当然|必须的?|喜欢|会|有|吃|喝|用)"),
}
_NO = {
    "en": re.compile(r"^\s*(?:no|nope|nah|not\s+really|never|i\s+don't|not\s+at\s+all)\b", _F),
    "zh": re.compile(r"^\s*(?:不|没|别|从不|一点也不)"),
}

# English questions put to the speaker. Each gives the statement's frame around the answer ("{a}").
_EN_WH: tuple[tuple[re.Pattern[str], str], ...] = (
    # "What's your dog's name?", "What's your favourite genre?"
    (re.compile(r"\bwhat(?:'s|\s+is)\s+your\s+(?P<n>[a-z][\w' -]{1,40}?)\s*\?", _F), "My {n} is {a}."),
    # "Which editor do you use at work?", "What kind of tea do you drink?"
    (
        re.compile(
            r"\b(?:what|which)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?(?P<n>[a-z][\w-]{1,20}(?:\s[a-z][\w-]{1,20})?)\s+"
            r"(?:do|would)\s+you\s+(?:usually\s+|normally\s+|mostly\s+)?(?P<v>use|have|prefer|like|want|eat|drink|play|"
            r"drive|own|speak|read|watch|listen\s+to|fly)\b(?P<rest>[^?]{0,40})\?",
            _F,
        ),
        "I {v} {a}{rest}.",
    ),
    (re.compile(r"\bwhere\s+do\s+you\s+(?:live|stay|call\s+home)\b", _F), "I live in {a}."),
    (re.compile(r"\bwhere\s+do\s+you\s+work\b", _F), "I work at {a}."),
    (re.compile(r"\bwhat\s+do\s+you\s+do\s+(?:for\s+(?:work|a\s+living))", _F), "I work as a {a}."),
    (re.compile(r"\bwhat\s+should\s+i\s+call\s+you\b", _F), "Call me {a}."),
)
# "Is this for your own horse?" / "Do you have a dog?" + "Yes, Clover, …": the name of the speaker's one.
_EN_HAVE = re.compile(
    r"(?:\bfor\s+your\s+(?:own\s+)?(?P<n>[a-z]{3,12})|\bdo\s+you\s+have\s+(?:(?:a|an)\s+(?P<m>[a-z]{3,12})|one|any)|"
    r"\bfor\s+one\s+(?:that\s+)?you\s+(?:have|own|keep))\s*\?",
    _F,
)
# What "one" stands for in "Do you have one?": a kind of pet the question or the speaker's turn before named.
_PET_KIND = re.compile(
    r"\b(?P<k>" + "|".join(re.escape(w) for w in sorted(PET_WORDS, key=len, reverse=True)) + r")s?\b", _F
)
# "What's her name, by the way?" / "Clementine. Nigerian Dwarf, …": the name of the pet the speaker asked about
_EN_PET_NAME_ASKED = re.compile(r"\bwhat(?:'s|\s+is)\s+(?:his|her|its|their)\s+name\b", _F)
_EN_NAME = re.compile(
    r"^(?:(?i:yes|yeah|yep|yup|oh|well|so|that's|it's)[,!.]?\s+)?(?P<name>[A-Z][a-z]{1,15})(?:[,.!;]|\s*$)"
)
_YES_NAMED = re.compile(r"^\s*(?i:yes|yeah|yep|yup)[,!.]?\s+(?P<name>[A-Z][a-z]{1,15})(?:[,.!;]|\s*$)")
# "Do you eat cilantro?" + yes/no: the question's own verb phrase, affirmed or denied.
_EN_YES_NO = re.compile(
    r"(?:^|[,;:]\s*)(?:and\s+|so\s+)?do\s+you\s+(?P<v>like|eat|drink|enjoy|play|use|have|mind|speak)\s+"
    r"(?P<o>[a-z][\w' -]{1,30}?)\s*\?",
    _F,
)
# "你养的是什么品种？", "你平时用啥记笔记？", "你在哪上班？": 你 … a question word … ？
_ZH_WH = re.compile(
    r"你(?P<pre>[^，,。？?！!你我]{0,12}?)(?P<wh>什么|啥|哪个|哪种|哪款|哪家|哪里|哪儿|哪)"
    r"(?P<post>[^，,。？?！!你我]{0,10}?)(?:呢|啊|呀|嘛)?(?:[，,][^，,。？?！!]{1,10})?\s*[？?]\s*$"
)
# "你养的这只叫什么？": the kind of pet the speaker asked about stands for "这只".
_ZH_PET_KIND = re.compile("|".join(PET_KINDS))
# A bare answer naming the kind of pet, then its name: "八哥，名叫来福", "巴马香猪，叫二师兄"
_ZH_KIND_NAMED = re.compile(
    r"(?:[\u4e00-\u9fff]{1,3}?)?(?P<k>"
    + "|".join(PET_KINDS)
    + r")[，,、\s]{1,2}(?:它)?(?:名叫|叫做|叫)(?P<n>[\u4e00-\u9fff]{1,4}?)"
    r"(?=$|[，,。！!\s])"
)
_ZH_ASKS_NAME = re.compile(r"叫什么|叫啥|什么名字|啥名字|名字是")
# "叫啥名？" / "叫大福，一只灰色的垂耳兔，一岁多": the name first, the kind said in the answer or asked about before
_ZH_NAME_FIRST = re.compile(r"(?:它|他|她)?(?:名叫|叫做|叫)(?P<n>[\u4e00-\u9fff]{1,4}?)(?=$|[，,。！!\s])")
# "你吃香菜吗？", "你喝咖啡不？"
_ZH_YES_NO = re.compile(r"你(?P<v>[^，,。？?！!你我吗]{1,12}?)(?:吗|不|没)\s*[？?]\s*$")
_ZH_NOUNS = re.compile(r"^(?:品种|种类|名字|牌子|型号|地方|城市|公司|软件|工具|东西|类型|颜色|款)")


def _first_chunk(answer: str, lang: str) -> str:
    """The answer's first clause without fillers ("Yeah, the aisle one" -> "aisle one"), "" when it is too long
    to be a bare answer."""
    m = _CHUNK.search(answer)
    if m is None:
        return ""
    chunk = m.group(0).strip()
    if lang == "zh":
        chunk = _ZH_FILLER.sub("", chunk)
        return chunk if 1 <= len(chunk) <= 12 else ""
    chunk = _EN_FILLER.sub("", chunk).strip()
    return chunk if chunk and len(chunk.split()) <= 5 else ""


def framed(question: str, answer: str, before: str = "") -> str:
    """The statement the speaker's `answer` makes in reply to the assistant's `question`, or "" when the question
    is none put to the speaker or the answer is more than a bare answer. `before`: the speaker's turn before the
    question (what "one" in "Do you have one?" may stand for)."""
    tail = _LAST_QUESTION.search(question[-MAX_QUESTION_CHARS:].rstrip())
    if tail is None or not answer.strip():
        return ""
    asked = tail.group(0).strip()
    around = question[-MAX_QUESTION_CHARS:] + " " + before[-MAX_QUESTION_CHARS:]
    return (_framed_zh if HAN.search(asked) else _framed_en)(asked, answer.strip(), around)


def _last_pet(around: str) -> str:
    """The last kind of pet named around the question ("is it normal for a goat to …" → "goat"), or ""."""
    kinds = [" ".join(m.group("k").lower().split()) for m in _PET_KIND.finditer(around)]
    return kinds[-1] if kinds else ""


def _framed_en(asked: str, answer: str, around: str = "") -> str:
    pet_name = _EN_NAME.match(answer) if _EN_PET_NAME_ASKED.search(asked) else None
    if pet_name is not None and (kind := _last_pet(around)):
        return f"I have a {kind}. My {kind}'s name is {pet_name.group('name')}."
    have, named = _EN_HAVE.search(asked), _YES_NAMED.match(answer)
    if have is not None and named is not None:
        kind = have.group("n") or have.group("m")
        if not kind:  # "Do you have one?": the last kind of pet named around the question
            kind = _last_pet(around)
        return f"I have a {kind}. My {kind}'s name is {named.group('name')}." if kind else ""
    yes_no = _EN_YES_NO.search(asked)
    if yes_no is not None:
        verb, obj = yes_no.group("v"), yes_no.group("o")
        if _NO["en"].match(answer):
            return f"I don't {verb} {obj}."
        if _YES["en"].match(answer):
            return f"I {verb} {obj}."
        return ""
    for pattern, frame in _EN_WH:
        m = pattern.search(asked)
        if m is None:
            continue
        value = _first_chunk(answer, "en")
        if not value or _NO["en"].match(value):
            return ""
        fields = {k: (v or "") for k, v in m.groupdict().items()}
        return frame.format(a=value, **fields)
    return ""


def _framed_zh(asked: str, answer: str, around: str = "") -> str:
    kind = _ZH_KIND_NAMED.match(answer) if _ZH_ASKS_NAME.search(asked) else None
    if kind is not None:  # "叫什么名字？" / "八哥，名叫来福，四岁多了": the speaker's pet of that kind, so named
        return f"我家养了{kind.group('k')}。我家{kind.group('k')}叫{kind.group('n')}{answer[kind.end() :]}"
    name_first = _ZH_NAME_FIRST.match(answer) if _ZH_ASKS_NAME.search(asked) else None
    if name_first is not None:
        end = name_first.end()
        own, asked_about = _ZH_PET_KIND.findall(answer[end : end + 40]), _ZH_PET_KIND.findall(around)
        k = own[0] if own else asked_about[-1] if asked_about else ""
        if k:
            k = BREED_KINDS.get(k, k)
            return f"我家养了{k}。我家{k}叫{name_first.group('n')}{answer[end:]}"
    wh = _ZH_WH.search(asked)
    if wh is not None:
        value = _first_chunk(answer, "zh")
        if not value or _NO["zh"].match(value):
            return ""
        pre, post = wh.group("pre"), wh.group("post")
        kinds = _ZH_PET_KIND.findall(around)
        if kinds and ("这只" in pre or "那只" in pre):  # "你养的这只叫什么" after "虎皮鹦鹉…": the parrot
            pre = pre.replace("这只", kinds[-1]).replace("那只", kinds[-1])
        if pre and answer.startswith(pre[-1]):  # "…叫什么？" / "叫团子": the verb said once
            answer = answer[1:]
            value = value[1:] if value.startswith(pre[-1]) else value
        if _ZH_NOUNS.match(post) or not post or post in value:  # "什么品种": the answer is the thing asked for
            return f"我{pre}{answer}"
        first = answer[: answer.find(value) + len(value)] if value in answer else value
        return f"我{pre}{value}{post}{answer[len(first) :]}"  # "你在哪上班？" / "腾讯" -> "我在腾讯上班"
    yes_no = _ZH_YES_NO.search(asked)
    if yes_no is not None:
        verb = yes_no.group("v")
        if _NO["zh"].match(answer):
            return f"我不{verb}"
        if _YES["zh"].match(answer):
            return f"我{verb}"
    return ""
