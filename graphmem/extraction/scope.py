"""Whether a statement limits itself to the current project ("in this project", "这个项目里"): such a fact
would not hold in another project, so it is project memory; and a fact about the project the conversation is
in, keyed as the user's attribute so that, in that project, it overrides the user's own value."""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extraction.facts import CandidateFact, Predicate

__all__ = [
    "about_project",
    "as_said",
    "in_place_of",
    "marked",
    "project_fact",
    "project_scoped",
    "set_aside",
    "takes_place",
    "unmarked",
]

_PROJECT_SCOPED = re.compile(
    r"(\b(in|for|on) (this|the|our) (project|repo|repository|codebase)\b|\bproject[- ]wide\b|"
    r"(这个|本|该|此)(项目|仓库|工程|repo|app)(里|中|内|上)?|\bhere\s*$|\b(keep|do|use|write)\b[^.;!?]{0,40}\bhere\b)",
    re.IGNORECASE,
)


def project_scoped(text: str) -> bool:
    """True when the text says its statement is about the current project only."""
    return _PROJECT_SCOPED.search(text) is not None


# Facts about the person themselves: said inside a project they still hold everywhere.
_PERSONAL = frozenset(
    {
        Predicate.LOCATION,
        Predicate.HOMETOWN,
        Predicate.NAME,
        Predicate.JOB,
        Predicate.EMPLOYER,
        Predicate.RELATION_NAME,
        Predicate.BIRTHDAY,
        Predicate.ALLERGIC_TO,
        Predicate.DIET,
        Predicate.SPEAKS,
        Predicate.LEARNING,
    }
)


def project_fact(candidate: CandidateFact) -> bool:
    """Whether a statement said inside a project is that project's fact: a preference or setting said there
    (how to reply, meeting times, tools, code style) is the project's, overriding the user's in that project
    only; a fact about the person (where they live, their employer, diet, family) is the user's wherever said."""
    if candidate.scope_hint == "project" or project_scoped(candidate.evidence):
        return True
    return candidate.predicate not in _PERSONAL


_NOT_ALNUM = re.compile(r"[\W_]+")


def _compact(name: str) -> str:
    return _NOT_ALNUM.sub("", name.casefold()).removeprefix("project").removeprefix("proj")


def about_project(candidate: CandidateFact, project_id: str) -> CandidateFact:
    """`candidate` as the project's own version of the attribute when it is about `project_id` ("this
    project", or a name that is the project's id: "项目A" in project "project-a"); otherwise unchanged.

    The key then names the user's attribute ("user|uses_language"): stored in the project, it is the value
    that wins there over the user's, and the user's value still holds everywhere else.
    """
    subject = candidate.subject
    if not project_id or not subject.startswith("project"):
        return candidate
    name = _compact(subject)
    if subject != "project" and (not name or name != _compact(project_id)):
        return candidate
    return replace(candidate, subject="user")


# A value the speaker sets aside ("…, not Docker", "instead of ECharts", "别给我整ECharts", "不用Pinia"): said inside
# a project beside a value of its own, the project's value takes the place of the user's there.
_ASIDE_EN_BEFORE = (
    r"\b(?:not|no|instead\s+of|rather\s+than|never|don't\s+use|do\s+not\s+use|skip|drop|without|can't\s+use|"
    r"cannot\s+use|can't\s+install|not\s+allowed\s+to\s+use|banned|bans|forbid|forbids)\s+"
)
# ("人家那边不让装Redis", "客户不许用MySQL": a value the project may not use)
_ASIDE_ZH_BEFORE = (
    r"(?:别|不要|不用|甭|换掉|不再用|别再用|不让|不许|不准|不能|禁用|没法)[给我再用整上搞来弄写个装]{0,6}"
)
_WORDS_BETWEEN = r"(?:[\w'-]+\s+){0,2}?"
_TAKES_PLACE: dict[str, str] = {
    Predicate.USES_TOOL: "tools",
    Predicate.USES_TECH: "tools",
    Predicate.USES_LANGUAGE: "tools",
}


def set_aside(text: str, values: list[str]) -> list[bool]:
    """For each value, whether `text` sets it aside ("give me Podman commands, not Docker", "别给我整ECharts")."""
    out = []
    folded = text.casefold()
    for value in values:
        if not value.strip() or value.strip().casefold() not in folded:  # most values are not named at all
            out.append(False)
            continue
        word = re.escape(value.strip()[:60])
        en = _ASIDE_EN_BEFORE + _WORDS_BETWEEN + word + r"(?!\w)"
        zh = _ASIDE_ZH_BEFORE + r"[^，,。；;！!？?]{0,4}?" + word
        out.append(bool(word) and bool(re.search(en, text, re.IGNORECASE) or re.search(zh, text, re.IGNORECASE)))
    return out


