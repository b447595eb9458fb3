"""Named relations as slots: their names in English ("my husband Marco", "my dog's name is Biscuit", "Pepper (my
cat)", "Priya, my wife"), and the fields a relation has besides its name and birthday in either language: a pet's
breed ("我家狗叫可颂，是只两岁的金毛", "our greyhound Pickle") and a child's school ("儿子上的是育才小学").
"""

from __future__ import annotations

import re

from graphmem.extraction.attributes import relation_attribute
from graphmem.extraction.facts import Predicate
from graphmem.extraction.lexicon import COMMON_SURNAMES
from graphmem.extraction.rule import Lang
from graphmem.extraction.slot import Slot
from graphmem.extraction.zh_pets import BREED_KINDS, PET_KINDS

__all__ = ["PET_WORDS", "relation_fields", "relation_names"]

# "my husband Marco", "my dog's name is Biscuit", "Pepper (my cat)": a named relation in English.
_RELATION_WORDS: dict[str, str] = {
    "wife": "wife", "husband": "husband", "hubby": "husband", "spouse": "spouse", "partner": "partner",
    "girlfriend": "partner", "gf": "partner", "boyfriend": "partner", "bf": "partner", "fiancé": "partner",
    "fiance": "partner", "fiancée": "partner", "fiancee": "partner", "daughter": "daughter", "son": "son",
    "stepdaughter": "stepdaughter", "stepson": "stepson",
    "half-brother": "brother", "half-sister": "sister", "stepbrother": "brother", "stepsister": "sister",
    "step-brother": "brother", "step-sister": "sister",
    "dog": "dog", "puppy": "dog", "cat": "cat", "kitten": "cat", "fish": "pet:fish", "goldfish": "pet:fish",
    "hamster": "pet:hamster", "rabbit": "pet:rabbit", "bunny": "pet:rabbit", "parrot": "pet:bird", "bird": "pet:bird",
    "turtle": "pet:turtle", "tortoise": "pet:turtle", "horse": "pet:horse", "pony": "pet:horse",
    "lizard": "pet:lizard", "gecko": "pet:lizard", "bearded dragon": "pet:lizard", "snake": "pet:snake",
    "ferret": "pet:ferret",
    "chinchilla": "pet:chinchilla",
    "sister-in-law": "sister-in-law", "brother-in-law": "brother-in-law", "mother-in-law": "mother-in-law",
    "father-in-law": "father-in-law",
    # family: "my little sister Priya", "my mum Linda"
    "sister": "sister", "brother": "brother", "mom": "mom", "mum": "mum", "mother": "mother", "dad": "dad",
    "father": "father", "grandmother": "grandmother", "grandma": "grandmother", "granny": "grandmother",
    "grandfather": "grandfather", "grandpa": "grandfather", "grandson": "grandson", "granddaughter": "granddaughter",
    "guinea pig": "pet:guinea_pig",
    # the person one reports to ("My manager is Priya", "Tom, my manager, wants …")
    "manager": "manager", "boss": "manager", "supervisor": "manager", "line manager": "manager",
    # the wider family: one key per person named ("my nephew Ollie", "my cousin Ben"), as one may have several
    "nephew": "relative:nephew", "niece": "relative:niece", "cousin": "relative:cousin", "aunt": "relative:aunt",
    "auntie": "relative:aunt", "uncle": "relative:uncle", "great-aunt": "relative:great-aunt",
    "great aunt": "relative:great-aunt", "great-uncle": "relative:great-uncle", "great uncle": "relative:great-uncle",
    "godmother": "relative:godmother", "godfather": "relative:godfather", "godson": "relative:godson",
    "goddaughter": "relative:goddaughter", "stepmom": "relative:stepmother", "stepmother": "relative:stepmother",
    "stepdad": "relative:stepfather", "stepfather": "relative:stepfather", "mini pig": "pet:pig",
    "goat": "pet:goat", "hedgehog": "pet:hedgehog", "cockatiel": "pet:bird", "budgie": "pet:bird",
    "donkey": "pet:donkey", "mule": "pet:donkey", "axolotl": "pet:axolotl", "llama": "pet:llama",
    "alpaca": "pet:alpaca", "duck": "pet:duck", "goose": "pet:goose", "cockatoo": "pet:bird",
    "hermit crab": "pet:crab", "quail": "pet:quail", "button quail": "pet:quail", "tarantula": "pet:spider",
    "leopard gecko": "pet:lizard", "crested gecko": "pet:lizard", "ball python": "pet:snake", "corn snake": "pet:snake",
    # a breed names the kind ("our greyhound Pickle", "my tabby Miso")
    **dict.fromkeys(
        ("greyhound", "labrador", "retriever", "poodle", "beagle", "collie", "corgi", "spaniel", "terrier",
         "dachshund", "husky", "pug", "whippet", "lurcher", "labradoodle", "cockapoo", "schnauzer", "bulldog",
         "sheepdog", "dalmatian", "rottweiler", "chihuahua", "golden retriever", "labrador retriever",
         "german shepherd", "border collie", "cocker spaniel", "springer spaniel", "jack russell", "french bulldog",
         "shih tzu", "shiba inu", "great dane", "bernese mountain dog", "pit bull", "staffie", "maltese"),
        "dog",
    ),
    **dict.fromkeys(
        ("tabby", "siamese", "ragdoll", "persian", "sphynx", "bengal", "maine coon", "british shorthair"), "cat"
    ),
}  # fmt: skip
_KINDS_EN = frozenset({"dog", "puppy", "cat", "kitten"})
PET_WORDS = frozenset(w for w, kind in _RELATION_WORDS.items() if kind in ("dog", "cat") or kind.startswith("pet:"))
"""English words for a kind of pet (breeds included): "Do you have one?" after one of them asks about that pet."""
_REL = "|".join(sorted(_RELATION_WORDS, key=len, reverse=True))
_NAME = r"(?P<name>[A-Z][a-z]{1,15})"
_RELATION_NAMED = re.compile(
    r"\b(?:my|our)\s(?:new\s|old\s|little\s|big\s|younger\s|older\s|baby\s|kid\s|twin\s)?(?P<rel>"
    + _REL
    + r")(?:'s\sname(?:\sis|'s)(?:\s(?:spelled|spelt|actually|now))?|"
    + r"\sis\snamed|\sis\scalled|\sis|\snamed|\scalled|,)?\s"
    + _NAME
    + r"\b|\b"
    + _NAME.replace("name", "name2")
    + r"\s\((?:my|the)\s(?P<rel2>"
    + _REL
    + r")\)|"
    r"\bnew\s(?P<rel3>" + _REL + r"),\s" + _NAME.replace("name", "name3") + r"\b|"
    r"\b" + _NAME.replace("name", "name4") + r",\s(?:my|the)\s(?P<rel4>" + _REL + r")(?=[,.;!)]|$)|"  # "Priya, my wife"
    # "We have a golden retriever called Maple", "I adopted a kitten named Tofu"
    # ("We've got a beagle named Rufus", "I just adopted a two-year-old cat called Miso")
    r"\b(?:we|i)(?:'ve|\shave)?\s(?:just\s)?(?:have|got|adopted|own|rescued)\s(?:a|an)\s(?:[a-z-]{2,12}\s){0,2}?(?P<rel5>"
    + _REL
    + r")\s(?:called|named)\s"
    + _NAME.replace("name", "name5")
    + r"\b",
    re.IGNORECASE,
)
_NOT_NAMES = frozenset(
    {"i", "is", "and", "the", "a", "an", "my", "he", "she", "it", "they", "we", "has", "was", "just", "so", "but",
     "loves", "likes", "hates", "works", "lives", "got", "had", "passed", "always", "never", "really", "too", "also",
     "hello", "hi", "hey", "thanks", "ok", "okay", "yes", "no", "sorry", "well", "oh", "anyway", "plus"}
)  # fmt: skip


