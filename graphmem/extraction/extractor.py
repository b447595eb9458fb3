"""Offline rule-based extraction of candidate facts from Chinese and English text: spaCy tokenisers (blank
"zh" with the jieba segmenter, blank "en") under hand-written rules, with guards that keep chatter, jokes,
hypotheticals, questions, third-party, past-only and one-off statements out.
"""

from __future__ import annotations

import logging
import re
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from graphmem.extraction.facts import CandidateFact, Predicate

__all__ = ["RuleExtractor"]

Lang = Literal["zh", "en"]
Mode = Literal["taste", "place", "phrase", "tech", "job", "group", "fixed", "days", "name"]
_Span = tuple[int, int]

_F = re.IGNORECASE
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
# Segments end at CJK/Latin terminators and newlines; a "." only ends one before whitespace or the end.
_SEGMENT = re.compile(r"[^。！？!?；;\n…]+?(?:[。！？!?；;\n…]+|\.(?=\s|$)|$)")
_CLAUSE_BREAK = re.compile(r"[,，;；:：、]|\s(?:but|though|although|whereas)\s|但是|不过|可是|然而", _F)
_PUNCT = re.compile(r"^[\s\W_]+$")

# ---------------------------------------------------------------- guards (per segment / per clause)
_QUESTION = {
    "en": re.compile(
        r"^\s*(?:do|does|did|should|would|could|can|will|is|are|am|what|which|who|whom|whose|where|when|why|"
        r"how|shall|may|have|has|isn't|aren't|didn't|doesn't)\b(?!\s+not\b)|\bi\s+wonder\b|\bwondering\b",
        _F,
    ),
    "zh": re.compile(
        r"什么|哪些|哪个|哪种|哪里|哪儿|谁|怎么|为什么|为啥|是不是|要不要|会不会|能不能|有没有|多少|几点|啥|咋|吗|[呢么]\s*$"
    ),
}
_HYPOTHETICAL = {
    "en": re.compile(
        r"(?:^|[,;:]\s*)(?:if|suppose|supposing|imagine|assuming|assume|pretend|hypothetically)\b|"
        r"\b(?:what\s+if|if\s+i|if\s+i'm|were\s+i|wish\s+i|suppose|supposing|imagine|in\s+another\s+life|"
        r"let's\s+say|would\s+have|as\s+if|i\s+would|i'd)\b",
        _F,
    ),
    "zh": re.compile(r"如果|(?<![主只])要是|假如|假设|假若|倘若|万一|的话|设想|想象|假装|若是|如若|要不是|假使"),
}
_JOKE = {
    "en": re.compile(
        r"\b(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jk|just\s+kidding|kidding|joking|xd)\b|😂|🤣|😆|😜|😝|🙃|"
        r"could\s+eat\s+a\s+horse|the\s+whole\s+(?:world|planet|universe)|literally\s+dying",
        _F,
    ),
    "zh": re.compile(r"哈哈|嘿嘿|呵呵|嘻嘻|开玩笑|开个玩笑|逗你|说笑|😂|🤣|😆|整个地球|整个宇宙|吃掉整个|一万年|笑死"),
}
_LAUGH_ONLY = re.compile(r"^[\s\W]*(?:(?:ha)+h?|(?:he)+|lol|lmao|jk|xd|哈+|嘿+|呵+|嘻+|😂|🤣)[\s\W]*$", _F)
_SITUATIONAL = {
    "en": re.compile(
        r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening|week|weekend|time|one|month)|right\s+now|"
        r"at\s+the\s+moment|for\s+now|for\s+fun|tomorrow|yesterday|for\s+(?:lunch|dinner|breakfast)|"
        r"this\s+once|just\s+once|for\s+a\s+change)\b",
        _F,
    ),
    "zh": re.compile(
        r"今天(?!起|开始)|今晚|今早|明天|昨天|这次|这回|刚才|刚刚|此刻|这会儿|暂时|这周|本周|午饭|晚饭|早饭|一会儿|好玩|玩玩|这顿"
    ),
}
_PAST = {
    "en": re.compile(
        r"\bused\s+to\b|\bback\s+(?:then|in)\b|\bwhen\s+i\s+was\b|\bas\s+a\s+(?:kid|child|teenager)\b|"
        r"\bin\s+the\s+past\b|\byears\s+ago\b|\bformerly\b",
        _F,
    ),
    "zh": re.compile(r"(?<!点)以前|(?<!点)之前|过去|曾经|小时候|那时候|那时|当年|原来|以往|从前"),
}
_REPORTED = {
    "en": re.compile(
        r"(?<!i\s)\b(?:says?|said|thinks?|thought|believes?|claims?|insists?|told\s+\w+|tells\s+\w+)\s+"
        r"(?:that\s+)?i\b|\b(?:friend|wife|husband|partner|mom|mum|dad|brother|sister|kids?|family|colleague|boss|"
        r"roommate|girlfriend|boyfriend|he|she|they|you)\s+(?:and|&)\s+i\b|\b(?:don't|do\s+not)\s+think\b|\bnot\s+sure\b",
        _F,
    ),
    "zh": re.compile(r"(?<!我)(?:说|觉得|以为|认为|听说|讲)我|告诉\S{0,4}我|[和跟与]我(?:都|也|一起)|不觉得|不确定"),
}
_HEDGE = {
    "en": re.compile(
        r"\b(?:i\s+think|i\s+guess|i\s+suppose|maybe|probably|perhaps|might|kind\s+of|kinda|sort\s+of|"
        r"i\s+believe|possibly|i\s+feel\s+like|i\s+reckon)\b",
        _F,
    ),
    "zh": re.compile(r"可能|也许|大概|好像|或许|似乎|说不定|我觉得|感觉|估计|不一定|貌似"),
}
_EXPLICIT = {
    "en": re.compile(
        r"\b(?:remember|from\s+now\s+on|going\s+forward|moving\s+forward|in\s+(?:the\s+)?future|"
        r"for\s+future\s+reference|keep\s+in\s+mind|make\s+a\s+note|note\s+that|henceforth|from\s+here\s+on)\b|"
        r"(?:^|[,;:]\s*|please\s+)(?:always|never)\b",
        _F,
    ),
    "zh": re.compile(
        r"记住|记一下|记下|记好|记牢|别忘了|以后|从现在起|从现在开始|从今以后|从今天起|从今天开始|今后|往后|永远|一律|每次都"
    ),
}
_MARKER_ONLY = re.compile(
    r"^[\s\W]*(?:please\s+|请)?(?:remember(?:\s+this|\s+that)?|note\s+this|记住|记一下|记好了?|记下来?)(?:这个|这点|一下)?[\s\W]*$",
    _F,
)


