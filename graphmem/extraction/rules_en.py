"""English extraction rules: first-person statements, standing instructions and project facts, in the order
they are tried; earlier rules win overlapping spans.
"""

from __future__ import annotations

from graphmem.extraction.facts import Predicate
from graphmem.extraction.lexicon import LANG_EN
from graphmem.extraction.rule import Rule, Statement, rule

__all__ = ["EN_RULES"]

# ---------------------------------------------------------------- rule pieces
_I = r"(?<![\w'])i\s+"
_IM = r"(?<![\w'])i(?:'m|\s+am|m)\s+"  # "im in raleigh": texting drops the apostrophe
_IVE = r"(?<![\w'])i(?:'ve|\s+have)\s+"
# Each adverb appears once: a word two alternatives can match makes "i definitely definitely … zzz" try 2**n
# ways (catastrophic backtracking); with one way per word a failed match costs time linear in the words.
# Any adverb in -ly is one alternative ("weirdly", "secretly", "really"): one way per word, whatever the adverb.
_ADV = (
    r"(?:(?:(?!early\b)[a-z]{2,15}ly|just|also|still|kind\s+of|kinda|sort\s+of|do|very\s+much|much|so|quite|pretty\s+much|"
    r"always|now|already|even|tend\s+to|think\s+i|guess\s+i|maybe)\s+)*"
)
_MSG = (
    r"(?:replies|reply|answers|answer|responses|response|messages|emails|e-mails|texts|explanations|"
    r"summaries|feedback|critiques|walkthroughs|breakdowns)"
)
_SHORT = r"(?:short|shorter|brief|briefer|concise|succinct|terse|to-the-point|compact)"
_LONG = r"(?:long|lengthy|wordy|verbose|longer|huge|rambling)"
_DETAIL = r"(?:detailed|thorough|in-depth|comprehensive|long|longer|elaborate)"
_DAY_EN = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
_IMP_EN = (
    r"(?:use|reply|respond|answer|write|send|include|add|cc|bcc|call|text|email|ask|check|give|show|put|start|"
    r"end|keep|format|mention|suggest|recommend|remind|book|schedule|sign|address|refer|cite|explain|"
    r"summarize|summarise|double-check|confirm|attach|list|quote|assume|avoid|make|speak|talk|wait|tell|"
    r"contact|greet|spell|round|convert|translate|provide|offer|notify|copy|skip|label|ping|message|show)\b"
)
# a project name starts where its word starts: after "." or "-" inside a long run it rescanned the run (n²)
_PROJ_EN = (
    r"(?<![\w'])(?:(?P<s3>this|our|my|the)\s+(?:(?!(?:is|was|uses|runs)\b)[a-z-]{2,15}\s+)?(?:project|repo|codebase|"
    r"backend|frontend|front-end|api|server|"
    r"mobile\s+app|app|website|client)|(?:the\s+)?(?:project|repo|repository|"
    r"codebase|app|service)\s+(?P<s>[a-z0-9][\w.-]*)|(?<![.-])(?:the\s+)?(?P<s2>[a-z0-9][\w.-]*)\s+"
    r"(?:project|repo|codebase|service|app))"
)


