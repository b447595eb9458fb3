"""Code settings said as slots: the stack technology of a slot (database, package manager, UI or ML framework),
the indentation, the naming convention for names in code, the quotes for strings and the language of comments.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from graphmem.extraction.attributes import STACK_TECHNOLOGIES, attribute_of
from graphmem.extraction.clauses import clause_span
from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import Slot, stated_away

__all__ = ["STACK_CANONICAL", "code_settings"]

_F = re.IGNORECASE

# A technology of a stack slot (database, package manager, UI or ML framework) said with a cue of use.
STACK_CANONICAL = {
    "pg": "postgresql",
    "postgres": "postgresql",
    "mongo": "mongodb",
    "nextjs": "next.js",
    "fetch api": "fetch",
    "原生fetch": "fetch",
    "纯血鸿蒙": "鸿蒙",
    "ros 2": "ros2",
    "nav2": "ros2",  # (ROS 2's navigation stack names it)
    "es": "elasticsearch",  # (an alias a later mention may use: "枇杷的ES集群")
    "mapbox gl js": "mapbox",
    "arcgis maps sdk": "arcgis",
    "cesiumjs": "cesium",
    "blazor server": "blazor",
    "asp.net": "asp.net core",
    "tailwind css": "tailwind",
    "scss modules": "scss",
    "sass": "scss",
}
_STACK_WORD = re.compile(
    r"(?<![A-Za-z0-9.])(?:"
    + "|".join(re.escape(t) for t in sorted(STACK_TECHNOLOGIES, key=len, reverse=True))
    + r")(?![A-Za-z0-9])",
    _F,
)
_HTTP = re.compile(r"\b(?:https?|api|apis|endpoints?|json|python|rest|get|post|session|pip)\b", _F)
_GO_WEB = re.compile(r"\b(?:go|golang|router|routes?|middleware|handlers?|框架)\b|框架|路由|中间件|后端", _F)
_STYLES = re.compile(r"\b(?:css|styles?|styling|stylesheets?|sass|scss|themes?|theming|components?)\b|样式", _F)
_CODE_FORMAT = re.compile(
    r"\b(?:python|py|code|codebase|format\w*|lint\w*|pre-commit|pyproject|ruff|isort|flake8|repo|pr|ci|style)\b|"
    r"格式化|代码|规范",
    _F,
)
# Names of technologies that are ordinary words too, and when they name the technology
_ORDINARY_WORDS: dict[str, Callable[[str, re.Match[str]], bool]] = {
    "unity": lambda text, m: m.group(0) == "Unity",
    "requests": lambda text, m: bool(_HTTP.search(text)),
    "gin": lambda text, m: bool(_GO_WEB.search(text)),
    "fiber": lambda text, m: bool(_GO_WEB.search(text)),
    "less": lambda text, m: m.group(0) == "Less" and bool(_STYLES.search(text)),
    "emotion": lambda text, m: bool(_STYLES.search(text)),
    "stylus": lambda text, m: bool(_STYLES.search(text)),
    # ("stuffed with black beans", "make the slides prettier": a colour and a comparative, no formatter)
    "black": lambda text, m: bool(_CODE_FORMAT.search(text)),
    "prettier": lambda text, m: m.group(0) == "Prettier" or bool(_CODE_FORMAT.search(text)),
}
_STACK_CUE = re.compile(
    r"\b(?:use|uses|using|with|written|built|build|building|runs?|train|targets?|migrated|moved|switched|stack|database|"
    r"db|framework|deploy|deployed|hosted|host|ci|tests?|reach\s+for|go\s+with|stick\s+with|give\s+me|"
    r"standardi[sz]ed\s+on|through|via|sends?|sent|reports?|go(?:es)?\s+to|models?\s+on|lives?\s+(?:in|on)|sits?\s+on|it's|it\s+is|"
    r"as\s+usual|as\s+always|like\s+always)\b|用|写|做的|迁|换|"
    r"按|基于|数据库|框架|部署|托管|跑在|拿|纯血|App是|应用是",
    _F,
)
# Code indentation: tabs or a number of spaces, said with a word for code style.
_INDENT = re.compile(
    r"(?<![A-Za-z0-9])(?P<n>[248])[\s-]?spaces?\b|\bspaces\b|(?<![A-Za-z])tabs?(?![A-Za-z])|(?P<zn>[248两四二])个?空格|空格|制表符",
    _F,
)
_INDENT_CUE = re.compile(r"\b(?:indent\w*|code|codebase|repo|style|formatting)\b|缩进|代码|规范|风格|格式|仓库", _F)
_ZH_DIGITS = {"两": "2", "二": "2", "四": "4"}
# A naming convention for names in code ("file names in snake_case", "变量名用驼峰").
_NAMING = re.compile(
    r"(?<![A-Za-z])(?:(?P<snake>snake[_\s-]?case)|(?P<camel>camel[_\s-]?case)|(?P<pascal>pascal[_\s-]?case)|"
    r"(?P<kebab>kebab[_\s-]?case))(?![A-Za-z])|(?P<zsnake>蛇形命名|下划线命名)|(?P<zcamel>驼峰)",
    _F,
)
_NAMING_CUE = re.compile(
    r"\b(?:names?|naming|named|identifiers?|variables?|functions?)\b|命名|变量名|函数名|文件名", _F
)

# The quotes strings are written with ("single quotes in JavaScript", "字符串用双引号"), said with a word for code.
_QUOTES = re.compile(r"\b(?P<k>single|double)[\s-]quot(?:es?|ed|ing)\b|(?P<z>单|双)引号", _F)
_QUOTES_CUE = re.compile(
    r"\b(?:code|codebase|strings?|snippets?|js|javascript|typescript|ts|python|style|lint\w*|write|give|use)\b|"
    r"代码|字符串|写|用",
    _F,
)
# The language comments in code are written in ("代码注释都写中文", "comments in English").
_COMMENT_LANGUAGE = re.compile(
    r"\bcomments?\s+(?:in|written\s+in)\s+(?P<en>english|chinese|german|french|spanish|japanese)\b|"
    r"注释(?:都|一律|全部|统一)?(?:写|用|使用)?(?:成)?(?P<zh>中文|英文|英语|汉语)",
    _F,
)
# The language a project's documentation is written in ("这个项目的文档都用英文写", "the docs are in English").
_DOCS_LANGUAGE = re.compile(
    r"\b(?:docs|documentation|readme)\s+(?:is\s+|are\s+|gets?\s+)?(?:all\s+)?(?:written\s+)?in\s+(?P<en>english|chinese|german|"
    r"french|spanish|japanese)\b|(?:文档|说明文档|README)(?:都|一律|统一|全部)?(?:用|写成?|使用)?(?:成)?(?P<zh>中文|英文|英语|汉语)",
    _F,
)
_LANGUAGE_NAMES = {"中文": "chinese", "汉语": "chinese", "英文": "english", "英语": "english"}
# The style of docstrings: "I write all my Python docstrings Google-style", "NumPy-style docstrings", "docstring
# 用Google风格".
_DOCSTRING_STYLE = re.compile(
    r"\b(?P<s>google|numpy|sphinx|rest|rst|epytext)(?:[\s-]style|风格)|(?P<z>google|numpy|sphinx)风格", _F
)
_AS_ALWAYS = re.compile(r"\b(?:as\s+(?:usual|always)|like\s+always)\b", _F)
_DOCSTRING = re.compile(r"\bdocstrings?\b|文档字符串|函数注释", _F)


# Trouble with a tool, said in its clause: "拿pip装老打架", "npm keeps breaking"
_TROUBLE = re.compile(
    r"打架|冲突|报错|出错|装不上|用不上|不好使|老崩|总崩|踩坑|\b(?:conflicts?|keeps?\s+breaking|broke|breaks|fights?)\b",
    _F,
)


def _complained_of(text: str, m: re.Match[str]) -> bool:
    """Whether the clause of `m` complains of trouble with what it names."""
    return bool(_TROUBLE.search(text, *clause_span(text, m.start())))


def code_settings(text: str) -> list[Slot]:
    """The stack technology and the indentation a segment states (each once; not one left behind or denied)."""
    out: list[Slot] = []
    seen: set[str] = set()
    if _STACK_CUE.search(text):
        by_attribute: dict[str, list[re.Match[str]]] = {}
        for m in _STACK_WORD.finditer(text):
            ordinary = _ORDINARY_WORDS.get(m.group(0).lower())
            if ordinary is not None and not ordinary(text, m):
                continue  # "unity" the word, "Unity" the engine; "requests" the word, "requests" for HTTP calls
            if not stated_away(text, m.start(), m.end()):
                by_attribute.setdefault(attribute_of(Predicate.USES_TECH, m.group(0).lower()), []).append(m)
        for attribute, found in by_attribute.items():
            # "CUDA那一摊拿pip装老打架，环境全靠conda管": of several, one not named in a complaint
            m = next((m for m in found if not _complained_of(text, m)), found[0])
            name = m.group(0).lower()
            seen.add(attribute)
            out.append(Slot(Predicate.USES_TECH, attribute, STACK_CANONICAL.get(name, name), True, m.start(), m.end()))
    if _INDENT_CUE.search(text):
        for m in _INDENT.finditer(text):
            if stated_away(text, m.start(), m.end()):
                continue
            n = m.group("n") or _ZH_DIGITS.get(m.group("zn") or "", m.group("zn") or "")
            word = m.group(0).lower()
            value = "tabs" if word.startswith("tab") or word == "制表符" else (f"{n} spaces" if n else "spaces")
            out.append(Slot(Predicate.LIKES, "code_indentation", value, True, m.start(), m.end()))
            break
    naming = _NAMING.search(text) if _NAMING_CUE.search(text) else None
    if naming is not None and not stated_away(text, naming.start(), naming.end()):
        kind = next(k.lstrip("z") for k, v in naming.groupdict().items() if v)
        value = {"snake": "snake_case", "camel": "camelCase", "pascal": "PascalCase", "kebab": "kebab-case"}[kind]
        out.append(Slot(Predicate.LIKES, "code_naming", value, True, naming.start(), naming.end()))
    quotes = _QUOTES.search(text) if _QUOTES_CUE.search(text) else None
    if quotes is not None and not stated_away(text, quotes.start(), quotes.end()):
        kind = (quotes.group("k") or "").lower() or ("single" if quotes.group("z") == "单" else "double")
        out.append(Slot(Predicate.LIKES, "code_quotes", f"{kind} quotes", True, quotes.start(), quotes.end()))
    # "Google-style, like always.": the style alone, said as the speaker's habit
    habitual = _AS_ALWAYS.search(text)
    style = _DOCSTRING_STYLE.search(text) if _DOCSTRING.search(text) or habitual else None
    if style is not None and not stated_away(text, style.start(), style.end()):
        name = (style.group("s") or style.group("z") or "").lower().replace("rst", "rest")
        out.append(Slot(Predicate.LIKES, "code_docstring_style", f"{name} style", True, style.start(), style.end()))
    said = _COMMENT_LANGUAGE.search(text)
    if said is not None and not stated_away(text, said.start(), said.end()):
        name = (said.group("en") or "").lower() or _LANGUAGE_NAMES[said.group("zh")]
        out.append(Slot(Predicate.LIKES, "code_comment_language", name, True, said.start(), said.end()))
    docs = _DOCS_LANGUAGE.search(text)
    if docs is not None and not stated_away(text, docs.start(), docs.end()):
        name = (docs.group("en") or "").lower() or _LANGUAGE_NAMES[docs.group("zh")]
        out.append(Slot(Predicate.LIKES, "docs_language", name, True, docs.start(), docs.end()))
    return out
