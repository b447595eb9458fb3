"""The rule-based extraction engine: splits text into sentences, picks each one's language, guards against
questions, hypotheticals, jokes, third parties, past-only and one-off remarks, runs the `rules_en` / `rules_zh`
rules over spaCy tokens (blank "zh" with the jieba segmenter, blank "en") and sets each fact's confidence.
"""

from __future__ import annotations

import bisect
import logging
import re
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from graphmem.extraction.asides import (
    CLAUSE_PUNCT,
    breaks,
    without_concessions,
    without_joking_asides,
    without_one_offs,
    without_your_conditions,
)
from graphmem.extraction.attributes import attribute_of, favourite_attribute, relation_attribute
from graphmem.extraction.coreference import (
    Referent,
    clause_object,
    last_plural,
    last_referent,
    resolve,
    resolve_object,
    without_apposition,
)
from graphmem.extraction.corrections import (
    BARE_SKIP,
    CORRECTION,
    LAST_CHUNK,
    MID_CORRECTION,
    NOT_THAT,
    RESPELLED,
    TURN_CORRECTION,
    corrected,
    one_edit,
)
from graphmem.extraction.facts import CandidateFact, Predicate
from graphmem.extraction.gazetteer import scan
from graphmem.extraction.guards import (
    ASK_TO_REMEMBER,
    EXPLICIT,
    HEDGE,
    HYPOTHETICAL,
    JOKE,
    LAUGH_ONLY,
    MARKER_ONLY,
    MENTION_DROPPED,
    MENTION_NEGATION,
    MENTION_SWAP,
    MENTION_TAKEN,
    OTHER_PERSON,
    PAST,
    QUESTION,
    QUOTED,
    REPORTED,
    REQUEST,
    SITUATIONAL,
    TURN_MARKER,
)
from graphmem.extraction.lexicon import PROGRAMMING
from graphmem.extraction.rule import Finding, Lang, Rule, Segment, Span
from graphmem.extraction.rules_attributes import ATTR_EN_RULES, ATTR_ZH_RULES
from graphmem.extraction.rules_en import EN_RULES
from graphmem.extraction.rules_zh import ZH_RULES
from graphmem.extraction.slots import Slot, names_meeting, slots
from graphmem.extraction.structure_en import en_findings
from graphmem.extraction.structure_zh import zh_findings
from graphmem.extraction.synonyms import canonical_taste
from graphmem.extraction.values import project_subject, reply_format, rule_values

__all__ = ["RuleExtractor", "asks_to_remember"]

_F = re.IGNORECASE
MAX_EXTRACTION_CHARS = 32_000  # as long as an episode may be; working-memory turns are cut to it too
MAX_CONTEXT_TURNS = 3  # earlier turns of the session read for what a turn refers back to
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
# Segments end at CJK/Latin terminators and newlines; a "." or ";" only ends one before whitespace or the end
# ("3.5", "tl;dr" stay whole).
_SEGMENT = re.compile(r"[^。！？!?；\n…]+?(?:[。！？!?；\n…]+|[.;](?=\s|$)|$)")

_PLACES = frozenset({Predicate.LOCATION, Predicate.EMPLOYER})
_REQUEST_SLOTS = frozenset(
    {Predicate.PREFERS_LANGUAGE, Predicate.PREFERS_REPLY_STYLE, Predicate.PREFERS_TONE, Predicate.PREFERS_FORMAT}
)
_REQUEST_ATTRIBUTES = frozenset({"meeting_time", "meeting_tool"})
_TASTE_LIKE = frozenset({Predicate.LIKES, Predicate.DISLIKES, Predicate.AVOIDS, Predicate.ALLERGIC_TO, Predicate.DIET})
_RULES: dict[Lang, tuple[Rule, ...]] = {"en": ATTR_EN_RULES + EN_RULES, "zh": ATTR_ZH_RULES + ZH_RULES}


def _first(pattern: re.Pattern[str], text: str) -> int:
    m = pattern.search(text)
    return m.start() if m else -1


def _mention_pattern(value: str) -> re.Pattern[str] | None:
    """Whole-word matcher for a Latin value (None for Chinese, matched as a substring); the value is escaped."""
    if not value.isascii():
        return None
    return re.compile(r"(?<![A-Za-z0-9])" + re.escape(value) + r"(?![A-Za-z0-9])", _F)