# ---------------------------------------------------------------- lexicons
def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_LANGS: dict[str, str] = {
    "english": "english", "chinese": "chinese", "mandarin": "chinese", "cantonese": "cantonese",
    "japanese": "japanese", "korean": "korean", "french": "french", "german": "german",
    "spanish": "spanish", "italian": "italian", "portuguese": "portuguese", "russian": "russian",
    "arabic": "arabic", "hindi": "hindi", "dutch": "dutch", "中文": "chinese", "汉语": "chinese",
    "普通话": "chinese", "简体中文": "chinese", "繁体中文": "chinese", "英文": "english",
    "英语": "english", "日语": "japanese", "日文": "japanese", "韩语": "korean", "韩文": "korean",
    "法语": "french", "德语": "german", "西班牙语": "spanish", "粤语": "cantonese", "俄语": "russian",
}  # fmt: skip
_LANG_EN = "|".join(k for k in _LANGS if k.isascii())
_LANG_ZH = "|".join(sorted((k for k in _LANGS if not k.isascii()), key=len, reverse=True))
_DAYS: dict[str, str] = {
    "mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday",
    "sat": "saturday", "sun": "sunday", "一": "monday", "二": "tuesday", "三": "wednesday",
    "四": "thursday", "五": "friday", "六": "saturday", "日": "sunday", "天": "sunday",
}  # fmt: skip
_FORMATS: dict[str, str] = {
    "bullet points": "bullet points", "bullet point": "bullet points", "bullets": "bullet points",
    "bulleted lists": "bullet points", "numbered lists": "bullet points", "tables": "tables",
    "a table": "tables", "table": "tables", "markdown": "markdown", "plain text": "plain text",
    "emojis": "emojis", "emoji": "emojis", "表情": "emojis", "表情符号": "emojis", "表情包": "emojis",
    "表格": "tables", "列表": "bullet points", "要点": "bullet points", "项目符号": "bullet points",
    "纯文本": "plain text",
}  # fmt: skip
_TONES: dict[str, str] = {
    "formal": "formal", "professional": "formal", "正式": "formal", "专业": "formal",
    "casual": "casual", "informal": "casual", "friendly": "casual", "随意": "casual",
    "轻松": "casual", "口语化": "casual",
}  # fmt: skip
_DIETS: dict[str, str] = {
    "vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian",
    "pescetarian": "pescatarian", "halal": "halal", "kosher": "kosher", "素食者": "vegetarian",
    "素食主义者": "vegetarian", "吃素的": "vegetarian", "纯素食者": "vegan", "素食主义": "vegetarian",
    "吃素": "vegetarian", "只吃素": "vegetarian", "吃长素": "vegetarian", "吃清真": "halal",
}  # fmt: skip
_PROGRAMMING = _words(
    "rust go golang python java javascript typescript c c++ c# kotlin swift ruby php scala haskell "
    "elixir erlang clojure dart lua perl r julia zig ocaml f# objective-c cobol fortran nim crystal "
    "solidity matlab"
)
_JOBS = _words(
    "engineer developer programmer designer teacher doctor nurse student manager lawyer scientist "
    "researcher analyst consultant accountant writer journalist professor architect chef pharmacist "
    "dentist freelancer entrepreneur founder photographer artist musician translator editor marketer "
    "recruiter intern pm cto ceo physician surgeon therapist economist statistician banker trader "
    "tester admin administrator sysadmin devops sre technician pilot lecturer tutor"
)
_NO_SINGULAR = _words(
    "news series species chess physics mathematics maths politics economics jeans pants glasses "
    "clothes brussels asparagus hummus couscous"
)
_IE_WORDS = _words("movie cookie pie brownie smoothie selfie zombie rookie calorie veggie foodie tie lie")
_NAME_STOP = _words(
    "back later tomorrow tonight today when if at on anytime asap again now maybe please after before "
    "sometime once crazy old old-fashioned paranoid lazy stupid weird picky silly a an the whenever "
    "soon first directly instead by in via any up out over anything whatever something"
)
_EN_STOP = _words(
    "because since but so when whenever if unless though although while as which who that lol haha "
    "too either anymore now nowadays today anyway tho really much very a an at in on with for during "
    "after before from by over than to more most better best lately these those it this them you him "
    "her me us everything anything nothing something stuff things how what where why myself yourself "
    "ever again any one ones please thanks n't not no 's is are was were be been am do does did can "
    "will would should could i my"
)
_EN_PLACE_STOP = _EN_STOP | {"and", "home", "work", "last", "recently", "ago", "currently", "right", "nearby"}
_EN_LEAD_SKIP = _words("the a an some any my all eating drinking having to")
_EN_SPLIT = frozenset({"and", "or", ",", "&", "plus"})
_ZH_STOP = _words(
    "因为 所以 但是 但 不过 而且 可是 然后 的话 了 啦 呀 哦 吧 呢 啊 哈 嘛 哈哈 哈哈哈 嘿嘿 "
    "哟 喔 呗 也 都 还 又 就 吗 而 并且 毕竟 其实 真的 一点 太 很 特别 这种 那种 之类 什么的 "
    "等等 等 了吧 过敏 一样 你 我 他 她 它 你们 他们 这个 那个 这 那 这些 那些 什么 附近 这边 "
    "那边 一带 已经 很久 多年 工作 上班 生活 住 定居 味道 一起 死"
)
_ZH_SPLIT = frozenset({"和", "、", "跟", "与", "以及", "还有", "或者", "或", "及"})
_ZH_NOUNS_AFTER_DE = frozenset({"东西", "食物", "菜", "饮料", "口味"})
_SUBJECT_STOP = _words("the this our my whole entire new old main current same other your that his her their")

# ---------------------------------------------------------------- rule pieces
_I = r"(?<![\w'])i\s+"
_IM = r"(?<![\w'])i(?:'m|\s+am)\s+"
_IVE = r"(?<![\w'])i(?:'ve|\s+have)\s+"
_ADV = (
    r"(?:(?:really|just|absolutely|totally|truly|also|still|genuinely|honestly|actually|definitely|generally|"
    r"usually|normally|personally|kind\s+of|kinda|sort\s+of|do|mostly|very\s+much|much|strongly|simply|"
    r"certainly|seriously|so|quite|pretty\s+much|always|now|currently|already|even|mainly|especially|"
    r"particularly|deeply|literally|tend\s+to|think\s+i|guess\s+i|probably|maybe|definitely|absolutely)\s+)*"
)
_ZI = (
    r"(?<![你他她它])我(?!们|妈|爸|老婆|老公|朋友|同事|儿子|女儿|孩子|家|哥|姐|弟|妹|"
    r"男朋友|女朋友|爱人|室友|领导|老板|同学)"
)
_ZADV = (
    r"(?:也|都|一直|向来|从来|一向|从小就|本来就|其实|真的|真|特别|非常|很|挺|超级|超|最|比较|还是|更|就|蛮|确实|平时|平常|"
    r"素来|已经|现在|目前|始终|还|实在|相当|十分|完全|根本|压根|绝对|基本上|基本|一般|通常|本身|个人|总是|有点|一点也|一点都|可|"
    r"可能|也许|大概|好像|或许|应该|去年|今年|前年|上个月|最近|早就|很早就)*"
)
_MSG = (
    r"(?:replies|reply|answers|answer|responses|response|messages|emails|e-mails|texts|explanations|"
    r"summaries)"
)
_SHORT = r"(?:short|shorter|brief|briefer|concise|succinct|terse|to-the-point|compact)"
_LONG = r"(?:long|lengthy|wordy|verbose|longer|huge|rambling)"
_DETAIL = r"(?:detailed|thorough|in-depth|comprehensive|long|longer|elaborate)"
_ZMSG = r"(?:回复|回答|答复|回信|消息|邮件|信息|内容|解释|答案|文字)"
_ZSHORT = r"(?:简洁|简短|简单|精简|简明|简练|言简意赅|短小|短)"
_ZLONG = r"(?:长篇大论|冗长|啰嗦|罗嗦|啰唆|长)"
_ZDETAIL = r"(?:详细|详尽|具体|全面)"
_ZNEG = r"(?:别再|不要再|别|不要|请勿|请不要|千万别|不用|不许)"
_DAY_EN = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
_DAY_ZH = r"(?:周|星期|礼拜)([一二三四五六日天])"
_ZTIME = (
    r"(?:工作日|周末|上班时间|工作时间|上班的时候|工作的时候|下班后|下班以后|下班之后|晚上|夜里|半夜|深夜|凌晨|早上|中午|"
    r"午休时间|午休|(?:周|星期)[一二三四五六日天]|(?:早上|上午|下午|晚上)?[0-9零一二两三四五六七八九十]+点半?"
    r"(?:以后|之后|后|以前|之前|前))"
)
_ZPOINT = r"(?:早上|上午|下午|晚上)?[0-9零一二两三四五六七八九十]+点半?"
_IMP_EN = (
    r"(?:use|reply|respond|answer|write|send|include|add|cc|bcc|call|text|email|ask|check|give|show|put|start|"
    r"end|keep|format|mention|suggest|recommend|remind|book|schedule|sign|address|refer|cite|explain|"
    r"summarize|summarise|double-check|confirm|attach|list|quote|assume|avoid|make|speak|talk|wait|tell|"
    r"contact|greet|spell|round|convert|translate|provide|offer|notify|copy|skip|label|ping|message|show)\b"
)
_IMP_ZH = (
    r"(?:用|给|叫|称呼|发|回复|回答|提醒|写|说|帮|加|附上|抄送|先|把|按|告诉|问|确认|检查|使用|"
    r"标注|带上|注明|避免|直接|以|称|喊)"
)
_PROJ_EN = (
    r"(?<![\w'])(?:(?P<s3>this|our|my|the)\s+(?:project|repo|codebase)|(?:the\s+)?(?:project|repo|repository|"
    r"codebase|app|service)\s+(?P<s>[a-z0-9][\w.-]*)|(?:the\s+)?(?P<s2>[a-z0-9][\w.-]*)\s+(?:project|repo|codebase|service|app))"
)
_PROJ_ZH = (
    r"(?:(?P<s3>这个|本|我们的|我们这个|我的|该|咱们的|咱们这个|这)(?:项目|工程|仓库|代码库)|(?:项目|工程|仓库|代码库)\s*"
    r"(?P<s>[a-z0-9][a-z0-9_.-]*)|(?P<s2>[a-z0-9][a-z0-9_.-]*)\s*(?:项目|工程))"
)


