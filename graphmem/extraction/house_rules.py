"""A code base's house rules: an obligation laid on a code artefact ("every PR has to link a ticket", "合并之前必须
squash成一个提交", "commits must follow conventional commits"), said in any person; the rule is the clause itself.
Said inside a project it is that project's standing instruction. Every pattern is a literal alternation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["HouseRule", "house_rules"]

_F = re.IGNORECASE
_CLAUSE = re.compile(r"[^,，;；:：。.!！?？]+")
_ARTEFACT = re.compile(
    r"\b(?:prs?|pull\s+requests?|merge\s+requests?|mrs?|commits?|commit\s+messages?|branch(?:es)?|merges?|merged|merging|"
    r"tags?|releases?)\b|分支|提交|合并|代码评审|合入|(?<![A-Za-z])(?:PR|MR|commit)(?![A-Za-z])",
    _F,
)
_OBLIGATION = re.compile(
    r"\b(?:must|has\s+to|have\s+to|needs?|should\s+always|always|are\s+required\s+to|is\s+required\s+to|"
    r"requires?|every|nothing\s+gets|without)\b|必须|一律|都要|都得|务必|要求|只能|不许|不能|禁止",
    _F,
)
# A rule of another time or team: "my old team's PRs always had to be tiny", "以前的仓库分支一律…"
_ELSEWHERE = re.compile(r"\b(?:had|was|were|used\s+to|old|previous|former|last)\b|以前|原来|过去|那时|上家|老东家", _F)
_LEAD = re.compile(r"^\s*(?:and|also|plus|but|so|then)\s+", _F)


@dataclass(frozen=True)
class HouseRule:
    """One rule: the clause as the value (lowercased Latin, spaces folded) and its span."""

    value: str
    start: int
    end: int


def house_rules(text: str) -> list[HouseRule]:
    """The clauses of `text` that lay an obligation on a code artefact, each once."""
    out: list[HouseRule] = []
    for m in _CLAUSE.finditer(text):
        clause = m.group(0)
        artefact = _ARTEFACT.search(clause)
        if artefact is None or _OBLIGATION.search(clause) is None or _ELSEWHERE.search(clause):
            continue
        lead = _LEAD.match(clause)
        start = m.start() + (lead.end() if lead else len(clause) - len(clause.lstrip()))
        end = m.start() + len(clause.rstrip())
        value = " ".join(text[start:end].split()).lower()
        if len(value) >= 6:
            out.append(HouseRule(value, start, end))
    return out
