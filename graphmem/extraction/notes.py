"""Notes: what the speaker explicitly asks to be remembered ("remember that every timestamp is stored in UTC",
"视频会议我一般不开摄像头，记着啊") when no narrower reading of the turn states it.

A request to remember is the strongest signal a user gives, so it is never dropped silently: the words asked
for become a fact of their own (predicate ``note``, the value their words), kept with its evidence and
promoted at once. Only an imperative request counts ("remember that …", "please keep in mind …", "记住…",
"…，记一下"), never "I remember", "remember when …", "remember to …" (a task) or "你还记得吗"; what it asks
to keep must be a statement (no question, supposition, joke or quotation) of some length, about the speaker's
world rather than cheer for the listener. Where another reading already quotes the words asked for (a place, a
deadline), that reading is the fact and no note is made. A later update or correction of a note
(`note_updates`) gives it a new version under its key, so its history is kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from graphmem.extraction.corrections import TURN_CORRECTION
from graphmem.extraction.facts import CandidateFact, FactKind, Predicate
from graphmem.extraction.guards import HYPOTHETICAL, JOKE, OTHER_PERSON, QUESTION, QUOTED, REPORTED, ZH_FROM_NOW_ON
from graphmem.extraction.lexicon import ZH_STOP
from graphmem.extraction.rule import Lang
from graphmem.extraction.segmentation import HAN, LATIN_WORD

__all__ = ["MAX_NOTE_CHARS", "note_updates", "notes", "remembers_back", "standing_notes"]

_F = re.IGNORECASE
MAX_NOTE_CHARS = 280  # a note's value; a longer request keeps its first clauses
_MIN_WORDS = 3  # an English note says at least this much
_MIN_HAN = 4  # a Chinese note at least this many characters
_STANDING_CONFIDENCE = 0.8  # a note from a standing-request word: below one asked for with "remember"

# Sentences, as segmentation cuts them: a "." or ";" ends one only before whitespace or the end.
_SENTENCE = re.compile(
    r"[^。！？!?；\n]+?(?:[。！？!?；\n]+|(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bMrs)(?<!\bProf)[.;](?=\s|$)|$)"
)

# An imperative request opening a clause, what to keep after it: "Please remember that …", "for future
# reference, …", "can you keep in mind that …", "note: …". Not "remember to …" (a task), "remember when …".
_EN_LEAD = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|also|so|ok|okay|btw)\s+)(?:please\s+|pls\s+|plz\s+)?"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need)\s+you\s+to\s+)?"
    r"(?:remember|keep\s+in\s+mind|keep\s+(?:this\s+|that\s+|it\s+)?on\s+file|make\s+a\s+note(?:\s+of\s+(?:this|that))?|"
    r"take\s+note|note\s+(?:that|this|down)|(?:a\s+few\s+|few\s+|some\s+|two\s+|three\s+|a\s+couple\s+(?:of\s+)?)?things\s+"
    r"(?:for\s+you\s+)?to\s+(?:remember|keep\s+on\s+file|keep\s+in\s+mind|note)(?=\s*:)|"
    # "Three things worth remembering about me: …"
    r"(?:a\s+few\s+|few\s+|some\s+|two\s+|three\s+|four\s+|a\s+couple\s+(?:of\s+)?)?things\s+worth\s+"
    r"(?:remembering|knowing|keeping\s+on\s+file)(?:\s+about\s+(?:me|us))?(?=\s*:)|"
    r"note(?=\s*:)|don't\s+forget|do\s+not\s+forget|for\s+(?:future\s+)?reference|for\s+the\s+record|fyi\s+for\s+later|"
    r"(?:save|store|jot\s+down|write\s+down|note)(?=\s+(?:my|our)\s[^.;!?]{1,40}?(?:,\s*it's|,\s*it\s+is|:|\s+is\s)))"
    r"(?!\s+(?:to|when|how|what|if|whether|why|who|where)\b)"
    r"(?!\s+(?:the|those|that|this|our)\s+(?:good|old|days?|times?|nights?|trips?|summers?|moments?|weekends?|years?)\b)"
    r"(?:\s+(?:this|that|for\s+me|for\s+later|please)\b)?(?:\s+(?:this|that|for\s+me|for\s+later|please)\b)?"
    r"\s*[:,\-–—]?\s*",
    _F,
)
# The same request closing its sentence, what to keep before it: "…, remember that.", "… Keep that in mind!"
_EN_TAIL = re.compile(
    r"(?:^|(?<=[,;:\-–—])|(?<=\s)(?:please|pls|plz|just|so|and|also|ok|okay)(?=\s))\s*(?:please\s+|pls\s+)?"
    r"(?:(?:remember|note|save|store)\s+(?:that|this|it)|keep\s+(?:that|this|it)\s+in\s+mind|"
    r"don't\s+forget\s+(?:that|this|it)|remember|for\s+future\s+reference|for\s+the\s+record)"
    r"(?:\s+(?:for\s+me|for\s+later|please|ok|okay|thanks|thx))?[\s.!,]*$",
    _F,
)
# "记住：…", "帮我记一下，…", "你记着，…"; never after 我/没/不 ("我记住了", "记不住").
_ZH_LEAD = re.compile(
    r"(?:(?:^|[，,。；;：:\s])(?:请|麻烦)?(?:你|您)?|(?<=[\u4e00-\u9fff])(?<![让叫要跟和替帮求请])(?:你|您))(?:帮我|给我)?(?:把(?:它|他|她|这个|这些|这事|这条)?)?(?:记住|记一下|记下来|记下|记着|记好|记牢|备忘一下|存着|存好|存一下|"
    r"(?:(?<=帮我)|(?<=给我)|(?<=[你请]))记(?:个|几|两)(?:日子|件事|事|条|地址|电话|号码|名字|生日|车牌|航班号?))"
    r"(?:了|啊|哈|哦|吧|呀|点|这个|这点|一下)?[，,：:\s]*|"
    # "跟你交代几件事，往后省得我再说：…": things handed over to be kept, listed after the colon
    r"(?:跟|和|给)(?:你|您)交代(?:一下|几件事|两件事|三件事|件事)?[^：:。！？]{0,14}[：:]\s*"
)
# "…，记着啊", "…。记一下哈", "…，帮我记住"
_ZH_TAIL = re.compile(
    r"(?:(?:请|麻烦)?(?:你|帮我|给我)|请|麻烦|(?<![我没不他她都也就还]))(?:记住|记一下|记下来|记下|记着|记好|记牢|备忘一下)"
    r"(?:了|啊|哈|哦|吧|呀|喔|点|一下|这个|这点){0,3}[\s。！!~～]*$"
)
_CAN_YOU = re.compile(r"(?:can|could|would|will)\s+you\b", _F)
_TAIL_WINDOW = 80  # a closing request is looked for in the sentence's last characters only
# a correction said inside what is asked ("我穿42码的鞋……哦不对，是43"): the corrections' readings judge it
_CORRECTING = re.compile(TURN_CORRECTION.pattern + r"|不对|哦不|\bsorry\b|\bi\s+mean\b|\boops\b", _F)
# A note is about the speaker's own world or how to serve them ("I work seven to three…", "this project targets
# Python 3.10", "以后推荐吃的都挑低糖的"), not advice or cheer for the listener ("remember, you can do it",
# "记住，我永远支持你", "记住保持积极非常重要").
_OWN = {
    "en": re.compile(
        r"\b(?:i|i'm|i've|i'd|i'll|my|me|mine|we|we're|our|us|project|repo|"
        # a standing rule for the assistant's work: "for anything you book with people overseas: …"
        r"(?:anything|everything|whatever)\s+you\s+(?:book|schedule|send|write|draft|plan|set\s+up|make)|"
        # "any call you set up, RingCentral is the default"
        r"(?:any|every|each)\s+(?:[a-z-]{1,15}\s){1,2}you\s+(?:book|schedule|send|write|draft|plan|set\s+up|make))\b",
        _F,
    ),
    "zh": re.compile(r"我|咱|项目|仓库|以后|每次|一律"),
}
_TO_LISTENER = {
    "en": re.compile(
        r"\b(?:for\s+you|your|you're|you'll|you\s+(?:can|will|are|got|have|should|know|need|deserve|did))\b", _F
    ),
    "zh": re.compile(r"你(?![给帮替跟就发回写用按别得要们先记想])"),
}
# "…, please remember them: we support iOS 16 and up": what the request points at is no part of the note
_EN_CONTENT_LEAD = re.compile(
    r"^(?:(?:them|this|these|it|all\s+of\s+(?:it|this|that|them))\s*:|that\s+(?=(?:i|i'm|my|we|our)\b))\s*", _F
)
_ZH_PARTICLES = "啊哈哦吧呀喔了"
_SPOUSE_ZH = re.compile(r"我(?:的)?(?:媳妇|爱人|太太)")


# A slip repaired in the same breath as the request ("Please remember my kids' pediatrician is Dr. Alvarez. Wait, no,
# Romero.", "帮我记个日子，结婚纪念日是6月18号……哎不对，8月16号"): the repair and the words it replaces.
_SAME_BREATH = re.compile(
    r"(?:[.。…!！]+|[,，])\s?(?:(?:oh\s)?wait,?\sno,?|oops,?\sno,?|scratch\sthat,?|no,?\ssorry,?|no\swait,?|sorry,?\si\smeant|sorry,?\s(?:typo|my\sbad):?|typo:|"
    r"(?<=[.!…]\s)sorry,|"
    r"(?:等会儿|等等|等一下|稍等)?[，,]?(?:哎|哦)?不对[，,]?|"
    r"(?:等下|等会儿|等等|等一下|哎呀|哎)[，,]?[^，,。！!？?]{0,8}?(?:写反了|说反了|写错了|说错了|记错了|打错了|搞错了)[，,]?|"
    r"(?:hang|hold)\son,?\s(?:let\sme\s(?:check|see|look)\W{0,4}\s?)?no,?|actually,?\sno,?|no,?\s(?:hang|hold)\son,?|"
    r"不是不是[，,]?|啊不[，,]?)\s?(?:(?:应该)?是|it's\s|it\sis\s)?(?P<r>(?:(?:Mr|Ms|Mrs|Dr|Prof)\.\s)?(?:\d{1,6}\.\d{1,4}|[^,.，。！!?？…;；]){1,24})",
    _F,
)
_BY_WHAT_WAS_SAID = re.compile(
    r"(?:照|按)(?:这个|这|这些|这几条|这两条|上面的?)(?:来|办|弄|写)$|"
    # "往后给我出主意先想着这几条": by the things just listed
    r"(?:想着|记着|考虑|顾着|照顾到)(?:这几条|这几件事|这几点|这些|这两条|这三条|上面这些|上面几条)$"
)
_ZH_NUMERAL = "零一二三四五六七八九十百千两"
_REPAIR_WORD = re.compile(
    # a size of several dimensions ("20x25x1", a tyre's "225/65R17") or a Chinese measure ("二尺六") whole, before a
    # bare number
    r"\d{1,4}(?:[x×]\d{1,4}){1,3}|\d{2,4}/\d{2,3}(?:\s?[A-Z]{1,3}\s?\d{2})?|\d{1,3}[A-Z]{1,2}-?\d{1,3}|["
    + _ZH_NUMERAL
    + r"]{1,3}(?:尺|寸|码)["
    + _ZH_NUMERAL
    + r"]{0,2}|"
    r"\d{1,6}|(?<![A-Za-z])(?:[A-Z][a-z'-]{1,20}|[A-Z]{2,5})(?![A-Za-z])|["
    + _ZH_NUMERAL
    + r"]{1,3}(?=[班号楼层栋岁年级])"
)
_SHAPE_PART = re.compile(r"(?P<d>\d+)|(?P<z>[" + _ZH_NUMERAL + r"]+)|(?P<c>[A-Z][a-z'-]*)|(?P<s>\s+)|(?P<o>.)")


_NUMBER = re.compile(r"(?<![\d.])\d{1,9}(?:\.\d{1,4})?(?![\d.]\d)")


def _shape(value: str) -> re.Pattern[str]:
    """A pattern for words of the same shape as `value`: its numbers and capitalised names as classes, the rest as
    written ("8月16号" -> "\\d+月\\d+号", "Dr. Romero" -> "Dr\\.\\s+[A-Z][a-z'-]+", "六十八" -> a Chinese numeral)."""
    parts = []
    for m in _SHAPE_PART.finditer(value):
        if m.group("d"):
            parts.append(r"\d+")
        elif m.group("z"):
            parts.append("[" + _ZH_NUMERAL + "]+")
        elif m.group("c"):  # a name or an acronym, whole ("Newark" for "JFK")
            parts.append(r"(?<![A-Za-z])(?:[A-Z]{2,5}|[A-Z][a-z'-]*)(?![A-Za-z])")
        elif m.group("s"):
            parts.append(r"\s+")
        else:
            parts.append(re.escape(m.group("o")))
    return re.compile("".join(parts))


# A question (or a request) to remember something of the speaker's, answered by the speaker at once: "Can you remember
# my furnace filter size so I stop …? It's 20x25x1.", "Please remember my gate code. It's 4471."
_ASKED_THEN_SAID = re.compile(
    r"^\s*(?P<q>(?:(?:hey|so|and|also|oh)[,\s]+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+)?remember\s+"
    r"(?P<o>(?:my|our|the|what|which|how)\s[^?.!]{1,120}))[?.]\s{1,3}(?:it's|it\s+is|they're|they\s+are)\s+"
    r"(?P<v>[^.!?;]{1,40})[.!]?\s*$",
    _F,
)


def _repaired(text: str) -> str | None:
    """`text` up to a repair said in the same breath, with the repaired words in place of the last words of their
    shape before it; None without such a repair or when nothing before it has the repair's shape."""
    m = _SAME_BREATH.search(text)
    if m is None:
        return None
    fix = m.group("r").strip()
    before = text[: m.start()]
    # (a number repairs the last number, whole or decimal: "my shoe size is 9. Actually no, 9.5")
    shape = _NUMBER if _NUMBER.fullmatch(fix) else _shape(fix)
    matches = list(shape.finditer(before))
    last = matches[-1] if matches else None
    if last is None or last.group(0) == fix:
        # "…he's on the Hornets. Wait, no, that was last spring. This season he's on the Comets.", "…16号……哦不对，
        # 16号是我量的中指，…无名指是14号": the last number or name said after the repair that differs from the
        # last of its shape before it
        for found in reversed(list(_REPAIR_WORD.finditer(text, m.start("r"), m.start("r") + 160))):
            word = found.group(0)
            said = list(_shape(word).finditer(before))
            if said and said[-1].group(0) != word:
                return before[: said[-1].start()] + word + before[said[-1].end() :]
        return None
    return before[: last.start()] + fix + before[last.end() :]


