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

from graphmem.extraction.budgets import budget, money_goal
from graphmem.extraction.code_slots import code_settings
from graphmem.extraction.corrections import TURN_CORRECTION
from graphmem.extraction.deadlines import deadline, event_date
from graphmem.extraction.device_slots import devices, grown, possessions
from graphmem.extraction.facts import Predicate
from graphmem.extraction.gazetteer import CITY_ZONES, Hit, scan
from graphmem.extraction.house_rules import house_rules
from graphmem.extraction.lexicon import LANG_EN
from graphmem.extraction.profile_slots import anniversary, profile
from graphmem.extraction.relation_slots import relation_fields, relation_names
from graphmem.extraction.replies import capped_reply, reply_shape, written
from graphmem.extraction.reply_slots import reply_language, reply_settings
from graphmem.extraction.rule import Lang
from graphmem.extraction.schedule_slots import (
    business_meals,
    day_end,
    day_off,
    employment,
    meeting_mic,
    meeting_settings,
    meeting_time,
    names_meeting,
    office_days,
    rota,
    sleep_schedule,
    work_schedule,
    work_shift,
)
from graphmem.extraction.slot import (
    A_NOT_A,
    CLAUSE_NEGATION,
    LEFT_AFTER,
    LEFT_BEFORE,
    LEFT_JOB_AT,
    NO_INTENTION,
    Slot,
    clause_bounds,
    negation_in,
)
from graphmem.extraction.travel_slots import avoided_connection, hotel_room, travel_habits
from graphmem.extraction.work_terms import length_limit, venue

__all__ = ["slots"]

_F = re.IGNORECASE


@dataclass(frozen=True)
class _Kind:
    predicate: Predicate
    attribute: str
    cue: dict[Lang, re.Pattern[str]]


def _cue(en: str, zh: str) -> dict[Lang, re.Pattern[str]]:
    return {"en": re.compile(r"\b(?:" + en + r")\b", _F), "zh": re.compile(zh + "|" + r"\b(?:" + en + r")\b", _F)}


# Relying on a tool, in any category of tools: "I can't work without it", "all my references live in it",
# "吃饭的家伙", "离不开"
_RELIANCE_EN = (
    r"can't\s+(?:work|live|function)\s+without|couldn't\s+live\s+without|lives?\s+in|all\s+my|go-to|daily|"
    # "Figma is where I live all day"
    r"where\s+i\s+(?:live|work|spend)"
)
_RELIANCE_ZH = r"吃饭的家伙|离不开|离了它|离不了|全在|都在|全靠|主力|天天"

_SEAT_CUE = _cue(
    r"seats?|fly|flying|flights?|book|booking|plane|pick|choose|aisle|go\s+for|opt\s+for|trains?|coach",
    r"座|飞机|机票|订票|选|位置|航班|车厢|高铁|火车|卧铺|铺",
)

