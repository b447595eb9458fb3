"""Segmentation of a turn: sentence-like segments with their language, the request to remember that covers a
whole turn, corrections that open a segment, questions (dropped, or read as requests to the assistant), and the
statements a question makes before it asks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from graphmem.extraction.asides import breaks
from graphmem.extraction.corrections import CORRECTION, MID_CORRECTION
from graphmem.extraction.gazetteer import scan
from graphmem.extraction.guards import ASK_TO_REMEMBER, EXPLICIT, MARKER_ONLY, QUESTION, REQUEST, TURN_MARKER
from graphmem.extraction.rule import Lang, Segment, Span

__all__ = ["HAN", "LATIN_WORD", "presupposes", "said_before_asking", "segments"]

_F = re.IGNORECASE
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z]+")
# Segments end at CJK/Latin terminators and newlines; a "." or ";" only ends one before whitespace or the end
# ("3.5", "tl;dr" stay whole).
# ("St. Louis", "Dr. Patel": a short title or place word's "." ends nothing; "8 a.m. we meet": nor does a.m./p.m.'s
# before a word in lower case)
_SEGMENT = re.compile(
    r"[^。！？!?；\n…]+?(?:[。！？!?；\n…]+|(?<!\bSt)(?<!\bMt)(?<!\bFt)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\b[ap]\.m)[.;](?=\s|$)"
    r"|(?<=\b[ap]\.m)[.;](?=\s+[A-Z0-9]|$)|$)"
)
Tokenize = Callable[[str, Lang], list[Span]]


def segments(
    text: str,
    marked: list[bool],
    tokenize: Tokenize,
    statements_before_questions: bool = False,
    how_to_questions: bool = False,
) -> Iterator[Segment]:
    """The segments of `text`; appends to `marked` when one of them asks to remember (the whole turn). With
    `statements_before_questions`, a question's clauses before the one that asks are a segment too ("岚山的订单
    表在PostgreSQL里查得有点慢，索引该怎么加？" -> "岚山的订单表在PostgreSQL里查得有点慢"): what mentions read; with
    `how_to_questions` also a question how to do one's work in something (`works_in`)."""
    carry = False
    correcting = False
    # "My go-to airline is Delta, sorry, I meant United": a correction said mid-sentence starts a segment of
    # its own (the comma before it becomes a stop, so every offset holds)
    text = MID_CORRECTION.sub(". ", text)
    for m in _SEGMENT.finditer(text):
        raw = m.group(0)
        body = raw.rstrip("。！？!?；;\n….").rstrip()
        lead = len(body) - len(body.lstrip())
        body = body.strip()
        if not body:
            continue
        if MARKER_ONLY.match(body) or TURN_MARKER.search(body):
            marked.append(True)
        if MARKER_ONLY.match(body):
            carry = True
            continue
        fix = CORRECTION.match(body)
        if fix and fix.end() > 0:
            if fix.end() >= len(body.rstrip("。！!.")):
                correcting = True
                continue
            lead += fix.end()
            body = body[fix.end() :]
        han = len(HAN.findall(body))
        lang: Lang = "zh" if han and han >= len(LATIN_WORD.findall(body)) else "en"
        seg = Segment(m.start() + lead, body, lang, carry, tokenize)
        seg.correction = correcting or bool(fix and fix.end() > 0)
        seg.explicit = carry or seg.correction or bool(EXPLICIT["zh"].search(body) or EXPLICIT["en"].search(body))
        carry = correcting = False
        if raw.rstrip().endswith(("?", "？")):
            asked = ASK_TO_REMEMBER.match(body)
            if asked is not None and asked.end() < len(body):
                # "Can you remember that my son Leo's birthday is on the 3rd of February?": what to remember
                seg = Segment(seg.start + asked.end(), body[asked.end() :].rstrip("吗呢"), lang, True, tokenize)
                seg.correction = correcting
                yield seg
                continue
            if not REQUEST[lang].search(body):
                if statements_before_questions and (presupposes(body) or (how_to_questions and works_in(body))):
                    yield Segment(seg.start, body, lang, False, tokenize)
                    continue
                said = said_before_asking(body, lang) if statements_before_questions else ""
                if said:
                    yield Segment(seg.start, said, lang, False, tokenize)
                continue
            seg.request = True
        yield seg


# A clause that states something: a verb of being or keeping, or a first-person word ("Svelte stores are
# confusing me"; not "Between Postgres and MySQL").
_STATING = re.compile(r"\b(?:is|are|am|was|were|been|keeps?|i|me|my)\b|'(?:s|re|m)\b", _F)


def said_before_asking(body: str, lang: Lang) -> str:
    """The clauses of a question before the last one, when they state something (three words or more with a
    verb of being or a first-person word; eight Chinese characters or more), else ""."""
    starts, _ = breaks(body)
    if not starts:
        return ""
    said = body[: starts[-1]].rstrip()
    if lang == "zh":
        return said if len(HAN.findall(said)) >= 8 and not QUESTION["zh"].search(said) else ""
    if len(said.split()) < 3 or not _STATING.search(said) or QUESTION["en"].search(said):
        return ""
    return said


_WHY = re.compile(r"\b(?:why|how\s+come|could|might|is\s+it)\b", _F)
_TROUBLE = re.compile(
    r"\b(?:keeps?|won't|doesn't|can't|isn't|stopped|crash\w*|drops?|dropping|fails?|failing|broke|broken|freez\w*|"
    r"hangs?|stuck|stale|leak\w*|timing\s+out|times\s+out)\b",
    _F,
)


