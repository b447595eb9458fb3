"""Query routing rules: which memory layers a query goes to, why, and which rerank weights (query kind) apply.

Rules come first and work for Chinese and English. Four signals are looked for, each with its own words:

- **time-back** (上次, 上周, 之前, 昨天, 三月份, last time, last week, yesterday, ago, in March, "before" at
  the end of a clause, …) → episodic: the answer is an event of an earlier session;
- **preference** (喜欢, 偏好, 不喜欢, 讨厌, 觉得, prefer, I like, hate, favourite, my style, …) → semantic:
  the answer is a standing fact about the user;
- **current-context** (刚才, 接着, 继续, 上面, just now, continue, as I said, the previous message, …) →
  working: the answer is in the session buffer;
- **operation intent** (帮我把, 这个流程, 怎么做, 老样子, how do I, run, automate, do the usual, …) →
  procedural: the user wants a task done and a skill may know how.

Precedence, in order:

1. Explicit layers in a request bypass the rules (reason "explicit layers in request").
2. The layers of every signal found are united, in the order working, episodic, semantic, procedural
   ("上次你说我喜欢什么" → episodic + semantic; "把上周的周报发给王经理" → episodic + procedural).
3. A time-back word overrules a *continuation* word (继续, 接着, continue, resume, pick up): "继续上次的任务"
   continues something of a past session, so working is dropped. Deictic current-context words (刚才, as I
   said) are kept alongside time-back words.
4. No signal → episodic + semantic.

The service answers from every layer, so `route` returns the rule route as it is. The query kind is
"recall" on a time-back word, else "preference" on a preference word, else "default". Guards keep the usual
false positives out: "like" only as a verb ("looks like rain" is not a preference), "run" not in "run into /
run out / a run", "before" only where it looks back ("before I deploy" does not), "之前" only after a pronoun
or at the start ("部署之前" does not).
Pure functions over precompiled regexes; no I/O.
"""

from __future__ import annotations

import re

from graphmem.model import Layer, QueryKind, Route

__all__ = [
    "DEFAULT_LAYERS",
    "ROUTABLE_LAYERS",
    "query_kind",
    "route",
    "route_rules",
]

ROUTABLE_LAYERS: tuple[Layer, ...] = (Layer.WORKING, Layer.EPISODIC, Layer.SEMANTIC, Layer.PROCEDURAL)
"""The layers a query can be routed to, in the order a route lists them."""

DEFAULT_LAYERS: tuple[Layer, ...] = (Layer.EPISODIC, Layer.SEMANTIC)
"""The route of a query without any routing word."""

_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
)
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_ZH_NUM = r"(?:\d{1,3}|[一二两三四五六七八九十几]{1,3})"

