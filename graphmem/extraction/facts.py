"""Candidate facts produced by extraction: the closed predicate set, fact kinds and the fact key that
conflict detection compares. Plain types, no behaviour beyond derived properties.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

__all__ = ["FUNCTIONAL", "MULTI_VALUED", "NAMING", "TASTE", "CandidateFact", "FactKind", "Predicate"]


class FactKind(StrEnum):
    """What sort of statement a fact is."""

    PREFERENCE = "preference"
    ATTRIBUTE = "attribute"
    CONSTRAINT = "constraint"


class Predicate(StrEnum):
    """The closed set of normalised predicate classes.

    Values of closed-vocabulary predicates (reply style, tone, format, language, workdays, contact windows
    and diet) are canonical English ("short replies", "chinese", "monday-friday", "workdays") whatever the
    source language, so a Chinese and an English statement of the same preference agree; open values
    (foods, places, names, technologies, instructions) keep the source text, lowercased for Latin script.
    """

    LIKES = "likes"
    """Taste: the subject likes the value ("I love sushi", "我喜欢香菜")."""
    DISLIKES = "dislikes"
    """Taste: the subject dislikes the value ("I hate cilantro", "我不喜欢香菜")."""
    AVOIDS = "avoids"
    """Taste: the subject does not eat/drink/use the value ("I don't eat pork", "我不吃香菜"); polarity False
    means the subject no longer avoids it ("I eat cilantro now")."""
    ALLERGIC_TO = "allergic_to"
    """Taste: the subject is allergic to the value ("I'm allergic to peanuts", "我对花生过敏")."""
    DIET = "diet"
    """Functional: the subject's diet ("vegetarian", "vegan", "pescatarian", "halal", "kosher")."""
    PREFERS_REPLY_STYLE = "prefers_reply_style"
    """Functional: how long what the agent writes should be: "short replies" or "detailed replies"."""
    PREFERS_TONE = "prefers_tone"
    """Functional: the register of the agent's replies: "formal" or "casual"."""
    PREFERS_FORMAT = "prefers_format"
    """Multi-valued: a presentation device wanted (polarity True) or not (False): "bullet points", "tables",
    "markdown", "plain text", "emojis"."""
    PREFERS_LANGUAGE = "prefers_language"
    """Functional: the language the agent should reply in ("chinese", "english", ...); polarity False = not
    that language."""
    CONTACT_WINDOW = "contact_window"
    """Functional: when the subject may be contacted ("9am-6pm", "上午九点到下午六点")."""
    DO_NOT_DISTURB = "do_not_disturb"
    """Multi-valued: a time the subject must not be disturbed ("workdays", "weekends", "after 9pm")."""
    WORKDAYS = "workdays"
    """Functional: the subject's working days as a range of English day names ("monday-friday")."""
    LOCATION = "location"
    """Functional: where the subject lives now ("berlin", "上海")."""
    HOMETOWN = "hometown"
    """Functional: where the subject is from ("munich", "四川")."""
    NAME = "name"
    """Functional: what the subject wants to be called ("sam", "小王")."""
    JOB = "job"
    """Functional: the subject's occupation ("software engineer", "程序员")."""
    EMPLOYER = "employer"
    """Functional: where the subject works ("google", "阿里巴巴")."""
    SPEAKS = "speaks"
    """Multi-valued: a language the subject speaks ("german", "日语" → "japanese")."""
    LEARNING = "learning"
    """Multi-valued: something the subject says they are learning. Always below 0.5 confidence: an ongoing
    activity, not a durable preference, so the semantic layer never records it on its own."""
    USES_TOOL = "uses_tool"
    """Multi-valued: a tool or technology the user works with ("vim", "vs code")."""
    USES_LANGUAGE = "uses_language"
    """Functional: the programming language a project is written in, or the user writes code in ("rust");
    said inside a project about that project, it overrides the user's language there."""
    USES_TECH = "uses_tech"
    """Multi-valued (projects): another technology a project uses ("postgres", "kafka")."""
    RELATION_NAME = "relation_name"
    """Functional per relation: the name of someone or something close to the subject ("my daughter's name is
    Anna" → value "anna", attribute "child:daughter:name"; "我老婆叫小丽" → attribute "spouse:name")."""
    BIRTHDAY = "birthday"
    """Functional per person: a birthday ("my birthday is May 3" → attribute "birthday"; "my son's birthday is
    in June" → "child:son:birthday")."""
    TIMEZONE = "timezone"
    """Functional: the subject's time zone ("cet", "utc+8", "东八区" → "utc+8")."""
    WORK_HOURS = "work_hours"
    """Functional: the subject's working hours ("9am-5pm", "九点到六点")."""
    DEADLINE = "deadline"
    """Functional: the date a piece of work must be done by; said inside a project, the project's ("3月30日",
    "june 20")."""
    BUDGET = "budget"
    """Functional: money a piece of work may spend (attribute "budget": "总预算十八万") or aims to raise or reach
    (attribute "goal_amount": "our goal is to raise $2,000"), kept as said; said inside a project, the project's."""
    LIMIT = "limit"
    """Functional: a length a piece of work must keep within (attribute "length_limit": "12,000 words", "三万字");
    said inside a project, the project's."""
    VENUE = "venue"
    """Functional: where an event is held (attribute "venue": "聚丰园", "the grand hotel"); said inside a project,
    the project's."""
    INSTRUCTION = "instruction"
    """Multi-valued: a standing instruction to the agent ("always cc my manager" → value "cc my manager",
    polarity True; "never use jargon" → value "use jargon", polarity False)."""

    RECURS = "recurs"
    """Taste: something the subject keeps coming back to in their own words, in two sessions or more, with a
    word of stance or habit, that no rule read as a fact (graphmem/extraction/recurrence.py); polarity False
    when they speak against it. Keyed by the object, so a later "I love X" or "I can't stand X" is its next
    version."""

    NOTE = "note"
    """Multi-valued: what the subject explicitly asked to be remembered when no narrower predicate reads it
    ("remember that every timestamp is stored in UTC" → value "every timestamp is stored in utc"): their own
    words, kept as said."""

    @property
    def family(self) -> Literal["functional", "taste", "multi"]:
        """How facts of this predicate are keyed; see :attr:`CandidateFact.key`."""
        if self in TASTE:
            return "taste"
        return "functional" if self in FUNCTIONAL else "multi"

    @property
    def kind(self) -> FactKind:
        """The usual kind of a fact with this predicate."""
        return _KINDS.get(self, FactKind.ATTRIBUTE)


