"""What a rule match states: the value(s) read from the text after it (walking tokens up to a stop word,
splitting on coordinators, normalising), and the project a project rule is about.
"""

from __future__ import annotations

import bisect
import itertools
import re
import threading

from graphmem.extraction.attributes import STACK_TECHNOLOGIES
from graphmem.extraction.facts import Predicate
from graphmem.extraction.gazetteer import ZH_CITIES, ZH_ORGANISATION_AFTER, scan
from graphmem.extraction.lexicon import (
    DAYS,
    DIETS,
    EN_LEAD_SKIP,
    EN_PLACE_STOP,
    EN_SPLIT,
    EN_STOP,
    FORMATS,
    IE_WORDS,
    JOBS,
    LANGS,
    LIGHT_VERBS,
    NAME_STOP,
    NO_SINGULAR,
    PROGRAMMING,
    SUBJECT_STOP,
    TONES,
    ZH_NOUNS_AFTER_DE,
    ZH_SPLIT,
    ZH_STOP,
    words,
)
from graphmem.extraction.rule import Lang, Mode, Rule, Segment, Span
from graphmem.extraction.time_values import day_of_year, hour_bound, timezone, window, zh_day, zone_named

__all__ = ["both_kinds", "project_subject", "reply_format", "rule_values", "singular", "zh_place_ok"]

_F = re.IGNORECASE
_ZH_SOME = frozenset({"点", "一点", "点儿", "一点儿", "些", "一些"})  # a quantity before a food
_ZH_CONSUME = frozenset({"听", "看", "玩", "读", "穿", "逛", "坐", "住"})
_PUNCT = re.compile(r"^[\s\W_]+$")


def rule_values(
    rule: Rule, m: re.Match[str], seg: Segment, norm: str, c_end: int, lang: Lang
) -> list[tuple[str, str, int, Predicate]]:
    """(value, display, end offset, predicate) for each value a rule's match states."""
    p = rule.predicate
    text = seg.text
    if rule.mode == "fixed":
        return [(rule.value, rule.value, m.end(), p)]
    if rule.mode == "days":
        a, b = _day(m.group("a")), _day(m.group("b"))
        return [(f"{a}-{b}", text[m.start("a") : m.end("b")], m.end(), p)] if a and b else []
    if rule.mode == "group":
        raw = m.group("v")
        v = _group_value(p, raw, lang)
        if v is None:
            return []
        if p is Predicate.EMPLOYER and lang == "zh" and _is_place(raw):
            return [(v, raw, m.end(), Predicate.LOCATION)]
        if pred_is_location(p) and lang == "zh" and not (_is_place(raw) and zh_place_ok(raw)):
            return []  # a place said by its name only ("我在日照这边玩了两年了", not "我在公司这边干了两年了")
        return [(v, text[m.start("v") : m.end("v")], m.end(), p)]
    if rule.mode == "name":
        return _name(m, seg, lang)
    if rule.mode == "tech":
        return _tech(rule, text, norm, m.end(), c_end)
    spans = _walk(seg, m.end(), c_end, rule.mode, lang)
    out: list[tuple[str, str, int, Predicate]] = []
    for s, e in spans:
        display = text[s:e]
        value = _normalise(display, rule.mode, lang)
        if (
            lang == "zh"
            and p is Predicate.LIKES
            and "在" in value
            and not _NEGATED_ZH.search(norm[m.start() : m.end()])
        ):
            value = _without_setting(value)  # a disliked activity keeps its setting: "不喜欢在办公室吃饭"
        if not value or (rule.mode == "job" and lang == "en" and not _is_job(value)):
            continue
        if p is Predicate.INSTRUCTION and (
            _BY_THIS.search(value)
            or _BY_PLACE.match(text, e)
            or (_SETTING_ONLY.match(value) and text[e : e + 1] in "，,")
        ):
            # "以后都按这个算", "往后给我的代码都照这个来": by what was just said, which the turn's other readings
            # state; "往后给我看天气、找吃的啥的，都按韶关来": by the place the location reading states
            continue
        if rule.mode == "place" and lang == "en" and not _place_ok(text, s):
            continue
        if pred_is_location(p) and lang == "zh" and not zh_place_ok(value):
            continue
        pred = p
        shown = reply_format(value) if p in (Predicate.LIKES, Predicate.DISLIKES) else None
        if shown is not None:  # "我真不喜欢回复里带emoji": the format of replies
            pred, value = Predicate.PREFERS_FORMAT, shown
        out.append((value, display, e, pred))
    return out