def notes(text: str, stated: Sequence[CandidateFact]) -> list[CandidateFact]:
    """The notes `text` asks to be kept: the words of each sentence that asks (or of the sentence before a bare
    "Please remember that."), unless a fact in `stated` (what the other readings found) already quotes them. A
    slip repaired in the same breath is kept repaired, quoting the whole turn as its evidence."""
    fixed = _repaired(text[: MAX_NOTE_CHARS * 2])
    if fixed is not None:
        return [replace(n, evidence=text[: MAX_NOTE_CHARS * 2].strip()) for n in notes(fixed, stated)]
    asked_then_said = _ASKED_THEN_SAID.match(text[: MAX_NOTE_CHARS * 2])
    if asked_then_said is not None:  # "Can you remember my furnace filter size? It's 20x25x1.": one note
        joined = f"Note: {asked_then_said.group('o')}: {asked_then_said.group('v')}."
        return [replace(n, evidence=text[: MAX_NOTE_CHARS * 2].strip()) for n in notes(joined, stated)]
    if _CORRECTING.search(text):  # a turn that corrects itself is read by the corrections alone
        return []
    taken = [(at, at + len(f.evidence)) for f in stated if (at := text.find(f.evidence)) >= 0]
    out: list[CandidateFact] = []
    seen: set[str] = set()
    previous: tuple[int, int] | None = None
    earlier: tuple[int, int] | None = None  # the sentence before `previous`
    listing = False  # a request that lists several things ("两条铁律你记牢：…；…") goes on in the sentences after it
    for m in _SENTENCE.finditer(text):
        sentence = m.group(0).lstrip()
        at = m.end() - len(sentence)  # where the sentence starts in the text
        if not sentence.strip():
            continue
        lang: Lang = "zh" if len(HAN.findall(sentence)) >= len(LATIN_WORD.findall(sentence)) else "en"
        asked = _asked(sentence, lang)
        here = (at, m.end())
        if asked is None and listing and not QUESTION[lang].search(sentence):
            asked = (0, len(sentence.rstrip("。！？!?；;\n.… ")))
            listed = True
        else:
            listed = False
            lead_at = asked[1] if asked is not None and len(asked) == 4 else asked[0] if asked is not None else 0
            listing = asked is not None and len(asked) in (2, 4) and bool(_LISTING.search(text, at, at + lead_at))
        if asked is None:
            earlier, previous = previous, here
            continue
        span = (at + asked[0], at + asked[-1]) if asked != (0, 0) else previous
        if (
            asked == (0, 0)
            and span is not None
            and earlier is not None
            and (_PRONOUN_LED.match(text[span[0] : span[1]].lstrip()) or _fragment(text[earlier[0] : earlier[1]]))
        ):
            span = (earlier[0], span[1])  # "Humphrey. He's a Hermann's tortoise. Please remember him": who "he" is
        if (
            asked == (0, 0)
            and span is not None
            and any(b <= span[0] for _, b in taken)
            and (OTHER_PERSON[lang].search(text, *span) or _SPOUSE_ZH.search(text, *span))
        ):
            # "从今往后跟我说话都用塞尔维亚语。我媳妇是贝尔格莱德人，她爸妈…不会中文。这个你记着": what was read before
            # is what is kept; the sentence between tells of others, the reason for it
            continue
        if len(asked) == 3:  # the sentence before, with what it is for
            span = (previous[0], at + asked[2]) if previous is not None else None
        last, previous = previous, here
        earlier = last
        if span is None:
            continue
        said = text[span[0] : span[1]]
        said = said.strip(" \t\n,，;；:：")
        words = _stripped(said, lang)
        if any(a < span[1] and span[0] < b for a, b in taken):
            # other readings stated some of it. A request that lists several things ("A few things to keep on
            # file: …", "你记几件事：…") keeps its first-person clauses they did not read; any other is theirs.
            if not _LISTING.search(text, at, span[0]):
                continue
            words = _unread(words, [f.value for f in stated], lang)
            if not words:
                continue
            asked = (0, 1)  # the words are the note's own: no request parts to join
            listed = True  # and the speaker's, clause by clause
        if len(asked) == 3 and last is not None:
            words = _stripped(text[last[0] : last[1]], lang) + ", " + _stripped(sentence[asked[1] : asked[2]], lang)
        if len(asked) == 4:  # the request itself is no part of the note
            words = (
                _stripped(sentence[asked[0] : asked[1]], lang) + "，" + _stripped(sentence[asked[2] : asked[3]], lang)
            )
        # "…全按达梦来，这个记一下": a pointer closing the words points at them
        words = _TRAILING_POINTER.sub("", words) or words
        note = _note(words, lang, own=asked != (0, 0) and not listed)
        if (
            note is None
            and last is not None
            and len(asked) == 2
            and asked != (0, 0)
            and _substantial(words, lang)
            # "…环境全靠conda管。在蔷薇里…都按conda写，记住": what it says again, the sentence before has been read for
            and not any(f.value and f.value.casefold() in words.casefold() for f in stated)
        ):
            # "Travel time before each one, please remember." / "就给纯文字，记住啊": too bare to stand alone, the
            # request keeps the sentence before with it
            joined = _stripped(text[last[0] : last[1]], lang) + (", " if lang == "en" else "，") + words
            if note_of_both := _note(joined, lang):
                note, said = note_of_both, text[last[0] : span[1]].strip(" \t\n,，;；:：")
        if note is None or note.casefold() in seen:
            continue
        seen.add(note.casefold())
        out.append(_note_fact(note, said, lang, 0.9))
    # "这两条你记住，往后给我的代码都照这个来": by what the turn's other readings stated, nothing of its own
    return [n for n in out if not _BY_WHAT_WAS_SAID.search(n.value)]


