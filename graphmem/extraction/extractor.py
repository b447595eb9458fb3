"""The rule-based extraction engine: splits text into sentences, picks each one's language, guards against
questions, hypotheticals, jokes, third parties, past-only and one-off remarks, runs the `rules_en` / `rules_zh`
rules over spaCy tokens (blank "zh" with the jieba segmenter, blank "en") and sets each fact's confidence.
"""

from __future__ import annotations

import bisect
import re
import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from graphmem.extraction.answers import framed
from graphmem.extraction.asides import (
    CLAUSE_PUNCT,
    without_conceded_default,
    without_concessions,
    without_joking_asides,
    without_one_offs,
    without_supposed_tail,
    without_trailing_laugh,
    without_your_conditions,
)
from graphmem.extraction.attributes import relation_attribute
from graphmem.extraction.candidates import (
    REQUEST_SLOTS,
    canonical,
    continues_named_kin,
    requestable,
    rule_facts,
    spaces_time,
    structural_candidate,
    with_slots,
)
from graphmem.extraction.clauses import clause_span, overlaps
from graphmem.extraction.coreference import (
    Referent,
    by_relation,
    clause_object,
    last_plural,
    last_referent,
    resolve,
    resolve_object,
    self_described,
    without_apposition,
)
from graphmem.extraction.corrections import NOT_THAT, TURN_CORRECTION, corrected, replaced
from graphmem.extraction.device_slots import possessions
from graphmem.extraction.facts import CandidateFact, Predicate
from graphmem.extraction.gazetteer import scan
from graphmem.extraction.guards import (
    EXPLICIT,
    HEDGE,
    HYPOTHETICAL,
    JOKE,
    LAUGH_ONLY,
    OTHER_PERSON,
    PAST,
    QUESTION,
    QUOTED,
    REPORTED,
    REQUEST,
    SITUATIONAL,
    without_quotations,
)
from graphmem.extraction.habit_gear import habit_activity
from graphmem.extraction.house_rules import list_item, opens_list
from graphmem.extraction.literal_gate import LiteralGate, lowered
from graphmem.extraction.local_weather import weather_city
from graphmem.extraction.notes import note_updates, notes, remembered_as_said, standing_notes
from graphmem.extraction.recurrence import Topic, topics
from graphmem.extraction.relation_slots import relation_fields, relation_names
from graphmem.extraction.reply_slots import WRITTEN_THING
from graphmem.extraction.rule import Lang, Rule, Segment, Span
from graphmem.extraction.rules_attributes import ATTR_EN_RULES, ATTR_ZH_RULES
from graphmem.extraction.rules_en import EN_RULES
from graphmem.extraction.rules_zh import ZH_RULES
from graphmem.extraction.schedule_slots import (
    GOES_ON,
    answered_meeting_time,
    arranges_meeting,
    meeting_settings,
    names_meeting,
)
from graphmem.extraction.segmentation import HAN, LATIN_WORD, segments
from graphmem.extraction.sightings import claimed_by_it, mentioned
from graphmem.extraction.slot import Slot
from graphmem.extraction.slots import slots
from graphmem.extraction.structure_en import en_findings
from graphmem.extraction.structure_zh import zh_findings
from graphmem.retrieval.lexical import load_jieba

__all__ = ["RuleExtractor", "asks_to_remember"]

_F = re.IGNORECASE
MAX_EXTRACTION_CHARS = 32_000  # as long as an episode may be; working-memory turns are cut to it too
MAX_CONTEXT_TURNS = 3  # earlier turns of the session read for what a turn refers back to
_PLACES = frozenset({Predicate.LOCATION, Predicate.EMPLOYER})
_WEATHER_CONFIDENCE = 0.55  # a city named by its weather: a weak candidate until another session names it
_SMALL_TALK_EVIDENCE = 160
_TASTE_LIKE = frozenset({Predicate.LIKES, Predicate.DISLIKES, Predicate.AVOIDS, Predicate.ALLERGIC_TO, Predicate.DIET})
_RULES: dict[Lang, tuple[Rule, ...]] = {"en": ATTR_EN_RULES + EN_RULES, "zh": ATTR_ZH_RULES + ZH_RULES}
# Each rule with the literal words one of which its every match contains: a segment holding none is not scanned.
_GATED: dict[Lang, tuple[tuple[Rule, LiteralGate], ...]] = {
    lang: tuple((r, LiteralGate.of(r.pattern)) for r in rules) for lang, rules in _RULES.items()
}


