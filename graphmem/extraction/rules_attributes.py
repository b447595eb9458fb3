"""Rules for attribute statements in the word orders the first-person rules miss: topic-first sentences
("Jazz is my favourite genre", "Berlin has been home for years", "乌龙茶是我最喜欢的茶"), subject-less Chinese
("现在住在上海", "别放香菜"), named relations, birthdays, time zones, working hours, travel and meeting
preferences and project facts stated as an attribute ("项目A的技术栈是 Rust"). Tried before the per-language
rules; every pattern is linear-time (bounded repeats over character classes, no nested alternation repeats).
"""

from __future__ import annotations

from graphmem.extraction.facts import Predicate
from graphmem.extraction.rule import Rule, Statement, rule
from graphmem.extraction.rules_zh import USES_TECH_ZH
from graphmem.extraction.time_values import HOUR_WORDS

__all__ = ["ATTR_EN_RULES", "ATTR_ZH_RULES"]

_NAME = r"(?P<v>(?-i:[A-Z])[\w'-]{1,20}(?:\s(?-i:[A-Z])[\w'-]{1,20})?)"
_REL_EN = (
    r"(?P<rel>wife|husband|spouse|partner|daughter|son|dog|cat|mom|mum|mother|dad|father|brother|sister|"
    r"eldest|youngest|kid|child|puppy|kitten|mother-in-law|father-in-law|sister-in-law|brother-in-law|grandmother|"
    r"grandfather|manager|boss|rabbit|bunny|hamster|parrot|turtle|tortoise)"
)
_REL_ZH = (
    r"(?P<rel>未婚妻|女婿|儿媳妇|儿媳|未婚夫|老婆|妻子|太太|爱人|老公|丈夫|对象|男朋友|女朋友|男友|女友|女儿|闺女|儿子|孩子|小狗|狗狗|狗|小猫|猫咪|猫|兔子|巴西龟|乌龟|仓鼠|鹦鹉|"
    r"妈妈|爸爸|妈|爸|哥哥|弟弟|姐姐|妹妹|岳母|丈母娘|岳父|老丈人|婆婆|公公|奶奶|爷爷|外婆|外公|领导|上司)"
)
_ZNAME = r"(?P<v>[\u4e00-\u9fffA-Za-z]{1,4}?)(?=$|[，。！,.!\s了呀啊哦]|不是|而不是)"
_TZ_EN = (
    r"(?P<v>(?:utc|gmt)\s?[+-]\s?\d{1,2}(?::?00)?|utc|gmt|pst|pdt|pt|est|edt|et|cst|cdt|ct|mst|mdt|mt|cet|cest|"
    r"bst|ist|jst|kst|aest|aedt|sgt|hkt|[a-z]{3,15}\s(?:time|standard\stime))"
)
_TZ_ZH = r"(?P<v>[东西](?:十[一二]?|[一二三四五六七八九])区|北京时间|(?:utc|gmt)\s?[+-]\s?\d{1,2})"
_HOUR = r"\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.?|p\.m\.?)?"
_HOUR_WORD = r"(?:" + "|".join(HOUR_WORDS) + r"|noon|midnight)"
_ZPOINT = r"(?:早上|上午|下午|晚上)?[0-9零一二两三四五六七八九十]{1,3}点半?"
_DATE_EN = (
    r"(?P<v>(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?\s\d{1,2}(?:st|nd|rd|th)?|"
    r"(?:the\s)?\d{1,2}(?:st|nd|rd|th)?\s(?:of\s)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}|"
    r"in\s(?:january|february|march|april|may|june|july|august|september|october|november|december)))"
)
_PROJ_ZH = (
    r"(?:(?P<s3>这个|本|我们的|我们这个|咱们的|这)(?:项目|工程|仓库)|(?:项目|工程|仓库)\s?(?P<s>[a-z0-9][a-z0-9_.-]{0,20})|"
    r"(?P<s2>[a-z0-9][a-z0-9_.-]{0,20})\s?(?:项目|工程))"
)
_PROJ_EN = (
    r"(?<![\w'])(?:(?P<s3>this|our|my|the)\s(?:project|repo|codebase)|(?:the\s)?(?:project|repo)\s"
    r"(?P<s>[a-z0-9][\w.-]{0,20})|(?:the\s)?(?P<s2>[a-z0-9][\w.-]{0,20})\s(?:project|repo))"
)