def _asked(sentence: str, lang: Lang) -> tuple[int, ...] | None:
    """Where in `sentence` the words it asks to keep are: (start, end), or (start, end, start, end) around a
    request said between them; None when it asks nothing; (0, 0) for a bare request whose object is the
    sentence before ("Please remember that.", "记一下。")."""
    body = sentence.rstrip("。！？!?；;\n.… ")
    if sentence.rstrip().endswith(("?", "？")) and not _CAN_YOU.match(body.lstrip()):
        return None
    if lang == "en" and _BACK_NOUN.match(body):
        return (0, 0)  # "Please remember that date, I'm hopeless with birthdays": what the sentence before said
    if lang == "en" and (d := _DO_THAT.search(body)) is not None:
        # "Remember to do that for every meeting you schedule", with what "that" is after a comma or else the
        # sentence before
        return (d.end(), len(body)) if "," in body[d.end() :] else (-1, d.end(), len(body))
    lead, tail = (_EN_LEAD, _EN_TAIL) if lang == "en" else (_ZH_LEAD, _ZH_TAIL)
    t = tail.search(body, max(0, len(body) - _TAIL_WINDOW))
    if t is not None:
        before = _stripped(body[: t.start()], lang)
        return (0, t.start()) if before and not _POINTER.fullmatch(before) else (0, 0)
    m = lead.search(body)
    if m is None:
        return None
    before, after = _stripped(body[: m.start()], lang), _stripped(body[m.end() :], lang)
    if lang == "en" and not before and _BACK_THEN.search(m.group(0)):
        return (0, 0)  # "Remember that, I like a gap before the next one": the sentence before, then a reason
    if lang == "en" and not before and _POINTS_BACK.search(m.group(0)) and _PURPOSE.match(after):
        if ":" in after:  # "remember that for anything you book overseas: both time zones in the invite"
            return (m.end(), len(body))
        return (-1, m.end(), len(body))  # "Remember that for any invites you draft": the sentence before, for that
    if not before and _LATER_ASK.match(after):
        return (-1, m.end(), len(body))  # "你给我记着，以后我问鸭子的事说的都是它": the sentence before, for that
    if lang == "zh" and before and _POINTED.search(before):
        colon = max(body.find("：", m.end()), body.find(":", m.end()))
        if colon > 0:  # "这几条你帮我存着，往后用得上：我住临沂，…": what the pointer points at comes after the colon
            return (colon + 1, len(body))
        return (0, 0)  # "公司这个信息你记一下，以后写东西用得着": what the sentence before said
    if after:  # "他生日是腊月初八，你记住，每年…": what comes before the request is asked too
        return (0, m.start(), m.end(), len(body)) if before and lang == "zh" else (m.end(), len(body))
    return (0, 0) if not before else None