def relation_names(text: str) -> list[Slot]:
    out: list[Slot] = []
    for m in _RELATION_NAMED.finditer(text):
        group = next(g for g in ("name", "name2", "name3", "name4", "name5") if m.group(g))
        name = m.group(group)
        rel = (m.group("rel") or m.group("rel2") or m.group("rel3") or m.group("rel4") or m.group("rel5")).lower()
        start = m.start(group)
        if not name[0].isupper() or name.lower() in _NOT_NAMES:
            continue
        relation = _RELATION_WORDS[rel]
        attribute = relation_attribute(relation, "name") if ":" not in relation else f"{relation}:name"
        if relation.startswith("relative:"):
            attribute = f"{relation}:{name.lower()}"
        out.append(Slot(Predicate.RELATION_NAME, attribute, name.lower(), True, start, start + len(name)))
    return out


# "我侄子周子航今年上一年级了", "我女儿小雨三岁了": a relative named right after the word for them. The name is a
# common surname with a given name, a doubled character (豆豆) or 小/阿 with one character, before what is said
# of them; a relation of the wider family gets one key per person.
_ZH_RELATIVES: dict[str, str] = {
    "儿子": "child:son", "女儿": "child:daughter", "闺女": "child:daughter", "老婆": "spouse", "老公": "spouse",
    "妻子": "spouse", "丈夫": "spouse", "哥哥": "sibling:brother", "弟弟": "sibling:brother",
    "姐姐": "sibling:sister", "妹妹": "sibling:sister", "侄子": "relative:nephew", "外甥": "relative:nephew",
    "侄女": "relative:niece", "外甥女": "relative:niece", "表哥": "relative:cousin", "表姐": "relative:cousin",
    "表弟": "relative:cousin", "表妹": "relative:cousin", "堂哥": "relative:cousin", "堂姐": "relative:cousin",
    "堂弟": "relative:cousin", "堂妹": "relative:cousin", "小舅子": "relative:brother-in-law",
    "大舅子": "relative:brother-in-law", "姐夫": "relative:brother-in-law", "妹夫": "relative:brother-in-law",
    "小叔子": "relative:brother-in-law", "大伯子": "relative:brother-in-law", "连襟": "relative:brother-in-law",
    "小姨子": "relative:sister-in-law", "大姨子": "relative:sister-in-law", "嫂子": "relative:sister-in-law",
    "弟媳": "relative:sister-in-law", "小姑子": "relative:sister-in-law", "女婿": "relative:son-in-law",
    "儿媳": "relative:daughter-in-law", "儿媳妇": "relative:daughter-in-law", "舅舅": "relative:uncle",
    "叔叔": "relative:uncle", "大伯": "relative:uncle", "伯伯": "relative:uncle", "姑父": "relative:uncle",
    "姨父": "relative:uncle", "小舅": "relative:uncle", "姑姑": "relative:aunt", "姨妈": "relative:aunt",
    "小姨": "relative:aunt", "舅妈": "relative:aunt", "婶婶": "relative:aunt", "大姨": "relative:aunt",
    "干女儿": "relative:goddaughter", "干闺女": "relative:goddaughter", "干儿子": "relative:godson",
}  # fmt: skip
# a child's partner, said through the child ("我闺女跟她对象志强十月份办婚礼", "我儿子的女朋友小敏")
_ZH_RELATIVES.update(
    {
        f"{child}{link}{partner}": relation
        for child, pronoun, partners, relation in (
            ("女儿", "她", ("对象", "男朋友", "男友", "未婚夫"), "relative:daughter's partner"),
            ("闺女", "她", ("对象", "男朋友", "男友", "未婚夫"), "relative:daughter's partner"),
            ("儿子", "他", ("对象", "女朋友", "女友", "未婚妻"), "relative:son's partner"),
        )
        for link in ("的", f"跟{pronoun}", f"和{pronoun}", f"跟{pronoun}的", f"和{pronoun}的")
        for partner in partners
    }
)
_ZH_APPOSITION = re.compile(
    r"(?:^|(?<=[，,。；;\s]))(?:我|我的|我家|我和|我跟)(?P<rel>"
    + "|".join(sorted(_ZH_RELATIVES, key=len, reverse=True))
    + r")(?:(?P<v>[\u4e00-\u9fff]{2,3}?)"
    + r"(?=今年|刚|才|已经|在|是|上|又|最近|总|老是|特别|天天|每天|也|和|跟|养|带|陪|"
    + r"下(?:礼拜|周|星期|个月)|这(?:礼拜|周|星期)|"
    + r"昨天|今天|明天|前几天|[一二三四五六七八九十]{1,2}月|[，,。！!？?\s]|$)"
    # "我堂弟阿涛下个月结婚": 小/阿 and one character is a given name before anything said of them
    + r"|(?P<v2>[小阿][\u4e00-\u9fff])(?=[\u4e00-\u9fff]))"
)
_ZH_GIVEN = re.compile(r"^(?:(?P<a>[\u4e00-\u9fff])(?P=a)|[小阿][\u4e00-\u9fff])$")