P = Predicate
# kinds of league a local league is named by ("the ann arbor summer league", "the omaha bowling league")
_LEAGUE_KINDS = r"summer|winter|spring|fall|rec|adult|co-ed|coed|beer|bowling|softball|hockey|darts|pool|trivia|curling"
# what several rules state alike, each written once
_CONTACTABLE = Statement(P.CONTACT_WINDOW, "group", "user can be contacted {d}", confidence=0.8)
_WORKS_ON = Statement(P.WORKDAYS, "days", "user works {d}")
_WEEKENDS = Statement(P.WORKDAYS, "fixed", "user works weekends", value="saturday-sunday")
_WEEKDAYS = Statement(P.WORKDAYS, "fixed", "user works weekdays", value="monday-friday")
_WORK_ON = _I + r"(?:only\s+|just\s+|usually\s+|normally\s+|mostly\s+|now\s+)?work\s+(?:on\s+)?(?:the\s+)?"
_SHORT_REPLIES = Statement(P.PREFERS_REPLY_STYLE, "fixed", "user prefers short replies", value="short replies")
_DETAILED_REPLIES = Statement(P.PREFERS_REPLY_STYLE, "fixed", "user prefers detailed replies", value="detailed replies")
# "I drive for", "I'm now driving for": the company one drives for (the alternation left open for more verbs)
_DRIVES = r"(?<![\w'])i(?:'m|\s+am)?\s+(?:now\s+|currently\s+|still\s+|also\s+)?(?:drive|driving"
_DRIVER = Statement(P.JOB, "fixed", "user works as a driver", value="driver", confidence=0.65)
_TONE = Statement(P.PREFERS_TONE, "group", "user prefers a {v} tone")
_PROJECT_TECH = Statement(P.USES_TECH, "tech", "the project uses {d}", confidence=0.8, project=True)
_REPLY_LANGUAGE = Statement(P.PREFERS_LANGUAGE, "group", "user prefers replies in {V}")
_ALLERGIC = Statement(P.ALLERGIC_TO, "taste", "user is allergic to {d}", confidence=0.85)
_AVOIDS = Statement(P.AVOIDS, "taste", "user avoids {d}")
_LIVES_IN = Statement(P.LOCATION, "place", "user lives in {d}", confidence=0.75)
_SPEAKS = Statement(P.SPEAKS, "group", "user speaks {V}")
_DISLIKES = Statement(P.DISLIKES, "taste", "user dislikes {d}")
_LIKES = Statement(P.LIKES, "taste", "user likes {d}")
# A kind of thing named as a word of its own ("a dog person", "dogs all the way"), the speaker's or subject-less.
_KIND_LIKED = Statement(P.LIKES, "group", "user likes {V}")
_KIND_DISLIKED = Statement(P.DISLIKES, "group", "user dislikes {V}")
_KIND_OF_PERSON = r"(?:" + _IM + r"|^|(?<=[,;]\s))" + _ADV
EN_RULES: tuple[Rule, ...] = (
    rule(
        "en",
        r"(?<![\w'])(?:call\s+me|my\s+name\s+is|my\s+name's|i\s+go\s+by|i'm\s+called|refer\s+to\s+me\s+as|"
        r"i(?:'d)?\s+(?:prefer|like|want)\s+to\s+be\s+called|"
        r"address\s+me\s+as)\s+(?P<v>[a-z][\w'-]*)",
        P.NAME,
        "name",
        "user wants to be called {d}",
        confidence=0.85,
    ),
    rule(
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
    rule(
        "en",
        _IM + r"(?:not\s+available|unavailable|offline|not\s+reachable)\s+(?P<v>(?:on|during|at|after|"
        r"before|over)\s+[^,.;!?]+)",
        P.DO_NOT_DISTURB,
        "group",
        "user is not available {d}",
        confidence=0.75,
    ),
    _CONTACTABLE.rule(
        "en",
        r"(?:call|text|message|email|contact|reach|ping|phone)\s+me\s+(?:only\s+)?(?:between|from)\s+"
        r"(?P<v>[0-9][^,.;!?]*?(?:and|to|until|till|-|–)\s*[0-9]{1,2}(?::[0-9]{2})?\s*(?:[ap]m)?)",
    ),
    _CONTACTABLE.rule(
        "en",
        r"best\s+time\s+to\s+(?:reach|call|contact)\s+me\s+is\s+(?:between\s+|from\s+)?(?P<v>[0-9][^,.;!?]*?"
        r"(?:and|to|until|till|-|–)\s*[0-9]{1,2}(?::[0-9]{2})?\s*(?:[ap]m)?)",
    ),
    _WORKS_ON.rule(
        "en",
        r"my\s+(?:work\s*days|working\s+days|work\s*week)\s+(?:are|is|run|runs|go|goes)\s+(?:from\s+)?"
        rf"(?P<a>{_DAY_EN})s?\s*(?:to|through|thru|till|until|-|–)\s*(?P<b>{_DAY_EN})s?\b",
        confidence=0.85,
    ),
    _WORKS_ON.rule(
        "en",
        _I + rf"(?:only\s+|usually\s+|normally\s+)?work\s+(?:from\s+)?(?P<a>{_DAY_EN})s?\s*"
        rf"(?:to|through|thru|till|until|-|–)\s*(?P<b>{_DAY_EN})s?\b",
    ),
    # "I only work weekends, sat and sun", "I work weekends only": the two days of the weekend; "I work weekdays"
    _WEEKENDS.rule("en", _WORK_ON + r"(?:weekends|saturdays?\s+and\s+sundays?|sat\s+and\s+sun)\b"),
    _WEEKDAYS.rule("en", _WORK_ON + r"weekdays\b"),
    _SHORT_REPLIES.rule(  # "skip the preamble", "no fluff, straight to the point": the answer without the lead-up
        "en",
        r"(?<![\w'])(?:skip|drop|cut|lose)\s+the\s+(?:preamble|fluff|intro|small\s+talk|waffle)\b|"
        r"(?<![\w'])no\s+(?:preamble|fluff|waffle)\b|(?:^|(?<=[,;.!]\s))(?:just\s+)?(?:get\s+)?straight\s+to\s+the\s+point\b|"
        r"(?:^|(?<=[,;.!]\s))cut\s+to\s+the\s+chase\b",
    ),
    _SHORT_REPLIES.rule(
        "en",
        r"(?:keep|make)\s+(?:your\s+|the\s+|all\s+|my\s+)?(?:" + _MSG[3:-1] + r"|it|them|things|everything)\s+"
        r"(?:short|brief|concise|succinct|shorter|to\s+the\s+point|tight)\b",
    ),
    _SHORT_REPLIES.rule(
        "en",
        _I + _ADV + r"(?:like|love|prefer|want|appreciate|enjoy|need)\s+" + _SHORT + r"(?:\s+and\s+\w+)?\s+" + _MSG,
    ),
    _DETAILED_REPLIES.rule(
        "en",
        _I
        + _ADV
        + r"(?:like|love|prefer|want|appreciate|enjoy|need)\s+(?:(?:long|longer|really|very|more|nice),?\s+)?"
        + _DETAIL
        + r"(?:\s+and\s+\w+)?\s+"
        + _MSG,
    ),
    _SHORT_REPLIES.rule(
        "en",
        r"(?:don't|do\s+not|never|stop|no)\s+(?:ever\s+)?(?:send(?:ing)?\s+|writ(?:e|ing)\s+|giv(?:e|ing)\s+)?"
        r"(?:me\s+)?(?:super\s+|very\s+|too\s+|overly\s+|really\s+|such\s+)?" + _LONG + r"\s+" + _MSG,
        confidence=0.75,
    ),
    _SHORT_REPLIES.rule(
        "en",
        _I + _ADV + r"(?:hate|dislike|can't\s+stand|cannot\s+stand|don't\s+like|do\s+not\s+like|don't\s+want|"
        r"do\s+not\s+want|don't\s+need)\s+(?:super\s+|very\s+|too\s+|overly\s+|really\s+)?" + _LONG + r"\s+" + _MSG,
    ),
    _SHORT_REPLIES.rule(
        "en",
        r"(?<![\w'])be\s+(?:more\s+)?(?:brief|concise|succinct)\b",
    ),
    _DETAILED_REPLIES.rule(
        "en",
        r"(?:give|send|write)\s+me\s+(?:more\s+)?(?:long,?\s+|longer,?\s+)?(?:detailed|thorough|in-depth|longer)\s+"
        r"(?:" + _MSG[3:-1] + r"|ones)\b",
    ),
    _DETAILED_REPLIES.rule(  # "for this project go into detail", "Go into lots of detail please": told to the assistant
        "en",
        r"(?:^|(?<=[,;.!]\s)|(?<=\bplease\s)|(?<=\bproject\s)|(?<=\bhere\s)|(?<=\balways\s))(?:go|get)\s+into\s+"
        r"(?:(?:more|a\s+lot\s+of|lots\s+of|full|great|plenty\s+of)\s+)?detail\b",
    ),
    _TONE.rule(
        "en",
        r"(?<![\w'])(?:be|keep\s+it|sound)\s+(?:more\s+)?(?P<v>formal|casual|informal|professional)\b",
    ),
    _TONE.rule(
        "en",
        _I + _ADV + r"(?:prefer|like|want)\s+(?:a\s+)?(?:more\s+)?(?P<v>formal|casual|informal|professional)\s+"
        r"(?:tone|style|register)",
    ),
    rule(
        "en",
        r"(?:(?P<neg>don't|do\s+not|didn't|did\s+not|(?<=you\s)not|never|stop)\s+)?(?:use|using|give\s+me|write\s+in|format\s+\w+\s+(?:as|in|"
        r"with)|(?:break|split|put)\s+(?:it|that|this|them|things|answers)\s+(?:up\s+)?into|"
        r"(?:lay|set)\s+(?:it|that|this|them|things)\s+out\s+(?:as|in))\s+"
        r"(?P<v>headings|headers|bullet\s+points?|bullets|bulleted\s+lists|numbered\s+(?:lists?|steps)|tables|a\s+table|"
        r"markdown|plain\s+text|emojis?|pros\s?(?:and|&|/)\s?cons)\b",
        P.PREFERS_FORMAT,
        "group",
        "user wants {d}",
        neg_template="user does not want {d}",
    ),
    rule(  # "Numbered steps, please, like I asked last time.": the device asked for, named alone
        "en",
        r"^(?P<v>numbered\s+(?:lists|steps)|bullet\s+points|bullets|tables|headings|plain\s+text|pros\s+and\s+cons)"
        r"(?:,\s{0,3}|\s{1,3})(?:again,?\s{1,3})?(?:please|pls|plz)\b",
        P.PREFERS_FORMAT,
        "group",
        "user wants {d}",
    ),
    rule(
        "en",
        r"(?<![\w'])no\s+(?P<v>emojis?|markdown|tables|bullet\s+points|headings|headers)\b",
        P.PREFERS_FORMAT,
        "group",
        "user does not want {d}",
        polarity=False,
    ),
    rule(  # "plain text without emojis suits me", "leave the emojis out of your answers"
        "en",
        r"(?<![\w'])(?:without|minus|skip\s+the|drop\s+the|cut\s+the)\s+(?P<v>emojis?|markdown|tables|bullet\s+points|headings|headers)\b",
        P.PREFERS_FORMAT,
        "group",
        "user does not want {d}",
        polarity=False,
    ),
    rule(
        "en",
        r"(?<![\w'])leave\s+(?:the\s+|all\s+the\s+|those\s+)?(?P<v>emojis?|markdown|tables|bullet\s+points|headings|headers)\s+out\b",
        P.PREFERS_FORMAT,
        "group",
        "user does not want {d}",
        polarity=False,
    ),
    _REPLY_LANGUAGE.rule(
        "en",
        r"(?:(?P<neg>don't|do\s+not|never|stop|please\s+don't)\s+)?(?<!i\s)(?:reply|respond|answer|write|talk|"
        r"speak|communicate|replying|responding|answering|writing|talking)\s+(?:to\s+me\s+|me\s+|back\s+)?"
        rf"(?:only\s+)?in\s+(?P<v>{LANG_EN})\b",
        neg_template="user does not want replies in {V}",
    ),
    _REPLY_LANGUAGE.rule(
        "en",
        _I + _ADV + r"(?:prefer|like|want|need)\s+(?:your\s+)?(?:replies|answers|responses|messages|it|you\s+to\s+"
        rf"(?:reply|respond|answer|write|speak)|to\s+(?:talk|chat|communicate))?\s*in\s+(?P<v>{LANG_EN})\b",
    ),
    _REPLY_LANGUAGE.rule(
        "en",
        _I + _ADV + rf"prefer\s+(?P<v>{LANG_EN})(?=\s*$|\s*[,.;!]|\s+(?:please|for|when|over|to)\b)",
    ),
    _REPLY_LANGUAGE.rule(
        "en",
        rf"my\s+preferred\s+language\s+is\s+(?P<v>{LANG_EN})\b",
        confidence=0.85,
    ),
    rule(
        "en",
        _IM + _ADV + r"(?P<neg>not\s+|no\s+longer\s+)?(?:a\s+)?(?:strict\s+|full\s+)?"
        r"(?P<v>vegetarian|vegan|pescatarian|pescetarian)\b",
        P.DIET,
        "group",
        "user is {v}",
        neg_template="user is not {v}",
        confidence=0.8,
    ),
    rule(
        "en",
        _I + r"(?:only\s+)?(?:eat|keep)\s+(?P<v>halal|kosher)\b",
        P.DIET,
        "group",
        "user eats {v}",
        confidence=0.8,
    ),
    _ALLERGIC.rule(
        "en",
        _IM + _ADV + r"(?P<neg>not\s+)?(?:severely\s+|very\s+|deathly\s+|highly\s+|mildly\s+|extremely\s+)?"
        r"allergic\s+to\s+",
        neg_template="user is not allergic to {d}",
    ),
    rule(
        "en",
        _I + r"have\s+(?:a|an)\s+(?:severe\s+|serious\s+|mild\s+|bad\s+)?(?P<v>[a-z][a-z -]{1,25}?)\s+allergy",
        P.ALLERGIC_TO,
        "group",
        "user is allergic to {d}",
        confidence=0.85,
    ),
    _ALLERGIC.rule(
        "en",
        _I + r"have\s+(?:a|an)\s+(?:severe\s+|serious\s+|mild\s+)?allergy\s+to\s+",
    ),
    rule(  # a cleft: "it's pecans I'm allergic to, not walnuts"
        "en",
        r"(?<![\w'])it's\s+(?P<v>[a-z][\w-]{1,20}(?:\s[a-z][\w-]{1,20})?)\s+(?:that\s+)?i(?:'m|\s+am)\s+"
        r"(?:severely\s+|really\s+|actually\s+)?allergic\s+to\b",
        P.ALLERGIC_TO,
        "group",
        "user is allergic to {d}",
        confidence=0.85,
    ),
    _AVOIDS.rule(
        "en",
        _I + _ADV + r"(?:don't|do\s+not|dont|never|no\s+longer|won't|will\s+not|try\s+not\s+to|refuse\s+to)\s+"
        r"(?:ever\s+)?(?:eat|drink|consume|touch)\s+(?:any\s+)?",
        confidence=0.75,
    ),
    _AVOIDS.rule(
        "en",
        _I + _ADV + r"(?:can't|cannot|can\s+not)\s+(?:eat|drink|have|consume|tolerate|handle|digest)\s+"
        r"(?:any\s+)?",
        confidence=0.75,
    ),
    _AVOIDS.rule(
        "en",
        _I + _ADV + r"(?:avoid|stay\s+away\s+from|gave\s+up|stopped\s+(?:eating|drinking)|cut\s+out)\s+"
        r"(?:eating\s+|drinking\s+)?",
    ),
    _AVOIDS.rule(
        "en",
        _IVE + r"(?:given\s+up|cut\s+out|stopped\s+(?:eating|drinking)|quit\s+(?:eating|drinking))\s+",
    ),
    rule(
        "en",
        _I + r"(?:do\s+|can\s+)?(?:eat|drink)\s+(?P<v>[a-z][a-z -]{1,30}?)\s+(?:now|again|these\s+days|"
        r"nowadays)\b",
        P.AVOIDS,
        "group",
        "user eats {d} now",
        polarity=False,
        confidence=0.6,
    ),
    rule(
        "en",
        _PROJ_EN + r"\s+(?:(?:is|was)\s+)?(?P<verb>uses|is\s+using|(?:written|built|implemented|coded|developed|"
        r"made)\s+(?:in|with|on|using)|runs\s+on|(?:is\s+)?based\s+on|is\s+(?:all|pure|entirely|100%))\s+",
        P.USES_TECH,
        "tech",
        "{S} uses {d}",
        confidence=0.8,
        project=True,
    ),
    _PROJECT_TECH.rule(  # "Plover's infrastructure is all Terraform on AWS", "Curlew's backend is Rails"
        "en",
        r"(?:^|[.!?;:]\s+|,\s*)(?:project\s+)?[a-z][\w-]{1,24}(?:'s|\u2019s)\s+(?P<verb>(?:backend|back\s+end|frontend|"
        r"front\s+end|infrastructure|infra|stack|api|database|db|server|ui|deploy(?:ment)?|ci|(?:mobile\s+|web\s+|"
        r"desktop\s+|ios\s+|android\s+)?app|client|site|website)\s+is)\s+"
        r"(?:all\s+|just\s+|basically\s+|mostly\s+|entirely\s+)?",
    ),
    _PROJECT_TECH.rule(  # "so it uses their self-hosted Keycloak instead of Auth0": what the thing spoken of uses
        "en",
        r"(?:^|[.!?;:]\s+|,\s*|\bso\s+)(?P<verb>it\s+(?:uses|is\s+using|runs\s+on))\s+"
        r"(?:(?:their|its|our|the|a|an)\s+)?(?:(?:self-hosted|own|in-house|hosted|managed)\s+)?(?=(?-i:[A-Z]))",
    ),
    _PROJECT_TECH.rule(  # "It's a Laravel 10 app with Redis queues", "hazel is a Tauri app": what it is built on
        "en",
        r"(?:^|[.!?;:]\s+|,\s*)(?P<verb>(?:it's|it\s+is|this\s+is|it's\s+just|(?:project\s+)?[a-z][\w-]{1,24}\s+is)\s+(?:a|an))\s+(?=[\w.+#-]{1,30}\s+(?:\d[\d.]{0,6}\s+)?"
        r"(?:app|application|project|service|codebase|site|website|backend|api|monolith|microservice)\b)",
    ),
    _PROJECT_TECH.rule(  # "linden is an iPhone app in SwiftUI with Core Data for storage": what the thing is built in
        "en",
        r"(?:^|[.!?;:]\s+|,\s*)(?P<verb>(?:it's|it\s+is|this\s+is|(?:project\s+)?[a-z][\w-]{1,24}\s+is)\s+(?:a|an)\s+"
        r"(?:[\w.+#-]{1,20}\s+){0,2}?(?:app|application|project|service|site|website|game|bot|cli|library|extension|"
        r"plugin|backend|api)\s+(?:in|with|on|using|(?:built|written|made)\s+(?:in|with|on))\s+|"
        # "larkspur is a Chrome extension, Manifest V3, all TypeScript": what it is built in, listed after it
        # "bracken is my side project, a recipe-sharing site on SvelteKit with Supabase": what it is built on
        r"(?:(?:project\s+)?[a-z][\w-]{1,24}\s+is)\s+(?:my|our)\s+(?:side\s+|pet\s+|little\s+|hobby\s+)?project,\s+(?:a|an)\s+"
        r"(?:[\w.+#-]{1,20}\s+){0,3}?(?:app|application|service|site|website|game|bot|cli|library|extension|plugin|"
        r"backend|api)\s+(?:on|in|with|using|(?:built|written|made)\s+(?:in|with|on))\s+|"
        # "foxglove is my little farming game, Rust on Bevy"
        r"(?:it's|it\s+is|this\s+is|(?:project\s+)?[a-z][\w-]{1,24}\s+is)\s+(?:a|an|my|our)\s+(?:[\w.+#-]{1,20}\s+){0,2}?"
        r"(?:app|application|service|site|website|game|bot|cli|library|extension|plugin|backend|api),\s+"
        r"(?:all\s+|mostly\s+|entirely\s+)?(?=[A-Z]))",
    ),
    _LIVES_IN.rule(
        "en",
        _I + r"(?:currently\s+|now\s+|still\s+)?(?:live|reside)\s+in\s+",
    ),
    _LIVES_IN.rule(
        "en",
        _IM + r"(?:currently\s+|now\s+)?(?:living|based|located)\s+in\s+",
    ),
    _LIVES_IN.rule(
        "en",
        r"(?:" + _I + r"|" + _IVE + r"|(?<![\w'])(?<!since\s)we(?:'ve|\s+have)?\s+)(?:just\s+|recently\s+|finally\s+)?"
        r"(?:moved|relocated)\s+(?:up\s+|down\s+|over\s+|back\s+|out\s+|all\s+the\s+way\s+)?to\s+",
    ),
    _LIVES_IN.rule(
        "en", r"^(?:so\s+|and\s+)?(?:just|recently|finally)\s+(?:moved|relocated)\s+to\s+"
    ),  # subject dropped
    _LIVES_IN.rule(  # "Please update my location to Inverness", "change my city to Porto": where one lives, told
        "en",
        r"(?<![\w'])(?:update|change|set|switch)\s+my\s+(?:location|city|home\s+city)\s+"
        r"(?:to|as)\s+",
    ),
    _LIVES_IN.rule(
        "en", _I + r"(?:mostly\s+|now\s+)?work\s+(?:remotely\s+|from\s+home\s+)?from\s+(?!home\b)"
    ),  # "I work remotely from Lisbon"
    _LIVES_IN.rule(  # "I've lived in Kalamazoo for like 4 yrs", "have lived in Tulsa since 2015": lived there till now
        "en",
        _IVE + r"(?:been\s+)?(?:lived|living)\s+in\s+(?=[^.!?;,]{1,40}?\b(?:for|since)\s)",
        confidence=0.7,
    ),
    _LIVES_IN.rule(  # "Finally unpacked after the move to Tucson", "since our move to Leeds": a move made
        "en", r"(?<![\w'])(?:after|since)\s+(?:the|my|our)\s+(?:big\s+)?move\s+to\s+", confidence=0.7
    ),
    rule(  # "been in the same omaha league like 6 yrs", "playing in the ann arbor summer league since …"
        "en",
        r"(?<![\w'])been\s+(?:playing\s+|bowling\s+|skating\s+)?in\s+the\s+(?:same\s+)?"
        r"(?P<v>(?!(?:"
        + _LEAGUE_KINDS
        + r"|same|company|work|office|church|school|youth|kids|men's|women's|local|city)\b)"
        r"[a-z][a-z.]{2,15}(?:\s(?!(?:" + _LEAGUE_KINDS + r")\b)[a-z][a-z.]{2,15})?)"
        r"\s(?:(?:" + _LEAGUE_KINDS + r")\s)?league\b",
        P.LOCATION,
        "group",
        "user lives in {d}",
        confidence=0.65,
    ),
    _LIKES.rule(  # "Stained glass is what I do with every free day I get": what the speaker's free time goes to
        "en",
        r"(?:^|(?<=[.;!?]\s)|(?<=[.;!?]\s\s))(?=[a-z][\w' -]{2,30}?\s+is\s+what\s+i\s+(?:do|spend)\s+(?:with|on|in)\s+"
        r"(?:every|my|all\s+my|most)\s+(?:free|spare|days?\s+off|weekends?|evenings?))",
    ),
    _KIND_LIKED.rule(  # "darts league lol. tuesday nights…", "my bowling league", "I'm in a pool league": what one
        # plays in a league of
        "en",
        r"(?:^|(?<=[.!?]\s)|\b(?:my|our|in\s+a|on\s+a|joined\s+a)\s)(?P<v>darts|pool|bowling|softball|hockey|curling|"
        r"volleyball|kickball|cornhole|bocce|pickleball|tennis|soccer|basketball|golf|billiards|badminton|"
        r"table\s+tennis|ultimate(?:\s+frisbee)?|cricket|rugby|baseball|squash)\s+(?:league|team)\b"
        r"(?!\s+(?:on\s+tv|games?\s+on|standings|tickets?|scores?|playoffs?\s+on)\b)",
        confidence=0.7,
    ),
    _LIVES_IN.rule(  # "i swing dance 3 nights a week here in savannah", "The courts here in Tacoma are packed"
        "en", r"(?<![\w'])(?:out\s+|over\s+|back\s+|down\s+|up\s+)?here\s+(?:in|around)\s+", confidence=0.65
    ),
    rule("en", _IM + r"(?:originally\s+)?from\s+", P.HOMETOWN, "place", "user is from {d}"),
    rule("en", _I + r"(?:come\s+from|grew\s+up\s+in)\s+", P.HOMETOWN, "place", "user is from {d}"),
    rule(
        "en",
        _I + r"work\s+(?:remotely\s+|full-time\s+|part-time\s+|freelance\s+|from\s+home\s+|nights\s+|days\s+|"
        r"weekends\s+|evenings\s+|overnights\s+)?as\s+(?:a\s+|an\s+|the\s+)?",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule("en", _IM + r"(?:a|an)\s+", P.JOB, "job", "user is a {d}"),
    rule(  # "I'm the sommelier at a steakhouse": the one of the role at a place (a job word only)
        "en",
        _IM + r"the\s+(?!(?:worst|best|only|first|last|one|other|same|\w+est)\b)"
        r"(?=[a-z-]{3,20}(?:\s[a-z-]{3,20})?\s+(?:at|for|in|on)\s)",
        P.JOB,
        "job",
        "user is the {d}",
    ),
    rule(  # "after four years as a data analyst", "ten years as a nurse and I still …": the speaker's role
        "en",
        r"(?:after|with|in)\s+(?:\w+\s+)?years?\s+as\s+(?:a|an)\s+",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule(  # "As a physio I end up explaining the same stretches": the role the speaker speaks as
        "en",
        r"^(?:and\s+|but\s+|so\s+|honestly,?\s+)?as\s+(?:a|an)\s+(?=[a-z-]{2,20}(?:\s[a-z-]{2,20}){0,2},?\s+i(?:'m|'ve|\s)\s*)",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule(  # "Being a paralegal means I read more contracts than anyone should": the speaker's own role
        "en",
        r"^(?:and\s+|but\s+)?being\s+(?:a|an)\s+(?=[^.!?]{0,60}\b(?:means|makes|keeps)\s+(?:i|me|my)\b)",
        P.JOB,
        "job",
        "user is a {d}",
    ),
    rule(  # "I teach chemistry at a high school in Austin": a chemistry teacher
        "en",
        r"(?<![\w'])i\s+(?:currently\s+|still\s+|now\s+)?(?P<v>teach\s+(?!myself\b|myself\s|them\b|him\b|her\b|us\b|you\b)[a-z][a-z-]{2,20}(?:\s[a-z]{3,20}){0,2}?)\b"
        r"(?=\s+(?:at|in|to|for)\b|\s*[,.;!]|\s*$)",
        P.JOB,
        "group",
        "user is a {v}",
    ),
    rule("en", r"my\s+(?:job|occupation|profession)\s+is\s+(?:a\s+|an\s+)?", P.JOB, "job", "user works as {d}"),
    rule(  # "Day job: land surveyor", "Occupation - nurse": the role under a label
        "en",
        r"(?:^|[.!?;]\s+)(?:my\s+)?(?:day\s+job|job|occupation|profession|work)\s*[:\u2013\u2014-]\s*(?:a\s+|an\s+)?",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule(  # "I've moved into underwriting …, starting Monday as an underwriter": the role one is starting
        "en",
        r"(?:^|[,;]\s*|(?<![\w'])i(?:'m|\s+am)\s+)(?:starting|beginning|staying\s+on|coming\s+back|back)\s+"
        r"(?:(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|next\s+\w+|this\s+\w+)\s+)?"
        r"as\s+(?:a|an|the)\s+",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule(  # "I'm on ski patrol", "I'm on the grounds crew at a golf course": the team one works on
        "en",
        _IM + r"(?:on|with)\s+(?:the\s+)?(?P<v>(?:ski|beach|border|highway|night)\s+patrol|"
        r"(?:grounds|ground|stage|road|pit|fire|flight|film|camera|cleaning|construction|maintenance|kitchen|line)\s+crew|"
        r"(?:nursing|teaching|medical|kitchen|wait|bar|cleaning)\s+staff)\b",
        P.JOB,
        "group",
        "user works on {v}",
        confidence=0.7,
    ),
    rule(  # "I got hired as a park ranger", "they took me on as a welder": the role one was taken on in
        "en",
        r"(?<![\w'])(?:(?:i\s+(?:just\s+|finally\s+)?(?:got|was|have\s+been)|i've\s+been|(?:and|then|but)\s+got)\s+"
        r"(?:hired|taken\s+on|brought\s+on|promoted)|(?:they|she|he)\s+(?:just\s+)?(?:hired|took)\s+me)"
        r"\s+(?:on\s+)?as\s+(?:a|an|the)\s+",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule(  # "I tend bar at a cocktail place", "I wait tables on weekends": trades said as what one does
        "en",
        r"(?<![\w'])i\s+(?:currently\s+|still\s+|now\s+|basically\s+)?(?P<v>tend\s+bar|bartend|wait\s+tables|"
        r"wait\s+on\s+tables|cut\s+hair|do\s+hair|do\s+nails|walk\s+dogs|deliver\s+mail|deliver\s+packages)\b",
        P.JOB,
        "group",
        "user works as {v}",
        confidence=0.65,
    ),
    rule(  # "I drive long-haul", "I drive a cab in Queens": driving as the speaker's trade
        "en",
        r"(?<![\w'])i\s+(?:currently\s+|still\s+|now\s+|basically\s+)?(?P<v>drive\s+(?:long-haul|long\s+haul|otr|"
        r"(?:a\s+)?(?:truck|semi|big\s+rig|cab|taxi|bus|forklift|tow\s+truck|delivery\s+van|school\s+bus)s?)|"
        r"(?:run|operate)\s+(?:a\s+|an\s+)?(?:tower\s+|mobile\s+|overhead\s+)?(?:crane|excavator|backhoe|bulldozer)s?)\b",
        P.JOB,
        "group",
        "user works as {v}",
        confidence=0.65,
    ),
    rule(  # "I started law school this month", "I'm in nursing school": a student of that school
        "en",
        r"(?<![\w'])(?:(?:i|and)\s+(?:just\s+|recently\s+)?(?:started|start|began|am\s+starting|attend)|"
        r"i'm\s+(?:now\s+|currently\s+)?(?:in|at|starting|attending)|"
        r"i\s+am\s+(?:now\s+|currently\s+)?(?:in|at|starting|attending))\s+"
        r"(?P<v>(?:law|med|medical|nursing|dental|business|grad|graduate|culinary|art|film|divinity|pharmacy|vet|"
        r"veterinary)\s+school)\b",
        P.JOB,
        "group",
        "user is a {v} student",
    ),
    rule(  # "I drive trams for a living", "I fix boilers for a living": the trade is what one does for a living
        "en",
        r"(?<![\w'])i\s+(?:basically\s+|actually\s+)?(?P<v>(?:drive|teach|fix|repair|build|design|write|translate|train|"
        r"coach|paint|clean|cut|cook|bake|sell|install|program|edit|photograph|tutor|nurse|farm|fly|sail|brew|shoe|groom|"
        r"walk|wire|plumb|weld|haul|deliver|tattoo|trim|survey|inspect|appraise|audit|underwrite|dispatch|mix|record|"
        r"tune|restore|service)\s(?:and\s(?:fix|repair|tune|restore|service|build|install|sell)\s)?"
        r"[a-z][\w'-]{1,20}(?:\s[a-z][\w'-]{1,20})?)\s+for\s+a\s+living\b",
        P.JOB,
        "group",
        "user works as {v}",
    ),
    rule(  # "I started a postdoc in the same lab", "just landed a job as a sous chef", "took a job with the county as
        # an inspector": a new role (a job word only)
        "en",
        r"(?:^|(?<![\w'])i\s+|(?<![\w'])i've\s+|(?<![\w'])just\s+|(?<![\w'])i\s+(?:[a-z]{2,20}\s){1,3}and\s)"
        r"(?:just\s+|finally\s+|recently\s+)?(?:started|began|took|landed|got|accepted)\s+(?:a\s+|an\s+|my\s+)?(?:new\s+)?"
        r"(?:(?:[a-z]+-[a-z-]+\s+|full-time\s+|permanent\s+)?(?:job|position|role|gig)\s+"
        # "took a job with the county health department as a food safety inspector"
        r"(?:(?:with|at)\s(?:[\w'&.-]{1,25}\s){1,6}?)?as\s+(?:a\s+|an\s+)?)?",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule(  # "I left the restaurant and opened my own wine shop": the owner of a business of one's own
        "en",
        r"(?<![\w'])(?:i\s+|i've\s+|and\s+)(?:just\s+|finally\s+|now\s+)?(?:opened|started|launched|run|own)\s+"
        r"(?:my\s+own|a)\s+(?P<v>(?:[a-z]+\s){0,2}(?:shop|store|bakery|cafe|café|restaurant|studio|salon|clinic|"
        r"practice|bar|brewery|boutique|agency|firm|gym|nursery|kennel|garage))\b",
        P.JOB,
        "group",
        "user owns a {v}",
    ),
    rule(  # "I manage a shoe store at the mall": the manager of a business (not "I manage my own …")
        "en",
        r"(?<![\w'])i\s+(?:now\s+|currently\s+|still\s+)?(?P<v>manage\s+(?:a|the)\s+(?:[a-z]+\s){0,2}(?:shop|store|bakery|"
        r"cafe|café|restaurant|salon|clinic|bar|brewery|boutique|gym|hotel|warehouse|pharmacy|bookstore|dealership|"
        r"branch|kitchen|garden\s+center))\b",
        P.JOB,
        "group",
        "user manages a {v}",
    ),
    rule(  # "Grooming pays the bills": the trade that keeps the speaker
        "en",
        r"(?:^|[.!?;,]\s+)(?P<v>[a-z]{3,20}ing)\s+(?:pays|covers)\s+(?:the|my)\s+bills\b",
        P.JOB,
        "group",
        "user works in {v}",
        confidence=0.65,
    ),
    rule(  # "Got promoted to senior engineer": the speaker's new role, subject dropped
        "en",
        r"(?:^|(?<![\w'])i\s+|(?<![\w'])i've\s+|(?<![\w'])just\s+)(?:just\s+|finally\s+)?(?:got|been|was)\s+"
        r"(?:promoted|bumped\s+up|moved\s+up)\s+to\s+"
        r"(?:a\s+|an\s+)?",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule(  # "I work at Siemens as a process engineer": the role after where it is held
        "en",
        _I + r"work\s+(?:at|for)\s+[^,.;!?]{2,40}?\s+as\s+(?:a|an|the)\s+",
        P.JOB,
        "job",
        "user works as {d}",
    ),
    rule("en", _I + r"work\s+(?:at|for)\s+", P.EMPLOYER, "place", "user works at {d}"),
    rule(  # "I left Spotify, I'm at Klarna now": where one works after leaving
        "en",
        r"\b(?:left|quit)\s+(?-i:[A-Z])[\w&.'-]{1,20}(?:\s(?-i:[A-Z])[\w&.'-]{1,20}){0,2}[,;]?\s+(?:and\s+|so\s+)?"
        r"(?:i'm|i\s+am|im)\s+(?:now\s+)?(?:at|with)\s+(?=(?-i:[A-Z]))",
        P.EMPLOYER,
        "place",
        "user works at {d}",
    ),
    rule(  # "I'm with Deloitte now, same role": where one works, said with the role
        "en",
        r"(?<![\w'])(?:i'm|i\s+am|im)\s+(?:now\s+)?(?:at|with)\s+(?=(?-i:[A-Z]))"
        r"(?=[^.!?]{0,60}\b(?:same\s+role|same\s+job|same\s+team|new\s+job|new\s+role|as\s+an?\s))",
        P.EMPLOYER,
        "place",
        "user works at {d}",
    ),
    rule(  # "I work at Home Depot in the lumber department", "I work in the produce department": where one's role is
        "en",
        _I + r"work\s+(?:(?:at|for)\s+[^,.;!?]{2,30}?\s+)?in\s+(?:the\s+)?"
        r"(?P<v>[a-z]{2,15}(?:\s[a-z]{3,15})?\s+department)\b",
        P.JOB,
        "group",
        "user works in the {v}",
        confidence=0.65,
    ),
    rule(  # "I drive for FedEx", "I'm driving for UPS now": the company one drives or delivers for
        "en",
        _DRIVES + r"|deliver|delivering)\s+for\s+(?=(?-i:[A-Z]))",
        P.EMPLOYER,
        "place",
        "user works at {d}",
        confidence=0.65,
    ),
    _DRIVER.rule(
        "en",
        _DRIVES + r")\s+for\s+(?=(?-i:[A-Z])|(?:uber|lyft|doordash|instacart|grubhub)\b)",
    ),
    rule(  # "I've been at Google for three years": the employer one has been with
        "en",
        r"(?<![\w'])i(?:'ve|\s+have)\s+been\s+(?:at|with)\s+(?P<v>(?-i:[A-Z])[\w&.-]{1,20}(?:\s(?-i:[A-Z])[\w&.-]{1,20}){0,2})"
        r"\s+(?:for|since)\s+(?:\d|a\s|an\s|about|almost|nearly|over|one|two|three|four|five|six|seven|eight|nine|ten|"
        r"a\s+few|several|many|years|months)",
        P.EMPLOYER,
        "group",
        "user works at {d}",
        confidence=0.65,
    ),
    rule(  # "I'm retired", "I'm fully retired now"
        "en",
        _IM + r"(?:now\s+|fully\s+|finally\s+|officially\s+|semi-)?(?P<v>retired)\b"
        r"(?!\s+(?:from\s+)?(?:the|my|that|this)\b)",
        P.JOB,
        "group",
        "user is {d}",
        confidence=0.7,
    ),
    rule(  # "I work for a small startup called Nimbus": the employer by its name
        "en",
        _I + r"work\s+(?:at|for)\s+(?:a|an)\s+(?:[a-z-]{2,15}\s+){0,3}(?:called|named)\s+"
        r"(?P<v>(?-i:[A-Z])[\w&.-]{1,20}(?:\s(?-i:[A-Z])[\w&.-]{1,20}){0,2})",
        P.EMPLOYER,
        "group",
        "user works at {d}",
    ),
    _SPEAKS.rule(
        "en",
        _I + _ADV + r"speak\s+(?:fluent\s+|some\s+|a\s+little\s+|a\s+bit\s+of\s+|decent\s+|good\s+)?"
        rf"(?P<v>{LANG_EN})\b",
    ),
    rule("en", _IM + rf"(?:fluent|native)\s+in\s+(?P<v>{LANG_EN})\b", P.SPEAKS, "group", "user speaks {V}"),
    _SPEAKS.rule(
        "en",
        r"my\s+(?:native\s+language|mother\s+tongue|first\s+language)\s+is\s+"
        rf"(?P<v>{LANG_EN})\b",
        confidence=0.8,
    ),
    rule(
        "en",
        r"(?:" + _IM + _ADV + r"|" + _IVE + r"been\s+)(?:learning|studying)\s+",
        P.LEARNING,
        "taste",
        "user is learning {d}",
        confidence=0.4,
    ),
    rule(
        "en",
        _I + _ADV + r"(?:use|code\s+in|program\s+in|develop\s+in|write\s+code\s+in)\s+",
        P.USES_TOOL,
        "tech",
        "user uses {d}",
        confidence=0.6,
    ),
    _DISLIKES.rule(  # "I'm never going to like those things", "I'll never enjoy opera"
        "en",
        r"(?<![\w'])(?:i'm|i\s+am|i'll|i\s+will)\s+never\s+(?:going\s+to\s+|gonna\s+)?(?:like|enjoy|love)\s+",
    ),
    _DISLIKES.rule(
        "en",
        _I + _ADV + r"(?:hate|dislike|detest|despise|loathe|can't\s+stand|cannot\s+stand|can't\s+bear|"
        r"don't\s+(?:really\s+|much\s+|particularly\s+)?(?:like|love|enjoy|care\s+for)|do\s+not\s+(?:really\s+)?"
        r"(?:like|love|enjoy|care\s+for)|dont\s+like|never\s+liked)\s+(?:to\s+|eating\s+|drinking\s+)?",
    ),
    _DISLIKES.rule(
        "en",
        _IM + _ADV + r"not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|keen\s+on|fond\s+of)\s+",
    ),
    rule(  # "Sauerkraut is one of those foods I just can't do": the thing, then the kind one can't take
        "en",
        r"^(?P<v>[a-z][a-z'-]{2,20}(?:\s[a-z][a-z'-]{2,20})?)\s+(?:is|are)\s+(?:one\s+of\s+those|the\s+one|a|the)\s+"
        r"(?:foods?|things?|dishes|drinks?|flavou?rs?|textures?|smells?)\s+(?:that\s+)?i\s+(?:just\s+|really\s+|simply\s+|"
        r"honestly\s+)?(?:can't|cannot|could\s+never|will\s+never)\s+(?:do|stand|eat|handle|stomach|get\s+(?:into|behind|used\s+to))\b",
        P.DISLIKES,
        "group",
        "user dislikes {d}",
    ),
    _DISLIKES.rule("en", r"^(?:honestly,?\s+)?not\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+"),  # the subject dropped
    _LIKES.rule("en", r"^(?:honestly,?\s+)?(?:a\s+)?(?:big|huge|massive|total)\s+fan\s+of\s+"),
    _AVOIDS.rule(  # "I don't really do sweets", "I can't do dairy": a food kept off the plate
        "en",
        _I + r"(?:don't|do\s+not|can't|cannot)\s+(?:really\s+)?do\s+(?=(?:sweets|dairy|gluten|carbs|sugar|caffeine|"
        r"alcohol|meat|seafood|shellfish|fish|eggs|nuts|spicy\s+food|spice)\b)",
    ),
    _LIKES.rule(
        "en",
        _I + _ADV + r"(?:like|love|enjoy|adore|prefer|dig)\s+(?:to\s+(?!think|say|know|believe|see|hear|"
        r"imagine)|eating\s+|drinking\s+)?",
    ),
    _KIND_LIKED.rule(  # a pastime kept up several times a week: "i swing dance 3 nights a week", "I climb twice a week"
        "en",
        r"(?<![\w'])i\s+(?:also\s+|still\s+|usually\s+|now\s+)?(?P<v>(?!(?:work|go|get|have|need|sleep|commute|drive|take|"
        r"do|see|pay|spend|use|eat|call|check|visit|stay|am|was|shower|cook|clean|shop|text|email|meet|teach|"
        r"babysit|volunteer|tutor)\b)[a-z]{3,12}(?:\s(?!(?:a|an|the|my|at|in|on)\b)[a-z]{3,12})?)\s+"
        r"(?:\d|one|two|three|four|five|six|seven|twice|once)\s*(?:(?:nights?|days?|times?|mornings?|evenings?)\s+)?"
        r"(?:a|per|each)\s+week\b",
        confidence=0.65,
    ),
    _LIKES.rule(  # consuming a kind of thing eagerly: "I tear through Irish crime novels", "I devour thrillers"
        "en",
        _I + _ADV + r"(?:tear\s+through|devour|binge(?:-watch)?|can't\s+get\s+enough\s+of|never\s+tire\s+of)\s+",
    ),
    _LIKES.rule(
        "en",
        _IM + _ADV + r"(?:a\s+)?(?:big\s+|huge\s+|massive\s+|great\s+)?(?:fan\s+of|into|crazy\s+about|"
        r"obsessed\s+with|fond\s+of|passionate\s+about|keen\s+on)\s+",
    ),
    _LIKES.rule(
        "en",
        r"my\s+(?:absolute\s+)?favou?rite\s+(?:[a-z]{3,15}\s+)?is\s+",
    ),
    _LIKES.rule(  # "my biggest hobby is bonsai", "my one real passion is sailing"
        "en",
        r"my\s+(?:biggest\s+|main\s+|only\s+|one\s+|real\s+|big\s+|current\s+|latest\s+)*(?:hobby|passion|pastime|"
        r"obsession)\s+(?:is|has\s+been|these\s+days\s+is)\s+",
    ),
    # a thing put first with what it is to the speaker ("Coffee is life", "Mushrooms are the worst")
    _KIND_LIKED.rule(
        "en",
        r"(?:^|(?<=[,;.!]\s))(?:honestly,?\s|tbh,?\s|ngl,?\s)?(?P<v>(?!honestly|tbh|ngl)[a-z]{3,15}(?:\s[a-z]{3,15})?)\s+"
        r"(?:is|are)\s+(?:honestly\s+|literally\s+|really\s+|basically\s+|kind\s+of\s+|kinda\s+)?(?:life|"
        # "Pottery is honestly the best thing I've picked up in years", "Bonsai is the one thing that makes me slow
        # down", "Kayaking is kind of our thing now"
        r"the\s+(?:best|one)\s+(?:thing|hobby)\s+(?!i\s+(?:hate|can't|cannot|don't|won't|dislike|avoid|never)\b|"
        r"that\s+(?:annoys|bugs|drives|ruins|scares)\b)(?:i've|i\s+have|i|that)\b|our\s+thing\b|my\s+(?:jam|thing|weakness|everything|guilty\s+pleasure|comfort\s+food|happy\s+place|love\s+language))\b",
    ),
    _KIND_DISLIKED.rule(
        "en",
        r"(?:^|(?<=[,;.!]\s))(?P<v>[a-z]{3,15}s)\s+are\s+(?:honestly\s+|literally\s+|just\s+)?(?:the\s+worst|gross|"
        r"disgusting|nasty|vile|revolting)\b",
    ),
    _KIND_DISLIKED.rule(  # "sardines gross me out", "cilantro makes me gag": a food that turns one's stomach
        "en",
        r"(?:^|(?<=[,;.!]\s)|(?<=\bbut\s))(?P<v>(?!(?:the|this|that|these|those|it|my|his|her|your|their|our|what|"
        r"everything|something|anything|he|she|they|you|we|just)\b)[a-z]{3,15}(?:\s[a-z]{3,15})?)\s+(?:honestly\s+|really\s+|just\s+|"
        r"totally\s+|kinda\s+)?(?:gross(?:es)?\s+me\s+out|makes?\s+me\s+(?:gag|retch|want\s+to\s+(?:puke|throw\s+up|"
        r"hurl))|turns?\s+my\s+stomach|disgusts?\s+me)\b",
    ),
    _KIND_DISLIKED.rule(  # "nope, can't do sardines", "I just can't do olives": a kind the speaker cannot face
        "en",
        r"(?:^|(?<=[,;.!]\s))(?:i\s+)?(?:just\s+|really\s+|honestly\s+|still\s+)?(?:can't|cannot|cant)\s+do\s+"
        r"(?P<v>(?!(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|mornings|evenings|nights|"
        r"afternoons|days|weeks|hours|minutes|calls|meetings|things|stairs|heights|crowds|miracles|favou?rs)\b)"
        r"[a-z]{3,15}s)\b(?!\s+(?:and|or|for|with|on|at|in|this|that|today|tonight|tomorrow)\b)",
    ),
    # the kind of person one is ("I'm a dog person", "Honestly, not a cat person"), said with or without "I'm"
    _KIND_LIKED.rule("en", _KIND_OF_PERSON + r"(?:more\s+of\s+)?an?\s+(?P<v>[a-z]{3,15})\s+person\b"),
    _KIND_DISLIKED.rule(
        "en", _KIND_OF_PERSON + r"not\s+(?:really\s+)?an?\s+(?:big\s+|huge\s+)?(?P<v>[a-z]{3,15})\s+person\b"
    ),
    # "tea's more my speed", "Board games are more my thing": the one the speaker goes for
    _KIND_LIKED.rule(
        "en",
        r"(?:^|(?<=[,;.!]\s))(?P<v>(?!(?:it|that|this|which|what)\b)[a-z]{3,15}(?:\s[a-z]{3,15})?)(?:'s|\s+is|\s+are)\s+"
        r"(?:much\s+|way\s+|a\s+lot\s+)?more\s+my\s+(?:speed|thing|style|jam|vibe|kind\s+of\s+thing)\b",
    ),
    # a kind put first, with no verb ("dogs all the way", "Dogs over cats for me, every single time")
    _KIND_LIKED.rule(
        "en",
        r"(?:^|(?<=[,;]\s))(?P<v>[a-z]{3,15}(?:\s[a-z]{3,15})?)\s+(?:all\s+the\s+way(?!\s+(?:to|from|through|"
        r"back|home|down|up|across|there|here|in|out))|over\s+[a-z]{3,15}(?:\s[a-z]{3,15})?\s+for\s+me)\b",
    ),
    rule(
        "en",
        # an imperative opens its clause: not "notifications work on Android but never show up on iOS"
        r"(?:^|(?<=[,;:.!?])|(?<=[,;:.!?]\s)|(?<=please\s)|(?<=and\s)|(?<=so\s)|(?<=also\s)|(?<=just\s)|(?<=but\s)"
        r"(?=(?:from|going|moving|in|henceforth)\b))"
        r"(?P<dur>from\s+now\s+on|going\s+forward|moving\s+forward|in\s+(?:the\s+)?future|"
        r"henceforth|from\s+here\s+on(?:\s+out)?|always|never)[,:]?\s+(?:please\s+)?(?:(?P<neg>don't|do\s+not|"
        r"never|stop)\s+|always\s+)?(?=" + _IMP_EN + ")",
        P.INSTRUCTION,
        "phrase",
        "user wants the agent to always {d}",
        neg_template="user wants the agent never to {d}",
        confidence=0.8,
    ),
)
del P
