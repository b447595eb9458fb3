"""Calendar slots: when and how the user wants meetings (a day part, weekday, length, buffer, camera or clock
time said with a word for meetings), the hours and days a Chinese segment says the user works, and the days at
the office.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extraction.facts import Predicate
from graphmem.extraction.segmentation import HAN
from graphmem.extraction.slot import LEFT_BEFORE, Slot, clause_bounds, negation_in
from graphmem.extraction.time_values import HOUR_WORDS, hour_bound, window, zh_number

__all__ = [
    "answered_meeting_time",
    "arranges_meeting",
    "day_end",
    "day_off",
    "meeting_mic",
    "meeting_settings",
    "meeting_time",
    "names_meeting",
    "office_days",
    "rota",
    "sleep_schedule",
    "work_schedule",
    "work_shift",
]

_F = re.IGNORECASE

# When meetings should be: the part of the day named nearest to a word for meetings.
_DAY_PARTS: dict[str, str] = {
    "morning": "morning", "mornings": "morning", "afternoon": "afternoon", "afternoons": "afternoon",
    "evening": "evening", "evenings": "evening", "early in the day": "morning", "after lunch": "afternoon",
    "before lunch": "morning",
    "上午": "morning", "早上": "morning", "早晨": "morning",
    "下午": "afternoon", "晚上": "evening", "傍晚": "evening",
}  # fmt: skip
_DAY_PART = re.compile(
    r"\b(?:mornings?|afternoons?|evenings?|early\s+in\s+the\s+day|(?:after|before)\s+lunch)\b|上午|早上|早晨|下午|晚上|傍晚",
    _F,
)
# A bare answer: the day part is the whole first clause ("Mornings.", "下午，两点以后都行").
_BARE_DAY_PART = re.compile(
    r"(?:in\s+the\s+)?(?:mornings?|afternoons?|evenings?)|(?:上午|早上|早晨|下午|晚上|傍晚)吧?", _F
)
# Kinds of meeting named by their Chinese nouns (shared by the meeting-word patterns below)
_ZH_MEETING_NOUNS = (
    r"例会|站会|周会|晨会|早会|夕会|组会|月会|复盘会|评审会|碰头会|"
    + r"对接会|协调会|沟通会|启动会|汇报会|部门会|项目会|需求会|进度会|"
    # a team's standing get-together said as a verb ("项目组每天下午五点碰个头")
    + r"(?<=[点半刻])碰(?:个|一下|一次)?头(?!会)"
)
# "会" alone only after 的/个/场/开 and not as "can" ("保安大叔可会唱京剧了" names no meeting)
_MEETING = re.compile(
    r"\b(?:meetings?|calls?|stand-?ups?|syncs?|1:1s?)\b|开会|会议|(?<=[的个场开把些次])会(?![员计话儿唱说做弹跳写画])|"
    + _ZH_MEETING_NOUNS,
    _F,
)


_BETWEEN_CLAUSES = re.compile(r"[,，;；]")


# A demonstrative or a date before the meeting word makes it one meeting ("上午那个需求会", "this morning's sync").
_ONE_MEETING = re.compile(r"那个|这个|那场|这场|今天|昨天|\b(?:this|that|today's|yesterday's|this\s+morning's)\b", _F)


def _weekday_before(text: str, at: int) -> bool:
    """Whether a weekday ends right before `at` ("周一上午", "Friday afternoons")."""
    before = text[max(0, at - 12) : at].rstrip()
    return any(m.end() == len(before) for m in _WEEKDAY.finditer(before))


_ZH_MOVED_TO = re.compile(r"(?:挪到|改到|换到|改成|调到|定到|定在)[\u4e00-\u9fff]{0,6}$")


def _zh_clock(text: str, meetings: list[tuple[int, int]], since: int = 0) -> list[Slot]:
    """A Chinese clock time said of meetings ("每天早上八点半开早会", "早会往后都是九点一刻开"): the nearest one to a
    word for meetings, within a clause or the next, that its own clause does not deny; as H:MM on a 24-hour clock.
    `since`: where a move the text states ends; only a time after it is the meeting's, at any distance."""
    best: tuple[int, re.Match[str]] | None = None
    for m in _ZH_CLOCK.finditer(text, since):
        c_start, c_end = clause_bounds(text, m.start(), m.end())
        if negation_in(text[c_start:c_end]) or _ONE_MEETING.search(text[c_start : m.start()]):
            continue
        gap, s, e = min((max(s - m.end(), m.start() - e, 0), s, e) for s, e in meetings)
        if _ONE_MEETING.search(text, min(m.end(), e), max(s, m.start())):
            continue  # "下午三点那个会取消了": one meeting
        moved = _ZH_MOVED_TO.search(text, max(0, m.start() - 8), m.start()) is not None
        if (gap <= 12 or (moved and gap <= 30) or since) and (best is None or gap < best[0]):
            best = (gap, m)  # "组会改时间了，导师嫌晚上开太累，以后挪到每周六上午九点": the time it moved to
    if best is None:
        return []
    m = best[1]
    hour = zh_number(m.group("h"))
    if m.group("p") in ("下午", "晚上") and hour < 12:
        hour += 12
    minute = {"半": 30, "一刻": 15, "三刻": 45}.get(m.group("m") or "", 0)
    if m.group("mn"):
        minute = zh_number(m.group("mn"))
    if not (0 <= hour < 24 and 0 <= minute < 60):
        return []
    rel = _ZH_CLOCK_REL.match(text, m.end())
    side = "" if rel is None else "after " if rel.group(0).startswith(("以", "之后", "后")) else "before "
    return [Slot(Predicate.LIKES, "meeting_time", f"{side}{hour}:{minute:02d}", True, m.start(), m.end())]


def meeting_time(text: str) -> list[Slot]:
    meetings = [(m.start(), m.end()) for m in _MEETING.finditer(text)]
    if not meetings or _moved_once(text):
        return []
    # "…委员礼拜天晚上得陪孩子写作业，往后挪到每月第二个礼拜六上午十点": the time moved to, not the one of the reason
    moved = _RESCHEDULED.search(text)
    # ("碰头会改到每天中午十二点半了": a clock time moved to)
    since = (
        moved.end()
        if moved is not None and (_DAY_PART.search(text, moved.end()) or _ZH_CLOCK.search(text, moved.end()))
        else 0
    )
    if clock := _zh_clock(text, meetings, since):
        return clock
    kept_free = negation_in(text) or bool(_KEPT_FREE.search(text))
    best: tuple[tuple[bool, int], re.Match[str]] | None = None
    for m in _DAY_PART.finditer(text, since):
        if negation_in(text[max(0, m.start() - 6) : m.start()]):
            continue
        if text[max(0, m.start() - 1) : m.start()] in ("一", "整"):
            continue  # "散了会我头疼一下午": a whole afternoon, no time of day for meetings
        if kept_free and _weekday_before(text, m.start()):
            continue  # "周一上午…别给我约别的会": a weekday's part kept free, not the time wanted
        if negation_in(text[m.end() : clause_bounds(text, m.start(), m.end())[1]]):
            continue  # "周五下午别给我排会了": a time kept free, not the time wanted
        # the nearest word for meetings, one in the same clause first ("mornings work best for calls with me,
        # afternoons I'm heads-down")
        for s, e in meetings:
            if _ONE_MEETING.search(text[max(0, m.start() - 4) : s]):
                continue  # "上午那个需求会开完…", "this morning's sync": one meeting, not when meetings should be
            gap = max(s - m.end(), m.start() - e, 0)
            crossed = _BETWEEN_CLAUSES.search(text, min(e, m.end()), max(s, m.start())) is not None
            if gap <= 24 and (best is None or (crossed, gap) < best[0]):
                best = ((crossed, gap), m)
    if best is None:
        return []
    m = best[1]
    value = _DAY_PARTS[" ".join(m.group(0).lower().split()) if m.group(0).isascii() else m.group(0)]
    return [Slot(Predicate.LIKES, "meeting_time", f"{value} meeting", True, m.start(), m.end())]


def answered_meeting_time(text: str) -> list[Slot]:
    """The day part a bare answer names ("Mornings.", "下午，两点以后都行") when the speaker's turn before asked to
    arrange a meeting (the caller's judgement): the whole first clause is the day part."""
    end = _BETWEEN_CLAUSES.search(text)
    first = text[: end.start() if end else len(text)]
    if not _BARE_DAY_PART.fullmatch(first.strip()):
        return []
    m = _DAY_PART.search(first)
    if m is None:
        return []
    value = _DAY_PARTS[m.group(0).lower() if m.group(0).isascii() else m.group(0)]
    return [Slot(Predicate.LIKES, "meeting_time", f"{value} meeting", True, m.start(), m.end())]