def _dictionary_word(word: str) -> bool:
    """Whether jieba's dictionary knows `word` as a word of its own (小时, 小学, 阿姨; not 阿涛, 小雯)."""
    import jieba

    from graphmem.retrieval.lexical import load_jieba

    load_jieba()
    return bool(jieba.dt.FREQ.get(word))


def _person_name(word: str) -> bool:
    """Whether jieba reads a two-character word as one person's name ("大鹏", "晓雯"; not "上班", "今天")."""
    import jieba.posseg as pseg

    from graphmem.extraction.zh_tokens import POSSEG_LOCK

    if len(word) != 2:
        return False
    with POSSEG_LOCK:
        tags = [p.flag for p in pseg.lcut(word, HMM=False)]
    return tags in (["nr"], ["nrfg"])


# Characters common in Chinese given names: two of them that make no dictionary word are a name ("晓燕", "丽娟")
_GIVEN_CHARS = frozenset(
    "晓燕丽娟婷伟芳娜敏静磊洋勇军杰涛明超秀霞刚桂英华玲红梅兰雪琳欣雯倩颖佳慧莉萍艳鹏斌辉浩宇轩睿涵琪瑶婧妍"
    "嘉怡蕾璐茜薇蓉凤娇琴晨曦悦彤昊俊峰强波宁亮飞鑫鸿坤龙建志永海春秋冬梦思诗子豪梓轩宸国栋雨"
)


