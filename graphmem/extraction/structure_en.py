"""English statements read from their structure rather than fixed phrasings: a light clause analysis finds
the first-person subject ("I", "we"), skips auxiliaries and adverbs ("I've slowly grown to love", "we just
relocated to"), notes negation, classifies the verb (liking, disliking, eating, living, working, using) and
reads the object noun phrase after it. Used after the rules, for clauses they did not read.
"""

from __future__ import annotations

import re

from graphmem.extraction.attributes import favourite_attribute
from graphmem.extraction.facts import Predicate
from graphmem.extraction.lexicon import EN_STOP, LIGHT_VERBS, PROGRAMMING
from graphmem.extraction.rule import Finding
from graphmem.extraction.values import singular

__all__ = ["en_findings"]

P = Predicate


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# One token: a word (apostrophes, +, #, dots and dashes inside) or one other non-space character.
_TOKEN = re.compile(r"[A-Za-z0-9][\w'+#.-]*|[^\w\s]")
_BREAK = frozenset(',;:()"')
_LEAD = _words(
    "so and also honestly actually well oh these days lately nowadays now btw but yeah yes ok okay anyway "
    "basically currently recently plus frankly ugh hmm tbh fwiw imo man dude yep nah look listen personally "
    "weirdly funnily quick update ever since"
)
_OPENING_I = frozenset({"I", "I'm", "I've", "I'd"})
_SUBJECTS = frozenset({"i", "i'm", "i've", "im", "ive", "we", "we're", "we've"})
_SKIP = _words(
    "am are have has had do does did 'm 've really just always still now also recently lately totally absolutely "
    "truly mostly mainly usually generally normally typically grown come started begun begin learned learnt to "
    "pretty quite much very kind sort of actually definitely gotten got become been finally increasingly more "
    "slowly gradually even personally genuinely seriously kinda all here currently since then officially "
    "happily proudly"
)
_NEG = _words("not never don't dont doesn't doesnt didn't didnt no longer can't cant cannot won't wont")
_LIKE = _words("like likes liked love loves loved enjoy enjoys enjoyed adore adores adored prefer prefers dig into")
_DISLIKE = _words("hate hates hated dislike dislikes disliked detest detests loathe loathes despise")
_EAT = _words("eat eats ate drink drinks touch")
_AVOID = _words("avoid avoids avoided skip skips")
_LIVE = _words("live lives lived living reside resides moved relocated moving relocating based settled")
_WORK = _words("work works worked working")
_TEACH = _words("teach teaches")
_USE = _words("use uses using switched code coding program programming develop developing write writing")
_CONSUME = _words(
    "to eat eating drink drinking listen listening watch watching play playing read reading have having cook cooking"
)
_DETERMINERS = _words("the a an some any good great lots lot of my")
# Stances on the conversation itself ("I like your idea", "I enjoyed our chat") are not tastes.
_DEICTIC = _words("your you our this that these those it how what when")
_PREP = _words("in on at for with from over to by about into of during when while as than like")
_PHRASE_END = _words("and or & every forever daily all")  # "sushi every single day": the phrase ends before it


# Words in -ly that are no adverb of how or how much ("early", "daily", "family", "July"): never skipped.
_NOT_ADVERBS = _words(
    "early only daily weekly monthly yearly nightly hourly likely family reply apply supply july italy"
)


def _adverb(word: str) -> bool:
    """Whether `word` reads as an adverb between the subject and its verb ("weirdly", "secretly", "stubbornly")."""
    return len(word) >= 5 and word.endswith("ly") and word not in _NOT_ADVERBS


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _clauses(toks: list[tuple[str, int, int]]) -> list[list[tuple[str, int, int]]]:
    out: list[list[tuple[str, int, int]]] = [[]]
    for k, tok in enumerate(toks):
        if tok[0] in _BREAK or tok[0].lower() == "but":
            out.append([])
        elif k > 1 and tok[0] in _OPENING_I and toks[k - 1][0][:1].isupper() and out[-1]:
            # "Ever since we moved to Leipzig I've gotten into board games": a name, then the speaker anew
            out.append([tok])
        else:
            out[-1].append(tok)
    return [c for c in out if c]