# How the user wants meetings: a weekday, a length, the camera or a clock time said with a word for meetings.
_MEETING_WORD = re.compile(
    r"\b(?:meetings?|calls?|stand-?ups?|syncs?|1:1s?|one-on-ones?|invites?|huddles?|skip-?levels?|"
    r"meet\s+with\s+(?:my|our)\s+(?:mentor|manager|boss|coach|therapist|advisor|adviser|team|lead)|"
    r"meet\s+(?:every|once|twice|weekly|monthly|biweekly|fortnightly)|"
    # "I meet the builder on site every Monday at 7 a.m.": a standing meeting with someone
    r"meet\s+(?:the|my|our)\s+[a-z]{3,15}(?:\s+on\s+site)?\s+(?=every\b|each\b)|"
    r"(?<!hotel\s)(?<!flight\s)(?<!online\s)check-ins?(?!\s+(?:time|desk|counter|online|bags?|luggage))|(?:schedule|book)\s+(?:anything|something|stuff)|"
    r"meet\s+(?:in\s+person|face\s+to\s+face|online|virtually))\b|开(?:完|了|个)?会|会议|排会|约会|"
    r"会前|会后|会和会|会与会|会跟会|(?<=[的个场])会(?![员计话儿])|客户会|部门会|内部会|一对一|见客户|跟客户(?:碰头|见面)|约了?(?:个|一个)?(?:老)?客户|"
    + _ZH_MEETING_NOUNS,
    _F,
)
# What a meeting comes with, and how it is held: an agenda, minutes, a recording; in person or online.
_ARTEFACT = re.compile(
    r"\b(?P<agenda>agendas?)\b|\b(?P<minutes>(?:meeting|the|send|take|taking|keep|with)\s+minutes|meeting\s+notes|notes?\s+afterwards|write-?ups?)\b|"
    r"\b(?P<recording>recorded|recordings?|record)\b|(?P<zagenda>议程)|(?P<zminutes>纪要|会议记录|会议总结)|"
    r"(?P<zrecording>录像|录屏|录下来|录制)|\b(?P<captions>(?:live\s+)?captions?|subtitles?)\b|(?P<zcaptions>字幕|实时转写)|"
    # "a list of action items, each with one owner", "会前一定得知道都有谁参加", "先拿到名单"
    r"\b(?P<actions>action\s+items?)\b|(?P<zactions>行动项|待办事项)|"
    r"\b(?P<attendees>attendee\s+list|list\s+of\s+attendees|who(?:'s|\s+is)\s+(?:attending|coming))\b|"
    r"(?P<zattendees>参会名单|与会名单|参会人员名单|都有谁参加|都有谁参会|(?<=拿到)名单|(?<=先要)名单)|"
    # "The first ten minutes of every meeting I run are silent reading. I send a two-page memo"
    r"\b(?P<memo>(?:silent|quiet)\s+reading|(?:the\s+|a\s+)?(?:two|one|three|\d)-page\s+memo|memo's\s+been\s+read)\b|"
    r"(?P<zmemo>先看材料|先读材料|默读)",
    _F,
)
# what an artefact of meetings is kept as
_ARTEFACT_VALUES = {
    "actions": "action items",
    "attendees": "attendee list (参会名单)",
    "memo": "a memo read in silence first",
}
# what is kept out of meetings: "会议室里一根烟都不许点", "会上都不能抽烟", "no smoking in my meetings"
_NO_SMOKING = re.compile(
    r"一根烟都不(?:许|让|准)(?:点|抽)|(?:不许|不能|不准|禁止|别|不让)(?:点|抽|吸)烟|\bno\s+smoking\b|"
    r"\b(?:nobody|no\s+one)\s+smokes\b",
    _F,
)
# An artefact said with the language it is to be written in (the language is the setting, not the artefact)
_WRITTEN_IN = re.compile(
    r"[^，。,.;；!?！？]{0,6}?(?:用|拿|改成|换成)(?:中|英|日|韩|法|德|西班牙)(?:文|语)|\s{1,3}(?:in|into)\s{1,3}(?:english|chinese|"
    r"french|german|spanish|japanese|korean)\b",
    _F,
)
# Meetings only to decide something ("I don't take meetings unless there's a decision to make", "If there's nothing
# to decide, I'd rather read it in my inbox", "没有要拍板的事就别拉会")
_DECISIONS_ONLY = re.compile(
    r"\b(?:unless\s+there's\s+(?:a\s+)?(?:decision|something\s+to\s+decide)|only\s+(?:if|when)\s+there's\s+a\s+decision|"
    r"(?:if\s+)?there's\s+nothing\s+to\s+decide|no\s+decision\s+to\s+(?:make|be\s+made))\b|"
    r"没有?(?:要|需要)?(?:拍板|决策|定)的事|不需要(?:拍板|决策)的|(?:要|需要)拍板(?:的事)?才",
    _F,
)
_WALKING = re.compile(r"\bwalking\s+(?:meetings?|one-on-ones?|1:1s?)\b|\bwalk\s+and\s+talk\b|边走边(?:聊|谈|开)", _F)
# A day's notice before a meeting
_NOTICE = re.compile(
    r"(?:至少)?提前(?:一|1)天(?:说|通知|约|告诉)|\b(?:at\s+least\s+)?(?:a|one|24\s?hours?)(?:'s|\s+day's)?\s+notice\b|"
    r"\b24\s?(?:hours?|h)\s+(?:in\s+advance|ahead)\b",
    _F,
)
# Where the speaker meets people: a teahouse, a coffee shop
_VENUES = {
    "茶馆": "茶馆 (teahouse)", "茶楼": "茶馆 (teahouse)", "茶室": "茶馆 (teahouse)", "咖啡馆": "咖啡馆 (coffee shop)",
    "咖啡厅": "咖啡馆 (coffee shop)", "咖啡店": "咖啡馆 (coffee shop)",
    "coffee shop": "coffee shop", "café": "coffee shop", "cafe": "coffee shop",
    "teahouse": "teahouse", "tea house": "teahouse",
}  # fmt: skip
_VENUE = re.compile(
    r"(?:约在|去|放在|定在|选在|都在)(?P<zv>茶馆|茶楼|茶室|咖啡馆|咖啡厅|咖啡店)|"
    r"\b(?:meet|meeting)\s+(?:clients|people|customers)?\s?(?:at|in)\s+(?:a\s+)?(?P<ev>coffee\s+shop|café|cafe|teahouse|tea\s+house)\b",
    _F,
)
# The room the speaker's meetings are booked in: "会议室都先订望江", "always book the Fjord room for my meetings".
_ROOM = re.compile(
    r"会议室(?:都|就|一律|统一|优先|一般)?(?:先|就)?(?:订|定|约|用|选)(?:在)?(?P<zv>[\u4e00-\u9fff]{2,4}?)"
    r"(?=[，。,.!！；;]|$|那间|那个|会议室)|"
    r"\b(?:always|only|just)\s+(?:book|reserve|use|grab)\s+(?:the\s+)?(?P<ev>(?-i:[A-Z][\w-]*)(?:\s(?-i:[A-Z][\w-]*))?)\s+"
    r"(?:room|conference\s+room|meeting\s+room)\b",
    _F,
)
# No business over meals: "谈工作有个死规矩，不上饭局", "我一概不在饭桌上谈", "I don't do business over dinner".
_NO_BUSINESS_MEALS = re.compile(
    r"不上饭局|(?:不在|不去|不上)(?:饭桌|酒桌|饭局)上?(?:谈|聊)|(?:饭桌|酒桌)上(?:一概)?(?:不谈|不聊)|"
    r"\bno\s+business\s+(?:dinners|lunches|meals|drinks)\b|"
    r"\b(?:don't|never|won't|do\s+not)\s+(?:do|talk|discuss)\s+(?:business|work)\s+over\s+(?:dinner|lunch|drinks|meals?)\b",
    _F,
)


# Meetings that start past the hour: "All my meetings start at five past the hour", "Nothing on my calendar starts
# on the hour", "会都整点过五分再开".
_PAST_THE_HOUR = re.compile(
    r"\b(?:meetings?|calls?)\s+(?:always\s+)?(?:start|begin)s?\s+(?:at\s+)?(?:five|5)\s+(?:minutes\s+)?(?:past|after)\s+"
    r"the\s+hour\b|\bnothing\s+(?:on\s+my\s+calendar\s+)?(?:starts|begins)\s+on\s+the\s+hour\b|"
    r"整点过五分(?:再)?(?:开|开始)|(?:会|会议)[^。！？]{0,6}?整点(?:不|别)(?:开|约)",
    _F,
)


def business_meals(text: str) -> list[Slot]:
    """No business over meals, and meetings that start past the hour, said by the speaker of their work."""
    out: list[Slot] = []
    m = _NO_BUSINESS_MEALS.search(text)
    if m is not None:
        out.append(
            Slot(Predicate.LIKES, "meeting_meals", "no business over meals (不上饭局)", True, m.start(), m.end())
        )
    m = _PAST_THE_HOUR.search(text)
    if m is not None:
        out.append(Slot(Predicate.LIKES, "meeting_start", "five past the hour (整点过五分)", True, m.start(), m.end()))
    return out


