"""Whether a statement limits itself to the current project ("in this project", "这个项目里"): such a fact
would not hold in another project, so it is project memory; and a fact about the project the conversation is
in, keyed as the user's attribute so that, in that project, it overrides the user's own value."""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extraction.facts import CandidateFact, Predicate

__all__ = ["about_project", "project_fact", "project_scoped"]

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
