"""Guards of rule-based extraction: what makes a segment or a clause say nothing standing about the speaker (a
question, a supposition, a joke, a one-off, a past-only or reported remark, someone else's taste, quoted words),
what marks a statement as meant to be remembered or as a request to the assistant, and what a later mention's
negation says of a candidate's stance. Every pattern is a literal alternation or a bounded repeat.
"""

from __future__ import annotations

import re

__all__ = [
    "ASK_TO_REMEMBER",
    "EXPLICIT",
    "HEDGE",
    "HYPOTHETICAL",
    "JOKE",
    "LAUGH_ONLY",
    "MARKER_ONLY",
    "MENTION_DROPPED",
    "MENTION_NEGATION",
    "MENTION_SWAP",
    "MENTION_TAKEN",
    "NAMED_KIN_ZH",
    "OTHER_PERSON",
    "PAST",
    "QUESTION",
    "QUOTED",
    "REPORTED",
    "REQUEST",
    "SITUATIONAL",
    "TURN_MARKER",
    "ZH_FROM_NOW_ON",
    "without_quotations",
]

_F = re.IGNORECASE

QUESTION = {
    "en": re.compile(
        # "When I travel I always book …": a clause of time, not a question; "can't stand cilantro": a statement
        # with its subject dropped
        r"^\s*(?:when(?!\s+(?:i|we|you|i'm|we're|i've|you're)\s)|do(?!\s+(?:that|this|it|the\s+same)\s+(?:for|with|every|each|whenever|from|again)\b)|does|did|should|would|could|can(?!'t\s+(?:do|stand|eat|have|handle|drink|tolerate)\s)|will|is|are|am|what|which|who|whom|whose|where|why|"
        r"how|shall|may|have|has|isn't|aren't|didn't|doesn't)\b(?!\s+not\b)|\bi\s+wonder\b|\bwondering\b",
        _F,
    ),
    "zh": re.compile(
        r"(?<!没)什么|哪些|哪个|哪种|哪里|哪儿|(?<!知道)(?<!知道都有)(?<!清楚)谁(?![\u4e00-\u9fff]{0,6}[都也])|怎么|为什么|为啥|是不是|要不要|会不会|能不能|有没有|多少(?!钱?(?:写上|标上|带上|标出来|附上|写出来|列上|列出来))|几点|多久|多长时间|多远|(?<!没)啥(?![的都也])|咋|吗|[呢么]\s*$"
    ),
}
HYPOTHETICAL = {
    "en": re.compile(
        # (not a default handed over: "From now on, assume Zoho Meeting for anything you schedule")
        r"(?:^|[,;:]\s*)(?:if|suppose|supposing|imagine|assuming|assume(?!\s(?-i:[A-Z])[\w-]{1,20}(?:\s(?-i:[A-Z])[\w-]{1,20})?"
        r"\s(?:for|as|by)\b)|pretend|hypothetically)\b|"
        r"\b(?:what\s+if|if\s+i|if\s+i'm|were\s+i|wish\s+i|suppose|supposing|imagine|in\s+another\s+life|"
        r"let's\s+say|would\s+have|as\s+if|"
        r"i\s+would(?!\s+(?:rather|prefer)\b|\s+like\s+(?:(?:all|every|each|any)\s+(?:of\s+)?)?(?:you|your)\b)|"
        # "I'd like your answers in English", "I'd like you to keep it short": a request to the assistant
        # ("I'd forgotten how much I missed it": "I had", no supposition)
        r"i'd(?!\s+(?:rather|prefer)\b|\s+like\s+(?:(?:all|every|each|any)\s+(?:of\s+)?)?(?:you|your)\b|"
        r"\s+(?:been|forgotten|forgot|already|gotten|had|done|seen|heard|known|lost|left|told|said|thought|missed|"
        r"noticed|eaten|tried|started|stopped|given|moved|finished|written|read|spent|used)\b|"
        # ("I'd take the train over a plane": a choice the speaker makes every time)
        r"\s+(?:always\s+)?(?:take|pick|choose)\s+[^,.;!?]{1,30}?\s+over\s))\b",
        _F,
    ),
    "zh": re.compile(
        r"如果|(?<![主只])要是|假如|假设|假若|倘若|万一|设想|想象|假装|若是|如若|要不是|假使|"
        # "…的话" supposes ("我搬去大理的话", "有时间的话我想…") unless a habit follows a clause with no person in it:
        # "出差订酒店的话，我一般更倾向全季" is a topic ("as for booking hotels")
        # "回我的话", "听你的话": words said, not a supposition
        r"(?<![回说讲听])[我你他她][^，,。；;！!？?]{0,12}的话|(?<![回说讲听]我)(?<![回说讲听]你)的话"
        r"(?![，,\s]{0,2}我?(?:一般|通常|都|习惯|每次|总是|基本|一律|倾向|偏好|更?喜欢))"
    ),
}
JOKE = {
    "en": re.compile(
        r"\b(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jk|just\s+kidding|kidding|joking|xd)\b|😂|🤣|😆|😜|😝|🙃|"
        r"could\s+eat\s+a\s+horse|the\s+whole\s+(?:world|planet|universe)|literally\s+dying",
        _F,
    ),
    "zh": re.compile(r"哈哈|嘿嘿|呵呵|嘻嘻|开玩笑|开个玩笑|逗你|说笑|😂|🤣|😆|整个地球|整个宇宙|吃掉整个|一万年|笑死"),
}
LAUGH_ONLY = re.compile(r"^[\s\W]*(?:(?:ha)+h?|(?:he)+|lol|lmao|jk|xd|哈+|嘿+|呵+|嘻+|😂|🤣)[\s\W]*$", _F)
SITUATIONAL = {
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
PAST = {
    "en": re.compile(
        r"\bused\s+to\b|\bback\s+(?:then|in)\b|\bwhen\s+i\s+was\b|\bas\s+a\s+(?:kid|child|teenager)\b|"
        r"\bin\s+the\s+past\b|\byears\s+ago\b|\bformerly\b",
        _F,
    ),
    # (not the 过去 of a way there or past: "开车过去", "走过去", "推着小车蹭过去")
    "zh": re.compile(
        r"(?<!点)以前|(?<!点)之前|(?<![车走跑飞游爬搬送拿带开骑坐班赶冲溜绕蹭挤推转传递扔跳逛晃漂划])过去(?![帮看接找陪送吃玩买拿瞧取等]|一趟)|曾经|小时候|那时候|那时|当年|原来|以往|从前"
    ),
}
REPORTED = {
    "en": re.compile(
        r"(?<!i\s)\b(?:says?|said|thinks?|thought|believes?|claims?|insists?|told\s+\w+|tells\s+\w+)\s+"
        r"(?:that\s+)?i\b|\b(?:friend|wife|husband|partner|mom|mum|dad|brother|sister|kids?|family|colleague|boss|"
        r"roommate|girlfriend|boyfriend|he|she|they|you)\s+(?:and|&)\s+i\b|\b(?:don't|do\s+not)\s+think\b|\bnot\s+sure\b|"
        # what the speaker said before, quoted to be corrected: "earlier I told you my day off was Tuesday"
        r"\b(?:earlier|before)\s+i\s+(?:told\s+you|said|mentioned)\b|(?<!like\s)(?<!as\s)\bi\s+(?:told\s+you|said)\s+(?:earlier|before)\b",
        _F,
    ),
    # (not the 说 of a word: "科幻小说我是真的看不腻", "这个传说我不信")
    "zh": re.compile(
        r"(?<![我小传解演游])(?:说|觉得|以为|认为|听说|讲)我|告诉\S{0,4}我|[和跟与]我(?:都|也|一起)|不觉得|不确定"
    ),
}
HEDGE = {
    "en": re.compile(
        r"\b(?:i\s+think|i\s+guess|i\s+suppose|maybe|probably|perhaps|might|kind\s+of|kinda|sort\s+of|"
        r"i\s+believe|possibly|i\s+feel\s+like|i\s+reckon)\b",
        _F,
    ),
    "zh": re.compile(r"可能|也许|大概(?!多少|的?价|几)|好像|或许|似乎|说不定|我觉得|感觉|估计|不一定|貌似"),
}
# "以后" as from now on, not a time after something ("两点以后", "下班以后", "三年以后", "退休以后", "毕业以后",
# "搬到成都以后")
ZH_FROM_NOW_ON = (
    r"(?<![点时完班课年月号天周岁休婚业学家了来去职饭])(?<!到[\u4e00-\u9fff])(?<!到[\u4e00-\u9fff]{2})"
    r"(?<!到[\u4e00-\u9fff]{3})以后"
)
EXPLICIT = {
    "en": re.compile(
        r"\b(?:remember|worth\s+remembering|from\s+now\s+on|going\s+forward|moving\s+forward|in\s+(?:the\s+)?future|"
        r"for\s+future\s+reference|keep\s+(?:(?:it|them|this|these|those|that)\s+)?in\s+mind|make\s+a\s+note|note\s+that|henceforth|from\s+here\s+on|"
        r"(?:keep|have|put)\s+(?:\w+\s+){0,3}on\s+file|for\s+your\s+records|jot\s+(?:this\s+|that\s+)?down|"
        r"note\s+(?:this|it)\s+down|save\s+(?:this|that)\s+(?:for\s+later|to\s+memory)|"
        r"(?:please\s+)?update\s+(?:that|this|it|my)|quick\s+update|please\s+(?:fix|correct|change)\s+(?:that|this|it)|"
        r"(?:fix|correct|change)\s+(?:that|this|it)\s+(?:for\s+me|in\s+your\s+(?:notes|records))|"
        r"(?:please\s+)?switch\s+me\s+(?:over\s+)?to)\b|"
        # a rule for the project the turn is in: "so in this project switch to British spelling"
        r"\b(?:in|for)\s+this\s+(?:project|repo|grant|proposal|book|client|one),?\s+(?:please\s+)?"
        r"(?:switch|use|write|go|stick|keep|reply|answer|spell)\b|"
        r"(?:^|[,;:]\s*|please\s+)(?:always|never)\b|"
        # said before and said again: "I've told you before", "as I said before"
        r"\b(?:i've|i\s+have|i\s+already|i've\s+already)\s+told\s+you\b|\b(?:as|like)\s+i\s+(?:said|told\s+you|asked)\s+(?:before|last\s+time)\b|"
        r"\bi\s+(?:said|told\s+you)\s+(?:this|that)\s+(?:before|already)\b|"
        # a complaint about the replies' form made again: "Asterisks again.", "Emojis again!"
        r"(?:^|[.!?]\s{1,3})(?:the\s+)?(?:asterisks|emojis?|bullets|bullet\s+points|exclamation\s+(?:marks|points)|headings|"
        r"tables|markdown|bold(?:ing)?)\s+again\b",
        _F,
    ),
    "zh": re.compile(
        r"记住|记一下|记下|记好|记牢|记着|记上|帮我记(?![得录忆性])|你记(?:几|两|个)|备个案|存个档|别忘了|"
        + ZH_FROM_NOW_ON
        + r"|从现在起|从现在开始|从今以后|从今天起|从今天开始|今后|往后|永远|"
        r"一律|每次都|(?:^|[，,。！!])说过的|(?:跟你|和你)说过(?:好几次|多少次|了)?|说了(?:多少|好几)[遍次回]|"
        r"更新一下|更新下|记得更新|按新的来|照新的来|以新的为准|(?:帮我|你(?:给我|帮我)?)(?:把[\u4e00-\u9fff]{1,6}?)?(?:改|更新|换)(?:一下|下|过来)|(?:帮我|你)改改|"
        # "你那边记的地方也给我改成威海": what the assistant keeps, to be changed
        r"(?:给我|帮我|你那边|你这边)(?:把[\u4e00-\u9fff]{1,6}?)?也?(?:改成|改为|更新成|更新为)|你(?:那边|这边)?记的|"
        # a rule for the project the turn is in, told to the assistant: "这个项目里回复我用英文"
        r"(?:这个|本)项目(?:里面|里|中|上|这边|的话)[，,]?\s?(?:你)?(?:就|都|一律|统一|全|全部|都给我)?"
        r"(?:用[\u4e00-\u9fffA-Za-z]{1,6}?)?(?:给我|回复?我|跟我|按|答复我|回答我)"
    ),
}
_ZH_KIN = (
    r"(?:闺蜜|朋友|同事|老板|领导|室友|舍友|妈妈|妈|爸爸|爸|老婆|老公|女朋友|男朋友|女儿|儿子|孩子|哥哥|哥|"
    r"姐姐|姐|弟弟|弟|妹妹|妹|家人|同学|未婚妻|未婚夫|对象|岳母|丈母娘|岳父|老丈人|婆婆|公公|奶奶|爷爷|外婆|外公|上司|"
    r"表哥|表姐|表弟|表妹|堂哥|堂姐|堂弟|堂妹|舅舅|舅妈|姑姑|姑父|叔叔|婶婶|阿姨|姨妈|伯伯|侄子|侄女|外甥|嫂子|姐夫|妹夫|"
    # a relative by their place among siblings ("我二舅", "我三姨", "我大伯"), and the wider household
    r"[大二三四五六小老](?:舅|姨|姑|叔|伯|婶)|姥姥|姥爷|儿媳|女婿|邻居|师傅|徒弟)"
)
# Someone else's taste ("我闺蜜对芒果过敏", "my boss hates delays") and quoted words ("书里说“我喜欢孤独”")
# are not the speaker's facts.
OTHER_PERSON = {
    "en": re.compile(
        r"\bmy\s(?:best\s|younger\s|older\s|little\s|big\s|baby\s|twin\s|elder\s|eldest\s|youngest\s)?(?:friend|wife|husband|partner|mom|mum|mother|dad|father|boss|manager|colleague|coworker|"
        r"mother-in-law|father-in-law|grandmother|grandfather|cousin|uncle|aunt|nephew|niece|neighbou?r|"
        r"roommate|sister|brother|son|daughter|kid|kids|girlfriend|boyfriend|family|"
        # (not the speaker's own team meeting: "My team has a standup every single day at 9")
        # (nor the team one meets: "my one-on-ones with my team happen every other week")
        r"(?<!with\smy\s)team(?!\s+(?:has|holds|does|meets|stand-?ups?|syncs?|meetings?)\b))s?\b(?!'s\s(?:name|birthday))",
        _F,
    ),
    "zh": re.compile(r"我(?:的|们)?" + _ZH_KIN + r"(?!的?(?:名字|生日|叫))|^\s*[她他它]"),
}
# Someone of the speaker's named by a name given to them ("我爱人叫春梅，在镇上开了家包子铺"): the clauses after it
# with no subject of their own speak of them.
NAMED_KIN_ZH = re.compile(r"我(?:的|们|家)?(?:" + _ZH_KIN + r"|爱人|丈夫|妻子|太太|媳妇|闺女)(?=的?(?:名字)?叫)")
# A question that asks the assistant to behave some way ("Can you keep answers short?", "能不能用中文回我",
# "能不能把会都约在早上？") states how the speaker wants replies or meetings, and only that (_REQUEST_SLOTS); one
# about this answer ("Can you keep it short") is a one-off.
REQUEST = {
    "en": re.compile(
        r"^\s*(?:please\s+|so\s+|and\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:always\s+)?"
        r"(?:keep|make|use|answer|reply|respond|write|talk|speak|schedule|book|put|stick|leave|skip|drop|"
        r"avoid|stop|spell|format|date|give|dial|tone|cut|ease)\b(?!\s+(?:it|this|that)\b)|"
        # "Could you lay it out as pros and cons?": how to set the answer out
        r"^\s*(?:please\s+|so\s+|and\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:lay|set|break)\s+"
        r"(?:it|this|that|them|things)\s+(?:out|down|up)\s+(?:as|in|into)\b",
        _F,
    ),
    "zh": re.compile(
        r"(?:能不能|可不可以|能否|你能|可以|麻烦你?)(?:以后|都|请)?(?:用|把|给我|回|跟我|和我|安排|约|排|说|讲|简|短|少|精简|详细|正式|随意|"
        r"别|不要)"
    ),
}
# A question that asks the assistant to remember what it says: the rest is a statement to remember.
ASK_TO_REMEMBER = re.compile(
    r"^(?:(?:hey|so|and|also|oh)[,\s]+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:remember|note|keep\s+in\s+mind|"
    r"make\s+a\s+note)\s+(?:that\s+|this:?\s+)?|^(?:你)?(?:能不能|可不可以|能|可以)(?:帮我)?(?:记住|记一下|记着|记下)[，,：:\s]*",
    _F,
)
# Quoted words, not a quoted word or two ("跟我说话就用“你”", "the word \"ok\""): those are named, not said.
QUOTED = re.compile(
    r"[“「『](?![^”」』]{1,3}[”」』])|(?<![“「『].)(?<![“「『]..)(?<![“「『]...)[”」』]|"
    r"\"(?![^\"]{1,3}\")(?<!\"[^\"]\")(?<!\"[^\"]{2}\")(?<!\"[^\"]{3}\")"
)
# Quoted words whole (a quotation mark pair around more than three characters): "喊“离合慢点”" reports words, the
# rest of the segment is still the speaker's own.
_HAN = re.compile(r"[\u4e00-\u9fff]")
_QUOTATION = re.compile(r"[“「『][^“”「」『』]{4,300}[”」』]|\"[^\"]{4,300}\"")


def without_quotations(text: str) -> str:
    """`text` with each whole quotation blanked to clause breaks of the same length (offsets stay those of `text`)."""
    return _QUOTATION.sub(lambda m: ("，" if _HAN.search(m.group(0)) else ",") * len(m.group(0)), text)


MARKER_ONLY = re.compile(
    r"^[\s\W]*(?:please\s+|请)?(?:remember(?:\s+this|\s+that)?|note\s+this|记住|记一下|记好了?|记下来?)(?:这个|这点|一下)?[\s\W]*$",
    _F,
)

# A request anywhere in the turn to remember or update what it says ("Please remember that.", "update that pls",
# "记一下", "帮我更新下"): literal alternations only, no nested quantifiers.
TURN_MARKER = re.compile(
    r"\b(?:remember\s+(?:that|this|it)|please\s+remember|please\s+update|(?:please\s+)?update\s+(?:that|this|it|my|where|your)|"
    r"note\s+(?:that|this)|fix\s+that|keep\s+that\s+in\s+mind|(?:keep|put|have)\s+(?:all\s+)?(?:that|this|these|those)\s+"
    r"on\s+(?:file|record)|(?:save|store|note)\s+(?:all\s+)?(?:that|this|these|those)|file\s+(?:that|this)\s+away|"
    r"don't\s+forget\s+(?:that|this))\b|"
    r"记一下|记下|记住|记着|记好|帮我更新|更新一下|更新下|更正一下|你记一下|帮我改过来|帮我改掉|改过来",
    _F,
)

# A negation anywhere in a segment makes a mention of a value ambiguous (a stance may have flipped).
MENTION_NEGATION = re.compile(
    # ("no joke", "no doubt", "no wonder", "no problem", "no matter what" deny nothing)
    r"\b(?:not|no(?!\s+(?:joke|doubt|wonder|problem|worries|kidding|matter))|never|don't|dont|doesn't|can't|cant|won't|isn't|"
    r"aren't|hate|stopped|quit|anymore|no\s+longer|"
    # (not a resultative that denies only finishing: "滴答清单里还挂着五件事没做完")
    r"instead|switched|moved|left|resigned|broke\s+up)\b|不(?![\u4e00-\u9fff]完)|没(?![\u4e00-\u9fff]完)|别|讨厌|(?<![切转交兑])换(?!套|块|个|副|双|件|条|只|台|身|批)|改(?![天日])|搬|"
    r"分了|戒|辞职|离职|辞了|退了",
    _F,
)


# Words of a change beside a negated mention: turning away from a value ("anymore", "戒了", "不吃了"), turning
# to one ("come around", "开始", "现在"), or swapping one value for another ("switched", "换成", "搬").
MENTION_DROPPED = re.compile(
    r"\b(?:anymore|any\s+more|no\s+longer|stopped|quit|not\s+(?:really\s+)?into)\b|不再|再也|戒|不[\u4e00-\u9fff]{1,3}了",
    _F,
)
MENTION_TAKEN = re.compile(
    r"\b(?:come\s+around|came\s+around|these\s+days|now|started|starting|begun|getting\s+into)\b|开始|爱上|现在|如今|最近",
    _F,
)
# (换 with a measure word buys a new one of something: "轮胎想换套静音点的" swaps the tyres, not the car named)
MENTION_SWAP = re.compile(
    r"\b(?:switched|moved|left|resigned|instead|broke\s+up)\b|换(?!套|块|个|副|双|件|条|只|台|身|批)|改(?![天日])|搬|分了|辞职|离职|辞了",
    _F,
)
