"""Summaries of evicted dialogue turns: the `Summariser` protocol and an offline extractive summariser (zh, en)
that keeps standing instructions, decisions, numbers and named entities, and lets small talk go.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from graphmem.extraction.lexicon import words
from graphmem.model import Turn
from graphmem.retrieval.lexical import load_jieba
from graphmem.tokens import count_tokens

__all__ = ["ExtractiveSummariser", "Summariser", "is_standing_instruction", "sentences", "summarise_turns"]

_F = re.IGNORECASE
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_SENTENCE = re.compile(r"[^。！？!?；;\n]+?(?:[。！？!?；;]+|\.(?=\s|$)|\n|$)")

# Markers of a standing instruction: it holds for the rest of the session (or longer), so it is pinned.
_STANDING = re.compile(
    r"全程|始终|一直(都)?(要|用|保持)|以后(都|请|要|别|不要)|之后(都|请|要|别|不要)|从(现在|今天|今以后|此)(起|开始)?|每次都|永远|"
    r"一律|务必|不要再|别再|记住|记得|"
    r"\balways\b|\bnever\b|\bfrom now on\b|\bgoing forward\b|\bfor the rest of\b|\bthroughout\b|\bevery time\b|"
    r"\bremember (to|that)\b|\bdon'?t ever\b|\bat all times\b",
    _F,
)
# Other instructions and constraints: imperatives that matter while the task lasts.
_DIRECTIVE = re.compile(
    r"^请|必须|不要|不能|不准|别|一定要|要求|限制|不超过|至少|最多|截止|之前(交|完成|提交)|"
    r"\bplease\b|\bmust\b|\bshould\b|\bdo not\b|\bdon'?t\b|\bmake sure\b|\bneeds? to\b|\bno more than\b|"
    r"\bat (least|most)\b|\bdeadline\b|\bby (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)\b",
    _F,
)
_DECISION = re.compile(
    r"决定|确定|敲定|定了|定为|就(用|按|选|这么|这样)|选(了|定|择)|采用|改(成|为|用)|同意|批准|确认|方案是|结论|最终|"
    r"完成了|搞定|已完成|\bdecid|\bagreed?\b|\blet'?s (go|use|do|pick|keep)\b|\bgo with\b|"
    r"\bwe('ll| will| are going to) (use|go|do|ship|keep)\b|\bsettled?\b|\bconfirm|\bchose|\bchosen\b|\bfinal\b|"
    r"\bapproved?\b|\bconclu|\bdone\b|\bfinished\b|\bshipped\b|\bdeployed\b",
    _F,
)
# Runs that can fail after scanning ahead (Chinese numerals without a unit, e-mail addresses and paths) start
# only where such a run starts: tried at every position inside a long run, each would rescan the rest (n²).
_ZH_NUMERAL = "零〇一二两三四五六七八九十百千万亿"
_NUMBER = re.compile(
    rf"\d+(?:[.,:：/-]\d+)*%?|(?<![{_ZH_NUMERAL}])[{_ZH_NUMERAL}]+(?:个|份|天|周|月|年|日|号|点|元|块|人|次|条|页|版|章|岁|"
    r"小时|分钟|万|亿|倍|成|名|家|项|步|轮)"
)
_EN_ENTITY = re.compile(
    r"(?<![\w@])(?:[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z]{2,}[0-9]*|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)(?![\w])"
    r"|https?://\S+|(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.]+|(?<![\w.-])(?:[\w.-]+/)+[\w.-]+|\b[a-z]+_[a-z0-9_]+\b"
)
_ZH_QUOTED = re.compile(r"《[^》]{1,30}》|「[^」]{1,30}」|“[^”]{1,30}”")


_EN_NOT_NAMES = words(
    "I I'm I'll I've I'd The A An This That These Those It We You He She They My Our Your Yes No Ok Okay Hi Hello "
    "Hey Thanks Thank Sure Great Well So And But Or If When What Why How Where Who Let Lets Please Also Then "
    "Just Maybe Sounds Nice Cool Good Oh Wow Haha Lol"
)
_ZH_NAME_FLAGS = frozenset({"nr", "nrfg", "nrt", "ns", "nt", "nz", "eng"})
# jieba tags many common words "nr" (明白, 高兴); a person's name is trusted only after a common surname.
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆"
    "汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧司上诸"
)
_SMALL_TALK = re.compile(
    r"^[\s\W]*(?:(?:ha)+h?|(?:he)+|lol|ok(?:ay)?|thanks?(?: you)?|thx|cool|nice|great|sure|yes|yeah|yep|no|hi|"
    r"hello|hey|bye|good (?:morning|night)|"
    r"哈+|嘿+|呵+|好的?|嗯+|谢谢|多谢|收到|没问题|好吧|早上好|晚安|你好|拜拜|再见)[\s\W]*$",
    _F,
)


class Summariser(Protocol):
    """Condenses turns that leave the dialogue into a text of at most `max_tokens` tokens (count_tokens).

    The extractive summariser is the offline default; an LLM summariser can be plugged in with the same shape.
    """

    async def summarise(self, turns: Sequence[Turn], max_tokens: int) -> str: ...


def sentences(text: str) -> list[str]:
    """The sentences of `text` (zh and en punctuation, line breaks), stripped, empty ones dropped."""
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def is_standing_instruction(sentence: str) -> bool:
    """True when the sentence states an instruction meant to hold from now on ("全程用中文回复", "always cc Bo")."""
    return bool(_STANDING.search(sentence)) and not sentence.rstrip().endswith(("?", "？"))


def _zh_names(sentence: str) -> list[str]:
    load_jieba()
    import jieba.posseg

    return [
        p.word
        for p in jieba.posseg.cut(sentence)
        if p.flag in _ZH_NAME_FLAGS and len(p.word.strip()) > 1 and (p.flag != "nr" or p.word[0] in _SURNAMES)
    ]


def _entities(sentence: str) -> list[str]:
    found = [m.group().strip() for m in _EN_ENTITY.finditer(sentence)]
    first_word = re.match(r"\s*([A-Za-z']+)", sentence)
    names = [
        e
        for e in found
        if e not in _EN_NOT_NAMES and not (first_word and e == first_word.group(1) and e.istitle() and " " not in e)
    ]
    if _HAN.search(sentence):
        names += [q.strip("《》「」“”") for q in _ZH_QUOTED.findall(sentence)]
        names += _zh_names(sentence)
    return list(dict.fromkeys(names))


@dataclass(frozen=True)
class _Scored:
    position: int
    role: str
    text: str
    score: float
    keys: tuple[str, ...]  # the entities and numbers it carries


def _score(position: int, role: str, text: str) -> _Scored:
    if _SMALL_TALK.match(text):
        return _Scored(position, role, text, 0.0, ())
    numbers = [m.group() for m in _NUMBER.finditer(text)]
    names = _entities(text)
    score = 0.0
    if role in ("user", "system") and is_standing_instruction(text):
        score += 10.0
    if _DIRECTIVE.search(text):
        score += 2.0
    if _DECISION.search(text):
        score += 3.0
    score += min(2, len(numbers)) * 1.0 + min(3, len(names)) * 1.0
    if score and role == "user":
        score += 0.5  # the user's own words win ties
    return _Scored(position, role, text, score, tuple(dict.fromkeys(numbers + names)))


def _line(role: str, text: str) -> str:
    return f"{role}: {text}" if role else text


def summarise_turns(turns: Sequence[Turn], max_tokens: int) -> str:
    """An extractive summary of `turns` within `max_tokens`: the highest-scoring sentences in their original
    order (standing instructions 10, decisions 3, directives 2, each number or name 1), each prefixed with its
    speaker, then the names and numbers of sentences that did not fit. Small talk scores 0 and is left out;
    "" when nothing in the turns is worth keeping."""
    scored: list[_Scored] = []
    for turn in turns:
        for sentence in sentences(turn.text):
            scored.append(_score(len(scored), turn.role, sentence))
    worth = [s for s in scored if s.score > 0]
    chosen: list[_Scored] = []
    used = 0
    for s in sorted(worth, key=lambda s: (-s.score, s.position)):
        cost = count_tokens(_line(s.role, s.text)) + 1
        if used + cost <= max_tokens:
            chosen.append(s)
            used += cost
    chosen.sort(key=lambda s: s.position)
    lines = [_line(s.role, s.text) for s in chosen]
    kept = "\n".join(lines)
    missing = [k for s in worth if s not in chosen for k in s.keys if k not in kept]
    if missing:
        extra = "also mentioned: "
        for key in dict.fromkeys(missing):
            candidate = f"{extra}{key}" if extra.endswith(": ") else f"{extra}, {key}"
            if used + count_tokens(candidate) + 1 > max_tokens:
                break
            extra = candidate
        if not extra.endswith(": "):
            lines.append(extra)
    return "\n".join(lines)


class ExtractiveSummariser:
    """The offline summariser: `summarise_turns` (jieba for Chinese names, regexes for the rest)."""

    async def summarise(self, turns: Sequence[Turn], max_tokens: int) -> str:
        # off the event loop: segmenting and scoring long turns is CPU work that would stall every other call
        return await asyncio.to_thread(summarise_turns, turns, max_tokens)
