"""Calendar slots: when and how the user wants meetings (a day part, weekday, length, buffer, camera or clock
time said with a word for meetings), the hours and days a Chinese segment says the user works, and the days at
the office.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import LEFT_BEFORE, Slot, clause_bounds, negation_in

__all__ = ["meeting_settings", "meeting_time", "names_meeting", "office_days", "work_schedule"]

_F = re.IGNORECASE

# When meetings should be: the part of the day named nearest to a word for meetings.
_DAY_PARTS: dict[str, str] = {
    "morning": "morning", "mornings": "morning", "afternoon": "afternoon", "afternoons": "afternoon",
    "evening": "evening", "evenings": "evening", "上午": "morning", "早上": "morning", "早晨": "morning",
    "下午": "afternoon", "晚上": "evening", "傍晚": "evening",
}  # fmt: skip
_DAY_PART = re.compile(r"\b(?:mornings?|afternoons?|evenings?)\b|上午|早上|早晨|下午|晚上|傍晚", _F)
_MEETING = re.compile(r"\b(?:meetings?|calls?|stand-?ups?|syncs?|1:1s?)\b|开会|会议|会", _F)


_BETWEEN_CLAUSES = re.compile(r"[,，;；]")


def meeting_time(text: str) -> list[Slot]:
    meetings = [(m.start(), m.end()) for m in _MEETING.finditer(text)]
    if not meetings:
        return []
    best: tuple[tuple[bool, int], re.Match[str]] | None = None
    for m in _DAY_PART.finditer(text):
        if negation_in(text[max(0, m.start() - 6) : m.start()]):
            continue
        if negation_in(text[m.end() : clause_bounds(text, m.start(), m.end())[1]]):
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


# A clock time followed by a zone ("3pm EST") times an event elsewhere.
_CLOCK_AFTER_ZONE = re.compile(r"\s?(?:[A-Z]{2,4}T|UTC|GMT)\b")


_BUFFER = re.compile(r"\b(?:buffer|gap|breathing\s+room)\b|间隔|缓冲|空档", _F)


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


def work_schedule(text: str) -> list[Slot]:
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


# The days one works at the office: weekdays said with a word for the office ("I'm only in the office Tuesdays and
# Thursdays", "我周二周四去公司坐班").
_OFFICE = re.compile(
    r"\b(?:in|into|at|to)\s+the\s+office\b|\bon-?site\b|\bin-office\b|坐班|去公司|到公司|去办公室|在办公室|进公司", _F
)
_WEEK_ORDER = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def office_days(text: str) -> list[Slot]:
    office = _OFFICE.search(text)
    if office is None:
        return []
    c_start, c_end = clause_bounds(text, office.start(), office.end())
    days = [m for m in _WEEKDAY.finditer(text) if c_start <= m.start() < c_end or abs(m.start() - office.end()) < 24]
    if not days or LEFT_BEFORE.search(text[max(0, days[0].start() - 14) : days[0].start()]):
        return []
    names = {_WEEKDAYS[(m.group("en") or m.group("zh")).lower()] for m in days}
    value = ", ".join(d for d in _WEEK_ORDER if d in names)
    return [Slot(Predicate.WORKDAYS, "office_days", value, True, days[0].start(), days[-1].end())]


def names_meeting(text: str) -> bool:
    """Whether `text` has a word for meetings ("stand-ups", "1:1s", "开会")."""
    return bool(_MEETING_WORD.search(text))


def meeting_settings(text: str) -> list[Slot]:
    """A meeting day (or a day kept free of meetings), length, camera and clock time, each once."""
    if not _MEETING_WORD.search(text):
        return []
    negated = negation_in(text)
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