# jieba's dictionary is process-global: built once, its cache kept in a private temp dir for the process.
_jieba_init_lock = threading.Lock()
_jieba_tmp: tempfile.TemporaryDirectory[str] | None = None


class RuleExtractor:
    """Extracts candidate facts with spaCy tokenisers and rules; no trained model, nothing downloaded.

    The spaCy pipelines (and jieba's dictionary, cached in a private temp dir with its logging silenced) load
    on first use under a lock; after that :meth:`extract` is safe to call from many threads.

    Decisions: past-only statements ("I used to like tea", "我以前不吃香菜") yield nothing — they say nothing
    certain about now; ongoing activities ("I am learning French") yield LEARNING below 0.5 confidence and
    one-off remarks ("...today", "...for fun", "今天", "这次") yield nothing; a plain "don't …" yields a fact
    only when it names a known channel (contact times, reply length, language, format), and a standing
    instruction needs a durable marker (always / never / from now on / 以后都 / 从现在起).
    Confidence: explicit (remember / from now on / always …) ≥ 0.9, plain first-person 0.6–0.85 by rule,
    hedged (I think / maybe / 可能 …) ≤ 0.45.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._nlp: dict[Lang, Any] = {}

    # -- loading --------------------------------------------------------------------------------------
    def _pipelines(self) -> dict[Lang, Any]:
        if not self._nlp:
            with self._lock:
                if not self._nlp:
                    import jieba
                    import spacy

                    jieba.setLogLevel(logging.WARNING)
                    logging.getLogger("jieba").setLevel(logging.WARNING)
                    global _jieba_tmp
                    if not jieba.dt.initialized:
                        with _jieba_init_lock:
                            if not jieba.dt.initialized:
                                _jieba_tmp = tempfile.TemporaryDirectory(prefix="graphmem-jieba-")
                                jieba.dt.tmp_dir = _jieba_tmp.name
                                jieba.initialize()
                    zh = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
                    en = spacy.blank("en")
                    self._nlp.update({"zh": zh, "en": en})
        return self._nlp

    def _tokenize(self, text: str, lang: Lang) -> list[Span]:
        doc = self._pipelines()[lang].make_doc(text)
        return [(t.idx, t.idx + len(t.text)) for t in doc if not t.is_space]

    # -- public ---------------------------------------------------------------------------------------
    def extract(self, text: str, context: Sequence[str] = ()) -> list[CandidateFact]:
        """Candidate facts stated in `text`, each quoting its evidence exactly; duplicates keep the best. Only the
        first MAX_EXTRACTION_CHARS characters are read, so no caller text costs more than that much matching.

        `context` holds the speaker's earlier turns of the same session, oldest first (at most the last
        MAX_CONTEXT_TURNS are read). It resolves what a turn refers back to: a pronoun opening a clause ("她的生日是
        7月8号", "Her birthday is May 9th") stands for the relation the speaker named last ("我有个女儿", "I have a
        daughter"), and a correction that gives only a value ("我刚才说错了，是心心", "no wait, the other one,
        cortado") replaces the last fact the speaker stated before it.
        """
        self._pipelines()
        text = text[:MAX_EXTRACTION_CHARS]
        earlier = [t[:MAX_EXTRACTION_CHARS] for t in context[-MAX_CONTEXT_TURNS:]]
        referent: Referent | None = None
        for turn in earlier:
            referent = last_referent(turn) or referent
        marked: list[bool] = []
        segments = list(self._segments(text, marked))
        asked = bool(marked) or any(seg.explicit and not seg.correction for seg in segments)
        if asked:
            # "…, remember that" / "…。记一下" / "以后按苏州来": a request to remember covers the whole turn
            for seg in segments:
                seg.explicit = True
        correcting = bool(TURN_CORRECTION.search(text))
        best: dict[tuple[str, str, bool], CandidateFact] = {}
        last: CandidateFact | None = None
        for i, seg in enumerate(segments):
            nxt = segments[i + 1].text if i + 1 < len(segments) else ""
            if LAUGH_ONLY.match(nxt):
                continue
            facts = self._extract_segment(seg, seg.lang)
            other: Lang = "en" if seg.lang == "zh" else "zh"
            if not facts and (_HAN.search(seg.text) if other == "zh" else _LATIN_WORD.search(seg.text)):
                facts = self._extract_segment(seg, other)
            referent = last_referent(seg.text) or referent
            if not facts and referent is not None:
                facts = self._about_referent(seg, referent)
            if not facts and seg.lang == "en":  # "olives finally grew on me, I actually enjoy them now"
                facts = self._about_object(seg, text)
            facts = facts + self._apposed(seg, {f.key for f in facts})
            if not facts and seg.correction and last is None and earlier:
                last = self._last_stated(earlier, seg)  # "我刚才说错了，是心心": what the speaker said just before
            repaired: set[str] = set()  # keys this turn stated and now repairs
            if not facts and seg.correction and last is not None:
                fixed = corrected(last, seg)
                if fixed is not None:  # "…, sorry, I meant amoxicillin": the value replaces the one just said
                    if any(f is last for f in best.values()):
                        repaired.add(last.key)
                    best = {k: f for k, f in best.items() if f is not last}
                    facts = [fixed]
            for found in map(_canonical, facts):
                f = replace(found, correction=True) if correcting else found
                k = (f.key, str(f.predicate), f.polarity)
                if f.correction and not asked and (f.key in repaired or (k in best and best[k].value != f.value)):
                    # "My go-to airline is Delta, sorry, I meant United": a slip repaired in the same breath is
                    # one statement, as tentative as any other, not a correction of what was held
                    f = replace(f, correction=False)
                if k not in best or f.confidence > best[k].confidence or (correcting and f.value != best[k].value):
                    best.pop(k, None)  # a corrected value goes after the one it replaces
                    best[k] = f
                last = best[k]
        return list(best.values())

    def _about_referent(self, seg: Segment, referent: Referent) -> list[CandidateFact]:
        """The facts `seg` states once its opening pronoun is read as the speaker's `referent`; each quotes the
        segment's own words as evidence."""
        resolved = resolve(seg.text, seg.lang, referent)
        if resolved is None:
            return []
        read = Segment(seg.start, resolved.text, seg.lang, seg.explicit, self._tokenize)
        read.correction, read.request = seg.correction, seg.request
        # only what the clause says of the relation itself (its name, birthday …), never the speaker's own
        # attributes: "她最喜欢的水果是芒果" is not the speaker's favourite fruit
        own = relation_attribute(referent.word, "")
        return [replace(f, evidence=seg.text) for f in self._extract_segment(read, seg.lang) if own in f.key]

    def _apposed(self, seg: Segment, keys: set[str]) -> list[CandidateFact]:
        """What `seg` says of a relation whose name it gives in apposition ("my son Leo's birthday is …"), read
        with the name out of the possessive; only keys the segment's own reading did not state, quoting it."""
        read_as = without_apposition(seg.text, seg.lang)
        if read_as is None:
            return []
        read = Segment(seg.start, read_as, seg.lang, seg.explicit, self._tokenize)
        read.correction, read.request = seg.correction, seg.request
        return [replace(f, evidence=seg.text) for f in self._extract_segment(read, seg.lang) if f.key not in keys]

    def _about_object(self, seg: Segment, text: str) -> list[CandidateFact]:
        """The stance `seg` takes on "them", read as the last plural thing the turn named before it (else the thing
        the sentence before ends on: "…a jigsaw puzzle. I've been into them"); on "it" or "the stuff", the thing the
        clause before ends on ("skip anything heavy on blue cheese, I really can't stand the stuff")."""
        at = seg.text.find(" them")
        if at >= 0:
            before = text[: seg.start + at]
            antecedent = last_plural(before) or clause_object(before)
        else:  # "I've come around on jazz, I actually enjoy it now": the thing the clause before ends on
            at = next((i for i in (seg.text.find(w) for w in (" it", " the stuff", " that stuff")) if i >= 0), -1)
            if at < 0:
                return []
            before = text[: seg.start + at]
            antecedent = clause_object(seg.text[:at])
        said = before[before.rfind(antecedent) :] if antecedent else ""
        if SITUATIONAL["en"].search(said) or PAST["en"].search(said):
            return []  # "I bought new shoes yesterday. I love them": a one-off, not a standing taste
        resolved = resolve_object(seg.text, antecedent)
        if resolved is None:
            return []
        read = Segment(seg.start, resolved.text, seg.lang, seg.explicit, self._tokenize)
        read.correction = seg.correction
        taste = (Predicate.LIKES, Predicate.DISLIKES, Predicate.AVOIDS)
        return [
            replace(f, evidence=seg.text)
            for f in self._extract_segment(read, seg.lang)
            if f.predicate in taste and f.value.casefold() in antecedent.casefold()
        ]

    def _last_stated(self, earlier: list[str], seg: Segment) -> CandidateFact | None:
        """The last fact stated in the latest of the `earlier` turns that states any, when the correcting `seg`
        can be about it: said in its language, and not naming another value as the wrong one ("…, not Y")."""
        for turn in reversed(earlier):
            facts = self.extract(turn)
            if not facts:
                continue
            last = facts[-1]
            wrong = NOT_THAT.search(seg.text)
            named = (wrong.group("en") or wrong.group("zh")).casefold() if wrong else ""
            if last.language != seg.lang or (named and last.value.casefold() not in named):
                return None
            return last
        return None

    def replaced(self, text: str, values: list[str]) -> list[str]:
        """For each known value, the value a correcting `text` puts in its place when it names it as the wrong
        one ("I got that wrong earlier, it's Bosch, not Siemens", "说错了，是无锡，不是南京"), else "". The
        replacement is the bare value said just before the "not": at most three words (eight characters in
        Chinese, without 我)."""
        text = text[:MAX_EXTRACTION_CHARS]
        out = [""] * len(values)
        if not values or not (TURN_CORRECTION.search(text) or CORRECTION.match(text)):
            return out
        wanted = [v.casefold() for v in values]
        for m in NOT_THAT.finditer(text):
            named = (m.group("en") or m.group("zh")).strip().rstrip("!.！。").casefold()
            before = LAST_CHUNK.search(text[: m.start()])
            if before is None:
                continue
            chunk = before.group(0).strip().rstrip(",，").strip()
            lead = CORRECTION.match(chunk)  # "sorry I meant Lisbon, not Porto"
            value = BARE_SKIP.sub("", chunk[lead.end() :] if lead else chunk).strip()
            if not value or len(value.split()) > 3 or value.casefold() == named:
                continue
            if _HAN.search(value) and (len(value) > 8 or "我" in value):  # a statement, not a bare value
                continue
            for i, known in enumerate(wanted):
                if not out[i] and known and (named == known or named.startswith(known + " ")):
                    out[i] = value.lower() if value.isascii() else value
        for m in RESPELLED.finditer(text):  # "是林玥，不是喜悦的悦": a name spelled anew, one letter off
            value = (m.group("en") or m.group("zh")).strip()
            for i, known in enumerate(wanted):
                if not out[i] and one_edit(known, value.casefold()):
                    out[i] = value.lower() if value.isascii() else value
        return out

    def mentioned(self, text: str, values: list[str], polarities: list[bool] | None = None) -> list[bool]:
        """For each value, whether `text` names it again in a plain first-hand statement: not in a question, a
        hypothetical, a joke, a quote, a past-only remark or someone else's clause. A later session that
        mentions a candidate's value ("Biscuit chewed my headphones again") is another sighting of it. Values
        are matched whole-word for Latin script, as substrings of two or more characters for Chinese.

        Negation is read against the stance of the candidate (`polarities`, all positive when not given): in
        a segment with no negation any mention counts; a negated segment that swaps values ("switched", "换成",
        "搬") counts for none; otherwise a positive stance counts when the value's own clause is not negated
        and nothing turns away from it ("VS Code那种我用不惯，还是vim顺手"; not "I stopped …", "不…了"), a
        negative one when nothing turns to the value ("汤里飘了几片香菜，我直接不喝了", "I can't have gluten";
        not "我现在开始…", "I've come around on …").
        """
        self._pipelines()
        stances = polarities if polarities is not None else [True] * len(values)
        wanted = [(v.casefold(), _mention_pattern(v)) for v in values]
        found = [False] * len(values)
        for seg in self._segments(text[:MAX_EXTRACTION_CHARS], [], statements_before_questions=True):
            lang = seg.lang
            norm = seg.text.replace("\u2019", "'").replace("\u2018", "'")
            if lang == "en":
                # "when you give me times, use PT": a rule, not a question; "even if I paste Dutch": every case
                norm = without_concessions(without_your_conditions(norm))
            # a Chinese question asks in its own clause: "…在PostgreSQL里查得有点慢，索引该怎么加？" still names it
            asked = bool(QUESTION[lang].search(norm))
            if (
                HYPOTHETICAL[lang].search(norm)
                or JOKE[lang].search(norm)
                or QUOTED.search(norm)
                or (asked and lang == "en")
                or PAST[lang].search(norm)
                or OTHER_PERSON[lang].search(norm)
            ):
                continue
            negated = bool(MENTION_NEGATION.search(norm))
            if negated and MENTION_SWAP.search(norm):
                continue
            dropped = negated and bool(MENTION_DROPPED.search(norm))
            taken = negated and bool(MENTION_TAKEN.search(norm))
            folded = norm.casefold()
            # a named thing said in another of its forms ("use PT" for "pacific time (utc-8)", "py" for "python")
            named = {h.value.casefold(): h.start for h in scan(norm)}
            for i, (value, pattern) in enumerate(wanted):
                if found[i] or (value not in folded and value not in named):
                    continue
                if value in named:
                    at = named[value]
                else:
                    at = folded.find(value) if pattern is None else _first(pattern, norm)
                if at < 0:
                    continue
                if asked and QUESTION[lang].search(norm[slice(*_clause(norm, at))]):
                    continue
                if not negated:
                    found[i] = True
                elif stances[i]:
                    c_start, c_end = _clause(norm, at)
                    clause = norm[c_start:c_end]
                    # what turns away in a Chinese clause of its own ("总算不刮风了") leaves the value's clause be
                    away = dropped if lang == "en" else bool(MENTION_DROPPED.search(clause))
                    found[i] = not away and not MENTION_NEGATION.search(clause)
                else:
                    found[i] = not taken
        return found

    # -- segmentation ---------------------------------------------------------------------------------
    def _segments(self, text: str, marked: list[bool], statements_before_questions: bool = False) -> Iterator[Segment]:
        """The segments of `text`; appends to `marked` when one of them asks to remember (the whole turn). With
        `statements_before_questions`, a question's clauses before the one that asks are a segment too ("岚山的订单
        表在PostgreSQL里查得有点慢，索引该怎么加？" -> "岚山的订单表在PostgreSQL里查得有点慢"): what mentions read."""
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
            han = len(_HAN.findall(body))
            lang: Lang = "zh" if han and han >= len(_LATIN_WORD.findall(body)) else "en"
            seg = Segment(m.start() + lead, body, lang, carry, self._tokenize)
            seg.correction = correcting or bool(fix and fix.end() > 0)
            seg.explicit = carry or seg.correction or bool(EXPLICIT["zh"].search(body) or EXPLICIT["en"].search(body))
            carry = correcting = False
            if raw.rstrip().endswith(("?", "？")):
                asked = ASK_TO_REMEMBER.match(body)
                if asked is not None and asked.end() < len(body):
                    # "Can you remember that my son Leo's birthday is on the 3rd of February?": what to remember
                    seg = Segment(
                        seg.start + asked.end(), body[asked.end() :].rstrip("吗呢"), lang, True, self._tokenize
                    )
                    seg.correction = correcting
                    yield seg
                    continue
                if not REQUEST[lang].search(body):
                    said = _said_before_asking(body, lang) if statements_before_questions else ""
                    if said:
                        yield Segment(seg.start, said, lang, False, self._tokenize)
                    continue
                seg.request = True
            yield seg

    # -- one segment ----------------------------------------------------------------------------------
    def _extract_segment(self, seg: Segment, lang: Lang) -> list[CandidateFact]:
        norm = seg.text.replace("\u2019", "'").replace("\u2018", "'")
        if lang == "en" and (HYPOTHETICAL[lang].search(norm) or QUESTION[lang].search(norm)):
            # "if you're ever suggesting restaurants, skip …": a standing rule; "…, even if I write in English":
            # a rule for every case
            norm = without_concessions(without_your_conditions(norm))
        if JOKE[lang].search(norm):
            # "I live in Melbourne (Australia, not Florida lol)": the aside laughs, not the fact
            norm = without_joking_asides(norm, JOKE[lang], LAUGH_ONLY)
        if JOKE[lang].search(norm) or (HYPOTHETICAL[lang].search(norm) and not _directive(seg, norm)):
            return []
        if SITUATIONAL[lang].search(norm) and not seg.explicit:
            # a one-off remark; said with "remember"/"update", the time word dates a change instead. Only its own
            # clause is one-off: "我家那只柯基叫旺财，今天又把我的拖鞋咬烂了" still names the dog
            norm = without_one_offs(norm, SITUATIONAL[lang], lang)
            if not norm.strip(CLAUSE_PUNCT):
                return []
        if QUOTED.search(norm):
            return []
        hedged = bool(HEDGE[lang].search(norm))
        taken: list[Span] = []
        out: list[CandidateFact] = []
        if seg.request:  # "Could you leave the emojis out of your answers?": only how to reply, when and how to meet
            requested = self._requested(seg, norm, lang, hedged)
            found = [s for s in slots(norm, lang) if _requestable(s)]
            return self._with_slots(requested, found, seg, norm, lang, hedged) if found else requested
        request = bool(REQUEST[lang].search(norm))  # "你回答里能不能别加那么多表情符号": asks, not a question
        for rule in _RULES[lang]:
            asked = request and rule.predicate in _REQUEST_SLOTS
            for m in rule.pattern.finditer(norm):
                c_start, c_end = _clause(norm, m.start())
                before = norm[c_start : m.start()]
                clause = norm[c_start:c_end]
                if PAST[lang].search(before) or REPORTED[lang].search(clause):
                    continue
                if QUESTION[lang].search(clause) and not asked:
                    continue
                v_end = _clause(norm, m.end())[1] if m.end() < len(norm) else c_end
                facts = self._facts(rule, m, seg, norm, v_end, lang, hedged)
                if OTHER_PERSON[lang].search(clause):
                    facts = [(f, e) for f, e in facts if f.predicate not in _TASTE_LIKE]
                if facts:
                    end = max(m.end(), *(e for _, e in facts))
                    if _overlaps(taken, m.start(), end):
                        continue
                    bisect.insort(taken, (m.start(), end))
                    out.extend(f for f, _ in facts)
        if not out:
            out = self._structural(seg, norm, lang, hedged)
        else:  # clauses no rule read ("我对猫毛过敏，不吃辣，住在重庆"): their structure, keys not yet stated
            keys = {f.key for f in out}
            for f, span in self._structural_spans(seg, norm, lang, hedged):
                c_start, c_end = _clause(norm, span)
                if f.predicate in _PLACES:  # "I'm a nurse in Leeds": a rule read the role, the place is unread
                    c_start, c_end = span, span + len(f.value)
                if f.key not in keys and not _overlaps(taken, c_start, c_end):
                    keys.add(f.key)
                    out.append(f)
        found = slots(norm, lang)
        if found:
            out = self._with_slots(out, found, seg, norm, lang, hedged)
        return out

    def _requested(self, seg: Segment, norm: str, lang: Lang, hedged: bool) -> list[CandidateFact]:
        """What a request question asks of the assistant's replies, read by the rules of those predicates."""
        out: list[CandidateFact] = []
        for rule in _RULES[lang]:
            if rule.predicate not in _REQUEST_SLOTS:
                continue
            for m in rule.pattern.finditer(norm):
                c_start, c_end = _clause(norm, m.start())
                if PAST[lang].search(norm[c_start : m.start()]) or REPORTED[lang].search(norm[c_start:c_end]):
                    continue
                v_end = _clause(norm, m.end())[1] if m.end() < len(norm) else c_end
                out.extend(f for f, _ in self._facts(rule, m, seg, norm, v_end, lang, hedged))
        return out

    def _with_slots(
        self, out: list[CandidateFact], found: list[Slot], seg: Segment, norm: str, lang: Lang, hedged: bool
    ) -> list[CandidateFact]:
        """The slot values (under the clause guards) replace what the rules read of the same attribute or words."""
        request = seg.request or bool(REQUEST[lang].search(norm))
        for s in found:
            c_start, c_end = _clause(norm, s.start)
            clause = norm[c_start:c_end]
            if (
                PAST[lang].search(norm[c_start : s.start])
                or REPORTED[lang].search(clause)
                or (QUESTION[lang].search(clause) and not (request and _requestable(s)))
                or (s.predicate is not Predicate.RELATION_NAME and OTHER_PERSON[lang].search(clause))
            ):
                continue
            conf = 0.45 if hedged else (0.9 if seg.explicit else _SLOT_CONFIDENCE)
            fact = _statement(
                Finding(s.predicate, s.value, _slot_display(seg.text, norm, s), s.start, s.end, s.polarity), lang
            )
            candidate = CandidateFact(
                subject="user",
                predicate=s.predicate,
                value=s.value,
                polarity=s.polarity,
                kind=s.predicate.kind,
                fact=fact if s.polarity else f"not: {fact}",
                evidence=seg.text,
                confidence=conf,
                explicit=seg.explicit,
                language=lang,
                attribute=s.attribute,
                correction=seg.correction,
            )
            surface = norm[s.start : s.end].casefold()
            if any(f.scope_hint == "project" and _same_words(f.value.casefold(), surface) for f in out):
                continue  # the rules read it as the project's fact
            out = [f for f in out if f.key != candidate.key and not _same_words(f.value.casefold(), surface)]
            if s.attribute.startswith("meeting"):  # "I prefer stand-ups at 9:30" is not a taste for "stand"
                out = [f for f in out if f.value.casefold() not in _MEETING_WORDS and not names_meeting(f.value)]
            out.append(candidate)
        return out

    def _structural(self, seg: Segment, norm: str, lang: Lang, hedged: bool) -> list[CandidateFact]:
        """Facts the clause structure states where no rule matched, under the same guards as the rules."""
        return [f for f, _ in self._structural_spans(seg, norm, lang, hedged)]

    def _structural_spans(self, seg: Segment, norm: str, lang: Lang, hedged: bool) -> list[tuple[CandidateFact, int]]:
        """:meth:`_structural` with where each fact's value starts."""
        found = zh_findings(norm) if lang == "zh" else en_findings(norm)
        out: list[tuple[CandidateFact, int]] = []
        for f in found:
            c_start, c_end = _clause(norm, f.start)
            clause = norm[c_start:c_end]
            if (
                PAST[lang].search(norm[c_start : f.start])
                or REPORTED[lang].search(clause)
                or QUESTION[lang].search(clause)
            ):
                continue
            if f.predicate in _TASTE_LIKE and OTHER_PERSON[lang].search(clause):
                continue
            out.append((self._candidate(f, seg, lang, hedged), f.start))
        return out

    def _candidate(self, f: Finding, seg: Segment, lang: Lang, hedged: bool) -> CandidateFact:
        conf = 0.9 if seg.explicit else _STRUCTURAL_CONFIDENCE
        if hedged:
            conf = 0.45
        predicate = _user_language(f.predicate, "user", f.value)
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

    def _facts(
        self,
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
        if rule.predicate is Predicate.INSTRUCTION and lang == "en" and not _bare_prefix(norm, m.start()):
            return []
        items = rule_values(rule, m, seg, norm, c_end, lang)
        out: list[tuple[CandidateFact, int]] = []
        for value, display, end, stated in items:
            if not value:
                continue
            subject, subject_display = "user", ""
            if rule.project:
                subject, subject_display = project_subject(m, seg.text)
            predicate = _user_language(stated, subject, value)
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
                attribute = favourite_attribute(norm[_clause(norm, m.start())[0] : c_end])
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


# ---------------------------------------------------------------- structural findings
_STRUCTURAL_CONFIDENCE = 0.65
_SLOT_CONFIDENCE = 0.7
_MEETING_WORDS = frozenset({"meeting", "meetings", "call", "calls", "stand", "会", "开会", "会议"})


# "From now on, assume I'm not into horror movies": with a standing marker, "assume I …" tells the assistant
# what to take as true, it supposes nothing.
_ASSUME_DIRECTIVE = re.compile(r"(?:^|[,;:]\s*)(?:please\s+)?(?:always\s+)?assume\s+(?:that\s+)?i\b", _F)


def _canonical(fact: CandidateFact) -> CandidateFact:
    """`fact` with its object of taste in canonical form ("horror films" -> "horror movie", "a long bike ride" ->
    "cycling"), so paraphrases of one object share its key; other facts unchanged."""
    if fact.attribute or fact.predicate.family != "taste":
        return fact
    value = canonical_taste(fact.value)
    return fact if value == fact.value else replace(fact, value=value)


def asks_to_remember(text: str) -> bool:
    """Whether `text` asks, in either language, to remember or update what it says ("记住…", "from now on…",
    "please update that"): what lets one statement become a fact at once."""
    return bool(EXPLICIT["zh"].search(text) or EXPLICIT["en"].search(text))


def _directive(seg: Segment, norm: str) -> bool:
    """Whether a segment's only hypothetical word is a standing "assume I …" directive."""
    if not seg.explicit or not _ASSUME_DIRECTIVE.search(norm):
        return False
    return not HYPOTHETICAL[seg.lang].search(_ASSUME_DIRECTIVE.sub(", i", norm))


# A clause that states something: a verb of being or keeping, or a first-person word ("Svelte stores are
# confusing me"; not "Between Postgres and MySQL").
_STATING = re.compile(r"\b(?:is|are|am|was|were|been|keeps?|i|me|my)\b|'(?:s|re|m)\b", _F)


def _said_before_asking(body: str, lang: Lang) -> str:
    """The clauses of a question before the last one, when they state something (three words or more with a
    verb of being or a first-person word; eight Chinese characters or more), else ""."""
    starts, _ = breaks(body)
    if not starts:
        return ""
    said = body[: starts[-1]].rstrip()
    if lang == "zh":
        return said if len(_HAN.findall(said)) >= 8 and not QUESTION["zh"].search(said) else ""
    if len(said.split()) < 3 or not _STATING.search(said) or QUESTION["en"].search(said):
        return ""
    return said


def _requestable(slot: Slot) -> bool:
    """Whether a request to the assistant may set this slot: how to reply, when and how to meet."""
    return slot.predicate in _REQUEST_SLOTS or slot.attribute in _REQUEST_ATTRIBUTES


def _same_words(value: str, surface: str) -> bool:
    """Whether a rule's value and a slot's words overlap (one contains the other)."""
    return bool(value) and (surface in value or (len(value) >= 2 and value in surface))


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
    },
}