def _phrase(clause: list[tuple[str, int, int]], i: int, limit: int = 4) -> tuple[int, int]:
    while i < len(clause) and clause[i][0].lower() in _DETERMINERS:
        i += 1
    first = last = -1
    while i < len(clause) and (last - first) < limit - 1:
        word = clause[i][0].lower()
        if not clause[i][0][0].isalnum() or word in EN_STOP or word in _PREP or word in _PHRASE_END:
            break
        if first < 0:
            first = i
        last = i
        i += 1
    if first < 0:
        return 0, 0
    return clause[first][1], clause[last][2]


def _proper(clause: list[tuple[str, int, int]], i: int) -> tuple[int, int]:
    """Up to three capitalised words from clause[i] (a place or an organisation)."""
    first = last = -1
    while i < len(clause) and last - first < 2 and clause[i][0][:1].isupper() and clause[i][0] != "I":
        first = i if first < 0 else first
        last = i
        i += 1
    return (0, 0) if first < 0 else (clause[first][1], clause[last][2])


def _perfect(clause: list[tuple[str, int, int]], verb: int) -> bool:
    """True when the verb at `verb` is in a perfect or habitual frame ("I've always liked", "I have grown")."""
    before = {w.lower() for w, _, _ in clause[:verb]}
    return bool(before & {"i've", "we've", "have", "has", "always", "never", "grown", "come"})


# "I'm / I've been / we were a <role>": the forms that make the speaker the role
_COPULA = _words("i'm im we're am are was were been")
# Months and weekdays are capitalised too, never a place: "a nurse in June"
_NOT_PLACES = _words(
    "january february march april may june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday"
)

# Roles held somewhere for a while only: "a tourist in Paris" says nothing about where the speaker lives.
_PASSING_ROLES = _words("tourist visitor guest stranger passenger newbie newcomer foreigner")


def _role_place(text: str, clause: list[tuple[str, int, int]], j: int) -> Finding | None:
    """Where a role is held, after "(as) a/an <role>": "a nurse in Leeds" (location), "an engineer at Siemens"
    (employer); the role itself is the rules' to read."""
    if j < len(clause) and clause[j][0].lower() == "as":
        j += 1
    if j >= len(clause) or clause[j][0].lower() not in ("a", "an"):
        return None
    j += 1
    k = j
    while k < len(clause) and k - j < 4 and clause[k][0].isalpha() and clause[k][0].islower():
        if clause[k][0] in _PREP or clause[k][0] in _PASSING_ROLES or clause[k][0] in ("and", "or"):
            break
        k += 1
    if k == j or k >= len(clause) or clause[k][0] in _PASSING_ROLES:
        return None
    prep = clause[k][0].lower()
    if prep not in ("in", "at", "for"):
        return None
    start, end = _proper(clause, k + 1)
    if start == end or clause[k + 1][0].lower() in _NOT_PLACES:
        return None
    predicate = P.LOCATION if prep == "in" else P.EMPLOYER
    return Finding(predicate, text[start:end].lower(), text[start:end], start, end)