def takes_place(candidate: CandidateFact, predicate: str) -> bool:
    """Whether a project's `candidate` can take the place of a user's fact of `predicate` (a tool for a tool, a
    language or a technology; otherwise only the same predicate)."""
    if candidate.predicate is Predicate.NOTE:
        return False
    group = _TAKES_PLACE.get(candidate.predicate)
    return candidate.predicate == predicate or (group is not None and group == _TAKES_PLACE.get(predicate))


def in_place_of(
    candidates: list[CandidateFact], held: list[tuple[str, str, str]], aside: list[bool]
) -> list[CandidateFact]:
    """`candidates` of a project statement with each value the statement sets aside replaced: of the user's `held`
    facts (key, predicate, value) whose value is `aside`, each lends its key to the first project candidate that can
    take its place, so that in the project that candidate is the attribute's value and the user's is not; the notes
    of the statement that quote the set-aside value go (the statement is read). Unchanged when no candidate can
    take a value's place."""
    out = list(candidates)
    for (key, predicate, value), gone in zip(held, aside, strict=True):
        if not gone:
            continue
        folded = value.casefold()
        taker = next((c for c in out if project_fact(c) and not c.attribute and takes_place(c, predicate)), None)
        if taker is None:
            # no value of the same kind said: a note of the statement that quotes the set-aside value takes its
            # place, without the words that name it ("in gneiss, give me .gitlab-ci.yml, not GitHub Actions")
            note = next((c for c in out if project_fact(c) and _quotes(c, folded)), None)
            kept = _without(note.value, folded) if note is not None else ""
            if note is None or not kept:
                continue
            at = out.index(note)
            out[at] = replace(note, value=kept, fact=note.fact.replace(note.value, kept))
            taker = out[at]
        at = out.index(taker)
        out[at] = replace(taker, subject="user", attribute=key.removeprefix("user|"))
        out = [c for i, c in enumerate(out) if i == at or not _quotes(c, folded)]
    return out


def _quotes(candidate: CandidateFact, folded: str) -> bool:
    return candidate.predicate is Predicate.NOTE and not candidate.attribute and folded in candidate.value.casefold()


_NOTE_CLAUSE = re.compile(r"[,，;；。]\s*")


def _without(note: str, folded: str) -> str:
    """`note` without its clauses that name `folded` (casefolded), or "" when nothing else is left."""
    kept = [c for c in _NOTE_CLAUSE.split(note) if c.strip() and folded not in c.casefold()]
    return ("，" if re.search(r"[\u4e00-\u9fff]", note) else ", ").join(c.strip() for c in kept)


_PROJECT_WORD = re.compile(r"[a-z][a-z0-9-]{2,39}")
_MARK = "project "


def _named(project_id: str) -> re.Pattern[str] | None:
    if not _PROJECT_WORD.fullmatch(project_id.casefold()):
        return None
    return re.compile(r"(?<![\w-])" + re.escape(project_id) + r"(?![\w-])", re.IGNORECASE)


def marked(text: str, project_id: str) -> str:
    """`text` with the project the conversation is in named as a project where it is called by its id alone
    ("rowan runs on Podman" in project "rowan" -> "project rowan runs on Podman"), so that the rules read what it
    says of the project; unchanged when the id is no plain word or the text already calls it a project."""
    named = _named(project_id)
    if named is None or not named.search(text):
        return text
    folded = text.casefold()
    if _MARK + project_id.casefold() in folded or f"{project_id.casefold()} project" in folded:
        return text
    return named.sub(lambda m: _MARK + m.group(0), text)


def unmarked(quote: str, project_id: str) -> str:
    """A quote of a `marked` text as the original text has it."""
    named = _named(project_id)
    if named is None:
        return quote
    return re.sub(re.escape(_MARK) + r"(?=" + named.pattern + ")", "", quote, flags=re.IGNORECASE)


def as_said(candidate: CandidateFact, project_id: str) -> CandidateFact:
    """A candidate read from a `marked` text, its quotes and value as the original text has them."""
    return replace(
        candidate,
        value=unmarked(candidate.value, project_id),
        fact=unmarked(candidate.fact, project_id),
        evidence=unmarked(candidate.evidence, project_id),
    )