# No phones in the speaker's meetings
_NO_PHONES = re.compile(
    r"手机[^，。！？]{0,6}?(?:调静音|静音|扣在桌上|收起来)|(?:不许|不准|不能|别)(?:看|玩|刷|碰)手机|"
    r"\bno\s+(?:phones|laptops|devices|screens)\s+(?:in|at|during)\s+(?:my\s+)?(?:meetings|calls)\b|"
    r"\bphones\s+(?:away|face\s+down|on\s+silent)\b",
    _F,
)
# Status updates in writing, not in a meeting
_ASYNC_UPDATES = re.compile(
    r"\b(?:don't|do\s+not|never)\s+(?:do|take|attend)\s+status\s+(?:meetings|calls|syncs)\b|"
    r"\bupdates\s+(?:reach|get\s+to)\s+me\s+async\b|\basync\s+(?:status\s+)?updates\b|"
    r"(?:不开|别开|不参加)(?:进度|同步|汇报)会|进度(?:发|写)(?:文字|邮件)",
    _F,
)
# How often a meeting is held
_CADENCE = re.compile(
    r"\b(?:(?P<monthly>once\s+a\s+month|monthly|every\s+month)|(?P<quarterly>quarterly|once\s+a\s+quarter|every\s+quarter|"
    r"every\s+three\s+months)|(?P<biweekly>biweekly|every\s+other\s+week|every\s+two\s+weeks|fortnightly)|"
    r"(?P<weekly>weekly|once\s+a\s+week|every\s+week))\b|(?P<zmonthly>每个?月一次|每月一次|一个月一次)|"
    r"(?P<zquarterly>每个?季度一次|一个季度一次|每季度)|(?P<zbiweekly>两周一次|隔周)",
    _F,
)
# A venue one can roll into
_STEP_FREE = re.compile(
    r"\bstep-?free\b|\bwheelchair[- ]accessible\b|\b(?:accessible|step-free)\s+(?:venues?|rooms?|entrances?)\b|"
    r"无障碍|轮椅(?:能|可以)?进",
    _F,
)
# One topic a meeting
_ONE_TOPIC = re.compile(
    r"一会一事|一个会(?:就|只)?(?:说|议|讨论|谈|解决)一件事|\bone\s+(?:topic|agenda\s+item|issue)\s+(?:a|per)\s+meeting\b",
    _F,
)
# Meetings held on one's feet
_STANDING_UP = re.compile(
    r"站着开|站会|\bstanding\s+meetings?\b|\b(?:meet|meetings)\s+(?:standing\s+up|on\s+our\s+feet)\b", _F
)
_MODE = re.compile(
    r"\b(?P<person>in[-\s]person|face[-\s]to[-\s]face|on-?site)\b|\b(?P<online>video|virtual|online)\b|"
    r"\b(?P<phone>phone\s+(?:calls?|meetings?)|(?:by|over\s+the)\s+phone|audio[-\s]only|voice\s+calls?)\b|"
    r"(?P<zperson>当面|面对面|线下)|(?P<zonline>线上|视频|网上)|(?P<zphone>打电话|电话会议?|语音通话|语音会议?)",
    _F,
)
# A kind of meeting turned down in its clause ("不爱开视频", "not video"), or put after the one preferred ("phone
# calls to video meetings", "phone over video")
_MODE_REFUSED = re.compile(r"(?:不|别|没|\b(?:not|no|never|don't|hate)\b)[^，。,.;；!?！？]{0,6}$", _F)
# A kind of meeting, then the tool it is held on ("视频会向来都用它", "video calls are on Teams")
# what a tool is used for, right before the kind of meeting named ("uses for calls and video", "用来开视频会")
_USED_FOR = re.compile(
    r"(?:\b(?:uses?|used|using)\s+(?:it\s+)?for\s+(?:[a-z]+\s+(?:and|&)\s+)?|用来|用于)$", re.IGNORECASE
)
_KIND_ON_TOOL = re.compile(
    r"[^，。,.;；!?！？]{0,10}?(?:都用|就用|用的|一直用|向来用|一般用|清一色用|统一用|全用|\b(?:are|go|happen)\s+(?:on|over|through)\b)",
    _F,
)
# A kind of meeting named as the scope of a rule ("for every in-person meeting you put on my calendar",
# "凡是你帮我约的线下会"): the rule is the setting, the kind is no preference of its own.
_EVERY_OF_KIND = re.compile(
    r"\b(?:every|each|all|any)\s+(?:of\s+(?:my|the)\s+)?$|(?:凡是|所有|每个|每次|任何)[^，。,.;；]{0,10}$", _F
)
_REFUSED = re.compile(r"(?:\b(?:don't|do\s+not|no|never|stop)\s+|别|不要|不用|不许)\s*$", _F)
_WEEKDAYS: dict[str, str] = {
    "mon": "monday", "tues": "tuesday", "wednes": "wednesday", "thurs": "thursday", "fri": "friday",
    "satur": "saturday", "sun": "sunday", "一": "monday", "二": "tuesday", "三": "wednesday", "四": "thursday",
    "五": "friday", "六": "saturday", "日": "sunday", "天": "sunday",
}  # fmt: skip
_WEEKDAY = re.compile(
    r"\b(?P<en>mon|tues|wednes|thurs|fri|satur|sun)days?\b|(?:周|星期|礼拜)(?P<zh>[一二三四五六日天])", _F
)
# A weekday of the month ("每月第一个周一", "每个月最后一个周五", "the first Monday of every month")
_NTH_ZH = re.compile(r"每个?月的?(?P<o>第[一二三四]个?|最后一个|头一个)$")
_NTH_EN = re.compile(r"\b(?P<o>first|second|third|fourth|last)\s+$", _F)
_OF_MONTH = re.compile(r"s?\s{1,3}(?:of|in)\s{1,3}(?:the|every|each)\s{1,3}month\b", _F)
_NTH = {"第一": "first", "第二": "second", "第三": "third", "第四": "fourth", "最后一": "last", "头一": "first"}


def _nth_of_month(text: str, day: re.Match[str]) -> str:
    """ "first", "last"… when `day` is said as that weekday of every month, else ""."""
    zh = _NTH_ZH.search(text, max(0, day.start() - 10), day.start())
    if zh is not None:
        return _NTH[zh.group("o").removesuffix("个")]
    en = _NTH_EN.search(text, max(0, day.start() - 10), day.start())
    if en is not None and _OF_MONTH.match(text, day.end()):
        return en.group("o").lower()
    return ""


_DURATION = re.compile(
    r"\b(?P<min>\d{1,3})\s?-?\s?min(?:ute)?s?\b|(?P<zmin>\d{1,3}|[一二两三四五六七八九十]{1,3})\s?分钟|"
    r"\b(?P<enmin>five|ten|fifteen|twenty|twenty-five|thirty|forty|forty-five|fifty|sixty|ninety)[\s-]min(?:ute)?s?\b|"
    r"(?P<half>\bhalf\s+an\s+hour\b|\bhalf-hour\b|半个?(?:小时|钟头))|"
    r"(?P<hour>\b(?:an|one)\s+hour\b|一个?(?:小时|钟头))",
    _F,
)
_EN_MINUTES = {
    "five": "5", "ten": "10", "fifteen": "15", "twenty": "20", "twenty-five": "25", "thirty": "30", "forty": "40",
    "forty-five": "45", "fifty": "50", "sixty": "60", "ninety": "90",
}  # fmt: skip
# Ending early, speaking time, an overrun, a timekeeper: what a duration said of a meeting is about
_EARLY_AFTER = re.compile(r"\s{0,3}(?:early|before\s+the\s+(?:hour|half[-\s]hour))\b|\s?(?:结束|散会)前?", _F)
_EARLY_BEFORE = re.compile(r"提前$|早$")
_SPEAKING = re.compile(r"发言|讲话|每人|每个人|\b(?:speak|speaks|speaking|speaker|each\s+person|per\s+person)\b", _F)
_SPEAKING_AFTER = re.compile(r"\s{0,3}(?:each|apiece|per\s+(?:person|speaker|head)|to\s+speak)\b", _F)
_OVERRUN_AFTER = re.compile(r"\s{0,3}(?:over|late|overtime|past\s+(?:the|its))\b", _F)
# (and reaching a time: "到了三分钟我照样给他喊停")
_OVERRUN_BEFORE = re.compile(r"(?:超时|拖了|拖堂|超了|晚了|到了|ran|went|running)\s?$", _F)
_TIMEKEEPER = re.compile(r"\btime\s?-?keepers?\b|\bkeeps?\s+(?:the\s+)?time\b|计时员|掐时间的人", _F)
_REMIND = re.compile(r"\b(?:remind\w*|reminders?|nudge|ping)\b|提醒|通知我|叫我", _F)
# How to be reminded: by text, email, a call or a chat app.
_CHANNEL = re.compile(
    r"\b(?:(?P<text>text|texts|texting|sms)|(?P<email>email|emails|emailing|e-mail|mail)|(?P<call>call\s+me|phone\s+me)|"
    r"(?P<chat>whatsapp|slack|telegram|wechat|signal))\b|(?P<ztext>短信)|(?P<zemail>邮件|邮箱)|(?P<zcall>打电话)|"
    r"(?P<zchat>微信|钉钉|飞书)",
    _F,
)


def _left_behind(text: str, m: re.Match[str]) -> bool:
    return bool(LEFT_BEFORE.search(text[max(0, m.start() - 14) : m.start()]))