def _read(text: str, clause: list[tuple[str, int, int]]) -> Finding | None:
    i = 0
    while i < len(clause) and clause[i][0].lower() in _LEAD:
        i += 1
    if i >= len(clause) or clause[i][0].lower() not in _SUBJECTS:
        return None
    i += 1
    neg = only = unable = False
    while i < len(clause) and (
        clause[i][0].lower() in _SKIP
        or _adverb(clause[i][0].lower())
        or clause[i][0].lower() in _NEG
        or clause[i][0] == "only"
    ):
        neg = neg or clause[i][0].lower() in _NEG
        unable = unable or clause[i][0].lower() in _UNABLE
        only = only or clause[i][0] == "only"
        i += 1
    if i >= len(clause):
        return None
    verb = clause[i][0].lower()
    j = i + 1
    if neg and verb in ("stand", "bear", "tolerate"):  # "I can't stand olives"
        neg, verb = False, "hate"
    if unable and verb in _ENDURE:  # "I can't watch horror films", "I never listen to country"
        neg, verb = False, "hate"
        if j < len(clause) and clause[j][0].lower() == "to":
            j += 1
    if verb == "could" and _every_day(clause, j) and _consumed_next(clause, j):  # "I could eat sushi every day"
        verb = "love"
        j = _past_adverbs(clause, j)  # "I could honestly eat pho every day"
        while j < len(clause) and clause[j][0].lower() in _CONSUME:
            j += 1
    if verb in _EAT and only and not neg and not verb.endswith(("ate", "ank")):
        verb = "like"  # "I only drink tea": what the speaker does drink
    if verb in _LIKE or verb in _DISLIKE or verb in _AVOID or (verb in _EAT and neg):
        if verb in _LIKE:
            predicate = P.DISLIKES if neg else P.LIKES
        elif verb in _DISLIKE:
            predicate = P.DISLIKES
        else:
            predicate = P.AVOIDS
        if neg and verb not in _LIKE and verb not in _EAT:
            return None
        if verb.endswith("ed") and not (neg or _perfect(clause, i)):
            return None  # "I enjoyed the talk": one past event
        while j < len(clause) and clause[j][0].lower() in _CONSUME:
            j += 1
        if j < len(clause) and clause[j][0].lower() in _DEICTIC:
            return None
        ahead = [w.lower() for w, _, _ in clause[j : j + 3]]
        if ahead[:1] == ["one"] or ahead[1:3] == ["single", "one"]:
            return None  # "I've never enjoyed a single one": the thing is named elsewhere
        if j > 0 and clause[j - 1][0].lower() == "to" and j < len(clause) and clause[j][0].lower() in LIGHT_VERBS:
            return None  # "I like to keep a buffer", "I'd love to know": a verb, not a thing liked
        start, end = _measured(text, clause, j)
        if start == end:
            return None
        value = singular(" ".join(text[start:end].lower().split()))
        if value in LIGHT_VERBS:
            return None  # "I like doing my one-on-ones as walking meetings": what is done is said after
        return Finding(predicate, value, text[start:end], start, end)
    if neg:
        return None
    if verb in ("a", "an"):  # "I'm a nurse in Leeds" (not "I have a meeting in Berlin": a role needs a copula)
        said = {w.lower() for w, _, _ in clause[:i]}
        return _role_place(text, clause, i) if said & _COPULA else None
    if verb in _WORK and j < len(clause) and clause[j][0].lower() == "as":  # "I work as a teacher in Boston"
        return _role_place(text, clause, j)
    if verb in _WORK and j < len(clause) and clause[j][0].lower() in ("at", "for"):
        # "I work at IBM as a project manager in Chicago": the employer is the rules', the place is after the role
        at = next((x for x in range(j + 2, min(j + 6, len(clause))) if clause[x][0].lower() == "as"), -1)
        found = _role_place(text, clause, at) if at > 0 else None
        if found is not None and found.predicate is P.LOCATION:
            return found
    if verb in _WORK or verb in _TEACH:  # "I work at a clinic in Leeds", "I teach chemistry at a school in Austin"
        subject = verb in _TEACH and j < len(clause) and clause[j][0].islower() and clause[j][0] != "at"
        k = j + 1 if subject else j  # the subject taught: "teach chemistry at …"
        if k + 1 < len(clause) and clause[k][0].lower() == "at" and clause[k + 1][0].lower() in ("a", "an"):
            found = _role_place(text, clause, k + 1)
            return found if found is not None and found.predicate is P.LOCATION else None
        if verb in _TEACH:
            return None
    if verb in _LIVE or verb in _WORK:
        if j < len(clause) and clause[j][0].lower() == "here":
            return None
        prep = clause[j][0].lower() if j < len(clause) else ""
        if verb in _WORK and prep not in ("at", "for"):
            return None
        if verb in _LIVE and prep not in ("in", "to", "out"):
            return None
        if verb in ("moving", "relocating") and prep == "to":
            return None  # "We're moving to Tampere in the spring": a move to come, not where one lives
        j += 1
        if prep == "out" and j < len(clause) and clause[j][0].lower() == "of":
            j += 1
        start, end = _proper(clause, j)
        if start == end or clause[j][0].lower() in _NOT_PLACES:
            return None
        predicate = P.EMPLOYER if verb in _WORK else P.LOCATION
        return Finding(predicate, text[start:end].lower(), text[start:end], start, end)
    if verb in _USE:
        if verb == "used" or (j < len(clause) and clause[j][0].lower() in ("to", "in")):
            j += 1
        if j < len(clause) and clause[j][0].lower() == "to":
            j += 1
        while j < len(clause) and clause[j][0].lower() in ("the", "mostly", "mainly", "only"):
            j += 1
        if j >= len(clause):
            return None
        word = clause[j][0]
        if not (word[:1].isupper() or word.lower() in PROGRAMMING) or word == "I":
            return None
        start, end = _proper(clause, j) if word[:1].isupper() else (clause[j][1], clause[j][2])
        return Finding(P.USES_TOOL, text[start:end].lower(), text[start:end], start, end)
    return None


