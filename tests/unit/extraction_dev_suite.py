"""The development suite for attribute-level extraction: natural zh/en phrasings (including every example of
the semantic-memory issue) with the facts and keys they must yield, and pollution that must yield nothing.
Shared by tests/unit/test_extraction_attributes.py and the extraction benchmark (per-kind precision/recall).
"""

from __future__ import annotations

from graphmem.extraction.facts import Predicate

P = Predicate
Expected = tuple[Predicate, str, bool, str]  # predicate, value, polarity, key

# kind label, language, text, facts it must yield (by key; extra facts count against precision)
DEV_SUITE: list[tuple[str, str, str, list[Expected]]] = [
    # -- taste, diet, allergies
    ("taste", "zh", "我不吃香菜，真的受不了那个味道。", [(P.AVOIDS, "香菜", True, "user|taste|香菜")]),
    ("taste", "zh", "点外卖的时候记得别放香菜。", [(P.AVOIDS, "香菜", True, "user|taste|香菜")]),
    ("taste", "zh", "说来奇怪，我最近开始喜欢吃香菜了。", [(P.LIKES, "香菜", True, "user|taste|香菜")]),
    ("taste", "zh", "以后点菜可以加香菜，我现在挺爱吃的。", [(P.AVOIDS, "香菜", False, "user|taste|香菜")]),
    ("taste", "zh", "乌龙茶是我最喜欢的茶。", [(P.LIKES, "乌龙茶", True, "user|taste|乌龙茶")]),
    ("taste", "en", "Jazz is my favourite genre.", [(P.LIKES, "jazz", True, "user|favourite:genre")]),
    ("taste", "en", "Sushi is definitely my go-to dinner.", [(P.LIKES, "sushi", True, "user|favourite:dinner")]),
    (
        "taste",
        "en",
        "Horror movies aren't really my thing.",
        [(P.DISLIKES, "horror movie", True, "user|taste|horror movie")],
    ),
    (
        "taste",
        "en",
        "I'm a sucker for dark chocolate.",
        [(P.LIKES, "dark chocolate", True, "user|taste|dark chocolate")],
    ),
    ("diet", "en", "I went vegan last spring.", [(P.DIET, "vegan", True, "user|diet")]),
    (
        "diet",
        "en",
        "I'm allergic to shellfish, so keep that in mind.",
        [(P.ALLERGIC_TO, "shellfish", True, "user|taste|shellfish")],
    ),
    ("diet", "zh", "我对花生过敏。", [(P.ALLERGIC_TO, "花生", True, "user|taste|花生")]),
    # -- code and reply style (attribute keys)
    (
        "style",
        "en",
        "I like detailed comments in my code.",
        [(P.LIKES, "detailed comment", True, "user|code_comment_style")],
    ),
    (
        "style",
        "en",
        "I now prefer minimal comments, keep the code lean.",
        [(P.LIKES, "minimal comment", True, "user|code_comment_style")],
    ),
    ("style", "zh", "我喜欢详细的注释。", [(P.LIKES, "详细的注释", True, "user|code_comment_style")]),
    (
        "style",
        "en",
        "Please keep replies short.",
        [(P.PREFERS_REPLY_STYLE, "short replies", True, "user|prefers_reply_style")],
    ),
    ("style", "zh", "请用中文回复我。", [(P.PREFERS_LANGUAGE, "chinese", True, "user|prefers_language")]),
    # -- location and moves
    ("location", "en", "I live in Berlin.", [(P.LOCATION, "berlin", True, "user|location")]),
    ("location", "en", "Berlin has been home for years.", [(P.LOCATION, "berlin", True, "user|location")]),
    ("location", "en", "I've been living in Lisbon since March.", [(P.LOCATION, "lisbon", True, "user|location")]),
    ("location", "zh", "我在杭州住了五年了。", [(P.LOCATION, "杭州", True, "user|location")]),
    ("location", "zh", "现在住在上海，通勤方便多了。", [(P.LOCATION, "上海", True, "user|location")]),
    ("location", "zh", "我去年搬到了成都。", [(P.LOCATION, "成都", True, "user|location")]),
    # -- work
    ("work", "en", "I just joined Stripe as a backend engineer.", [(P.EMPLOYER, "stripe", True, "user|employer")]),
    ("work", "en", "I usually work 9am to 5pm.", [(P.WORK_HOURS, "9am-5pm", True, "user|work_hours")]),
    ("work", "en", "My workdays are Monday to Thursday.", [(P.WORKDAYS, "monday-thursday", True, "user|workdays")]),
    ("work", "zh", "我每天九点到六点上班。", [(P.WORK_HOURS, "9:00-18:00", True, "user|work_hours")]),
    ("work", "zh", "我上个月入职了腾讯。", [(P.EMPLOYER, "腾讯", True, "user|employer")]),
    # -- tools and languages
    ("tools", "en", "My editor of choice is neovim.", [(P.USES_TOOL, "neovim", True, "user|editor")]),
    ("tools", "zh", "我平时用 VS Code 写代码。", [(P.USES_TOOL, "vs code", True, "user|editor")]),
    # -- named relations and birthdays
    (
        "relations",
        "en",
        "My daughter's name is Anna.",
        [(P.RELATION_NAME, "anna", True, "user|child:daughter:name")],
    ),
    ("relations", "en", "I have a dog named Biscuit.", [(P.RELATION_NAME, "biscuit", True, "user|pet:dog:name")]),
    ("relations", "en", "I'm married to Priya.", [(P.RELATION_NAME, "priya", True, "user|spouse:name")]),
    ("relations", "zh", "我女儿叫小雨。", [(P.RELATION_NAME, "小雨", True, "user|child:daughter:name")]),
    ("relations", "zh", "我家的猫叫咪咪。", [(P.RELATION_NAME, "咪咪", True, "user|pet:cat:name")]),
    ("relations", "en", "My birthday is March 3rd.", [(P.BIRTHDAY, "march 3", True, "user|birthday")]),
    ("relations", "zh", "我儿子的生日是6月1日。", [(P.BIRTHDAY, "6月1日", True, "user|child:son:birthday")]),
    # -- time zone, travel, meetings
    ("timezone", "en", "My time zone is CET.", [(P.TIMEZONE, "cet (utc+1)", True, "user|timezone")]),
    ("timezone", "en", "I'm on Pacific time.", [(P.TIMEZONE, "pacific time (utc-8)", True, "user|timezone")]),
    ("timezone", "zh", "我这边是东八区。", [(P.TIMEZONE, "utc+8", True, "user|timezone")]),
    ("travel", "en", "I prefer aisle seats on long flights.", [(P.LIKES, "aisle seat", True, "user|travel_seat")]),
    ("travel", "zh", "我坐飞机喜欢靠窗的座位。", [(P.LIKES, "window seat", True, "user|travel_seat")]),
    ("meetings", "en", "I prefer morning meetings.", [(P.LIKES, "morning meeting", True, "user|meeting_time")]),
    (
        "meetings",
        "en",
        "No meetings before 10am please.",
        [(P.DO_NOT_DISTURB, "before 10:00", True, "user|do_not_disturb:before")],
    ),
    # -- corrections
    (
        "corrections",
        "en",
        "No, I meant my daughter's name is Hannah, not Anna.",
        [(P.RELATION_NAME, "hannah", True, "user|child:daughter:name")],
    ),
    ("corrections", "en", "Sorry, I meant I live in Munich.", [(P.LOCATION, "munich", True, "user|location")]),
    (
        "corrections",
        "zh",
        "不对，我说错了，我女儿叫小雪。",
        [(P.RELATION_NAME, "小雪", True, "user|child:daughter:name")],
    ),
    # -- project facts
    ("project", "zh", "项目A用 Rust 写。", [(P.USES_LANGUAGE, "rust", True, "project a|uses_language")]),
    ("project", "zh", "记住项目A的技术栈是 Rust。", [(P.USES_LANGUAGE, "rust", True, "project a|uses_language")]),
    (
        "project",
        "en",
        "Project Atlas's database is Postgres.",
        [(P.USES_TECH, "postgres", True, "project atlas|stack:database")],
    ),
]

# Chatter, hypotheticals, questions, third parties: no facts.
POLLUTION: list[tuple[str, str]] = [
    ("en", "My sister's name is Anna? No wait, that's my cousin."),
    ("en", "If I lived in Paris I would eat croissants every day."),
    ("en", "Do you think Berlin is a good place to live?"),
    ("en", "My friend says jazz is his favourite genre."),
    ("en", "He has been living in Tokyo for years."),
    ("en", "What time zone is Sydney in?"),
    ("en", "Home is where the heart is, right?"),
    ("en", "The weather is nice today."),
    ("en", "She's married to a dentist."),
    ("zh", "如果我住在上海，我每天都去外滩。"),
    ("zh", "你喜欢香菜吗？"),
    ("zh", "我朋友在杭州住了五年了。"),
    ("zh", "他女儿叫小雨。"),
    ("zh", "今天天气真不错。"),
    ("zh", "要是可以加香菜就好了。"),
    ("zh", "我觉得项目管理挺难的。"),
]
