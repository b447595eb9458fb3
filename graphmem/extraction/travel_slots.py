"""Travel slots: not driving ("I don't drive", "我没驾照"), luggage ("carry-on only", "从不托运"), a car hired at the
destination ("租车自驾", "I always rent a car") and what a hotel room should have (a high floor, a
window, quiet, away from the lifts), each feature its own attribute in one normalised value whatever the language.
Every pattern is a literal alternation.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.gazetteer import LEXICON
from graphmem.extraction.schedule_slots import names_meeting
from graphmem.extraction.slot import LEFT_BEFORE, Slot, clause_bounds, negation_in

__all__ = ["avoided_connection", "hotel_room", "travel_habits"]

_F = re.IGNORECASE
_NO_DRIVING = re.compile(
    r"\b(?:i\s+(?:don't|do\s+not|can't|cannot|never)\s+drive|i\s+(?:have|own)\s+no\s+car|i\s+don't\s+(?:have|own)\s+a\s+"
    r"car|no\s+(?:driving\s+licen[cs]e|driver's\s+licen[cs]e))\b|没(?:有)?驾照|不会开车|不开车|没(?:有)?车",
    _F,
)


# Travelling with cabin luggage only: "I travel with a carry-on only", "never checking a bag", "只带登机箱，从不托运".
_CARRY_ON = re.compile(
    r"\b(?:carry[-\s]?on\s+only|only\s+(?:a\s+|ever\s+)?(?:bring\s+|take\s+|travel\s+with\s+)?(?:a\s+)?carry[-\s]?on|"
    r"hand\s+luggage\s+only|(?:never|don't|do\s+not|won't)\s+check(?:ing)?\s+(?:a\s+|in\s+a\s+|any\s+)?(?:bags?|luggage|suitcases?)|"
    r"never\s+checking\s+(?:a\s+)?bags?|haven't\s+checked\s+a\s+bag)\b|只带登机箱|只背登机箱|从不托运|从来不托运|不托运行李",
    _F,
)
# A car hired where one travels to: "我出去玩习惯租车自驾", "落地就租辆车自己开", "I always rent a car when I land".
_RENTAL = re.compile(
    r"\b(?:i\s+(?:always\s+|usually\s+|just\s+)?(?:rent|hire)\s+a\s+car|rental\s+car\s+(?:every\s+time|always)|"
    r"(?:always|usually)\s+(?:rent|hire)\s+a\s+car)\b|租车自驾|租(?:辆|个|台)?车自己开|租(?:辆|个|台)车|自驾游?",
    _F,
)
# Fares one can get back: "I only book refundable fares", "stick to refundable tickets", "只订可退的票".
_REFUNDABLE = re.compile(
    r"\b(?:only\s+(?:book|buy|get)\s+|stick\s+to\s+|always\s+(?:book|buy|get)\s+)(?:\w+\s+)?refundable\b|"
    r"\brefundable\s+(?:fares?|tickets?|rates?|bookings?)\s+only\b|只(?:订|买)可退(?:改)?的|只要可退(?:改)?的",
    _F,
)
# The time of day one flies: "the first flight out in the morning", "机票要早上的", "给我挑早上头几班飞机", "红眼航班".
_MORNING_FLIGHT = re.compile(
    r"\b(?:first|early|earliest|morning)\s+(?:flights?|departures?)\b|\bflights?\s+in\s+the\s+morning\b|"
    r"\bfly\s+(?:out\s+)?(?:early|first\s+thing)\b|早班机|早班飞机|头班机|"
    r"(?:机票|航班|飞机)[^。！？!?]{0,6}?(?:要|订|挑|选|坐)(?:早上|上午|一大早|清早)的|"
    r"(?:要|订|挑|选|坐)(?:早上|上午|一大早|清早)(?:头几班|头班|第一班|的)?(?:飞机|航班)",
    _F,
)
_EVENING_FLIGHT = re.compile(
    r"\b(?:red-?eyes?|late|evening|night)\s+flights?\b|红眼航班|红眼|晚班机|"
    r"(?:机票|航班|飞机)[^。！？!?，,]{0,6}?(?:要|订|挑|选|坐)(?:晚上|夜里)的|(?:要|订|挑|选|坐)(?:晚上|夜里)(?:的)?(?:飞机|航班)",
    _F,
)
_AVOIDED = re.compile(r"\b(?:hate|avoid|can't\s+stand|dread|loathe)\b|讨厌|怕|受不了|不坐|不要|别", _F)
# High-speed trains only: "只看G字头的", "只要G的", "I only take high-speed trains"
_G_TRAINS = re.compile(
    r"(?:只|就|光)(?:看|要|坐|买|订|查|选)?(?:G|g)(?:字头|开头|车)?的|(?:只|就)(?:坐|买|订|要)高铁|"
    r"\bonly\s+(?:take|book|ride|want)\s+(?:the\s+)?(?:high-speed|bullet)\s+trains?\b",
    _F,
)
# Low-cost airlines left out: "廉价航空一律不坐", "春秋、九元那种廉航就别往里放了", "no budget airlines, ever".
_NO_LOW_COST = re.compile(
    r"(?:廉航|廉价航空|低成本航空|低价航空)[^。！？!?；;]{0,10}?(?:别|不要|不坐|不考虑|不订|不买|不碰|排除|拉黑)|"
    r"(?:不坐|别订|别买|不订|不要|不考虑|别给我(?:找|订|推)?)[^。！？!?，,]{0,4}?(?:廉航|廉价航空|低成本航空)|"
    r"\b(?:no|never|avoid|skip|won't\s+fly|don't\s+fly|do\s+not\s+fly|not\s+flying|done\s+with)\s+(?:\w+\s+){0,2}"
    r"(?:budget|low[-\s]cost|no[-\s]frills|ultra[-\s]low[-\s]cost)\s+(?:airlines?|carriers?)\b",
    _F,
)
# Not flying at all: "I don't fly", "I'm not getting on a plane, period", "飞机我是坚决不坐", "我从来不坐飞机".
_NO_FLYING = re.compile(
    r"(?<![\w'])i\s+(?:just\s+|simply\s+)?(?:don't|do\s+not|never|won't|can't)\s+fly(?:\s+anymore)?\s*(?:[.,;!]|$)|"
    r"(?<![\w'])i(?:'m|\s+am)\s+not\s+(?:getting|going)\s+on\s+(?:a|another)\s+plane\b|"
    r"(?<![\w'])i\s+(?:don't|won't|never)\s+(?:get\s+on|take|board)\s+(?:a\s+)?planes?\b|"
    r"(?:我)(?:从来|从|坚决|死活|打死也)?(?:不|不敢|不肯)坐飞机|飞机我(?:是)?(?:坚决|死活|打死也|从来)?不坐",
    _F,
)
# Habits of travel, each one attribute with one value whatever the words: (attribute, value, pattern).
_HABITS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("train_class", "G字头高铁 (high-speed trains only)", _G_TRAINS),
    ("driving", "doesn't drive", _NO_DRIVING),
    ("travel_luggage", "carry-on only", _CARRY_ON),
    ("travel_ground", "rental car", _RENTAL),
    ("travel_fare", "refundable", _REFUNDABLE),
    ("travel_low_cost", "no low-cost airlines (廉航)", _NO_LOW_COST),
    ("travel_flying", "doesn't fly (不坐飞机)", _NO_FLYING),
    ("flight_time", "early morning flights", _MORNING_FLIGHT),
    ("flight_time", "red-eye or late flights", _EVENING_FLIGHT),
)


def travel_habits(text: str) -> list[Slot]:
    """The travel habits a segment states: not driving, cabin luggage only, a hired car, refundable fares, the time of
    day of flights (each attribute once)."""
    out: list[Slot] = []
    for attribute, value, pattern in _HABITS:
        m = pattern.search(text)
        if m is None or any(o.attribute == attribute for o in out):
            continue
        if LEFT_BEFORE.search(text[max(0, m.start() - 14) : m.start()]):
            continue
        # "I hate red-eye flights", "最怕红眼航班": a time of day avoided (the other habits say their negation)
        before = text[clause_bounds(text, m.start(), m.end())[0] : m.start()]
        avoided = attribute == "flight_time" and (negation_in(before) or bool(_AVOIDED.search(before)))
        out.append(Slot(Predicate.LIKES, attribute, value, not avoided, m.start(), m.end()))
    return out


# An airport one no longer changes planes at: "I don't connect through Chicago O'Hare anymore", "Any connection
# but O'Hare". The value is the airport's name, without the city said before it ("Chicago O'Hare" is "O'Hare").
_NO_CONNECTION = re.compile(
    r"\b(?:(?:don't|do\s+not|never|won't|no\s+longer|not)\s+(?:connect(?:ing)?|transfer(?:ring)?|change\s+planes|"
    r"lay(?:ing)?\s*over)\s+(?:through|via|in|at)|any\s+(?:connection|layover|route|routing)\s+(?:but|except)|"
    r"(?:avoid|skip)\s+(?:connecting|layovers?|connections?)\s+(?:through|via|in|at))\s+(?:the\s+)?"
    r"(?P<v>(?-i:[A-Z][\w'’.]*)(?:\s(?-i:[A-Z][\w'’.]*)){0,2})",
    _F,
)
_AIRPORT_WORDS = frozenset({"airport", "international", "intl", "intl."})


def avoided_connection(text: str) -> list[Slot]:
    """The airport a segment says the speaker does not connect through (the attribute `travel_connection`, the
    value the airport, polarity False)."""
    m = _NO_CONNECTION.search(text)
    if m is None:
        return []
    words = [w for w in m.group("v").split() if w.lower() not in _AIRPORT_WORDS]
    if len(words) > 1 and LEXICON.get(words[0].lower(), ("",))[0] == "city":
        words = words[1:]
    if not words:
        return []
    value = " ".join(words).replace("’", "'")
    return [Slot(Predicate.LIKES, "travel_connection", value, False, m.start("v"), m.end("v"))]


_LODGING = re.compile(r"\b(?:rooms?|hotels?|stay|staying|airbnb)\b|房间|酒店|民宿|住", _F)
_ROOM = re.compile(r"\b(?:rooms?|hotels?|stay|floor)\b|房间|房|酒店|住", _F)
_FEATURES: dict[str, tuple[str, str]] = {
    **dict.fromkeys(
        ("high floor", "higher floor", "upper floor", "top floor", "高楼层", "高层", "楼层高"),
        ("hotel_floor", "high floor"),
    ),
    **dict.fromkeys(("low floor", "lower floor", "低楼层", "低层"), ("hotel_floor", "low floor")),
    **dict.fromkeys(("ground floor",), ("hotel_floor", "ground floor")),
    **dict.fromkeys(("window", "有窗", "带窗", "窗户", "无窗", "没窗"), ("hotel_window", "room with a window")),
    **dict.fromkeys(
        ("away from the lifts", "away from the elevator", "away from the elevators", "away from the lift", "远离电梯"),
        ("hotel_lift", "away from lifts"),
    ),
    **dict.fromkeys(("non-smoking", "nonsmoking", "无烟"), ("hotel_smoking", "non-smoking")),
    **dict.fromkeys(
        ("late checkout", "late check-out", "late check out", "延迟退房", "晚退房", "延时退房", "晚点退房"),
        ("hotel_checkout", "late checkout"),
    ),
    **dict.fromkeys(
        ("pet-friendly", "pet friendly", "dog-friendly", "dog friendly", "pets allowed", "可以带宠物", "能带宠物",
         "宠物友好", "能带狗", "可以带狗"),
        ("hotel_pets", "pet-friendly"),
    ),
    **dict.fromkeys(("kitchenette", "带厨房"), ("hotel_kitchen", "kitchenette")),
    **dict.fromkeys(("private room", "单间", "独立房间"), ("hotel_room_type", "private room")),
    **dict.fromkeys(
        ("twin room", "twin beds", "two beds", "two double beds", "双床房", "双床", "两张床", "标间"),
        ("hotel_bed", "twin beds"),
    ),
    **dict.fromkeys(("有健身房", "带健身房"), ("hotel_gym", "gym")),
    **dict.fromkeys(
        ("blackout curtains", "blackout curtain", "blackout blinds", "blackout shades", "遮光窗帘", "遮光帘", "全遮光"),
        ("hotel_curtains", "blackout curtains"),
    ),
    # a room off the street: said as one (不临街, 背街) or as the street-side room refused (临街的房间别给我)
    **dict.fromkeys(
        ("不临街", "临街", "背街", "不靠马路", "不对着马路", "away from the street", "quiet side", "quiet room",
         "not street-facing", "street-facing", "facing the street"),
        ("hotel_noise", "quiet room away from the street (不临街)"),
    ),
}  # fmt: skip
_FEATURE = re.compile(
    r"(?<![A-Za-z])(?:"
    + "|".join(re.escape(w).replace(r"\ ", r"[\s-]") for w in sorted(_FEATURES, key=len, reverse=True))
    + r")(?![A-Za-z])",
    _F,
)


# A hotel asked for by what it has: "hotels with a pool", "a room with a bathtub"
_WITH_AMENITY = re.compile(
    r"\b(?:(?:hotels?|rooms?|places?)\s+with|(?:has|have|needs?|got)\s+to\s+have|must\s+have|i\s+need)\s+(?:a\s+|an\s+)?(?:(?:proper|real|decent|good|lap|big)\s+)?"
    r"(?P<a>pool|gym|balcony|bathtub|desk)\b",
    _F,
)
_NEAR_TRANSIT = re.compile(
    r"(?:离|挨着|靠近|临近|紧挨|就在)地铁(?:站|口)?|地铁(?:站|口)?(?:旁边|附近|边上|近)|"
    r"\b(?:near|close\s+to|next\s+to|walking\s+distance\s+(?:of|to|from))\s+(?:a|the)\s+(?:metro|subway|tube|train)"
    r"(?:\s+station|\s+stop)?\b",
    _F,
)


def hotel_room(text: str) -> list[Slot]:
    """The features a segment asks of a hotel room ("房间一定要带窗的", "a room on a high floor"), each once."""
    if _ROOM.search(text) is None or (names_meeting(text) and not _LODGING.search(text)):
        return []  # (not "any in-person meeting has to be … ground floor or a working lift")
    out: list[Slot] = []
    seen: set[str] = set()
    for m in _FEATURE.finditer(text):
        attribute, value = _FEATURES.get(m.group(0).lower()) or _FEATURES[m.group(0).lower().replace("-", " ")]
        if attribute in seen or LEFT_BEFORE.search(text[max(0, m.start() - 14) : m.start()]):
            continue
        seen.add(attribute)
        out.append(Slot(Predicate.LIKES, attribute, value, True, m.start(), m.end()))
    amenity = _WITH_AMENITY.search(text)
    if amenity is not None and f"hotel_{amenity.group('a').lower()}" not in seen:  # "I only book hotels with a pool"
        name = amenity.group("a").lower()
        out.append(Slot(Predicate.LIKES, f"hotel_{name}", name, True, amenity.start("a"), amenity.end("a")))
    near = _NEAR_TRANSIT.search(text)
    if near is not None:  # "一定得离地铁站近", "得挨着地铁口", "close to a subway station"
        out.append(Slot(Predicate.LIKES, "hotel_location", "near the metro", True, near.start(), near.end()))
    return out