TASTE: frozenset[Predicate] = frozenset(
    {Predicate.LIKES, Predicate.DISLIKES, Predicate.AVOIDS, Predicate.ALLERGIC_TO, Predicate.RECURS}
)
"""Predicates about an object: keyed by the object, so stances on the same object conflict."""

FUNCTIONAL: frozenset[Predicate] = frozenset(
    {
        Predicate.DIET,
        Predicate.PREFERS_REPLY_STYLE,
        Predicate.PREFERS_TONE,
        Predicate.PREFERS_LANGUAGE,
        Predicate.CONTACT_WINDOW,
        Predicate.WORKDAYS,
        Predicate.LOCATION,
        Predicate.HOMETOWN,
        Predicate.NAME,
        Predicate.JOB,
        Predicate.EMPLOYER,
        Predicate.USES_LANGUAGE,
        Predicate.RELATION_NAME,
        Predicate.BIRTHDAY,
        Predicate.TIMEZONE,
        Predicate.WORK_HOURS,
        Predicate.DEADLINE,
        Predicate.BUDGET,
        Predicate.LIMIT,
        Predicate.VENUE,
    }
)
"""Predicates with one current value per subject: a new value replaces the old one."""

MULTI_VALUED: frozenset[Predicate] = frozenset(set(Predicate) - TASTE - FUNCTIONAL)
"""Predicates a subject may hold for many values at once: keyed by the value, polarity flips conflict."""

NAMING: frozenset[str] = frozenset(
    str(p) for p in (Predicate.LOCATION, Predicate.HOMETOWN, Predicate.JOB, Predicate.EMPLOYER, Predicate.RELATION_NAME)
)
"""Predicates whose value names what the subject is or has (a place, an occupation, an employer, a relative's
name), as a stored fact's `predicate` string: a later clause naming the value speaks of it even when it denies
something else ("何川这周末总算不加班了")."""

