"""Attribute slots filled by named things: a value of a known category (a city, a company, a programming
language, an editor, an airline, a time zone, ...) said together with a cue of its attribute ("live", "moved",
"work", "上班", "fly", "开会", ...) sets that attribute, whatever the phrasing around it. The value is the
gazetteer's canonical form, so paraphrases in two sessions state one claim. Guards (questions, hypotheticals,
other people, past-only remarks) are the caller's; here a value named as the thing left behind ("from X",
"not X", "X 不用了") is skipped, and a negation before the value in its clause makes a stance negative.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.extraction.attributes import STACK_TECHNOLOGIES, attribute_of, relation_attribute
from graphmem.extraction.deadlines import deadline
from graphmem.extraction.facts import Predicate
from graphmem.extraction.gazetteer import Hit, scan
from graphmem.extraction.lexicon import LANGS
from graphmem.extraction.replies import capped_reply, reply_shape
from graphmem.extraction.rule import Lang

__all__ = ["Slot", "names_meeting", "slots"]

_F = re.IGNORECASE


@dataclass(frozen=True)
class Slot:
    """A value for an attribute, with the span of the text that named it."""

    predicate: Predicate
    attribute: str
    value: str
    polarity: bool
    start: int
    end: int


@dataclass(frozen=True)
class _Kind:
    predicate: Predicate
    attribute: str
    cue: dict[Lang, re.Pattern[str]]


def _cue(en: str, zh: str) -> dict[Lang, re.Pattern[str]]:
    return {"en": re.compile(r"\b(?:" + en + r")\b", _F), "zh": re.compile(zh + "|" + r"\b(?:" + en + r")\b", _F)}


_KINDS: dict[str, _Kind] = {
    "city": _Kind(
        Predicate.LOCATION,
        "",
        _cue(
            r"live|living|lives|lived\s+here|based|home|moved|move|moving|relocated|relocating|relocate|apartment|flat|"
            r"rent|here|settled|i'm\s+in|i\s+am\s+in|im\s+in|where\s+i\s+am|neighbou?rhood|local",
            r"住|搬|定居|生活|坐标|安家|落户|这边|这里|在这|人在|我们|本地|常驻|现在在|已经在|回到",
        ),
    ),
    "company": _Kind(
        Predicate.EMPLOYER,
        "",
        _cue(
            r"work|works|working|job|joined|join|joining|employer|company|team|office|hired|offer|started|colleagues|"
            r"coworkers|manager|onboarding",
            r"上班|工作|搬砖|入职|跳槽|实习|公司|我们|同事|打工|干活|offer|去了",
        ),
    ),
    "programming": _Kind(
        Predicate.USES_LANGUAGE,
        "",
        _cue(
            r"code|coding|codes|program|programming|write|writing|written|language|driver|main|mostly|developer|dev|"
            r"switched|moved|use|using|full-time|stack|examples?|snippets?",
            r"写|用|语言|主力|编程|开发|转|代码|示例",
        ),
    ),
    "editor": _Kind(
        Predicate.USES_TOOL,
        "editor",
        _cue(
            r"use|using|switched|moved|ide|editor|driver|live\s+in|keybindings?|code\s+in|coding\s+in|config|dotfiles|"
            r"plugins?|life\s+is\s+in",
            r"用|换|写代码|编辑器|顺手",
        ),
    ),
    "os": _Kind(
        Predicate.USES_TOOL,
        "os",
        _cue(r"on|use|using|run|running|switched|laptop|machine|daily\s+driver|commands?", r"用|系统|电脑|按|命令"),
    ),
    "notes_app": _Kind(
        Predicate.USES_TOOL,
        "notes_app",
        _cue(r"notes?|note-taking|use|using|switched|moved|migrated|writing|all\s+my\s+\w+\s+in", r"笔记|记|迁|用|写"),
    ),
    "meeting_tool": _Kind(
        Predicate.USES_TOOL,
        "meeting_tool",
        _cue(
            r"calls?|meetings?|meet\s+on|video|stand-?ups?|1:1s?|sync|schedule|invites?|links?",
            r"会|开会|会议|视频|通话|链接",
        ),
    ),
    "airline": _Kind(
        Predicate.LIKES,
        "travel_airline",
        _cue(
            r"fly|flying|flights?|airline|book|miles|status|member|points|loyal",
            r"订|坐|飞|航班|积分|金卡|会员|机票|出门",
        ),
    ),
    "hotel": _Kind(
        Predicate.LIKES,
        "travel_hotel",
        _cue(r"hotels?|stay|stays|staying|book|member|points|loyal", r"酒店|订|住|会员"),
    ),
    "seat": _Kind(
        Predicate.LIKES,
        "travel_seat",
        _cue(
            r"seats?|fly|flying|flights?|book|booking|plane|pick|choose|aisle|go\s+for|opt\s+for|trains?|coach",
            r"座|飞机|机票|订票|选|位置|航班|车厢|高铁|火车",
        ),
    ),
    "travel_mode": _Kind(
        Predicate.LIKES,
        "travel_mode",
        _cue(
            r"travel|trips?|fly|flying|flights?|book|take|prefer|only|always|never|no",
            r"出差|出行|坐|订|喜欢|不坐|回家",
        ),
    ),
    "timezone": _Kind(Predicate.TIMEZONE, "", _cue(r".", r".")),
    "job": _Kind(
        Predicate.JOB,
        "",
        _cue(
            r"i'm\s+a|i\s+am\s+a|im\s+a|as\s+a|as\s+an|work\s+as|promoted\s+to|role|title|position",
            r"我是|做|当|转岗|岗位|职位|干",
        ),
    ),
    "diet": _Kind(
        Predicate.DIET,
        "",
        _cue(r"i'm|i\s+am|im|i've|i\s+went|going|gone|doing|on|diet|eat|eating|strictly|now", r"我|在|吃|改成|现在"),
    ),
}
# Words that put a named value behind the speaker: "switched from X", "not X", "X, not Y", "X 不用了".
_LEFT_BEFORE = re.compile(
    r"(?:\b(?:from|not|than|over|instead\s+of|rather\s+than|left|quit|leaving|no\s+longer|ex-|saying|said|"
    r"telling\s+you|dropped)|不是|而不是|从|离开|放弃)\s*$",
    _F,
)
_LEFT_AFTER = re.compile(r"^\s*(?:不用了|不碰了|已经不|基本不|is\s+history|is\s+over|was|used\s+to)", _F)
_NEGATION = re.compile(
    r"\b(?:not|no|never|don't|dont|won't|can't|cant|hate|avoid|skip)\b|不|别|没|讨厌|受不了|熬不住", _F
)
# A negation that denies its clause (not "不错" good, "不少" many, "不久" soon, "不过" but, "no doubt"). A value of
# a use, a home or an employer in a denied clause is not stated (a taste there is a negative stance instead).
_CLAUSE_NEGATION = re.compile(
    r"\b(?:not|never|don't|dont|doesn't|won't|can't|cant|isn't|aren't|hate|avoid)\b|不(?![错少久过然断])|别|没|讨厌|受不了",
    _F,
)
# A Chinese A-not-A question ("能不能", "要不要", "是不是") asks; its 不 negates nothing.
_A_NOT_A = re.compile(r"([\u4e00-\u9fff])不\1")


def _negated(text: str) -> bool:
    return bool(_NEGATION.search(_A_NOT_A.sub("", text)))


_DENIABLE = frozenset({Predicate.USES_TOOL, Predicate.USES_LANGUAGE, Predicate.EMPLOYER, Predicate.LOCATION})
# A clock time right before a zone ("3pm EST", "下午三点北京时间") times an event; it does not state the user's zone.
_CLOCK_BEFORE = re.compile(r"(?:\d|am|pm|点|时)\s*$", _F)
_CLAUSE = re.compile(r"[,，;；:：、(（)）]|\s(?:but|and|though|so)\s|但是|不过|可是|所以")
_FIRST_PERSON = {
    "en": re.compile(
        r"\b(?:i|i'm|im|i've|ive|i'd|my|me|mine|we|we're|we've|our|us|let's|please|pls|plz|here|remember|book|keep|use|"
        r"schedule)\b|"
        # an imperative to the assistant
        r"(?:^|[,:;]\s*|\bon\s)(?:answer|reply|respond|write|talk|give|make|set|default|switch|change)\b",
        _F,
    ),
    "zh": re.compile(r"我|咱|俺|请|帮|给我|这边|这里|以后|记住|坐标|本人"),
}
_THIRD_PERSON_ZH = re.compile(r"^(?:他|她|他们|她们|人家|别人|大家)")
# The language the assistant should answer in: a language name with a cue of replying.
_REPLY_CUE = {
    "en": re.compile(r"\b(?:reply|replies|answer|answers|respond|responses?|write\s+to\s+me|talk\s+to\s+me|in)\b", _F),
    "zh": re.compile(r"回复|回答|回我|答复|跟我说|和我说|对我说|用|讲"),
}
_SPEAKING = re.compile(r"\b(?:speak|speaks|learning|learn|native)\b|学|练|母语", _F)
_LANG_WORD = re.compile(
    r"\b(?:"
    + "|".join(k for k in LANGS if k.isascii())
    + r")\b|"
    + "|".join(sorted((k for k in LANGS if not k.isascii()), key=len, reverse=True)),
    _F,
)


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    for m in _CLAUSE.finditer(text, 0, start):
        left = m.end()
    right_match = _CLAUSE.search(text, end)
    return left, right_match.start() if right_match else len(text)


def _reply_language(text: str, lang: Lang) -> list[Slot]:
    out: list[Slot] = []
    for m in _LANG_WORD.finditer(text):
        c_start, c_end = _clause_bounds(text, m.start(), m.end())
        clause = text[c_start:c_end]
        if not _REPLY_CUE[lang].search(clause) or _SPEAKING.search(clause):
            continue
        if _LEFT_BEFORE.search(text[c_start : m.start()]):
            continue
        value = LANGS[m.group(0).lower() if m.group(0).isascii() else m.group(0)]
        polarity = not _negated(text[c_start : m.start()])
        out.append(Slot(Predicate.PREFERS_LANGUAGE, "", value, polarity, m.start(), m.end()))
    return out


# How long and in what register the assistant should answer: a word of the setting with a cue of replying.
_REPLY_WORDS: dict[str, tuple[Predicate, str]] = {
    **dict.fromkeys(
        ("short", "shorter", "brief", "briefer", "concise", "terse", "tl;dr", "tldr", "succinct"),
        (Predicate.PREFERS_REPLY_STYLE, "short replies"),
    ),
    **dict.fromkeys(
        ("detailed", "thorough", "in-depth", "longer", "elaborate", "comprehensive", "in detail", "step by step",
         "long version"),
        (Predicate.PREFERS_REPLY_STYLE, "detailed replies"),
    ),
    **dict.fromkeys(("casual", "informal", "relaxed", "chill"), (Predicate.PREFERS_TONE, "casual")),
    **dict.fromkeys(("formal", "professional"), (Predicate.PREFERS_TONE, "formal")),
    **dict.fromkeys(
        ("简短", "简洁", "精简", "短一点", "短点", "简单点", "说重点", "长话短说"),
        (Predicate.PREFERS_REPLY_STYLE, "short replies"),
    ),
    **dict.fromkeys(("详细", "展开讲", "深入"), (Predicate.PREFERS_REPLY_STYLE, "detailed replies")),
    **dict.fromkeys(("随意", "轻松", "口语化", "随便点"), (Predicate.PREFERS_TONE, "casual")),
    **dict.fromkeys(("正式",), (Predicate.PREFERS_TONE, "formal")),
}  # fmt: skip
_REPLY_WORD = re.compile(
    r"(?<![A-Za-z])(?:"
    + "|".join(re.escape(w) for w in sorted(_REPLY_WORDS, key=len, reverse=True))
    + r")(?![A-Za-z])",
    _F,
)
_REPLY_SETTING_CUE = {
    "en": re.compile(
        r"\b(?:answers?|replies|reply|responses?|respond|explanations?|explain|style|tone|keep\s+it|with\s+me|essays?|"
        r"write|writing|talk|walk\s+me\s+through|version)\b",
        _F,
    ),
    "zh": re.compile(r"回答|回复|回我|答|说|讲|解释|版本|写|语气|口吻|聊"),
}
_DROPPED = re.compile(r"(?:\b(?:drop|stop|no\s+more|not|don't|dont|no|without)\b|别|不要|不用|不需要)[\s\w]{0,12}$", _F)


# When meetings should be: the part of the day named nearest to a word for meetings.
_DAY_PARTS: dict[str, str] = {
    "morning": "morning", "mornings": "morning", "afternoon": "afternoon", "afternoons": "afternoon",
    "evening": "evening", "evenings": "evening", "上午": "morning", "早上": "morning", "早晨": "morning",
    "下午": "afternoon", "晚上": "evening", "傍晚": "evening",
}  # fmt: skip
_DAY_PART = re.compile(r"\b(?:mornings?|afternoons?|evenings?)\b|上午|早上|早晨|下午|晚上|傍晚", _F)
_MEETING = re.compile(r"\b(?:meetings?|calls?|stand-?ups?|syncs?|1:1s?)\b|开会|会议|会", _F)


_BETWEEN_CLAUSES = re.compile(r"[,，;；]")


def _meeting_time(text: str) -> list[Slot]:
    meetings = [(m.start(), m.end()) for m in _MEETING.finditer(text)]
    if not meetings:
        return []
    best: tuple[tuple[bool, int], re.Match[str]] | None = None
    for m in _DAY_PART.finditer(text):
        if _negated(text[max(0, m.start() - 6) : m.start()]):
            continue
        if _negated(text[m.end() : _clause_bounds(text, m.start(), m.end())[1]]):
            continue  # "周五下午别给我排会了": a time kept free, not the time wanted
        # the nearest word for meetings, one in the same clause first ("mornings work best for calls with me,
        # afternoons I'm heads-down")
        for s, e in meetings:
            gap = max(s - m.end(), m.start() - e, 0)
            crossed = _BETWEEN_CLAUSES.search(text, min(e, m.end()), max(s, m.start())) is not None
            if gap <= 24 and (best is None or (crossed, gap) < best[0]):
                best = ((crossed, gap), m)
    if best is None:
        return []
    m = best[1]
    value = _DAY_PARTS[m.group(0).lower() if m.group(0).isascii() else m.group(0)]
    return [Slot(Predicate.LIKES, "meeting_time", f"{value} meeting", True, m.start(), m.end())]


# How the user wants meetings: a weekday, a length, the camera or a clock time said with a word for meetings.
_MEETING_WORD = re.compile(
    r"\b(?:meetings?|calls?|stand-?ups?|syncs?|1:1s?|one-on-ones?)\b|开会|会议|排会|约会|例会|站会|周会|晨会", _F
)
_WEEKDAYS: dict[str, str] = {
    "mon": "monday", "tues": "tuesday", "wednes": "wednesday", "thurs": "thursday", "fri": "friday",
    "satur": "saturday", "sun": "sunday", "一": "monday", "二": "tuesday", "三": "wednesday", "四": "thursday",
    "五": "friday", "六": "saturday", "日": "sunday", "天": "sunday",
}  # fmt: skip
_WEEKDAY = re.compile(
    r"\b(?P<en>mon|tues|wednes|thurs|fri|satur|sun)days?\b|(?:周|星期|礼拜)(?P<zh>[一二三四五六日天])", _F
)
_DURATION = re.compile(
    r"\b(?P<min>\d{1,3})\s?-?\s?min(?:ute)?s?\b|(?P<zmin>\d{1,3})\s?分钟|(?P<half>\bhalf\s+an\s+hour\b|半个?小时)|"
    r"(?P<hour>\b(?:an|one)\s+hour\b|一个?小时)",
    _F,
)
_CAMERA = re.compile(r"\b(?:cameras?|webcams?)\b|摄像头|开视频|露脸", _F)
_CAMERA_OFF = re.compile(r"\b(?:cameras?|webcams?)\s+off\b|\boff\s+camera\b|关摄像头|不开摄像头|不露脸|关着摄像头", _F)
_CAMERA_ON = re.compile(r"\b(?:cameras?|webcams?)\s+on\b|\bon\s+camera\b|\bturn\s+on\b|开摄像头|开视频|露脸", _F)
_CLOCK_TIME = re.compile(
    r"(?:\b(?P<rel>after|before)\s+)?(?P<t>\b\d{1,2}:\d{2}(?:\s?[ap]m)?\b|\b\d{1,2}\s?[ap]m\b|\bnoon\b)", _F
)


# A technology of a stack slot (database, package manager, UI or ML framework) said with a cue of use.
_STACK_CANONICAL = {"pg": "postgresql", "postgres": "postgresql", "mongo": "mongodb", "nextjs": "next.js"}
_STACK_WORD = re.compile(
    r"(?<![A-Za-z0-9.])(?:"
    + "|".join(re.escape(t) for t in sorted(STACK_TECHNOLOGIES, key=len, reverse=True))
    + r")(?![A-Za-z0-9])",
    _F,
)
_STACK_CUE = re.compile(
    r"\b(?:use|uses|using|with|written|built|runs?|train|targets?|migrated|moved|switched|stack|database|db|"
    r"framework)\b|用|写|做的|迁|换|按|基于|数据库|框架",
    _F,
)
# Code indentation: tabs or a number of spaces, said with a word for code style.
_INDENT = re.compile(
    r"(?<![A-Za-z0-9])(?P<n>[248])[\s-]?spaces?\b|\bspaces\b|(?<![A-Za-z])tabs?(?![A-Za-z])|(?P<zn>[248两四二])个?空格|空格|制表符",
    _F,
)
_INDENT_CUE = re.compile(r"\b(?:indent\w*|code|style|formatting)\b|缩进|代码|规范|风格|格式", _F)
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


def _code_settings(text: str) -> list[Slot]:
    """The stack technology and the indentation a segment states (each once; not one left behind or denied)."""
    out: list[Slot] = []
    seen: set[str] = set()
    if _STACK_CUE.search(text):
        for m in _STACK_WORD.finditer(text):
            name = m.group(0).lower()
            value = _STACK_CANONICAL.get(name, name)
            attribute = attribute_of(Predicate.USES_TECH, name)
            if attribute in seen or _stated_away(text, m.start(), m.end()):
                continue
            seen.add(attribute)
            out.append(Slot(Predicate.USES_TECH, attribute, value, True, m.start(), m.end()))
    if _INDENT_CUE.search(text):
        for m in _INDENT.finditer(text):
            if _stated_away(text, m.start(), m.end()):
                continue
            n = m.group("n") or _ZH_DIGITS.get(m.group("zn") or "", m.group("zn") or "")
            word = m.group(0).lower()
            value = "tabs" if word.startswith("tab") or word == "制表符" else (f"{n} spaces" if n else "spaces")
            out.append(Slot(Predicate.LIKES, "code_indentation", value, True, m.start(), m.end()))
            break
    naming = _NAMING.search(text) if _NAMING_CUE.search(text) else None
    if naming is not None and not _stated_away(text, naming.start(), naming.end()):
        kind = next(k.lstrip("z") for k, v in naming.groupdict().items() if v)
        value = {"snake": "snake_case", "camel": "camelCase", "pascal": "PascalCase", "kebab": "kebab-case"}[kind]
        out.append(Slot(Predicate.LIKES, "code_naming", value, True, naming.start(), naming.end()))
    return out


def _stated_away(text: str, start: int, end: int) -> bool:
    """Whether a value is named as the one left behind ("not npm", "from MySQL") or in a denied clause."""
    c_start, c_end = _clause_bounds(text, start, end)
    return bool(
        _LEFT_BEFORE.search(text[max(0, start - 14) : start])
        or _LEFT_AFTER.search(text[end:])
        or _CLAUSE_NEGATION.search(_A_NOT_A.sub("", text[c_start:c_end]))
    )


# Working hours and days in Chinese: a range of clock hours or weekdays said with a word for work, or the
# idioms 朝九晚六 / 早十晚七; one normalised value ("9:00-18:00", "monday-thursday") whatever the phrasing.
_ZH_NUMBERS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
               "十一": 11, "十二": 12}  # fmt: skip
_ZH_HOUR = r"(?:\d{1,2}|十[一二]?|[一二两三四五六七八九])"
_WORK_HOURS = re.compile(
    rf"[朝早](?P<ia>{_ZH_HOUR})晚(?P<ib>{_ZH_HOUR})(?![点\d])|"
    rf"(?P<a>{_ZH_HOUR})(?:点|:00)?(?:到|至|-|~)(?:晚上|下午)?(?P<b>{_ZH_HOUR})(?:点|:00)"
)
_WORK_DAYS = re.compile(
    r"(?:周|星期|礼拜)(?P<a>[一二三四五六日天])(?:到|至|-|~)(?:周|星期|礼拜)?(?P<b>[一二三四五六日天])"
)
_WORK_CUE = re.compile(r"上班|工作|班|坐班|打卡|公司|单位|外企|国企|厂里")


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else _ZH_NUMBERS[word]


def _work_schedule(text: str) -> list[Slot]:
    """The hours and the days a Chinese segment says the user works."""
    out: list[Slot] = []
    hours = _WORK_HOURS.search(text)
    if hours is not None and (hours.group("ia") or _WORK_CUE.search(text)):
        a = _hour(hours.group("ia") or hours.group("a"))
        b = _hour(hours.group("ib") or hours.group("b"))
        if b <= a and b < 12:
            b += 12  # 九点到六点: six in the evening
        if a < b <= 24:
            out.append(Slot(Predicate.WORK_HOURS, "", f"{a}:00-{b}:00", True, hours.start(), hours.end()))
    days = _WORK_DAYS.search(text)
    if days is not None and _WORK_CUE.search(text):
        value = f"{_WEEKDAYS[days.group('a')]}-{_WEEKDAYS[days.group('b')]}"
        out.append(Slot(Predicate.WORKDAYS, "", value, True, days.start(), days.end()))
    return out


_BUFFER = re.compile(r"\b(?:buffer|gap|breathing\s+room)\b|间隔|缓冲|空档", _F)


# The days one works at the office: weekdays said with a word for the office ("I'm only in the office Tuesdays and
# Thursdays", "我周二周四去公司坐班").
_OFFICE = re.compile(
    r"\b(?:in|into|at|to)\s+the\s+office\b|\bon-?site\b|\bin-office\b|坐班|去公司|到公司|去办公室|在办公室|进公司", _F
)
_WEEK_ORDER = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _office_days(text: str) -> list[Slot]:
    office = _OFFICE.search(text)
    if office is None:
        return []
    c_start, c_end = _clause_bounds(text, office.start(), office.end())
    days = [m for m in _WEEKDAY.finditer(text) if c_start <= m.start() < c_end or abs(m.start() - office.end()) < 24]
    if not days or _LEFT_BEFORE.search(text[max(0, days[0].start() - 14) : days[0].start()]):
        return []
    names = {_WEEKDAYS[(m.group("en") or m.group("zh")).lower()] for m in days}
    value = ", ".join(d for d in _WEEK_ORDER if d in names)
    return [Slot(Predicate.WORKDAYS, "office_days", value, True, days[0].start(), days[-1].end())]


def names_meeting(text: str) -> bool:
    """Whether `text` has a word for meetings ("stand-ups", "1:1s", "开会")."""
    return bool(_MEETING_WORD.search(text))


def _meeting_settings(text: str) -> list[Slot]:
    """A meeting day (or a day kept free of meetings), length, camera and clock time, each once."""
    if not _MEETING_WORD.search(text):
        return []
    negated = _negated(text)
    out: list[Slot] = []
    day = _WEEKDAY.search(text)
    if day is not None:
        value = _WEEKDAYS[(day.group("en") or day.group("zh")).lower()]
        attribute = "meeting_free_day" if negated else "meeting_day"
        out.append(Slot(Predicate.LIKES, attribute, value, True, day.start(), day.end()))
    length = _DURATION.search(text)
    if length is not None:
        minutes = length.group("min") or length.group("zmin") or ("30" if length.group("half") else "60")
        attribute = "meeting_buffer" if _BUFFER.search(text) else "meeting_length"  # "a 15-minute buffer between"
        out.append(Slot(Predicate.LIKES, attribute, f"{int(minutes)} min", True, length.start(), length.end()))
    camera = _CAMERA.search(text)
    off = bool(_CAMERA_OFF.search(text))
    if camera is not None and (negated or off or _CAMERA_ON.search(text)):  # not "camera fatigue is real"
        value = "camera off" if negated or off else "camera on"
        out.append(Slot(Predicate.LIKES, "meeting_camera", value, True, camera.start(), camera.end()))
    clock = _CLOCK_TIME.search(text)
    if clock is not None and not negated and not _CLOCK_AFTER_ZONE.match(text[clock.end() :]):  # "no calls before 9"
        rel = (clock.group("rel") or "").lower()
        if clock.group("t").lower() == "noon" and not rel:
            return out
        value = " ".join(w for w in (rel, clock.group("t").lower().replace(" ", "")) if w)
        # "before noon" is the morning, "after noon" the afternoon: one value with "morning meetings"
        value = {"before noon": "morning meeting", "after noon": "afternoon meeting"}.get(value, value)
        out.append(Slot(Predicate.LIKES, "meeting_time", value, True, clock.start(), clock.end()))
    return out


# A clock time followed by a zone ("3pm EST") times an event elsewhere.
_CLOCK_AFTER_ZONE = re.compile(r"\s?(?:[A-Z]{2,4}T|UTC|GMT)\b")


def _reply_settings(text: str, lang: Lang) -> list[Slot]:
    if not _REPLY_SETTING_CUE[lang].search(text):
        return []
    out: list[Slot] = []
    seen: set[Predicate] = set()
    for m in _REPLY_WORD.finditer(text):
        predicate, value = _REPLY_WORDS[m.group(0).lower()]
        if predicate in seen or _DROPPED.search(text[max(0, m.start() - 16) : m.start()]):
            continue
        seen.add(predicate)
        out.append(Slot(predicate, "", value, True, m.start(), m.end()))
    return out


# "my husband Marco", "my dog's name is Biscuit", "Pepper (my cat)": a named relation in English.
_RELATION_WORDS: dict[str, str] = {
    "wife": "wife", "husband": "husband", "hubby": "husband", "spouse": "spouse", "partner": "partner",
    "girlfriend": "partner", "gf": "partner", "boyfriend": "partner", "bf": "partner", "fiancé": "partner",
    "fiance": "partner", "fiancée": "partner", "fiancee": "partner", "daughter": "daughter", "son": "son",
    "dog": "dog", "puppy": "dog", "cat": "cat", "kitten": "cat", "fish": "pet:fish", "goldfish": "pet:fish",
    "hamster": "pet:hamster", "rabbit": "pet:rabbit", "bunny": "pet:rabbit", "parrot": "pet:bird", "bird": "pet:bird",
}  # fmt: skip
_REL = "|".join(sorted(_RELATION_WORDS, key=len, reverse=True))
_NAME = r"(?P<name>[A-Z][a-z]{1,15})"
_RELATION_NAMED = re.compile(
    r"\bmy\s(?:new\s)?(?P<rel>"
    + _REL
    + r")(?:'s\sname\sis(?:\s(?:spelled|spelt|actually|now))?|\sis\snamed|\sis\scalled|\sis|\snamed|\scalled|,)?\s"
    + _NAME
    + r"\b|\b"
    + _NAME.replace("name", "name2")
    + r"\s\((?:my|the)\s(?P<rel2>"
    + _REL
    + r")\)|"
    r"\bnew\s(?P<rel3>" + _REL + r"),\s" + _NAME.replace("name", "name3") + r"\b|"
    r"\b" + _NAME.replace("name", "name4") + r",\s(?:my|the)\s(?P<rel4>" + _REL + r")(?=[,.;!)]|$)",  # "Priya, my wife"
    re.IGNORECASE,
)
_NOT_NAMES = frozenset(
    {"i", "is", "and", "the", "a", "an", "my", "he", "she", "it", "they", "we", "has", "was", "just", "so", "but",
     "loves", "likes", "hates", "works", "lives", "got", "had", "passed", "always", "never", "really", "too", "also",
     "hello", "hi", "hey", "thanks", "ok", "okay", "yes", "no", "sorry", "well", "oh", "anyway", "plus"}
)  # fmt: skip


def _relation_names(text: str) -> list[Slot]:
    out: list[Slot] = []
    for m in _RELATION_NAMED.finditer(text):
        group = next(g for g in ("name", "name2", "name3", "name4") if m.group(g))
        name = m.group(group)
        rel = (m.group("rel") or m.group("rel2") or m.group("rel3") or m.group("rel4")).lower()
        start = m.start(group)
        if not name[0].isupper() or name.lower() in _NOT_NAMES:
            continue
        relation = _RELATION_WORDS[rel]
        attribute = relation_attribute(relation, "name") if ":" not in relation else f"{relation}:name"
        out.append(Slot(Predicate.RELATION_NAME, attribute, name.lower(), True, start, start + len(name)))
    return out


def slots(text: str, lang: Lang) -> list[Slot]:
    """The attribute values one segment names with their cues (at most one per attribute: the first kept)."""
    due = deadline(text)  # "The June 20 beta date isn't moving": a date of the work, said in any person
    dated = [Slot(Predicate.DEADLINE, "", due.value, True, due.start, due.end)] if due is not None else []
    dated += [Slot(r.predicate, r.attribute, r.value, True, r.start, r.end) for r in capped_reply(text, lang)]
    if not _FIRST_PERSON[lang].search(text) and lang == "en":
        return dated
    if lang == "zh" and _THIRD_PERSON_ZH.search(text):
        return []
    out: list[Slot] = []
    seen: set[tuple[Predicate, str]] = set()
    hits: list[Hit] = scan(text)
    # a value whose own clause holds its cue first: "我老家成都的，现在住北京" lives in 北京
    hits.sort(key=lambda h: not _KINDS[h.category].cue[lang].search(text, *_clause_bounds(text, h.start, h.end)))
    for hit in hits:
        kind = _KINDS[hit.category]
        if (kind.predicate, kind.attribute) in seen:
            continue
        c_start, c_end = _clause_bounds(text, hit.start, hit.end)
        before = text[c_start : hit.start]
        if _LEFT_BEFORE.search(text[max(0, hit.start - 14) : hit.start]) or _LEFT_AFTER.search(text[hit.end :]):
            continue
        if hit.category == "timezone" and _CLOCK_BEFORE.search(text[max(0, hit.start - 3) : hit.start]):
            continue
        if hit.category != "timezone" and not kind.cue[lang].search(text):
            continue
        if kind.predicate in _DENIABLE and _CLAUSE_NEGATION.search(_A_NOT_A.sub("", text[c_start:c_end])):
            continue  # "VS Code那种我用不惯", "I don't work at Google": the clause does not state the value
        polarity = True
        if kind.predicate is Predicate.LIKES and _negated(before):
            polarity = False
        seen.add((kind.predicate, kind.attribute))
        out.append(Slot(kind.predicate, kind.attribute, hit.value, polarity, hit.start, hit.end))
    if (Predicate.PREFERS_LANGUAGE, "") not in seen:
        out.extend(_reply_language(text, lang)[:1])
    out.extend(_reply_settings(text, lang))
    dated = [s for s in dated if s.predicate is Predicate.DEADLINE or all(o.predicate is not s.predicate for o in out)]
    for r in reply_shape(text, lang):  # "别太长，三五句话就行", "bottom line first", "lists are easier to scan"
        said = [s for s in out if s.predicate is r.predicate]
        if not any((s.attribute, s.value) == (r.attribute, r.value) for s in said) and not (
            said and r.predicate is Predicate.PREFERS_REPLY_STYLE
        ):
            out.append(Slot(r.predicate, r.attribute, r.value, True, r.start, r.end))
    out.extend(_code_settings(text))
    if lang == "zh":
        out.extend(_work_schedule(text))
    if not _MEETING_WORD.search(text):
        out.extend(_office_days(text))
    meeting = _meeting_settings(text)
    out.extend(meeting)
    if not any(m.attribute == "meeting_time" for m in meeting):
        out.extend(_meeting_time(text))
    if lang == "en":
        out.extend(_relation_names(text))
    return out + dated