_BACK_NOUN = re.compile(
    r"(?:please\s+|pls\s+)?(?:(?:remember|note|keep|save)\s+(?:that|this|the)\s+(?:date|day|name|number|address|one|"
    r"place|time|details?|bit|part|info|information)|remember\s+(?:him|her|them)(?!\s+(?:up|going|coming|when|from|as)\b)|"
    r"keep\s+(?:him|her|them|it|this|that)\s+in\s+(?:your\s+)?(?:memory|mind))\b",
    _F,
)
# A standing request to repeat what the sentence before asked: "Remember to do that for every meeting you schedule"
_DO_THAT = re.compile(
    r"(?:^|[,;:]\s*|\b(?:good|great|ok|okay|perfect|and|so)[.!,]?\s+)(?:please\s+)?(?:remember|make\s+sure)\s+to\s+do\s+"
    r"(?:that|this|it|the\s+same)(?=\s+(?:for|with|in|on|every|each|whenever|always|from\s+now|going\s+forward)\b)",
    _F,
)
_POINTS_BACK = re.compile(r"\b(?:that|this|it)\s*$", _F)
# Words that only point at what was said ("这条你记住了", "all that, please remember"): the sentence before is asked
_POINTER = re.compile(
    r"(?:这条|这个|这点|这些|这事|这件事|这一条|这几条|这几点|上面的|以上|那个|那条)|(?:all\s+)?(?:that|this|these|those)",
    _F,
)
# A pointer closing what is asked ("…全按达梦来，这个", "…, all that"): the words before it are what it points at
_TRAILING_POINTER = re.compile(r"[，,]\s*(?:这个|这条|这些|这点|那个|all\s+that|that|this)$", _F)
# A Chinese request's object that only points back ("公司这个信息你记一下", "上面这些你记住")
_POINTED = re.compile(r"(?:这个|这条|这些|这点|这事|这件事|这几条|这几点|以上|上面)(?:信息|情况|事|点|条|个)?$")
# A request followed only by how it will be used: "你给我记着，以后我问鸭子的事说的都是它", "你记着它，往后我问…",
# "remember, next time I ask…"
_LATER_ASK = re.compile(
    r"(?:(?:它|他|她|这个|这)[，,]?)?(?:以后|往后|下次|回头|到时候)(?:要是)?我(?:再)?问|"
    r"(?:(?:it|him|her|that)[,\s]\s*)?(?:so\s+)?(?:next\s+time|whenever)\s+i\s+ask\b",
    _F,
)
# A sentence that names its subject by a pronoun only ("He's a Hermann's tortoise"): the one before says who
_PRONOUN_LED = re.compile(r"(?:he|she|it|they|he's|she's|it's|they're|his|her|its|their|他|她|它)\b", _F)
# A first-person clause, after a connective: what a request to remember asks besides what was read from it
_FIRST_PERSON = {
    "en": re.compile(r"(?:and\s+|also\s+|plus\s+|oh\s+and\s+)?(?:i|i'm|im|i've|i'd|my|we|we're|our)\b", _F),
    "zh": re.compile(r"(?:还有|另外|而且|并且|然后|以及)?我(?!们)"),
}
_CLAUSE_CUT = {"en": re.compile(r"[,;]\s*|(?<!\s)\s+and\s+(?=(?:i|i'm|my)\b)", _F), "zh": re.compile(r"[，,；;：:、]")}