_KINDS: dict[str, _Kind] = {
    "city": _Kind(
        Predicate.LOCATION,
        "",
        _cue(
            r"live|living|lives|lived\s+here|based|home|moved|move|relocated|relocate|apartment|flat|"
            r"rent|here|settled|i'm\s+in|i\s+am\s+in|im\s+in|where\s+i\s+am|neighbou?rhood|local|posting|stationed",
            r"住|搬|定居|生活|坐标|安家|落户|这边|这里|在这|人在|我们|本地|常驻|现在在|已经在|回到",
        ),
    ),
    "company": _Kind(
        Predicate.EMPLOYER,
        "",
        _cue(
            r"work|works|working|job|joined|join|joining|employer|company|team|office|hired|offer|started|colleagues|"
            r"coworkers|manager|onboarding",
            r"上班|工作|搬砖|入职|跳槽|实习|公司|我们|同事|打工|干活|offer|去了|在[^，,。]{0,6}?(?:做|当|干)",
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
        _cue(
            r"on|use|using|run|running|switched|laptop|machine|daily\s+driver|commands?", r"用|系统|电脑|按|命令|换成"
        ),
    ),
    "notes_app": _Kind(
        Predicate.USES_TOOL,
        "notes_app",
        _cue(
            r"notes?|note-taking|use|using|switched|moved|migrated|writing|" + _RELIANCE_EN,
            r"笔记|记|迁|用|写|" + _RELIANCE_ZH,
        ),
    ),
    "navigation_app": _Kind(
        Predicate.USES_TOOL,
        "navigation_app",
        _cue(
            r"navigat\w*|directions|drive|driving|route|routes|gps|use|using|switched|" + _RELIANCE_EN,
            r"导航|开车|地图|路线|绕|只认|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "music_app": _Kind(
        Predicate.USES_TOOL,
        "music_app",
        _cue(
            r"music|songs?|listen|listening|playlists?|albums?|stream|streaming|use|using|switched|" + _RELIANCE_EN,
            r"听歌|音乐|歌单|听|日推|年度报告|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "flashcard_app": _Kind(
        Predicate.USES_TOOL,
        "flashcard_app",
        _cue(
            r"reviews?|study|studying|flashcards?|decks?|streak|memori[sz]e|vocab\w*|use|using|" + _RELIANCE_EN,
            r"背单词|背|复习|刷|单词|打卡|用|" + _RELIANCE_ZH,
        ),
    ),
    "budget_app": _Kind(
        Predicate.USES_TOOL,
        "budget_app",
        _cue(
            r"budget|budgeting|expenses?|spending|track|tracking|accounts?|use|using|switched|moved|" + _RELIANCE_EN,
            r"记账|账单|账|预算|开销|花销|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "reading_app": _Kind(
        Predicate.USES_TOOL,
        "reading_app",
        _cue(
            r"read|reading|books?|audiobooks?|novels?|listen|use|using|switched|moved|" + _RELIANCE_EN,
            r"看书|读书|阅读|读了|听书|小说|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "office_suite": _Kind(
        Predicate.USES_TOOL,
        "office_suite",
        _cue(
            r"use|using|documents?|docs|spreadsheets?|work|switched|moved|" + _RELIANCE_EN,
            r"用|办公|文档|表格|装了|换|" + _RELIANCE_ZH,
        ),
    ),
    "document_app": _Kind(
        Predicate.USES_TOOL,
        "document_app",
        _cue(
            r"use|using|write|writing|documents?|docs|drafts?|switched|moved|" + _RELIANCE_EN,
            r"用|写|文档|材料|稿|排版|换|" + _RELIANCE_ZH,
        ),
    ),
    "spreadsheet_app": _Kind(
        Predicate.USES_TOOL,
        "spreadsheet_app",
        _cue(
            r"use|using|spreadsheets?|sheets?|budget|formulas?|pivot|switched|moved|" + _RELIANCE_EN,
            r"用|表格|表|公式|换|" + _RELIANCE_ZH,
        ),
    ),
    "password_manager": _Kind(
        Predicate.USES_TOOL,
        "password_manager",
        _cue(r"passwords?|logins?|vault|use|using|switched|moved|migrated|lives?\s+in|keep|store", r"密码|用|换|迁|存"),
    ),
    "video_editor": _Kind(
        Predicate.USES_TOOL,
        "video_editor",
        _cue(
            r"edit|editing|cut|cutting|videos?|footage|use|using|switched|moved|" + _RELIANCE_EN,
            r"剪|视频|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "design_tool": _Kind(
        Predicate.USES_TOOL,
        "design_tool",
        _cue(
            r"design|designing|designs|prototypes?|prototyping|mockups?|wireframes?|ui|ux|screens|use|using|switched|"
            r"moved|" + _RELIANCE_EN,
            r"画|设计|原型|界面|稿|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "pcb_tool": _Kind(
        Predicate.USES_TOOL,
        "pcb_tool",
        _cue(
            r"pcbs?|boards?|schematics?|layouts?|routing|traces|footprints?|design|designing|designs|went\s+through|"
            r"use|using|switched|moved|" + _RELIANCE_EN,
            r"画板|画板子|板子|原理图|pcb|布线|设计|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "api_client": _Kind(
        Predicate.USES_TOOL,
        "api_client",
        _cue(
            r"apis?|endpoints?|requests?|collections?|debug|debugging|test|testing|use|using|switched|moved|"
            + _RELIANCE_EN,
            r"接口|调试|调接口|测接口|请求|collection|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "cad_tool": _Kind(
        Predicate.USES_TOOL,
        "cad_tool",
        _cue(
            r"cad|models?|modell?ing|parts|drawings?|design|designing|designs|prints?|use|using|switched|moved|"
            + _RELIANCE_EN,
            r"建模|画图|图纸|模型|设计|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "reference_manager": _Kind(
        Predicate.USES_TOOL,
        "reference_manager",
        _cue(
            r"references?|citations?|cite|citing|papers|library|bibliograph\w*|sources|use|using|switched|moved|"
            + _RELIANCE_EN,
            r"文献|引用|参考|论文|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "photo_editor": _Kind(
        Predicate.USES_TOOL,
        "photo_editor",
        _cue(
            r"photos?|pictures?|edit|editing|raw|presets?|retouch\w*|use|using|switched|" + _RELIANCE_EN,
            r"修图|照片|图|调色|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "daw": _Kind(
        Predicate.USES_TOOL,
        "daw",
        _cue(
            r"music|tracks?|songs?|produce|producing|beats?|mix|mixing|record|recording|daw|use|using|switched|"
            + _RELIANCE_EN,
            r"编曲|做歌|音乐|混音|录音|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "diagram_tool": _Kind(
        Predicate.USES_TOOL,
        "diagram_tool",
        _cue(
            r"mind\s?maps?|diagrams?|flowcharts?|whiteboards?|boards?|sketch\s+out|map\s+out|plan|planning|use|using|"
            r"switched|moved|" + _RELIANCE_EN,
            r"导图|思维导图|脑图|流程图|画|白板|计划|用|换|" + _RELIANCE_ZH,
        ),
    ),
    "issue_tracker": _Kind(
        Predicate.USES_TOOL,
        "issue_tracker",
        _cue(
            r"tickets?|issues?|tasks?|boards?|sprints?|backlog|track|tracking|use|using|switched|moved|migrated|"
            + _RELIANCE_EN,
            r"任务|需求|工单|看板|迭代|用|换|迁|" + _RELIANCE_ZH,
        ),
    ),
    "payment": _Kind(
        Predicate.USES_TOOL,
        "payment",
        _cue(r"pay|paying|payment|payments|checkout|wallet|use|using|card", r"付|支付|结账|买单|用"),
    ),
    "todo_app": _Kind(
        Predicate.USES_TOOL,
        "todo_app",
        _cue(
            r"tasks?|to-?dos?|use|using|switched|moved|migrated|track|manage|keep|lives?\s+in|all\s+my\s+\w+\s+in",
            r"待办|任务|清单|交给|管|用|记|迁",
        ),
    ),
    "meeting_tool": _Kind(
        Predicate.USES_TOOL,
        "meeting_tool",
        _cue(
            r"calls?|meetings?|meet\s+on|video|stand-?ups?|1:1s?|sync|schedule|invites?|links?",
            r"会|开会|会议|视频|通话|链接",
        ),
    ),
    "scheduling_tool": _Kind(
        Predicate.USES_TOOL,
        "scheduling_tool",
        _cue(r"book|booking|schedul\w*|links?|time\s+with\s+me|appointments?|slots?", r"预约|约时间|链接|排期"),
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
        _SEAT_CUE,
    ),
    "seat_row": _Kind(Predicate.LIKES, "travel_row", _SEAT_CUE),
    "seat_class": _Kind(Predicate.LIKES, "travel_class", _SEAT_CUE),
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
            r"我(?:现在|目前|如今)?是|做(?!菜|饭|作业|家务|手术|梦|决定|检查|体检)|当|转岗|岗位|职位|干",
        ),
    ),
    "diet": _Kind(
        Predicate.DIET,
        "",
        _cue(
            r"i'm|i\s+am|im|i've|i\s+went|going|gone|doing|on|diet|eat|eating|strictly|now|being|been|staying|stay",
            r"我|在|吃|改成|现在",
        ),
    ),
}
_DENIABLE = frozenset(
    {Predicate.USES_TOOL, Predicate.USES_LANGUAGE, Predicate.EMPLOYER, Predicate.LOCATION, Predicate.DIET}
)
# A clock time right before a zone ("3pm EST", "下午三点北京时间") times an event; it does not state the user's zone.
_CLOCK_BEFORE = re.compile(r"(?:\d|am|pm|点|时)\s*$", _F)
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
_RELIED_ON = re.compile(r"(?:靠|找个?|请个?|雇个?|问问?)$")
# Someone by their role doing something to or for the speaker ("医生让我少吃盐", "律师建议我先别签"): not their role
_ACTS_ON_SPEAKER = re.compile(r"(?:也|都|还|就)?(?:让|叫|要|嘱咐|建议|劝|告诉|跟|给|帮|说)我")
_FIRM_AFTER = re.compile(r"\s?(?:公司|企业|行业|集团|工厂|厂|company|companies|firm|startup|agency|business)", _F)
# A word of its own right before an English role ("an instructional designer", "a graphic designer"): the role is
# the whole phrase, which the rules read; the lexicon's head word alone would cut it short.
_ROLE_MODIFIER = re.compile(
    r"(?<![\w'])(?!(?:a|an|the|as|is|am|are|was|were|be|being|been|i'm|im|my|our|your|his|her|their|and|or|of|to|"
    r"for|at|in|on|now|still|just|also|new|full-time|part-time|freelance|former)\s)[a-z][a-z-]{2,20}\s$"
)
# A company named as the model something follows ("照着谷歌那套", "based on Google's style guide")
_MODELLED_ON = re.compile(
    r"(?:照着|按照|按着|仿照|参照|参考|学习|模仿|对标|抄)$|\b(?:based\s+on|modell?ed\s+(?:on|after)|borrowed\s+from|"
    r"copied\s+from|following)\s+$",
    _F,
)
# Where a relative comes from ("我媳妇是贝尔格莱德人", "my wife is from Belgrade"): not the speaker's home
_KIN_FROM = re.compile(
    r"我(?:的)?(?:媳妇|老婆|爱人|太太|妻子|老公|丈夫|先生|对象|男朋友|女朋友|妈|爸|婆婆|公公|岳母|丈母娘|岳父|老丈人)(?:她|他)?"
    r"(?:是|老家(?:是|在)?)$|\bmy\s(?:wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?|mom|mum|mother|"
    r"dad|father|in-laws|mother-in-law|father-in-law)\s(?:is|was|comes)\s(?:originally\s)?from\s$",
    _F,
)
_THIRD_PERSON_ZH = re.compile(r"^(?:他|她|他们|她们|人家|别人|大家)")
# A move to come, said before the city in its clause ("公司下个月派我去槟城常驻", "I'm relocating to Leeds"):
# not where the speaker lives yet
_MOVE_TO_COME = re.compile(
    r"(?:下个?月|下周|下礼拜|下星期|明年|年底|月底|过阵子|过段时间|过几天|准备|打算|计划|(?<![需只])要)"
    r"[\u4e00-\u9fff]{0,4}?(?:派我)?(?:去|到|搬|调|外派)[\u4e00-\u9fff]{0,2}$"
    r"|\b(?:moving|relocating|will\s+(?:be\s+)?(?:move|moving|relocate|relocating)|going\s+to\s+(?:move|relocate)|"
    r"plan(?:ning)?\s+to\s+(?:move|relocate)|being\s+(?:sent|transferred|posted))\s+(?:\w+\s+){0,2}?to\s+$",
    _F,
)
# A stay on one trip ("上回在镇江住的那家", "the hotel I stayed at in Leeds last time"): no home
_TRIP_BEFORE = re.compile(r"(?:上回|上次|那回|那次|有一回|有次)[\u4e00-\u9fff]{0,3}$|\blast\s+time\b[^,.;]{0,20}$", _F)
_STAY_AFTER = re.compile(
    r"(?:住的那家|住的酒店|住的民宿|住的宾馆|出差|旅游|玩的时候|找个?酒店|订个?酒店|找个?住的地方|的酒店)"
)
# A company named as the brand of a thing ("my Samsung fridge", "the Xfinity modem"): a determiner, the name, then a
# noun that is no part of working there
_DETERMINER_BEFORE = re.compile(r"\b(?:my|our|the|a|an|this|that|his|her|their|your|no|any|without)\s$", _F)
_PRODUCT_AFTER = re.compile(
    r"\s(?!(?:office|offices|team|teams|colleagues|coworkers|badge|job|jobs|internship|interview|campus|hq|"
    r"headquarters|recruiter|manager|salary|stock|shares|benefits|contract|days|years|folks|people|account\s+team)\b)"
    r"[a-z]{3,}\b"
)


# A tool the speaker keeps their own things in, by its name: "I run our whole household budget in YNAB", "I track
# my runs in Strava", "I keep all my recipes in Paprika". A capitalised name after a verb of keeping or doing, the
# speaker's own things and "in/on/with/using"; not a place or a company the gazetteer knows.
_KEPT_IN = re.compile(
    r"(?<![\w'])[Ii]\s(?:basically\s|mostly\s|usually\s|now\s|still\s)?(?:run|do|keep|track|manage|plan|organi[sz]e|"
    r"write|store|log|budget|draft|sync|study|learn|practi[cs]e|edit|record|mix|design|draw|sketch|compose|render|"
    r"model|cut|lay\sout|build)\s"
    # "I edit everything in Audacity": all the speaker's work of that kind
    r"(?:everything\s|it\sall\s|all\sof\sit\s|(?:all\s|pretty\smuch\sall\s)?(?:my|our)\s(?:[\w'-]+\s){0,3}?)"
    r"(?:in|on|with|using|through)\s(?P<v>[A-Z][A-Za-z0-9]{1,20}(?:\s[A-Z][A-Za-z0-9]{1,20})?)\b"
)
# "Every episode since 2021 has gone through Audacity": each piece of the speaker's work has passed through a tool
_GONE_THROUGH = re.compile(
    r"(?<![\w'])(?:[Ee]very|[Ee]ach)\s(?:single\s)?(?:[\w'-]+\s){1,4}?(?:has\sgone|goes|went|has\sbeen|gets)\s"
    r"(?:through|into|in)\s(?P<v>[A-Z][A-Za-z0-9]{1,20}(?:\s[A-Z][A-Za-z0-9]{1,20})?)\b"
)
_NATURAL_LANGUAGE = re.compile(r"(?:" + LANG_EN + r")$", re.IGNORECASE)


# "My whole novel lives in Scrivener", "all our notes live in Obsidian": the speaker's things kept in a named tool
_LIVES_IN_TOOL = re.compile(
    r"(?<![\w'])(?:[Mm]y|[Oo]ur)\s(?:whole\s|entire\s|)(?:[\w'-]+\s){0,2}?(?:lives?|is\s+kept|are\s+kept|sits?)\s+in\s"
    r"(?P<v>[A-Z][A-Za-z0-9]{1,20}(?:\s[A-Z][A-Za-z0-9]{1,20})?)\b"
)


# A day, a month or a holiday, when something is done, not what it is done in ("I do my taxes on Sunday")
_CALENDAR_WORD = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december|christmas|easter|thanksgiving|weekends?|weekdays?)\b",
    re.IGNORECASE,
)


# The office the speaker works at, by its city: "I work out of the Leeds office", "my office is in Sheffield"
_OFFICE_IN = re.compile(
    r"(?<![\w'])(?:i\s+(?:work|am\s+based|'m\s+based)\s+(?:out\s+of|from|at|in)\s+(?:the|our)\s+"
    r"(?P<a>(?-i:[A-Z])[a-z]{2,15}(?:\s(?-i:[A-Z])[a-z]{2,15})?)\s+office|"
    r"my\s+office\s+is\s+(?:now\s+|actually\s+)?in\s+(?P<b>(?-i:[A-Z])[a-z]{2,15}(?:\s(?-i:[A-Z])[a-z]{2,15})?))\b",
    _F,
)


def office(text: str) -> list[Slot]:
    """The city of the office the speaker works at (`_OFFICE_IN`), when the gazetteer knows it as a city."""
    m = _OFFICE_IN.search(text)
    if m is None:
        return []
    group = "a" if m.group("a") else "b"
    city = next((h for h in scan(m.group(group)) if h.category == "city"), None)
    if city is None:
        return []
    return [Slot(Predicate.LOCATION, "office", city.value, True, m.start(group), m.end(group))]


def kept_in(text: str) -> list[Slot]:
    """The tool the speaker keeps their own things in, named with a capital (`_KEPT_IN`, `_LIVES_IN_TOOL`)."""
    m = _KEPT_IN.search(text) or _LIVES_IN_TOOL.search(text) or _GONE_THROUGH.search(text)
    if m is None or scan(m.group("v")) or _CALENDAR_WORD.match(m.group("v")) or _NATURAL_LANGUAGE.match(m.group("v")):
        return []  # a place, a known company or a day ("I do my shopping in Boston", "my check-in on Sunday")
    return [Slot(Predicate.USES_TOOL, "", m.group("v").lower(), True, m.start("v"), m.end("v"))]


# What a code base is to use, said as its rule ("tests should be Vitest", "the team standardized on pnpm").
# A language named as the last word of a product's name ("Mapbox GL JS", "the Maps SDK for JavaScript")
_PRODUCT_FOR = re.compile(r"\b(?:gl|(?:sdk|api|bindings?|client|library)\s+for)\s+$", re.IGNORECASE)
_CODE_RULE = re.compile(
    r"\b(?:should|must|has\s+to|have\s+to|needs?\s+to)\s+(?:be|use|go\s+through)\b|\bstandardi[sz]ed\s+on\b|"
    # "so it sends through Postmark instead": what the code base goes through, said of it
    r"\b(?:it|this\s+one)\s+(?:sends|goes|runs|deploys)\s+(?:through|via|on)\b|"
    # "so errors there go to Rollbar, not Sentry": where the code base's errors are reported
    r"\berrors\s+(?:there\s+|here\s+)?(?:go|get\s+reported|are\s+reported)\s+to\b|"
    # "hornbeam's endpoints are getting slow. It's FastAPI on uvicorn": what the code base is
    r"(?:^|[.;]\s)(?:it's|it\s+is)\s+(?=(?-i:[A-Z])[\w.+#-]{1,20}\s+(?:on|with|and|\+)\s)|"
    # "the maps in sumac are built with ArcGIS": what a part of the code base is made with, said of it
    r"\b(?:is|are)\s+(?:all\s+)?(?:built|written|made|done)\s+(?:with|in|on)\b|"
    # "Mapbox, as usual.": the one the speaker always reaches for, named alone
    r"^[\w.+#-]{2,24}(?:\s[\w.+#-]{1,12})?,?\s+(?:as\s+(?:usual|always)|like\s+always)\b",
    re.IGNORECASE,
)


# A time difference said with where the speaker is ("我在西雅图读书，跟国内差十五个小时", "I'm in Denver, two hours
# behind New York"): the city's zone is the speaker's.
_TIME_DIFFERENCE = {
    "zh": re.compile(r"时差|差(?:了)?(?:[一二两三四五六七八九十]{1,4}|\d{1,2})(?:个)?(?:多)?(?:半)?(?:小时|钟头)"),
    "en": re.compile(
        r"\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
        r"sixteen)\s+hours?\s+(?:behind|ahead)\b|\btime\s+difference\b",
        _F,
    ),
}
_SPEAKER_HERE = {
    "zh": re.compile(r"我(?:现在|目前|人)?(?:在|住在|住|这边|这儿|这里)"),
    "en": re.compile(r"\b(?:i'm|i\s+am|im|i\s+live|we're|we\s+live|i'm\s+based|based)\s+(?:in|out\s+of)\b", _F),
}


def zone_by_difference(text: str, lang: Lang) -> list[Slot]:
    """The zone of the city the speaker says they are in, when the segment gives a time difference."""
    difference = _TIME_DIFFERENCE[lang].search(text)
    here = _SPEAKER_HERE[lang].search(text) if difference is not None else None
    if difference is None or here is None:
        return []
    for hit in scan(text[here.end() : here.end() + 24]):
        zone = CITY_ZONES.get(hit.value) if hit.category == "city" else None
        if zone is not None:  # (the span is the difference's: the city stays where the speaker lives)
            return [Slot(Predicate.TIMEZONE, "", zone, True, difference.start(), difference.end())]
    return []


def slots(text: str, lang: Lang, addressed: bool = False, correcting: bool = False) -> list[Slot]:
    """The attribute values one segment names with their cues (at most one per attribute: the first kept).
    `addressed`: the segment asks the assistant ("Could you put the answer first?"), so it speaks for the user;
    `correcting`: the turn corrects what was said before ("Wait, correction: it's not Xfinity, it's Spectrum")."""
    due = deadline(text)  # "The June 20 beta date isn't moving": a date of the work, said in any person
    dated = [Slot(Predicate.DEADLINE, "", due.value, True, due.start, due.end)] if due is not None else []
    when = event_date(text) if due is None else None  # "I'm organizing our family reunion this year: July 18"
    dated += [Slot(Predicate.DEADLINE, "event_date", when.value, True, when.start, when.end)] if when else []
    # "装修总预算十八万", "our goal is to raise $2,000": money the work may spend or aims at, in any person
    dated += [Slot(Predicate.BUDGET, "budget", a.value, True, a.start, a.end) for a in [budget(text)] if a]
    dated += [Slot(Predicate.BUDGET, "goal_amount", a.value, True, a.start, a.end) for a in [money_goal(text)] if a]
    # "the hard limit is 12,000 words", "寿宴定在聚丰园酒楼": what else the work is held to, in any person
    dated += length_limit(text) + venue(text)
    dated += [Slot(r.predicate, r.attribute, r.value, True, r.start, r.end) for r in capped_reply(text, lang)]
    # "every PR has to link a ticket": a rule of the code base, in any person
    dated += [Slot(Predicate.INSTRUCTION, "", r.value, True, r.start, r.end) for r in house_rules(text)]
    if not addressed and not _FIRST_PERSON[lang].search(text) and lang == "en":
        # "Again with the exclamation points.": a manner of replies needs no person, it is said to the assistant;
        # "tests in yarrow should be Vitest": what the code base is to use, a rule of it in any person
        ruled = code_settings(text) if _CODE_RULE.search(text) else []
        # "it's not Xfinity, it's Spectrum" corrects what the speaker has, with no person named
        # ("The router's a Netgear Nighthawk in the living room": the household's own router, no person named)
        ruled += possessions(text, True) if correcting else [s for s in possessions(text) if s.attribute == "router"]
        ruled += avoided_connection(text)  # "Any connection but O'Hare": said to whoever books, of the speaker
        return dated + ruled + [Slot(r.predicate, r.attribute, r.value, True, r.start, r.end) for r in written(text)]
    if lang == "zh" and _THIRD_PERSON_ZH.search(text):
        return []
    out: list[Slot] = []
    seen: set[tuple[Predicate, str]] = set()
    hits: list[Hit] = scan(text)
    # a value whose own clause holds its cue first: "我老家成都的，现在住北京" lives in 北京
    hits.sort(key=lambda h: not _KINDS[h.category].cue[lang].search(text, *clause_bounds(text, h.start, h.end)))
    for hit in hits:
        kind = _KINDS[hit.category]
        if (kind.predicate, kind.attribute) in seen:
            continue
        c_start, c_end = clause_bounds(text, hit.start, hit.end)
        before = text[c_start : hit.start]
        if LEFT_BEFORE.search(text[max(0, hit.start - 14) : hit.start]) or LEFT_AFTER.search(text[hit.end :]):
            continue
        if hit.category == "company" and LEFT_JOB_AT.search(text[max(0, hit.start - 28) : hit.start]):
            continue
        if hit.category == "timezone" and _CLOCK_BEFORE.search(text[max(0, hit.start - 3) : hit.start]):
            continue
        if hit.category == "city" and (
            _KIN_FROM.search(before)
            or _MOVE_TO_COME.search(before)
            or _TRIP_BEFORE.search(before)
            or _STAY_AFTER.match(text, hit.end)
        ):
            continue
        if hit.category == "programming" and _PRODUCT_FOR.search(text, max(0, hit.start - 12), hit.start):
            continue  # "the Mapbox GL JS snippet", "ArcGIS Maps SDK for JavaScript": the name of a product
        if hit.category == "job" and lang == "zh" and _RELIED_ON.search(text, max(0, hit.start - 3), hit.start):
            continue  # "我不能老靠翻译", "得找个律师": someone the speaker relies on or hires, not their role
        if hit.category == "job" and lang == "zh" and _ACTS_ON_SPEAKER.match(text, hit.end):
            continue  # "医生让我少吃盐": someone the speaker deals with, by their role
        if hit.category == "job" and _FIRM_AFTER.match(text, hit.end):
            continue  # "在一家物流公司做会计": the line of business of the employer, not the role
        if hit.category == "job" and lang == "en" and _ROLE_MODIFIER.search(text, max(0, hit.start - 22), hit.start):
            continue  # "a job as an instructional designer": the rules read the role whole
        if (
            hit.category == "company"
            and _DETERMINER_BEFORE.search(text, max(0, hit.start - 7), hit.start)
            and _PRODUCT_AFTER.match(text, hit.end)
        ):
            continue  # "My Samsung fridge has started buzzing": a brand of a thing the speaker has, not an employer
        if hit.category == "company" and _MODELLED_ON.search(text, max(0, hit.start - 14), hit.start):
            continue  # "代码规范是照着谷歌那套定的", "based on Google's": a model, not an employer
        if hit.category != "timezone" and not kind.cue[lang].search(text):
            continue
        if NO_INTENTION.search(text[c_start:c_end]):
            continue  # "我就随便问问，又不打算吃素": an intention denied states nothing
        # (the value's own words deny nothing: "我乳糖不耐受")
        unvalued = text[c_start : hit.start] + text[hit.end : c_end]
        if kind.predicate in _DENIABLE and CLAUSE_NEGATION.search(A_NOT_A.sub("", unvalued)):
            continue  # "VS Code那种我用不惯", "I don't work at Google": the clause does not state the value
        polarity = True
        if kind.predicate is Predicate.LIKES and negation_in(before):
            polarity = False
        seen.add((kind.predicate, kind.attribute))
        out.append(Slot(kind.predicate, kind.attribute, hit.value, polarity, hit.start, hit.end))
    if (Predicate.PREFERS_LANGUAGE, "") not in seen:
        out.extend(reply_language(text, lang)[:1])
    out.extend(reply_settings(text, lang))
    dated = [
        s
        for s in dated
        if s.predicate in (Predicate.DEADLINE, Predicate.INSTRUCTION)
        or all(o.predicate is not s.predicate for o in out)
    ]
    for r in reply_shape(text, lang):  # "别太长，三五句话就行", "bottom line first", "lists are easier to scan"
        said = [s for s in out if s.predicate is r.predicate]
        if not any((s.attribute, s.value) == (r.attribute, r.value) for s in said) and not (
            said and r.predicate is Predicate.PREFERS_REPLY_STYLE
        ):
            out.append(Slot(r.predicate, r.attribute, r.value, r.polarity, r.start, r.end))
    out.extend(code_settings(text))
    if lang == "zh":
        out.extend(work_schedule(text))
    out.extend(work_shift(text))
    out.extend(employment(text))
    out.extend(day_off(text))
    out.extend(rota(text))
    out.extend(sleep_schedule(text))
    out.extend(travel_habits(text))
    out.extend(avoided_connection(text))
    if lang == "en" and not any(o.predicate is Predicate.USES_TOOL for o in out):
        out.extend(kept_in(text))
    out.extend(hotel_room(text))
    out.extend(office(text))
    out.extend(devices(text))
    # (a phone by its model, where `devices` read one, is the phone: "My phone is an iPhone 13")
    phones = any(o.attribute == "phone" for o in out)
    owned = possessions(text, correcting or bool(TURN_CORRECTION.search(text)))
    out.extend(o for o in owned if not (phones and o.attribute == "phone"))
    out.extend(grown(text))
    out.extend(profile(text))
    out.extend(anniversary(text))
    if not names_meeting(text):
        out.extend(office_days(text))
    meeting = meeting_settings(text)
    out.extend(meeting)
    out.extend(meeting_mic(text))
    out.extend(business_meals(text))
    if not any(o.predicate is Predicate.DO_NOT_DISTURB for o in out):
        out.extend(day_end(text))
    if not any(m.attribute == "meeting_time" for m in meeting):
        out.extend(meeting_time(text))
    if lang == "en":
        out.extend(relation_names(text))
    out.extend(relation_fields(text, lang))
    if not any(o.predicate is Predicate.TIMEZONE for o in out):
        out.extend(zone_by_difference(text, lang))
    venues = [(s.start, s.end) for s in dated if s.predicate is Predicate.VENUE]
    # ("婚礼定在希尔顿酒店": where the event is held, no hotel chain the speaker stays with)
    out = [o for o in out if not (o.attribute == "travel_hotel" and any(a <= o.start < b for a, b in venues))]
    return out + dated
