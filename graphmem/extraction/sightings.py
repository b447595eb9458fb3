"""Sightings: whether a later turn names a candidate's value again in a plain first-hand statement, read against
the candidate's stance (a negated clause, a swap, a value dropped or taken up).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from graphmem.extraction.asides import without_concessions, without_your_conditions
from graphmem.extraction.clauses import clause_span
from graphmem.extraction.code_slots import STACK_CANONICAL
from graphmem.extraction.gazetteer import forms_of, scan
from graphmem.extraction.guards import (
    HYPOTHETICAL,
    JOKE,
    MENTION_DROPPED,
    MENTION_NEGATION,
    MENTION_SWAP,
    MENTION_TAKEN,
    OTHER_PERSON,
    PAST,
    QUESTION,
    QUOTED,
)
from graphmem.extraction.lexicon import COMMON_SURNAMES, JOBS
from graphmem.extraction.rule import Segment
from graphmem.extraction.segmentation import HAN, presupposes, works_in
from graphmem.extraction.synonyms import paraphrases

__all__ = ["claimed_by_it", "mentioned", "needles"]

_F = re.IGNORECASE
# A thing swapped for another, named by 把 in its own clause ("把阳台的晾衣杆换了", "把灯泡换成LED的")
_BA_SWAP = re.compile(r"把[^，,。！!？?；;把]{1,12}?(?:换|改)(?:成|掉|了|一下)?")


# How often the speaker does something: a habit, said in earnest even when laughed at
_HABIT = re.compile(
    r"\b(?:\d{1,2}|once|twice|one|two|three|four|five|six|several|a\s+few|a\s+couple(?:\s+of)?)\s+(?:times\s+)?"
    r"(?:a|per|every)\s+(?:week|month|day)\b|\bevery\s+(?:single\s+)?(?:day|week|morning|night|weekend|lunch)\b|"
    r"\ball\s+the\s+time\b|\bdaily\b|每天|天天|每周|每个?礼拜|一(?:周|星期|个?礼拜)[一二三四五六七两几]次",
    re.IGNORECASE,
)
# A day of the year in Chinese ("9月28号"), and the same day said without 号/日 ("9月28那天")
_ZH_DAY = re.compile(r"\d{1,2}月\d{1,2}[号日]")
_ZH_DAY_BARE = re.compile(r"(?<!\d)\d{1,2}月\d{1,2}(?!\d)")


# A person after a preposition is the object of what the speaker does, not the subject of the clause
_AS_OBJECT = re.compile(r"\b(?:to|for|from|by|at)\s+$", _F)


def _counts_with_others(norm: str, folded: str, at: int, others: list[int]) -> bool:
    """Whether the mention at `at` counts with other people named (`others`: where their names end): only as that
    person's name, or as the topic the turn opens on before anyone else comes in ("子豪分数出来了，…我哥在电话里乐得…"
    names 子豪)."""
    opens = all(e > clause_span(norm, at)[1] for e in others)
    # ("她老忘了我山药过敏", "she keeps forgetting my peanut allergy": the speaker's own, right before it)
    own = folded[:at].endswith(("我", "我的", "my "))
    return opens or own or any(e <= at and not folded[e:at].strip(" ,，") for e in others)


def _first(pattern: re.Pattern[str], text: str) -> int:
    m = pattern.search(text)
    return m.start() if m else -1


# Endings that make another word of the same thing: "pharmacist" / "the pharmacy", "MongoDB" / "Mongo",
# "kayak" / "kayaking".
_ENDINGS = ("ists", "ist", "ies", "ing", "ers", "er", "ics", "ic", "db", "y")
_MIN_STEM = 5


_CLOCK_VALUE = re.compile(r"^(?P<h>\d{1,2}):(?P<m>\d{2})$")
_ZH_DIGITS = "零一二三四五六七八九十"
_ZH_MINUTES = {0: "", 15: "一刻", 30: "半", 45: "三刻"}


def _zh_hour(n: int) -> str:
    return _ZH_DIGITS[n] if n <= 10 else "十" + _ZH_DIGITS[n - 10]


def clock_forms(value: str) -> list[str]:
    """Other ways to say a clock time kept as H:MM ("17:00"): "下午五点", "下午5点", "17点", "5pm", "5 pm" (with
    the minutes: "十二点半", "12:30"); none for any other value."""
    m = _CLOCK_VALUE.match(value)
    if m is None:
        return []
    hour, minute = int(m.group("h")), int(m.group("m"))
    if not (0 <= hour < 24 and 0 <= minute < 60):
        return []
    twelve = hour - 12 if hour > 12 else hour
    part = "上午" if hour < 12 else "中午" if hour == 12 else "下午" if hour < 18 else "晚上"
    zh_min = _ZH_MINUTES.get(minute, f"{minute}分")
    out = [f"{part}{_zh_hour(twelve)}点{zh_min}", f"{part}{twelve}点{zh_min}", f"{hour}点{zh_min}"]
    if hour == 12:
        out.append(f"十二点{zh_min}")
    suffix = "am" if hour < 12 else "pm"
    en = f"{twelve}" if minute == 0 else f"{twelve}:{minute:02d}"
    return [*out, f"{en}{suffix}", f"{en} {suffix}"]


def _mention_pattern(value: str, plural: bool = True) -> re.Pattern[str] | None:
    """Whole-word matcher for a Latin value (None for Chinese, matched as a substring); the value is escaped. A
    one-word value of five letters or more also matches its stem with another of the `_ENDINGS`."""
    if not value.isascii():
        return None
    forms = re.escape(value)
    if value[-1:].isalpha() and not value.endswith("s"):
        forms += "(?:e?s)?"  # "recurring meetings" names "recurring meeting"
    elif value[-1:].isdigit():
        forms += "(?:st|nd|rd|th)?"  # "March 3rd" names "march 3"
    if value.isalpha() and len(value) >= _MIN_STEM:
        folded = value.casefold()
        stem = next(
            (folded[: -len(e)] for e in _ENDINGS if folded.endswith(e) and len(folded) - len(e) >= _MIN_STEM), folded
        )
        # the stem itself names the value only when it is the value ("design" is no "designer")
        endings = "(?:" + "|".join(_ENDINGS) + (")?" if stem == folded else ")")
        plurals = "(?:e?s)?" if plural and not value.endswith("s") else ""  # "arepas" still names "arepa"
        forms = f"{re.escape(value)}{plurals}|{re.escape(stem)}{endings}"
    aliases = [re.escape(a) for a, v in STACK_CANONICAL.items() if v == value.casefold()]  # "Mongo" for "mongodb"
    aliases += [re.escape(a) for a in paraphrases(value)]  # "birding" for "birdwatching"
    aliases += [re.escape(a) for a in clock_forms(value)]  # "下午五点" for "17:00"
    return re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join([forms, *aliases]) + r")(?![A-Za-z0-9])", _F)


# Generic heads of a kind of thing: "country music" is named by "country", "科幻小说" by "科幻".
_HEADS_EN = (
    " music",
    " movies",
    " movie",
    " films",
    " film",
    " novels",
    " novel",
    " books",
    " book",
    " food",
    " shows",
    " airlines",
    " airways",
    " hotels",
    " department",
    " dept",
)
_HEADS_ZH = ("小说", "电影", "音乐", "片", "剧", "书", "歌", "菜", "文档", "软件", "网盘", "浏览器")


_GLOSSED = re.compile(r"^([^()]{2,40}?) \([^()]{1,40}\)$")


def _core(value: str) -> str:
    """What names `value` in a later mention: the value without a generic head when enough is left ("country
    music" -> "country", "科幻小说" -> "科幻"), else the value."""
    glossed = _GLOSSED.match(value)
    if glossed is not None:  # "咖啡馆 (coffee shop)", "left-handed (左撇子)": the value as said, not its gloss
        value = glossed.group(1)
    folded = value.casefold()
    if value.isascii():
        head = next((h for h in _HEADS_EN if folded.endswith(h)), "")
        core = value[: len(value) - len(head)] if head else value
        return core if len(core) >= 4 else value
    head = next((h for h in _HEADS_ZH if value.endswith(h)), "")
    core = value[: len(value) - len(head)] if head else value
    return core if len(core) >= 2 else value


@functools.lru_cache(maxsize=4096)
def _zh_head(value: str) -> str:
    """The last word of a Chinese compound of four characters or more when it is rare enough to name it alone
    (three characters or more, or two jieba's dictionary seldom uses), else ""."""
    if value.isascii() or len(value) < 4 or not HAN.match(value):
        return ""
    import jieba

    from graphmem.retrieval.lexical import load_jieba

    load_jieba()
    words = jieba.lcut(value, HMM=False)
    last = words[-1] if len(words) > 1 else ""
    rare = (jieba.dt.FREQ.get(last) or 0) < (1000 if len(last) >= 3 else 100)
    return last if len(last) >= 2 and rare else ""


def needles(value: str) -> list[str]:
    """Lower-case strings one of which any text `mentioned` finds `value` in contains: the value's core, the
    stem of a long Latin word, its stack aliases and the gazetteer's other forms of it ("abq" for "albuquerque";
    forms shorter than three Latin letters, "PT" for "pacific time", are left out)."""
    core = _core(value).casefold()
    out = [core]
    if core.isascii() and core.isalpha() and len(core) >= _MIN_STEM:
        out.extend(core[: -len(e)] for e in _ENDINGS if core.endswith(e) and len(core) - len(e) >= _MIN_STEM)
    out.extend(a.casefold() for a, v in STACK_CANONICAL.items() if v == core)
    out.extend(paraphrases(core))
    out.extend(clock_forms(core))
    out.extend(f.casefold() for f in forms_of(core) if len(f) >= (3 if f.isascii() else 2))  # "abq", "鹅厂"
    head = _zh_head(core)
    if head:  # "收费站的活儿就这样": the rare word a Chinese compound ends on names it ("高速收费站")
        out.append(head)
    return list(dict.fromkeys(n for n in out if n))


_GIVEN = re.compile(r"^[\u4e00-\u9fff]{3}$")
_LAUGH_AT_END = re.compile(
    r"(?:\b(?:lol|lmao|lmfao|rofl|(?:ha){2,}|(?:he){2,}|xd)|😂|🤣|😆|哈哈|嘿嘿|呵呵)$", re.IGNORECASE
)


def _without_trailing_laugh(text: str) -> str:
    """`text` without the laughs it ends on ("… drizzle lol", "… 哈哈哈 😂")."""
    for _ in range(4):
        trimmed = text.rstrip(" \t\n,.!~?。！，")
        tail = max(0, len(trimmed) - 12)  # a laugh is short: the search never scans the whole text
        m = _LAUGH_AT_END.search(trimmed, tail)
        if m is None:
            return trimmed
        text = trimmed[: m.start()]
    return text


def mentioned(
    read: Iterable[Segment], values: list[str], polarities: list[bool] | None = None, naming: list[bool] | None = None
) -> list[bool]:
    """For each value, whether the segments `read` (a turn's, with the statements its questions make) name it
    again in a plain first-hand statement: not in a question, a hypothetical, a joke, a quote, a past-only
    remark or someone else's clause. A later session that mentions a candidate's value ("Biscuit chewed my
    headphones again") is another sighting of it. Values are matched whole-word for Latin script, as substrings
    of two or more characters for Chinese.

    Negation is read against the stance of the candidate (`polarities`, all positive when not given): in
    a segment with no negation any mention counts; a negated segment that swaps values ("switched", "换成",
    "搬") counts for none; otherwise a positive stance counts when the value's own clause is not negated
    and nothing turns away from it ("VS Code那种我用不惯，还是vim顺手"; not "I stopped …", "不…了"), a
    negative one when nothing turns to the value ("汤里飘了几片香菜，我直接不喝了", "I can't have gluten";
    not "我现在开始…", "I've come around on …").

    A value that names what the speaker is or has (`naming`: a place, an employer, a job, a relative's name) is
    named by a clause whose negation is about something else ("何川这周末总算不加班了", "今天石家庄总算没雾霾了"):
    only a negation before it in its clause, or one that turns away from it, denies it.
    """
    stances = polarities if polarities is not None else [True] * len(values)
    names = naming if naming is not None else [False] * len(values)
    # (a name is one word: "Biscuits are great" does not name the dog Biscuit)
    wanted = [(v.casefold(), _mention_pattern(v, not name)) for v, name in zip(map(_core, values), names, strict=True)]
    found = [False] * len(values)
    for seg in read:
        lang = seg.lang
        norm = seg.text.replace("\u2019", "'").replace("\u2018", "'")
        if lang == "en":
            # "when you give me times, use PT": a rule, not a question; "even if I paste Dutch": every case
            norm = without_concessions(without_your_conditions(norm))
        # a Chinese question asks in its own clause: "…在PostgreSQL里查得有点慢，索引该怎么加？" still names it
        # a question after the cause of one's own trouble presupposes the thing ("Any idea why Bluetooth keeps
        # dropping on Fedora after suspend?"): it names it as much as a statement does
        # so does asking how to do one's work in something ("what's the cleanest way to version the API routes in
        # Laravel?"): it names what the speaker works with
        asked = bool(QUESTION[lang].search(norm)) and not presupposes(norm) and not works_in(norm)
        # a laugh at the end of small talk ("finally a dry day in tacoma lol") jokes about nothing it names: a
        # place, an employer, a job or a relative named there is named; a stance is not taken
        laughed = bool(JOKE[lang].search(norm)) and not JOKE[lang].search(_without_trailing_laugh(norm))
        if (
            HYPOTHETICAL[lang].search(norm)
            or (JOKE[lang].search(norm) and not laughed)
            or QUOTED.search(norm)
            or (asked and lang == "en")
            or PAST[lang].search(norm)
        ):
            continue
        # "浩然过来帮我把阳台的晾衣杆换了": what is swapped is the thing 把 names, the rest of the turn is not
        # ("PS里怎么把照片的天空换成晚霞": nor is the turn negated by it)
        swapped_things = [m.span() for m in _BA_SWAP.finditer(norm)] if lang == "zh" else []
        unswapped = _BA_SWAP.sub("", norm) if swapped_things else norm
        negated = bool(MENTION_NEGATION.search(unswapped))
        if negated and MENTION_SWAP.search(unswapped):
            continue
        dropped = negated and bool(MENTION_DROPPED.search(norm))
        taken = negated and bool(MENTION_TAKEN.search(norm))
        folded = norm.casefold()
        # a clause about someone of the speaker's names only that person: "我岳母周桂兰今天…" sights 周桂兰
        # (not someone the speaker does something to or for: "I handed it straight to my husband")
        others = [
            m.end()
            for m in OTHER_PERSON[lang].finditer(norm)
            if lang == "zh" or not _AS_OBJECT.search(norm, max(0, m.start() - 6), m.start())
        ]
        # a named thing said in another of its forms ("use PT" for "pacific time (utc-8)", "py" for "python")
        named = {h.value.casefold(): h.start for h in scan(norm)}
        for i, (value, pattern) in enumerate(wanted):
            # ("i'm there for arepas like three times a week lol": a habit, laughed at, is still the speaker's)
            if found[i] or (laughed and not names[i] and not (stances[i] and _HABIT.search(norm))):
                continue
            at = named.get(value, -1)
            if at < 0:
                at = folded.find(value) if pattern is None else _first(pattern, norm)
            if at < 0 and pattern is None and _ZH_DAY.fullmatch(value):  # "9月28那天" for "9月28号": the day
                at = next((d.start() for d in _ZH_DAY_BARE.finditer(folded) if d.group(0) == value[:-1]), -1)
            if at < 0 and pattern is None:  # "骑车" for "骑行": another name of the same thing
                at = next((x for x in (folded.find(a) for a in paraphrases(value)) if x >= 0), -1)
            if (
                at < 0 and names[i] and _GIVEN.match(value) and value[0] in COMMON_SURNAMES
            ):  # "晓雯" for "林晓雯": a Chinese name without its surname
                at = folded.find(value[1:])
            if at < 0 and names[i] and len(value) >= 3 and HAN.match(value[-2:]):
                at = _role_head(folded, value[-2:])  # "干中介就这样" for "房产中介": a trade by its head
            if at < 0 and names[i] and (trade := _job_head(value)):
                at = _first(trade, norm)  # "I'm interpreting two appointments" for "asl interpreter": the trade itself
            if at < 0 and names[i] and (trade := _trade_of(value)):
                # "Tattooing is the best job in the world" for "tattoo artist", "July in HVAC means nobody
                # sleeps" for "hvac tech": the trade, said of one's work or as the field one is in
                at = _first(trade, norm)
                # ("Roofing in July is no joke": the trade opening what is said of it)
                opens = at >= 0 and not norm[:at].strip() and norm[at : at + 1].isupper()
                if at >= 0 and not (_JOB_TALK.search(norm) or _IN_FIELD.search(norm, max(0, at - 4), at) or opens):
                    at = -1
            if at < 0 and names[i] and len(value) >= 3 and value[-1] in _ZH_ROLE_ENDS and HAN.match(value):
                at = _zh_trade(folded, value[:-1])  # "干我们理发这行" for "理发师": the trade without its person
            if at < 0 and names[i] and len(value) >= 4 and value.endswith("经理"):
                at = _role_head(folded, value[:-2])  # "做产品的真难" for "产品经理": a manager by what is managed
            if at < 0 and names[i] and (field := _zh_field(value)):
                at = _role_head(folded, field)  # "我们搞电池测试的" for "电池工程师": a role by the field it works in
            if at < 0 and names[i] and (head := _zh_head(value)):
                at = folded.find(head)  # "收费站的活儿就这样" for "高速收费站": the rare word it ends on
            if at < 0 or any(a <= at < b for a, b in swapped_things):
                continue
            if others and not _counts_with_others(norm, folded, at, others):
                # "My neighbor brought over a peach cobbler… with my peach allergy I…": a later mention may be the
                # speaker's own
                later = folded.find(value, at + 1) if pattern is None else -1
                while later >= 0 and not _counts_with_others(norm, folded, later, others):
                    later = folded.find(value, later + 1)
                if later < 0:
                    continue
                at = later
            if asked and QUESTION[lang].search(norm[slice(*clause_span(norm, at))]):
                continue
            if not negated:
                found[i] = True
            elif names[i] and stances[i]:
                c_start, c_end = clause_span(norm, at)
                # "I don't live in Leeds anymore" turns away; "何川这周末总算不加班了" speaks of 何川's weekend
                away = lang == "en" and bool(MENTION_DROPPED.search(norm[c_start:c_end]))
                found[i] = not away and not MENTION_NEGATION.search(norm[c_start:at])
            elif stances[i]:
                c_start, c_end = clause_span(norm, at)
                clause = norm[c_start:c_end]
                # what turns away in a Chinese clause of its own ("总算不刮风了") leaves the value's clause be
                away = dropped if lang == "en" else bool(MENTION_DROPPED.search(clause))
                found[i] = not away and not MENTION_NEGATION.search(clause)
            else:
                found[i] = not taken
    return found


@functools.lru_cache(maxsize=1024)
def _job_head(value: str) -> re.Pattern[str] | None:
    """For a Latin role of several words whose last is a trade ("asl interpreter", "data analyst"), the pattern of
    that trade word and its forms; else None."""
    words = value.split()
    if len(words) < 2 or not value.isascii() or words[-1] not in JOBS:
        return None
    return _mention_pattern(words[-1])


# Roles named by a generic word after their trade ("tattoo artist", "hvac technician"): the trade is the first word
_GENERIC_ROLES = frozenset({"artist", "technician", "tech", "specialist", "worker", "maker", "operator", "fitter"})
# a sentence about one's work, where the trade alone names the role ("Tattooing is the best job in the world")
_JOB_TALK = re.compile(r"\b(?:job|jobs|work|trade|career|living|shop|studio|clients?|shifts?|gig)\b", re.IGNORECASE)
_ZH_ROLE_ENDS = frozenset("师员工匠")
_IN_FIELD = re.compile(r"\bin\s+$", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _trade_of(value: str) -> re.Pattern[str] | None:
    """For a Latin role of two words, a trade and a generic word for its person ("tattoo artist"), the pattern of
    the trade and its forms ("tattooing", "tattoos"); for a one-word role, its stem ("auctioneer" →
    "auctioneering", "photographer" → "photographs"); else None."""
    words = value.split()
    if len(words) == 1 and value.isascii() and value.isalpha():
        # "Auctioneering is the best job there is" for "auctioneer": the trade of a one-word role by its stem
        stem = value[:-3] if value.endswith("eer") else value[:-2] if value.endswith("er") else ""
        if len(stem) >= 6:
            return re.compile(rf"\b{re.escape(stem)}(?:s|ed|ing|eering)?\b", re.IGNORECASE)
        if len(stem) >= 4:  # "Roofing in July is no joke" for "roofer": a short stem only as the trade's -ing
            return re.compile(rf"\b{re.escape(stem)}ing\b", re.IGNORECASE)
        return None
    if len(words) != 2 or not value.isascii():
        return None
    if words[1] in _GENERIC_ROLES and len(words[0]) >= 4 and words[0].isalpha():
        return _mention_pattern(words[0])
    # "photograph weddings for a living" for "wedding photographer": the trade's verb, said of one's work
    verb = words[1].removesuffix("er") if words[1].endswith("er") else ""
    if len(verb) >= 6 and verb.isalpha():
        return re.compile(rf"\b{re.escape(verb)}(?:s|ed|ing)?\b", re.IGNORECASE)
    return None


def _zh_trade(folded: str, trade: str) -> int:
    """Where a Chinese trade is named without its person ("理发" of "理发师") as one's line of work: after a verb of
    doing it ("干我们理发这行", "做理发的") or before "这行"; -1 when it is not."""
    if len(trade) < 2:
        return -1
    at = folded.find(trade)
    while at >= 0:
        before, after = folded[max(0, at - 4) : at], folded[at + len(trade) : at + len(trade) + 3]
        if before.endswith(("干", "做", "当", "干我们", "干咱们", "做我们", "我们")) or after.startswith(
            ("这行", "这一行", "那行", "行业", "的活")
        ):
            return at
        at = folded.find(trade, at + 1)
    return -1


# Roles of three characters named by the field before them ("电池工程师", "平面设计师", "数据分析师")
_ZH_FIELD_ROLES = ("工程师", "设计师", "分析师", "研究员", "技术员", "咨询师", "规划师")


def _zh_field(value: str) -> str:
    """The field a Chinese role of `_ZH_FIELD_ROLES` works in ("电池工程师" -> "电池"), else ""."""
    role = next((r for r in _ZH_FIELD_ROLES if value.endswith(r)), "")
    return value[: -len(role)] if role and len(value) - len(role) >= 2 else ""


def _role_head(folded: str, head: str) -> int:
    """Where a trade is named right after a verb of doing it: by its last two characters ("干中介", "做审计",
    "当教练") or by its field ("搞电池"); -1 when it is not."""
    for verb in ("干", "做", "当", "搞"):
        at = folded.find(verb + head)
        if at >= 0:
            return at + 1
    return -1


# A plain claim on "it", the thing the turn named before: "it's what I live in", "It's where basically my whole
# life is kept", "I literally use it for everything", "It's pretty much all I listen to".
_IT_CLAIM = re.compile(
    r"(?:^|[.!?;,]\s*)(?:and\s+|honestly,?\s+)?(?:it's|it\s+is|that's|that\s+is)\s+(?:(?:basically|pretty\s+much|"
    r"literally|really|just|honestly)\s+){0,2}(?:(?:what|where|all)\s+(?:basically\s+)?i\b|"
    r"where\s+(?:basically\s+)?my\s+(?:whole\s+)?(?:life|work|notes|stuff)\b|"
    r"how\s+i\s+(?:always\s+)?(?:do|write|build|make|style|study|learn|plan|track|manage|budget|organi[sz]e)\s+"
    r"(?:pretty\s+much\s+)?(?:all\s+my|everything|all\s+of\s+my)\b)|"
    r"\bi\s+(?:(?:literally|basically|really|honestly|pretty\s+much)\s+)?live\s+in\s+(?:that|this|the)\s+app\b|"
    r"\bi\s+(?:(?:literally|basically|really|honestly)\s+)?(?:use|love|live\s+in)\s+it\s+(?:for\s+everything|every\s+day|"
    r"daily|all\s+the\s+time|constantly)\b",
    _F,
)


# The same in Chinese: "我这些年攒的东西全在里面", "全靠它了", "天天都用它".
_IT_CLAIM_ZH = re.compile(
    r"我(?:这些年|这几年|平时|所有的?|的)?(?:攒的|记的|存的)?(?:东西|笔记|资料|数据|文件)?(?:全|都)(?:在|存在|放在)(?:这|那)?里(?:面|头)|"
    r"(?:全|都)靠它|离不开它|离了它不行|没它不行|天天(?:都)?用它|每天(?:都)?用它|"
    r"这(?:个)?(?:软件|App|app|应用|玩意儿?)我(?:是)?(?:真)?(?:的)?离不开"
)


# A plain dislike of "the stuff" the turn named before: "…cauliflower rice into stir-fries. Can't stand the stuff."
_STUFF_DISLIKED = re.compile(
    r"(?:^|[.!?;,]\s*)(?:i\s+)?(?:(?:really|just|honestly|still)\s+)?(?:can't|cannot|can\s+not|couldn't)\s+stand\s+"
    r"(?:the|that|this)\s+stuff\b|\bi\s+(?:(?:really|just|honestly|still)\s+)?(?:hate|loathe|detest)\s+(?:the|that|this)"
    r"\s+stuff\b|那玩意儿?我(?:是)?(?:真|实在)?(?:受不了|咽不下|吃不了|碰都不碰)",
    _F,
)


def claimed_by_it(text: str, values: list[str], polarities: list[bool] | None = None) -> list[bool]:
    """For each value, whether a plain claim on "it" ("…the emacs keybinding for that? it's what I live in",
    "…我这些年攒的东西全在里面") stands for it: the value is named before the claim, in any of its forms, and the
    candidate's stance is positive; or a plain dislike of "the stuff" ("Can't stand the stuff.") stands for a value
    named before it whose candidate's stance is negative."""
    stances = polarities if polarities is not None else [True] * len(values)
    claim = _IT_CLAIM.search(text) or _IT_CLAIM_ZH.search(text)
    disliked = _STUFF_DISLIKED.search(text) if claim is None else None
    if claim is None and disliked is None:
        return [False] * len(values)
    if disliked is not None:
        claim, stances = disliked, [not s for s in stances]
    assert claim is not None
    before = text[: claim.start()]
    out = []
    for value, stance in zip(values, stances, strict=True):
        core = _core(value)
        pattern = _mention_pattern(core)
        named = core.casefold() in before.casefold() if pattern is None else pattern.search(before) is not None
        out.append(stance and bool(core) and named)
    return out