# "开视频" is turning the camera on, "开视频会" holding a video meeting
_CAMERA = re.compile(r"\b(?:cameras?|webcams?)\b|摄像头|开视频(?!会)|露脸", _F)
_CAMERA_OFF = re.compile(r"\b(?:cameras?|webcams?)\s+off\b|\boff\s+camera\b|关摄像头|不开摄像头|不露脸|关着摄像头", _F)
_CAMERA_ON = re.compile(r"\b(?:cameras?|webcams?)\s+on\b|\bon\s+camera\b|\bturn\s+on\b|开摄像头|开视频(?!会)|露脸", _F)
# The microphone in calls: "我开线上会基本不开麦", "麦能不开就不开，全靠打字", "I stay on mute and type in the chat".
_MIC_OFF = re.compile(
    r"\b(?:mics?|microphones?)\s+(?:off|muted)\b|\b(?:stay|staying|stays|keep\s+\w+|am|i'm|always)\s+(?:on\s+)?mute[d]?\b|"
    r"不开麦|闭麦|关麦|麦(?:克风)?(?:静音|[^，。,.!?！？当片子芽穗田]{0,4}?不开)",
    _F,
)
_MIC_ON = re.compile(r"\b(?:mics?|microphones?)\s+on\b|\bunmute[ds]?\b|(?<!不)开麦", _F)
# a call the microphone is in: any meeting word, or an online one ("我开线上会基本不开麦")
_CALL = re.compile(r"\b(?:meetings?|calls?|zoom|teams|stand-?ups?|syncs?)\b|会|通话|语音", _F)
_CLOCK_TIME = re.compile(
    r"(?:\b(?P<rel>after|before)\s+)?(?P<t>\b\d{1,2}(?::\d{2})?\s?[ap]\.m\b\.?|\b\d{1,2}:\d{2}(?:\s?[ap]m)?\b|\b\d{1,2}\s?[ap]m\b"
    r"|\bnoon\b)",
    _F,
)


# How many meetings a day at most: "我一天最多开两个会", "一天两个会已经是我的极限", "max two calls a day".
_CAP = re.compile(
    r"\b(?:no\s+more\s+than|at\s+most|max(?:imum)?(?:\s+of)?|not\s+more\s+than|"
    r"(?:don't|do\s+not|never)\s+(?:do|take|have|book)\s+more\s+than)\s+(?P<n>\d|one|two|three|four|five|six)\s+"
    r"(?:meetings|calls)\s+(?:a|per|each)\s+day\b|(?:一天|每天)(?:最多|顶多|至多|不超过)(?:开|约|排)?"
    r"(?P<zn>[一二两三四五六\d])(?:个|场)会|(?:一天|每天)(?P<zn2>[一二两三四五六\d])(?:个|场)会(?:已经)?(?:就)?是(?:我的)?极限",
    _F,
)
# A clock time followed by a zone ("3pm EST") times an event elsewhere.
_ONE_AT = re.compile(r"\b(?:a|an|the|that|this|my|his|her|their)\s$", _F)
_RANGE_ON = re.compile(r"\s?(?:to|until|till|-|–)\s?\d", _F)
_CLOCK_AFTER_ZONE = re.compile(r"\s?(?:[A-Z]{2,4}T|UTC|GMT)\b")


# Time kept between meetings ("a 15-minute buffer", "两个会中间空个十五分钟", "会和会之间"), not their length.
_BUFFER = re.compile(
    r"\b(?:buffer|gap|breathing\s+room|between\s+(?:meetings|calls)|back[-\s]to[-\s]back)\b|间隔|缓冲|空档|中间|之间|连着",
    _F,
)


# Working hours and days in Chinese: a range of clock hours or weekdays said with a word for work, or the
# idioms 朝九晚六 / 早十晚七; one normalised value ("9:00-18:00", "monday-thursday") whatever the phrasing.
_ZH_HOUR = r"(?:\d{1,2}|十[一二]?|[一二两三四五六七八九])"
# "两点以后", "十点之前": the side of a clock time.
_ZH_CLOCK_REL = re.compile(r"以后|之后|后|以前|之前|前")
# A Chinese clock time: "八点半", "九点一刻", "下午三点", "10点15分", "十点零五".
_ZH_CLOCK = re.compile(
    rf"(?P<p>早上|上午|中午|下午|晚上)?(?<![\d零一二两三四五六七八九十])(?P<h>{_ZH_HOUR})点"
    r"(?:(?P<m>半|一刻|三刻)|零?(?P<mn>\d{1,2}|[一二三四五]?十[一二三四五六七八九]?|[一二三四五六七八九])分?)?"
)
# A range of clock hours in Chinese: "十二点到一点半", "下午两点到四点".
_ZH_RANGE = re.compile(rf"(?P<a>{_ZH_HOUR})点(?P<ha>半)?(?:到|至|-|~)(?:中午|下午|晚上)?(?P<b>{_ZH_HOUR})点(?P<hb>半)?")
_WORK_HOURS = re.compile(
    rf"[朝早](?P<ia>{_ZH_HOUR})晚(?P<ib>{_ZH_HOUR})(?![点\d])|"
    rf"(?P<a>{_ZH_HOUR})(?:点|:00)?(?P<ha>半)?(?:到|至|-|~)(?:晚上|下午)?(?P<b>{_ZH_HOUR})(?:点|:00)(?P<hb>半)?|"
    # "九点半上班，六点半下班": the hours by when work starts and ends
    rf"(?:早上|上午)?(?P<sa>{_ZH_HOUR})点(?P<hsa>半)?上班[，,、]?\s?(?:晚上|下午)?(?P<sb>{_ZH_HOUR})点(?P<hsb>半)?下班"
)
_WORK_DAYS = re.compile(
    r"(?:周|星期|礼拜)(?P<a>[一二三四五六日天])(?:到|至|-|~)(?:周|星期|礼拜)?(?P<b>[一二三四五六日天])"
)
_WORK_CUE = re.compile(r"上班|工作|班|坐班|打卡|公司|单位|外企|国企|厂里")


def work_schedule(text: str) -> list[Slot]:
    """The hours and the days a Chinese segment says the user works."""
    out: list[Slot] = []
    hours = _WORK_HOURS.search(text)
    if hours is not None and (hours.group("ia") or hours.group("sa") or _WORK_CUE.search(text)):
        a = zh_number(hours.group("ia") or hours.group("a") or hours.group("sa"))
        b = zh_number(hours.group("ib") or hours.group("b") or hours.group("sb"))
        ma = "30" if hours.group("ha") or hours.group("hsa") else "00"
        mb = "30" if hours.group("hb") or hours.group("hsb") else "00"
        if b <= a and b < 12:
            b += 12  # 九点到六点: six in the evening
        if a < b <= 24:
            out.append(Slot(Predicate.WORK_HOURS, "", f"{a}:{ma}-{b}:{mb}", True, hours.start(), hours.end()))
    days = _WORK_DAYS.search(text)
    if days is not None and _WORK_CUE.search(text):
        value = f"{_WEEKDAYS[days.group('a')]}-{_WEEKDAYS[days.group('b')]}"
        out.append(Slot(Predicate.WORKDAYS, "", value, True, days.start(), days.end()))
    return out


# The days one works at the office or at home: weekdays said with a word for the place ("I'm only in the office
# Tuesdays and Thursdays", "我周二周四去公司坐班", "我每周一和周五在家办公", "I work from home on Fridays").
_WORKPLACE = re.compile(
    r"(?P<office>\b(?:in|into|at|to)\s+the\s+office\b|\bon-?site\b|\bin-office\b|坐班|去公司|到公司|去办公室|在办公室|进公司)|"
    r"(?P<home>\b(?:work(?:ing)?\s+from\s+home|wfh|home\s+office\s+days?|remote\s+days?)\b|在家办公|居家办公|远程办公|"
    r"在家上班|居家)",
    _F,
)
_WEEK_ORDER = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def office_days(text: str) -> list[Slot]:
    """The weekdays a segment says the user works at the office ("office_days") or at home ("remote_days"): each
    weekday goes with the word for a place in its own clause, else the nearest one within a few words."""
    places = list(_WORKPLACE.finditer(text))
    if not places:
        return []
    bounds = [clause_bounds(text, p.start(), p.end()) for p in places]
    chosen: dict[str, list[re.Match[str]]] = {}
    for day in _WEEKDAY.finditer(text):
        same = [i for i, (s, e) in enumerate(bounds) if s <= day.start() < e]
        near = [i for i, p in enumerate(places) if abs(day.start() - p.end()) < 24 or abs(p.start() - day.end()) < 24]
        pick = same or near
        if not pick:
            continue
        place = places[min(pick, key=lambda i: abs(places[i].start() - day.start()))]
        chosen.setdefault("office_days" if place.group("office") else "remote_days", []).append(day)
    out: list[Slot] = []
    for attribute, days in chosen.items():
        if LEFT_BEFORE.search(text[max(0, days[0].start() - 14) : days[0].start()]):
            continue
        names = {_WEEKDAYS[(m.group("en") or m.group("zh")).lower()] for m in days}
        value = ", ".join(d for d in _WEEK_ORDER if d in names)
        out.append(Slot(Predicate.WORKDAYS, attribute, value, True, days[0].start(), days[-1].end()))
    return out


