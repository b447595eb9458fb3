"""Paraphrases of an object of taste mapped to one canonical form: the same thing named with another head noun
("horror films" ~ "horror movies"), as an activity in another shape ("a long bike ride" ~ "cycling" ~ "biking",
"骑自行车" ~ "骑行"), so two sessions that name it differently state one key and count as two sightings.

Only the head (the last word or words) is rewritten and the modifiers before it stay ("horror film" -> "horror
movie"); size and duration adjectives that do not change what the thing is are dropped before an activity
("a long bike ride" -> "cycling"). Lookups are dictionary reads over at most the last three words: linear.
"""

from __future__ import annotations

import functools

__all__ = ["canonical_taste", "paraphrases"]

# A head noun (singular, as `values.singular` leaves it) -> its canonical head. Heads of several words first.
_EN_HEADS: dict[str, str] = {
    "film": "movie", "flick": "movie", "motion picture": "movie",
    "tv show": "show", "tv series": "show", "series": "show",
    "tune": "music", "song": "music", "jigsaw puzzle": "jigsaw", "crossword puzzle": "crossword",
    "novel": "book",
    "videogame": "video game", "computer game": "video game",
}  # fmt: skip
# Activities named as a verb form, a noun or "a <noun>" -> the canonical activity.
_EN_ACTIVITIES: dict[str, str] = {
    "cycling": "cycling", "biking": "cycling", "bike ride": "cycling", "bike riding": "cycling",
    "bicycle ride": "cycling", "riding my bike": "cycling", "riding bike": "cycling", "cycle": "cycling",
    "hiking": "hiking", "hike": "hiking", "trek": "hiking", "trekking": "hiking",
    "running": "running", "run": "running", "jogging": "running", "jog": "running",
    "swimming": "swimming", "swim": "swimming",
    "walking": "walking", "walk": "walking", "stroll": "walking",
    "climbing": "climbing", "bouldering": "climbing",
    "baking": "baking", "cooking": "cooking",
    "gaming": "gaming", "playing video game": "gaming", "video gaming": "gaming",
    "reading": "reading",
    "yoga": "yoga", "karaoke": "ktv", "birding": "birdwatching", "birdwatching": "birdwatching",
    "bird watching": "birdwatching",
    "paddleboarding": "paddleboard", "paddle boarding": "paddleboard", "paddleboard": "paddleboard",
}  # fmt: skip
# Words before an activity that size or time it without changing what it is ("a long run", "an early swim").
_EN_ASIDE = frozenset(
    {"a", "an", "the", "good", "long", "short", "quick", "nice", "little", "big", "early", "late", "lazy", "sunday",
     "saturday", "weekend", "morning", "evening", "night", "daily", "solo", "great", "proper", "decent"}
)  # fmt: skip
_ZH: dict[str, str] = {
    "恐怖电影": "恐怖片", "恐怖片子": "恐怖片", "鬼片": "恐怖片",
    "科幻电影": "科幻片", "动作电影": "动作片", "喜剧电影": "喜剧片", "爱情电影": "爱情片", "动画电影": "动画片",
    "骑自行车": "骑行", "骑单车": "骑行", "骑车": "骑行", "骑行": "骑行",
    "跑步": "跑步", "慢跑": "跑步", "夜跑": "跑步", "晨跑": "跑步",
    "爬山": "爬山", "徒步": "爬山", "登山": "爬山",
    "游泳": "游泳", "打游戏": "打游戏", "玩游戏": "打游戏",
    "唱k": "ktv", "k歌": "ktv", "卡拉ok": "ktv", "ktv": "ktv",
    "写毛笔字": "书法", "毛笔字": "书法", "练毛笔字": "书法", "练字": "书法", "写书法": "书法", "练书法": "书法",
    "乒乓": "乒乓球", "打乒乓": "乒乓球", "下围棋": "围棋", "下象棋": "象棋", "玩滑板": "滑板",
    "中式八球": "台球", "中八": "台球", "八球": "台球", "桌球": "台球", "斯诺克": "台球", "美式台球": "台球",
    "花毽": "毽子", "踢毽": "毽子", "毽球": "毽子", "飞镖": "飞镖", "扔飞镖": "飞镖",
    "拼乐高": "乐高", "乐高": "乐高", "拼积木": "乐高", "积木": "乐高", "掼蛋": "掼蛋", "打掼蛋": "掼蛋",
    "钓鱼": "钓鱼", "野钓": "钓鱼", "海钓": "钓鱼", "撸铁": "健身", "健身": "健身", "练器械": "健身",
    "逛博物馆": "博物馆", "看展": "看展", "逛展": "看展", "露营": "露营", "野营": "露营",
}  # fmt: skip
# A verb that only says an activity is done ("打乒乓球", "弹吉他", "练瑜伽"): the activity is its object.
_ZH_DOING = ("打", "踢", "弹", "练", "跳", "滑")


def canonical_taste(value: str) -> str:
    """The canonical form of an object of taste (`value` lowercased for Latin script, singular as the extractor
    keeps it); `value` itself when no paraphrase is known."""
    if not value:
        return value
    if not value.isascii():
        if value in _ZH:
            return _ZH[value]
        if len(value) >= 3 and value.startswith(_ZH_DOING):
            return _ZH.get(value[1:], value[1:])
        return value
    words = value.split()
    rest = words
    while len(rest) > 1 and rest[0] in _EN_ASIDE:
        rest = rest[1:]
    phrase = " ".join(rest)
    if phrase in _EN_ACTIVITIES:
        return _EN_ACTIVITIES[phrase]
    for n in (2, 1):
        if len(words) >= n:
            head = " ".join(words[-n:])
            if head in _EN_HEADS:
                return " ".join([*words[:-n], _EN_HEADS[head]])
    return value


@functools.lru_cache(maxsize=4096)
def paraphrases(value: str) -> tuple[str, ...]:
    """The other names of an activity or a Chinese object of taste whose canonical form is `value` ("birding" and
    "bird watching" for "birdwatching", "骑车" for "骑行"): what a later mention may call it."""
    folded = value.casefold()
    table = _EN_ACTIVITIES if value.isascii() else _ZH
    return tuple(k for k, v in table.items() if v == folded and k != folded and len(k) >= (4 if value.isascii() else 2))