_TIME_BACK = re.compile(
    "|".join(
        [
            # Chinese
            r"上上?(?:次|回|一次|一回|周末?|一周|个?星期|个?礼拜|个?月)",
            r"昨天|昨晚|昨日|前天|去年|前年|那天|那次|那回|那会儿?|当时|当初|曾经|前几天|前阵子|前段时间|早些时候",
            r"(?:^|[我你他她们咱您，,。？?！!\s]|很久|不久|好久|[天周月年])(?:之前|以前)",
            rf"{_ZH_NUM}\s*(?:天|周|个?星期|个?礼拜|个月|年)(?:之?前)",
            r"(?:\d{1,2}|十[一二]?|[一二三四五六七八九])月份?(?![之以]?后)",
            r"过去的?(?:一|几|两|这)|(?:19|20)\d\d\s*年",
            # English
            rf"\b(?:the )?last (?:time|week|weekend|month|year|night|session|conversation|meeting|trip|visit|"
            rf"call|chat|{_WEEKDAYS})\b",
            r"\byesterday\b|\bago\b|\bthe other day\b|\bin the past\b|\bpreviously\b",
            r"\bprevious (?:session|conversation|chat|meeting|week|month|year|trip|visit|call)\b",
            r"\bearlier (?:this|last|today|that)\b",
            r"\bbefore(?=\s*(?:$|[?.!,;:)]|that\b|then\b|now\b))",
            r"\b(?:as|ever) before\b",
            rf"\b(?:in|during|since|back in|last) (?:{_MONTHS})\b",
            r"\b(?:in|back in|during) (?:19|20)\d\d\b",
            r"\bwhen did\b|\bwhat happened\b|\bremember when\b|\b(?:have|did) (?:we|i|you) ever\b",
            r"\b(?:recently|lately)\b",
        ]
    ),
    re.I,
)
_PREFERENCE = re.compile(
    "|".join(
        [
            # Chinese
            r"不?喜欢|偏好|偏爱|讨厌|觉得|爱吃|爱喝|爱看|爱听|不吃|不喝|忌口|口味|风格|品味|最爱|倾向于?|"
            r"更愿意|宁愿|宁可|中意|反感|受不了|习惯用|看法|怎么看",
            # English
            r"\bprefer(?:s|red|ence|ences)?\b",
            r"\b(?:i|we|they|he|she|you)\s+(?:really\s+|also\s+|usually\s+|still\s+|actually\s+|always\s+|"
            r"never\s+|don't\s+|do not\s+|didn't\s+)?like\b",
            r"\b(?:do|does|did|don't|doesn't|didn't)\s+(?:(?!looks?\b|sounds?\b|seems?\b|feels?\b)\w+\s+){0,2}like\b",
            r"\b(?:likes|liked|dislikes?|disliked)\b",
            r"(?<!would )(?<!'d )\b(?:love|loves|loved|enjoy|enjoys|enjoyed|hate|hates|hated)\b",
            r"\bfavou?rites?\b|\bmy (?:style|taste|tastes)\b|\bfan of\b|\bcan't stand\b",
            r"\b(?:feel|think) about\b|\bopinion (?:on|of|about)\b",
        ]
    ),
    re.I,
)
_CONTINUATION = re.compile(
    r"继续|接着|(?:说|讲|聊)到哪(?:儿|里)?了|"
    r"\bcontinue\b|\bcarry on\b|\bkeep going\b|\bgo on\b|\bresume\b|\bpick up where\b|"
    r"\bwhere (?:we|i) left off\b",
    re.I,
)
_CURRENT = re.compile(
    "|".join(
        [
            # Chinese
            r"刚才|刚刚|方才|上面|前面(?:说|提|讲|聊)|[我你]刚(?:说|提|讲|问)|刚提到|上一(?:条|句|步|个回答)|"
            r"这段对话|这次对话|本次对话|当前(?:任务|对话|步骤)|目前这个任务|回到刚|如我所说|就像我说的|我们正在",
            # English
            r"\bjust now\b|\bas (?:i|you|we) (?:said|mentioned|discussed|noted)\b|"
            r"\b(?:i|you) just (?:say|said|mention|mentioned|ask|asked|tell|told|wrote|write)\b",
            r"\b(?:said|mentioned|asked|told you) earlier\b",
            r"\bearlier in (?:this|our|the) (?:conversation|chat|session)\b",
            r"\b(?:this|our current|the current) (?:conversation|chat|session)\b|\bso far\b|\babove\b",
            r"\b(?:previous|last|your last|my last) (?:message|answer|reply|turn|step)\b|\bwhere were we\b",
        ]
    )
    + "|"
    + _CONTINUATION.pattern,
    re.I,
)
_OPERATION = re.compile(
    "|".join(
        [
            # Chinese
            r"帮我把|帮我(?:做|跑|执行|生成|部署|发|写|整理|创建|建|提交|安排|订|预订|导出|备份|转换|上传|下载|"
            r"设置|配置|安装|处理|打包|发布|翻译|改|填|起草|同步|重启|清理)",
            r"把.{1,20}?(?:发给|发到|转成|改成|导出|导入|存到|上传|部署|提交|合并|整理成|翻译成)",
            r"这个流程|流程|步骤|怎么做|怎么弄|怎么搞|怎么操作|该怎么|要怎么|教我|一键|自动化|老样子|照常|照旧|"
            r"按惯例|老规矩|跑一下|跑一遍|执行|运行|部署",
            r"(?:怎么|如何)(?:做|配置|部署|设置|安装|运行|跑|导出|提交|申请|报销|开通|操作|发布|备份|使用|用)",
            # English
            r"\bhow (?:do|can|should|would) (?:i|we)\b(?!\s+(?:like|prefer|feel|usually take))",
            r"\bhow to\b|\bsteps (?:to|for)\b|\bwalk me through\b|\bthe (?:process|procedure|workflow) for\b",
            r"(?<!\ba )(?<!\bthe )(?<!\blong )(?<!\bmy )(?<!\bmorning )\b(?:re)?run\b"
            r"(?!\s+(?:into|out|across|away|off|late|low|short|over|around|after)\b)",
            r"\bexecute\b|\bautomate\b|\bdo the usual\b|\bthe usual (?:way|steps|routine|process)\b",
            r"\b(?:deploy|set up|install|configure|kick off)\b",
            r"^\s*(?:book|send|generate|create|schedule|submit|export|build|publish|draft|convert|rename|"
            r"migrate|sync|restart|prepare|back up|file)\b",
            r"\b(?:help me|can you|could you|please)\s+(?:deploy|send|generate|create|book|schedule|file|"
            r"submit|export|back up|build|publish|draft|write|convert|rename|format|migrate|sync|restart|"
            r"prepare)\b",
        ]
    ),
    re.I,
)