# Asking for a meeting to be arranged, with or without a word for meetings ("find a slot with the Berlin team",
# "帮我跟设计组约个评审会").
_ARRANGE = re.compile(
    r"\b(?:find|book|set\s+up|schedule|arrange|put)\s+(?:a|an|some|the)?\s*(?:slot|time|meeting|call|sync)\b|约个|约一下|排个|安排个",
    _F,
)


def arranges_meeting(text: str) -> bool:
    """Whether `text` names a meeting or asks for one to be arranged."""
    return bool(_MEETING_WORD.search(text) or _ARRANGE.search(text))


def names_meeting(text: str) -> bool:
    """Whether `text` has a word for meetings ("stand-ups", "1:1s", "开会")."""
    return bool(_MEETING_WORD.search(text))


# A time kept clear ("以后周二上午给我空出来", "keep Friday afternoons free"): a negation of meetings then.
_KEPT_FREE = re.compile(
    r"空出来|空着|留出来|留空|\bkeep\s+(?:\w+\s+){0,4}(?:free|clear)\b|\bblock(?:ed)?\s+(?:off|out|my\s+calendar)\b|"
    r"\bmeeting[-\s]free\b|\bno[-\s]meetings?\b|无会日|无会议日|不开会的日子",
    _F,
)
# One meeting moved ("例会改到周二上午了", "the retro got moved to Thursday"): no standing setting, unless the
# move is said to stand ("以后会议改到上午吧", "from now on move my calls to the afternoon").
_RESCHEDULED = re.compile(
    r"改到|挪到|推到|调到|提前到|延后到|\b(?:moved|pushed|rescheduled|bumped|shifted)\s+(?:it\s+|back\s+)?to\b", _F
)
_STANDING = re.compile(
    r"以后|今后|往后|从现在|一律|都改|都放|每周|每个?礼拜|每个?星期|每天|改一下|帮我改|"
    r"\b(?:from\s+now\s+on|going\s+forward|always|all\s+my|every|update)\b",
    _F,
)


def _moved_once(text: str) -> bool:
    return bool(_RESCHEDULED.search(text)) and not _STANDING.search(text)


_PUNCT_BREAK = re.compile(r"[,，;；:：.。!！?？]")
_POINTS_BACK = re.compile(r" {0,3}(?:这|那|\b(?:that|this|those|then)\b)", _F)


# How many people a meeting should have at most: "五个人以内", "超过五个人的会", "no more than five people".
_SIZE = re.compile(
    r"(?:控制在|不超过|最多|超过)?(?P<zn>\d{1,2}|[二两三四五六七八九十]{1,3})\s?个?人(?:以内|以下|之内|的会)|"
    r"\b(?:no\s+more\s+than|at\s+most|max(?:imum)?(?:\s+of)?|under|fewer\s+than)\s+"
    r"(?:(?P<n>\d{1,2})|(?P<en>two|three|four|five|six|seven|eight|nine|ten))\s+(?:people|attendees|participants|person)\b",
    _F,
)


# The earliest time the speaker meets, said as the time before which they never do ("I'm never free for meetings
# before 10:30", "My calendar doesn't start until 10:30"): the same value as "I can take meetings from 10:30".
_EARLIEST = re.compile(
    r"\b(?:(?:never|not)\s+(?:free|available|around)\s+(?:for\s+(?:meetings|calls)\s+)?before|"
    r"(?:calendar|first\s+meeting|meetings)\s+(?:doesn't|does\s+not|don't|do\s+not|can't|won't)\s+start\s+"
    r"(?:until|till|before))\s+(?P<t>\d{1,2}:\d{2}(?:\s?[ap]m)?|\d{1,2}\s?[ap]m|then)\b",
    _F,
)
_CLOCK = re.compile(r"\b\d{1,2}:\d{2}(?:\s?[ap]m)?|\b\d{1,2}\s?[ap]m\b", _F)


# A segment going on about the meeting the one before it named: "It's Monday, Wednesday and Friday now.",
# "Every morning, same script.", "现在改成周二了".
GOES_ON = re.compile(
    r"\s{0,3}(?:(?:and\s+|so\s+)?(?:now\s+)?(?:it's|it\s+is|they're|they\s+are)\b|every\s|each\s|现在(?:是|改成|改到|定在)|"
    # "They hired someone on our side to run it, so it's Thursdays at 11 a.m. now": the day it is, after a reason
    r"[^.!?]{0,80}?,\s{1,3}so\s{1,3}(?:now\s{1,3})?it(?:'s|\s{1,3}is)\s{1,3}(?:every\s{1,3})?"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
    r"if\s+there's\s+nothing\s+to\s+decide\b|没有?要(?:拍板|定)的|updates\s+(?:reach|get\s+to)\s+me\b|"
    r"改成|改到|以后(?:是|改成|都)|每周|每天)",
    _F,
)
# Every day: a daily meeting ("a standup every single day", "the daily standup"; "每天下午五点开个夕会" is the time)
_DAILY = re.compile(
    r"\b(?:every\s+(?:single\s+)?(?:work\s*)?(?:day|morning)|each\s+(?:work\s*)?(?:day|morning)|daily)\b",
    _F,
)


_DAY_LISTED = re.compile(r" ?(?:and )?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", _F)
_ENDED = re.compile(
    r"\b(?:dropped|ditched|killed|cancell?ed|scrapped|stopped|ended|no\s+more)\s+(?:the\s+|our\s+|my\s+|that\s+)?$|"
    r"(?:取消了?|不开了?|砍掉了?|不再)$",
    _F,
)


def meeting_mic(text: str) -> list[Slot]:
    """The microphone in calls ("我开线上会基本不开麦", "I always stay on mute in meetings"), once."""
    off = _MIC_OFF.search(text)
    on = _MIC_ON.search(text) if off is None else None
    m = off or on
    if m is None or not _CALL.search(text):
        return []
    value = "mic off, types in the chat (不开麦)" if off else "mic on"
    return [Slot(Predicate.LIKES, "meeting_mic", value, True, m.start(), m.end())]