def _name(m: re.Match[str], seg: Segment, lang: Lang) -> list[tuple[str, str, int, Predicate]]:
    text = seg.text
    before = text[max(0, m.start() - 12) : m.start()].lower()
    if re.search(r"(?:don't|do not|never|别|不要)\s*$", before):
        return []
    if lang == "en":
        v = m.group("v")
        if v.lower() in NAME_STOP:
            return []
        end = m.end("v")
        nxt = re.match(r"\s+([A-Z][\w'-]*)", text[end:])
        if nxt and text[m.start("v")].isupper():
            end += nxt.end()
        display = text[m.start("v") : end]
        return [(display.lower(), display, end, Predicate.NAME)]
    first = bisect.bisect_left(seg.tokens, m.end(), key=lambda t: t[0])
    if first == len(seg.tokens):
        return []
    toks = seg.tokens[first : first + 2]
    s, e = toks[0]
    if e - s == 1 and len(toks) > 1 and toks[1][0] == e and toks[1][1] - toks[1][0] == 1:
        e = toks[1][1]
    elif text[s:e] in ("小", "老", "阿") and len(toks) > 1 and toks[1][0] == e:
        e += 1  # "叫我老陈就行": jieba joins the surname to what follows ("陈就行")
    display = text[s:e]
    if display.isascii():
        ok = display[:1].isalpha() and display.lower() not in NAME_STOP
    else:
        ok = (
            (display[0] in "小老阿" and len(display) >= 2)
            or display.endswith(("总", "哥", "姐"))
            or _is_person(display)
        )
    return [(display.lower(), display, e, Predicate.NAME)] if ok else []


def _day(raw: str) -> str:
    r = raw.lower()
    if r[-1:] in DAYS:
        return DAYS[r[-1:]]
    return DAYS.get(r[:3], "")


# The one who does it, for the verbs a trade is said by ("I drive trams for a living")
_AGENTS = {
    "drive": "driver", "teach": "teacher", "fix": "repairer", "repair": "repairer", "build": "builder",
    "design": "designer", "write": "writer", "translate": "translator", "train": "trainer", "coach": "coach",
    "paint": "painter", "clean": "cleaner", "cut": "cutter", "cook": "cook", "bake": "baker", "sell": "seller",
    "install": "installer", "program": "programmer", "edit": "editor", "photograph": "photographer", "tutor": "tutor",
    "nurse": "nurse", "farm": "farmer", "fly": "pilot", "sail": "sailor", "brew": "brewer", "tune": "tuner",
    "groom": "groomer", "restore": "restorer", "service": "technician",
}  # fmt: skip
_BUSINESS = re.compile(
    r"^(?!tend\s)(?:[a-z]+\s){0,2}(?:shop|store|bakery|cafe|café|restaurant|studio|salon|clinic|practice|bar|brewery|boutique|agency|firm|gym|"
    r"nursery|kennel|garage)$"
)
_MANAGED = re.compile(r"^manage\s+(?:a|the)\s+")
_ZH_ONE_OF = re.compile(r"^(?:一家|一个|一所|某家|某个|这家|那家)")