def _words(pattern: re.Pattern[str], query: str) -> list[str]:
    """The distinct words of `pattern` found in `query`, in order of appearance."""
    found: list[str] = []
    for match in pattern.finditer(query):
        word = match.group(0).strip(" ，,。？?！!").strip()
        if word and word not in found:
            found.append(word)
    return found


def _quoted(words: list[str]) -> str:
    return ", ".join(repr(w) for w in words)


def query_kind(query: str) -> tuple[QueryKind, str]:
    """The query kind (recall, preference or default) and the rule that decided it."""
    back = _words(_TIME_BACK, query)
    return _kind_of(back, _words(_PREFERENCE, query) if not back else [])


def _kind_of(back: list[str], liked: list[str]) -> tuple[QueryKind, str]:
    """The query kind from the time-back and preference words found (each pattern is scanned once a query)."""
    if back:
        return QueryKind.RECALL, f"time-back word {_quoted(back)}"
    if liked:
        return QueryKind.PREFERENCE, f"preference word {_quoted(liked)}"
    return QueryKind.DEFAULT, "no routing word"


def route_rules(query: str) -> Route:
    """The layers the rules send `query` to, whatever is served (precedence: see the module doc)."""
    back = _words(_TIME_BACK, query)
    liked = _words(_PREFERENCE, query)
    kind, _ = _kind_of(back, liked)
    current = _words(_CURRENT, query)
    dropped: list[str] = []
    if back:
        dropped = [w for w in current if _CONTINUATION.fullmatch(w)]
        current = [w for w in current if w not in dropped]
    signals: list[tuple[Layer, str, list[str]]] = [
        (Layer.WORKING, "current-context", current),
        (Layer.EPISODIC, "time-back", back),
        (Layer.SEMANTIC, "preference", liked),
        (Layer.PROCEDURAL, "operation", _words(_OPERATION, query)),
    ]
    hits = [(layer, rule, words) for layer, rule, words in signals if words]
    if not hits:
        return Route(layers=DEFAULT_LAYERS, reason="rules: no routing word → episodic + semantic", query_kind=kind)
    parts = [f"{rule} {_quoted(words)} → {layer.value}" for layer, rule, words in hits]
    if dropped:
        parts.append(f"continuation {_quoted(dropped)} overruled by the time-back word")
    return Route(layers=tuple(layer for layer, _, _ in hits), reason="rules: " + "; ".join(parts), query_kind=kind)


def route(query: str, requested: tuple[Layer, ...]) -> Route:
    """The layers to search: the requested ones when given, else the rule route."""
    if requested:
        return Route(layers=requested, reason="explicit layers in request", query_kind=query_kind(query)[0])
    return route_rules(query)