@dataclass(frozen=True)
class _Rule:
    """One pattern: free modes take the value from the text after the match, "group" from group `v`."""

    lang: Lang
    pattern: re.Pattern[str]
    predicate: Predicate
    mode: Mode
    template: str
    neg_template: str = ""
    value: str = ""
    polarity: bool = True
    confidence: float = 0.7
    project: bool = False


def _r(lang: Lang, pattern: str, predicate: Predicate, mode: Mode, template: str, **kw: Any) -> _Rule:
    return _Rule(lang, re.compile(pattern, _F), predicate, mode, template, **kw)


P = Predicate
_EN_RULES: tuple[_Rule, ...] = (
    _r(
        "en",
        r"(?<![\w'])(?:call\s+me|my\s+name\s+is|my\s+name's|i\s+go\s+by|i'm\s+called|refer\s+to\s+me\s+as|"
        r"address\s+me\s+as)\s+(?P<v>[a-z][\w'-]*)",
        P.NAME,
        "name",
        "user wants to be called {d}",
        confidence=0.85,
    ),
    _r(
        "en",
        r"(?:don't|do\s+not|dont|never|please\s+don't|no)\s+(?:ever\s+)?(?:call(?:ing)?|text(?:ing)?|"
        r"messag(?:e|ing)|e-?mail(?:ing)?|ping(?:ing)?|contact(?:ing)?|disturb(?:ing)?|bother(?:ing)?|"
        r"interrupt(?:ing)?|notify(?:ing)?|dm|phon(?:e|ing)|reach(?:ing)?\s+out\s+to)\s+(?:me\s+)?"
        r"(?P<v>(?:on|during|at|after|before|over|in|outside(?:\s+of)?|past)\s+[^,.;!?]+)",
        P.DO_NOT_DISTURB,
        "group",
        "user does not want to be disturbed {d}",
        confidence=0.8,
    ),
    _r(
        "en",
        _IM + r"(?:not\s+available|unavailable|offline|not\s+reachable)\s+(?P<v>(?:on|during|at|after|"
        r"before|over)\s+[^,.;!?]+)",
        P.DO_NOT_DISTURB,
        "group",
        "user is not available {d}",
        confidence=0.75,
    ),
    _r(
        "en",
        r"(?:call|text|message|email|contact|reach|ping|phone)\s+me\s+(?:only\s+)?(?:between|from)\s+"
        r"(?P<v>[0-9][^,.;!?]*?(?:and|to|until|till|-|–)\s*[0-9]{1,2}(?::[0-9]{2})?\s*(?:[ap]m)?)",
        P.CONTACT_WINDOW,
        "group",
        "user can be contacted {d}",
        confidence=0.8,
    ),
    _r(
        "en",
        r"best\s+time\s+to\s+(?:reach|call|contact)\s+me\s+is\s+(?:between\s+|from\s+)?(?P<v>[0-9][^,.;!?]*?"
        r"(?:and|to|until|till|-|–)\s*[0-9]{1,2}(?::[0-9]{2})?\s*(?:[ap]m)?)",
        P.CONTACT_WINDOW,
        "group",
        "user can be contacted {d}",
        confidence=0.8,
    ),
    _r(
        "en",
        r"my\s+(?:work\s*days|working\s+days|work\s*week)\s+(?:are|is|run|runs|go|goes)\s+(?:from\s+)?"
        rf"(?P<a>{_DAY_EN})s?\s*(?:to|through|thru|till|until|-|–)\s*(?P<b>{_DAY_EN})s?\b",
        P.WORKDAYS,
        "days",
        "user works {d}",
        confidence=0.85,
    ),
    _r(
        "en",
        _I + rf"(?:only\s+|usually\s+|normally\s+)?work\s+(?:from\s+)?(?P<a>{_DAY_EN})s?\s*"
        rf"(?:to|through|thru|till|until|-|–)\s*(?P<b>{_DAY_EN})s?\b",
        P.WORKDAYS,
        "days",
        "user works {d}",
    ),
    _r(
        "en",
        r"(?:keep|make)\s+(?:your\s+|the\s+|all\s+|my\s+)?(?:" + _MSG[3:-1] + r"|it|them|things|everything)\s+"
        r"(?:short|brief|concise|succinct|shorter|to\s+the\s+point|tight)\b",
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "user prefers short replies",
        value="short replies",
    ),
    _r(
        "en",
        _I + _ADV + r"(?:like|love|prefer|want|appreciate|enjoy|need)\s+" + _SHORT + r"(?:\s+and\s+\w+)?\s+" + _MSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "user prefers short replies",
        value="short replies",
    ),
    _r(
        "en",
        _I + _ADV + r"(?:like|love|prefer|want|appreciate|enjoy|need)\s+" + _DETAIL + r"(?:\s+and\s+\w+)?\s+" + _MSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "user prefers detailed replies",
        value="detailed replies",
    ),
    _r(
        "en",
        r"(?:don't|do\s+not|never|stop|no)\s+(?:ever\s+)?(?:send(?:ing)?\s+|writ(?:e|ing)\s+|giv(?:e|ing)\s+)?"
        r"(?:me\s+)?(?:super\s+|very\s+|too\s+|overly\s+|really\s+|such\s+)?" + _LONG + r"\s+" + _MSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "user prefers short replies",
        value="short replies",
        confidence=0.75,
    ),
    _r(
        "en",
        _I + _ADV + r"(?:hate|dislike|can't\s+stand|cannot\s+stand|don't\s+like|do\s+not\s+like|don't\s+want|"
        r"do\s+not\s+want|don't\s+need)\s+(?:super\s+|very\s+|too\s+|overly\s+|really\s+)?" + _LONG + r"\s+" + _MSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "user prefers short replies",
        value="short replies",
    ),
    _r(
        "en",
        r"(?<![\w'])be\s+(?:more\s+)?(?:brief|concise|succinct)\b",
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "user prefers short replies",
        value="short replies",
    ),
    _r(
        "en",
        r"(?:give|send|write)\s+me\s+(?:more\s+)?(?:detailed|thorough|in-depth|longer)\s+" + _MSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "user prefers detailed replies",
        value="detailed replies",
    ),
    _r(
        "en",
        r"(?<![\w'])(?:be|keep\s+it|sound)\s+(?:more\s+)?(?P<v>formal|casual|informal|professional)\b",
        P.PREFERS_TONE,
        "group",
        "user prefers a {v} tone",
    ),
    _r(
        "en",
        _I + _ADV + r"(?:prefer|like|want)\s+(?:a\s+)?(?:more\s+)?(?P<v>formal|casual|informal|professional)\s+"
        r"(?:tone|style|register)",
        P.PREFERS_TONE,
        "group",
        "user prefers a {v} tone",
    ),
    _r(
        "en",
        r"(?:(?P<neg>don't|do\s+not|never|stop)\s+)?(?:use|using|give\s+me|write\s+in|format\s+\w+\s+(?:as|in|"
        r"with))\s+(?P<v>bullet\s+points?|bullets|bulleted\s+lists|numbered\s+lists|tables|a\s+table|markdown|"
        r"plain\s+text|emojis?)\b",
        P.PREFERS_FORMAT,
        "group",
        "user wants {d}",
        neg_template="user does not want {d}",
    ),
    _r(
        "en",
        r"(?<![\w'])no\s+(?P<v>emojis?|markdown|tables|bullet\s+points)\b",
        P.PREFERS_FORMAT,
        "group",
        "user does not want {d}",
        polarity=False,
    ),
    _r(
        "en",
        r"(?:(?P<neg>don't|do\s+not|never|stop|please\s+don't)\s+)?(?<!i\s)(?:reply|respond|answer|write|talk|"
        r"speak|communicate|replying|responding|answering|writing|talking)\s+(?:to\s+me\s+|back\s+)?"
        rf"(?:only\s+)?in\s+(?P<v>{_LANG_EN})\b",
        P.PREFERS_LANGUAGE,
        "group",
        "user prefers replies in {V}",
        neg_template="user does not want replies in {V}",
    ),
    _r(
        "en",
        _I + _ADV + r"(?:prefer|like|want|need)\s+(?:your\s+)?(?:replies|answers|responses|messages|it|you\s+to\s+"
        rf"(?:reply|respond|answer|write|speak)|to\s+(?:talk|chat|communicate))?\s*in\s+(?P<v>{_LANG_EN})\b",
        P.PREFERS_LANGUAGE,
        "group",
        "user prefers replies in {V}",
    ),
    _r(
        "en",
        _I + _ADV + rf"prefer\s+(?P<v>{_LANG_EN})(?=\s*$|\s*[,.;!]|\s+(?:please|for|when|over|to)\b)",
        P.PREFERS_LANGUAGE,
        "group",
        "user prefers replies in {V}",
    ),
    _r(
        "en",
        rf"my\s+preferred\s+language\s+is\s+(?P<v>{_LANG_EN})\b",
        P.PREFERS_LANGUAGE,
        "group",
        "user prefers replies in {V}",
        confidence=0.85,
    ),
    _r(
        "en",
        _IM + _ADV + r"(?P<neg>not\s+|no\s+longer\s+)?(?:a\s+)?(?:strict\s+|full\s+)?"
        r"(?P<v>vegetarian|vegan|pescatarian|pescetarian)\b",
        P.DIET,
        "group",
        "user is {v}",
        neg_template="user is not {v}",
        confidence=0.8,
    ),
    _r(
        "en",
        _I + r"(?:only\s+)?(?:eat|keep)\s+(?P<v>halal|kosher)\b",
        P.DIET,
        "group",
        "user eats {v}",
        confidence=0.8,
    ),
    _r(
        "en",
        _IM + _ADV + r"(?P<neg>not\s+)?(?:severely\s+|very\s+|deathly\s+|highly\s+|mildly\s+|extremely\s+)?"
        r"allergic\s+to\s+",
        P.ALLERGIC_TO,
        "taste",
        "user is allergic to {d}",
        neg_template="user is not allergic to {d}",
        confidence=0.85,
    ),
    _r(
        "en",
        _I + r"have\s+(?:a|an)\s+(?:severe\s+|serious\s+|mild\s+|bad\s+)?(?P<v>[a-z][a-z -]{1,25}?)\s+allergy",
        P.ALLERGIC_TO,
        "group",
        "user is allergic to {d}",
        confidence=0.85,
    ),
    _r(
        "en",
        _I + r"have\s+(?:a|an)\s+(?:severe\s+|serious\s+|mild\s+)?allergy\s+to\s+",
        P.ALLERGIC_TO,
        "taste",
        "user is allergic to {d}",
        confidence=0.85,
    ),
    _r(
        "en",
        _I + _ADV + r"(?:don't|do\s+not|dont|never|no\s+longer|won't|will\s+not|try\s+not\s+to|refuse\s+to)\s+"
        r"(?:ever\s+)?(?:eat|drink|consume|touch)\s+(?:any\s+)?",
        P.AVOIDS,
        "taste",
        "user avoids {d}",
        confidence=0.75,
    ),
    _r(
        "en",
        _I + _ADV + r"(?:can't|cannot|can\s+not)\s+(?:eat|drink|have|consume|tolerate|handle|digest)\s+"
        r"(?:any\s+)?",
        P.AVOIDS,
        "taste",
        "user avoids {d}",
        confidence=0.75,
    ),
    _r(
        "en",
        _I + _ADV + r"(?:avoid|stay\s+away\s+from|gave\s+up|stopped\s+(?:eating|drinking)|cut\s+out)\s+"
        r"(?:eating\s+|drinking\s+)?",
        P.AVOIDS,
        "taste",
        "user avoids {d}",
    ),
    _r(
        "en",
        _IVE + r"(?:given\s+up|cut\s+out|stopped\s+(?:eating|drinking)|quit\s+(?:eating|drinking))\s+",
        P.AVOIDS,
        "taste",
        "user avoids {d}",
    ),
    _r(
        "en",
        _I + r"(?:do\s+|can\s+)?(?:eat|drink)\s+(?P<v>[a-z][a-z -]{1,30}?)\s+(?:now|again|these\s+days|"
        r"nowadays)\b",
        P.AVOIDS,
        "group",
        "user eats {d} now",
        polarity=False,
        confidence=0.6,
    ),
    _r(
        "en",
        _PROJ_EN + r"\s+(?:(?:is|was)\s+)?(?P<verb>uses|is\s+using|(?:written|built|implemented|coded|developed|"
        r"made)\s+(?:in|with|on|using)|runs\s+on|(?:is\s+)?based\s+on)\s+",
        P.USES_TECH,
        "tech",
        "{S} uses {d}",
        confidence=0.8,
        project=True,
    ),
    _r(
        "en",
        _I + r"(?:currently\s+|now\s+|still\s+)?(?:live|reside)\s+in\s+",
        P.LOCATION,
        "place",
        "user lives in {d}",
        confidence=0.75,
    ),
    _r(
        "en",
        _IM + r"(?:currently\s+|now\s+)?(?:living|based|located)\s+in\s+",
        P.LOCATION,
        "place",
        "user lives in {d}",
        confidence=0.75,
    ),
    _r(
        "en",
        r"(?:" + _I + r"(?:just\s+|recently\s+)?|" + _IVE + r"(?:just\s+|recently\s+)?)(?:moved|relocated)\s+to\s+",
        P.LOCATION,
        "place",
        "user lives in {d}",
        confidence=0.75,
    ),
    _r("en", _IM + r"(?:originally\s+)?from\s+", P.HOMETOWN, "place", "user is from {d}"),
    _r("en", _I + r"(?:come\s+from|grew\s+up\s+in)\s+", P.HOMETOWN, "place", "user is from {d}"),
    _r("en", _I + r"work\s+as\s+(?:a\s+|an\s+)?", P.JOB, "job", "user works as {d}"),
    _r("en", _IM + r"(?:a|an)\s+", P.JOB, "job", "user is a {d}"),
    _r("en", r"my\s+(?:job|occupation|profession)\s+is\s+(?:a\s+|an\s+)?", P.JOB, "job", "user works as {d}"),
    _r("en", _I + r"work\s+(?:at|for)\s+", P.EMPLOYER, "place", "user works at {d}"),
    _r(
        "en",
        _I + _ADV + r"speak\s+(?:fluent\s+|some\s+|a\s+little\s+|a\s+bit\s+of\s+|decent\s+|good\s+)?"
        rf"(?P<v>{_LANG_EN})\b",
        P.SPEAKS,
        "group",
        "user speaks {V}",
    ),
    _r("en", _IM + rf"(?:fluent|native)\s+in\s+(?P<v>{_LANG_EN})\b", P.SPEAKS, "group", "user speaks {V}"),
    _r(
        "en",
        r"my\s+(?:native\s+language|mother\s+tongue|first\s+language)\s+is\s+"
        rf"(?P<v>{_LANG_EN})\b",
        P.SPEAKS,
        "group",
        "user speaks {V}",
        confidence=0.8,
    ),
    _r(
        "en",
        r"(?:" + _IM + _ADV + r"|" + _IVE + r"been\s+)(?:learning|studying)\s+",
        P.LEARNING,
        "taste",
        "user is learning {d}",
        confidence=0.4,
    ),
    _r(
        "en",
        _I + _ADV + r"(?:use|code\s+in|program\s+in|develop\s+in|write\s+code\s+in)\s+",
        P.USES_TOOL,
        "tech",
        "user uses {d}",
        confidence=0.6,
    ),
    _r(
        "en",
        _I + _ADV + r"(?:hate|dislike|detest|despise|loathe|can't\s+stand|cannot\s+stand|can't\s+bear|"
        r"don't\s+(?:really\s+|much\s+|particularly\s+)?(?:like|love|enjoy|care\s+for)|do\s+not\s+(?:really\s+)?"
        r"(?:like|love|enjoy|care\s+for)|dont\s+like|never\s+liked)\s+(?:to\s+|eating\s+|drinking\s+)?",
        P.DISLIKES,
        "taste",
        "user dislikes {d}",
    ),
    _r(
        "en",
        _IM + _ADV + r"not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|keen\s+on|fond\s+of)\s+",
        P.DISLIKES,
        "taste",
        "user dislikes {d}",
    ),
    _r(
        "en",
        _I + _ADV + r"(?:like|love|enjoy|adore|prefer|dig)\s+(?:to\s+(?!think|say|know|believe|see|hear|"
        r"imagine)|eating\s+|drinking\s+)?",
        P.LIKES,
        "taste",
        "user likes {d}",
    ),
    _r(
        "en",
        _IM + _ADV + r"(?:a\s+)?(?:big\s+|huge\s+|massive\s+|great\s+)?(?:fan\s+of|into|crazy\s+about|"
        r"obsessed\s+with|fond\s+of|passionate\s+about|keen\s+on)\s+",
        P.LIKES,
        "taste",
        "user likes {d}",
    ),
    _r(
        "en",
        r"my\s+(?:absolute\s+)?favou?rite\s+(?:food|drink|dish|fruit|snack|cuisine|colou?r|music|band|genre|"
        r"sport|movie|book|thing)?\s*is\s+",
        P.LIKES,
        "taste",
        "user likes {d}",
    ),
    _r(
        "en",
        r"(?<![\w'])(?<!i\s)(?P<dur>from\s+now\s+on|going\s+forward|moving\s+forward|in\s+(?:the\s+)?future|"
        r"henceforth|from\s+here\s+on(?:\s+out)?|always|never)[,:]?\s+(?:please\s+)?(?:(?P<neg>don't|do\s+not|"
        r"never|stop)\s+|always\s+)?(?=" + _IMP_EN + ")",
        P.INSTRUCTION,
        "phrase",
        "user wants the agent to always {d}",
        neg_template="user wants the agent never to {d}",
        confidence=0.8,
    ),
)