# A question how to do something in, with or on a thing: "how do I … in Laravel?", "what's the best way to … with
# Terraform?" (not "how do I get into …", "learn", "start with": what one has not taken up yet).
_HOW_TO_IN = re.compile(
    r"\b(?:how\s+(?:do|can|should|would)\s+i|what's\s+the\s+(?:best|cleanest|right|easiest|simplest|proper|idiomatic)"
    r"\s+way\s+to|where\s+(?:do|should)\s+i)\s+(?!(?:get\s+(?:into|started)|learn|start|begin|pick\s+up|try)\b)"
    r"[^?]{0,80}?\b(?:in|with|using|on)\s+(?-i:[A-Z])|"
    # "What's the best solder for stained glass? I've been doing copper foil work…": the gear for one's own craft
    r"\bwhat(?:'s|\s+is)\s+the\s+best\s+[a-z]{3,15}\s+(?:for|to\s+use\s+(?:for|on|with))\s+(?!(?:a|an|my|the)\s)[a-z]|"
    # "how do I sync the Core Data store across devices?": what the speaker works with, as the thing acted on
    r"\bhow\s+(?:do|can|should)\s+i\s+[a-z]{2,15}\s+(?:the|my|our)\s+(?-i:[A-Z])[\w.+#-]*\s+(?-i:[A-Z]?)[a-z]|"
    # "How do I call a Rust function from the front end?": a piece of code in the language one works in
    r"\bhow\s+(?:do|can|should)\s+i\s+[a-z]{2,15}\s+an?\s+(?-i:[A-Z])[\w.+#-]*\s+(?:function|class|method|module|crate|"
    r"package|library|struct|component|script|query|macro|trait|interface|endpoint|hook|type)s?\b|"
    # "MicroPython里咋写？", "在Django里怎么配": how to do it in a thing named in Latin letters
    # ("OpenCV里咋把它拉正？": how to get a thing done in it)
    r"(?<![A-Za-z0-9])[A-Za-z][\w.+#-]{1,20}(?:里面?|中|上)(?:该|应该|要)?(?:咋|怎么|怎样|如何)"
    r"(?:写|弄|实现|配置?|搞|做|处理|调|把)|"
    # "Nav2里该调哪几个参数？": what to set in it
    r"(?<![A-Za-z0-9])[A-Za-z][\w.+#-]{1,20}(?:里面?|中|上)(?:该|应该|要|得)(?:调|改|配|设|用|写|加)(?:哪|什么|啥)|"
    # "鸿蒙这边一般咋弄？": how it is done on a platform the speaker builds for
    r"(?:鸿蒙|安卓|iOS|小程序)(?:这边|那边|里面?|上)(?:一般|通常)?(?:该|应该|要)?(?:咋|怎么|怎样|如何)(?:写|弄|实现|配置?|搞|做|处理|调)",
    _F,
)


# "how do I … in …": where the name after it may be written in lower case
_HOW_IN_LOWER = re.compile(
    r"\bhow\s+(?:do|can|should|would)\s+i\s(?!(?:get\s+(?:into|started)|learn|start|begin|pick\s+up|try)\b)"
    r"[^?]{0,80}?\b(?:in|with|using)\s+",
    _F,
)


# "Word里咋让目录自动生成？", "在剪映里怎么加字幕": how to do something in a named thing, in Chinese
_ZH_HOW_IN = re.compile(
    r"(?:^|[，,。！!；;])\s?(?:我)?(?:在|用)?"
    r"(?P<t>[A-Za-z][\w.+#-]{1,20}(?: [A-Za-z][\w.+#-]{1,20})?|[\u4e00-\u9fff]{2,6}?)"
    r"(?:里面|里头|里|上)(?:咋|怎么|怎样|如何|能不能|可以|要怎么)"
)


def works_in(question: str) -> bool:
    """Whether a question asks how to do one's work in a named thing ("what's the cleanest way to version the API
    routes in Laravel?", "how do I batch-edit 200 photos in darktable?" with a tool the gazetteer knows, whatever
    its case; "Word里咋让目录自动生成？"): it names what the speaker works with, as a statement would."""
    if _HOW_TO_IN.search(question):
        return True
    for m in _HOW_IN_LOWER.finditer(question):
        named = scan(question[m.end() : m.end() + 40])
        if named and named[0].start == 0:
            return True
    for m in _ZH_HOW_IN.finditer(question):  # "Word里咋让目录自动生成？": a tool the gazetteer knows, whole
        named = scan(m.group("t"))
        if len(named) == 1 and (named[0].start, named[0].end) == (0, len(m.group("t"))):
            return True
    return False


# A request after what it is for: "For the reunion on July 18, can you draft a sign-up sheet?"
_FRONTED_REQUEST = re.compile(
    r"^\s*(?:for|about|regarding|since|because|as)\s[^,?]{3,80},\s?(?:can|could|would|will)\s+you\b", _F
)


def presupposes(question: str) -> bool:
    """Whether an English question asks after the cause of the speaker's own trouble ("Any idea why Bluetooth keeps
    dropping on Fedora after suspend?") or asks for something after saying what it is for ("For the reunion on July
    18, can you draft …?"): it takes what it names as given, as a statement would."""
    return bool(_WHY.search(question) and _TROUBLE.search(question)) or bool(_FRONTED_REQUEST.search(question))