# A request that lists what it asks to keep: "A few things to keep on file:", "你记几件事，回头用得着："
_LISTING = re.compile(
    r"\b(?:things|the\s+following|a\s+couple\s+of|several)\b|几件|两件|三件|几个事|几条|两条|三条|以下|下面几",
    _F,
)


def _fragment(sentence: str) -> bool:
    """Whether a sentence is a bare fragment ("Yes, Noodle.", "Humphrey."): a name or answer the next one goes on
    about (at most three English words, six Chinese characters)."""
    return len(LATIN_WORD.findall(sentence)) <= 3 and len(HAN.findall(sentence)) <= 6 and bool(sentence.strip())


def _substantial(words: str, lang: Lang) -> bool:
    """Whether `words` say enough to be a note's own part (three English words, four Chinese characters)."""
    if lang == "en":
        return len(LATIN_WORD.findall(words)) >= _MIN_WORDS
    return len(HAN.findall(words)) >= _MIN_HAN


def _unread(words: str, values: Sequence[str], lang: Lang) -> str:
    """The first-person clauses of `words` that name none of `values` (what other readings of the turn stated),
    joined: "I'm in Bozeman, I shoe horses for a living, …" with the job read -> "I'm in Bozeman"."""
    folded = [v.casefold() for v in values if v]
    marks = {w for v in folded for w in re.split(r"[\s-]+", v) if len(w) >= 4 and v.isascii()}
    kept = []
    speaker = False  # the clause before was the speaker's: a Chinese clause after it with no subject is too
    for clause in _CLAUSE_CUT[lang].split(words):
        low = clause.strip().casefold()
        own = bool(low) and (
            bool(_FIRST_PERSON[lang].match(low)) or (lang == "zh" and speaker and not _ANOTHER_ZH.search(low))
        )
        speaker = own
        if not own:
            continue
        if any(v in low for v in folded) or any(re.search(r"\b" + re.escape(w), low) for w in marks):
            continue
        kept.append(clause.strip())
    return (", " if lang == "en" else "，").join(kept)


