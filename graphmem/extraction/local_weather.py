"""Where the speaker is, by the weather they remark on: small talk about a city's weather ("ok milwaukee is
finally above freezing", "天津这两天总算不刮风了", "finally a dry day in tacoma lol") names the city the speaker is
in. Said once it is a weak candidate; said again in another session (any first-hand mention of the city) it is
a second sighting. A trip, a question or a report ("heard it's snowing in Denver", "听说北京下雪了") names no home.

Every pattern is a bounded alternation; the work is linear in the text.
"""

from __future__ import annotations

import re

from graphmem.extraction.gazetteer import scan
from graphmem.extraction.guards import QUESTION, REPORTED
from graphmem.extraction.segmentation import HAN

__all__ = ["weather_city"]

_F = re.IGNORECASE
_MAX_CHARS = 160  # small talk: a longer text is about something else

_WEATHER_EN = re.compile(
    r"\b(?:weather|rain(?:ing|y|ed)?|snow(?:ing|y|ed)?|wind(?:y)?|humid(?:ity)?|hot|cold|freezing|minus|"
    r"sunny|sunshine|cooled\s+off|heat(?:wave)?|drizzle|fog(?:gy)?|smog|storm(?:y|s)?|dry\s+day|grey|gray|"
    r"gorgeous\s+today|muggy|frost|ice\s+storm|below\s+zero|cooler|cooled\s+down|warmer|warmed\s+up)\b",
    _F,
)
_WEATHER_ZH = re.compile(
    r"下雨|下雪|刮风|风大|大风|出太阳|晴|热|冷|降温|升温|雾霾|雾|零下|闷|潮|暴雨|雨|雪|天蓝|桑拿天|回南天|凉快|凉爽|暖和|"
    r"入秋|入冬|秋老虎"
)
# Cities whose names are everyday English words ("Nice weather today", "reading in the rain")
_EVERYDAY_WORDS = frozenset(
    {"nice", "reading", "bath", "mobile", "split", "buffalo", "orange", "cork", "derby", "hull", "sale", "wells",
     "march", "may", "angers", "troy", "eugene", "surprise", "paradise", "independence", "victoria", "florence"}
)  # fmt: skip
_AWAY = re.compile(
    r"\b(?:trip|visit(?:ing)?|vacation|holiday|travel(?:l?ing)?|flew|flying|landed|heard|news|forecast\s+for|"
    # a reading of the temperature reports it; small talk remarks on the weather
    r"degrees|celsius|fahrenheit)\b|°|"
    r"出差|旅游|旅行|去了|飞|听说|新闻|预报",
    _F,
)


def weather_city(text: str) -> tuple[str, int, int] | None:
    """The city `text` remarks the weather of, with its span, when `text` is short small talk of that kind (not a
    question, a trip or a report); else None."""
    if len(text) > _MAX_CHARS or _AWAY.search(text):
        return None
    lang = "zh" if HAN.search(text) else "en"
    if QUESTION[lang].search(text) or REPORTED[lang].search(text):
        return None
    if not (_WEATHER_ZH if lang == "zh" else _WEATHER_EN).search(text):
        return None
    for hit in scan(text):
        if hit.category == "city" and hit.value not in _EVERYDAY_WORDS:
            return hit.value, hit.start, hit.end
    return None
