"""An activity the speaker keeps up, told through the gear they ask about: a request for gear for an activity
("Can you recommend a pickleball paddle for someone who plays three or four times a week?", "need new dance shoes
for lindy hop … i swing dance 3 nights a week", "帮我挑个乒乓球拍呗…我一礼拜打三回球") in a turn that also says a
habit (a frequency, years or seasons of it, a league). Neither half alone states anything: gear may be a gift,
a habit may be of anything.

Every pattern is a bounded alternation with fixed-width context; the work is linear in the text.
"""

from __future__ import annotations

import re

from graphmem.extraction.lexicon import words

__all__ = ["habit_activity"]

_F = re.IGNORECASE
_MAX_CHARS = 600

_GEAR = (
    r"(?:paddle|racket|racquet|ball|broom|shoes|cleats|gloves|bat|clubs?|rod|reel|board|skis|helmet|skates|"
    r"wetsuit|goggles|boots|bow|mitt|glove|stick|saddle|darts|cue|net|shoe|spikes|harness|chalk\s+bag)s?"
)
_GEAR_FOR = re.compile(
    r"\b(?:recommend|need|want|looking\s+for|buy|get|getting|pick|choose|upgrade|replace)\s+(?:me\s+)?"
    r"(?:(?:a|an|some|my)\s+)?(?:(?:new|decent|good|better|lighter|heavier|proper|cheap|nice)\s+)?"
    r"(?:(?P<mod>[a-z][a-z-]{2,15}(?:\s[a-z][a-z-]{2,15})?)\s+)?(?P<gear>" + _GEAR + r")\b"
    r"(?:[^.?!]{0,50}?\bfor\s+(?P<act>[a-z][a-z-]{2,15}(?:\s[a-z][a-z-]{2,15})?))?",
    _F,
)
# Words after "for" or before the gear that name no activity
_NOT_ACTIVITY = words(
    "someone somebody me my him her them us kids beginners beginner under around about less more the a an new "
    "decent good better lighter heavier proper cheap nice playoffs winter summer work school rain tournament "
    "tournaments league season"
)
_HABIT_EN = re.compile(
    r"\b(?:(?:\d|one|two|three|four|five|six|seven)\s?(?:x|times|nights|days|evenings|mornings)\s(?:a|per)\s"
    r"(?:week|month)|twice\s(?:a|per)\s(?:week|month)|every\s(?:week|weekend|morning|evening|night|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|(?:for|like)\s(?:\d{1,2}|two|three|four|five|six|seven|eight|"
    r"nine|ten)\s(?:yrs|years|seasons)|leagues?)\b",
    _F,
)
_GEAR_ZH = re.compile(
    r"(?:挑|买|换|推荐|选)(?:个|副|支|只|块|根|双|把)?(?:好点的|趁手的?|新的?)?(?P<act>[\u4e00-\u9fff]{1,3}球)(?:拍|杆)"
)
_HABIT_ZH = re.compile(
    r"(?:一礼拜|一周|一星期|每周|每个?礼拜|每个?星期)[打去练游滑骑跑]?[一二两三四五六七几\d]{1,2}(?:回|次|趟)|天天|每天"
)


def habit_activity(text: str) -> tuple[str, int, int] | None:
    """The activity, and the span of the request naming it, when `text` asks for gear for an activity and also
    says a habit; else None."""
    head = text[:_MAX_CHARS]
    zh = _GEAR_ZH.search(head)
    if zh is not None and _HABIT_ZH.search(head):
        return zh.group("act"), zh.start(), zh.end()
    if not _HABIT_EN.search(head):
        return None
    for m in _GEAR_FOR.finditer(head):
        act = (m.group("act") or "").lower()
        if act and act.split()[0] not in _NOT_ACTIVITY:
            return act, m.start(), m.end()
        mod = (m.group("mod") or "").lower()
        if mod and mod.split()[0] not in _NOT_ACTIVITY and mod.split()[-1] not in _NOT_ACTIVITY:
            return mod, m.start(), m.end()
    return None