P = Predicate
# what several rules state alike, each written once
_RELATIVE_NAMED = Statement(P.RELATION_NAME, "group", "user's {rel} is called {d}")
_RELATIVE_NAMED_ZH = Statement(P.RELATION_NAME, "group", "用户的{rel}叫{d}", confidence=0.8)
_LIVES_IN_EN = Statement(P.LOCATION, "group", "user lives in {d}")
_LIKES_EN = Statement(P.LIKES, "group", "user likes {d}")
_DISLIKES_EN = Statement(P.DISLIKES, "group", "user dislikes {d}")
_AVOIDS_ZH = Statement(P.AVOIDS, "group", "用户不吃{d}", confidence=0.7)
_LIVES_IN_ZH = Statement(P.LOCATION, "group", "用户住在{d}")
_LIKES_ZH = Statement(P.LIKES, "group", "用户最喜欢{d}")
_DISGUSTS_ZH = Statement(P.DISLIKES, "group", "用户不喜欢{d}", confidence=0.7)
_SICK = r"(?:想吐|恶心|反胃|犯恶心|难受)"
ATTR_EN_RULES: tuple[Rule, ...] = (
    _RELATIVE_NAMED.rule(
        "en",
        r"(?<![\w'])my\s"
        + _REL_EN
        + r"(?:'s\sname\sis|\sis\scalled|\sis\snamed|\sgoes\sby|\snamed|\scalled|,)\s"
        + _NAME,
        confidence=0.85,
    ),
    _RELATIVE_NAMED.rule(
        "en",
        r"(?<![\w'])i\s(?:have|'ve\sgot|have\sgot)\s(?:a|an|one)\s(?:little\s|young\s|old\s)?"
        + _REL_EN
        + r"\s(?:named|called)\s"
        + _NAME,
        confidence=0.8,
    ),
    rule(
        "en",
        r"(?<![\w'])i(?:'m|\sam)\smarried\sto\s" + _NAME,
        P.RELATION_NAME,
        "group",
        "user is married to {d}",
        value="spouse",
        confidence=0.8,
    ),
    rule(
        "en",
        r"(?<![\w'])my\s(?:" + _REL_EN + r"'s\s)?birthday(?:\sis|'s|\sfalls)\s(?:on\s)?" + _DATE_EN,
        P.BIRTHDAY,
        "group",
        "user's birthday is {d}",
        confidence=0.85,
    ),
    rule(  # "my husband Tomasz has his birthday on August 9": the relation's, named or not
        "en",
        r"(?<![\w'])my\s" + _REL_EN + r"(?:\s(?-i:[A-Z])[a-z]{1,15})?\s(?:has|celebrates)\s(?:his|her|their|its)\s"
        r"birthday\s(?:on\s)?" + _DATE_EN,
        P.BIRTHDAY,
        "group",
        "user's birthday is {d}",
        confidence=0.85,
    ),
    rule(  # "Our son Leo turns six on March 3rd", "my daughter turns 10 on May 5": a birthday by the age it brings
        "en",
        # (not after a name and a comma, "Lily, she turns eight…": who "she" is reads the name and the date)
        r"(?<![\w'])(?<!,\s)(?:my|our)\s"
        + _REL_EN
        + r"(?:\s(?-i:[A-Z])[a-z]{1,15})?\s(?:turns|will\sturn|is\sturning)\s"
        r"(?:\d{1,3}|[a-z]{3,12})\s(?:on\s)?" + _DATE_EN,
        P.BIRTHDAY,
        "group",
        "user's birthday is {d}",
        confidence=0.8,
    ),
    rule(
        "en",
        r"(?<![\w'])(?:my\stime\s?zone\sis|i(?:'m|\sam)\s(?:in|on)(?:\sthe)?)\s" + _TZ_EN + r"(?:\stime\s?zone)?\b",
        P.TIMEZONE,
        "group",
        "user's time zone is {d}",
        confidence=0.8,
    ),
    *(
        rule(  # "For the Acme project, times in Eastern please": a North American zone by its bare name
            "en",
            r"\b(?:times?|hours|schedules?|everything|deadlines|meetings)\s+in\s+" + zone + r"\b"
            r"(?=\s*(?:[.,;!?]|$|please\b|pls\b|for\b|when\b|and\b|time\b|from\s+now))",
            P.TIMEZONE,
            "fixed",
            "user's time zone is {d}",
            value=value,
            confidence=0.8,
        )
        for zone, value in (
            ("eastern", "eastern time (utc-5)"),
            ("central", "central time (utc-6)"),
            ("mountain", "mountain time (utc-7)"),
            ("pacific", "pacific time (utc-8)"),
        )
    ),
    rule(  # "from now on, use Auckland time for anything with a clock on it": the zone to give times in
        "en",
        r"(?<![\w'])(?:use|go\sby|stick\sto|switch\sto|switch\sme\sto)\s(?P<v>(?:utc|gmt)\s?[+-]\s?\d{1,2}|"
        r"(?-i:[A-Z])[a-z]{2,15}(?:\s(?-i:[A-Z])[a-z]{2,15})?\s(?:time|standard\stime))\b",
        P.TIMEZONE,
        "group",
        "user's time zone is {d}",
        confidence=0.8,
    ),
    rule(
        "en",
        r"(?<![\w'])(?:i\s(?:usually\s|normally\s|typically\s)?work\s(?:from\s)?|my\s(?:(?:working|work|office)\s)?hours\s"
        r"are\s(?:usually\s|normally\s)?(?:from\s)?)(?P<v>" + _HOUR + r"\s?(?:to|-|–|until|till)\s?" + _HOUR + r")",
        P.WORK_HOURS,
        "group",
        "user works {d}",
        confidence=0.8,
    ),
    rule(  # "I work seven to three at the warehouse", "I've moved onto the late shift, two till ten now"
        "en",
        r"(?<![\w'])(?:i\s(?:usually\s|normally\s|now\s)?work\s|shift,?\s(?:(?:is|now)\s)?)(?P<v>"
        + _HOUR_WORD
        + r"\s(?:to|until|till)\s"
        + _HOUR_WORD
        + r")\b",
        P.WORK_HOURS,
        "group",
        "user works {d}",
        confidence=0.8,
    ),
    rule(
        "en",
        r"(?<![\w'])(?:no|(?:i\s)?(?:really\s)?(?:can't|cannot|don't|never)\s(?:do|take|book|accept))\s(?:meetings?|calls?)\s"
        r"(?P<v>(?:before|after|on|during)\s[^,.;!?]{2,30})",
        P.DO_NOT_DISTURB,
        "group",
        "user wants no meetings {d}",
        confidence=0.75,
    ),
    rule(  # "Please don't put anything on my calendar before 10am", "don't book me anything after 5"
        "en",
        r"(?<![\w'])(?:don't|do\s+not|never|please\s+don't)\s+(?:put|book|schedule|add|stick|throw)\s+(?:me\s+)?"
        r"(?:anything|any\s+meetings?|meetings?|calls?)\s+(?:(?:on|in|into)\s+(?:my|the)\s+(?:calendar|schedule|diary)\s+)?"
        r"(?P<v>(?:before|after)\s(?:\d{1,2}(?::\d{2})?\s?(?:am|pm)?|one|two|three|four|five|six|seven|eight|nine|ten|"
        r"eleven|twelve|noon))\b",
        P.DO_NOT_DISTURB,
        "group",
        "user wants no meetings {d}",
        confidence=0.75,
    ),
    rule(  # "anything before ten is rough for me", "calls after 6pm are a no-go for me": a bound the speaker can't do
        "en",
        r"(?<![\w'])(?:anything|meetings?|calls?|syncs?)\s(?P<v>(?:before|after)\s(?:\d{1,2}(?::\d{2})?\s?(?:am|pm)?|"
        r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon))\s(?:is|are|'s)\s(?:(?:really|just|"
        r"way|pretty|super|kind\sof|kinda|a\sbit|honestly)\s)?(?:rough|hard|tough|brutal|painful|a\sstruggle|"
        r"a\sno-go|too\searly|too\slate|off-limits|impossible)\s(?:for|with)\sme\b",
        P.DO_NOT_DISTURB,
        "group",
        "user wants no meetings {d}",
        confidence=0.75,
    ),
    rule(  # "anything past four just doesn't work for me": the same bound, said as what does not work
        "en",
        r"(?<![\w'])(?:anything|meetings?|calls?)\s(?P<v>(?:past|after|before)\s(?:\d{1,2}(?::\d{2})?\s?(?:am|pm)?|"
        r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon))\s(?:just\s|really\s|simply\s)?"
        r"(?:doesn't|does\snot|won't|don't)\swork\s(?:for|with)\sme\b",
        P.DO_NOT_DISTURB,
        "group",
        "user wants no meetings {d}",
        confidence=0.75,
    ),
    _LIVES_IN_EN.rule(
        "en",
        r"^(?:and\s|also\s|so\s)?(?P<v>[a-z][\w'-]{1,20}(?:\s[\w'-]{1,20}){0,2})\s(?:has\sbeen|have\sbeen|is|'s)\s"
        r"(?:now\s)?(?:my\s)?home\b(?!\s(?:page|work|screen|office|made|cooked|cooking|improvement))",
    ),
    _LIVES_IN_EN.rule(
        "en",
        r"(?<![\w'])(?:home\sis|home\sfor\sme\sis|i\scall)\s(?:now\s)?(?P<v>(?-i:[A-Z])[\w'-]{1,20}(?:\s(?-i:[A-Z])"
        r"[\w'-]{1,20})?)(?:\shome)?\b",
    ),
    _LIVES_IN_EN.rule(  # "I'm studying in Seattle", "I go to college in Austin": where one studies is where one lives
        "en",
        r"(?<![\w'])(?:i'm|i\sam|i've\sbeen)\s(?:now\s|currently\s)?(?:studying|at\s(?:school|uni|university|college))\sin\s"
        r"(?P<v>(?-i:[A-Z])[\w'-]{1,20}(?:\s(?-i:[A-Z])[\w'-]{1,20})?)",
        confidence=0.65,
    ),
    _LIVES_IN_EN.rule(
        "en",
        r"(?<![\w'])i\s(?:go\sto|attend)\s(?:school|college|uni|university|grad\sschool)\sin\s"
        r"(?P<v>(?-i:[A-Z])[\w'-]{1,20}(?:\s(?-i:[A-Z])[\w'-]{1,20})?)",
        confidence=0.65,
    ),
    _LIVES_IN_EN.rule(  # "one perk of living in Bristol": what living there is like, said of one's own life
        "en",
        r"(?<![\w'])(?:perks?|joys?|upsides?|downsides?|benefits?|advantages?|best\spart|beauty)\sof\sliving\sin\s"
        r"(?P<v>(?-i:[A-Z])[\w'-]{1,20}(?:\s(?-i:[A-Z])[\w'-]{1,20})?)",
        confidence=0.65,
    ),
    _LIVES_IN_EN.rule(
        "en",
        r"(?<![\w'])i(?:'ve|\shave)\s(?:been\sliving|lived)\sin\s(?P<v>(?-i:[A-Z])[\w'-]{1,20}(?:\s(?-i:[A-Z])"
        r"[\w'-]{1,20})?)",
    ),
    _LIKES_EN.rule(
        "en",
        # at the start of the segment or of a clause after a comma ("you know me, a good detective story is my …")
        r"(?:^|(?<=[,;]\s))(?:and\s|also\s|oh\s)?(?:a\s|an\s)?(?P<v>[a-z][\w'-]{1,20}(?:\s[\w'-]{1,20}){0,2})\s"
        r"(?:is|are|'s)\s(?:(?:definitely|"
        r"still|easily|pretty\smuch|by\sfar|hands\sdown|really|totally|absolutely|just)\s){0,2}my\s"
        r"(?:absolute\s|all-time\s|personal\s)?(?:favou?rite|fave|go-to|comfort\s(?:read|watch|show|food|meal|drink|"
        r"movie|film|book|game))\b",
    ),
    _DISLIKES_EN.rule(
        "en",
        r"^(?P<v>[a-z][\w'-]{1,20}(?:\s(?!(?:just|really|simply|honestly)\b)[\w'-]{1,20}){0,2})\s"
        r"(?:(?:just|really|simply|honestly)\s)?(?:isn't|aren't|(?:is|are)\s(?:(?:really|just|simply|honestly|definitely|totally)\s)?not)\s"
        r"(?:(?:really|just|simply|honestly|definitely|totally|so)\s){0,2}(?:for\sme|my\sthing|my\scup\sof\stea)\b",
    ),
    _DISLIKES_EN.rule(  # "I don't do breakfast meetings", "I just don't do mornings": a kind of thing refused
        "en",
        r"(?:^|(?<=[,;]\s))(?:honestly,?\s|and\s|also\s|but\s)?i\s(?:just\s|really\s|simply\s)?(?:don't|do\snot|never)\sdo\s"
        r"(?P<v>(?!(?:it|that|this|these|those|them|anything|much|well|so|any|a|an|the|what|enough|more|nothing|"
        r"everything|something|too|very|great|good|badly|right|wrong|my|your|his|her|our|their)\b)[a-z][\w'-]{1,20}"
        r"(?:\s(?!(?:on|in|at|after|before|with|for|anymore|any|unless|if|because|when|since|or|and)\b)[a-z][\w'-]{1,20})"
        r"{0,2})(?=\s?(?:$|[.,;!?]|\s(?:anymore|any\smore|ever|at\sall|lol|haha)\b))",
    ),
    _LIKES_EN.rule(  # "Kayaking is kind of our thing now", "bouldering is totally my thing"
        "en",
        r"^(?:and\s|also\s|honestly,?\s)?(?P<v>[a-z][\w'-]{1,20}(?:\s[\w'-]{1,20}){0,2})\s(?:is|are|'s|has\sbeen|have\sbeen)\s"
        r"(?:(?:kind\sof|kinda|sort\sof|really|totally|definitely|very\smuch|so|just|always)\s)?(?:my|our)\s(?:thing|jam)\b",
    ),
    _LIKES_EN.rule(  # a pastime kept up for years: "I've been shooting archery at the county range for two years"
        "en",
        r"(?:(?<![\w'])i(?:'ve|\shave)\s|(?:^|(?<=[,;]\s)))been\s(?:shooting|playing|doing|practi[cs]ing|riding|dancing|"
        r"swimming\sin)\s"
        r"(?P<v>(?!it\b|them\b|this\b|that\b|with\b|for\b|at\b|around\b|a\b|the\b|my\b|some\b)[a-z][\w'-]{2,20})"
        r"(?=\s(?:[^.!?;]{0,40}?\s)?for\s(?:about\s|nearly\s|almost\s|over\s|like\s)?(?:two|three|four|five|six|seven|"
        r"eight|nine|ten|twenty|\d{1,2}|a\sfew|a\scouple(?:\sof)?|many|years)\s?(?:years?|yrs|decades?|seasons?)?\b)",
    ),
    _LIKES_EN.rule(  # a pastime named by its own verb, kept up for years: "I've been fly fishing for about five years"
        "en",
        r"(?:(?<![\w'])i(?:'ve|\shave)\s|(?:^|(?<=[,;]\s)))been\s(?P<v>(?:(?:fly|ice|deep-sea|sea|rock|ice|trail|open-water|scuba|free|road|"
        r"mountain|cross-country|wild|bird|wood)\s)?(?:fishing|climbing|bouldering|knitting|crocheting|sewing|quilting|"
        r"woodworking|gardening|sailing|surfing|skiing|snowboarding|skateboarding|skating|hiking|camping|running|"
        r"cycling|biking|birding|birdwatching|painting|sketching|baking|homebrewing|brewing|fencing|rowing|kayaking|"
        r"canoeing|diving|golfing|bowling|boxing|weightlifting|powerlifting|journaling|hunting|foraging|beekeeping|"
        r"juggling|woodcarving|whittling|stargazing|geocaching|orienteering|mountaineering|caving|paddleboarding|"
        r"swimming|dancing|drumming|busking|scrapbooking|calligraphy))"
        r"(?=\s(?:[^.!?;]{0,40}?\s)?for\s(?:about\s|nearly\s|almost\s|over\s|like\s)?(?:two|three|four|five|six|seven|"
        r"eight|nine|ten|twenty|\d{1,2}|a\sfew|a\scouple(?:\sof)?|many|years)\s?(?:years?|yrs|decades?|seasons?)?\b)",
    ),
    _LIKES_EN.rule(  # "Crosswords are the best part of my morning", "yoga is my favourite part of the week"
        "en",
        r"^(?:and\s|also\s|honestly,?\s)?(?P<v>[a-z][\w'-]{1,20}(?:\s[\w'-]{1,20}){0,2})\s(?:is|are|'s)\s"
        r"(?:(?:easily|honestly|really|still|probably|by\sfar)\s)?(?:(?:the|my)\s(?:best|favou?rite|happiest)\s(?:part|bit|hour)\s"
        r"of\s(?:my|the)\s(?:day|morning|week|weekend|evening|night|sunday|saturday)\b|what\skeeps\sme\s(?:sane|going)\b|"
        r"my\shappy\splace\b|how\si\s(?:unwind|relax|decompress|recharge|de-?stress|switch\soff|chill\sout|chill)\b|"
        r"what\si\sdo\sto\s(?:unwind|relax|decompress|recharge|de-?stress|switch\soff|chill))",
    ),
    _LIKES_EN.rule(  # a pastime kept up: "I do a crossword every morning", "I play chess twice a week"
        "en",
        r"(?<![\w'])i\s(?:still\s|usually\s|always\s|also\s)?(?:play\s(?:a\s|some\s)?|do\s(?:a|an)\s)"
        r"(?P<v>(?!with\b|it\b|them\b|this\b|that\b|for\b|at\b|in\b|on\b|like\b|about\b|around\b)[a-z][\w'-]{2,20}"
        r"(?:\s[a-z][\w'-]{2,20})?)\s"
        r"(?:(?:every|each)\s(?:single\s)?(?:morning|day|evening|night|week|weekend|monday|tuesday|wednesday|thursday|"
        r"friday|saturday|sunday)\b|(?:like\s|about\s|around\s)?(?:[2-7]\s?(?:x|times)|twice|three\stimes|four\stimes|"
        r"once)\s(?:a|per)\s(?:week|month)\b)",
    ),
    rule(  # "Peanuts are a no-go for me", "dairy is off the table for me"
        "en",
        r"(?:^|(?<=[,;]\s))(?:and\s|also\s|honestly,?\s)?(?P<v>[a-z][\w'-]{1,20}(?:\s[\w'-]{1,20}){0,2})\s(?:is|are)\s(?:a\s)?(?:total\s|hard\s)?"
        r"(?:no-go|off\sthe\stable|off-limits|off\slimits)(?:\s(?:for\s)?me\b|(?=[^.!?;]{0,24}\ballergic\b))",
        P.AVOIDS,
        "group",
        "user avoids {d}",
    ),
    _DISLIKES_EN.rule(  # "mayo is the one thing I can't stand", "cilantro is the only thing I won't eat"
        "en",
        r"^(?:and\s|also\s|honestly,?\s)?(?P<v>[a-z][\w'-]{1,20}(?:\s[\w'-]{1,20}){0,2})\s(?:is|are)\s(?:the\s)?"
        r"(?:one|only|one\sof\sthe\sfew)\s(?:things?|foods?)\s(?:that\s)?i\s(?:really\s|just\s|absolutely\s)?(?:can't|cannot|won't|don't)\s"
        r"(?:stand|stomach|eat|bear|do)\b",
    ),
    _LIKES_EN.rule(
        "en",
        r"(?<![\w'])i(?:'m|\sam)\s(?:(?:such\s)?a\s(?:total\s|huge\s|big\s)?sucker\sfor|hooked\son|addicted\sto)\s"
        r"(?P<v>[a-z][\w'-]{1,20}"
        r"(?:\s[a-z][\w'-]{1,20})?)",
    ),
    rule(
        "en",
        r"(?<![\w'])i\s(?:just\s|recently\s)?(?:went|have\sgone|'ve\sgone|turned|became|have\sbecome)\s(?:fully\s)?"
        r"(?P<v>vegetarian|vegan|pescatarian)\b",
        P.DIET,
        "group",
        "user is {v}",
        confidence=0.8,
    ),
    rule(
        "en",
        r"(?<![\w'])(?:i(?:'ve|\shave)?\s(?:just\s|recently\s)?(?:joined|started\sat|started\sworking\sat|got\sa\sjob\sat)|"
        # "I've left Costco and just started at Patagonia": the subject of the sentence's first clause
        r"^i(?:'ve|\shave)?\s(?:just\s|recently\s)?(?:left|quit)\s[^.!?,;]{1,40}?\sand\s(?:i\s)?(?:just\s|recently\s|now\s)?"
        r"(?:joined|started\sat|started\sworking\sat|got\sa\sjob\sat)|"
        r"i(?:'m|\sam|'ll\sbe|\swill\sbe)\s(?:starting|joining|starting\swork|starting\sa\snew\sjob)\s(?:at\s)?)\s?"
        r"(?!(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|tomorrow|today|soon|in|on)\b)(?P<v>(?-i:[A-Z])[\w&'.-]{1,25}(?:\s(?-i:[A-Z])[\w&'.-]{1,25})?)",
        P.EMPLOYER,
        "group",
        "user works at {d}",
        confidence=0.7,
    ),
    rule(
        "en",
        r"(?<![\w'])my\s(?:editor|ide|shell|terminal|os|operating\ssystem|laptop|text\seditor|go-to\seditor)\s(?:of\s"
        r"choice\s)?is\s(?P<v>[a-z][\w.+#-]{0,20}(?:\s[a-z][\w.+#-]{0,20})?)",
        P.USES_TOOL,
        "group",
        "user uses {d}",
        confidence=0.7,
    ),
    rule(
        "en",
        r"(?:" + _PROJ_EN + r"(?:'s)?|(?<![\w'])(?P<s4>[A-Z][a-z0-9]{1,20})'s)"
        r"\s(?:tech\s)?(?:stack|language|database|framework|backend|frontend|codebase|server|api|service)\s"
        r"(?:is\s(?:(?:all|entirely|mostly|basically|pure|just|still)\s)?(?:(?:written|built|implemented|coded)\s(?:in|with)\s)?|"
        r"uses\s|runs\son\s)",
        P.USES_TECH,
        "tech",
        "{S} uses {d}",
        confidence=0.8,
        project=True,
    ),
)