# "can't" and "never" before a verb of taking something in ("can't watch", "never listen to") turn away from it.
_UNABLE = _words("can't cant cannot never")
_ENDURE = _words("watch listen read")
# What makes "I could eat X …" a standing taste rather than a supposition: how often, without end.
_EVERY_DAY = (("every", "day"), ("every", "single", "day"), ("all", "day"), ("forever",), ("daily",), ("for", "days"))
# "nothing beats / tops / compares to X": the speaker's top liking.
_BEATS = (("nothing", "beats"), ("nothing", "tops"), ("nothing", "compares", "to"), ("nothing", "beat"))
# Measure words before the thing measured ("a good bowl of ramen", "a cup of tea"): the thing is the value.
_LIGHT_GERUNDS = _words("getting having being going doing making seeing taking knowing spending finding")
_MEASURES = _words("bowl bowls cup cups plate plates slice slices glass glasses pint pints mug mugs piece pieces")


def _past_adverbs(clause: list[tuple[str, int, int]], j: int) -> int:
    """The index of the first token from j on that is no filler or adverb."""
    while j < len(clause) and (clause[j][0].lower() in _SKIP or _adverb(clause[j][0].lower())):
        j += 1
    return j


def _consumed_next(clause: list[tuple[str, int, int]], j: int) -> bool:
    """Whether the verb after "could" (past adverbs) takes something in ("eat", "watch"), not "spend all day on"."""
    j = _past_adverbs(clause, j)
    return j < len(clause) and clause[j][0].lower() in _CONSUME


def _every_day(clause: list[tuple[str, int, int]], j: int) -> bool:
    """Whether the clause from token j on says the thing is had every day or without end."""
    words = tuple(w.lower() for w, _, _ in clause[j:])
    return any(words[n : n + len(p)] == p for p in _EVERY_DAY for n in range(len(words)))


def _measured(text: str, clause: list[tuple[str, int, int]], j: int) -> tuple[int, int]:
    """The noun phrase from clause[j], past a measure word and its "of" ("a bowl of ramen" -> "ramen")."""
    k = j
    while k < len(clause) and clause[k][0].lower() in _DETERMINERS and clause[k][0].lower() != "of":
        k += 1
    if k + 1 < len(clause) and clause[k][0].lower() in _MEASURES and clause[k + 1][0].lower() == "of":
        return _phrase(clause, k + 2)
    return _phrase(clause, j)


def _beaten(text: str, clause: list[tuple[str, int, int]]) -> Finding | None:
    """ "Nothing beats a long bike ride", "honestly nothing beats a good bowl of ramen for me": a liking."""
    words = [w.lower() for w, _, _ in clause]
    i = 0
    while i < len(words) and words[i] in _LEAD:
        i += 1
    for frame in _BEATS:
        if tuple(words[i : i + len(frame)]) == frame:
            start, end = _measured(text, clause, i + len(frame))
            if start == end or clause[i + len(frame)][0].lower() in _DEICTIC:
                return None
            value = singular(" ".join(text[start:end].lower().split()))
            if value.split()[0] in _LIGHT_GERUNDS:
                return None  # "Nothing beats getting together with loved ones": a saying, not a thing liked
            return Finding(P.LIKES, value, text[start:end], start, end)
    return None


_FINE = _words("fine ok okay alright good cool")
_CHANGED = _words("now anymore again nowadays these")
_BE = _words("is are 's 're")


