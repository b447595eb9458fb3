"""The devices the speaker has: the phone by its model ("我这台iPhone 13", "my Pixel 7", "I'm on a Galaxy S23") and
the things and services one has by category ("我那辆雅迪电动车", "my Civic", "my car insurance is Progressive",
"my checking account is with Capital One"), one value per kind, so a corrected or replaced model
("我这台是iPhone 12，压根不是13", "我这车是爱玛的，不是雅迪") is a new version of the same attribute, with the old one
in its history.

A model is a brand with its number (the number is what tells one phone from the next); it is the speaker's when
a word of having or using it comes right before it (我这台, 我的, 我用的, my, I have, I'm on, I switched to, …).
Every pattern is a bounded alternation; the work is linear in the text.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate
from graphmem.extraction.slot import Slot, stated_away

__all__ = ["devices", "owned_value", "possessions"]

_F = re.IGNORECASE

# A phone model: the brand, its number and the variant words after it.
_PHONE = re.compile(
    r"(?<![A-Za-z0-9])(?P<model>(?:iphone|苹果)\s?(?:\d{1,2}|se|x[rs]?)(?:\s?(?:pro\s?max|pro|plus|mini|max))?|"
    r"(?:google\s)?pixel\s?\d{1,2}a?(?:\s?(?:pro\s?xl|pro|xl))?|"
    r"(?:samsung\s|三星\s?)?galaxy\s?(?:s|a|note|z\s?fold|z\s?flip)\s?\d{1,2}(?:\s?(?:ultra|plus|fe|\+))?|"
    r"(?:华为|huawei)\s?(?:mate|p|nova)\s?\d{1,3}(?:\s?(?:pro\+|pro|rs))?|"
    r"(?:小米|xiaomi|红米|redmi)\s?(?:note\s?)?\d{1,2}(?:\s?(?:pro\+|pro|ultra|s))?|"
    r"(?:一加|oneplus)\s?\d{1,2}(?:\s?(?:pro|r|t))?)(?![A-Za-z0-9])",
    _F,
)
# Having or using it, right before the model.
_OWNED_BEFORE = re.compile(
    r"(?:\b(?:my|mine\s+is|i\s+have|i've\s+got|i\s+got|i\s+use|i'm\s+on|i\s+am\s+on|im\s+on|i\s+switched\s+to|"
    r"i\s+upgraded\s+to|i\s+own)\s+(?:an?\s+|the\s+|old\s+|new\s+|trusty\s+)*|"
    r"\bmy\s+phone\s+is\s+(?:an?\s+)?|"
    r"我(?:的|这台|这部|那台|那部|这|那|手上这台|手里这台|用的|用的是|这台是|这部是|的手机是|手机是|现在用的是?|一直用的是?)"
    r"(?:手机)?\s*|"
    # "换了个iPhone 15", "刚入手了一台小米14": the phone one has just taken up
    r"(?:^|[，,。！!；;]|我|刚)(?:换了|新买了|买了|入手了|换成了|换成)(?:个|台|部|一台|一部)?(?:新的?)?\s*)$",
    _F,
)
_BEFORE_WINDOW = 24


def _model(raw: str) -> str:
    """The model as one lower-case spelling: "iPhone13 Pro" -> "iphone 13 pro", "苹果12" -> "iphone 12"."""
    text = raw.casefold().replace("苹果", "iphone ").replace("三星", "samsung ").replace("华为", "huawei ")
    text = text.replace("小米", "xiaomi ").replace("红米", "redmi ").replace("一加", "oneplus ").replace("google ", "")
    text = re.sub(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])", " ", text)
    return " ".join(text.split())


def devices(text: str) -> list[Slot]:
    """The phone the segment says the speaker has, once (the first model said as theirs)."""
    for m in _PHONE.finditer(text):
        before = text[max(0, m.start() - _BEFORE_WINDOW) : m.start()]
        if not _OWNED_BEFORE.search(before):
            continue
        if stated_away(text, m.start(), m.end()):
            continue
        return [Slot(Predicate.USES_TOOL, "phone", _model(m.group("model")), True, m.start(), m.end())]
    return []


# What the speaker has or is a customer of, by category: a vehicle (its model, else its make), a bicycle, the
# internet provider, the mobile carrier, the insurer and the bank. Each spelling maps to one value; a category is
# one attribute, so "mine's actually a Corolla" or "it's not Xfinity, it's Spectrum" is a new version of it.
_OWNED: dict[str, dict[str, str]] = {
    "vehicle": {
        "雅迪": "雅迪", "爱玛": "爱玛", "台铃": "台铃", "小牛": "小牛", "九号": "九号", "新日": "新日", "绿源": "绿源",
        "比亚迪": "比亚迪", "特斯拉": "tesla", "丰田": "toyota", "本田": "honda", "大众": "volkswagen", "宝马": "bmw",
        "奔驰": "mercedes", "奥迪": "audi", "蔚来": "蔚来", "小鹏": "小鹏", "问界": "问界", "吉利": "吉利",
        "五菱": "五菱", "哈弗": "哈弗", "日产": "nissan", "别克": "buick", "马自达": "mazda", "斯巴鲁": "subaru",
        "起亚": "kia", "福特": "ford", "雪佛兰": "chevrolet", "沃尔沃": "volvo", "保时捷": "porsche", "红旗": "红旗",
        "极氪": "极氪", "零跑": "零跑", "理想": "理想", "tesla": "tesla", "toyota": "toyota", "honda": "honda",
        "subaru": "subaru", "ford": "ford", "chevy": "chevrolet", "chevrolet": "chevrolet", "mazda": "mazda",
        "hyundai": "hyundai", "kia": "kia", "nissan": "nissan", "volkswagen": "volkswagen", "vw": "volkswagen",
        "bmw": "bmw", "audi": "audi", "mercedes": "mercedes", "volvo": "volvo", "jeep": "jeep", "rivian": "rivian",
        "lexus": "lexus", "acura": "acura", "byd": "比亚迪", "yadea": "雅迪", "niu": "小牛",
        # models, said for the car itself ("My Civic", "mine's actually a Corolla")
        "civic": "civic", "accord": "accord", "cr-v": "cr-v", "crv": "cr-v", "corolla": "corolla", "camry": "camry",
        "rav4": "rav4", "prius": "prius", "highlander": "highlander", "tacoma": "tacoma", "outback": "outback",
        "forester": "forester", "crosstrek": "crosstrek", "impreza": "impreza", "f-150": "f-150", "f150": "f-150",
        "mustang": "mustang", "model 3": "model 3", "model y": "model y", "model s": "model s", "miata": "miata",
        "cx-5": "cx-5", "elantra": "elantra", "sonata": "sonata", "tucson": "tucson", "altima": "altima",
        "sentra": "sentra", "rogue": "rogue", "jetta": "jetta", "golf": "golf", "wrangler": "wrangler",
        "silverado": "silverado", "卡罗拉": "corolla", "凯美瑞": "camry", "思域": "civic", "雅阁": "accord",
        "朗逸": "朗逸", "宝来": "宝来", "轩逸": "轩逸", "帕萨特": "帕萨特", "速腾": "速腾", "秦": "秦",
    },
    "bike": {
        "trek": "trek", "cannondale": "cannondale", "specialized": "specialized", "giant": "giant",
        "canyon": "canyon", "cervelo": "cervelo", "brompton": "brompton", "santa cruz": "santa cruz",
        "捷安特": "giant", "美利达": "merida", "merida": "merida", "崔克": "trek", "闪电": "specialized",
    },
    "internet_provider": {
        "xfinity": "xfinity", "comcast": "xfinity", "spectrum": "spectrum", "charter": "spectrum", "cox": "cox",
        "optimum": "optimum", "frontier": "frontier", "verizon fios": "verizon fios", "fios": "verizon fios",
        "at&t fiber": "at&t fiber", "google fiber": "google fiber", "starlink": "starlink", "电信宽带": "电信宽带",
        "联通宽带": "联通宽带", "移动宽带": "移动宽带", "长城宽带": "长城宽带",
    },
    "mobile_carrier": {
        "t-mobile": "t-mobile", "mint mobile": "mint mobile", "visible": "visible", "cricket": "cricket",
        "google fi": "google fi", "中国移动": "中国移动", "中国联通": "中国联通", "中国电信": "中国电信",
    },
    "insurer": {
        "geico": "geico", "progressive": "progressive", "state farm": "state farm", "allstate": "allstate",
        "liberty mutual": "liberty mutual", "usaa": "usaa", "nationwide": "nationwide", "farmers": "farmers",
        "平安保险": "平安保险", "人保": "人保", "太平洋保险": "太平洋保险",
    },
    "gym": {
        "乐刻": "乐刻", "超级猩猩": "超级猩猩", "威尔士": "威尔士", "一兆韦德": "一兆韦德", "舒适堡": "舒适堡",
        "planet fitness": "planet fitness", "la fitness": "la fitness", "equinox": "equinox",
        "24 hour fitness": "24 hour fitness", "anytime fitness": "anytime fitness", "crunch": "crunch",
        "orangetheory": "orangetheory", "f45": "f45", "gold's gym": "gold's gym", "ymca": "ymca",
    },
    "phone": {
        "iphone": "iphone", "苹果手机": "iphone", "android": "android", "安卓": "android", "安卓手机": "android",
        "pixel": "pixel", "google pixel": "pixel", "galaxy": "samsung galaxy", "samsung galaxy": "samsung galaxy",
        "华为手机": "华为", "小米手机": "小米", "oppo": "oppo", "vivo": "vivo", "荣耀": "荣耀", "一加": "一加",
    },
    "router": {
        "netgear": "netgear", "nighthawk": "nighthawk", "orbi": "orbi", "eero": "eero", "tp-link": "tp-link",
        "tplink": "tp-link", "deco": "deco", "linksys": "linksys", "asus": "asus",
        "google nest wifi": "google nest wifi", "nest wifi": "google nest wifi", "ubiquiti": "ubiquiti",
        "unifi": "unifi", "小米路由器": "小米路由器", "华为路由器": "华为路由器", "tp-link路由器": "tp-link",
    },
    "computer": {
        "dell": "dell", "xps": "dell", "hp": "hp", "lenovo": "lenovo", "thinkpad": "thinkpad", "macbook": "macbook",
        "macbook air": "macbook air", "macbook pro": "macbook pro", "acer": "acer", "surface": "surface",
        "chromebook": "chromebook", "alienware": "alienware", "razer": "razer", "msi": "msi", "imac": "imac",
        "framework": "framework", "戴尔": "dell", "惠普": "hp", "联想": "lenovo", "宏碁": "acer", "华硕": "华硕",
        "苹果电脑": "macbook", "拯救者": "lenovo", "小新": "lenovo", "华为笔记本": "华为笔记本",
        "小米笔记本": "小米笔记本", "matebook": "华为笔记本",
    },
    "bank": {
        "chase": "chase", "capital one": "capital one", "wells fargo": "wells fargo",
        "bank of america": "bank of america",
        "citi": "citi", "citibank": "citi", "us bank": "us bank", "pnc": "pnc", "td bank": "td bank", "ally": "ally",
        "schwab": "schwab", "discover": "discover", "招商银行": "招商银行", "招行": "招商银行", "工商银行": "工商银行",
        "工行": "工商银行", "建设银行": "建设银行", "建行": "建设银行", "农业银行": "农业银行", "中国银行": "中国银行",
        "交通银行": "交通银行", "浦发": "浦发银行", "浦发银行": "浦发银行",
    },
}  # fmt: skip
# The words a category's thing is said with, somewhere in the segment: a make that is also an ordinary word
# ("giant", "progressive", "visible") is the thing only then.
_CATEGORY_WORD: dict[str, re.Pattern[str]] = {
    "vehicle": re.compile(
        r"电动车|电瓶车|电驴|摩托|汽车|车|开|骑|\b(?:car|truck|suv|van|e-?bike|scooter|motorbike|motorcycle|drive|"
        r"driving|tires|tyres|dealership|mechanic|oil\s+change|brakes?|engine|mpg|sedan|hatchback)\b",
        _F,
    ),
    "bike": re.compile(
        r"自行车|单车|公路车|山地车|骑|\b(?:bike|bikes|bicycle|cycling|ride|riding|gears?|derailleur|frame|saddle)\b",
        _F,
    ),
    "internet_provider": re.compile(r"宽带|网速|路由|光猫|\b(?:internet|wifi|wi-fi|router|modem|broadband|isp)\b", _F),
    "mobile_carrier": re.compile(r"手机|话费|流量|套餐|信号|\b(?:phone|carrier|plan|signal|data|coverage|sim)\b", _F),
    "insurer": re.compile(r"保险|车险|保费|\b(?:insurance|insurer|policy|premium|rate|renewal|claim)\b", _F),
    "gym": re.compile(r"健身|练|办卡|私教|撸铁|\b(?:gym|workout|lift|lifting|membership|class|classes|trainer)\b", _F),
    "phone": re.compile(r"手机|\b(?:phone|iphone|android|pixel|galaxy|smartphone|cell)\b", _F),
    "router": re.compile(r"路由|wifi|无线|\b(?:router|wi-?fi|mesh|firmware|access\s+point)\b", _F),
    "computer": re.compile(r"电脑|笔记本|本子|\b(?:laptop|notebook|computer|pc|desktop|keyboard|screen|battery)\b", _F),
    "bank": re.compile(r"银行|卡|账户|存款|\b(?:bank|checking|savings|account|card|wire|transfer|atm)\b", _F),
}
_BRAND_OF = {form: (category, value) for category, forms in _OWNED.items() for form, value in forms.items()}
_OWNED_THING = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    + "|".join(re.escape(b) for b in sorted(_BRAND_OF, key=len, reverse=True))
    + r")(?![A-Za-z0-9])",
    _F,
)
# Having it, right before the name: "my", "my car insurance is", "my checking account is with", "mine's actually
# a", "I drive a", "I bank with", "我那辆", "我这车是", "我用的是"
_HAVING_BEFORE = re.compile(
    r"(?:\b(?:my|i\s+drive|i\s+ride|i\s+have|i've\s+got|i\s+own|i\s+bank\s+with|i'm\s+with|i\s+am\s+with|i\s+use|"
    r"i'm\s+on|i\s+switched\s+to|mine's|mine\s+is)\s+(?:actually\s+|really\s+)?(?:an?\s+|the\s+|old\s+|new\s+|trusty\s+)*|"
    r"\bmy\s+(?:[a-z]+\s+){1,2}(?:is|are)\s+(?:actually\s+|really\s+)?(?:with\s+|through\s+|from\s+|an?\s+)?|"
    r"我(?:的|那辆|这辆|家那辆|家的|开的是?|骑的是?|这车是|那车是|的车是|的电动车是|这辆车是|那辆车是|用的是?|办的是?|"
    r"的卡是|的保险是|家宽带是|家的宽带是|办卡的是|办的卡是|去的是|练的是|"
    # "我这OPPO手机", "我这手机是vivo的", "我那台电脑是联想的"
    r"(?:这|那)(?:台|部|个)?(?:(?:手机|电脑|笔记本|本子)(?:其实|实际上)?(?:是|用的是))?)\s*|\bi\s+go\s+to\s+(?:an?\s+|the\s+)?|"
    r"\bmy\s+gym\s+is\s+(?:an?\s+|the\s+)?|\b(?:the|our)\s+(?:wi-?fi\s+)?router(?:'s|\s+is)\s+(?:an?\s+|the\s+)?)$",
    _F,
)


# Names that are ordinary words too: the thing only with a word of its category in the segment
_ORDINARY = frozenset(
    {"giant", "specialized", "canyon", "progressive", "visible", "discover", "farmers", "nationwide", "ally",
     "frontier", "optimum", "cricket", "charter", "golf", "rogue", "tucson", "tacoma", "outback", "forester",
     "mustang", "accord", "spectrum", "chase", "citi", "cox", "秦", "闪电", "理想", "九号", "新日", "小牛", "红旗",
     "大众", "平安保险", "人保", "ford", "jeep", "santa cruz", "merida", "sonata", "crunch", "equinox", "威尔士",
     "surface", "framework", "razer", "小新", "拯救者", "hp", "msi"}
)  # fmt: skip
# In a turn that corrects what was said, "it's (actually) a Cannondale" / "it's Spectrum" names the speaker's own
_CORRECTED_BEFORE = re.compile(
    r"\b(?:it's|it\s+is|its|it\s+was|that's)\s+(?:actually\s+|really\s+)?(?:an?\s+|the\s+)?$|其实是$|应该是$", _F
)
_HAVING_WINDOW = 40
# Going to a gym as one's habit: "我一般去公司楼下的乐刻", "I usually go to the Crunch on 5th"
_GOING_TO = re.compile(
    r"我[\u4e00-\u9fff]{0,4}(?:去|在)[\u4e00-\u9fff]{0,8}$|\bi\s+(?:usually\s+|always\s+)?go\s+to\s+(?:the\s+)?$", _F
)


# A plant or tree the speaker keeps, by where it grows ("我阳台上那几盆玫瑰", "The silver maple in our backyard"):
# what it is, so that a later "it's a sweetgum, not a maple" corrects it.
_ZH_GROWN = re.compile(
    r"我(?:家)?(?:阳台|院子|院里|花园|窗台|屋里|家里|楼顶)(?:上|里)?(?:的)?(?:那|这)?(?:[几一两三四五]|好几)?(?:盆|棵|株|丛)"
    r"(?P<v>[\u4e00-\u9fff]{2,3}?)(?=这阵子|这两天|最近|今年|叶|开|长|老|总|怎么|咋|[，,。])"
)
_EN_GROWN = re.compile(
    r"\b(?:the|our|my)\s+(?P<v>(?:[a-z]+\s)?(?:maple|oak|birch|pine|spruce|elm|willow|magnolia|dogwood|cherry|"
    r"sweetgum|cedar|juniper|hydrangea|lilac|azalea|rhododendron|crape\s+myrtle|redbud|linden|beech|walnut)"
    r"(?:\s+tree)?)\s+in\s+(?:our|my|the)\s+(?:back|front|side)?\s?(?:yard|garden)\b",
    re.IGNORECASE,
)


def grown(text: str) -> list[Slot]:
    """A plant or tree the speaker keeps (`_ZH_GROWN`, `_EN_GROWN`), as what it is."""
    m = _ZH_GROWN.search(text) or _EN_GROWN.search(text)
    if m is None:
        return []
    value = m.group("v").lower().removesuffix(" tree")
    return [Slot(Predicate.RELATION_NAME, "garden:plant:kind", value, True, m.start("v"), m.end("v"))]


def owned_value(name: str) -> str | None:
    """The value a name of a thing one has stands for ("雅阁" -> "accord", "Chevy" -> "chevrolet"), or None."""
    found = _BRAND_OF.get(name.strip().casefold())
    return found[1] if found else None


def _model_after(
    text: str, make: re.Match[str], category: str, named: list[tuple[re.Match[str], str, str]]
) -> str | None:
    """The value of a name of the same category right after `make` (a space apart at most), or None."""
    return next(
        (
            v
            for m, c, v in named
            if c == category and m.start() >= make.end() and not text[make.end() : m.start()].strip()
        ),
        None,
    )


def possessions(text: str, correcting: bool = False) -> list[Slot]:
    """What the segment says the speaker has, one per category (the first said as theirs): a vehicle, a bicycle,
    the internet provider, the mobile carrier, the insurer, the bank. `correcting`: the turn corrects what was said
    before, so "it's actually a Cannondale" names the speaker's."""
    out: list[Slot] = []
    seen: set[str] = set()
    named = [(m, *_BRAND_OF[m.group(0).casefold()]) for m in _OWNED_THING.finditer(text)]
    # a make and its model ("My Subaru Outback", "我那辆丰田卡罗拉"): the model, said where the make is
    named = [
        (m, category, model if (model := _model_after(text, m, category, named)) else value)
        for m, category, value in named
    ]
    for m, category, value in named:
        form = m.group(0).casefold()
        # an ordinary word is the thing with a word of its category, or beside another of its category
        # ("it's not Xfinity, it's Spectrum")
        beside = any(c == category and v != value for _, c, v in named)
        # (a router's make names one only with a word of networking: "asus" makes laptops too)
        ordinary = form in _ORDINARY or category in ("router", "phone")
        if category in seen or (ordinary and not beside and not _CATEGORY_WORD[category].search(text)):
            continue
        before = text[max(0, m.start() - _HAVING_WINDOW) : m.start()]
        having = _HAVING_BEFORE.search(before) or (correcting and _CORRECTED_BEFORE.search(before))
        having = having or (category == "gym" and _GOING_TO.search(before))
        if not having or stated_away(text, m.start(), m.end()):
            continue
        seen.add(category)
        out.append(Slot(Predicate.USES_TOOL, category, value, True, m.start(), m.end()))
    return out