ATTR_ZH_RULES: tuple[Rule, ...] = (
    rule(  # "我是重度咖啡依赖", "我是个咖啡控", "我是球迷": a fan of the thing
        "zh",
        r"我(?:是|就是|算是)(?:个|一个|一名)?(?:重度|资深|忠实|铁杆|骨灰级)?(?P<v>[\u4e00-\u9fff]{1,4}?)(?:控|迷|依赖(?:症)?)"
        r"(?=$|[，,。！!\s])",
        P.LIKES,
        "group",
        "用户喜欢{d}",
    ),
    rule(  # "我离不开咖啡", "我一天都离不了奶茶"
        "zh",
        r"我(?:现在|一天|每天)?(?:都|真的|完全)?离不(?:开|了)(?P<v>[\u4e00-\u9fff]{1,4}?)(?=$|[，,。！!\s了])",
        P.LIKES,
        "group",
        "用户喜欢{d}",
    ),
    rule(  # "我闻见芹菜那味儿就难受", "一看到香菜就想吐": what the speaker cannot bear to smell or see
        "zh",
        r"我?(?:一)?(?:闻见|闻到|看见|看到)(?P<v>[\u4e00-\u9fff]{1,4}?)(?:那|的|这)?(?:股)?(?:味儿|味道|味)?就(?:难受|想吐|恶心|头疼|反胃|受不了)",
        P.DISLIKES,
        "group",
        "用户不喜欢{d}",
    ),
    rule(  # "我跟洋葱真是八字不合", "我和香菜天生犯冲": a thing the speaker is at odds with
        "zh",
        r"我(?:跟|和|与)(?P<v>[\u4e00-\u9fff]{1,4}?)(?:真是|简直|真的|就是|天生|可能|估计)?(?:八字不合|犯冲|相克|有仇)",
        P.DISLIKES,
        "group",
        "用户不喜欢{d}",
    ),
    rule("zh", r"无辣不欢|嗜辣如命", P.LIKES, "fixed", "用户爱吃辣", value="辣"),  # idioms of a taste
    rule("zh", r"无肉不欢", P.LIKES, "fixed", "用户爱吃肉", value="肉"),
    rule("zh", r"滴酒不沾", P.AVOIDS, "fixed", "用户不喝酒", value="酒"),
    rule(  # "我就一头栽进钓鱼这个坑里了", "入了露营的坑": a hobby taken up, said as falling into its pit
        "zh",
        r"(?:栽进|掉进|跳进|入了|掉入|跳入|陷进)(?:了)?(?P<v>[\u4e00-\u9fff]{2,6}?)(?:这个|的)坑",
        P.LIKES,
        "group",
        "用户喜欢{d}",
    ),
    rule(  # "鸡汤和成功学就别推了": what is not to be recommended again
        "zh",
        r"(?:^|[，,：:])(?P<v>(?:(?![这那以])[\u4e00-\u9fff]){2,6}?)(?:就|也)?(?:别|不要)(?:再)?(?:给我)?推(?:荐)?了",
        P.DISLIKES,
        "group",
        "用户不喜欢{d}",
    ),
    _LIVES_IN_ZH.rule(
        "zh",
        r"(?:^|(?<=[，,。；;\s]))(?:人在|坐标|base|常驻)\s?(?P<v>[\u4e00-\u9fff]{2,4}?)(?=$|[，,。！!\s])",
    ),
    _LIKES_ZH.rule(  # "我最大的爱好是拼乐高", "我的爱好就是钓鱼"
        "zh",
        r"(?:^|[，,。；;\s]|我)(?:的)?(?:最大的|唯一的|平时的|业余|主要的|最近的)?(?:爱好|兴趣爱好|消遣|乐趣)(?:就|也就)?是"
        r"(?P<v>[\u4e00-\u9fffA-Za-z]{1,8}?)(?=$|[，。！,.!\s了啦吧])",
    ),
    _LIKES_ZH.rule(
        "zh",
        r"最(?:喜欢|爱)的(?:[\u4e00-\u9fff]{1,4}?)(?:换成了?|变成了?|改成了?|就是|一直是|是)(?P<v>[\u4e00-\u9fffA-Za-z]{1,8}?)"
        r"(?=$|[，。！,.!\s了啦吧])",
    ),
    USES_TECH_ZH.rule(
        "zh",
        _PROJ_ZH + r"\s?的?(?:技术栈|开发语言|编程语言|主要语言|语言|数据库|框架|后端|前端)(?:是|用的是|为|采用)\s?",
    ),
    rule(
        "zh",
        r"(?:我|现在|新)(?:家有个|家有一个|家有只|家有一只|家|家的|的|有个|有一个|有只|有一只|养了一只|养了只)?(?:现在的|新的?)?"
        + _REL_ZH
        # "我现在的领导换成刘芳了": the relation's new holder is named as the change
        # ("我儿子小名叫豆豆": the name the family calls them by)
        + r"(?:老人家)?(?:的名字是|名字是|的名字叫|名字叫|的?小名叫|的?小名是|的?乳名叫|的?大名叫|叫做|叫|"
        r"换成了|换成|变成了|变成)" + _ZNAME,
        P.RELATION_NAME,
        "group",
        "用户的{rel}叫{d}",
        confidence=0.85,
    ),
    # "我家有两个孩子，老大叫乐乐，老二叫安安": the children by their order, after they are spoken of
    _RELATIVE_NAMED_ZH.rule(
        "zh", r"(?:孩子|娃|小孩|闺女|儿子)[^。！？!?]{0,30}?[，,；;]\s?(?P<rel>老大|老二|老三)(?:叫|名字叫)" + _ZNAME
    ),
    _RELATIVE_NAMED_ZH.rule(
        "zh",
        r"(?:孩子|娃|小孩|闺女|儿子)[^。！？!?]{0,30}?[，,；;]\s?老大[^。！？!?]{1,16}?[，,；;]\s?(?P<rel>老二|老三)(?:叫|名字叫)"
        + _ZNAME,
    ),
    rule(  # "我儿子石头今年六岁了": a relation named right before their age
        "zh",
        r"我(?:的|家的?)?"
        + _REL_ZH
        + r"(?P<v>(?!今年|已经|都|快|才|刚|满|去年|明年|马上|也|还)[\u4e00-\u9fff]{2,3}?)"
        + r"(?=(?:今年|已经|都|快|才|刚|刚满|满)?[0-9一二三四五六七八九十两]{1,2}(?:岁|个月|周岁)|"
        # "我儿子果果9月28号满五岁": or before the day they were born on
        + r"(?:农历|阴历)?(?:[0-9一二三四五六七八九十]{1,3}|[正冬腊])月(?:初)?[0-9一二三四五六七八九十]{1,3}[日号]?"
        + r"(?:过生日|生日|满|就满|正好满))",
        P.RELATION_NAME,
        "group",
        "用户的{rel}叫{d}",
        confidence=0.8,
    ),
    rule(
        "zh",
        r"我(?:的)?(?:"
        + _REL_ZH
        + r"的?)?生日(?:是|在)?(?P<v>(?:农历|阴历)?(?:[0-9一二三四五六七八九十]{1,3}|[正冬腊])月(?:初)?"
        r"[0-9一二三四五六七八九十]{1,3}[日号]?)",
        P.BIRTHDAY,
        "group",
        "用户的生日是{d}",
        confidence=0.85,
    ),
    rule(  # "我五月八号生日", "我女儿五月八号过生日": the date, then 生日 (or the age it brings: "9月28号满五岁")
        "zh",
        r"我(?:的)?(?:"
        + _REL_ZH
        + r"(?:[\u4e00-\u9fff]{2,3}?)?)?(?:每年)?(?P<v>(?:农历|阴历)?(?:[0-9一二三四五六七八九十]{1,3}|[正冬腊])月"
        r"(?:初)?[0-9一二三四五六七八九十]{1,3}[日号]?)(?:过生日|生日|(?:就|正好|刚好)?满[0-9一二三四五六七八九十两]{1,3}(?:岁|周岁))",
        P.BIRTHDAY,
        "group",
        "用户的生日是{d}",
        confidence=0.8,
    ),
    rule(
        "zh",
        r"(?:我的时区是|我(?:这边|这里)?(?:在|是|用|按)|时区(?:是|用))" + _TZ_ZH,
        P.TIMEZONE,
        "group",
        "用户的时区是{d}",
        confidence=0.8,
    ),
    rule(
        "zh",
        r"我(?:每天|一般|平时|通常)?(?:都)?(?:是)?(?:从)?(?P<v>"
        + _ZPOINT
        + r"(?:到|至|-|~)"
        + _ZPOINT
        + r")(?:上班|工作)",
        P.WORK_HOURS,
        "group",
        "用户{d}工作",
        confidence=0.8,
    ),
    _LIKES_ZH.rule(
        "zh",
        r"^(?P<v>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:就是|是|一直是|才是)我(?:最喜欢|最爱|的最爱|的心头好|的本命|的命)",
    ),
    _LIKES_ZH.rule(  # a pastime kept up for years: "我跳广场舞跳了六七年了", "我打羽毛球打了十年"
        "zh",
        r"(?<![你他她它])我(?:都|已经|前前后后)?(?P<verb>[跳打玩练学弹下踢滑拉吹唱])(?P<v>(?!工|车|针|电话|手机)"
        r"[\u4e00-\u9fff]{2,4}?)(?P=verb)了(?:快|好|有|整整|足足|差不多)?(?:(?:[一二两三四五六七八九十几]{1,3}|\d{1,2})多?|"
        r"好多|好几|很多|十几|二十多)年",
    ),
    _LIKES_ZH.rule(  # the years said first: "我打了二十年乒乓球", "在锦州踢了十几年花毽" (the subject dropped)
        "zh",
        r"(?:(?<![你他她它])我|(?:^|(?<=[，,。！!]))(?:在[\u4e00-\u9fff]{2,4}?)?)(?:都|已经|前前后后)?"
        r"(?P<verb>[跳打玩练弹下踢滑拉吹唱])了(?:快|好|有|整整|足足|差不多)?(?:(?:[一二两三四五六七八九十几]{1,3}|\d{1,2})多?|"
        r"好多|好几|很多|十几|二十多)年(?:的)?(?P<v>(?!工|车|针|电话|手机|班|牌子)[\u4e00-\u9fff]{2,4}?)"
        r"(?=$|[，。！,.!？?\s了啊呀])",
    ),
    _LIVES_IN_ZH.rule(
        "zh",
        r"(?<![你他她它])我(?:已经|现在|目前|一直)?在(?P<v>[\u4e00-\u9fff]{2,6}?)(?:住了|住|生活了|生活|定居了|定居|安家)",
    ),
    _LIVES_IN_ZH.rule(  # "我们家在海淀", "我家住海淀": where the speaker's household lives
        "zh",
        r"(?<![你他她它])(?:我们家|我家|咱家|咱们家)(?:现在|目前|一直)?(?:住在|在|住)(?P<v>[\u4e00-\u9fff]{2,6}?)"
        r"(?=$|[，。！,.!\s]|这边|那边|这块|附近)",
        confidence=0.65,
    ),
    _LIVES_IN_ZH.rule(  # "我在西雅图读书": where one studies is where one lives
        "zh",
        r"(?<![你他她它])我(?:已经|现在|目前|正|还)?在(?P<v>[\u4e00-\u9fff]{2,6}?)"
        r"(?:读书|读研|读博|读本科|读大学|上大学|上学|念书|念大学|留学|求学)",
        confidence=0.65,
    ),
    _LIVES_IN_ZH.rule(
        "zh",
        r"(?:^|[，,])(?:现在|目前|如今|已经)(?:我)?(?:住在|定居在|搬到了|搬到|搬去了)(?P<v>[\u4e00-\u9fff]{2,6}?)"
        r"(?=$|[，。！,.!\s了啦])",
    ),
    _AVOIDS_ZH.rule(
        "zh",
        r"(?:别|不要|不用|千万别|记得别|记得不要)(?:给我)?(?:放|加|带)(?![它他她这那了啊吧呀哦])(?!粗体?(?:了|$|[，。！,.!\s]))(?P<v>[\u4e00-\u9fff]{1,4}?)的?(?=$|[，。！,.!\s了啊哦])",
    ),
    _AVOIDS_ZH.rule(  # "点菜的时候帮我备注不要辣": what the order is to leave out, noted for the speaker
        "zh",
        r"(?:帮我|给我|记得)?备注(?:一下)?[：:]?\s?(?:不要|别放|不放|不加|别加|免)(?P<v>(?![它他她这那])[\u4e00-\u9fff]{1,4}?)"
        r"(?=$|[，。！,.!\s了啊哦])",
    ),
    _AVOIDS_ZH.rule(  # "教我做个水煮肉片呗。花椒你给我去掉啊": an ingredient taken out of what is made for the speaker
        "zh",
        r"(?:^|(?<=[，。！,.!\s]))(?![这那它他她你我第])(?P<v>[\u4e00-\u9fff]{1,4}?)(?<![段句行页章张个分条点字图表])(?:你|就|都)?(?:都|就)?"
        r"给我(?:去掉|拿掉|挑出去|挑掉|免了)"
        # (said of food: a word of eating or taste follows in the segment)
        r"(?=$|[，。！,.!\s啊吧呀哈])(?=[^。！？!?]{0,40}?(?:吃|嚼|味|辣|麻|咸|甜|酸|苦|腥|膻|菜|炒|煮|炖|饭|面|汤|外卖))",
    ),
    _AVOIDS_ZH.rule(  # "帮我排一周的便当菜单，千万别出现苦瓜": a food kept off a menu or a meal made for the speaker
        "zh",
        r"(?:别|不要|千万别|千万不要|记得别|一定别)(?:给我)?(?:出现|安排)(?![它他她这那])(?P<v>[\u4e00-\u9fff]{1,4}?)"
        r"(?=[，。！,.!\s了啊哦])(?=[^。！？!?]{0,30}(?:吃|味|口感|咽|难吃|菜|饭))",
    ),
    _LIKES_ZH.rule(  # "织东西就是我现在最大的乐子", "钓鱼算是我唯一的消遣": what the speaker does for fun
        "zh",
        r"(?:^|[，,。！!])(?![这那它他她你])(?P<v>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:就是|是|算是|才是)我(?:现在|目前|平时)?"
        r"(?:最大的|唯一的|最爱的|最喜欢的)(?:乐子|乐趣|消遣|爱好|解压方式|兴趣)",
    ),
    _LIKES_ZH.rule(  # "下了班照旧去馆里打羽毛球", "早上我照样下海冬泳": a sport kept up as a habit
        "zh",
        r"(?:^|[，,。！!])(?:我|下了班|早上|晚上|周末)?(?:我)?(?:就)?(?:养成了)?(?:照旧|照样|照常|天天|每天|每周|每个?礼拜)(?:早上|晚上|下午|下了班)?"
        r"(?:都|还|也)?(?:去|下)?(?:[\u4e00-\u9fff]{1,3}?里|海|公园|楼下|小区|江边|河边|海边|操场)?(?P<v>(?:打|踢|练|游|跑|骑|滑|爬|跳|冬)[\u4e00-\u9fff]{1,3}?)"
        r"(?=$|[，,。！!]|了|呢|去|的习惯)",
    ),
    _LIKES_ZH.rule(  # "骑行这事儿我是越玩越上瘾", "养肉这几年我是越养越上瘾": a pastime that grows on the speaker
        "zh",
        r"(?:^|[，,。！!])(?![这那它他她你])(?P<v>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:这事儿?|这件事|这几年|这些年|这玩意儿?)?"
        r"我(?:是)?越[\u4e00-\u9fff]越(?:上瘾|喜欢|爱|着迷|起劲)",
    ),
    _AVOIDS_ZH.rule(  # "我最近开始每天喝一杯咖啡了": a food or drink the speaker has taken up, no longer avoided
        "zh",
        r"(?<![你他她它])(?:^|我|[，,。])(?:最近|现在|如今|这阵子|这段时间)?(?:也)?开始(?:每天|天天|经常|常)?(?:喝|吃)"
        r"(?:一杯|一碗|一点|点|一份|杯|碗)?(?P<v>(?![这那它]|[\u4e00-\u9fff]{0,2}药|维生素|保健品|钙片)[\u4e00-\u9fff]{1,4}?)了",
        polarity=False,
        confidence=0.65,
    ),
    _DISGUSTS_ZH.rule(  # "臭豆腐别算我，那味儿我隔条街闻着都想跑": a food the speaker opts out of
        "zh",
        r"(?:^|[，,。！!])(?![那这它你我他她])(?P<v>[\u4e00-\u9fff]{1,5}?)儿?(?:就|可|千万)?(?:别|甭|不用|不要)算(?:上)?我"
        r"(?=[^。！？!?]{0,30}(?:吃|味|口感|咽|难吃|闻|恶心|想吐))",
    ),
    _DISGUSTS_ZH.rule(  # "豆汁儿那玩意儿我喝一口就想吐": a food that turns the speaker's stomach
        "zh",
        r"(?:^|[，,。])(?![那这它])(?P<v>[\u4e00-\u9fff]{1,5}?)儿?(?:这东西|这玩意儿?|那东西|那玩意儿?)?我(?:是)?(?:只要)?"
        r"(?:一)?(?:吃|喝|闻|尝)(?:一口|一下|着|到)?就" + _SICK,
    ),
    _DISGUSTS_ZH.rule(  # "我吃不惯羊肉", "我实在受不了榴莲的味道": a food the speaker cannot get used to
        "zh",
        r"(?<![你他她它])我(?:真|实在|是真|一直|从小就|还是)?(?:吃不惯|喝不惯|吃不来|喝不来|闻不惯|受不了)"
        r"(?P<v>(?![这那它他她你])[\u4e00-\u9fff]{1,5}?)(?:的味道|的味儿|那个味儿?|这个味儿?|的口感)?(?=$|[，。！,.!\s了啊])",
    ),
    _DISGUSTS_ZH.rule(  # "我一闻到榴莲就反胃"
        "zh", r"(?<![你他她它])我(?:只要)?一(?:吃|喝|闻|尝|碰)(?:到)?(?P<v>[\u4e00-\u9fff]{1,5}?)就" + _SICK
    ),
    _AVOIDS_ZH.rule(  # "苦瓜我真咽不下去", "香菜我实在吃不了": a food the speaker cannot get down
        "zh",
        r"(?:^|[，,。])(?![那这])(?!还有|另外|而且|然后|并且|以及|其实|但是|可是|不过|所以|因为|反正|就是)"
        r"(?P<v>[\u4e00-\u9fff]{2,4}?)我(?:真|实在|是真|真的|完全|根本)?(?:咽不下去|吃不了|吃不下去)",
        confidence=0.65,
    ),
    _AVOIDS_ZH.rule(  # "折耳根就免了，别的都行": a food waved away
        "zh",
        r"(?:^|[，,])(?![那这今明后昨开去上下别其])(?P<v>[\u4e00-\u9fff]{2,4}?)(?:我)?(?:就|可)?(?:免了|不要了|别放了)"
        r"(?=[^。！？!?]{0,40}(?:吃|菜|味道|口感|咽))",
        confidence=0.65,
    ),
    rule(
        "zh",
        r"(?:可以|能|都可以)(?:给我)?(?:多)?(?:加|放)(?P<v>[\u4e00-\u9fff]{1,4}?)(?=$|[，。！,.!\s了啊哦])",
        P.AVOIDS,
        "group",
        "用户现在吃{d}了",
        polarity=False,
        confidence=0.65,
    ),
    rule(
        "zh",
        r"(?<![你他她它])我(?:坐飞机|出差|旅行|旅游|订票|订酒店|开会|写代码)(?:的时候|时)?(?:一般|通常|都|总是)?"
        r"(?P<verb>喜欢|偏好|习惯|更喜欢|爱)",
        P.LIKES,
        "taste",
        "用户{verb}{d}",
    ),
    rule(
        "zh",
        r"(?<![你他她它])我(?:现在|目前|平时)?(?:主要)?(?:用|使用)\s?(?P<v>[A-Za-z][\w.+#-]{0,20}(?:\s[A-Za-z][\w.+#-]{0,20})?)"
        r"\s?(?:写代码|编程|开发|写程序|做开发)",
        P.USES_TOOL,
        "group",
        "用户使用{d}",
        confidence=0.7,
    ),
    rule(
        "zh",
        r"(?<![你他她它])我(?:已经|刚刚?|最近|上个月|去年|今年)?(?:入职了|入职|加入了|跳槽到了?)(?P<v>[\u4e00-\u9fffA-Za-z]{2,8}?)"
        r"(?=$|[，。！,.!\s了啦])",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.7,
    ),
)
del P