def _group_value(p: Predicate, raw: str, lang: Lang) -> str | None:
    r = " ".join(raw.lower().split())
    if p in (Predicate.PREFERS_LANGUAGE, Predicate.SPEAKS):
        return LANGS.get(r)
    if p is Predicate.PREFERS_FORMAT:
        return FORMATS.get(r, FORMATS.get(r.rstrip("s"), r))
    if p is Predicate.PREFERS_TONE:
        return TONES.get(r)
    if p is Predicate.DIET:
        return DIETS.get(r)
    if p is Predicate.DO_NOT_DISTURB and lang == "en":
        return hour_bound(window(r, lang))
    if p in (Predicate.DO_NOT_DISTURB, Predicate.CONTACT_WINDOW):
        return window(r, lang)
    if p is Predicate.ALLERGIC_TO and lang == "zh" and (r in {"有点", "容易", "经常", "也会"} or r.startswith("有")):
        return None
    if p is Predicate.ALLERGIC_TO and lang == "zh":  # "我吃芒果会过敏": what is eaten, not the eating
        r = _ZH_ALLERGY_FRAME.sub("", r) or r
    if p is Predicate.HOMETOWN and re.search(r"个|一|好|坏|老实|普通|正常|成年|年轻|有钱|穷|什么|外地|本地|哪", r):
        return None
    if p is Predicate.EMPLOYER and r in {
        "公司",
        "单位",
        "家里",
        "办公室",
        "学校",
        "家",
        "外地",
        "这里",
        "那里",
        "国外",
        "海外",
        "本地",
        "老家",
        "北方",
        "南方",
        "城里",
        "乡下",
    }:
        return None
    if p is Predicate.EMPLOYER and lang == "zh":  # "在一家广告公司上班": the kind of company, later "我们广告公司"
        r = _ZH_ONE_OF.sub("", r) or r
    if p is Predicate.AVOIDS and not r.strip():
        return None
    if p is Predicate.JOB and r.startswith("teach "):  # "I teach chemistry": the subject's teacher
        return None if r[6:] in EN_STOP else f"{r[6:]} teacher"
    if p is Predicate.JOB and lang == "en" and r.endswith("ing") and " " not in r:  # "grooming (pays the bills)"
        return None if r in EN_STOP else f"{_AGENTS.get(r[:-3], r[:-3] + 'er')}"
    if p is Predicate.JOB and lang == "en" and (managed := _MANAGED.match(r)):  # "I manage a shoe store"
        return f"{r[managed.end() :]} manager"
    if p is Predicate.JOB and lang == "en" and _BUSINESS.search(r):  # "opened my own wine shop": its owner
        return f"{r} owner"
    if p is Predicate.JOB and lang == "en" and " " in r:  # "drive trams" (for a living): a tram driver
        verb, _, what = r.partition(" ")
        if what.startswith("and ") and what[4:].partition(" ")[0] in _AGENTS:  # "tune and repair pianos"
            what = what[4:].partition(" ")[2]
        if verb in _AGENTS and what.startswith("for "):  # "drive for FedEx": a driver (the employer is its own fact)
            return _AGENTS[verb]
        if verb in _AGENTS and what not in EN_STOP:
            return f"{_singular(what)} {_AGENTS[verb]}"
    if p is Predicate.TIMEZONE:
        return timezone(r) if zone_named(r) else None
    if p is Predicate.BIRTHDAY and lang == "zh":
        return zh_day(window(r, lang))
    if p is Predicate.BIRTHDAY and lang == "en":
        return day_of_year(window(r, lang))
    if p in (Predicate.WORK_HOURS, Predicate.BIRTHDAY):
        return window(r, lang)
    if p in (Predicate.LIKES, Predicate.DISLIKES, Predicate.LOCATION, Predicate.RELATION_NAME):
        r = r.strip(" '\"“”‘’")
        if not r or r in ZH_STOP or r in EN_STOP or r in {"it", "this", "that", "here", "there", "这", "那", "这里"}:
            return None
        if lang == "zh":
            r = r.rstrip("的了")
    taste = (Predicate.ALLERGIC_TO, Predicate.AVOIDS, Predicate.LIKES, Predicate.DISLIKES)
    return _singular(r) if lang == "en" and p in taste else r