def _slot_display(text: str, norm: str, slot: Slot) -> str:
    """How a slot's value reads in its statement: the words as the user wrote them ("Berlin") when they are
    the canonical value up to case, otherwise the canonical value ("鹅厂" reads "腾讯")."""
    surface = text[slot.start : slot.end] if len(text) == len(norm) else ""
    return surface if surface.lower() == slot.value else slot.value


def _user_language(predicate: Predicate, subject: str, value: str) -> Predicate:
    """A programming language the user works in is their one current language (a functional attribute the
    project they are in may override), not one more tool."""
    if predicate is Predicate.USES_TOOL and subject == "user" and value in PROGRAMMING:
        return Predicate.USES_LANGUAGE
    return predicate


def _statement(f: Finding, lang: Lang) -> str:
    template = _STATEMENTS[lang].get(f.predicate, "user " + str(f.predicate) + " {d}")
    return template.format(d=f.display, rel=f.relation)


# ---------------------------------------------------------------- clauses
def _overlaps(taken: list[Span], start: int, end: int) -> bool:
    """Whether [start, end) overlaps a span of `taken` (sorted, disjoint, so ends are sorted too): only the last
    span starting before `end` can (a scan over all taken spans per match made a segment n²)."""
    i = bisect.bisect_left(taken, (end,))
    return i > 0 and taken[i - 1][1] > start


def _clause(norm: str, pos: int) -> Span:
    """The clause around `pos`: from the end of the last break ending at or before it to the start of the
    first break starting at or after it (binary search: linear scans per match made a segment n²)."""
    starts, ends = breaks(norm)
    i = bisect.bisect_right(ends, pos)  # breaks 0..i-1 end at or before pos
    start = ends[i - 1] if i else 0
    j = bisect.bisect_left(starts, pos, lo=i)  # the first later break starting at or after pos
    return start, starts[j] if j < len(starts) else len(norm)


# Spaces between the words belong to the separator after a word only: with `\s*` before each word as well,
# "please please … zzz" could split every gap two ways and a failed match tried 2**n splits.
_BARE_PREFIX = re.compile(
    r"\s*(?:(?:please|and|also|so|ok|okay|oh|btw|hey|just|remember|note|but|then|alright|well)\b[\s,:]*)*", _F
)


def _bare_prefix(norm: str, pos: int) -> bool:
    """True when only discourse words precede an imperative in its clause (no subject of its own)."""
    c_start, _ = _clause(norm, pos)
    return bool(_BARE_PREFIX.fullmatch(norm[c_start:pos]))