_ZH_RULES: tuple[_Rule, ...] = (
    _r(
        "zh",
        r"(?<!别)(?<!不要)(?:叫我|称呼我为?|我叫|我的名字(?:是|叫)|我名字(?:是|叫))\s*",
        P.NAME,
        "name",
        "用户希望被称呼为{d}",
        confidence=0.85,
    ),
    _r(
        "zh",
        rf"(?P<v>{_ZTIME})(?:的时候)?(?:请|千万)?{_ZNEG}(?:老|总|总是|一直|经常|再|随便|轻易)?(?:来)?(?:打扰|打搅|烦|"
        r"骚扰|打电话给|给我打电话|打我电话|发消息给|给我发消息|给我发信息|找|联系|叫|催|@)",
        P.DO_NOT_DISTURB,
        "group",
        "用户不希望在{d}被打扰",
        confidence=0.8,
    ),
    _r(
        "zh",
        rf"{_ZNEG}(?:在)?(?P<v>{_ZTIME})(?:的时候)?(?:给我)?(?:打电话|发消息|发信息|打扰我|联系我|找我|打扰)",
        P.DO_NOT_DISTURB,
        "group",
        "用户不希望在{d}被打扰",
        confidence=0.8,
    ),
    _r(
        "zh",
        rf"(?P<v>{_ZTIME})(?:我)?(?:不方便|不想被打扰|不接电话|不回消息|勿扰)",
        P.DO_NOT_DISTURB,
        "group",
        "用户不希望在{d}被打扰",
        confidence=0.75,
    ),
    _r(
        "zh",
        rf"(?P<v>{_ZPOINT}(?:到|至|-|~){_ZPOINT})(?:之间)?(?:再|才|可以|可)?(?:联系|找|打电话给|给我打电话|给我发消息)",
        P.CONTACT_WINDOW,
        "group",
        "用户希望在{d}被联系",
        confidence=0.8,
    ),
    _r(
        "zh",
        _ZI
        + r"(?:的)?(?:工作日|上班时间|工作时间)(?:是|为)(?:从)?"
        + rf"(?P<a>{_DAY_ZH})(?:到|至|-|~)(?P<b>{_DAY_ZH})",
        P.WORKDAYS,
        "days",
        "用户的工作日是{d}",
        confidence=0.85,
    ),
    _r(
        "zh",
        _ZI + _ZADV + rf"(?:从)?(?P<a>{_DAY_ZH})(?:到|至|-|~)(?P<b>{_DAY_ZH})(?:都)?(?:上班|工作)",
        P.WORKDAYS,
        "days",
        "用户{d}上班",
    ),
    _r(
        "zh",
        _ZI
        + _ZADV
        + r"(?:喜欢|偏好|更喜欢|希望|想要|倾向于?|要|爱看|习惯)(?:你|收到|看到)?(?:的)?(?:给我)?"
        + _ZSHORT
        + r"(?:一点|一些|点)?(?:的)?"
        + _ZMSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户喜欢简短的回复",
        value="short replies",
    ),
    _r(
        "zh",
        _ZMSG + r"(?:请|都|时)?(?:尽量|要|请|都|需要|得|最好)?" + _ZSHORT + r"(?:一点|一些|些|点)",
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户喜欢简短的回复",
        value="short replies",
    ),
    _r(
        "zh",
        r"(?:请|麻烦)(?:尽量)?" + _ZSHORT + r"(?:地|点|一点)?(?:回复|回答|答复)",
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户喜欢简短的回复",
        value="short replies",
    ),
    _r(
        "zh",
        rf"(?:{_ZNEG}|少)(?:给我)?(?:发|写|回|回复)?(?:太|很|那么|这么|过|特别)?" + _ZLONG + r"的?" + _ZMSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户不希望收到太长的消息",
        value="short replies",
        confidence=0.75,
    ),
    _r(
        "zh",
        _ZI
        + _ZADV
        + r"(?:不喜欢|讨厌|受不了|烦|反感|不想看|不爱看)(?:太|很|那么|过于|过|特别)?"
        + _ZLONG
        + r"的?"
        + _ZMSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户不喜欢太长的回复",
        value="short replies",
    ),
    _r(
        "zh",
        _ZI
        + _ZADV
        + r"(?:喜欢|偏好|更喜欢|希望|想要|倾向于?)(?:你|收到)?(?:的)?"
        + _ZDETAIL
        + r"(?:一点|一些|点)?的?"
        + _ZMSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户喜欢详细的回复",
        value="detailed replies",
    ),
    _r(
        "zh",
        _ZMSG + r"(?:请|都|尽量|要)?" + _ZDETAIL + r"(?:一点|一些|些|点)",
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户喜欢详细的回复",
        value="detailed replies",
    ),
    _r(
        "zh",
        r"(?:语气|说话|回复|措辞)(?:请|要|尽量)?(?P<v>正式|随意|轻松|口语化|专业)(?:一点|一些|些|点)",
        P.PREFERS_TONE,
        "group",
        "用户希望语气{d}一些",
    ),
    _r(
        "zh",
        rf"(?P<neg>{_ZNEG})?(?:都|请|尽量)?(?:用|使用|加)(?P<v>表情符号|表情包|表情|emoji|markdown|表格|列表|要点|"
        r"项目符号|纯文本)",
        P.PREFERS_FORMAT,
        "group",
        "用户希望使用{d}",
        neg_template="用户不希望使用{d}",
    ),
    _r(
        "zh",
        rf"(?P<neg>{_ZNEG})?(?:都|请|一律|全部|尽量)?(?:用|使用|以|说)(?P<v>{_LANG_ZH}|{_LANG_EN})(?:来|跟我|和我|"
        r"给我)?(?:回复|回答|答复|交流|沟通|聊天|聊|说话|写|对话|回我)",
        P.PREFERS_LANGUAGE,
        "group",
        "用户希望用{d}回复",
        neg_template="用户不希望用{d}回复",
    ),
    _r(
        "zh",
        rf"(?:回复|回答|答复|交流)(?:请|都|时|的时候)?(?:一律|都|请)?(?:用|使用)(?P<v>{_LANG_ZH}|{_LANG_EN})",
        P.PREFERS_LANGUAGE,
        "group",
        "用户希望用{d}回复",
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"(?:(?P<neg>不是)|是)(?:一个|一名|个)?(?P<v>纯素食者|素食主义者|素食者|吃素的|素食主义)",
        P.DIET,
        "group",
        "用户是素食者",
        neg_template="用户不是素食者",
        confidence=0.8,
    ),
    _r("zh", _ZI + _ZADV + r"(?P<v>只吃素|吃长素|吃素|吃清真)", P.DIET, "group", "用户{d}", confidence=0.8),
    _r(
        "zh",
        _ZI + _ZADV + r"对(?P<v>[^，。！？,.!?\s]{1,10}?)(?:严重|有点|特别|非常|很)?过敏",
        P.ALLERGIC_TO,
        "group",
        "用户对{d}过敏",
        confidence=0.85,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"有?(?P<v>[\u4e00-\u9fff]{2,6}?)(?:严重)?过敏",
        P.ALLERGIC_TO,
        "group",
        "用户对{d}过敏",
        confidence=0.85,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"(?P<verb>从不吃|从不喝|不太能吃|不怎么吃|不能吃|不能喝|不可以吃|吃不了|喝不了|不敢吃|不吃|不喝|"
        r"不碰|不沾|不抽|忌口|拒绝吃)",
        P.AVOIDS,
        "taste",
        "用户{verb}{d}",
        confidence=0.75,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"戒(?:掉)?(?:了)?(?P<v>烟|酒|糖|咖啡|奶茶|可乐)",
        P.AVOIDS,
        "group",
        "用户戒了{d}",
        confidence=0.75,
    ),
    _r(
        "zh",
        _ZI + r"(?:现在|已经|又)(?:开始)?(?:能)?(?:吃|喝)(?P<v>[\u4e00-\u9fff]{1,6}?)了",
        P.AVOIDS,
        "group",
        "用户现在吃{d}了",
        polarity=False,
        confidence=0.6,
    ),
    _r(
        "zh",
        _PROJ_ZH + r"\s*(?:的代码)?(?:是|都是|主要是|目前|现在|目前是|全部)?(?P<verb>用的是|用的|使用的是|使用的|"
        r"采用的是|采用的|采用|使用|用|基于|是用|是基于|拿)\s*",
        P.USES_TECH,
        "tech",
        "{S}使用{d}",
        confidence=0.8,
        project=True,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"(?:住在|居住在|生活在|定居在|定居于|住)",
        P.LOCATION,
        "place",
        "用户住在{d}",
        confidence=0.75,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"(?:搬到了|搬到|搬去了|搬去|搬家到|搬来了|搬来)",
        P.LOCATION,
        "place",
        "用户住在{d}",
        confidence=0.75,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"在(?P<v>[\u4e00-\u9fffa-z]{2,8}?)(?:工作|上班)",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"是(?P<v>[\u4e00-\u9fff]{2,5}?)人(?=$|[，。！,.!\s])",
        P.HOMETOWN,
        "group",
        "用户是{d}人",
    ),
    _r("zh", _ZI + _ZADV + r"(?:老家是|老家在|来自|出生在|出生于)", P.HOMETOWN, "place", "用户来自{d}"),
    _r(
        "zh",
        _ZI
        + _ZADV
        + r"是(?:一名|一个|一位|个|名)?(?P<v>[\u4e00-\u9fffa-z]{0,6}?(?:工程师|程序员|设计师|老师|教师|医生|"
        r"护士|律师|会计|学生|研究生|博士生|本科生|产品经理|经理|记者|编辑|作家|研究员|分析师|顾问|厨师|司机|警察|销售|架构师|"
        r"科学家|教授|创业者|自由职业者|翻译|公务员|艺术家|摄影师|演员|药剂师|建筑师|开发者))(?=$|[，。！,.!\s了啊呀])",
        P.JOB,
        "group",
        "用户是{d}",
    ),
    _r("zh", r"我的(?:工作|职业)是", P.JOB, "place", "用户的职业是{d}"),
    _r(
        "zh",
        _ZI + _ZADV + r"是做(?P<v>[\u4e00-\u9fffa-z]{1,8}?)的(?=$|[，。！,.!\s])",
        P.JOB,
        "group",
        "用户是做{d}的",
    ),
    _r(
        "zh",
        _ZI + _ZADV + rf"(?:会说|会讲|能说|说|讲)(?:一点|一口|流利的)?(?P<v>{_LANG_ZH})",
        P.SPEAKS,
        "group",
        "用户会说{d}",
    ),
    _r("zh", rf"我的母语是(?P<v>{_LANG_ZH})", P.SPEAKS, "group", "用户的母语是{d}", confidence=0.8),
    _r(
        "zh",
        _ZI + _ZADV + r"(?:在|正在|最近在|一直在)(?:学|学习|自学)",
        P.LEARNING,
        "taste",
        "用户在学{d}",
        confidence=0.4,
    ),
    _r(
        "zh",
        _ZI + _ZADV + r"对(?P<v>[^，。！？,.!?\s]{1,10}?)(?:不感兴趣|没兴趣|不感冒)",
        P.DISLIKES,
        "group",
        "用户对{d}不感兴趣",
    ),
    _r(
        "zh",
        _ZI
        + _ZADV
        + r"(?P<verb>不太喜欢|不怎么喜欢|不喜欢|不爱吃|不爱喝|不爱|讨厌|受不了|反感|厌恶|接受不了|不待见|烦)",
        P.DISLIKES,
        "taste",
        "用户{verb}{d}",
    ),
    _r("zh", r"我最喜欢的(?:食物|水果|饮料|菜|颜色|音乐|运动|电影|书)?是", P.LIKES, "taste", "用户最喜欢{d}"),
    _r(
        "zh",
        _ZI + _ZADV + r"(?P<verb>喜欢|爱吃|爱喝|爱看|爱听|爱玩|喜爱|热爱|偏爱|钟爱|偏好|迷上了|迷上|爱)",
        P.LIKES,
        "taste",
        "用户{verb}{d}",
    ),
    _r(
        "zh",
        r"(?P<dur>从现在起|从现在开始|从今以后|从今天起|从今天开始|以后|今后|往后|每次|一律|永远)(?P<mid>(?:都|也|请|要|"
        rf"一律|务必)*)(?P<neg>{_ZNEG}|永远不要|不能)?(?={_IMP_ZH})",
        P.INSTRUCTION,
        "phrase",
        "用户要求以后{d}",
        neg_template="用户要求以后不要{d}",
        confidence=0.8,
    ),
)
del P