_ZH_ALLERGY_FRAME = re.compile(r"^(?:一?吃|一?喝|一?碰|一?闻|接触)|(?:就会|会|就|都|也会)$")


# "回复里带emoji", "你的回答中加表格": a thing in the assistant's replies, named by what is in them.
_IN_REPLIES = re.compile(r"^(?:你的|你)?(?:回复|回答|答案|消息)(?:里|中|里面)?(?:带|加|用|有|放)?(?:那么多|太多|一堆)?")


def reply_format(value: str) -> str | None:
    """The reply format a taste names ("emoji", "回复里带表情"), or None."""
    v = value.strip().lower()
    return FORMATS.get(v) or FORMATS.get(_IN_REPLIES.sub("", v, count=1)) if v else None


# a role may be named by its shift ("a night auditor", "the day nurse"): no stop word in a role
_JOB_STOP = EN_PLACE_STOP - {"night", "day", "evening", "morning", "overnight", "weekend"}


def _walk(seg: Segment, pos: int, c_end: int, mode: Mode, lang: Lang) -> list[Span]:
    """Spans of the value(s) after `pos`: word tokens up to a stop word, split on coordinators."""
    text = seg.text
    toks: list[Span] = []
    tokens = seg.tokens
    # tokens are ordered and disjoint: start at the first one ending after `pos` (a scan per match was n²)
    for s, e in itertools.islice(tokens, bisect.bisect_right(tokens, pos, key=lambda t: t[1]), None):
        if s >= c_end:
            break
        toks.append((max(s, pos), e))
    limit = {"phrase": 14, "place": 4, "job": 4}.get(mode, 5 if lang == "en" else 6)
    stop = _JOB_STOP if mode == "job" else EN_PLACE_STOP if mode == "place" else EN_STOP
    items: list[Span] = []
    cur: list[Span] = []
    count = 0
    for i, (s, e) in enumerate(toks):
        start = s
        word = text[s:e].lower()
        if _PUNCT.match(word) and not (mode in ("phrase", "job") and word in {"-", "'"}):
            break
        if lang == "en":
            if not cur and word in EN_LEAD_SKIP and mode != "phrase":
                continue
            if mode == "phrase":
                if word in {"because", "unless", "lol", "thanks", "please"}:
                    break
            elif word in EN_SPLIT:
                if cur:
                    items.append((cur[0][0], cur[-1][1]))
                cur, count = [], 0
                continue
            elif word in stop:
                break
        else:
            if mode == "phrase":
                if word in {"吧", "了", "啊", "哦", "呀", "哈", "啦", "谢谢"}:
                    break
            elif word in ZH_SPLIT:
                if cur:
                    items.append((cur[0][0], cur[-1][1]))
                cur, count = [], 0
                continue
            elif word == "的":
                nxt = text[toks[i + 1][0] : toks[i + 1][1]] if i + 1 < len(toks) else ""
                if not nxt or _PUNCT.match(nxt) or nxt in ZH_STOP or nxt in ZH_NOUNS_AFTER_DE:
                    break
            elif word in ZH_STOP or "我" in word or "你" in word:
                break
            if not cur and mode == "taste" and word in {"上", "了", "上了"}:
                continue  # "爱上了…": the complement of the verb, not the object
            if not cur and mode == "taste" and word in _ZH_CONSUME and i + 1 < len(toks):
                continue  # "喜欢听爵士乐": the object is what is listened to
            if not cur and mode == "taste" and word in _ZH_SOME:
                continue  # "爱喝点普洱", "吃一些辣的": how much is no part of the object
            if not cur and mode == "taste" and word[0] in "吃喝":
                if len(word) == 1 or word[1:] in _ZH_SOME:
                    continue
                start = s + 1  # drop the leading verb of a merged token ("吃辣")
        cur.append((start, e))
        count += word not in ("-", "'")  # a hyphen joins words ("fourth-year"), it is none itself
        if count >= limit:
            break
    if cur:
        items.append((cur[0][0], cur[-1][1]))
    return items