# not the speaker's next statement: another person, a pointer back, or what follows from the clause before
# ("我吃不了阿司匹林，一吃就过敏，给我出主意的时候避开这个")
_ANOTHER_ZH = re.compile(r"[你您他她它这那]|咱们|我们|大家|别人|^\s*[一就也都所还给]")
_BACK_THEN = re.compile(r"\b(?:that|it)\s*,\s*$", _F)
_PURPOSE = re.compile(r"for\s", _F)


# How the speaker means to use what they ask to keep, closing it ("…，以后我问停哪了你就告诉我", "…, so next time I
# ask you can just tell me"): kept in the note, but its question words and its "you" are no reason to drop it.
_USE_LATER = re.compile(
    r"[，,]\s*(?:so\s+|and\s+)?(?:(?:以后|下次|回头|到时候)(?:要是)?我(?:再)?问|(?:next\s+time|whenever|when|if)\s+i\s+ask\b)[^。.!！]*$",
    _F,
)


def _stripped(said: str, lang: Lang) -> str:
    said = said.strip(" \t,，:：;；.。!！~～-–—")
    said = _EN_CONTENT_LEAD.sub("", said) if lang == "en" else said.strip(_ZH_PARTICLES + "，,")
    return said.strip()


_ANSWERED = re.compile(r"[：:]\s{0,3}[^\s？?]")


def _note(said: str, lang: Lang, own: bool = True) -> str | None:
    """The note's words, cut to MAX_NOTE_CHARS at a word or clause; None when they are too short or not a plain
    first-hand statement (a question, supposition, joke, quotation, report or correction). With `own`, they must
    be of the speaker's world (a bare "Please remember that." points at the sentence before, whatever it names)."""
    content = _USE_LATER.sub("", said)
    if not said or QUOTED.search(said) or JOKE[lang].search(said) or REPORTED[lang].search(content):
        return None
    asks = QUESTION[lang].search(content)
    if asks is not None and _ANSWERED.search(content, asks.end()):
        asks = None  # "我这车加啥油…：95号", "what oil my car takes: 0W-20": the question is answered after it
    if asks is not None or HYPOTHETICAL[lang].search(content) or _CORRECTING.search(said):
        return None
    if (own and not _OWN[lang].search(said)) or _TO_LISTENER[lang].search(content):
        return None
    if len(said) > MAX_NOTE_CHARS:
        said = said[:MAX_NOTE_CHARS].rsplit(" " if lang == "en" else "，", 1)[0]
    if lang == "en" and len(LATIN_WORD.findall(said)) < _MIN_WORDS:
        return None
    if lang == "zh" and len(HAN.findall(said)) < _MIN_HAN:
        return None
    return said


