"""How the user wants the assistant's replies shaped, read from what a request says rather than from one word
for it: the long kind refused ("别太长", "not too long", "no essays") or a count of sentences given ("三五句话就行",
"in two or three sentences") is a short reply; the conclusion asked for first ("先给结论", "bottom line first")
is an order of the reply; a presentation device said to read better than another ("Lists are easier for me to
scan than walls of text") is the format wanted; metric or imperial units are the units wanted.

Each reader is one bounded scan of literal alternations (no nested quantifiers); the guards of the clause
(questions, other people, hypotheticals) stay the caller's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.extraction.facts import Predicate
from graphmem.extraction.lexicon import FORMATS
from graphmem.extraction.literal_gate import LiteralGate, lowered
from graphmem.extraction.rule import Lang

__all__ = ["ReplySetting", "capped_reply", "reply_shape", "written"]

_F = re.IGNORECASE


@dataclass(frozen=True)
class ReplySetting:
    """A setting of the replies: its predicate, attribute (or ""), canonical value and the span that said it."""

    predicate: Predicate
    attribute: str
    value: str
    start: int
    end: int
    polarity: bool = True


# A reply is meant: a word for answering, writing or talking to the speaker.
_ABOUT_REPLIES = {
    "en": re.compile(
        r"\b(?:answers?|replies|reply|responses?|respond|explanations?|explain|keep\s+it|with\s+me|to\s+me|"
        r"write|writing|talk|tell\s+me|give\s+me|summaries|summary)\b",
        _F,
    ),
    "zh": re.compile(r"回答|回复|回我|答|说|讲|解释|写|聊|告诉我|给我"),
}
_NOT_LONG = re.compile(
    r"(?:别|不要|不用|不必|无需|不需要)(?:写|说|回|讲)?得?太?(?:长|多|啰嗦|啰唆|啰里啰嗦)|"
    r"\b(?:not\s+too\s+long|not\s+(?:be\s+)?(?:so\s+)?long-winded|no\s+(?:long|lengthy)\s+(?:answers?|replies|"
    r"responses|explanations)|no\s+essays|no\s+walls?\s+of\s+text|don't\s+ramble|no\s+rambling)\b",
    _F,
)
_FEW_SENTENCES = re.compile(
    r"(?:[一两二三四五]{1,2}|几)句话?[\u4e00-\u9fff]{0,4}?(?:就行|就够|就好|以内|即可|左右|就可以)|"
    r"\b(?:in|to|within)\s+(?:one|two|three|a\s+few|a\s+couple\s+of)\s+(?:or\s+(?:two|three)\s+)?(?:sentences|lines)\b|"
    r"\b(?:one|two|three|a\s+few)\s+(?:sentences|lines)\s+(?:max|tops|at\s+most|is\s+enough|is\s+plenty)\b",
    _F,
)
# A request in so many words ("Bottom line up front, please"): what it asks for is how to reply.
_PLEASE = re.compile(r"\bplease\b|麻烦|请", _F)
# The way asked for before, asked for again ("还是老规矩，结论放前面", "same as last time, bottom line first")
_AS_BEFORE = re.compile(
    r"老规矩|照旧|跟以前一样|和以前一样|\b(?:as\s+usual|same\s+as\s+(?:last\s+time|before|always))\b", _F
)
_CONCLUSION_FIRST = re.compile(
    r"先(?:给|说|讲|写|上)?(?:结论|答案)|结论先行|(?:结论|答案)(?:放)?(?:在)?(?:最?前面|开头)|"
    r"\b(?:conclusion|answer|bottom\s+line|tl;?dr|summary|point)\s+(?:first|up\s+front)\b|\bbluf\b|"
    r"\b(?:lead|start|open)\s+with\s+the\s+(?:answer|conclusion|bottom\s+line|summary|tl;?dr)\b",
    _F,
)
# No question or offer to close a reply: "stop ending every answer with a question", "I don't need the follow-up
# offers", "别每次最后都问我要不要…".
_NO_FOLLOW_UP = re.compile(
    r"\b(?:stop|quit|don't|do\s+not|no\s+need\s+to|never)\s+(?:ending|finishing|closing|end|finish|close)\s+"
    r"(?:every|each|your|the|all)?\s?(?:answers?|replies|reply|responses?|messages?)?\s?with\s+(?:a\s+)?"
    r"(?:questions?|offers?)\b|"
    r"\b(?:don't|do\s+not)\s+(?:need|want)\s+(?:the\s+|any\s+|those\s+|all\s+the\s+)?follow-?up\s+"
    r"(?:offers?|questions?)\b|\bno\s+(?:more\s+)?follow-?up\s+(?:offers?|questions?)\b|"
    r"(?:别|不要|不用)(?:每次|老是|总是)?(?:都)?(?:在)?(?:最后|结尾|末尾)(?:都)?(?:再)?(?:问我|反问|追问|加(?:个|一)?(?:问题|问句))|"
    r"(?:别|不要|不用)(?:每次|老是|总是)?(?:都)?(?:再)?问我(?:要不要|需不需要|还要不要)",
    _F,
)
# How the assistant's text is written: the spelling, the order of a date's day and month, code without prose.
_SPELLING = re.compile(
    r"\b(?P<en>british|uk|american|us)\s+(?:english\s+)?spelling\b|"
    r"\bspell\s+(?:things|words|it|everything)\s+the\s+(?P<way>british|american)\s+way\b|(?P<zh>英式|美式)拼写",
    _F,
)
_DATE_ORDER = re.compile(
    r"\b(?P<day>day\s+first|day\s+before\s+(?:the\s+)?month|dd/mm(?:/yyyy)?)\b|"
    r"\b(?P<month>month\s+first|month\s+before\s+(?:the\s+)?day|mm/dd(?:/yyyy)?)\b|(?P<zday>日在前|先写日)|(?P<zmonth>月在前|先写月)",
    _F,
)
_CODE_ONLY = re.compile(
    r"\b(?:just|only)\s+(?:give\s+me\s+)?the\s+code(?:\s+block)?\b|"
    r"\b(?:skip|no|without|drop|leave\s+out)\s+(?:the\s+|any\s+)?explanations?\b|只要代码|只给代码|代码就行|不用解释|别解释",
    _F,
)


# The manner of replies in words other than a length or a format: direct, in plain language, with sources, simple,
# without apologies.
_MANNERS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    (
        "reply_directness",
        "direct",
        re.compile(
            r"\b(?:(?:be|can\s+be)\s+(?:blunt|direct|straight|brutally\s+honest)\s+with\s+me|no\s+sugar-?coating|"
            r"don't\s+sugar-?coat|(?:don't|do\s+not)\s+need\s+it\s+sugar-?coated|"
            r"(?:give|tell)\s+it\s+to\s+me\s+straight|(?:be|keep\s+it)\s+(?:blunt|direct))\b|"
            r"直接一点|(?<![一简])直说|别绕弯子|不要绕弯子|开门见山|别(?:跟我)?客套|有话直说|不用(?:给我)?留面子",
            _F,
        ),
    ),
    (
        "reply_options",
        "just one option",
        re.compile(
            r"\b(?:just\s+)?(?:pick|choose|give\s+me|recommend)\s+(?:just\s+)?(?:one|a\s+single\s+one)\s+(?:for\s+me|and\s+"
            r"(?:stop|that's\s+it))\b|\b(?:one|a\s+single)\s+recommendation(?:\s+only|,\s+not\s+a\s+list)\b|"
            r"\bdon't\s+give\s+me\s+(?:a\s+list|options|(?:three|four|five)\s+options)\b|"
            r"(?:只|就)(?:给|推荐)(?:我)?一个|给(?:我)?一个就行|推荐一个就行|(?:帮我|替我|你)拍板",
            _F,
        ),
    ),
    (
        "amounts",
        "exact amounts",
        re.compile(
            r"\b(?:exact|precise|specific)\s+(?:amounts|measurements|quantities|weights)\b|\b(?:amounts|quantities|measurements|everything|recipes?)\s+in\s+grams\b|"
            r"(?:写|给)(?:成|出)?(?:具体|准确|精确)?(?:的)?(?:多少)?克数?|(?:具体|准确|精确)(?:的)?(?:克数|用量)|"
            r"(?:别|不要)(?:写|给|跟我整|来)?(?:什么)?(?:适量|少许)",
            _F,
        ),
    ),
    (
        "em_dashes",
        "no em dashes",
        re.compile(
            r"\b(?:drop|no|skip|avoid|lose|without|cut|stop\s+using|don't\s+use|do\s+not\s+use)\s+(?:the\s+|any\s+|those\s+)?"
            r"em[\s-]?dash(?:es)?\b|\bem[\s-]?dash(?:es)?\s+again\b|别(?:再)?用破折号|不要(?:再)?用破折号|去掉破折号",
            _F,
        ),
    ),
    (
        "jargon",
        "plain language",
        re.compile(
            r"\b(?:no|without|skip\s+the|avoid(?:\s+the)?|less)\s+jargon\b|\bplain\s+(?:english|language)\b|"
            r"\b(?:simple|easy|basic)\s+(?:english|words|language|vocabulary)\b|\bshort\s+sentences\b|"
            r"(?:用词|词儿?)(?:简单|浅显)|简单的(?:词|字眼|话)|浅显(?:一点|易懂)|句子(?:短|简单)一?点|"
            r"(?:别用|不要用|少用)(?:太多)?(?:专业)?术语|[说讲]人话|通俗(?:一点|易懂)|用大白话|说大白话|讲大白话|"
            r"(?:别|不要|少)(?:整|用|说|拽|扯)(?:那些|太多)?(?:专业)?(?:词儿|名词|术语)",
            _F,
        ),
    ),
    (
        "citations",
        "cite sources",
        re.compile(
            r"\b(?:cite|include|add|give\s+me)\s+(?:your\s+|the\s+)?(?:sources|references|citations)\b|注明出处|给出处|附上来源|"
            r"(?:把|将)(?:出处|来源|依据)(?:也)?(?:带上|附上|标上|写上|给上)|(?:带上|附上|标上|标明|写上)(?:出处|来源|依据)",
            _F,
        ),
    ),
    (
        "explanation_level",
        "simple explanations",
        re.compile(
            r"\blike\s+i'm\s+(?:five|5|a\s+beginner)\b|\beli5\b|\bin\s+simple\s+terms\b|"
            r"像给小白讲|当我是小白|讲得简单点",
            _F,
        ),
    ),
    (
        "uncertainty",
        "flag uncertainty",
        re.compile(
            r"\bif\s+you(?:'re|\s+are)\s+not\s+(?:sure|certain),?\s+(?:just\s+)?(?:say|tell\s+me)\s+so\b|"
            r"\b(?:flag|say|tell\s+me|admit)\s+(?:it\s+)?(?:when|if)\s+you(?:'re|\s+are)\s+(?:not\s+(?:sure|certain)|unsure|"
            r"uncertain|guessing)\b|\b(?:admit|say)\s+(?:it\s+)?when\s+you\s+don't\s+know\b|"
            r"(?:不确定|拿不准|没把握)(?:的)?(?:就|要|得)?(?:直说|说出来|标出来|告诉我|说不确定|说一声)|不知道就说不知道|"
            r"(?:别|不要)(?:瞎编|编造|不懂装懂)",
            _F,
        ),
    ),
    (  # "别用那些网络词", "又是宝子又是家人们", "no internet slang": words of the internet's slang left out
        "slang",
        "no internet slang (网络用语)",
        re.compile(
            r"(?:别|不要|少)(?:给我)?(?:用|整|来|说|写)(?:那些|这种|那种)?(?:网络(?:用语|流行语|词|梗|热词)|流行语)|"
            r"(?:又是|别|不要|少)(?:给我)?(?:整|用|来|说|喊)?(?:宝子|家人们|绝绝子|集美|尊嘟假嘟)|"
            r"\b(?:no|skip\s+the|drop\s+the|cut\s+the|stop\s+with\s+the|less|don't\s+use|avoid)\s+(?:internet\s+|gen\s+z\s+)?slang\b",
            _F,
        ),
    ),
    (  # "No 'delve', no 'tapestry' … Write like a person.", "That buzzword stuff makes it sound like a robot wrote it"
        "buzzwords",
        "no buzzwords or clichés, plain words (套话)",
        re.compile(
            r"\b(?:no|without|skip\s+the|avoid|cut\s+the|drop\s+the|less|stop\s+with\s+the|none\s+of\s+the)\s+(?:\w+\s+)?"
            r"(?:buzzwords?|clich[eé]s?|corporate[\s-]speak|flowery\s+language|purple\s+prose)\b|"
            r"\bbuzzword\s+(?:stuff|soup|bingo)\b|\b(?:write|sound|talk)\s+like\s+a\s+(?:real\s+|normal\s+)?(?:person|human)\b|"
            r"\bsounds?\s+like\s+a\s+robot\b|\bplain\s+words\b|"
            r"(?:别|不要|少)(?:用|写|整|堆|来)(?:那些|这种|那种)?(?:套话|空话|官话|华丽的?辞藻|AI腔|AI味)|(?:一股|满满的)AI味",
            _F,
        ),
    ),
    (
        "essay_structure",
        "no boilerplate structure",
        re.compile(
            r"八股|首先其次|(?:别|不要)(?:给我)?(?:整|写|来)(?:这种)?(?:作文|套话)|"
            r"\b(?:no|skip\s+the|drop\s+the|stop\s+with\s+the)\s+(?:\"?firstly\"?|\"?in\s+conclusion\"?|five-paragraph|essay\s+structure)\b",
            _F,
        ),
    ),
    (
        "sign_off",
        "no sign-off lines",
        re.compile(
            r"\b(?:no|skip|drop|lose|cut|stop\s+adding|without)\s+(?:the\s+|any\s+)?(?:sign-?offs?(?:\s+lines?)?|"
            r"sign\s+off\s+lines?|closing\s+lines?)\b|"
            r"\b(?:drop|skip|lose|cut)\s+the\s+['\"\u2018\u201c]hope\s+this\s+helps|"
            r"(?:结尾|最后|末尾)[^。！？!?]{0,8}?(?:别|不要|不用)(?:再)?(?:给我)?(?:加|来|写|整)(?:那些|那句|这些)?(?:客套话|客气话)",
            _F,
        ),
    ),
    (
        "closing_summary",
        "no closing summary",
        re.compile(
            r"(?:结尾|最后那段|最后那句|末尾)[^。！？!?]{0,12}?(?:别|不要|不用)(?:再)?(?:给我)?(?:加|来|写|整)"
            r"(?!(?:那些|那句|这些)?(?:客套话|客气话))|"
            r"(?:别|不要|不用)(?:再)?(?:在)?(?:结尾|最后|末尾)(?:再)?(?:加|来|写|整)(?:个|一段)?(?:总结|总之|小结)|"
            r"\b(?:skip|drop|no|stop\s+adding|lose)\s+(?:the\s+)?(?:summary|recap|tl;?dr)\s+at\s+the\s+end\b|"
            r"\bno\s+(?:closing|final)\s+(?:summary|summaries|recap)\b",
            _F,
        ),
    ),
    (
        "recipe_servings",
        "one serving (一人份)",
        re.compile(
            r"(?:菜谱|食谱|做法|方子)[^。！？!?]{0,8}?按(?:一人份|一个人的量|一个人吃的量|单人份|1人份)|"
            r"按(?:一人份|一个人的量|单人份)(?:来|算|写|给)|"
            r"\brecipes?\b[^.!?]{0,30}?\b(?:for\s+one(?:\s+person)?|(?:a\s+)?single\s+serving|one\s+serving)\b|"
            r"\b(?:scale|portion)\s+(?:them|it|recipes?)\s+(?:down\s+)?(?:to|for)\s+(?:one|a\s+single)\s+(?:person|serving)\b",
            _F,
        ),
    ),
    (
        "prices",
        "include prices (价位)",
        re.compile(
            r"(?:把|带上|写上|标上|附上)[^，。！？]{0,6}?(?:价钱|价位|价格|多少钱)|(?:价钱|价位|价格|多少钱)[^，。！？]{0,4}?"
            r"(?:写上|带上|标上|标出来|给我带上)|\b(?:include|add|list|show|give\s+me)\s+(?:the\s+)?(?:rough\s+)?prices?\b",
            _F,
        ),
    ),
    (
        "apologies",
        "no apologies",
        re.compile(
            r"\b(?:stop|quit|don't\s+keep|no\s+need\s+to\s+keep)\s+apologi[sz]ing\b|\bhate\s+when\s+you\s+apologi[sz]e\b|"
            r"\bno\s+(?:more\s+)?apologies\b|\bagain\s+with\s+the\s+apolog(?:ies|izing|ising)\b|\b(?:don't|do\s+not)\s+need\s+to\s+apologi[sz]e\b|"
            r"\bskip\s+(?:the|those|all\s+the)\s+apologies\b|别(?:老是|总是|一直)?道歉|不用(?:老是|总是)?道歉",
            _F,
        ),
    ),
    (
        "restating",
        "don't restate the question",
        re.compile(
            r"\b(?:don't|do\s+not|stop|quit|no\s+need\s+to|don't\s+need\s+to)\s+(?:keep\s+)?(?:repeat(?:ing)?|restat(?:e|ing)|"
            r"rephras(?:e|ing)|echo(?:ing)?|parrot(?:ing)?)\s+(?:back\s+)?(?:my|the)\s+questions?\b|"
            # "Skip the part where you restate what I asked"
            r"\bskip\s+(?:the\s+part\s+where\s+you|the)\s+(?:restat(?:e|ing)|repeat(?:ing)?|rephras(?:e|ing)|echo(?:ing)?)"
            r"(?:\s+(?:what\s+i\s+asked|my\s+questions?|the\s+questions?))?\b|"
            r"别(?:再)?(?:复述|重复)我的问题|不用(?:再)?(?:复述|重复)(?:一遍)?我的问题",
            _F,
        ),
    ),
    (
        "praise",
        "no praise of the question",
        re.compile(
            r"\b(?:(?:don't|do\s+not|stop|quit|no\s+need\s+to)\s+(?:keep\s+)?(?:prais(?:e|ing)|compliment(?:ing)?|"
            r"flatter(?:ing)?)\s+(?:me|my\s+questions?)|skip\s+the\s+(?:\"?great\s+question\"?|flattery|compliments?)|"
            r"no\s+more\s+\"?great\s+question)|别(?:一上来就|老是|总是|再)?夸我|(?:开头|开场)(?:那句|的)?客套话?(?:就)?(?:省了|免了|不用了?|别说了?)|"
            r"别(?:再)?说(?:我)?(?:问题)?问得好|不用夸",
            _F,
        ),
    ),
    (
        "disclaimers",
        "no disclaimers",
        re.compile(
            r"\b(?:skip|drop|cut|lose|no\s+(?:more\s+)?|without\s+(?:the\s+)?|(?:don't|do\s+not)\s+(?:need|want)\s+(?:a|the|any))\s*"
            r"(?:the\s+)?(?:disclaimers?|caveats?)\b|again\s+with\s+the\s+(?:disclaimers?|caveats?)|"
            r"(?:别|不要|不用|省掉|去掉)(?:再)?(?:加|写|说)?(?:什么)?(?:免责声明|免责)",
            _F,
        ),
    ),
    (
        "honorific",
        "no honorific 您",
        re.compile(
            r"别(?:用)?您(?:啊您的)?|不用(?:称呼我)?您|别叫我您|用[“\"]?你[”\"]?就(?:行|好|可以)|别您您的|"
            r"又[“\"]?您[”\"]?上了|不用(?:跟我|和我|对我)客气"
        ),
    ),
    (
        "jokes",
        "no jokes",
        re.compile(
            r"\b(?:skip|drop|cut|lose|quit|stop|no\s+(?:more\s+)?|without\s+(?:the\s+)?|(?:don't|do\s+not)\s+"
            r"(?:need|want|make|crack|throw\s+in)\s+(?:any\s+)?|again\s+with\s+)\s*(?:the\s+)?"
            r"(?:jokes|joking|puns|wordplay|quips|wisecracks)\b|"
            r"(?:别|不要|不用|少)(?:再)?(?:跟我)?(?:开玩笑|抖机灵|玩梗|讲笑话|说笑话|耍贫嘴|贫嘴)",
            _F,
        ),
    ),
    (
        "exclamation_marks",
        "fewer exclamation marks",
        re.compile(
            r"\b(?:(?:dial|tone|cut)\s+(?:down|back)(?:\s+on)?\s+(?:the\s+)?|(?:fewer|less|no(?:\s+more)?)\s+|"
            r"again\s+with\s+the\s+)exclamation\s+(?:marks|points)\b|少用感叹号|别用感叹号|不要(?:用)?感叹号",
            _F,
        ),
    ),
    (  # "no analogies with me, ever. Straight definitions.", "别老打比方"
        "analogies",
        "no analogies, plain definitions",
        re.compile(
            r"\b(?:no|stop\s+(?:using\s+)?|(?:don't|do\s+not|never)\s+(?:use\s+|give\s+me\s+)?|skip\s+the|without)\s+"
            r"(?:the\s+|any\s+|more\s+)?(?:analogies|analogy|metaphors|comparisons)\b|"
            r"(?:别|不要|不用|少)(?:再)?(?:老|总)?(?:给我)?(?:打比方|比喻|类比)",
            _F,
        ),
    ),
    (  # "Please don't bold anything in your answers", "no more bold", "别再给我加粗了"
        "bold",
        "no bold",
        re.compile(
            r"\b(?:(?:don't|do\s+not|never|stop|quit)\s+(?:using\s+|use\s+)?bold(?:ing|face)?|"
            r"no\s+(?:more\s+)?bold(?:ing|face)?|without\s+(?:the\s+|any\s+)?bold(?:ing|face)?)\b|"
            r"(?:别|不要|不用|少)(?:再)?(?:给我|帮我)?(?:用)?(?:加粗|粗体)",
            _F,
        ),
    ),
)


# each manner with the literal words one of which its every match contains
_GATED_MANNERS = tuple((attribute, value, pattern, LiteralGate.of(pattern)) for attribute, value, pattern in _MANNERS)


def written(text: str) -> list[ReplySetting]:
    """The spelling, the date order, code-only answers and the manner of replies a segment asks for, each once."""
    out: list[ReplySetting] = []
    lower = lowered(text)
    for attribute, value, pattern, gate in _GATED_MANNERS:
        if not gate.admits(text, lower):
            continue
        m = pattern.search(text)
        if m is not None:
            out.append(ReplySetting(Predicate.PREFERS_FORMAT, attribute, value, m.start(), m.end()))
    spelling = _SPELLING.search(text)
    if spelling is not None:
        word = (spelling.group("en") or spelling.group("way") or "").lower()
        kind = "british" if word in ("british", "uk") or spelling.group("zh") == "英式" else "american"
        out.append(
            ReplySetting(Predicate.PREFERS_FORMAT, "spelling", f"{kind} spelling", spelling.start(), spelling.end())
        )
    order = _DATE_ORDER.search(text)
    if order is not None:
        first = "day" if order.group("day") or order.group("zday") else "month"
        out.append(ReplySetting(Predicate.PREFERS_FORMAT, "date_order", f"{first} first", order.start(), order.end()))
    code = _CODE_ONLY.search(text)
    if code is not None:
        out.append(ReplySetting(Predicate.PREFERS_FORMAT, "code_answers", "code only", code.start(), code.end()))
    return out


# A device of presentation (lists, tables, bullet points ...) said to read better than something else.
_DEVICES = {
    **FORMATS, "lists": "bullet points", "list": "bullet points", "paragraphs": "prose", "prose": "prose",
    "plain prose": "prose", "段落": "prose", "成段": "prose",
}  # fmt: skip
_DEVICE = re.compile(
    r"(?<![A-Za-z])(?:" + "|".join(re.escape(w) for w in sorted(_DEVICES, key=len, reverse=True)) + r")(?![A-Za-z])",
    _F,
)
_BETTER = re.compile(
    r"\b(?:easier|clearer|better|nicer|quicker|faster|simpler|more\s+readable)\b(?:\s+(?:for\s+me\s+)?to\s+\w+)?"
    r"\s+(?:than|to\s+me\s+than)\b|\b(?:works?|reads?)\s+better\b|"
    r"更(?:好|清楚|清晰|方便|直观|容易)|比较(?:清楚|清晰|方便|直观)",
    _F,
)
# A preference said before the device: "I'd rather read normal paragraphs", "我更喜欢成段的".
_RATHER = re.compile(r"\b(?:rather|prefer)\b[\w\s]{0,24}$|(?:更喜欢|偏好|倾向于?)[\u4e00-\u9fff]{0,6}$", _F)
_LEFT_OUT = re.compile(
    r"(?:\b(?:didn't|did\s+not|don't|do\s+not|not|never|wouldn't|would\s+not)\s+(?:use|add|include|put\s+in)\s+"
    r"(?:any\s+|so\s+many\s+|the\s+)?|\b(?:no|fewer|less|without)\s+|不要|别用|不用|不加|少用|少加|不带)$",
    _F,
)
_BEHIND = re.compile(r"(?:\b(?:than|over|instead\s+of|rather\s+than|not)|比|而不是|不要|别用|不用)\s*$", _F)
_UNITS = re.compile(
    r"\b(?P<en>metric|imperial)\b(?:\s+(?:units?|system|measurements?))?|(?P<zh>公制|英制)(?:单位)?", _F
)
_UNIT_VALUES = {
    "metric": "metric units", "imperial": "imperial units", "公制": "metric units", "英制": "imperial units"
}  # fmt: skip
# How quantities are written for the user: the temperature scale, the clock, the currency, each an attribute of
# its own, one normalised value whatever the language ("摄氏度" = "Celsius" = "celsius").
_CONVENTIONS: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("celsius", "centigrade", "摄氏度", "摄氏"), ("temperature_unit", "celsius")),
    **dict.fromkeys(("fahrenheit", "华氏度", "华氏"), ("temperature_unit", "fahrenheit")),
    **dict.fromkeys(
        ("24-hour", "24 hour", "24h", "24小时制", "24 小时制", "二十四小时制"), ("time_format", "24-hour clock")
    ),
    **dict.fromkeys(("12-hour", "12 hour", "12小时制", "am/pm"), ("time_format", "12-hour clock")),
    **dict.fromkeys(("人民币", "rmb", "cny", "元人民币"), ("currency", "cny")),
    **dict.fromkeys(("美元", "美金", "usd", "us dollars", "dollars"), ("currency", "usd")),
    **dict.fromkeys(("欧元", "eur", "euros"), ("currency", "eur")),
    **dict.fromkeys(("英镑", "gbp", "pounds sterling", "pounds"), ("currency", "gbp")),
    **dict.fromkeys(("日元", "jpy", "yen"), ("currency", "jpy")),
}  # fmt: skip
_CONVENTION = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    + "|".join(re.escape(w) for w in sorted(_CONVENTIONS, key=len, reverse=True))
    + r")(?![A-Za-z])",
    _F,
)
# A cue of writing, showing or counting in it ("用摄氏度", "都按人民币来", "in Celsius", "use the 24-hour clock").
_CONVENTION_CUE = re.compile(
    r"用|按|以|换成|改成|换算|显示|习惯|\b(?:in|use|using|give|show|write|convert|quote|switch|prefer|stick\s+to)\b", _F
)
# An amount ("20 dollars", "三百元人民币") counts money; it does not say how to count it.
_AMOUNT_BEFORE = re.compile(r"[0-9零一二两三四五六七八九十百千万亿]\s*$")
_CLAUSE = re.compile(r"[,，;；:：、。.!！?？]|\s(?:but|and)\s")


def _clause(text: str, pos: int) -> tuple[int, int]:
    left = 0
    for m in _CLAUSE.finditer(text, 0, pos):
        left = m.end()
    right = _CLAUSE.search(text, pos)
    return left, right.start() if right else len(text)


def _preferred_device(text: str) -> ReplySetting | None:
    """The device said to read better: "Lists are easier for me to scan than walls of text", "表格看起来更清楚"."""
    for m in _DEVICE.finditer(text):
        c_start, c_end = _clause(text, m.start())
        if _BEHIND.search(text[c_start : m.start()]):
            continue  # "than a table", "比表格": the thing compared against
        better = _BETTER.search(text, m.end(), c_end)
        if (better is None or better.start() - m.end() > 24) and not _RATHER.search(text, c_start, m.start()):
            continue
        word = m.group(0).lower() if m.group(0).isascii() else m.group(0)
        # "I'd rather you didn't use tables", "I'd prefer no tables": the device preferred left out
        left_out = _LEFT_OUT.search(text, max(c_start, m.start() - 24), m.start()) is not None
        return ReplySetting(Predicate.PREFERS_FORMAT, "", _DEVICES[word], m.start(), m.end(), not left_out)
    return None


_CAPPED = re.compile(
    r"\b(?:one|two|three|a\s+few|a\s+couple\s+of)\s+(?:sentences|lines|paragraphs?)\s+(?:max|tops|at\s+most)\b|"
    r"\b(?:under|below|within|no\s+more\s+than|at\s+most)\s+\d{2,4}\s+words\b|"
    r"(?:[一两二三四五]{1,2}|几)句话?(?:以内|之内|封顶)",
    _F,
)


def capped_reply(text: str, lang: Lang) -> list[ReplySetting]:
    """A reply length capped in so many words ("a few lines max", "三句话以内"): a request about replies said in
    no person at all."""
    m = _CAPPED.search(text)
    return [ReplySetting(Predicate.PREFERS_REPLY_STYLE, "", "short replies", m.start(), m.end())] if m else []


# Explanations with examples: "跟我解释东西的时候顺手举个生活里的例子", "give me a real-life example when you explain"
_EXAMPLES = re.compile(
    r"举(?:个|几个|些|点)?(?:(?:生活|实际|具体|简单|通俗|日常|现实|身边|真实)[\u4e00-\u9fff]{0,2}的)?例子|多举例|打个比方|"
    r"\b(?:give|include|use|show|add)\s+(?:me\s+)?(?:(?:an?|some|concrete|real[-\s](?:life|world)|practical|everyday)\s+){0,3}"
    r"(?:examples?|analog(?:y|ies))\b(?!\s+(?:of|for)\b)",
    _F,
)
_EXAMPLES_CUE = re.compile(
    r"你|给我|跟我|解释|讲|\b(?:you|explain|explaining|explanations?|answers?|replies|always)\b", _F
)
# "举个例子，我昨天…": the speaker's own example, opening what they say
_OWN_EXAMPLE = re.compile(r"\s{0,3}[，,：:]")


# Answers that show how they were reached: "I like seeing how you got a number", "always show the working",
# "把计算过程写出来", "别只给我结果"
_WORKING = re.compile(
    r"\b(?:see|seeing|show|showing)\s+how\s+you\s+(?:got|get|arrived\s+at|worked\s+out|came\s+up\s+with)\b|"
    r"\b(?:see|seeing|show|showing|walk\s+me\s+through)\s+(?:me\s+)?(?:the|your|all\s+the)\s+"
    r"(?:math|maths|working|workings|calculations?|derivations?|steps)\b|"
    r"(?:计算|推导|解题|推算)过程|(?:别|不要)只给(?:我)?(?:答案|结果|数字)",
    _F,
)
_WORKING_CUE = re.compile(r"\b(?:i|i'd|i'm|always|please|every\s+time|from\s+now\s+on)\b|我|以后|每次|都", _F)
_NOT_WANTED = re.compile(r"(?:\b(?:don't|do\s+not|no\s+need\s+to|never|not|skip)\b|不用|不需要|不必)[\s\w]{0,10}$", _F)


def reply_shape(text: str, lang: Lang) -> list[ReplySetting]:
    """The reply settings one segment asks for in words other than a name of the setting."""
    out: list[ReplySetting] = []
    about = bool(_ABOUT_REPLIES[lang].search(text) or _PLEASE.search(text) or _AS_BEFORE.search(text))
    if about:
        short = _NOT_LONG.search(text) or _FEW_SENTENCES.search(text)
        if short is not None:
            out.append(ReplySetting(Predicate.PREFERS_REPLY_STYLE, "", "short replies", short.start(), short.end()))
        first = _CONCLUSION_FIRST.search(text)
        if first is not None:
            out.append(ReplySetting(Predicate.PREFERS_FORMAT, "", "conclusion first", first.start(), first.end()))
    out += written(text)
    closing = _NO_FOLLOW_UP.search(text)
    if closing is not None:
        out.append(
            ReplySetting(
                Predicate.PREFERS_FORMAT, "reply_closing", "no follow-up questions", closing.start(), closing.end()
            )
        )
    device = _preferred_device(text)
    if device is not None:
        out.append(device)
    seen: set[str] = set()
    for m in _CONVENTION.finditer(text):
        attribute, value = _CONVENTIONS[m.group(0).lower()]
        c_start, c_end = _clause(text, m.start())
        if attribute in seen or not _CONVENTION_CUE.search(text[c_start:c_end]):
            continue
        if _BEHIND.search(text[max(0, m.start() - 12) : m.start()]) or _AMOUNT_BEFORE.search(text[: m.start()]):
            continue
        seen.add(attribute)
        out.append(ReplySetting(Predicate.PREFERS_FORMAT, attribute, value, m.start(), m.end()))
    example = _EXAMPLES.search(text)
    if (
        example is not None
        and _EXAMPLES_CUE.search(text)
        and not (not text[: example.start()].strip(" ，,。") and _OWN_EXAMPLE.match(text, example.end()))
    ):
        out.append(ReplySetting(Predicate.PREFERS_FORMAT, "examples", "with examples", example.start(), example.end()))
    working = _WORKING.search(text)
    if (
        working is not None
        and _WORKING_CUE.search(text)
        and not _NOT_WANTED.search(text[max(0, working.start() - 16) : working.start()])
    ):
        out.append(
            ReplySetting(Predicate.PREFERS_FORMAT, "show_working", "show the working", working.start(), working.end())
        )
    units = _UNITS.search(text)
    if units is not None and not _BEHIND.search(text[max(0, units.start() - 12) : units.start()]):
        word = (units.group("en") or units.group("zh")).lower()
        out.append(ReplySetting(Predicate.PREFERS_FORMAT, "units", _UNIT_VALUES[word], units.start(), units.end()))
    return out
