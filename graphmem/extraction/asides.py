"""Clauses of a segment that say nothing standing about the speaker, blanked out with their offsets kept so the
rest reads as usual: a clause that dates a one-off ("今天又把我的拖鞋咬烂了"), a condition on what the assistant
does ("if you're ever suggesting restaurants, …"), an aside in parentheses that jokes ("(Australia, not Florida
lol)"). Also where a segment's clauses break. Every pattern is a literal alternation or a bounded repeat.
"""

from __future__ import annotations

import functools
import re

from graphmem.extraction.rule import Lang

__all__ = [
    "CLAUSE_PUNCT",
    "breaks",
    "without_conceded_default",
    "without_concessions",
    "without_joking_asides",
    "without_one_offs",
    "without_supposed_tail",
    "without_your_conditions",
]

_F = re.IGNORECASE
_CLAUSE_BREAK = re.compile(r"[,，;；:：、]|\s(?:but|though|although|whereas)\s|但是|不过|可是|然而", _F)
CLAUSE_PUNCT = " ,，;；:：、"
"""What is left of a segment whose clauses were all blanked."""


@functools.lru_cache(maxsize=8)
def breaks(norm: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The starts and ends of the clause breaks of a segment, found once per segment (not once per match)."""
    found = [(b.start(), b.end()) for b in _CLAUSE_BREAK.finditer(norm)]
    return tuple(s for s, _ in found), tuple(e for _, e in found)


def _bounds(norm: str) -> list[tuple[int, int]]:
    starts, ends = breaks(norm)
    return list(zip((0, *ends), (*starts, len(norm)), strict=True))


# Words that make what a dated clause says a habit: "照例", "as usual", "like always".
_HABITUAL = {
    "en": re.compile(r"\b(?:as\s+usual|as\s+always|like\s+always|like\s+every\s+\w+|yet\s+again|as\s+ever)\b", _F),
    # "这次去昆明我还是订的东航": what the speaker still does this time is what they always do
    "zh": re.compile(
        r"照例|照常|照旧|一如既往|跟往常一样|和往常一样|又是老样子|还是老样子|一向|向来|[我也都]还是(?!不)|这[次回]也"
    ),
}


def _time_only(rest: str) -> bool:
    """Whether what a clause says besides its time word is at most two words ("Tonight, …", "就今天，…")."""
    words = rest.strip(CLAUSE_PUNCT).split()
    return len(words) <= 2 and (rest.isascii() or len(rest.strip(CLAUSE_PUNCT)) <= 2)


def without_one_offs(norm: str, situational: re.Pattern[str], lang: Lang) -> str:
    """`norm` with each clause that `situational` dates as a one-off ("今天又把我的拖鞋咬烂了", "tonight I'm having
    sushi") blanked out, unless it says the thing is a habit ("今天的周会我照例没开摄像头"); a clause that is only
    the time ("Tonight, …", "今天，…") blanks the clause after it too."""
    chars = list(norm)
    blank_next = False
    for c_start, c_end in _bounds(norm):
        clause = norm[c_start:c_end]
        m = situational.search(clause)
        if (m is None and not blank_next) or _HABITUAL[lang].search(clause):
            blank_next = False
            continue
        blank_next = m is not None and _time_only(clause[: m.start()] + clause[m.end() :])
        chars[c_start:c_end] = " " * (c_end - c_start)
    return "".join(chars)


_YOUR_CONDITION = re.compile(r"(?:and\s+|so\s+|but\s+|also\s+)?(?:if|when|whenever)\s+you(?:'re|\s+are)?\s", _F)


def without_your_conditions(norm: str) -> str:
    """`norm` with each clause that sets a condition on what the assistant does ("if you're ever suggesting
    restaurants, …", "whenever you book flights, …") blanked out: what follows is a standing rule for that case,
    not a supposition about the speaker."""
    chars = list(norm)
    for c_start, c_end in _bounds(norm):
        lead = len(norm[c_start:c_end]) - len(norm[c_start:c_end].lstrip())
        if _YOUR_CONDITION.match(norm, c_start + lead, c_end):
            chars[c_start:c_end] = " " * (c_end - c_start)
    return "".join(chars)


_CONCESSION = re.compile(
    r"(?:and\s+|but\s+)?(?:(?:even\s+(?:if|when|though)|no\s+matter)\s|"
    # a polite tail supposes nothing either: "…, if that helps", "if it matters", "if that's useful"
    r"if\s+(?:that|it|this)\s+(?:helps|matters|'s\s+(?:useful|relevant|helpful)|is\s+(?:useful|relevant|helpful))\b)",
    _F,
)


# What holds by default, said beside a rule for here ("…, even though I usually like formal ones", "Normally I want
# short answers, but for this project …", "虽然我平时喜欢正式一点的", "平时我都要简短的回答，但这个项目…", "…，别的时候
# 我住万豪"): up to the end of its clause or sentence
_DEFAULT = r"(?:usually|normally|generally|elsewhere|otherwise|everywhere\s+else|in\s+general|most\s+of\s+the\s+time)"
_ZH_DEFAULT = r"(?:平时|平常|一般|通常|别的时候|其他时候|其它时候|别的项目|其他项目|其它项目|别处|其他地方)"
_HERE_ZH = r"(?:这个项目|这个仓库|这个库|这里|这边|在这儿|这次|本项目)"
_DEFAULT_CONCEDED = {
    "en": re.compile(
        r"\beven\s+(?:though|if|when)\s[^.;!?]{0,40}?\b" + _DEFAULT + r"\b[^.;!?]{0,80}|"
        r"(?:^|(?<=[,;.!]\s))(?:i\s+)?" + _DEFAULT + r"\b[^.;!?]{0,60}?(?=,?\s+but\s+(?:for|in|on|here|this)\b)",
        _F,
    ),
    "zh": re.compile(
        r"虽然[^，,。；;！!？?]{0,20}?" + _ZH_DEFAULT + r"[^，,。；;！!？?]{0,40}|"
        r"(?:^|(?<=[，,。；;！!]))(?:我)?"
        + _ZH_DEFAULT
        + r"[^，,。；;！!？?]{0,40}(?=[，,]\s?(?:但|不过|可是|只是)?(?:是)?"
        r"(?:在)?" + _HERE_ZH + r")|"
        r"(?<=[，,])\s?(?:但|不过|可是)?(?:我)?(?:别的时候|其他时候|其它时候|别的项目|其他项目|其它项目)"
        r"[^，,。；;！!？?]{0,40}"
    ),
}


def without_conceded_default(norm: str, lang: str) -> str:
    """`norm` with what holds by default blanked out when said beside a rule for here ("Here I want casual
    replies, even though I usually like formal ones"): it holds elsewhere, not where the turn's rule does
    (offsets kept)."""
    return _DEFAULT_CONCEDED[lang].sub(lambda m: " " * len(m.group(0)), norm)


def without_concessions(norm: str) -> str:
    """`norm` with each clause that concedes a case ("…, even if I write in English", "no matter what I paste in")
    blanked out: what it qualifies holds in every case, so its "if" supposes nothing about the speaker."""
    chars = list(norm)
    for c_start, c_end in _bounds(norm):
        lead = len(norm[c_start:c_end]) - len(norm[c_start:c_end].lstrip())
        if _CONCESSION.match(norm, c_start + lead, c_end):
            chars[c_start:c_end] = " " * (c_end - c_start)
    return "".join(chars)


# A clause that supposes on its own after a plain statement: "…the best part of my week, I'd play every night if
# my wallet let me" ("if" tails that condition the statement itself are kept: "I'll switch, if my team agrees").
_SUPPOSING_CLAUSE = re.compile(r"(?:and\s+|but\s+|though\s+)?(?:i'd|i\s+would|i\s+wish)\b", _F)


def without_supposed_tail(norm: str, hypothetical: re.Pattern[str]) -> str:
    """`norm` with a later clause that supposes on its own ("I'd …", "I wish …") and everything after it blanked
    out, when what comes before it supposes nothing (`hypothetical`): the statement before it stands."""
    for c_start, c_end in _bounds(norm):
        lead = len(norm[c_start:c_end]) - len(norm[c_start:c_end].lstrip())
        if c_start > 0 and _SUPPOSING_CLAUSE.match(norm, c_start + lead, c_end):
            if norm[:c_start].strip(" ,;") and not hypothetical.search(norm[:c_start]):
                return norm[:c_start] + " " * (len(norm) - c_start)
            break
    return norm


_ASIDE = re.compile(r"[(（][^()（）]{0,80}[)）]")


def without_joking_asides(norm: str, joke: re.Pattern[str], laugh_only: re.Pattern[str]) -> str:
    """`norm` with each aside in parentheses that jokes about something of its own blanked out ("(Australia, not
    Florida lol)"); a bare laugh ("(haha)") laughs at the whole sentence and is kept."""

    def blank(m: re.Match[str]) -> str:
        aside = m.group(0)
        if not joke.search(aside) or laugh_only.match(aside.strip("()（）")):
            return aside
        return " " * len(aside)

    return _ASIDE.sub(blank, norm)


# A laugh that closes a plain statement of what the speaker has or uses ("every password i have lives in 1Password
# lol"): no joke about it. Not after a stance, where a laugh is often the irony ("I love Mondays lol").
_TRAILING_LAUGH = re.compile(r"\s(?:lol|lmao|haha|hehe)\W{0,3}$", re.IGNORECASE)
_STANCE = re.compile(
    r"\b(?:love|loves|loving|like|likes|enjoy|enjoys|adore|favou?rite|best|hate|hates|can't\s+wait|thrilled|"
    r"fun|great|amazing|awesome)\b",
    re.IGNORECASE,
)


def without_trailing_laugh(norm: str) -> str:
    """`norm` with a laugh that closes a plain statement blanked out (the offsets stay); as it is otherwise."""
    m = _TRAILING_LAUGH.search(norm)
    if m is None or _STANCE.search(norm, 0, m.start()):
        return norm
    return norm[: m.start()] + " " * (len(norm) - m.start())