# An update of what was said before: "We're switching the one-on-ones to every week. Can you update that?",
# "公司取消大小周了，以后都是正常双休，你更新一下", "Correction: our anniversary is October 15, not the 5th."
_UPDATE = re.compile(
    r"\b(?:please\s+update|update\s+(?:that|this|it|my\s+\w+|the\s+note)|quick\s+update|correction|fix\s+that)\b|"
    r"更新一下|更新下|帮我更新|帮我改一下|改一下|改过来|更正一下|纠正一下",
    _F,
)
# The request to update itself, said as a sentence or after the words: no part of the new note.
_UPDATE_ONLY = re.compile(
    r"^(?:ok(?:ay)?,?\s+|so\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:update|fix)\s+(?:that|this|it|the\s+note)"
    r"(?:\s+(?:please|for\s+me|too|as\s+well))?$|^(?:你|请|麻烦)?(?:帮我)?(?:更新一下|更新下|改一下|更正一下)(?:吧|哈|啊)?$",
    _F,
)
_UPDATE_TAIL = re.compile(
    r"(?<![^\s,，])(?:(?:can|could)\s+you\s+|please\s+)?(?:update|fix)\s+(?:that|this|it)(?:\s+please)?$|"
    r"[,，]?(?:你|请|麻烦)?(?:帮我)?(?:更新一下|更新下|改一下)(?:吧|哈|啊)?$",
    _F,
)
_UPDATE_LEAD = re.compile(r"^(?:quick\s+update|update|correction)\s*[:,\-–—]\s*", _F)
_EN_TOKEN = re.compile(r"[a-z][a-z0-9'-]{2,}|\d+(?:\.\d+)?", _F)
_EN_FUNCTION = frozenset(
    {"the", "and", "for", "with", "that", "this", "from", "now", "our", "are", "was", "we're", "i'm", "have", "has",
     "not", "every", "just", "all", "any", "you", "your", "please", "update", "remember", "they", "them", "its", "it's",
     "been", "will", "can", "then", "than", "also", "into", "onto", "about", "some", "one", "ones"}
)  # fmt: skip


def note_updates(text: str, notes: Sequence[str]) -> list[str]:
    """For each of the speaker's notes (their words as kept), the words that replace it when `text` updates or
    corrects it ("Can you update that?", "更新一下", "Correction: …"), else "". The caller asks only for a turn in
    which no other reading stated anything; only the note that shares the most words with the new ones (at least
    one word of substance: "one-on-ones", "大小周", "project") is updated, in place, its history kept."""
    if not notes or not _UPDATE.search(text):
        return [""] * len(notes)
    words = ""
    for m in _SENTENCE.finditer(text):
        sentence = m.group(0).strip().rstrip("。！？!?；;\n.… ")
        lang: Lang = "zh" if len(HAN.findall(sentence)) >= len(LATIN_WORD.findall(sentence)) else "en"
        if not sentence or _UPDATE_ONLY.match(sentence):
            continue
        sentence = _UPDATE_LEAD.sub("", sentence)
        sentence = (
            sentence[: t.start()]
            if (t := _UPDATE_TAIL.search(sentence, max(0, len(sentence) - _TAIL_WINDOW)))
            else sentence
        )
        said = _stripped(sentence, lang)
        if _plain(said, lang):
            words = said[:MAX_NOTE_CHARS]
            break
    if not words:
        return [""] * len(notes)
    new = _content_words(words)
    overlaps = [len(new & _content_words(n)) for n in notes]
    best = max(overlaps)
    if best == 0:
        return [""] * len(notes)
    chosen = overlaps.index(best)
    value = words.casefold() if words.isascii() else words
    return [value if i == chosen and value != notes[i] else "" for i in range(len(notes))]


def _plain(said: str, lang: Lang) -> bool:
    """Whether `said` is a plain statement of some length: no question, supposition or quotation."""
    if not said or QUESTION[lang].search(said) or HYPOTHETICAL[lang].search(said) or QUOTED.search(said):
        return False
    if lang == "en":
        return len(LATIN_WORD.findall(said)) >= _MIN_WORDS
    return len(HAN.findall(said)) >= _MIN_HAN


def _content_words(text: str) -> set[str]:
    """The words of substance of a note: Latin words of three letters or more and numbers, Chinese words of two
    characters or more (jieba), without function words."""
    import jieba

    out = {w.casefold() for w in _EN_TOKEN.findall(text) if w.casefold() not in _EN_FUNCTION}
    for run in HAN_RUN.findall(text):
        out.update(w for w in jieba.lcut(run) if len(w) >= 2 and w not in ZH_STOP and w not in _ZH_FUNCTION)
    return out


HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")
_ZH_FUNCTION = frozenset(
    {"我们", "以后", "现在", "一下", "都是", "可以", "就是", "还是", "正常", "一个", "因为", "所以"}
)


# A request to remember someone or some animal by a personal pronoun ("Please remember her", "keep him in your
# memory", "你把它记下", "这小家伙你记住"): what it asks to keep is who the speaker introduced earlier in the session.
_REMEMBER_THEM = re.compile(
    r"\b(?:remember|keep\s+track\s+of|make\s+a\s+note\s+of|note\s+down|save)\s+(?:him|her|them)\b|"
    r"\bkeep\s+(?:him|her|them)\s+in\s+(?:your\s+)?(?:memory|mind)\b|"
    r"(?:把|将)?(?:它|他|她|这小家伙|小家伙|这家伙|这孩子|这只)(?:给我)?(?:你)?(?:帮我)?(?:也)?(?:记下|记住|记着|记一下|记上|存着|存一下)|"
    r"(?:记下|记住|记着)(?:它|他|她|这小家伙)",
    _F,
)


