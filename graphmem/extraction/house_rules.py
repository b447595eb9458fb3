"""A code base's house rules: an obligation laid on a code artefact ("every PR has to link a ticket", "合并之前必须
squash成一个提交", "commits must follow conventional commits"), said in any person; the rule is the clause itself.
Said inside a project it is that project's standing instruction. Every pattern is a literal alternation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["HouseRule", "house_rules", "list_item", "opens_list"]

_F = re.IGNORECASE
_CLAUSE = re.compile(r"[^,，;；:：。.!！?？]+")
_ARTEFACT = re.compile(
    r"\b(?:prs?|pull\s+requests?|merge\s+requests?|mrs?|commits?|commit\s+messages?|branch(?:es)?|merges?|merged|merging|"
    r"tags?|releases?)\b|分支|提交|合并|代码评审|合入|(?<![A-Za-z])(?:PR|MR|commit)(?![A-Za-z])",
    _F,
)
# Other artefacts of a code base take a rule only with a word that binds every case ("every endpoint gets rate
# limiting", "nobody adds a package without my sign-off", "时间字段一律存毫秒时间戳"), never a plain "need".
_WIDE_ARTEFACT = re.compile(
    r"\b(?:endpoints?|apis?|routes?|migrations?|dependenc(?:y|ies)|packages?|modules?|functions?|tests?|secrets?|"
    r"env\s+vars?|environment\s+variables?|logs?|timestamps?|responses?|tables?|columns?)\b|"
    r"接口|返回体|返回值|字段|依赖|日志|配置|时间戳|数据库表|单测",
    _F,
)
_SPEAKER_SAYS = re.compile(r"\s{0,3}(?:(?:and|but|so|also)\s{1,3})?(?:(?:i|i'm|i've|im|my)\b|我(?!们))", _F)
_BINDING = re.compile(
    r"\b(?:must|has\s+to|have\s+to|always|never|every(?!\s+(?:time|day|now|once|morning|night|week)\b)|each|nobody|"
    r"no\s+one|without|is\s+required\s+to|"
    r"are\s+required\s+to)\b|必须|一律|统一|都要|都得|务必|只能|不许|不准|严禁|不能|禁止|一概|所有|全部",
    _F,
)
_OBLIGATION = re.compile(
    r"\b(?:must|has\s+to|have\s+to|needs?|should\s+always|always|never|are\s+required\s+to|is\s+required\s+to|"
    r"requires?|every|nothing\s+gets|without)\b|必须|一律|都要|都得|务必|要求|只能|不许|不准|严禁|不能|禁止",
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


# Rules announced as a list: "two rules for gannet: …, and …", "这个项目你记两条：…；…". Each item after the colon is
# a rule, whatever it is about.
_LIST_FRAME = re.compile(
    r"\b(?:two|three|four|a\s+few|some|these|the\s+following|my)\s+(?:[a-z-]{3,16}\s+)?"
    r"(?:rules?|conventions?)\b[^:：.!?]{0,60}[:：]|"
    r"(?:两|三|四|几)条(?:规矩|规则|规范|约定)?[^：:。！？]{0,6}[：:]|(?:规矩|规则|规范|约定)[^：:。！？]{0,8}[：:]",
    _F,
)
_NAMES_RULES = re.compile(r"(?:规矩|规则|规范|约定)")
_ITEM_BREAK = re.compile(
    r"[;；]|,\sand\s|\sand\s(?=every|all|any|each|no|never|always|the|our)|[，,]\s?(?=(?:every|all|any|each)\b)", _F
)
_ITEM_END = re.compile(r"[。!！?？]|\.(?=\s|$)")  # "WCAG 2.1" goes on


def _listed(text: str) -> list[HouseRule]:
    frame = _LIST_FRAME.search(text)
    if frame is None:
        return []
    stop = _ITEM_END.search(text, frame.end())
    body_end = stop.start() if stop else len(text)
    out: list[HouseRule] = []
    start = frame.end()
    for cut in [*_ITEM_BREAK.finditer(text, frame.end(), body_end), None]:
        end = cut.start() if cut is not None else body_end
        item = text[start:end]
        lead = len(item) - len(item.lstrip())
        value = " ".join(item.split()).lower()
        if len(value) >= 6:
            out.append(HouseRule(value, start + lead, start + len(item.rstrip())))
        start = cut.end() if cut is not None else body_end
    # a Chinese list goes on past its first "；", in segments of its own: the items of this one are rules enough
    # (so does an English list that says how many rules it holds: "Two rules for tansy, …: …; and …")
    counted = "条" in frame.group(0) or frame.group(0)[:4].lower() in ("two ", "thre", "four")
    counted = counted or bool(_NAMES_RULES.match(frame.group(0)))  # "规矩先跟你说清楚：…；…": cut at its "；"
    return out if len(out) >= (1 if counted else 2) else []


def house_rules(text: str) -> list[HouseRule]:
    """The clauses of `text` that lay an obligation on a code artefact, each once; or the items of a list of rules."""
    listed = _listed(text)
    if listed:
        return listed
    out: list[HouseRule] = []
    for m in _CLAUSE.finditer(text):
        clause = m.group(0)
        core = _ARTEFACT.search(clause) is not None and _OBLIGATION.search(clause) is not None
        wide = (
            _WIDE_ARTEFACT.search(clause) is not None
            and _BINDING.search(clause) is not None
            and not _SPEAKER_SAYS.match(clause)  # "I always forget to write tests": of the speaker, not the code
        )
        if not (core or wide) or _ELSEWHERE.search(clause):
            continue
        lead = _LEAD.match(clause)
        start = m.start() + (lead.end() if lead else len(clause) - len(clause.lstrip()))
        end = m.start() + len(clause.rstrip())
        value = " ".join(text[start:end].split()).lower()
        if len(value) >= 6:
            out.append(HouseRule(value, start, end))
    return out


def opens_list(text: str) -> bool:
    """Whether `text` announces a list of rules ("青藤这个项目你记两条：…")."""
    return _LIST_FRAME.search(text) is not None


def list_item(text: str) -> HouseRule | None:
    """`text` whole as one rule, when it is an item of a list of rules said before it ("…你记两条：…；代码行宽不超过
    120"): the item is the rule, whatever it is about."""
    lead = len(text) - len(text.lstrip())
    value = " ".join(text.split()).lower()
    return HouseRule(value, lead, len(text.rstrip())) if len(value) >= 6 else None
