"""The speaker's pets named in a Chinese clause: kept and named ("家里养了只猫叫年糕"), named by kind or breed
("我家那只柯基叫旺财"), or in apposition to the kind ("我家边牧豆包出去遛了一圈")."""

from __future__ import annotations

from graphmem.extraction.facts import Predicate
from graphmem.extraction.lexicon import ZH_STOP
from graphmem.extraction.rule import Finding
from graphmem.extraction.zh_tokens import Tok

__all__ = ["BREED_KINDS", "PET_KINDS", "kept_pet_named", "pet_named"]

P = Predicate

_PETS = frozenset(
    {
        "猫",
        "小猫",
        "猫咪",
        "狗",
        "小狗",
        "狗狗",
        "兔子",
        "乌龟",
        "巴西龟",
        "仓鼠",
        "鹦鹉",
        "蜥蜴",
        "龙猫",
        "豚鼠",
        "荷兰猪",
        "八哥",
        "鹩哥",
        "画眉",
        "文鸟",
        "玄凤",
        "虎皮鹦鹉",
        "刺猬",
        "金鱼",
        "香猪",
        "小香猪",
        "迷你猪",
        "宠物猪",
        "松鼠",
        "魔王松鼠",
        "花栗鼠",
        "蜜袋鼯",
        "守宫",
        "角蛙",
        "鹅",
        "大鹅",
        "大白鹅",
        "鸭子",
        "小鸭",
        "山羊",
        "小羊",
        "羊驼",
        "矮马",
        "寄居蟹",
        "芦丁鸡",
        "小鸡",
        "鹌鹑",
    }
)
# Breeds name the kind of pet they are: "我家那只柯基叫旺财" names the speaker's dog.
_BREEDS: dict[str, str] = {
    **dict.fromkeys(
        ("柯基", "金毛", "泰迪", "哈士奇", "二哈", "柴犬", "边牧", "拉布拉多", "萨摩耶", "比熊", "博美", "法斗"),
        "狗",
    ),
    **dict.fromkeys(("布偶", "英短", "美短", "橘猫", "狸花猫", "暹罗猫", "加菲猫", "蓝猫", "橘子猫"), "猫"),
    **dict.fromkeys(("金丝熊", "三线仓鼠", "一线仓鼠", "布丁仓鼠"), "仓鼠"),
    **dict.fromkeys(("草龟", "巴西龟", "陆龟"), "乌龟"),
    **dict.fromkeys(("垂耳兔", "侏儒兔", "荷兰兔", "狮子兔"), "兔子"),
}
_DEMONSTRATIVES = ("那只", "这只", "那条", "这条", "那个", "这个", "一只", "一条", "一头", "只", "条", "头")
_KEPT = ("新养了", "刚养了", "新添了", "养了", "养着", "养的", "添了", "有", "还有")
_KIND_WORDS = sorted([*_PETS, *_BREEDS], key=len, reverse=True)
BREED_KINDS: dict[str, str] = dict(_BREEDS)
"""A Chinese breed -> the kind of pet it is ("金丝熊" -> "仓鼠", "柴犬" -> "狗")."""
PET_KINDS: tuple[str, ...] = tuple(_KIND_WORDS)
"""Chinese words for a kind or breed of pet, longest first."""
_KEEPER_WORDS = ("我们家", "我家", "咱家", "家里")


def kept_pet_named(text: str, clause: list[Tok]) -> Finding | None:
    """The speaker's pet named by its kind or breed: "我家那只柯基叫旺财", "家里的橘猫叫年糕". Read on the clause's
    characters, since the segmenter splits breeds and names it does not know ("柯/基", "旺/财")."""
    base = clause[0].start
    rest = text[base : clause[-1].end]
    keeper = next((w for w in _KEEPER_WORDS if rest.startswith(w)), "")
    if not keeper:
        return None
    at = len(keeper) + (1 if rest[len(keeper) : len(keeper) + 1] == "的" else 0)
    # "家里养了只猫叫年糕", "我家新添了一只大白鹅叫大将军": kept, then counted
    at += next((len(k) for k in _KEPT if rest.startswith(k, at)), 0)
    at += next((len(d) for d in _DEMONSTRATIVES if rest.startswith(d, at)), 0)
    kind = next((w for w in _KIND_WORDS if rest.startswith(w, at)), "")
    if not kind:
        return None
    at += len(kind)
    if kind in _BREEDS and rest[at : at + 1] in ("猫", "狗", "犬"):
        at += 1  # "布偶猫", "柴犬": the breed said with its kind
    named = next((w for w in ("名叫", "叫做", "叫") if rest.startswith(w, at)), "")
    if not named:
        return _pet_in_apposition(clause, base + at, _BREEDS.get(kind, kind))
    name = rest[at + len(named) :].strip()
    if not named or not 1 <= len(name) <= 4 or not all("\u4e00" <= ch <= "\u9fff" for ch in name):
        return None
    start = base + at + len(named) + (len(rest[at + len(named) :]) - len(rest[at + len(named) :].lstrip()))
    return Finding(P.RELATION_NAME, name, name, start, start + len(name), relation=_BREEDS.get(kind, kind))