_NEGATIVE: frozenset[Predicate] = frozenset({Predicate.DISLIKES, Predicate.AVOIDS, Predicate.ALLERGIC_TO})

_KINDS: dict[Predicate, FactKind] = {
    Predicate.LIKES: FactKind.PREFERENCE,
    Predicate.DISLIKES: FactKind.PREFERENCE,
    Predicate.RECURS: FactKind.PREFERENCE,
    Predicate.PREFERS_REPLY_STYLE: FactKind.PREFERENCE,
    Predicate.PREFERS_TONE: FactKind.PREFERENCE,
    Predicate.PREFERS_FORMAT: FactKind.PREFERENCE,
    Predicate.PREFERS_LANGUAGE: FactKind.PREFERENCE,
    Predicate.AVOIDS: FactKind.CONSTRAINT,
    Predicate.ALLERGIC_TO: FactKind.CONSTRAINT,
    Predicate.DIET: FactKind.CONSTRAINT,
    Predicate.CONTACT_WINDOW: FactKind.CONSTRAINT,
    Predicate.DO_NOT_DISTURB: FactKind.CONSTRAINT,
    Predicate.INSTRUCTION: FactKind.CONSTRAINT,
    Predicate.TIMEZONE: FactKind.CONSTRAINT,
    Predicate.DEADLINE: FactKind.CONSTRAINT,
    Predicate.BUDGET: FactKind.CONSTRAINT,
    Predicate.LIMIT: FactKind.CONSTRAINT,
    Predicate.VENUE: FactKind.ATTRIBUTE,
}


@dataclass(frozen=True)
class CandidateFact:
    """One statement extracted from text, not yet believed.

    Invariants (checked on construction): `evidence` is non-empty (it is an exact substring of the text it
    came from), `confidence` is in (0, 1], `language` is "zh" or "en", `scope_hint` is "user" or "project".
    `subject` is "user" for the speaker or a normalised named subject such as "project a" ("project" alone
    is the project the conversation is in). `attribute`, when set, names the attribute the value is a
    version of ("code_comment_style", "child:daughter:name") and decides the key on its own. `correction` marks
    a statement that corrects what the speaker said before ("sorry, I meant …", "不对，我说错了…").
    """

    subject: str
    predicate: Predicate
    value: str
    polarity: bool
    kind: FactKind
    fact: str
    evidence: str
    confidence: float
    explicit: bool
    language: str
    scope_hint: str = "user"
    attribute: str = ""
    correction: bool = False

    def __post_init__(self) -> None:
        if not self.evidence:
            raise ValueError("a candidate fact needs an evidence quote")
        if not 0.0 < self.confidence <= 1.0:
            raise ValueError(f"confidence must be in (0, 1], got {self.confidence}")
        if self.language not in ("zh", "en"):
            raise ValueError(f"language must be 'zh' or 'en', got {self.language!r}")
        if self.scope_hint not in ("user", "project"):
            raise ValueError(f"scope_hint must be 'user' or 'project', got {self.scope_hint!r}")

    @property
    def stance(self) -> bool:
        """Whether the statement is positive about its value: False for a negated statement and for a negative
        stance on an object ("dislikes cilantro", "does not eat pork", "allergic to peanuts"), so that "I can't
        stand cilantro" and "I like cilantro" are the two polarities of one key."""
        return not self.polarity if self.predicate in _NEGATIVE else self.polarity

    @property
    def key(self) -> str:
        """The normalised fact key conflict detection compares.

        A fact with an attribute: ``subject|attribute`` (one current value per attribute, whatever the
        predicate: "detailed comments" and "minimal comments" are versions of ``user|code_comment_style``).
        Functional predicates: ``subject|predicate`` (one current value). Taste predicates:
        ``subject|taste|value`` (likes/dislikes/avoids/allergic_to the same object conflict; different objects
        never do). Multi-valued predicates: ``subject|predicate|value`` (only a polarity flip conflicts).
        """
        if self.attribute:
            return f"{self.subject}|{self.attribute}"
        family = self.predicate.family
        if family == "functional":
            return f"{self.subject}|{self.predicate}"
        if family == "taste":
            return f"{self.subject}|taste|{self.value}"
        return f"{self.subject}|{self.predicate}|{self.value}"