# jieba's dictionary is process-global: built once, its cache kept in a private temp dir for the process.
_jieba_init_lock = threading.Lock()
_jieba_tmp: tempfile.TemporaryDirectory[str] | None = None


@dataclass
class _Segment:
    """One sentence-like piece of the input: its offsets, text, language and lazily built tokens."""

    start: int
    text: str
    lang: Lang
    explicit: bool
    tokenize: Callable[[str, Lang], list[_Span]]
    _tokens: list[_Span] | None = None

    @property
    def tokens(self) -> list[_Span]:
        if self._tokens is None:
            self._tokens = self.tokenize(self.text, self.lang)
        return self._tokens


class RuleExtractor:
    """Extracts candidate facts with spaCy tokenisers and rules; no trained model, nothing downloaded.

    The spaCy pipelines (and jieba's dictionary, cached in a private temp dir with its logging silenced) load
    on first use under a lock; after that :meth:`extract` is safe to call from many threads.

    Decisions: past-only statements ("I used to like tea", "我以前不吃香菜") yield nothing — they say nothing
    certain about now; ongoing activities ("I am learning French") yield LEARNING below 0.5 confidence and
    one-off remarks ("...today", "...for fun", "今天", "这次") yield nothing; a plain "don't …" yields a fact
    only when it names a known channel (contact times, reply length, language, format), and a standing
    instruction needs a durable marker (always / never / from now on / 以后都 / 从现在起).
    Confidence: explicit (remember / from now on / always …) ≥ 0.9, plain first-person 0.6–0.85 by rule,
    hedged (I think / maybe / 可能 …) ≤ 0.45.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._nlp: dict[Lang, Any] = {}

    # -- loading --------------------------------------------------------------------------------------
    def _pipelines(self) -> dict[Lang, Any]:
        if not self._nlp:
            with self._lock:
                if not self._nlp:
                    import jieba
                    import spacy

                    jieba.setLogLevel(logging.WARNING)
                    logging.getLogger("jieba").setLevel(logging.WARNING)
                    global _jieba_tmp
                    if not jieba.dt.initialized:
                        with _jieba_init_lock:
                            if not jieba.dt.initialized:
                                _jieba_tmp = tempfile.TemporaryDirectory(prefix="graphmem-jieba-")
                                jieba.dt.tmp_dir = _jieba_tmp.name
                                jieba.initialize()
                    zh = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
                    en = spacy.blank("en")
                    self._nlp.update({"zh": zh, "en": en})
        return self._nlp

    def _tokenize(self, text: str, lang: Lang) -> list[_Span]:
        doc = self._pipelines()[lang].make_doc(text)
        return [(t.idx, t.idx + len(t.text)) for t in doc if not t.is_space]

    # -- public ---------------------------------------------------------------------------------------
    def extract(self, text: str) -> list[CandidateFact]:
        """Candidate facts stated in `text`, each quoting its evidence exactly; duplicates keep the best."""
        self._pipelines()
        segments = list(self._segments(text))
        best: dict[tuple[str, str, bool], CandidateFact] = {}
        for i, seg in enumerate(segments):
            nxt = segments[i + 1].text if i + 1 < len(segments) else ""
            if _LAUGH_ONLY.match(nxt):
                continue
            facts = self._extract_segment(seg, seg.lang)
            other: Lang = "en" if seg.lang == "zh" else "zh"
            if not facts and (_HAN.search(seg.text) if other == "zh" else _LATIN_WORD.search(seg.text)):
                facts = self._extract_segment(seg, other)
            for f in facts:
                k = (f.key, str(f.predicate), f.polarity)
                if k not in best or f.confidence > best[k].confidence:
                    best[k] = f
        return list(best.values())

    # -- segmentation ---------------------------------------------------------------------------------
    def _segments(self, text: str) -> Iterator[_Segment]:
        carry = False
        for m in _SEGMENT.finditer(text):
            raw = m.group(0)
            body = raw.rstrip("。！？!?；;\n….").rstrip()
            lead = len(body) - len(body.lstrip())
            body = body.strip()
            if not body:
                continue
            if _MARKER_ONLY.match(body):
                carry = True
                continue
            han = len(_HAN.findall(body))
            lang: Lang = "zh" if han and han >= len(_LATIN_WORD.findall(body)) else "en"
            seg = _Segment(m.start() + lead, body, lang, carry, self._tokenize)
            seg.explicit = carry or bool(_EXPLICIT["zh"].search(body) or _EXPLICIT["en"].search(body))
            carry = False
            if raw.rstrip().endswith(("?", "？")):
                continue
            yield seg

    # -- one segment ----------------------------------------------------------------------------------
    def _extract_segment(self, seg: _Segment, lang: Lang) -> list[CandidateFact]:
        norm = seg.text.replace("\u2019", "'").replace("\u2018", "'")
        if _QUESTION[lang].search(norm) or _HYPOTHETICAL[lang].search(norm) or _JOKE[lang].search(norm):
            return []
        if _SITUATIONAL[lang].search(norm):
            return []
        hedged = bool(_HEDGE[lang].search(norm))
        taken: list[_Span] = []
        out: list[CandidateFact] = []
        for rule in _EN_RULES if lang == "en" else _ZH_RULES:
            for m in rule.pattern.finditer(norm):
                c_start, c_end = _clause(norm, m.start())
                before = norm[c_start : m.start()]
                clause = norm[c_start:c_end]
                if _PAST[lang].search(before) or _REPORTED[lang].search(clause):
                    continue
                v_end = _clause(norm, m.end())[1] if m.end() < len(norm) else c_end
                facts = self._facts(rule, m, seg, norm, v_end, lang, hedged)
                if facts:
                    end = max(m.end(), *(e for _, e in facts))
                    if any(m.start() < e and s < end for s, e in taken):
                        continue
                    taken.append((m.start(), end))
                    out.extend(f for f, _ in facts)
        return out

    def _facts(
        self,
        rule: _Rule,
        m: re.Match[str],
        seg: _Segment,
        norm: str,
        c_end: int,
        lang: Lang,
        hedged: bool,
    ) -> list[tuple[CandidateFact, int]]:
        polarity = rule.polarity
        groups = m.groupdict()
        if groups.get("neg") or (groups.get("dur") or "").lower() == "never":
            polarity = not polarity
        lazy_later = groups.get("dur") == "以后" and not groups.get("mid") and not groups.get("neg")
        if rule.predicate is Predicate.INSTRUCTION and lang == "zh" and lazy_later:
            return []
        if rule.predicate is Predicate.INSTRUCTION and lang == "en" and not _bare_prefix(norm, m.start()):
            return []
        items = self._values(rule, m, seg, norm, c_end, lang)
        out: list[tuple[CandidateFact, int]] = []
        for value, display, end, predicate in items:
            if not value:
                continue
            subject, subject_display = "user", ""
            if rule.project:
                subject, subject_display = _project_subject(m, seg.text)
            conf = rule.confidence
            if seg.explicit and predicate is not Predicate.LEARNING:
                conf = max(conf, 0.9)
            if hedged:
                conf = min(conf, 0.3 if predicate is Predicate.LEARNING else 0.45)
            template = rule.neg_template if (polarity != rule.polarity and rule.neg_template) else rule.template
            if predicate is Predicate.USES_LANGUAGE:
                template = "{S} is written in {d}" if lang == "en" else "{S}使用{d}"
            if predicate is Predicate.PREFERS_FORMAT and rule.predicate is not Predicate.PREFERS_FORMAT:
                template = "user wants {d}" if polarity else "user does not want {d}"
            fact = template.format(
                d=display,
                v=value,
                V=value.capitalize(),
                S=subject_display,
                verb=(groups.get("verb") or ""),
            )
            out.append(
                (
                    CandidateFact(
                        subject=subject,
                        predicate=predicate,
                        value=value,
                        polarity=polarity,
                        kind=predicate.kind,
                        fact=fact,
                        evidence=seg.text,
                        confidence=round(conf, 2),
                        explicit=seg.explicit,
                        language=lang,
                        scope_hint="project" if rule.project else "user",
                    ),
                    end,
                )
            )
        return out

    # -- values ---------------------------------------------------------------------------------------
    def _values(
        self, rule: _Rule, m: re.Match[str], seg: _Segment, norm: str, c_end: int, lang: Lang
    ) -> list[tuple[str, str, int, Predicate]]:
        """(value, display, end offset, predicate) for each value the match states."""
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
            return [(v, text[m.start("v") : m.end("v")], m.end(), p)]
        if rule.mode == "name":
            return self._name(m, seg, lang)
        if rule.mode == "tech":
            return _tech(rule, text, norm, m.end(), c_end)
        spans = _walk(seg, m.end(), c_end, rule.mode, lang)
        out: list[tuple[str, str, int, Predicate]] = []
        for s, e in spans:
            display = text[s:e]
            value = _normalise(display, rule.mode, lang)
            if not value or (rule.mode == "job" and lang == "en" and not _is_job(value)):
                continue
            if rule.mode == "place" and lang == "en" and not _place_ok(text, s):
                continue
            pred = p
            if p in (Predicate.LIKES, Predicate.DISLIKES) and value in _FORMATS:
                pred, value = Predicate.PREFERS_FORMAT, _FORMATS[value]
            out.append((value, display, e, pred))
        return out

    def _name(self, m: re.Match[str], seg: _Segment, lang: Lang) -> list[tuple[str, str, int, Predicate]]:
        text = seg.text
        before = text[max(0, m.start() - 12) : m.start()].lower()
        if re.search(r"(?:don't|do not|never|别|不要)\s*$", before):
            return []
        if lang == "en":
            v = m.group("v")
            if v.lower() in _NAME_STOP:
                return []
            end = m.end("v")
            nxt = re.match(r"\s+([A-Z][\w'-]*)", text[end:])
            if nxt and text[m.start("v")].isupper():
                end += nxt.end()
            display = text[m.start("v") : end]
            return [(display.lower(), display, end, Predicate.NAME)]
        toks = [t for t in seg.tokens if t[0] >= m.end()]
        if not toks:
            return []
        s, e = toks[0]
        if e - s == 1 and len(toks) > 1 and toks[1][0] == e and toks[1][1] - toks[1][0] == 1:
            e = toks[1][1]
        display = text[s:e]
        if display.isascii():
            ok = display[:1].isalpha() and display.lower() not in _NAME_STOP
        else:
            ok = (
                (display[0] in "小老阿" and len(display) >= 2)
                or display.endswith(("总", "哥", "姐"))
                or _is_person(display)
            )
        return [(display.lower(), display, e, Predicate.NAME)] if ok else []


# ---------------------------------------------------------------- helpers of the rules
def _clause(norm: str, pos: int) -> _Span:
    start = 0
    for b in _CLAUSE_BREAK.finditer(norm):
        if b.end() <= pos:
            start = b.end()
        elif b.start() >= pos:
            return start, b.start()
    return start, len(norm)


def _bare_prefix(norm: str, pos: int) -> bool:
    """True when only discourse words precede an imperative in its clause (no subject of its own)."""
    c_start, _ = _clause(norm, pos)
    prefix = norm[c_start:pos]
    return bool(
        re.fullmatch(
            r"(?:\s*(?:please|and|also|so|ok|okay|oh|btw|hey|just|remember|note|but|then|alright|well)\b[\s,:]*)*\s*",
            prefix,
            _F,
        )
    )


def _day(raw: str) -> str:
    r = raw.lower()
    if r[-1:] in _DAYS:
        return _DAYS[r[-1:]]
    return _DAYS.get(r[:3], "")


def _group_value(p: Predicate, raw: str, lang: Lang) -> str | None:
    r = " ".join(raw.lower().split())
    if p in (Predicate.PREFERS_LANGUAGE, Predicate.SPEAKS):
        return _LANGS.get(r)
    if p is Predicate.PREFERS_FORMAT:
        return _FORMATS.get(r, _FORMATS.get(r.rstrip("s"), r))
    if p is Predicate.PREFERS_TONE:
        return _TONES.get(r)
    if p is Predicate.DIET:
        return _DIETS.get(r)
    if p in (Predicate.DO_NOT_DISTURB, Predicate.CONTACT_WINDOW):
        return _window(r, lang)
    if p is Predicate.ALLERGIC_TO and lang == "zh" and (r in {"有点", "容易", "经常", "也会"} or r.startswith("有")):
        return None
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
    }:
        return None
    if p is Predicate.AVOIDS and not r.strip():
        return None
    return _singular(r) if lang == "en" and p in (Predicate.ALLERGIC_TO, Predicate.AVOIDS) else r


_WINDOWS: dict[str, str] = {
    "weekend": "weekends", "weekends": "weekends", "the weekend": "weekends",
    "the weekends": "weekends", "weekdays": "workdays", "workdays": "workdays", "work days": "workdays",
    "working days": "workdays", "business days": "workdays", "work hours": "work hours",
    "working hours": "work hours", "business hours": "work hours", "office hours": "work hours",
    "night": "night", "nights": "night", "the night": "night", "工作日": "workdays", "周末": "weekends",
    "上班时间": "work hours", "工作时间": "work hours", "上班的时候": "work hours",
    "工作的时候": "work hours", "晚上": "night", "夜里": "night", "深夜": "night", "半夜": "night",
    "下班后": "after work", "下班以后": "after work", "下班之后": "after work",
}  # fmt: skip


def _window(r: str, lang: Lang) -> str:
    r = re.split(r"\s+(?:please|thanks|thank\s+you|unless|because|since|if|except)\b", r)[0].strip()
    if lang == "en":
        r = re.sub(r"^(?:on|during|over|in|at)\s+", "", r)
        r = re.sub(r"(\d)\s*([ap])\.?m\.?", r"\1\2m", r)
        r = re.sub(r"\s*(?:and|to|until|till|–)\s*(?=\d)", "-", r)
    return _WINDOWS.get(r, r)


def _walk(seg: _Segment, pos: int, c_end: int, mode: Mode, lang: Lang) -> list[_Span]:
    """Spans of the value(s) after `pos`: word tokens up to a stop word, split on coordinators."""
    text = seg.text
    toks: list[_Span] = []
    for s, e in seg.tokens:
        if e <= pos or s >= c_end:
            continue
        toks.append((max(s, pos), e))
    limit = {"phrase": 14, "place": 4, "job": 4}.get(mode, 5 if lang == "en" else 6)
    stop = _EN_PLACE_STOP if mode in ("place", "job") else _EN_STOP
    items: list[_Span] = []
    cur: list[_Span] = []
    count = 0
    for i, (s, e) in enumerate(toks):
        start = s
        word = text[s:e].lower()
        if _PUNCT.match(word) and not (mode == "phrase" and word in {"-", "'"}):
            break
        if lang == "en":
            if not cur and word in _EN_LEAD_SKIP and mode != "phrase":
                continue
            if mode == "phrase":
                if word in {"because", "unless", "lol", "thanks", "please"}:
                    break
            elif word in _EN_SPLIT:
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
            elif word in _ZH_SPLIT:
                if cur:
                    items.append((cur[0][0], cur[-1][1]))
                cur, count = [], 0
                continue
            elif word == "的":
                nxt = text[toks[i + 1][0] : toks[i + 1][1]] if i + 1 < len(toks) else ""
                if not nxt or _PUNCT.match(nxt) or nxt in _ZH_STOP or nxt in _ZH_NOUNS_AFTER_DE:
                    break
            elif word in _ZH_STOP or "我" in word or "你" in word:
                break
            if not cur and mode == "taste" and word[0] in "吃喝":
                if len(word) == 1:
                    continue
                start = s + 1  # drop the leading verb of a merged token ("吃辣")
        cur.append((start, e))
        count += 1
        if count >= limit:
            break
    if cur:
        items.append((cur[0][0], cur[-1][1]))
    return items


def _normalise(display: str, mode: Mode, lang: Lang) -> str:
    v = " ".join(display.lower().split()).strip(" '\"“”‘’")
    if lang == "zh":
        v = v.rstrip("的了")
        return v if 0 < len(v) <= 16 else ""
    if mode == "taste":
        v = _singular(v)
    return v


def _singular(v: str) -> str:
    words = v.split()
    if not words:
        return v
    w = words[-1]
    if w in _NO_SINGULAR or len(w) <= 3 or w.endswith(("ss", "us", "is")):
        return v
    if w.endswith("ies"):
        w = w[:-1] if w[:-1] in _IE_WORDS else w[:-3] + "y"
    elif w.endswith(("ches", "shes", "sses", "xes", "oes")):
        w = w[:-2]
    elif w.endswith("s"):
        w = w[:-1]
    return " ".join([*words[:-1], w])


def _is_job(value: str) -> bool:
    words = value.split()
    return bool(words) and (words[-1] in _JOBS or words[-1].rstrip("s") in _JOBS)


def _place_ok(text: str, start: int) -> bool:
    """Latin places start with a capital letter unless the writer does not capitalise at all."""
    return text[start].isupper() or not any(c.isupper() for c in text if c != "I")


_TECH_CUT = re.compile(
    r"\s(?:for|because|but|which|so|now|since|on|in|with|as|at|to|that|uses|is|was|runs|has|lol)\b|"
    r"写|开发|实现|编写|做的|搭|构建|来|的|语言|了|框架",
    _F,
)


# Latin technology names of up to three words, never spanning a coordinator ("rust and postgres").
_TECH_ITEM = re.compile(r"[a-z0-9][a-z0-9_.+#-]*(?:\s+(?!(?:and|or|plus)\b)[a-z0-9][a-z0-9_.+#-]*){0,2}", _F)


def _tech(rule: _Rule, text: str, norm: str, pos: int, c_end: int) -> list[tuple[str, str, int, Predicate]]:
    chunk = norm[pos:c_end]
    cut = _TECH_CUT.search(chunk)
    if cut:
        chunk = chunk[: cut.start()]
    out: list[tuple[str, str, int, Predicate]] = []
    for item in _TECH_ITEM.finditer(chunk):
        if item.group(0).lower() in {"and", "or", "plus"}:
            continue
        display = text[pos + item.start() : pos + item.end()]
        value = display.lower()
        value = "go" if value == "golang" else value
        if value in _EN_STOP:
            continue
        pred = rule.predicate
        if rule.project:
            pred = Predicate.USES_LANGUAGE if value in _PROGRAMMING else Predicate.USES_TECH
        elif not (display[:1].isupper() or value in _PROGRAMMING):
            continue
        out.append((value, display, pos + item.end(), pred))
    return out


def _project_subject(m: re.Match[str], text: str) -> tuple[str, str]:
    groups = m.groupdict()
    name = groups.get("s") or groups.get("s2") or ""
    display = text[m.start() : m.start("verb")].strip()
    if not name or name.lower() in _SUBJECT_STOP:
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
    return any(t == "ns" for t in _pos_tags(word))