_NAME_FLAGS = frozenset({"n", "nr", "nz", "nrfg", "ng", "a"})


def _pet_in_apposition(clause: list[Tok], at: int, pet: str) -> Finding | None:
    """A name right after the pet's kind, before what the clause says of it: "我家边牧豆包出去遛了一圈",
    "我家那只布偶猫麻薯今年三岁了" (not "我家金毛最近掉毛", "我家猫粮吃完了")."""
    k = next((n for n, t in enumerate(clause) if t.start == at), -1)
    if k < 0 or k + 1 >= len(clause):
        return None
    name, after = clause[k], clause[k + 1]
    if not 2 <= len(name.word) <= 3 or name.flag not in _NAME_FLAGS or name.word in ZH_STOP:
        return None
    if not all("\u4e00" <= ch <= "\u9fff" for ch in name.word) or name.word in _PETS or name.word in _BREEDS:
        return None
    if after.word == "的" or after.flag.startswith(("n", "u")):
        return None  # "我家猫砂盆的…": a thing of the pet's, not its name
    return Finding(P.RELATION_NAME, name.word, name.word, name.start, name.end, relation=pet)


_NAMED = frozenset({"叫", "名叫", "叫做", "取名", "起名叫"})
_KEEPERS = frozenset({"我", "我家", "家里", "家", "我们家", "咱家", "我们", "在家"})
_MEASURE = frozenset({"了", "着", "只", "条", "个", "一只", "一条", "一个", "两只", "的", "是", "的是"})


def pet_named(text: str, clause: list[Tok], pet: str) -> tuple[Finding | None, str]:
    """A pet the speaker keeps and its name: "家里养了只猫叫年糕", or "叫年糕" after "我养了一只猫". Returns the
    finding and the pet the clause ends on (for a name in the next clause)."""
    k = next((n for n, t in enumerate(clause) if t.word.startswith("养")), -1)
    if k >= 0:
        if any(t.word not in _KEEPERS and t.flag not in ("t", "d") for t in clause[:k]):
            return None, ""  # "我朋友养了只猫叫球球": someone else's pet
        k += 1
        while k < len(clause) and (clause[k].word in _MEASURE or clause[k].flag.startswith(("m", "q"))):
            k += 1
        word = clause[k].word if k < len(clause) else ""
        if k < len(clause) and word not in _PETS and word not in _BREEDS:  # "金丝/熊": a kind the segmenter split
            split = next((w for w in _KIND_WORDS if text.startswith(w, clause[k].start)), "")
            end = clause[k].start + len(split)
            if split and any(t.end == end for t in clause[k:]):
                while k + 1 < len(clause) and clause[k].end < end:
                    k += 1
                word = split
        if word.endswith("叫") and word[:-1] in _PETS:  # jieba joins "猫叫"
            return pet_named(text, [*clause[:k], Tok(word[:-1], "n", 0, 0), Tok("叫", "v", 0, 0), *clause[k + 1 :]], "")
        pet = word if word in _PETS else _BREEDS.get(word, "")  # "我养的是金丝熊": a hamster
        k += 1
    else:
        k = 0
    if not pet or k >= len(clause) or clause[k].word not in _NAMED or k + 1 >= len(clause):
        return None, pet
    name = clause[k + 1]
    rest = text[name.start : clause[-1].end]
    if rest != name.word and 2 <= len(rest) <= 3 and all("\u4e00" <= ch <= "\u9fff" for ch in rest):
        name = Tok(rest, "nr", name.start, clause[-1].end)  # "叫旺财": a name the segmenter split ("旺/财")
    doubled = len(name.word) == 2 and name.word[0] == name.word[1]  # "慢慢", "乐乐": a pet's name, whatever its tag
    if not 1 <= len(name.word) <= 4 or name.word in ZH_STOP or not (doubled or name.flag.startswith(("n", "a", "v"))):
        return None, ""
    return Finding(P.RELATION_NAME, name.word, name.word, name.start, name.end, relation=pet), ""