def meeting_settings(text: str, named: bool = False) -> list[Slot]:
    """A meeting day (or a day kept free of meetings), length, camera and clock time, each once. `named`: the
    meeting was named before the text, which goes on about it."""
    if _moved_once(text):
        return []
    moved = _RESCHEDULED.search(text)
    if moved is not None and (named or _MEETING_WORD.search(text)) and _WEEKDAY.search(text, moved.end()):
        # "…好几个委员礼拜天晚上得陪孩子写作业，往后挪到每月第二个礼拜六上午十点": the settings moved to, not the
        # day given as the reason before the move
        base = moved.end()
        return [replace(s, start=s.start + base, end=s.end + base) for s in meeting_settings(text[base:], True)]
    earliest = _EARLIEST.search(text)
    if earliest is not None:
        span: tuple[int, int] | None = earliest.span("t")
        if earliest.group("t").lower() == "then":  # "I offered 10:30 instead, I'm never free … before then"
            said = list(_CLOCK.finditer(text, 0, earliest.start()))
            span = said[-1].span() if said else None
        if span is not None:
            value = text[span[0] : span[1]].lower().replace(" ", "")
            return [Slot(Predicate.LIKES, "meeting_time", value, True, *span)]
    if not named and not _MEETING_WORD.search(text) and not (_KEPT_FREE.search(text) and _WEEKDAY.search(text)):
        return []  # "以后周二上午给我空出来": a day kept clear is kept clear of meetings
    out: list[Slot] = []
    first = _WEEKDAY.search(text)
    # a negation of the day's own clause ("说不能老让我们熬夜，周会挪到每周四早上八点了": no day kept free)
    day_clause = text
    if first is not None:
        starts = [b.end() for b in _PUNCT_BREAK.finditer(text, 0, first.start())]
        stop_at = _PUNCT_BREAK.search(text, first.end())
        # … and a clause pointing back at it ("…开周会，这个时间段别给我约别的会")
        while stop_at is not None and _POINTS_BACK.match(text, stop_at.end()):
            stop_at = _PUNCT_BREAK.search(text, stop_at.end())
        day_clause = text[starts[-1] if starts else 0 : stop_at.start() if stop_at else len(text)]
    negated = negation_in(day_clause) or bool(_KEPT_FREE.search(text))
    # "只排周二和周四下午", "Tuesdays and Thursdays": every day named up to the first one's clause break, in week order
    stop = _PUNCT_BREAK.search(text, first.end()) if first else None
    while stop is not None and stop.group(0) == "," and _DAY_LISTED.match(text, stop.end()):
        stop = _PUNCT_BREAK.search(text, stop.end())  # "Monday, Wednesday and Friday": a list of days goes on
    days = list(_WEEKDAY.finditer(text, first.start(), stop.start() if stop else len(text))) if first else []
    if days and negated and _REMIND.search(day_clause):
        days = []  # "周一下午别再提醒我这个会了", "stop reminding me on Tuesday mornings": no day kept free
    if days:
        names = {_WEEKDAYS[(d.group("en") or d.group("zh")).lower()] for d in days}
        value = ", ".join(d for d in _WEEK_ORDER if d in names)
        nth = _nth_of_month(text, days[0]) if len(names) == 1 else ""
        value = f"{nth} {value} of the month" if nth else value
        attribute = "meeting_free_day" if negated else "meeting_day"
        out.append(Slot(Predicate.LIKES, attribute, value, True, days[0].start(), days[-1].end()))
    daily = _DAILY.search(text) if not days and not negated else None
    if daily is not None and _ENDED.search(text, max(0, daily.start() - 24), daily.start()):
        daily = None  # "We finally dropped the daily standup": the daily meeting is over
    if daily is not None:  # "My team has a standup every single day at 9"
        out.append(Slot(Predicate.LIKES, "meeting_day", "every day", True, daily.start(), daily.end()))
    length = _DURATION.search(text)
    memo = _ARTEFACT.search(text)
    if length is not None and memo is not None and (memo.group("memo") or memo.group("zmemo")):
        length = None  # "The first ten minutes … are silent reading": how long the reading takes, not the meeting
    if length is not None:
        minutes = (
            length.group("min")
            or length.group("zmin")
            or _EN_MINUTES.get((length.group("enmin") or "").lower())
            or ("30" if length.group("half") else "60")
        )
        attribute = "meeting_buffer" if _BUFFER.search(text) else "meeting_length"  # "a 15-minute buffer between"
        if _REMIND.search(text):  # "在每个会开始前十分钟提醒我": how long before a meeting to be reminded
            attribute = "meeting_reminder"
        said_min, zh = zh_number(minutes), bool(HAN.search(text))
        value = f"{said_min} min"
        before = text[max(0, length.start() - 12) : length.start()]
        if _EARLY_AFTER.match(text, length.end()) or _EARLY_BEFORE.search(before):
            # "Every meeting I run ends five minutes early", "提前五分钟结束": when it ends, not how long it is
            attribute, value = "meeting_end", f"提前{said_min}分钟结束" if zh else f"{value} early"
        elif _SPEAKING.search(text, max(0, length.start() - 16), length.start()) or _SPEAKING_AFTER.match(
            text, length.end()
        ):
            # "每人发言不超过三分钟", "everyone gets two minutes to speak": each speaker's time
            attribute, value = (
                "meeting_speaking_time",
                f"每人发言{said_min}分钟" if zh else f"{said_min} minutes per speaker",
            )
        if not _OVERRUN_AFTER.match(text, length.end()) and not _OVERRUN_BEFORE.search(before):
            # ("the budget meeting ran forty minutes over", "拖了半小时": an overrun, no length)
            out.append(Slot(Predicate.LIKES, attribute, value, True, length.start(), length.end()))
    keeper = _TIMEKEEPER.search(text)
    if keeper is not None:  # "Every meeting I run has a timekeeper", "我开会都安排一个计时员"
        out.append(Slot(Predicate.LIKES, "meeting_roles", "timekeeper", True, keeper.start(), keeper.end()))
    size = _SIZE.search(text)
    if size is not None:  # "最好控制在五个人以内", "no more than five people in a meeting"
        n = zh_number(size.group("n") or size.group("zn") or "") if (size.group("n") or size.group("zn")) else ""
        n = n or HOUR_WORDS.get((size.group("en") or "").lower(), "")
        if n:
            out.append(Slot(Predicate.LIKES, "meeting_size", f"at most {n} people", True, size.start(), size.end()))
    channel = next((m for m in _CHANNEL.finditer(text) if not _left_behind(text, m)), None)
    if channel is not None and _REMIND.search(text):  # "text me meeting reminders rather than emailing them"
        kind = next(k.lstrip("z") for k, v in channel.groupdict().items() if v)
        out.append(Slot(Predicate.LIKES, "reminder_channel", kind, True, channel.start(), channel.end()))
    camera = _CAMERA.search(text)
    off = bool(_CAMERA_OFF.search(text))
    if camera is not None and (negated or off or _CAMERA_ON.search(text)):  # not "camera fatigue is real"
        value = "camera off" if negated or off else "camera on"
        out.append(Slot(Predicate.LIKES, "meeting_camera", value, True, camera.start(), camera.end()))
    camera_set = any(o.attribute == "meeting_camera" for o in out)
    window = _ZH_RANGE.search(text)
    if window is not None and negated:  # "中午十二点到一点半…这段时间千万别给我约会": a window kept free
        a, b = zh_number(window.group("a")), zh_number(window.group("b"))
        if b < a and b < 12:
            b += 12  # 十二点到一点半: half past one in the afternoon
        if a < b <= 24:
            value = f"{a}:{'30' if window.group('ha') else '00'}-{b}:{'30' if window.group('hb') else '00'}"
            out.append(Slot(Predicate.LIKES, "meeting_free_time", value, True, window.start(), window.end()))
    artefact = _ARTEFACT.search(text)
    if artefact is not None and _WRITTEN_IN.match(text, artefact.end()):
        artefact = None  # "会议邀请和议程你也都用英文写", "agendas in English": the language is the setting
    if artefact is not None:  # "会前不给议程的会我现在基本都想拒了": wanted, whatever the clause says of its absence
        kind = next(k.lstrip("z") for k, v in artefact.groupdict().items() if v)
        value = _ARTEFACT_VALUES.get(kind, kind)
        value = value if not _REFUSED.search(text[max(0, artefact.start() - 10) : artefact.start()]) else f"no {kind}"
        out.append(Slot(Predicate.LIKES, f"meeting_{kind}", value, True, artefact.start(), artefact.end()))
    modes = [m for m in _MODE.finditer(text) if not LEFT_BEFORE.search(text[max(0, m.start() - 14) : m.start()])]
    mode = next(iter(modes), None)
    phone = next((m for m in modes if m.group("phone") or m.group("zphone")), None)
    if phone is not None and not _MODE_REFUSED.search(text, max(0, phone.start() - 8), phone.start()):
        # "开会我更喜欢打电话，不爱开视频", "I prefer phone calls to video meetings": the phone is how to meet, and
        # the camera of a video call is no setting
        others = [m for m in modes if m is not phone]
        if phone is mode or all(_MODE_REFUSED.search(text, max(0, m.start() - 8), m.start()) for m in others):
            out = [o for o in out if o.attribute != "meeting_camera"]
            out.append(Slot(Predicate.LIKES, "meeting_format", "phone call", True, phone.start(), phone.end()))
            mode = None
    elif phone is mode and mode is not None:
        mode = next((m for m in modes if not (m.group("phone") or m.group("zphone"))), None)
    camera_set = camera_set or any(o.attribute == "meeting_captions" for o in out)  # captions presuppose a call
    if mode is not None and camera_set and (mode.group("online") or mode.group("zonline")):
        mode = None  # "视频会议我一般不开摄像头": the camera is the setting, video meetings its presupposed kind
    if mode is not None and _EVERY_OF_KIND.search(text, max(0, mode.start() - 14), mode.start()):
        mode = None  # "Do that for every in-person meeting you put on my calendar": a rule for that kind
    if mode is not None and (mode.group("online") or mode.group("zonline")) and _KIND_ON_TOOL.match(text, mode.end()):
        mode = None  # "我们这儿开视频会向来都用瞩目", "video calls go on RingCentral": the tool is the setting
    if (
        mode is not None
        and (mode.group("online") or mode.group("zonline"))
        and _USED_FOR.search(text, max(0, mode.start() - 24), mode.start())
    ):
        mode = None  # "Dialpad is what our whole office uses for calls and video": what the tool is for
    if mode is not None and _ROOM.search(text):
        mode = None  # "凡是你帮我约的线下会，会议室都先订望江": the room is the setting, meetings in person its scope
    if mode is not None:  # "我还是喜欢当面开会", "以后约会就都约线上吧" (not "比视频会议顺多了")
        value = "in person" if mode.group("person") or mode.group("zperson") else "video call"
        out.append(Slot(Predicate.LIKES, "meeting_format", value, True, mode.start(), mode.end()))
    access = _STEP_FREE.search(text)
    if access is not None:  # "any in-person meeting has to be somewhere step-free"
        out.append(Slot(Predicate.LIKES, "meeting_access", "step-free (wheelchair accessible)", True, *access.span()))
    walking = _WALKING.search(text)
    if walking is not None:  # "my one-on-ones as walking meetings", "walk and talk", "边走边聊"
        out.append(Slot(Predicate.LIKES, "meeting_style", "walking meetings", True, *walking.span()))
    notice = _NOTICE.search(text)
    if notice is not None:  # "约我开会最好提前一天说", "at least a day's notice"
        out.append(Slot(Predicate.LIKES, "meeting_notice", "提前一天 (a day's notice)", True, *notice.span()))
    room = _ROOM.search(text)
    if room is not None and not _left_behind(text, room):  # "以后…会议室都先订望江"
        name = room.group("zv") or (room.group("ev") or "").lower()
        out.append(Slot(Predicate.LIKES, "meeting_room", name, True, *room.span("zv" if room.group("zv") else "ev")))
    venue = _VENUE.search(text)
    if venue is not None:  # "见客户我一般都约在茶馆", "I meet clients at a coffee shop"
        name = (venue.group("zv") or venue.group("ev") or "").lower()
        value = _VENUES.get(name, name)
        out.append(Slot(Predicate.LIKES, "meeting_venue", value, True, venue.start(), venue.end()))
    smoking = _NO_SMOKING.search(text)
    if smoking is not None:  # "跟我开会就这样，会上都不能抽烟"
        out.append(Slot(Predicate.LIKES, "meeting_smoking", "no smoking (不许抽烟)", True, *smoking.span()))
    phones = _NO_PHONES.search(text)
    if phones is not None:  # "手机一律调静音扣在桌上", "我的会上就是不许看手机"
        out.append(Slot(Predicate.LIKES, "meeting_phones", "no phones (手机静音)", True, *phones.span()))
    status = _ASYNC_UPDATES.search(text)
    if status is not None:  # "I don't do status meetings", "Updates reach me async or not at all"
        out.append(Slot(Predicate.LIKES, "meeting_status", "no status meetings, async updates", True, *status.span()))
    cadence = _CADENCE.search(text) if not out or all(o.attribute != "meeting_day" for o in out) else None
    if cadence is not None:  # "a skip-level with my VP once a month", "it's quarterly now"
        how_often = next(k for k, v in cadence.groupdict().items() if v).lstrip("z")
        out.append(Slot(Predicate.LIKES, "meeting_cadence", how_often, True, *cadence.span()))
    purpose = _DECISIONS_ONLY.search(text)
    if purpose is not None:  # "I don't take meetings unless there's a decision to make"
        out.append(Slot(Predicate.LIKES, "meeting_purpose", "decisions only", True, purpose.start(), purpose.end()))
    single = _ONE_TOPIC.search(text)
    if single is not None:  # "一个会就说一件事", "一会一事", "one topic per meeting"
        out.append(Slot(Predicate.LIKES, "meeting_topics", "one topic", True, single.start(), single.end()))
    standing = _STANDING_UP.search(text)
    if standing is not None:  # "开会一律站着开", "I hold standing meetings only"
        out.append(Slot(Predicate.LIKES, "meeting_posture", "standing", True, standing.start(), standing.end()))
    cap = _CAP.search(text)
    if cap is not None:  # "我一天最多开两个会", "no more than two meetings a day"
        n = (cap.group("n") or cap.group("zn") or cap.group("zn2") or "").lower()
        count = int(HOUR_WORDS[n]) if n in HOUR_WORDS else zh_number(n)
        out.append(Slot(Predicate.LIKES, "meeting_cap", f"{count} per day", True, cap.start(), cap.end()))
    clock = _CLOCK_TIME.search(text)
    if clock is not None and (
        _ONE_AT.search(text, max(0, clock.start() - 8), clock.start()) or _RANGE_ON.match(text, clock.end())
    ):
        clock = None  # "booked me for a 6pm call": one meeting; "6am to 2:30pm": a span of the day, not a meeting time
    if clock is not None and not negated and not _CLOCK_AFTER_ZONE.match(text[clock.end() :]):  # "no calls before 9"
        rel = (clock.group("rel") or "").lower()
        if clock.group("t").lower() == "noon" and not rel:
            return out
        value = " ".join(w for w in (rel, clock.group("t").lower().replace(" ", "").replace(".", "")) if w)
        # "before noon" is the morning, "after noon" the afternoon: one value with "morning meetings"
        value = {"before noon": "morning meeting", "after noon": "afternoon meeting"}.get(value, value)
        out.append(Slot(Predicate.LIKES, "meeting_time", value, True, clock.start(), clock.end()))
    return out


