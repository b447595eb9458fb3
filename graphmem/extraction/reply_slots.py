"""Reply settings said as slots: the language the assistant should answer in (a language name with a cue of
replying) and how long and in what register it should answer (a word of the setting with a cue of replying).
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.lexicon import LANGS
from graphmem.extraction.rule import Lang
from graphmem.extraction.slot import LEFT_BEFORE, Slot, clause_bounds, negation_in

__all__ = ["WRITTEN_THING", "reply_language", "reply_settings"]

_F = re.IGNORECASE

# The language the assistant should answer in: a language name with a cue of replying.
_REPLY_CUE = {
    "en": re.compile(r"\b(?:reply|replies|answer|answers|respond|responses?|write\s+to\s+me|talk\s+to\s+me|in)\b", _F),
    "zh": re.compile(r"回复|回答|回我|答复|跟我说|和我说|对我说|用|讲"),
}
_SPEAKING = re.compile(r"\b(?:speak|speaks|learning|learn|native)\b|学|练|母语", _F)
_LANG_WORD = re.compile(
    r"\b(?:"
    + "|".join(k for k in LANGS if k.isascii())
    + r")\b|"
    + "|".join(sorted((k for k in LANGS if not k.isascii()), key=len, reverse=True)),
    _F,
)


# What documents or comments are written in is no language to reply in ("这个项目的文档都用英文写")
WRITTEN_THING = re.compile(r"文档|注释|说明书|\b(?:docs|documentation|readme|comments?|commit\s+messages?)\b", _F)


def reply_language(text: str, lang: Lang) -> list[Slot]:
    out: list[Slot] = []
    for m in _LANG_WORD.finditer(text):
        c_start, c_end = clause_bounds(text, m.start(), m.end())
        clause = text[c_start:c_end]
        if not _REPLY_CUE[lang].search(clause) or _SPEAKING.search(clause) or WRITTEN_THING.search(clause):
            continue  # (nor what documents or comments are written in: "这个项目的文档都用英文写")
        if LEFT_BEFORE.search(text[c_start : m.start()]):
            continue
        value = LANGS[m.group(0).lower() if m.group(0).isascii() else m.group(0)]
        polarity = not negation_in(text[c_start : m.start()])
        out.append(Slot(Predicate.PREFERS_LANGUAGE, "", value, polarity, m.start(), m.end()))
    return out


# How long and in what register the assistant should answer: a word of the setting with a cue of replying.
_REPLY_WORDS: dict[str, tuple[Predicate, str]] = {
    **dict.fromkeys(
        ("short", "shorter", "brief", "briefer", "concise", "terse", "tl;dr", "tldr", "succinct"),
        (Predicate.PREFERS_REPLY_STYLE, "short replies"),
    ),
    **dict.fromkeys(
        ("detailed", "thorough", "in-depth", "longer", "elaborate", "comprehensive", "in detail", "step by step",
         "long version"),
        (Predicate.PREFERS_REPLY_STYLE, "detailed replies"),
    ),
    **dict.fromkeys(("casual", "informal", "relaxed", "chill"), (Predicate.PREFERS_TONE, "casual")),
    **dict.fromkeys(("formal", "professional"), (Predicate.PREFERS_TONE, "formal")),
    **dict.fromkeys(
        ("简短", "简洁", "精简", "短一点", "短点", "简单点", "说重点", "长话短说"),
        (Predicate.PREFERS_REPLY_STYLE, "short replies"),
    ),
    **dict.fromkeys(("详细", "展开讲", "深入"), (Predicate.PREFERS_REPLY_STYLE, "detailed replies")),
    **dict.fromkeys(("随意", "轻松", "口语化", "随便点"), (Predicate.PREFERS_TONE, "casual")),
    **dict.fromkeys(("正式",), (Predicate.PREFERS_TONE, "formal")),
}  # fmt: skip
_REPLY_WORD = re.compile(
    r"(?<![A-Za-z])(?:"
    + "|".join(re.escape(w) for w in sorted(_REPLY_WORDS, key=len, reverse=True))
    + r")(?![A-Za-z])",
    _F,
)
_REPLY_SETTING_CUE = {
    "en": re.compile(
        r"\b(?:answers?|replies|reply|responses?|respond|explanations?|explain|style|tone|keep\s+it|with\s+me|essays?|"
        r"write|writing|talk|walk\s+me\s+through|version)\b",
        _F,
    ),
    "zh": re.compile(r"回答|回复|回我|答|说|讲|解释|版本|写|语气|口吻|聊"),
}
_MADE = re.compile(
    r"\b(?:they|it|that|which|this|those|these)\s+(?:just\s+|only\s+|always\s+)?makes?\s+(?:the\s+|your\s+|my\s+)?(?:answers?|replies|reply|responses?|it|them|things)\s+$",
    _F,
)
_DROPPED = re.compile(r"(?:\b(?:drop|stop|no\s+more|not|don't|dont|no|without)\b|别|不要|不用|不需要)[\s\w]{0,12}$", _F)


# A Chinese style word right before a preposition or a verb of changing state modifies that action
# ("正式从美团离职", "正式入职"), it is no setting of replies.
_ZH_ADVERB_USE = re.compile(r"(?:从|在|向|跟|和|把|被|入职|离职|加入|开始|上线|成为|宣布|生效|退休)")


# A style word after an article and before a thing to write is that thing's ("Can you write a short flyer?",
# "帮我写一封正式的邮件"): a one-off piece of writing, not how to reply ("a short answer" still is)
_ARTICLE_BEFORE = {
    "en": re.compile(r"\b(?:a|an|the|this|that|one|another)\s+(?:really\s+|very\s+|quick\s+|nice\s+)?$", _F),
    "zh": re.compile(r"(?:[一两几][个封篇段份条句张]|个|封|篇|段|份)$"),
}
_THING_AFTER = {
    "en": re.compile(
        r"\s{1,3}(?!(?:answers?|replies|reply|responses?|versions?|explanations?|tone|style|register|manner|way|voice|"
        r"format|summary\s+of\s+your|and|or|but|please)\b)"
        r"[a-z]{3,}",
        _F,
    ),
    "zh": re.compile(r"(?!的?(?:回答|回复|答复|解释|版本|一点|点|语气|口吻|风格|方式))的?[\u4e00-\u9fff]"),
}


def reply_settings(text: str, lang: Lang) -> list[Slot]:
    if not _REPLY_SETTING_CUE[lang].search(text):
        return []
    out: list[Slot] = []
    seen: set[Predicate] = set()
    for m in _REPLY_WORD.finditer(text):
        predicate, value = _REPLY_WORDS[m.group(0).lower()]
        if predicate in seen or _DROPPED.search(text[max(0, m.start() - 16) : m.start()]):
            continue
        if _MADE.search(text[max(0, m.start() - 40) : m.start()]):
            continue  # "they just make the answers longer": a complaint of what they do, not a setting
        if lang == "zh" and _ZH_ADVERB_USE.match(text, m.end()):
            continue  # "我上周正式从美团离职": an adverb of the clause's own action, not how to reply
        if _ARTICLE_BEFORE[lang].search(text, max(0, m.start() - 16), m.start()) and _THING_AFTER[lang].match(
            text, m.end()
        ):
            continue  # "Can you write a short flyer for the bake sale?": a piece of writing of its own
        seen.add(predicate)
        out.append(Slot(predicate, "", value, True, m.start(), m.end()))
    return out