def both_kinds(v: str) -> str:
    """Two kinds of one thing said together ("生葱熟葱我都不吃") are the thing ("葱"); any other value as it is."""
    if len(v) == 4 and v[1] == v[3] and v[0] != v[2] and "\u4e00" <= v[1] <= "\u9fff":
        return v[1]
    return v


def _normalise(display: str, mode: Mode, lang: Lang) -> str:
    v = " ".join(display.lower().split()).strip(" '\"“”‘’")
    if lang == "zh":
        v = v.rstrip("的了").removeprefix("透了").removeprefix("死了").removeprefix("极了")  # "烦透了KTV" -> "ktv"
        v = both_kinds(v) if mode == "taste" else v
        return v if 0 < len(v) <= 16 else ""
    if mode == "taste":
        v = _SENSE_OF.sub("", v)  # "the taste of lamb": lamb
        v = "" if v in LIGHT_VERBS else _singular(v)
    if mode == "job":
        v = _YEAR_OF_STUDY.sub("", v)  # "a fourth-year PhD student": the role is the same every year
    return v


_SENSE_OF = re.compile(r"^(?:the\s)?(?:taste|smell|texture|flavou?r|sound|feel)\sof\s(?=\S)")
_YEAR_OF_STUDY = re.compile(r"^(?:first|second|third|fourth|fifth|sixth|final|last|\d{1,2}(?:st|nd|rd|th))[- ]year\s")


_NEGATED_ZH = re.compile(r"[不没别]")
# (and an instruction of a verb and its person only, whose object came before "一律": "大床房一律别给我看")
_BY_PLACE = re.compile(r"[^。！？!?]{0,16}?都按[\u4e00-\u9fff]{2,6}来")
_BY_THIS = re.compile(
    r"(?:按|照|就按|就照)(?:这个|这|那个|那)(?:来|算|办|弄)?$|(?:就)?这样(?:吧|就行)?$|"
    r"^(?:给|帮|跟|让)?我[看发推弄放选订找买上拿]?[一]?[下]?$|"
    # "往后给我订机票你都记着，只订直飞": a request to remember, what to keep said after it
    r"(?:你)?(?:都|也)?(?:记着|记住|记好|记牢|记一下|记下)$|"
    # "往后给我出主意先想着这几条": by the things listed before
    r"(?:这几条|这几件事|这几点|这些|这两条|这三条|这几样|上面这些|上面几条|以上几条)$"
)
# "往后帮我弄线上会，平台一律按云视讯来": what the assistant will do, the setting of the rule said after the comma
_SETTING_ONLY = re.compile(r"^(?:帮|替)我[\u4e00-\u9fff]{1,6}$")


def _without_setting(v: str) -> str:
    """A liked activity without where it is done: "窝在家里打游戏" -> "打游戏", "在公园跑步" -> "跑步" (the place phrase
    after 在 is the setting, the verb phrase after it the activity), so two wordings state one taste."""
    import jieba.posseg as pseg

    with _posseg_lock:
        words = [(p.word, p.flag) for p in pseg.lcut(v)]
    for i, (word, flag) in enumerate(words):
        if word == "在" and i + 2 < len(words) and words[i + 1][1] in ("s", "n", "ns", "f", "r"):
            rest = words[i + 2 :]
        elif "在" in word and word != "在" and i + 1 < len(words) and flag in ("r", "i", "v"):
            rest = words[i + 1 :]  # jieba joins "在家", "待在家里"
        else:
            continue
        activity = "".join(w for w, _ in rest)
        return activity if len(activity) >= 2 and rest[0][1] in ("v", "vn", "l", "n") else v
    return v