# The end of the speaker's day for meetings, said as when it ends or as a time nothing goes past ("Nothing goes on
# my calendar after 5:30", "My day ends at 5:30, full stop", "meetings have to wrap up by 2:30 now"): the same
# value as "no meetings after 5:30", one at a time.
_DAY_END = re.compile(
    r"\b(?:nothing\s+(?:goes|gets)\s+on\s+my\s+calendar\s+after|my\s+(?:work\s*)?day\s+(?:ends|stops|is\s+done)\s+at|"
    r"(?:meetings|calls)\s+(?:have\s+to|need\s+to|must)\s+(?:wrap\s+up|end|finish|be\s+done)\s+by|"
    r"i'm\s+(?:offline|done|off)\s+(?:after|at|from))\s+(?P<t>\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)?)",
    _F,
)


def day_end(text: str) -> list[Slot]:
    """The time after which the speaker takes no meetings (`_DAY_END`), as "after H:MM" on a 24-hour clock."""
    m = _DAY_END.search(text)
    if m is None:
        return []
    value = hour_bound(window(f"after {m.group('t')}", "en"))
    if value is None or not value.startswith("after "):
        return []
    return [Slot(Predicate.DO_NOT_DISTURB, "do_not_disturb:after", value, True, *m.span("t"))]


# The shift one works, in either language: "I'm on the early shift", "这个月排的全是夜班", "I work nights".
_SHIFT = re.compile(
    r"\b(?P<en>early|late|night|day|morning|afternoon|evening|graveyard|overnight|swing)\s+shifts?\b|"
    r"\b(?:work|working|works)\s+(?P<nights>nights|overnights)\b|(?P<zh>早|晚|夜|白|中|大夜|小夜)班",
    _F,
)
# What makes the shift one's own: working it ("on the early shift", "pulling night shifts", "上夜班", "排的全是夜班").
_ON_SHIFT_EN = re.compile(
    r"\b(?:on|work|works|working|do|doing|pull|pulling|cover|covering|(?:switched|moved|changed|transferred)\s+"
    r"(?:over\s+)?(?:to|onto))\s+(?:the\s+|a\s+)?$",
    _F,
)
_ON_SHIFT_ZH = re.compile(r"[上下排值倒轮做是]")
# A coming day or week a shift is dated to: one turn of the rota.
_ONE_PERIOD = re.compile(r"下周|下礼拜|这周|本周|明天|今晚|今天|\b(?:next|this)\s+week\b|\btomorrow\b|\btonight\b", _F)
_SHIFT_PLACE = re.compile(
    r"(?<!\s)\s+at\s+the\s+(?P<w>bakery|hospital|warehouse|factory|plant|restaurant|cafe|café|"
    r"hotel|airport|station|store|shop|supermarket|clinic|lab|depot|mill|mine|port)\b",
    _F,
)
_SHIFT_HOURS = re.compile(
    r"(?:\s(?:at|in)\s(?:the\s)?[a-z]{2,15}(?:\s[a-z]{2,15})?)?[,\s(]{1,3}(?:from\s)?"
    r"(?P<a>\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\b\.?)?)\s?(?:to|-|–|until|till)\s?(?P<b>\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\b\.?)?)",
    _F,
)
_SHIFT_ZH = {"早": "early", "晚": "late", "夜": "night", "白": "day", "中": "late", "大夜": "night", "小夜": "night"}
_SHIFT_EN = {"graveyard": "night", "overnight": "night", "swing": "late", "morning": "early", "evening": "late"}


def work_shift(text: str) -> list[Slot]:
    """The shift a segment says the user works, one value whatever the language ("night shift")."""
    m = _SHIFT.search(text)
    if m is None or LEFT_BEFORE.search(text[max(0, m.start() - 14) : m.start()]):
        return []
    if _ONE_PERIOD.search(text, *clause_bounds(text, m.start(), m.end())):
        return []  # "下周轮夜班", "I'm on nights next week": one rota, not the shift one works
    if m.group("zh") and not _ON_SHIFT_ZH.search(text, max(0, m.start() - 3), m.start()):
        return []
    if m.group("en") and not _ON_SHIFT_EN.search(text[max(0, m.start() - 20) : m.start()]):
        return []
    if m.group("zh"):
        kind = _SHIFT_ZH[m.group("zh")]
    elif m.group("nights"):
        kind = "night"
    else:
        word = m.group("en").lower()
        kind = _SHIFT_EN.get(word, word)
    place = _SHIFT_PLACE.match(text, m.end())
    hours = _SHIFT_HOURS.match(text, place.end() if place is not None else m.end())
    # "the early shift at the distribution center, 6 a.m. to 2 p.m.": the shift with its hours
    said = f"{hours.group('a')}-{hours.group('b')}".replace(" ", "").replace(".", "") if hours else ""
    value = f"{kind} shift {said}".rstrip()
    out = [Slot(Predicate.WORK_HOURS, "work_shift", value, True, m.start(), hours.end() if hours else m.end())]
    if place is not None:  # "I'm on the early shift at the bakery": where the shift is worked
        word = place.group("w").lower()
        out.append(Slot(Predicate.EMPLOYER, "", word, True, place.start("w"), place.end("w")))
    return out


# A rota of days on and days off ("我做二休二", "上四休三", "I work four on, four off", "2 on 2 off"): the rota the
# speaker works, one value whatever the language ("2 on 2 off").
_ROTA = re.compile(
    r"(?:做|上|干)(?P<za>[一二两三四五六七1-7])(?:天)?休(?P<zb>[一二两三四五六七1-7])|"
    r"\b(?P<ea>[1-7]|one|two|three|four|five|six|seven)\s(?:days?\s)?on,?\s?(?:/\s?)?(?P<eb>[1-7]|one|two|three|four|five|six|"
    r"seven)\s(?:days?\s)?off\b",
    _F,
)