# A request to remember someone or some animal by the name given earlier ("Please remember Sheldon, he's my
# daughter's pride and joy", "把大福记上"): the name, kept with what the session said of the one it names.
_REMEMBER_NAMED = re.compile(
    r"\b(?:remember|keep\s+track\s+of|make\s+a\s+note\s+of|save)\s+(?P<en>(?-i:[A-Z])[a-z]{1,20})\b(?!\s+(?-i:[A-Z]))|"
    r"\bkeep\s+(?P<en2>(?-i:[A-Z])[a-z]{1,20})\s+in\s+(?:your\s+)?(?:memory|mind)\b|"
    r"(?:把|将)(?P<zh>[\u4e00-\u9fff]{2,3}?)(?:给我)?(?:你)?(?:帮我)?(?:也)?(?:记下|记住|记着|记一下|记上)",
    _F,
)


def remembered_names(text: str) -> set[str]:
    """The names a request to remember points at by name (`_REMEMBER_NAMED`), casefolded, outside a question."""
    head = text[:MAX_NOTE_CHARS]
    out = set()
    for m in _REMEMBER_NAMED.finditer(head):
        if head[m.end() : m.end() + 1] not in ("?", "？"):
            out.add((m.group("en") or m.group("en2") or m.group("zh")).casefold())
    return out


def remembers_back(text: str) -> bool:
    """Whether `text` asks to remember someone or some animal by a pronoun (`_REMEMBER_THEM`), outside a
    question: the speaker's relation or pet named earlier in the session is what is to be kept."""
    head = text[:MAX_NOTE_CHARS]
    m = _REMEMBER_THEM.search(head)
    return m is not None and head[m.end() : m.end() + 1] not in ("?", "？")


# Words that say how things stand from now on (a subset of `guards.EXPLICIT`: no "remember", which `notes` reads)
_STANDING = {
    "en": re.compile(
        r"\b(?:from\s+now\s+on|going\s+forward|moving\s+forward|henceforth|from\s+here\s+on|in\s+(?:the\s+)?future)\b|"
        r"(?:^|[,;:]\s*|please\s+)(?:always|never)\b",
        _F,
    ),
    "zh": re.compile(ZH_FROM_NOW_ON + r"|从现在起|从现在开始|从今以后|从今天起|从今天开始|今后|往后|一律|每次都"),
}

_POINTING = {
    "en": re.compile(r"\b(?:this|that|these|those|it|them|such)\b", _F),
    "zh": re.compile(r"[这那](?:类|种|个|些|样|么|款|家|回|次|几|两|三)|它"),
}


def standing_notes(text: str) -> list[CandidateFact]:
    """The notes of a turn no reading understood that still says how things stand from now on: each first-hand
    sentence carrying a standing-request word ("from now on", "going forward", "以后", "往后",
    "一律", "always" opening a clause …), kept in its own words ("以后我的周报都发在钉钉群里，不走邮件了"). Such
    a sentence is as strong a request to keep as "remember …", and no narrower reading states it; a sentence of
    another person, a question, supposition, joke, quotation or correction is not kept."""
    if _CORRECTING.search(text) or _UPDATE.search(text):
        return []  # a turn asking to update what was said is an update of a note, not a note of its own
    out: list[CandidateFact] = []
    for m in _SENTENCE.finditer(text[: MAX_NOTE_CHARS * 2]):
        sentence = m.group(0).strip()
        lang: Lang = "zh" if len(HAN.findall(sentence)) >= len(LATIN_WORD.findall(sentence)) else "en"
        if not sentence or not _STANDING[lang].search(sentence) or OTHER_PERSON[lang].search(sentence):
            continue
        if not _substantial(_STANDING[lang].sub("", sentence), lang) or _POINTING[lang].search(sentence):
            continue  # "以后再说吧", "以后这类活动别给我推了": little else, or what it means was said before
        note = _note(_stripped(sentence, lang), lang)
        if note is None:
            continue
        out.append(_note_fact(note, sentence, lang, _STANDING_CONFIDENCE))
    return out


def _note_fact(note: str, said: str, lang: Lang, confidence: float) -> CandidateFact:
    """The note as a fact of the user's, quoting `said` as its evidence (English kept case-folded)."""
    value = note.casefold() if note.isascii() else note
    return CandidateFact(
        subject="user",
        predicate=Predicate.NOTE,
        value=value,
        polarity=True,
        kind=FactKind.ATTRIBUTE,
        fact=("user asked to remember: " if lang == "en" else "用户让记住：") + value,
        evidence=said,
        confidence=confidence,
        explicit=True,
        language=lang,
    )


# Asking to keep something, then saying it after a comma: "你把我闺女的生日记下来，六月十二"
_KEEP_THEN_SAID = re.compile(
    r"^(?P<pre>.{0,40}?)(?:你|请|麻烦)?(?:帮我)?把(?P<o>[^，,。！？!?]{1,16}?的[\u4e00-\u9fff]{1,6}?)"
    r"(?:记下来|记住|记一下|记好|记上)(?:吧|哈)?[，,：:]\s?(?P<v>[^，,。！？!?；;]{1,20})"
)


def remembered_as_said(text: str) -> str:
    """`text` with a request to keep something whose value follows it read as the statement it makes ("你把我闺女的
    生日记下来，六月十二" -> "我闺女的生日是六月十二，记下来"), else `text`."""
    m = _KEEP_THEN_SAID.match(text)
    if m is None:
        return text
    return f"{m.group('pre')}{m.group('o')}是{m.group('v')}，记下来{text[m.end() :]}"