def singular(v: str) -> str:
    """The singular of an English value's last word ("aisle seats" -> "aisle seat"); known plurals kept."""
    return _singular(v)


def _singular(v: str) -> str:
    words = v.split()
    if not words:
        return v
    w = words[-1]
    if w in NO_SINGULAR or len(w) <= 3 or w.endswith(("ss", "us", "is")):
        return v
    if w.endswith("ies"):
        w = w[:-1] if w[:-1] in IE_WORDS else w[:-3] + "y"
    elif w.endswith(("ches", "shes", "sses", "xes", "oes")):
        w = w[:-2]
    elif w.endswith("s"):
        w = w[:-1]
    return " ".join([*words[:-1], w])


def pred_is_location(p: Predicate) -> bool:
    return p in (Predicate.LOCATION, Predicate.HOMETOWN)


# A home, a hospital or a dormitory is where someone is, not the place they live in.
_ZH_NOT_PLACE = re.compile(r"房|家|院|宿舍|公司|单位|学校|酒店|宾馆")


def zh_place_ok(value: str) -> bool:
    """A Chinese value that can name where someone lives (not a home, hospital, school or office)."""
    return len(value) >= 2 and _ZH_NOT_PLACE.search(value) is None


# A trade named by its agent suffix ("lineman", "deckhand", "groundskeeper", "steelworker", "locksmith",
# "hydrologist", "oceanographer", "mortician"): the
# word is longer than the suffix by three letters or more and none of the words that only look like one.
_TRADE_SUFFIXES = ("man", "hand", "keeper", "worker", "smith", "wright", "ologist", "ographer", "ician")
_NOT_TRADES = words("woman human gentleman caveman madman superman snowman showman everyman apologist")


def _is_job(value: str) -> bool:
    words = value.split()
    if not words:
        return False
    head = words[-1]
    if head in JOBS or head.rstrip("s") in JOBS:
        return True
    return head not in _NOT_TRADES and any(head.endswith(s) and len(head) >= len(s) + 3 for s in _TRADE_SUFFIXES)


def _place_ok(text: str, start: int) -> bool:
    """Latin places start with a capital letter unless the writer does not capitalise at all."""
    return text[start].isupper() or not any(c.isupper() for c in text if c != "I")


_TECH_CUT = re.compile(
    r"\s(?:for|because|but|which|so|now|since|on|in|with|as|at|to|that|uses|is|was|runs|has|lol|throughout|everywhere|"
    r"instead|rather|not|than)\b|"
    r"写|开发|实现|编写|做的|搭|构建|来|的|语言|了|框架",
    _F,
)


# Latin technology names of up to three words, never spanning a coordinator ("rust and postgres").
_TECH_ITEM = re.compile(r"[a-z0-9][a-z0-9_.+#-]*(?:\s+(?!(?:and|or|plus)\b)[a-z0-9][a-z0-9_.+#-]*){0,2}", _F)


# "… in Go and it uses Redis": a second verb of use with the same subject continues the list (blanked to " and",
# offsets kept).
_TECH_CONTINUES = re.compile(r"\s(?:and|,)\s+(?:it\s+|we\s+)?(?:also\s+)?(?:uses|use|runs\s+on)\s", _F)
_TECH_WITH = re.compile(r",?\s(?:with|plus)\s(?=[A-Z])")
_TECH_PART = re.compile(
    r",\s(?=(?-i:[A-Z])[\w.+#-]{0,20}(?:\s(?-i:[A-Z])[\w.+#-]{0,20})?\s(?:backend|back\s+end|front\s?end|frontend|server|"
    r"core|ui|underneath|under\s+the\s+hood)\b)",
    _F,
)
_SENTENCE_STOP = re.compile(r"[,.;!?，。；！？]")
_TECH_TAIL = re.compile(
    r"(?:\s{1,3}v?\d[\d.x]{0,6})?\s{1,3}(?:app|application|project|service|codebase|site|website|backend|api|monolith|"
    r"microservice|underneath)s?$",
    _F,
)
_LEADING_AND = re.compile(r"^(?:and|or|plus)\s+", _F)