# Given names common enough to be words of the dictionary too ("建国" is also founding a state)
_COMMON_GIVEN = frozenset(
    {"建国", "建军", "建华", "建平", "国庆", "国强", "志强", "志刚", "卫东", "卫国", "爱国", "红梅", "秀英", "桂英",
     "海燕", "春梅", "玉兰", "秀兰", "振华", "德明", "淑芬", "丽华", "浩然", "欣然", "思远", "文静", "文杰", "天佑",
     "永康", "建业", "建新", "家豪", "一鸣", "若曦", "振宇", "晓东", "春华", "秋菊", "国华", "立新", "德华", "少华",
     "家明", "文华"}
)  # fmt: skip


def _given_name(word: str) -> bool:
    """Whether a two-character word is a given name by its characters and no dictionary word ("晓燕"; not "明天"),
    or one of the common names that are words too ("建国")."""
    if word in _COMMON_GIVEN:
        return True
    return len(word) == 2 and all(c in _GIVEN_CHARS for c in word) and not _dictionary_word(word)


def zh_relatives(text: str) -> list[Slot]:
    """Relatives named in apposition in Chinese (`_ZH_APPOSITION`)."""
    out: list[Slot] = []
    for m in _ZH_APPOSITION.finditer(text):
        group = "v" if m.group("v") else "v2"
        name = m.group(group)
        if not (
            _ZH_GIVEN.match(name)
            or (len(name) == 3 and name[0] in COMMON_SURNAMES)
            or _person_name(name)
            or _given_name(name)
        ):
            continue
        if group == "v2" and _dictionary_word(name):
            continue  # "我女儿小时候…", "我儿子小学…": a word, not a name
        relation = _ZH_RELATIVES[m.group("rel")]
        attribute = f"{relation}:{name}" if relation.startswith("relative:") else f"{relation}:name"
        out.append(Slot(Predicate.RELATION_NAME, attribute, name, True, *m.span(group)))
    return out