MAX_EVIDENCE_CHARS = 300
"""The longest quote of an answer kept as the evidence of what its question framed."""


# A move said in the turn, and a time zone named by its city ("montevideo time", "成都时间")
_MOVED = re.compile(r"\b(?:we|i)(?:'ve|\s+have|\s+just|\s+finally)?\s+moved\b|搬(?:到|去|家|过去|过来)", re.IGNORECASE)
# A sentence opening on the speaker's verb with "I" dropped, as texting does: "been living in portland for 6 years",
# "work at target", "allergic to cats unfortunately", "gluten free here"
_DROPPED_I = re.compile(
    r"\s{0,3}(?:(?P<have>been\s+(?:living|working|at|in|with|doing|vegan|vegetarian))|"
    r"(?P<am>living\s+in|working\s+(?:at|for|as)|allergic\s+to|gluten[-\s]free|lactose\s+intolerant|vegan|vegetarian|"
    r"based\s+in|originally\s+from|retired)|"
    r"(?:work\s+(?:at|for|as)|live\s+in|moved\s+to|just\s+moved\s+to|drive\s+an?|teach|use)\s)",
    re.IGNORECASE,
)
_DROPPED_WO = re.compile(
    r"\s{0,3}(?:(?P<one>[\u4e00-\u9fff]{2,6}一枚)|本人|对[\u4e00-\u9fff]{1,8}过敏|不(?:吃|喝|碰)(?![了啦吧啊])[\u4e00-\u9fff]|"
    r"(?:一直|目前|现在|平时)在[\u4e00-\u9fffA-Za-z]{2,8}(?:上班|工作)(?=$|[，,。！!；;\s了呢]))"
)
# What the assistant is told to stop taking as so ("以后别再当我不喝酒了", "stop assuming I don't drink"), right
# before the statement taken back
_RETRACTED: dict[Lang, re.Pattern[str]] = {
    "zh": re.compile(r"(?:别|不要|甭)再?(?:当|以为|觉得|认为|当作|当成)$"),
    "en": re.compile(r"\b(?:don't|do\s+not|stop)\s+(?:assume|assuming|think|thinking)\s+(?:that\s+)?$", _F),
}
# A thing pointed back at ("那玩意儿我喝一口就想吐", "以后…都别带它"), and a food the turn set aside before it
# ("豆汁儿就别列了啊", "山药就算了")
_ZH_THING_POINTER = re.compile(r"[那这]玩意儿?|[那这]东西|(?<=[带放加上])它")
_ZH_SET_ASIDE = re.compile(
    r"(?:^|[，,。！!；;])\s?(?![那这它你我他她])(?P<t>[\u4e00-\u9fff]{1,5}?)儿?(?:就别|就算了|就不要|可别|千万别|就免了)"
)
# A pronoun standing for a tool: "一直用它", "I log all my runs there", "I do everything in it"
_TOOL_POINTER: dict[Lang, re.Pattern[str]] = {
    "zh": re.compile(r"(?<=用)(?:它|这个)(?![\u4e00-\u9fff]?的)"),
    "en": re.compile(r"\b(?:use|using|in|on)\s(?P<p>it)\b|\b(?P<p2>there)(?=\s{0,3}[.,!;]|$)", re.IGNORECASE),
}
# What is named but is no tool
_NOT_TOOLS = frozenset(
    {"city", "company", "job", "timezone", "airline", "hotel", "seat", "seat_row", "seat_class", "travel_mode", "diet"}
)
# A capitalised English name inside a sentence ("How do I make Strava stop …?"), not "I" or a sentence's first word
_EN_NAME = re.compile(r"(?<=[a-z,] )(?!I\b)(?-i:[A-Z])[A-Za-z0-9]{2,20}\b")
# A business by the kind of place it is ("早餐店", "快递驿站", "花店"): one's own, one's employer too
_OWN_BUSINESS = re.compile(r"(?:店|驿站|超市|饭馆|餐馆|工作室|诊所|小卖部|面馆|摊|铺子?|作坊|民宿|饭庄)$")
_CITY_TIME = re.compile(r"^([a-z][a-z .'-]{1,30}?)\s+time$|^([\u4e00-\u9fff]{2,5})时间$")
_CITY_TIME_SAID = re.compile(
    r"\b((?-i:[A-Z])[a-z .'-]{1,30}?)\s+time\b|(?:成|改成|换成|用|按)([\u4e00-\u9fff]{2,5}?)时间", _F
)


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
                    import spacy

                    load_jieba()
                    zh = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
                    en = spacy.blank("en")
                    self._nlp.update({"zh": zh, "en": en})
        return self._nlp

    def _tokenize(self, text: str, lang: Lang) -> list[Span]:
        doc = self._pipelines()[lang].make_doc(text)
        return [(t.idx, t.idx + len(t.text)) for t in doc if not t.is_space]

    # -- public ---------------------------------------------------------------------------------------
    def extract(self, text: str, context: Sequence[str] = (), asked: str = "") -> list[CandidateFact]:
        """`_read(text, context)`; with `asked`, the assistant's turn just before, a bare answer to its question
        ("你养的是什么品种？" / "金丝熊，叫布丁") is also read as the statement it makes ("我养的是金丝熊，叫布丁",
        `answers.framed`). What that reading adds quotes the answer as its evidence."""
        stated = self._read(text, context)
        head = text[:MAX_EXTRACTION_CHARS]
        read_as = by_relation(remembered_as_said(head), context[-MAX_CONTEXT_TURNS:])
        if read_as != head:
            # "你把糖糖的生日记下来，六月十二" after "她叫糖糖": "我闺女的生日是六月十二，记下来"
            keys = {f.key for f in stated}
            said = head[:MAX_EVIDENCE_CHARS].strip() or head
            stated += [replace(f, evidence=said) for f in self._read(read_as, context) if f.key not in keys]
        habit = habit_activity(head)
        if habit is not None and not any(f.predicate in _TASTE_LIKE for f in stated):
            # "Can you recommend a pickleball paddle for someone who plays three or four times a week?": the
            # activity the gear is for, kept up as a habit
            value, start, end = habit
            stated += self._restated(("我喜欢{}。", "I love {}."), value, Predicate.LIKES, text[start:end])
        local = weather_city(head)
        if local is not None and not any(f.predicate is Predicate.LOCATION for f in stated):
            # "ok milwaukee is finally above freezing": small talk of the weather where the speaker is (weak)
            said = text[:_SMALL_TALK_EVIDENCE].strip()
            homes = self._restated(("我住在{}。", "I live in {}."), local[0], Predicate.LOCATION, said)
            stated += [replace(f, confidence=_WEATHER_CONFIDENCE) for f in homes]
        # (the city as said: "成都时间" is stored as its zone, utc+8)
        zones = [
            (f, m)
            for f in stated
            if f.predicate is Predicate.TIMEZONE
            if (m := _CITY_TIME.match(f.value) or _CITY_TIME_SAID.search(f.evidence))
            if any(h.category == "city" for h in scan(m.group(1) or m.group(2)))
        ]
        if zones and _MOVED.search(head) and not any(f.predicate is Predicate.LOCATION for f in stated):
            # "we moved last week. Please switch me over to Montevideo time": the city of the new time is home, as
            # explicitly as the time is asked for
            zone, city = zones[0]
            homes = self._restated(
                ("我住在{}。", "I live in {}."), city.group(1) or city.group(2), Predicate.LOCATION, zone.evidence
            )
            stated += [replace(f, explicit=zone.explicit) for f in homes]
        own = [f for f in stated if f.predicate is Predicate.JOB and _OWN_BUSINESS.search(f.value)]
        if own and not any(f.predicate is Predicate.EMPLOYER for f in stated):
            # "跟我对象盘了个早餐店": a business of one's own is where one works as much as what one does
            stated.append(replace(own[0], predicate=Predicate.EMPLOYER))
        said = framed(asked, text[:MAX_EXTRACTION_CHARS], context[-1] if context else "") if asked else ""
        if not said:
            return stated
        whole = said if text in said else f"{said}{'。' if HAN.search(said) else ' '}{text}"
        keys = {f.key for f in stated}
        added = [
            f if f.evidence in text else replace(f, evidence=text[:MAX_EVIDENCE_CHARS].strip() or text)
            for f in self._read(whole, context)
            if f.key not in keys and f.predicate is not Predicate.NOTE
        ]
        if added and any(f.explicit for f in stated):
            # "Yes, Noodle. … Please keep her in your memory": the request to remember is of what the answer
            # states, not a note of its words
            added = [replace(f, explicit=True) for f in added]
            stated = [f for f in stated if f.predicate is not Predicate.NOTE]
        return stated + added

    def _restated(
        self, frames: tuple[str, str], value: str, predicate: Predicate, evidence: str
    ) -> list[CandidateFact]:
        """What a plain statement of `value` (`frames`: its Chinese and English wording) states of `predicate`,
        quoting `evidence`: the words that implied it."""
        said = (frames[0] if HAN.search(value) else frames[1]).format(value)
        return [replace(f, evidence=evidence) for f in self._read(said) if f.predicate is predicate]

    def _read(self, text: str, context: Sequence[str] = ()) -> list[CandidateFact]:
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
        segments = list(self._segments(text, marked, statements_before_questions=True))
        asked = bool(marked) or any(seg.explicit and not seg.correction for seg in segments)
        if asked:
            # "…, remember that" / "…。记一下" / "以后按苏州来": a request to remember covers the whole turn
            for seg in segments:
                seg.explicit = True
        correcting = bool(TURN_CORRECTION.search(text))
        for seg in segments:
            seg.in_correction = correcting
        if segments and earlier and arranges_meeting(earlier[-1]) and not names_meeting(segments[0].text):
            # "Can you find a slot with the Berlin team?" … "Mornings.": a bare answer about the meeting asked for
            segments[0].answers_meeting = True
        listing = False  # a segment before announced a list of rules and ended on "；"
        for seg in segments:
            seg.list_item = listing
            after = text[seg.start + len(seg.text) : seg.start + len(seg.text) + 1]
            listing = (listing or opens_list(seg.text)) and after in ("；", ";")
        met = False  # a segment before named a meeting
        for seg in segments:
            named = names_meeting(seg.text)
            seg.continues_meeting = met and not named and bool(GOES_ON.match(seg.text))
            met = met or named
        best: dict[tuple[str, str, bool], CandidateFact] = {}
        last: CandidateFact | None = None
        for i, seg in enumerate(segments):
            nxt = segments[i + 1].text if i + 1 < len(segments) else ""
            if LAUGH_ONLY.match(nxt):
                continue
            facts = self._extract_segment(seg, seg.lang)
            other: Lang = "en" if seg.lang == "zh" else "zh"
            if not facts and (HAN.search(seg.text) if other == "zh" else LATIN_WORD.search(seg.text)):
                facts = self._extract_segment(seg, other)
            referent = last_referent(seg.text) or referent
            if referent is not None:  # "…麻薯今年三岁了，生日是4月2号": what a clause says of the relation
                keys = {f.key for f in facts}
                facts = facts + [f for f in self._about_referent(seg, referent) if f.key not in keys]
            if not facts and seg.lang == "en":  # "olives finally grew on me, I actually enjoy them now"
                facts = self._about_object(seg, text)
            if not facts and seg.lang == "zh" and _ZH_THING_POINTER.search(seg.text):
                # "豆汁儿就别列了啊，那玩意儿我喝一口就想吐，以后…都别带它": the thing the turn set aside
                facts = self._about_thing_zh(seg, text)
            if not facts and seg.lang == "zh" and (opening := _DROPPED_WO.match(seg.text)):
                # "对猫毛过敏", "不吃香菜哈", "本人程序员一枚": the speaker left unsaid, or said as 本人
                said = seg.text.lstrip()
                said = "我" + said[2:] if said.startswith("本人") else said
                if opening.group("one"):  # "程序员一枚": one of a kind, "我是程序员"
                    said = "我是" + said.replace("一枚", "", 1).removeprefix("我")
                facts = self._with_subject(seg, "" if said.startswith("我") else "我", said)
            if not facts and seg.lang == "en" and (opening := _DROPPED_I.match(seg.text)):
                # "been living in portland for like 6 years now", "work at target, cashier mostly": texting drops "I"
                facts = self._with_subject(
                    seg, "I'm " if opening.group("am") else "I've " if opening.group("have") else "I "
                )
            if not facts and seg.start > 0:  # "美图秀秀里怎么…？我修图一直用它": the tool the turn named before
                facts = self._about_tool(seg, text[: seg.start])
            facts = facts + self._apposed(seg, {f.key for f in facts})
            facts = facts + self._self_described(seg, {f.key for f in facts})
            if not facts and seg.correction and last is None and earlier:
                last = self._last_stated(earlier, seg)  # "我刚才说错了，是心心": what the speaker said just before
            repaired: set[str] = set()  # keys this turn stated and now repairs
            if not facts and seg.correction and last is not None:
                fixed = corrected(last, seg)
                if fixed is not None:  # "…, sorry, I meant amoxicillin": the value replaces the one just said
                    if any(f is last for f in best.values()):
                        # (a value-keyed fact repaired gets the new value's key: "都用Edge……不对，是Chrome")
                        repaired.update((last.key, fixed.key))
                    best = {k: f for k, f in best.items() if f is not last}
                    facts = [fixed]
            for found in map(canonical, (f for f in facts if not spaces_time(f))):
                f = replace(found, correction=True) if correcting else found
                k = (f.key, str(f.predicate), f.polarity)
                if f.correction and not asked and (f.key in repaired or (k in best and best[k].value != f.value)):
                    # "My go-to airline is Delta, sorry, I meant United": a slip repaired in the same breath is
                    # one statement, as tentative as any other, not a correction of what was held
                    f = replace(f, correction=False)
                repair = correcting or seg.correction  # "我属蛇……哎不对，…按农历得算属龙": the value after the repair
                if k not in best or f.confidence > best[k].confidence or (repair and f.value != best[k].value):
                    best.pop(k, None)  # a corrected value goes after the one it replaces
                    best[k] = f
                last = best[k]
        stated = list(best.values())
        # what the turn asks to be remembered and no reading above stated: a note (a turn correcting what was said
        # before is read by the corrections, one repairing a slip in the same breath keeps the repaired words)
        stated += notes(text, stated)
        # a turn nothing above understood that still says how things stand from now on ("以后…", "going forward …")
        return stated or standing_notes(text)

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

    def _self_described(self, seg: Segment, keys: set[str]) -> list[CandidateFact]:
        """What `seg` says of the speaker by the kind of person they are ("我这种不吃肉的人总算有地方聚餐了"), read as
        a statement of their own; only keys not yet stated, quoting the segment."""
        read_as = self_described(seg.text, seg.lang)
        if read_as is None:
            return []
        read = Segment(seg.start, read_as, seg.lang, seg.explicit, self._tokenize)
        return [replace(f, evidence=seg.text) for f in self._extract_segment(read, seg.lang) if f.key not in keys]

    def _about_thing_zh(self, seg: Segment, text: str) -> list[CandidateFact]:
        """The stance `seg` takes on "那玩意儿" or "它" (as what is kept off: "别带它"), read as the food the turn set
        aside before it ("豆汁儿就别列了啊"); only tastes, quoting the segment."""
        pointer = _ZH_THING_POINTER.search(seg.text)
        topics = list(_ZH_SET_ASIDE.finditer(text, 0, seg.start + pointer.start())) if pointer else []
        if not topics:
            return []
        thing = topics[-1].group("t")
        resolved = _ZH_THING_POINTER.sub(thing, seg.text)
        read = Segment(seg.start, resolved, seg.lang, seg.explicit, self._tokenize)
        read.correction = seg.correction
        taste = (Predicate.LIKES, Predicate.DISLIKES, Predicate.AVOIDS)
        return [replace(f, evidence=seg.text) for f in self._extract_segment(read, seg.lang) if f.predicate in taste]

    def _about_object(self, seg: Segment, text: str) -> list[CandidateFact]:
        """The stance `seg` takes on "them", read as the last plural thing the turn named before it (else the thing
        the sentence before ends on: "…a jigsaw puzzle. I've been into them"); on "it" or "the stuff", the thing the
        clause before ends on ("skip anything heavy on blue cheese, I really can't stand the stuff")."""
        # "them", and "those things" ("I'm never going to like those things")
        at = next((i for i in (seg.text.find(w) for w in (" them", " those things", " these things")) if i >= 0), -1)
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

    def _with_subject(self, seg: Segment, subject: str, said: str = "") -> list[CandidateFact]:
        """What `seg` (or `said`, its words reworded) states read with the speaker's dropped subject put back,
        quoting the segment."""
        read = Segment(seg.start, subject + (said or seg.text.lstrip()), seg.lang, seg.explicit, self._tokenize)
        read.correction, read.request = seg.correction, seg.request
        return [replace(f, evidence=seg.text) for f in self._extract_segment(read, seg.lang)]

    def _about_tool(self, seg: Segment, before: str) -> list[CandidateFact]:
        """What `seg` says of the tool it points back to ("我修图一直用它", "I log all my runs there"): read with the
        tool the turn named last before it (one the gazetteer knows, or a capitalised English name); only the facts
        of that tool, quoting the segment."""
        found = _TOOL_POINTER[seg.lang].search(seg.text)
        if found is None:
            return []
        start, end = (
            found.span("p") if found.groupdict().get("p") else found.span("p2") if seg.lang == "en" else found.span()
        )
        known = [h for h in scan(before) if h.category not in _NOT_TOOLS]
        names = [before[h.start : h.end] for h in known]
        if not names and seg.lang == "en":
            names = [m.group(0) for m in _EN_NAME.finditer(before)]
        if not names:
            return []
        name = names[-1]
        said = ("on " if seg.text[start:end].lower() == "there" else "") + name
        read = Segment(
            seg.start,
            seg.text[:start] + said + seg.text[end:],
            seg.lang,
            seg.explicit,
            self._tokenize,
        )
        wanted = {name.casefold(), *(h.value.casefold() for h in known[-1:])}
        return [
            replace(f, evidence=seg.text) for f in self._extract_segment(read, seg.lang) if f.value.casefold() in wanted
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
        one, else "" (`corrections.replaced`)."""
        return replaced(text[:MAX_EXTRACTION_CHARS], values)

    def updated_notes(self, text: str, notes: list[str]) -> list[str]:
        """For each of the speaker's notes, the words that replace it when `text` (which stated nothing but notes)
        updates or corrects it, else "" (`notes.note_updates`)."""
        self._pipelines()
        return note_updates(text[:MAX_EXTRACTION_CHARS], notes)

    def topics(self, text: str) -> list[Topic]:
        """The topics of the text's first-hand clauses (`recurrence.topics`)."""
        self._pipelines()
        return topics(text[:MAX_EXTRACTION_CHARS])

    def mentioned(
        self, text: str, values: list[str], polarities: list[bool] | None = None, naming: list[bool] | None = None
    ) -> list[bool]:
        """For each value, whether `text` names it again in a plain first-hand statement, read against the
        candidate's stance in `polarities`; `naming` marks values that name what the speaker is or has
        (`sightings.mentioned`)."""
        self._pipelines()
        text = text[:MAX_EXTRACTION_CHARS]
        read = segments(text, [], self._tokenize, statements_before_questions=True, how_to_questions=True)
        found = mentioned(read, values, polarities, naming)
        return found if any(found) else claimed_by_it(text, values, polarities)

    def _segments(self, text: str, marked: list[bool], statements_before_questions: bool = False) -> Iterator[Segment]:
        return segments(text, marked, self._tokenize, statements_before_questions)

    # -- one segment ----------------------------------------------------------------------------------
    def _extract_segment(self, seg: Segment, lang: Lang) -> list[CandidateFact]:
        norm = said = seg.text.replace("\u2019", "'").replace("\u2018", "'")
        if lang == "en" and (HYPOTHETICAL[lang].search(norm) or QUESTION[lang].search(norm)):
            # "if you're ever suggesting restaurants, skip …": a standing rule; "…, even if I write in English":
            # a rule for every case
            norm = without_concessions(without_your_conditions(norm))
            norm = without_supposed_tail(norm, HYPOTHETICAL[lang])
        # "Here I want casual replies, even though I usually like formal ones": the default conceded holds
        # elsewhere, not where the turn's rule does
        norm = without_conceded_default(norm, lang)
        if JOKE[lang].search(norm):
            # "I live in Melbourne (Australia, not Florida lol)": the aside laughs, not the fact; "every password i
            # have lives in 1Password lol": a laugh that closes a plain statement
            norm = without_trailing_laugh(without_joking_asides(norm, JOKE[lang], LAUGH_ONLY))
        if JOKE[lang].search(norm) or (HYPOTHETICAL[lang].search(norm) and not _directive(seg, norm)):
            if seg.continues_meeting and not JOKE[lang].search(norm):
                # "…a call where nobody decided anything. If there's nothing to decide, I'd rather read it in my
                # inbox": a condition on every meeting, no supposition
                found = meeting_settings(norm, named=True)
                return with_slots([], found, seg, norm, lang, False) if found else []
            return []
        if SITUATIONAL[lang].search(norm) and not seg.explicit:
            # a one-off remark; said with "remember"/"update", the time word dates a change instead. Only its own
            # clause is one-off: "我家那只柯基叫旺财，今天又把我的拖鞋咬烂了" still names the dog
            norm = without_one_offs(norm, SITUATIONAL[lang], lang)
            if not norm.strip(CLAUSE_PUNCT) and not (lang == "en" and relation_names(said)) and not possessions(said):
                return []
        norm = without_quotations(norm)  # "喊“离合慢点”": the words quoted, not the speaker's statement around them
        if QUOTED.search(norm):
            return []
        hedged = bool(HEDGE[lang].search(norm))
        taken: list[Span] = []
        out: list[CandidateFact] = []
        if seg.request:  # "Could you leave the emojis out of your answers?": only how to reply, when and how to meet
            requested = self._requested(seg, norm, lang, hedged)
            found = [s for s in slots(norm, lang, addressed=True) if requestable(s)]
            return with_slots(requested, found, seg, norm, lang, hedged) if found else requested
        request = bool(REQUEST[lang].search(norm))  # "你回答里能不能别加那么多表情符号": asks, not a question
        lower = lowered(norm)
        for rule, gate in _GATED[lang]:
            if not gate.admits(norm, lower):
                continue
            asked = request and rule.predicate in REQUEST_SLOTS
            for m in rule.pattern.finditer(norm):
                c_start, c_end = clause_span(norm, m.start())
                before = norm[c_start : m.start()]
                clause = norm[c_start:c_end]
                if PAST[lang].search(before) or REPORTED[lang].search(clause):
                    continue
                if QUESTION[lang].search(clause) and not asked:
                    continue
                if rule.predicate is Predicate.PREFERS_LANGUAGE and WRITTEN_THING.search(clause):
                    continue  # "这个项目的文档都用英文写": what the docs are written in
                v_end = clause_span(norm, m.end())[1] if m.end() < len(norm) else c_end
                facts = rule_facts(rule, m, seg, norm, v_end, lang, hedged)
                if OTHER_PERSON[lang].search(clause):
                    facts = [(f, e) for f, e in facts if f.predicate not in _TASTE_LIKE]
                if _RETRACTED[lang].search(before):
                    # "以后别再当我不喝酒了", "stop assuming I don't drink": what is taken back is the opposite
                    facts = [(replace(f, polarity=not f.polarity), e) for f, e in facts if f.predicate in _TASTE_LIKE]
                v_at = m.start("v") if "v" in rule.pattern.groupindex and m.group("v") else m.start()
                if lang == "zh" and continues_named_kin(norm, clause_span(norm, v_at)[0]):
                    # "我爱人叫春梅，在镇上开了家包子铺": the clause goes on about the relation just named
                    facts = [(f, e) for f, e in facts if ":" in f.attribute or f.predicate is Predicate.RELATION_NAME]
                if facts:
                    end = max(m.end(), *(e for _, e in facts))
                    # the words read as the value: "我老家是东北的，现在在深圳上班" reads 东北 and 深圳 by two rules
                    # whose matches overlap
                    start = m.start("v") if "v" in rule.pattern.groupindex and m.group("v") else m.end()
                    if overlaps(taken, start, end):
                        continue
                    bisect.insort(taken, (start, end))
                    out.extend(f for f, _ in facts)
        if not out:
            out = self._structural(seg, norm, lang, hedged)
        else:  # clauses no rule read ("我对猫毛过敏，不吃辣，住在重庆"): their structure, keys not yet stated
            keys = {f.key for f in out}
            for f, span in self._structural_spans(seg, norm, lang, hedged):
                c_start, c_end = clause_span(norm, span)
                unread = False
                if f.predicate in _PLACES or f.predicate is Predicate.JOB:
                    # "I'm a nurse in Leeds": a rule read the role, the place is unread; "我在比亚迪当电池工程师": the
                    # employer, the role is unread
                    c_start, c_end = span, span + len(f.value)
                    # "I work at Boeing as a machinist": the role's rule spans the employer, whose words no fact holds
                    unread = not any(f.value in o.value or o.value in f.value for o in out)
                if f.key not in keys and (unread or not overlaps(taken, c_start, c_end)):
                    keys.add(f.key)
                    out.append(f)
        found = slots(norm, lang, correcting=seg.correction or seg.in_correction)
        if not found and seg.explicit and names_meeting(norm):
            # "The check-in is now Monday at 7 a.m. … Please update that for me": a meeting the speaker asks to keep
            found = meeting_settings(norm)
        item = list_item(norm) if seg.list_item and not found and not out else None
        if item is not None:  # "…你记两条：金额一律用分存整数；代码行宽不超过120": the item is a rule
            found = [Slot(Predicate.INSTRUCTION, "", item.value, True, item.start, item.end)]
        if seg.continues_meeting and not found:
            found = meeting_settings(norm, named=True)
        if seg.answers_meeting and not any(s.attribute == "meeting_time" for s in found):
            found += answered_meeting_time(norm)
        if names_meeting(said) and not names_meeting(norm):
            # "When you set up meetings for me, cap them at 25 minutes": the condition names what the rule is about
            found += [s for s in meeting_settings(said) if norm[s.start : s.end].strip()]
        if lang == "en" and not any(s.predicate is Predicate.RELATION_NAME for s in found):
            # "Our greyhound Pickle turned nine this month": a name is no one-off, whatever the clause dates
            found += relation_names(said) + relation_fields(said, lang)
        if norm != said:  # "My Subaru Outback's check engine light came on this morning": what one has is no one-off
            held = {s.attribute for s in found}
            found += [s for s in possessions(said) if s.attribute not in held and not norm[s.start : s.end].strip()]
        if found:
            out = with_slots(out, found, seg, norm, lang, hedged)
        return out

    def _requested(self, seg: Segment, norm: str, lang: Lang, hedged: bool) -> list[CandidateFact]:
        """What a request question asks of the assistant's replies, read by the rules of those predicates."""
        out: list[CandidateFact] = []
        for rule in _RULES[lang]:
            if rule.predicate not in REQUEST_SLOTS:
                continue
            for m in rule.pattern.finditer(norm):
                c_start, c_end = clause_span(norm, m.start())
                if PAST[lang].search(norm[c_start : m.start()]) or REPORTED[lang].search(norm[c_start:c_end]):
                    continue
                v_end = clause_span(norm, m.end())[1] if m.end() < len(norm) else c_end
                out.extend(f for f, _ in rule_facts(rule, m, seg, norm, v_end, lang, hedged))
        return out

    def _structural(self, seg: Segment, norm: str, lang: Lang, hedged: bool) -> list[CandidateFact]:
        """Facts the clause structure states where no rule matched, under the same guards as the rules."""
        return [f for f, _ in self._structural_spans(seg, norm, lang, hedged)]

    def _structural_spans(self, seg: Segment, norm: str, lang: Lang, hedged: bool) -> list[tuple[CandidateFact, int]]:
        """:meth:`_structural` with where each fact's value starts."""
        found = zh_findings(norm) if lang == "zh" else en_findings(norm)
        out: list[tuple[CandidateFact, int]] = []
        for f in found:
            c_start, c_end = clause_span(norm, f.start)
            clause = norm[c_start:c_end]
            if (
                PAST[lang].search(norm[c_start : f.start])
                or REPORTED[lang].search(clause)
                or QUESTION[lang].search(clause)
            ):
                continue
            if f.predicate in _TASTE_LIKE and OTHER_PERSON[lang].search(clause):
                continue
            out.append((structural_candidate(f, seg, lang, hedged), f.start))
        return out


# "From now on, assume I'm not into horror movies": with a standing marker, "assume I …" tells the assistant
# what to take as true, it supposes nothing.
_ASSUME_DIRECTIVE = re.compile(r"(?:^|[,;:]\s*)(?:please\s+)?(?:always\s+)?assume\s+(?:that\s+)?i\b", _F)


def asks_to_remember(text: str) -> bool:
    """Whether `text` asks, in either language, to remember or update what it says ("记住…", "from now on…",
    "please update that"): what lets one statement become a fact at once."""
    return bool(EXPLICIT["zh"].search(text) or EXPLICIT["en"].search(text))


def _directive(seg: Segment, norm: str) -> bool:
    """Whether a segment's only hypothetical words are a standing "assume I …" directive or, in a turn that asks to
    remember, conditions on something other than the speaker ("Please remember this one: if a meeting invite
    doesn't come with an agenda, I'm going to decline it"): a rule for every case, not a supposition."""
    if not seg.explicit:
        return False
    read = _ASSUME_DIRECTIVE.sub(", i", norm)
    read = _CONDITION_ON_OTHER.sub(", ", read)
    return read != norm and not HYPOTHETICAL[seg.lang].search(read)


# "if a meeting invite doesn't come with …", "if the hotel has no …": a condition whose subject is not the speaker
_CONDITION_ON_OTHER = re.compile(
    r"(?:^|[,;:]\s*)(?:if|when|whenever)\s+(?:a|an|the|any|there)\b|"
    # "出差订机票的话，我要靠过道的位置": the occasion of a task, no supposition
    r"(?:^|[，,；;])(?:出差|平时|以后)?(?:订|买|点|约|安排|推荐|帮我订|给我订)[\u4e00-\u9fff]{1,6}?(?:的话|的时候)(?=[，,])",
    _F,
)