def rota(text: str) -> list[Slot]:
    """The rota of days on and off a segment says the user works ("我做二休二", "four on, four off")."""
    m = _ROTA.search(text)
    if m is None or LEFT_BEFORE.search(text[max(0, m.start() - 14) : m.start()]):
        return []
    if m.group("za"):
        on, off = zh_number(m.group("za")), zh_number(m.group("zb"))
    else:
        on, off = (int(g) if g.isdigit() else int(HOUR_WORDS[g.lower()]) for g in (m.group("ea"), m.group("eb")))
    return [Slot(Predicate.WORKDAYS, "rota", f"{on} on {off} off", True, m.start(), m.end())]


# The weekday one has off ("My day off is Tuesday", "我周四调休", "周三是我的休息日").
_DAY_OFF = re.compile(r"\b(?:days?\s+off|off\s+days?)\b|休息日|休息|调休|轮休|不上班", _F)


def day_off(text: str) -> list[Slot]:
    """The weekday a segment says the user has off, said with a word for a day off in its clause."""
    for m in _WEEKDAY.finditer(text):
        c_start, c_end = clause_bounds(text, m.start(), m.end())
        if _DAY_OFF.search(text, c_start, c_end) and not LEFT_BEFORE.search(text[max(0, m.start() - 14) : m.start()]):
            value = _WEEKDAYS[(m.group("en") or m.group("zh")).lower()]
            return [Slot(Predicate.WORKDAYS, "day_off", value, True, m.start(), m.end())]
    return []


# When the user goes to bed and gets up: "我一般晚上十一点睡、早上六点半起", "I'm in bed by nine most nights".
_ZH_SLEEP = re.compile(
    # (not "吃一点就起疹子": a little of something, and a rash)
    rf"(?P<part>晚上|夜里|半夜|凌晨|早上|早晨|上午)?(?<![吃喝碰用沾多少有差慢快好早晚])(?P<h>{_ZH_HOUR})点"
    r"(?:(?P<half>半)|(?P<quarter>一刻)|(?P<min>[一二三四五]?十[一二三四五六七八九]?|[0-5]\d|零[一二三四五六七八九])分?)?"
    r"(?:左右|前|多)?(?:就|才|准时)?"
    r"(?:(?P<bed>睡觉|睡|上床|躺下)|(?P<up>起床|起来(?![疹泡痘])|起(?![飞航跑步疹泡痘皮茧夜])))"
)
_EN_SLEEP = re.compile(
    r"\b(?:(?P<bed>in\s+bed|asleep|go\s+to\s+bed|going\s+to\s+bed|bed)|"
    r"(?P<up>(?<!wrap\s)(?<!wrapped\s)(?<!sign\s)(?<!set\s)(?<!back\s)(?<!show\s)up|awake|wake\s+up|get\s+up))\s+"
    r"(?:by|at|around)\s+(?P<h>\d{1,2}|five|six|seven|eight|nine|ten|eleven|twelve|midnight)"
    r"(?::(?P<m>\d{2}))?\s?(?P<ampm>am|pm)?\b",
    _F,
)


def sleep_schedule(text: str) -> list[Slot]:
    """The sleep schedule a segment states, one attribute: the bedtime and the time of getting up as HH:MM ("bed
    23:00, up 06:30", "bed 21:00")."""
    out: list[Slot] = []
    seen: set[str] = set()
    for m in _ZH_SLEEP.finditer(text):
        hour = zh_number(m.group("h"))
        bed = m.group("bed") is not None
        if bed and (m.group("part") in ("晚上", "夜里") or 7 <= hour <= 11) and hour < 12:
            hour += 12  # 十一点睡: eleven at night
        said = m.group("min") or ""
        minutes = (
            zh_number(said.removeprefix("零")) if said else 30 if m.group("half") else 15 if m.group("quarter") else 0
        )
        _add_time(out, seen, "bedtime" if bed else "wake_time", hour, f"{minutes:02d}", m)
    for m in _EN_SLEEP.finditer(text):
        word = m.group("h").lower()
        hour = int(word) if word.isdigit() else int(HOUR_WORDS.get(word, "12"))  # (midnight: 0, below)
        bed = m.group("bed") is not None
        if word == "midnight":
            hour = 0
        elif (m.group("ampm") or "").lower() == "pm" or (bed and not m.group("ampm") and 7 <= hour <= 11):
            hour += 12 if hour < 12 else 0
        _add_time(out, seen, "bedtime" if bed else "wake_time", hour, m.group("m") or "00", m)
    if not out:
        return []
    out.sort(key=lambda s: s.attribute)  # bed before up
    value = ", ".join(("bed " if s.attribute == "bedtime" else "up ") + s.value for s in out)
    return [Slot(Predicate.LIKES, "sleep_schedule", value, True, out[0].start, out[-1].end)]


def _add_time(out: list[Slot], seen: set[str], attribute: str, hour: int, minutes: str, m: re.Match[str]) -> None:
    if attribute in seen or not 0 <= hour <= 23:
        return
    seen.add(attribute)
    out.append(Slot(Predicate.LIKES, attribute, f"{hour:02d}:{minutes}", True, m.start(), m.end()))


# Part-time or full-time: "I work part-time, three days a week", "I went full-time in March", "我现在是兼职".
_EMPLOYMENT = re.compile(
    r"(?<![\w'])(?:i\s+(?:work|went|switched\s+to|moved\s+to|am)|i'm|im|i've\s+(?:gone|switched\s+to|moved\s+to))\s+"
    r"(?:now\s+|currently\s+|only\s+)?"
    r"(?P<k>part[-\s]time|full[-\s]time)\b|我(?:现在|目前)?(?:是|做|在做)?(?P<zk>兼职|全职)(?!妈妈|爸爸|主妇|宝妈|太太)",
    _F,
)


# On staff or not: "I'm a contractor at my company, not on staff", "they converted me to a permanent employee",
# "我是外包", "我转正了".
_STAFF = re.compile(
    r"(?<![\w'])(?:(?:i'm|im|i\s+am)\s+(?:a\s+|an\s+)?(?:contractor|freelancer|independent\s+contractor|consultant)\b"
    r"(?![^.!?]{0,40}\b(?:not\s+any\s?more|anymore)\b)|"
    r"(?:converted|hired|made|brought)\s+me\s+(?:on\s+)?(?:to\s+|as\s+)?(?:a\s+)?(?P<perm>permanent|full[-\s]time|in-house|staff)"
    r"(?:\s+(?:employee|hire|role|position))?|i\s+(?:got|was)\s+(?:converted|made)\s+(?:to\s+)?(?:a\s+)?(?P<perm2>permanent))|"
    r"我(?:现在|目前)?(?:是|属于)(?P<zc>外包|合同工|派遣)|(?P<zp>转正了|已经转正|成了正式员工|是正式员工)",
    _F,
)


# Where one works, every day: "I work from home", "I'm fully remote", "我一直在家办公" (not "on Fridays": remote days).
_WORK_MODE = re.compile(
    r"(?<![\w'])(?:i\s+(?:work|am\s+working|now\s+work)\s+(?:fully\s+|full[-\s]time\s+|100%\s+)?(?:from\s+home|remotely)|"
    r"(?:i'm|i\s+am)\s+(?:now\s+)?(?:fully\s+|100%\s+)?remote)\b(?!\s+(?:on|every|most|some|two|three|a\s+few)\b)|"
    r"我(?:现在|目前|一直|平时){0,2}(?:是|都)?(?:全职)?(?:在家办公|远程办公|居家办公|远程上班|在家上班)(?![^，。！？,.!?]{0,4}(?:周|礼拜|星期))",
    _F,
)
# Working for oneself: "I'm self-employed", "我是个体户", "我自己单干" ("我是自由职业" is a job of its own).
_SELF_EMPLOYED = re.compile(
    r"(?<![\w'])(?:i'm|im|i\s+am)\s+(?:now\s+)?self[-\s]employed\b|\bi\s+work\s+for\s+myself\b|我(?:现在|目前)?(?:是)?(?:个体户|自己单干)",
    _F,
)


def employment(text: str) -> list[Slot]:
    """Whether the user works part-time or full-time, on staff, as a contractor or for themselves, and from home,
    said of themselves."""
    staff = _STAFF.search(text)
    out = []
    mode = _WORK_MODE.search(text)
    if mode is not None:
        out.append(Slot(Predicate.LIKES, "work_mode", "remote", True, mode.start(), mode.end()))
    own = _SELF_EMPLOYED.search(text) if staff is None else None
    if own is not None:
        out.append(Slot(Predicate.LIKES, "employment_terms", "self-employed", True, own.start(), own.end()))
    if staff is not None:
        permanent = staff.group("perm") or staff.group("perm2") or staff.group("zp")
        out.append(
            Slot(
                Predicate.LIKES,
                "employment_terms",
                "permanent employee" if permanent else "contractor",
                True,
                staff.start(),
                staff.end(),
            )
        )
    m = _EMPLOYMENT.search(text)
    if m is None:
        return out
    word = (m.group("k") or "").lower().replace(" ", "-") or ("part-time" if m.group("zk") == "兼职" else "full-time")
    at = m.start("k") if m.group("k") else m.start("zk")
    return [*out, Slot(Predicate.LIKES, "employment", word, True, at, at + len(m.group("k") or m.group("zk")))]