def _accepted(text: str, clause: list[tuple[str, int, int]]) -> Finding | None:
    """A stance that something is acceptable to the speaker now: "peanuts are fine for me now", "I'm okay with
    cilantro now", "I don't mind olives anymore". Read as no longer avoiding it: the same key as the avoidance,
    liking or allergy it reverses, with the opposite stance."""
    words = [w.lower() for w, _, _ in clause]
    changed = bool(set(words) & _CHANGED)
    i = 0
    while i < len(words) and words[i] in _LEAD:
        i += 1
    if i < len(words) and words[i] in ("i'm", "im") and i + 2 < len(words) and words[i + 1] in _FINE:
        if words[i + 2] == "with" and changed:  # "I'm okay with cilantro now"
            start, end = _phrase(clause, i + 3)
        else:
            return None
    elif words[i : i + 3] in (["i", "don't", "mind"], ["i", "dont", "mind"]) and changed:
        start, end = _phrase(clause, i + 3)
    else:  # "<thing> is/are fine for me (now)"
        start, end = _phrase(clause, i)
        j = next((n for n, t in enumerate(clause) if t[1] >= end), len(clause)) if start != end else len(clause)
        if not (j + 3 < len(clause) + 1 and words[j : j + 1] and words[j] in _BE):
            return None
        rest = words[j + 1 : j + 4]
        if len(rest) < 3 or rest[0] not in _FINE or rest[1:3] not in (["for", "me"], ["with", "me"], ["by", "me"]):
            return None
    if start == end or clause[0][0].lower() in _DEICTIC:
        return None
    value = singular(" ".join(text[start:end].lower().split()))
    if value in EN_STOP or value.split()[0] in _DEICTIC:
        return None
    return Finding(P.AVOIDS, value, text[start:end], start, end, polarity=False)


# What a relative clause calls the thing before it: "…a decent green curry, which is basically my comfort food".
_MINE = (("comfort",), ("favourite",), ("favorite",), ("fave",), ("go-to",), ("guilty", "pleasure"), ("jam",))
_ADVERBS = _words("basically really totally absolutely honestly pretty much kind sort of probably still always just")


def _relative_liking(
    text: str, previous: list[tuple[str, int, int]], clause: list[tuple[str, int, int]]
) -> Finding | None:
    """ "X, which is (basically) my comfort food / favourite": a liking of the noun phrase the clause before ends on."""
    words = [w.lower() for w, _, _ in clause]
    if words and words[0] in ("that's", "it's", "which's"):  # one token: "that's my go-to drink now"
        words = [words[0][:-2], "is", *words[1:]]
    if len(words) < 3 or words[0] not in ("which", "that", "it") or words[1] not in ("is", "'s", "are"):
        return None
    i = 2
    while i < len(words) and words[i] in _ADVERBS:
        i += 1
    if i >= len(words) or words[i] != "my" or not any(tuple(words[i + 1 : i + 1 + len(m)]) == m for m in _MINE):
        return None
    tail = [t for t in previous[-2:] if t[0].isalpha() and t[0].lower() not in EN_STOP and t[0].lower() not in _PREP]
    while tail and tail[0][0].lower() in _DETERMINERS:
        tail = tail[1:]
    if not tail or tail[-1] is not previous[-1] or tail[0][0].lower() in _DEICTIC:
        return None
    start, end = tail[0][1], tail[-1][2]
    value = singular(" ".join(text[start:end].lower().split()))
    category = favourite_attribute(" ".join(words[i:]))  # "that's my go-to drink now": the favourite drink
    return Finding(P.LIKES, value, text[start:end], start, end, attribute=category)


def en_findings(text: str) -> list[Finding]:
    """Facts the clauses of one English segment state in first person (guards are the caller's)."""
    out: list[Finding] = []
    previous: list[tuple[str, int, int]] = []
    for clause in _clauses(_tokens(text.replace("\u2019", "'"))):
        found = _read(text, clause) or _accepted(text, clause) or _beaten(text, clause)
        found = found or (_relative_liking(text, previous, clause) if previous else None)
        if found is not None:
            out.append(found)
        previous = clause
    return out