def _tech(rule: Rule, text: str, norm: str, pos: int, c_end: int) -> list[tuple[str, str, int, Predicate]]:
    # "Rails, with Sidekiq for …", "a Tauri app, Rust backend with …": the list goes on past the comma
    if rule.project and (_TECH_WITH.match(norm, c_end) or _TECH_PART.match(norm, c_end)):
        stop = _SENTENCE_STOP.search(norm, c_end + 1)
        c_end = stop.start() if stop else len(norm)
    chunk = _TECH_CONTINUES.sub(lambda m: " and" + " " * (len(m.group(0)) - 4), norm[pos:c_end])
    if rule.project:  # "Curlew's backend is Rails, with Sidekiq for background jobs": what it is built with too
        chunk = _TECH_WITH.sub(lambda m: " and" + " " * (len(m.group(0)) - 4), chunk)
    cut = _TECH_CUT.search(chunk)
    if cut:
        chunk = chunk[: cut.start()]
    out: list[tuple[str, str, int, Predicate]] = []
    for item in _TECH_ITEM.finditer(chunk):
        if item.group(0).lower() in {"and", "or", "plus"}:
            continue
        lead = _LEADING_AND.match(item.group(0))
        start = pos + item.start() + (lead.end() if lead else 0)
        end = pos + item.end()
        tail = _TECH_TAIL.search(text[start:end])
        if tail is not None:  # "a Laravel 10 app": the technology, not the kind of thing built on it
            end = start + tail.start()
        display = text[start:end]
        value = display.lower()
        value = "go" if value == "golang" else value
        if value in EN_STOP:
            continue
        pred = rule.predicate
        if rule.project:
            pred = Predicate.USES_LANGUAGE if value in PROGRAMMING else Predicate.USES_TECH
            if not (
                display[:1].isupper() or value in PROGRAMMING or value in STACK_TECHNOLOGIES or not value.isascii()
            ):
                continue  # "this project's backend is fine": not a technology
        elif not (display[:1].isupper() or value in PROGRAMMING):
            continue
        out.append((value, display, end, pred))
    return out


def project_subject(m: re.Match[str], text: str) -> tuple[str, str]:
    groups = m.groupdict()
    name = groups.get("s") or groups.get("s2") or groups.get("s4") or ""
    end = m.start("verb") if "verb" in groups and groups["verb"] is not None else m.end()
    display = text[m.start() : end].strip(" ,.;:!?") or "the project"  # "It's a Laravel app": the one asked about
    if name.lower() in PROGRAMMING:
        return "user", display  # "Java项目的构建我一直用Maven": the speaker's projects in a language, not one named
    if not name or name.lower() in SUBJECT_STOP:
        return "project", display
    return f"project {name.lower()}", display


_posseg_lock = threading.Lock()


def _pos_tags(word: str) -> list[str]:
    import jieba.posseg as pseg

    with _posseg_lock:
        return [p.flag for p in pseg.lcut(word)]


def _is_person(word: str) -> bool:
    tags = _pos_tags(word)
    return len(tags) == 1 and tags[0].startswith("nr")


def _is_place(word: str) -> bool:
    """Whether a Chinese word names a place: a Chinese city, a world city the gazetteer knows whole ("西雅图"), or
    a place name by its part-of-speech tag."""
    if word in ZH_CITIES or any(h.category == "city" and (h.start, h.end) == (0, len(word)) for h in scan(word)):
        return True
    if any(ZH_ORGANISATION_AFTER.match(word, k) for k in range(2, min(len(word), 4))):
        return False  # "杭州银行", "宁德时代": an organisation named after its city
    return any(t == "ns" for t in _pos_tags(word))
