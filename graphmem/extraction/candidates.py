"""Candidate facts from what a segment's readers found: a rule's match, a structural finding or a filled slot
becomes a `CandidateFact` with its confidence (explicit ≥ 0.9, hedged ≤ 0.45), its statement in the segment's
language, its attribute and its canonical value.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extraction.attributes import attribute_of, favourite_attribute, relation_attribute
from graphmem.extraction.clauses import bare_prefix, clause_span
from graphmem.extraction.facts import CandidateFact, FactKind, Predicate
from graphmem.extraction.guards import HEDGE, NAMED_KIN_ZH, OTHER_PERSON, PAST, QUESTION, REPORTED, REQUEST
from graphmem.extraction.lexicon import PROGRAMMING
from graphmem.extraction.rule import Finding, Lang, Rule, Segment
from graphmem.extraction.schedule_slots import names_meeting
from graphmem.extraction.slot import Slot
from graphmem.extraction.synonyms import canonical_taste
from graphmem.extraction.values import project_subject, reply_format, rule_values

__all__ = [
    "REQUEST_SLOTS",
    "canonical",
    "requestable",
    "rule_facts",
    "spaces_time",
    "structural_candidate",
    "with_slots",
]

# An instruction of a few words that ends on a word pointing to what was said before ("book me then", "go there")
_POINTS_ELSEWHERE = re.compile(r"^(?:\S+\s){0,3}(?:then|there|that|it|this)$")
# Spans of time one keeps between things: arrangements of a schedule, never objects of taste.
_INTERVALS = frozenset({"gap", "break", "breather", "buffer", "pause", "breathing room", "空档", "间隔", "缓冲"})
_TASTES = frozenset({Predicate.LIKES, Predicate.DISLIKES})
REQUEST_SLOTS = frozenset(
    {Predicate.PREFERS_LANGUAGE, Predicate.PREFERS_REPLY_STYLE, Predicate.PREFERS_TONE, Predicate.PREFERS_FORMAT}
)
_REQUEST_ATTRIBUTES = frozenset({"meeting_time", "meeting_tool"})
_STRUCTURAL_CONFIDENCE = 0.65
_SLOT_CONFIDENCE = 0.7
_MEETING_WORDS = frozenset({"meeting", "meetings", "call", "calls", "stand", "会", "开会", "会议"})
# A part of the day said beside a meeting setting ("I'm a morning person, so put my meetings before lunch"): the
# meeting time, no taste of its own.
_DAY_PARTS = frozenset({"morning", "afternoon", "evening", "night", "早上", "上午", "下午", "晚上"})


def with_slots(
    out: list[CandidateFact], found: list[Slot], seg: Segment, norm: str, lang: Lang, hedged: bool
) -> list[CandidateFact]:
    """The slot values (under the clause guards) replace what the rules read of the same attribute or words."""
    request = seg.request or bool(REQUEST[lang].search(norm))
    for s in found:
        c_start, c_end = clause_span(norm, s.start)
        clause = norm[c_start:c_end]
        if (
            PAST[lang].search(norm[c_start : s.start])
            or REPORTED[lang].search(clause)
            or (QUESTION[lang].search(clause) and not (request and requestable(s)))
            or (s.predicate is not Predicate.RELATION_NAME and _about_another(norm, c_start, c_end, lang))
        ):
            continue
        # a slot is read in its clause, and so is a hedge: "我这人还是喜欢当面开会，线上会议总感觉隔着一层"
        hedged_here = hedged and bool(HEDGE[lang].search(clause))
        conf = 0.45 if hedged_here else (0.9 if seg.explicit else _SLOT_CONFIDENCE)
        fact = _statement(
            Finding(s.predicate, s.value, _slot_display(seg.text, norm, s), s.start, s.end, s.polarity), lang
        )
        if s.predicate is Predicate.RELATION_NAME:
            fact = _relation_statement(s.attribute, _slot_display(seg.text, norm, s), lang)
        elif s.attribute == "event_date":  # "our family reunion … July 18": the day of the event, no deadline
            fact = ("活动定在{d}" if lang == "zh" else "the event is on {d}").format(d=_slot_display(seg.text, norm, s))
        elif s.attribute == "goal_amount":  # "our goal is to raise $2,000": an amount aimed at, no budget
            fact = ("目标是{d}" if lang == "zh" else "the goal is {d}").format(d=_slot_display(seg.text, norm, s))
        stack = attribute_of(s.predicate, s.value) if s.predicate is Predicate.USES_TOOL and not s.attribute else ""
        # "I write all my end-to-end tests in Playwright": the stack slot it fills
        slotted = stack.startswith("stack:")
        predicate, attribute = (Predicate.USES_TECH, stack) if slotted else (s.predicate, s.attribute)
        candidate = CandidateFact(
            subject="user",
            predicate=predicate,
            attribute=attribute,
            value=s.value,
            polarity=s.polarity,
            kind=predicate.kind,
            fact=fact if s.polarity else f"not: {fact}",
            evidence=seg.text,
            confidence=conf,
            explicit=seg.explicit,
            language=lang,
            correction=seg.correction,
        )
        surface = norm[s.start : s.end].casefold()
        if any(f.scope_hint == "project" and _same_words(f.value.casefold(), surface) for f in out):
            continue  # the rules read it as the project's fact
        out = [f for f in out if f.key != candidate.key and not _same_words(f.value.casefold(), surface)]
        if s.attribute.startswith("meeting"):  # "I prefer stand-ups at 9:30" is not a taste for "stand"
            out = [
                f for f in out if f.value.casefold() not in _MEETING_WORDS | _DAY_PARTS and not names_meeting(f.value)
            ]
        out.append(candidate)
    return out


def structural_candidate(f: Finding, seg: Segment, lang: Lang, hedged: bool) -> CandidateFact:
    conf = 0.9 if seg.explicit else _STRUCTURAL_CONFIDENCE
    if hedged:
        conf = 0.45
    predicate = user_language(f.predicate, "user", f.value)
    shown = reply_format(f.value) if predicate in (Predicate.LIKES, Predicate.DISLIKES) else None
    if shown is not None:  # "我真不喜欢回复里带emoji": a taste for how replies look is their format
        f = replace(f, value=shown, polarity=f.polarity == (predicate is Predicate.LIKES))
        predicate = Predicate.PREFERS_FORMAT
    attribute = f.attribute or attribute_of(predicate, f.value)
    if predicate is Predicate.RELATION_NAME:
        attribute = relation_attribute(f.relation, "name")
    return CandidateFact(
        subject="user",
        predicate=predicate,
        value=f.value,
        polarity=f.polarity,
        kind=predicate.kind,
        fact=_statement(replace(f, predicate=predicate), lang),
        evidence=seg.text,
        confidence=conf,
        explicit=seg.explicit,
        language=lang,
        attribute=attribute,
        correction=seg.correction,
    )


# What the liking is of is the device left out: "(I'd rather) you didn't use …", "(I'd prefer) no …"
_WITHOUT_DEVICE = re.compile(
    r"\s{0,2}(?:(?:you\s+)?(?:didn't|did\s+not|don't|do\s+not|not|never|wouldn't|would\s+not)\s+(?:use|add|include|put)\b"
    r"|(?:no|fewer|less|without)\b|(?:不要|别|不用|不加|少用|少加|没有))",
    re.IGNORECASE,
)


def rule_facts(
    rule: Rule,
    m: re.Match[str],
    seg: Segment,
    norm: str,
    c_end: int,
    lang: Lang,
    hedged: bool,
) -> list[tuple[CandidateFact, int]]:
    polarity = rule.polarity
    groups = m.groupdict()
    if groups.get("neg") or (groups.get("dur") or "").lower() == "never":
        polarity = not polarity
    lazy_later = groups.get("dur") == "以后" and not groups.get("mid") and not groups.get("neg")
    if rule.predicate is Predicate.INSTRUCTION and lang == "zh" and lazy_later:
        return []
    if rule.predicate is Predicate.INSTRUCTION and lang == "en" and not bare_prefix(norm, m.start()):
        return []
    items = rule_values(rule, m, seg, norm, c_end, lang)
    out: list[tuple[CandidateFact, int]] = []
    for value, display, end, stated in items:
        if not value:
            continue
        if rule.predicate is Predicate.INSTRUCTION and lang == "en" and _POINTS_ELSEWHERE.search(value):
            continue  # "so never book me then": when is said elsewhere, the instruction alone says nothing
        subject, subject_display = "user", ""
        if rule.project:
            subject, subject_display = project_subject(m, seg.text)
        predicate = user_language(stated, subject, value)
        if predicate is Predicate.LOCATION and (value in PROGRAMMING or attribute_of(Predicate.USES_TOOL, value)):
            continue  # "I live in Scala all day", "I live in Emacs": a tool one works in, not a place
        conf = rule.confidence
        if seg.explicit and predicate is not Predicate.LEARNING:
            conf = max(conf, 0.9)
        if hedged:
            conf = min(conf, 0.3 if predicate is Predicate.LEARNING else 0.45)
        template = rule.neg_template if (polarity != rule.polarity and rule.neg_template) else rule.template
        if predicate is Predicate.USES_LANGUAGE:
            template = "{S} is written in {d}" if lang == "en" else "{S}使用{d}"
            if subject == "user":
                template = "user writes code in {d}" if lang == "en" else "用户用{d}写代码"
        said = polarity
        if predicate is Predicate.PREFERS_FORMAT and rule.predicate is not Predicate.PREFERS_FORMAT:
            said = polarity == (rule.predicate is not Predicate.DISLIKES)  # "我真不喜欢回复里带emoji": without
            if _WITHOUT_DEVICE.match(norm, m.end(), end):  # "I'd rather you didn't use tables", "I'd prefer no tables"
                said = not said
            template = "user wants {v}" if said else "user does not want {v}"
        relation = groups.get("rel") or rule.value
        fact = template.format(
            d=display,
            v=value,
            V=value.capitalize(),
            S=subject_display,
            verb=(groups.get("verb") or ""),
            rel=relation,
        )
        attribute = attribute_of(predicate, value)
        if predicate is Predicate.LIKES and polarity and not attribute:
            attribute = favourite_attribute(norm[clause_span(norm, m.start())[0] : c_end])
        if predicate is Predicate.RELATION_NAME:
            attribute = relation_attribute(relation, "name")
        elif predicate is Predicate.BIRTHDAY and relation:
            attribute = relation_attribute(relation, "birthday")
        out.append(
            (
                CandidateFact(
                    subject=subject,
                    predicate=predicate,
                    value=value,
                    polarity=said,
                    kind=predicate.kind,
                    fact=fact,
                    evidence=seg.text,
                    confidence=round(conf, 2),
                    explicit=seg.explicit,
                    language=lang,
                    scope_hint="project" if rule.project else "user",
                    attribute=attribute,
                    correction=seg.correction,
                ),
                end,
            )
        )
    return out


def spaces_time(fact: CandidateFact) -> bool:
    """Whether a taste is for a span kept between things ("I like a gap before the next one"): how to space a
    schedule, no object of taste."""
    return fact.predicate in _TASTES and fact.value in _INTERVALS


# A trade said as what one does, by the role's own name
_TRADE_ROLES = {
    "tend bar": "bartender",
    "bartend": "bartender",
    "wait tables": "server",
    "wait on tables": "server",
    "cut hair": "hairstylist",
    "do hair": "hairstylist",
    "do nails": "nail technician",
    "walk dogs": "dog walker",
    "deliver mail": "mail carrier",
    "deliver packages": "delivery driver",
}


def canonical(fact: CandidateFact) -> CandidateFact:
    """`fact` with its object of taste in canonical form ("horror films" -> "horror movie", "a long bike ride" ->
    "cycling"), so paraphrases of one object share its key; other facts unchanged."""
    if fact.predicate is Predicate.JOB and fact.value in _TRADE_ROLES:  # "I tend bar": a bartender
        return replace(fact, value=_TRADE_ROLES[fact.value])
    if fact.attribute or fact.predicate.family != "taste":
        return fact
    shown = reply_format(fact.value) if fact.predicate is Predicate.AVOIDS else None
    if shown is not None:  # "别给我加表格": leaving a device out of replies is a format, not a food avoided
        return replace(fact, predicate=Predicate.PREFERS_FORMAT, value=shown, polarity=False, kind=FactKind.PREFERENCE)
    value = canonical_taste(fact.value)
    return fact if value == fact.value else replace(fact, value=value)


def requestable(slot: Slot) -> bool:
    """Whether a request to the assistant may set this slot: how to reply, when and how to meet."""
    return slot.predicate in REQUEST_SLOTS or slot.attribute in _REQUEST_ATTRIBUTES


def _same_words(value: str, surface: str) -> bool:
    """Whether a rule's value and a slot's words overlap (one contains the other; Latin words whole: "vite" is no
    part of "vitest")."""
    if not value:
        return False
    if value.isascii() and surface.isascii():
        short, long_ = (surface, value) if len(surface) <= len(value) else (value, surface)
        at = long_.find(short)
        while at >= 0:
            end = at + len(short)
            if (at == 0 or not long_[at - 1].isalnum()) and (end == len(long_) or not long_[end].isalnum()):
                return True
            at = long_.find(short, at + 1)
        return False
    return surface in value or (len(value) >= 2 and value in surface)


_STATEMENTS: dict[Lang, dict[Predicate, str]] = {
    "en": {
        Predicate.LIKES: "user likes {d}",
        Predicate.DISLIKES: "user dislikes {d}",
        Predicate.AVOIDS: "user does not eat {d}",
        Predicate.LOCATION: "user lives in {d}",
        Predicate.EMPLOYER: "user works at {d}",
        Predicate.USES_TOOL: "user uses {d}",
        Predicate.USES_LANGUAGE: "user writes code in {d}",
        Predicate.RELATION_NAME: "user's {rel} is called {d}",
        Predicate.WORK_HOURS: "user works {d}",
        Predicate.DEADLINE: "the deadline is {d}",
        Predicate.BUDGET: "the budget is {d}",
        Predicate.LIMIT: "the work must keep within {d}",
        Predicate.VENUE: "the event is held at {d}",
    },
    "zh": {
        Predicate.LIKES: "用户喜欢{d}",
        Predicate.DISLIKES: "用户不喜欢{d}",
        Predicate.AVOIDS: "用户不吃{d}",
        Predicate.LOCATION: "用户住在{d}",
        Predicate.EMPLOYER: "用户在{d}工作",
        Predicate.USES_TOOL: "用户使用{d}",
        Predicate.USES_LANGUAGE: "用户用{d}写代码",
        Predicate.RELATION_NAME: "用户的{rel}叫{d}",
        Predicate.WORK_HOURS: "用户{d}工作",
        Predicate.DEADLINE: "截止日期是{d}",
        Predicate.BUDGET: "预算是{d}",
        Predicate.LIMIT: "篇幅不超过{d}",
        Predicate.VENUE: "活动地点是{d}",
    },
}


def _slot_display(text: str, norm: str, slot: Slot) -> str:
    """How a slot's value reads in its statement: the words as the user wrote them ("Berlin") when they are
    the canonical value up to case, otherwise the canonical value ("鹅厂" reads "腾讯")."""
    surface = text[slot.start : slot.end] if len(text) == len(norm) else ""
    return surface if surface.lower() == slot.value else slot.value


def user_language(predicate: Predicate, subject: str, value: str) -> Predicate:
    """A programming language the user works in is their one current language (a functional attribute the
    project they are in may override), not one more tool."""
    if predicate is Predicate.USES_TOOL and subject == "user" and value in PROGRAMMING:
        return Predicate.USES_LANGUAGE
    return predicate


def _statement(f: Finding, lang: Lang) -> str:
    template = _STATEMENTS[lang].get(f.predicate, "user " + str(f.predicate) + " {d}")
    return template.format(d=f.display, rel=f.relation)


# The speaker back as the subject: "…, and I prefer ramen", "…，我就不行了".
_SPEAKER = {"en": re.compile(r"\b(?:i|i'm|i've|i'd|my|me)\b", re.IGNORECASE), "zh": re.compile(r"我")}


_OPENS_ON_SPEAKER = {
    "en": re.compile(r"[\s,;:]{0,3}(?:i|i'm|i've|i'd|my)\b", re.IGNORECASE),
    "zh": re.compile(r"[\s，,；;：:]{0,3}(?:我(?:自己|本人)?(?:是|就是|也是|其实是|的|呢|倒是|反正))"),
}
_WITH_SPEAKER: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:our|we|us|and\s+i|and\s+me)\b", re.IGNORECASE),
    "zh": re.compile(r"我们|咱们|和我|跟我"),
}


_SPEAKER_AHEAD: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:me|i)\s+and\s+$", re.IGNORECASE),
    "zh": re.compile(r"我(?:跟|和|与)$"),
}


def continues_named_kin(norm: str, c_start: int) -> bool:
    """Whether a Chinese clause with no subject of its own goes on about a relation named by a name just before
    it ("我爱人叫春梅，在镇上开了家包子铺"), the speaker not named since."""
    if norm.find("叫", 0, c_start) < 0:  # no name given before it: the common case, without a scan
        return False
    last = None
    for m in NAMED_KIN_ZH.finditer(norm, 0, c_start):
        last = m
    return (
        last is not None
        and not _SPEAKER["zh"].search(norm, last.end(), c_start)
        and _OPENS_ON_SPEAKER["zh"].match(norm, c_start) is None
        and not norm[c_start:].lstrip("，,；; ").startswith("我")
    )


def _about_another(norm: str, c_start: int, c_end: int, lang: Lang) -> bool:
    """Whether the clause is about someone of the speaker's: it names them, or a clause before it in the segment
    did and none since has the speaker back ("我表哥最近迷上了钓鱼，天天凌晨四点起来…")."""
    named = OTHER_PERSON[lang].search(norm, c_start, c_end)
    if named is not None:
        # "my team does all our calls as Slack huddles", "my wife and I both…": the speaker is one of them
        # ("我跟我老公都在京东上班", "me and my wife both…": the speaker said first)
        ahead = _SPEAKER_AHEAD[lang].search(norm, max(c_start, named.start() - 6), named.start())
        return not (_WITH_SPEAKER[lang].search(norm, named.end(), c_end) or ahead)
    if lang == "zh" and continues_named_kin(norm, c_start):
        return True
    last = None
    for m in OTHER_PERSON[lang].finditer(norm, 0, c_start):
        last = m
    # ("A型是我老公的，我是B型": a clause opening on the speaker has them back)
    opens = _OPENS_ON_SPEAKER[lang].match(norm, c_start)
    return last is not None and not _SPEAKER[lang].search(norm, last.end(), c_start) and opens is None


_ZH_RELATION_WORDS = {
    "dog": "狗", "cat": "猫", "son": "儿子", "daughter": "女儿", "child": "孩子", "spouse": "爱人", "mother": "母亲",
    "father": "父亲", "manager": "领导", "plant": "花木",
}  # fmt: skip
_RELATION_FIELDS: dict[Lang, dict[str, str]] = {
    "en": {
        "name": "user's {rel} is called {d}",
        "breed": "user's {rel} is a {d}",
        "school": "user's {rel} goes to {d}",
        "grade": "user's {rel} is in {d}",
        "kind": "user's {rel} is a {d}",
    },
    "zh": {
        "name": "用户的{rel}叫{d}",
        "breed": "用户的{rel}是{d}",
        "school": "用户的{rel}在{d}上学",
        "grade": "用户的{rel}上{d}",
        "kind": "用户的{rel}是{d}",
    },
}


def _relation_statement(attribute: str, display: str, lang: Lang) -> str:
    """The statement of a relation's field from its attribute ("pet:dog:breed" -> "user's dog is a greyhound")."""
    base, _, field = attribute.rpartition(":")
    rel = base.rpartition(":")[2] or base
    if lang == "zh":
        rel = _ZH_RELATION_WORDS.get(rel, rel)
    template = _RELATION_FIELDS[lang].get(field, _RELATION_FIELDS[lang]["name"])
    return template.format(rel=rel, d=display)