# A breed said of the speaker's pet: in apposition ("our greyhound Pickle") or as what the pet is ("是只两岁的金毛").
_BREEDS_EN = frozenset(w for w, kind in _RELATION_WORDS.items() if kind in ("dog", "cat") and w not in _KINDS_EN)
# The breed said of a pet just named ("My dog's name is Rocky and he's a beagle")
# (not one said of someone else's: "my dog Rex and my friend's dog, it's a poodle")
_ANOTHER_OWNER = re.compile(r"\b(?:my|his|her|their|our|your)\b|'s\b|[.;!?]", re.IGNORECASE)
_PET_IS_BREED = re.compile(
    r"\b(?:he|she|it)(?:'s|\sis)\s(?:a|an)\s(?:[a-z-]{2,12}\s){0,2}?(?P<b>"
    + "|".join(sorted(_BREEDS_EN, key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
_ZH_BREEDS: dict[str, str] = {
    **dict.fromkeys(
        ("柯基", "金毛", "泰迪", "哈士奇", "二哈", "柴犬", "边牧", "拉布拉多", "萨摩耶", "比熊", "博美", "法斗"), "dog"
    ),
    **dict.fromkeys(("布偶", "英短", "美短", "橘猫", "狸花猫", "暹罗猫", "加菲猫", "蓝猫"), "cat"),
}  # fmt: skip
_ZH_BREED = re.compile(
    r"我(?:家|的|养的)?(?:那只|这只|那条|这条)?(?:狗|猫|狗狗|猫咪)[^。！？!?]{0,12}?[，,]\s*是(?:一)?(?:只|条|个)[^，,。]{0,6}?"
    r"(?P<v>" + "|".join(sorted(_ZH_BREEDS, key=len, reverse=True)) + r")"
)
# The speaker's pet called by its breed alone ("我家那只英短最近掉毛", "家里的柯基"): the breed is what it is
_ZH_OUR_BREED = re.compile(
    r"(?:我家|我们家|咱家|家里)(?:的)?(?:那只|这只|那条|这条)?(?P<v>"
    + "|".join(sorted(_ZH_BREEDS, key=len, reverse=True))
    + r")(?:猫|狗|犬)?"
    # what is said of it right after, so no name is given ("我家橘猫可乐…" names it: its name is what is kept)
    + r"(?=最近|这两天|这阵子|今天|昨天|又|老是|总是|一直|特别|有点|太|掉|不|没|吃|是不是|怎么|咋|[，,。！!？?])"
)
# A child's school: "儿子上的是育才小学", "我女儿的学校是育英小学", "my son goes to Lincoln Elementary".
_ZH_SCHOOL = re.compile(
    # the speaker's own child: after 我 / 我的 / 我家 or opening a clause, not "我同事儿子…"
    r"(?:(?<=我)|(?<=我的)|(?<=我家)|^|(?<=[，,；;：:\s]))(?P<rel>儿子|女儿|孩子|闺女)(?:的学校是|上的是|在读的是|读的是|就读于|在)(?P<v>[\u4e00-\u9fff]{2,8}?"
    r"(?:小学|中学|初中|高中|幼儿园|大学))"
)
_ZH_CHILD = {"儿子": "son", "女儿": "daughter", "闺女": "daughter", "孩子": "child"}
# A child's year at school: "我儿子上初二", "闺女今年读三年级", "my son is in 8th grade", "my daughter's a sophomore".
_ZH_GRADE = re.compile(
    r"(?:(?<=我)|(?<=我的)|(?<=我家)|^|(?<=[，,；;：:\s]))(?P<rel>儿子|女儿|孩子|闺女)(?:现在|今年|才|已经)?(?:上|读|在读|是|念|刚上)"
    r"(?P<v>(?:小学|初中|高中)?[一二三四五六1-6]年级|初[一二三]|高[一二三]|大[一二三四]|幼儿园(?:小|中|大)班|[小中大]班)"
    r"(?![\u4e00-\u9fff]{0,2}的(?:时候|那年))"
)
_EN_GRADE = re.compile(
    r"\bmy\s(?P<rel>son|daughter|kid|child)(?:\sis|'s)\s(?:now\s|already\s|just\s)?(?:in\s)?"
    r"(?P<v>(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
    r"twelfth)\sgrade|a\s(?:freshman|sophomore|junior|senior)|kindergarten|pre-?k|year\s\d{1,2})\b",
    re.IGNORECASE,
)
_EN_SCHOOL = re.compile(
    r"\bmy\s(?P<rel>son|daughter|kid|child)\s(?:goes\sto|attends|is\sat|started\sat)\s(?P<v>(?-i:[A-Z])[\w'-]{1,20}"
    r"(?:\s(?-i:[A-Z])[\w'-]{1,20}){0,3})",
    re.IGNORECASE,
)


_ZH_KEPT_KIND = re.compile(
    r"(?:我|我家|我们家|咱家|家里)(?:养了|养的是|养的|养着)(?:一|两|三)?(?:只|条|头|个)?(?P<k>"
    + "|".join(PET_KINDS)
    + r")"
)
_EN_KEPT_KIND = re.compile(
    r"(?<![\w'])(?:(?:i|we)\s+(?:have|got|own|keep|'ve\s+got|have\s+got)\s+(?:a|an)|(?:my|our)(?=\s+\w+(?:\s\w+)?'s\s+name)|"
    # "My son's leopard gecko has stopped eating", "our hermit crab": the household's pet, by its kind
    r"(?:my|our)(?:\s+(?:son|daughter|kid|kids|children|boy|girl)(?:'s|s'))?(?=\s+(?:leopard|crested)\s+gecko|"
    r"\s+hermit\s+crab|\s+bearded\s+dragon|\s+ball\s+python|\s+corn\s+snake|\s+axolotl|\s+tarantula))"
    r"\s+(?P<k>"
    + "|".join(sorted((w for w, k in _RELATION_WORDS.items() if k.startswith("pet:")), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)


def relation_fields(text: str, lang: Lang) -> list[Slot]:
    """A pet's breed and a child's school, each as its relation's field; in Chinese also relatives named in
    apposition (`zh_relatives`)."""
    out: list[Slot] = []
    if lang == "zh":
        out.extend(zh_relatives(text))
        breed = _ZH_BREED.search(text) or _ZH_OUR_BREED.search(text)
        if breed is not None:
            kind = _ZH_BREEDS[breed.group("v")]
            out.append(Slot(Predicate.RELATION_NAME, f"pet:{kind}:breed", breed.group("v"), True, *breed.span("v")))
        kept = _ZH_KEPT_KIND.search(text)
        kind = BREED_KINDS.get(kept.group("k"), kept.group("k")) if kept is not None else ""  # "金丝熊": a hamster
        attribute = relation_attribute(kind, "kind") if kept is not None else ""
        if kept is not None and kind != kept.group("k") and attribute.startswith(("pet:dog", "pet:cat")):
            # "我养的是柴犬": a dog's or a cat's breed
            base = attribute.removesuffix(":kind")
            if breed is None:
                out.append(Slot(Predicate.RELATION_NAME, f"{base}:breed", kept.group("k"), True, *kept.span("k")))
        elif kept is not None and attribute.startswith("pet:") and not attribute.startswith(("pet:dog", "pet:cat")):
            # "我养了一只八哥": what the pet is (a dog's or a cat's kind is the relation itself)
            out.append(Slot(Predicate.RELATION_NAME, attribute, kept.group("k"), True, *kept.span("k")))
        school = _ZH_SCHOOL.search(text)
        if school is not None:
            attribute = relation_attribute(_ZH_CHILD[school.group("rel")], "school")
            out.append(Slot(Predicate.RELATION_NAME, attribute, school.group("v"), True, *school.span("v")))
        grade = _ZH_GRADE.search(text)
        if grade is not None:
            attribute = relation_attribute(_ZH_CHILD[grade.group("rel")], "grade")
            out.append(Slot(Predicate.RELATION_NAME, attribute, grade.group("v"), True, *grade.span("v")))
        return out
    for m in _RELATION_NAMED.finditer(text):
        rel = (m.group("rel") or m.group("rel2") or m.group("rel3") or m.group("rel4") or m.group("rel5")).lower()
        if rel in _BREEDS_EN:  # "our greyhound Pickle": the breed as well as the name
            kind = _RELATION_WORDS[rel]
            group = next(g for g in ("rel", "rel2", "rel3", "rel4", "rel5") if m.group(g))
            at = m.start(group)
            out.append(Slot(Predicate.RELATION_NAME, f"pet:{kind}:breed", rel, True, at, at + len(rel)))
            break
        kind = _RELATION_WORDS[rel]
        said = _PET_IS_BREED.search(text, m.end(), m.end() + 60)
        if (
            kind in ("dog", "cat")
            and said is not None
            and _RELATION_WORDS[said.group("b").lower()] == kind
            and _ANOTHER_OWNER.search(text, m.end(), said.start()) is None
        ):
            named = said.group("b").lower()
            out.append(Slot(Predicate.RELATION_NAME, f"pet:{kind}:breed", named, True, *said.span("b")))
            break
    kept = _EN_KEPT_KIND.search(text)
    if kept is not None and _RELATION_WORDS[kept.group("k").lower()].startswith("pet:"):
        # "I have a bearded dragon": what the speaker keeps (not a dog or a cat: their kind is the relation)
        word = kept.group("k").lower()
        out.append(Slot(Predicate.RELATION_NAME, f"{_RELATION_WORDS[word]}:kind", word, True, *kept.span("k")))
    school = _EN_SCHOOL.search(text)
    if school is not None:
        attribute = relation_attribute(school.group("rel").lower(), "school")
        out.append(Slot(Predicate.RELATION_NAME, attribute, school.group("v").lower(), True, *school.span("v")))
    grade = _EN_GRADE.search(text)
    if grade is not None:
        attribute = relation_attribute(grade.group("rel").lower(), "grade")
        value = grade.group("v").lower().removeprefix("a ")
        out.append(Slot(Predicate.RELATION_NAME, attribute, value, True, *grade.span("v")))
    return out
