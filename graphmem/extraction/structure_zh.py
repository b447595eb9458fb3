"""Chinese statements read from their structure rather than fixed phrasings: jieba part-of-speech tags give
each clause a subject (我 / 我家 / a subject carried from the clause before), adverbs and time words that
are skipped, a verb of a known class (liking, disliking, eating, living, using, working) and the object
noun phrase after it, so "我最近开始喜欢吃香菜了", "我渐渐爱上了喝黑咖啡" and "我这几年一直在苏州生活" are
understood without a rule for each. Used after the rules, for clauses they did not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from graphmem.extraction.facts import Predicate
from graphmem.extraction.gazetteer import scan
from graphmem.extraction.lexicon import ZH_NOUNS_AFTER_DE, ZH_ROLE_HEADS, ZH_STOP
from graphmem.extraction.rule import Finding
from graphmem.extraction.values import both_kinds, zh_place_ok
from graphmem.extraction.zh_pets import kept_pet_named, pet_named
from graphmem.extraction.zh_tokens import POSSEG_LOCK, Tok, tag

__all__ = ["zh_findings"]

P = Predicate


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_SUBJECTS = frozenset({"我", "我家", "咱", "我们家", "本人", "我们", "咱们"})
# A scope said before the subject ("这个项目里我们用Go写") does not change who speaks.
_SCOPE_WORDS = frozenset({"这个", "本", "该", "此", "项目", "仓库", "工程", "里", "中", "内", "在", "app", "repo"})
_BREAK = frozenset("，,。；;！!？?、：:\n")
# Words between the subject and the verb that change nothing about the statement.
_SKIP = _words(
    "现在 最近 近来 目前 如今 开始 渐渐 慢慢 越来越 一直 已经 刚 刚刚 才 还是 更 平时 一般 通常 总是 都 也 还 "
    "真的 特别 非常 挺 很 超 超级 比较 最 这 几年 这几年 这些年 多年 其实 本来 依然 仍然 始终 向来 从来 "
    "主要 基本 基本上 一向 又 重新 就 确实 蛮 相当 十分 尤其 越发 老 经常 常常 常 也是 都是 习惯 实在 真心 根本 "
    "完全 压根 是真的 打死 死活 横竖 "
    "出差 旅行 旅游 出门 坐飞机 开会 写代码 编程 吃饭 点菜 点外卖 订酒店 订票 的时候 时候 时"
)
_NEG = frozenset({"不", "没", "不再", "再也不", "从不", "从来不", "没有", "不太", "不怎么"})
_LIKE = _words(
    "喜欢 爱 喜爱 热爱 偏爱 钟爱 爱上 迷上 偏好 迷恋 享受 爱好 更爱 更喜欢 最爱 最喜欢 上瘾 着迷 入迷 沉迷 痴迷"
)
# Names that open with 爱 ("loves"), split by the segmenter: "爱奇艺" -> 爱 + 奇艺.
_AI_NAMES = ("爱奇艺", "爱彼迎", "爱马仕", "爱回收")
_DISLIKE = _words("讨厌 受不了 反感 厌恶 烦 怕 受不住 接受不了 嫌弃 不喜欢 不爱 恨 真受不了 实在受不了")
_EAT = _words("吃 喝 碰 沾")
_NEG_EAT = _words("不吃 不喝 不碰 不沾 戒 戒掉 戒了 忌口")
_CONSUME = _words("吃 喝 听 看 玩 用 去 住 吃点 喝点 穿 读 逛 坐")
_LIVE = _words("住 搬 住在 定居 定居在 搬到 搬去 搬来 搬家到 搬家去 落户 安家 生活在 住到")
_LIVE_AFTER = _words("住 住着 生活 定居 安家 落户 住了 生活了")
_STAY = _words("待 待了 呆 呆了")
_FOR_YEARS = re.compile(
    r"了?(?:快|差不多|好|有|小|将近|都)?(?:[一二两三四五六七八九十几\d]{1,3}|半)多?年|了?(?:好些|好多|这么多|这些)年"
)
_STAYED_YEARS = re.compile(
    r"在[\u4e00-\u9fff]{2,6}?(?:住|待|呆|生活)了?(?:快|差不多|好|有|小|将近|都)?(?:[一二两三四五六七八九十几\d]{1,3}|半)多?年"
)
# Working somewhere is living there ("我在深圳当产品经理", "在杭州上班").
_WORK_AFTER = _words("当 做 干 上班 工作 打工 搬砖 实习 做事")
_USE = _words("用 使用 习惯用 在用 改用 换成 换到 转用 换用 常用 爱用 离不开 离不了")
_NOUNISH = ("n", "eng", "vn", "an", "j", "nz", "ng", "nr", "ns", "nt", "nw", "l", "b", "a", "ad", "x")
_CITY_SUFFIX = ("市", "省", "区", "县", "州")
_ABLE = frozenset({"能", "可以", "敢", "会"})  # modal verbs before the verb: "也能吃辣了"
_NUMERALS = frozenset("一二两三四五六七八九十几半多0123456789")
_INTEREST = frozenset({"兴趣", "感兴趣", "有兴趣"})
_COPULA = frozenset({"是", "算是", "就是", "可是", "算"})
# Words that make "去 X" a habit of the speaker's ("周末一般去游泳", "我每周都会去打羽毛球"), not a plan.
_HABITUAL = frozenset({"一般", "通常", "平时", "经常", "常", "常常", "总是", "老是", "每周", "每天", "每晚", "习惯"})


def _noun(tok: Tok) -> bool:
    if tok.word in _BREAK or not tok.word.strip() or tok.word in ZH_STOP:
        return False
    if tok.flag == "x":
        return tok.word.strip().isalnum()
    return tok.flag.startswith(_NOUNISH) or (tok.flag == "v" and len(tok.word) >= 2 and tok.word[-1] in "乐菜")


def _phrase(toks: Sequence[Tok], i: int) -> tuple[int, int, int]:
    """The noun phrase starting at toks[i]: (start, end, next index); start == end when there is none."""
    first = i
    last = -1
    while i < len(toks):
        tok = toks[i]
        if tok.word == "的" and last >= 0 and i + 1 < len(toks) and _noun(toks[i + 1]):
            if toks[i + 1].word in ZH_NOUNS_AFTER_DE:
                break
            i += 1
            continue
        if not _noun(tok) or tok.word in _SUBJECTS or "我" in tok.word or "你" in tok.word or tok.word in _SKIP:
            break  # an adverb jieba tags as a noun ("碳水基本不碰") ends the phrase
        last = i
        i += 1
        if toks[last].end - toks[first].start > 10:
            break
    if last < 0:
        return 0, 0, first
    return toks[first].start, toks[last].end, last + 1


def _clauses(toks: list[Tok]) -> list[list[Tok]]:
    out: list[list[Tok]] = [[]]
    for tok in toks:
        if tok.word in _BREAK:
            out.append([])
        elif tok.word.strip():
            out[-1].append(tok)
    return [c for c in (_without_enumerator(c) for c in out) if c]


_CIRCLED = frozenset("①②③④⑤⑥⑦⑧⑨⑩")
_ZH_DIGITS = frozenset("一二三四五六七八九十")
_ENUM_CLOSE = frozenset({"）", ")", "、", ".", "．"})


def _without_enumerator(clause: list[Tok]) -> list[Tok]:
    """A clause without the number of a list item it opens with ("1）咖啡我只喝燕麦奶的", "（2）", "①", "三、")."""
    k = 1 if clause and clause[0].word in ("（", "(") else 0
    if k < len(clause) and clause[k].word in _CIRCLED:
        return clause[k + 1 :]
    numbered = k < len(clause) and (
        (clause[k].word.isdigit() and len(clause[k].word) <= 2) or clause[k].word in _ZH_DIGITS
    )
    if numbered and k + 1 < len(clause) and clause[k + 1].word in _ENUM_CLOSE:
        return clause[k + 2 :]
    return clause


def _after_subject(clause: list[Tok], carried: bool, dropped: bool = True) -> int | None:
    """Index just past the clause's first-person subject (0 when the subject carries over, or when there is
    none and the clause opens with a verb of liking or disliking: Chinese drops the speaker, "周末最喜欢去爬山了" —
    unless `dropped` is False), else None."""
    opening = "".join(t.word for t in clause[:8])
    if dropped and not carried and opening.startswith("在") and _STAYED_YEARS.match(opening):
        return 0  # "在西宁待了快十年，…": the speaker's years in a place, the subject dropped
    for i, tok in enumerate(clause):
        if tok.word in _SUBJECTS:
            return i + 1
        if dropped and (tok.word in _LIKE or tok.word in _DISLIKE):
            return 0
        if tok.flag not in ("t", "f", "d", "c") and tok.word not in _SKIP and tok.word.lower() not in _SCOPE_WORDS:
            break
    return 0 if carried else None


def _value(text: str, start: int, end: int) -> str:
    if text.count("的", start, end) >= 2:
        return ""  # "啤的白的红的都不喝": kinds listed by what they are, no one thing
    value = both_kinds(text[start:end].strip().rstrip("的了"))
    return value.lower() if value.isascii() else value


_TOPIC_LINK = frozenset(
    {"这东西", "这种东西", "这个", "这玩意儿", "这玩意", "呢", "啊", "这", "东西", "这种", "那个", "那种", "那", "味儿",
     "味道", "那味儿", "的", "这味儿", "这事", "这事儿", "事", "事儿", "这件事", "这种事", "这块", "这方面"}
)  # fmt: skip
_HOOKED = ("戒不掉", "戒不了", "离不开", "离不了", "放不下", "停不下来", "少不了", "断不了")
_REFUSE = frozenset(
    {"接受不了", "受不了", "吃不了", "吃不惯", "不行", "不能吃", "吃不下", "喝不下", "吃不来", "喝不来", "喝不惯",
     "闻不惯", "闻不了", "真受不了", "实在受不了"}
)  # fmt: skip
_AND = frozenset({"和", "跟", "与", "还有", "以及"})
# Never tiring of it ("科幻小说我是真的看不腻", "这首歌百听不厌"): a liking.
_NEVER_TIRED = ("不腻", "不厌", "不够")
# One mouthful of it, not even that ("我是真的一口羊肉都吃不下"): the emphatic refusal of a food.
_NOT_EVEN = frozenset({"一口", "一点", "一滴", "一块", "一粒", "连"})


_THAT_KIND = frozenset({"那种", "这种", "那股", "这股"})
_QUALITY_MAX = 6  # tokens a described quality may take ("那种/软/趴/趴/的/口感")


def _after_quality(clause: list[Tok], j: int) -> int:
    """The index after a described quality ending on a noun right before 我 (at most _QUALITY_MAX tokens), else
    `j` unchanged."""
    for k in range(j, min(len(clause), j + _QUALITY_MAX)):
        if clause[k].word == "我":
            return k if k > j and _noun(clause[k - 1]) else j
    return j


def _topic(clause: list[Tok], carried: bool = False) -> tuple[int, int, int]:
    """A fronted object ("香菜这东西我是真的接受不了"): (start, end) of the topic and the index after 我, or
    (0, 0, -1)."""
    k = 0
    while k < len(clause) and (clause[k].flag in ("t", "c") or clause[k].word in _SKIP):
        k += 1  # "现在咖啡我也喝了": the time word before the topic
    start, end, j = _phrase(clause, k)
    if start == end:
        return 0, 0, -1
    while j + 1 < len(clause) and clause[j].word in _AND and _noun(clause[j + 1]):
        _, end, j = _phrase(clause, j + 1)  # "海鲜和啤酒我就彻底戒了": both are the topic
    if j + 2 < len(clause) and clause[j].word in ("那", "这") and clause[j + 1].flag == "q" and _noun(clause[j + 2]):
        j += 3  # "羊肉那股膻味我实在受不了": a quality of the topic, the stance is on the topic
    elif j + 3 < len(clause) and clause[j].word in ("那", "这") and clause[j + 1].flag == "q":
        j = _after_quality(clause, j + 2)  # "香椿那股冲味儿我是真受不了": a described quality of the topic
    elif j < len(clause) and clause[j].word in _THAT_KIND:
        j = _after_quality(clause, j + 1)  # "茄子那种软趴趴的口感我从小就受不了": however the quality is described
    while j < len(clause) and clause[j].word in _TOPIC_LINK:
        j += 1
    if j < len(clause) and clause[j].word == "我":
        return start, end, j + 1
    if carried and j < len(clause) and (clause[j].flag == "d" or clause[j].word in ("一口", "一滴")):
        return start, end, j  # "我不吃羊肉，咖啡只喝美式", "…做电池研发的，酒一口不喝": the subject carries over
    return 0, 0, -1


# What eating it does to the speaker ("山药我吃了嘴巴痒"): a reaction, no stance of eating it
_SYMPTOM = re.compile(
    r"[了过]?(?:就|会|都|之后|以后)?(?:嘴巴?|嗓子|喉咙|肚子|胃|身上|脸|手|皮肤)?(?:痒|疼|痛|难受|不舒服|拉肚子|过敏|想吐|起疹子|长疹子|肿|胀气)"
)


def _stance_toward(text: str, clause: list[Tok], i: int) -> Finding | None:
    """对 + noun phrase + what the speaker feels about it: "我对甜食没什么兴趣", "对摄影特别感兴趣", "对芒果过敏"."""
    start, end, j = _phrase(clause, i + 1)
    if start == end:
        return None
    neg = False
    while j < len(clause) and (clause[j].word in _SKIP or clause[j].word in _NEG or clause[j].flag == "d"):
        neg = neg or clause[j].word in _NEG
        j += 1
    if j >= len(clause):
        return None
    word = clause[j].word
    if word.startswith("没") and len(word) > 1:  # "没什么", "没啥": no ... (interest)
        neg, j = True, j + 1
        word = clause[j].word if j < len(clause) else ""
    if word in ("有", "有点") and j + 1 < len(clause):
        word = clause[j + 1].word
    if word in _INTEREST:
        predicate = P.DISLIKES if neg else P.LIKES
    elif word == "过敏":
        predicate = P.ALLERGIC_TO  # "对花生不过敏了": no longer allergic
    else:
        return None
    value = _value(text, start, end)
    if not value or value in ZH_STOP or len(value) > 10:
        return None
    return Finding(predicate, value, text[start:end], start, end, not (neg and predicate is P.ALLERGIC_TO))


def _read(
    text: str, clause: list[Tok], i: int, topic: tuple[int, int] = (0, 0), previous: tuple[int, int] = (0, 0)
) -> Finding | None:
    """The statement of a clause whose subject ends before clause[i]; `topic` is a fronted object of the clause,
    `previous` the noun phrase the clause before opened with (what "我不过敏了" is about after "花生现在没问题了")."""
    neg = able = only = habit = started = False
    while i + 1 < len(clause) and clause[i + 1].flag.startswith("n") and clause[i].word + clause[i + 1].word in _SKIP:
        i += 2  # "我写代码基本离不开Vim": the activity the segmenter split ("写/代码")
    while (
        i < len(clause)
        and (
            clause[i].word in _SKIP
            or clause[i].word in _NEG
            or clause[i].flag in ("d", "t", "ad")
            or clause[i].word in _ABLE
            or clause[i].word in _HABITUAL
            or clause[i].word == "开始"
            # "我是不吃辣的": the emphasis before a refusal
            or (clause[i].word == "是" and i + 1 < len(clause) and clause[i + 1].word[:1] in ("不", "没"))
        )
    ):
        neg = neg or clause[i].word in _NEG
        # "我最近开始喝点红酒了", "我现在也喝酒了": taking it up is a turn to having it
        started = started or clause[i].word == "开始" or (clause[i].word == "也" and clause[-1].word == "了")
        able = able or clause[i].word in _ABLE
        only = only or clause[i].word == "只"
        habit = habit or clause[i].word in _HABITUAL
        i += 1
    if i >= len(clause):
        return None
    tok = clause[i]
    word = tok.word
    if word == "爱" and text.startswith(_AI_NAMES, tok.start):
        return None  # "爱奇艺那个早就没续了": a name, not a liking (the segmenter splits it "爱/奇艺")
    if word == "对":
        return _stance_toward(text, clause, i)
    k = i
    while k < len(clause) and (clause[k].word in ("是", "是真的") or clause[k].flag in ("d", "ad")):
        k += 1  # "我是真的…": emphasis before the constructions below
    if k < len(clause) and clause[k].word in _NOT_EVEN:
        return _not_even(text, clause, k + 1, topic)
    rest = "".join(t.word for t in clause[k : k + 3])
    tireless = rest[:1] in ("看", "听", "吃", "喝", "玩", "读") and rest[1:].startswith(_NEVER_TIRED)
    tireless = tireless or rest.startswith(_HOOKED)  # "这牌我是戒不掉了": a habit one cannot give up
    if topic[0] != topic[1] and not neg and tireless:  # "科幻小说我是真的看不腻"
        value = _value(text, *topic)
        return Finding(P.LIKES, value, text[topic[0] : topic[1]], topic[0], topic[1]) if value else None
    if word == "是" and k < len(clause) and clause[k].word in _LIKE:
        word = clause[k].word  # "下围棋这事儿我是真上瘾": the emphasis before a liking
    # "香椿那股冲味儿我是真受不了": the refusal after the emphasis is of the fronted topic
    fronted = topic[0] != topic[1] and (word in _REFUSE or (k < len(clause) and clause[k].word in _REFUSE))
    if topic[0] != topic[1] and (
        word in _REFUSE or (word == "是" and (fronted or any("不" in t.word for t in clause[k:])))
    ):
        word = "受不了"  # (not "现在做菜都是清汤寡水的": what a thing is like)
    if word.startswith("不") and word[1:] in _LIKE:
        neg, word = True, word[1:]
    predicate: Predicate | None = None
    polarity = True
    if word in _LIKE or (word == "爱" and i + 1 < len(clause) and clause[i + 1].word == "上"):
        predicate = P.DISLIKES if neg else P.LIKES
    elif word in _DISLIKE:
        predicate, polarity = P.DISLIKES, not neg  # "我现在不讨厌香菜了": the dislike is over
    elif word in _NEG_EAT or (neg and word in _EAT):
        predicate = P.AVOIDS
    elif word == "过敏" and neg:
        predicate, polarity = P.ALLERGIC_TO, False
        topic = topic if topic[0] != topic[1] else previous
    elif word in _EAT and only:
        predicate = P.LIKES  # "咖啡只喝美式": what the speaker does drink
    elif started and not neg and len(word) == 2 and word[0] in "吃喝" and word != "吃饭":
        # "我现在也喝酒了": the verb and its object as one word
        return Finding(P.AVOIDS, word[1], word[1], tok.start + 1, tok.end, False)
    elif word in _EAT and (able or started or topic[0] != topic[1]) and not _SYMPTOM.match(text, clause[i].end):
        # "现在辣的我也能吃了", "香菜我现在也吃了": eating it is a stance on the item, the opposite of avoiding it
        predicate, polarity = P.AVOIDS, False
    elif word in _LIVE or (word == "在" and not neg):
        # "在成都做老师": working in a city is living there; "在中医馆当推拿师": the role held at a place
        return None if neg else (_live(text, clause, i) or (_role_at(text, clause, i) if word == "在" else None))
    elif word in _USE and not neg:
        return _tool(text, clause, i + 1)
    elif word == "去" and habit and not neg:
        return _pastime(text, clause, i + 1)
    if predicate is None:
        return None
    j = i + 1
    while j < len(clause) and clause[j].word in ("上", "了", "过", "着"):
        j += 1
    if started and j < len(clause) and clause[j].word in ("点", "点儿", "一点", "些", "一些"):
        j += 1  # "开始喝点红酒了": a little of it
    if predicate is not P.AVOIDS and j < len(clause) and clause[j].word in _CONSUME:
        j += 1
    start, end, _ = _phrase(clause, j)
    if start == end or fronted:
        start, end = topic
    if start == end:
        return None
    value = _value(text, start, end)
    if not value or value in ZH_STOP or len(value) > 10:
        return None
    amount = j < len(clause) and clause[j].flag.startswith(("m", "q"))
    if word in _EAT and not neg and (amount or value[0] in _NUMERALS):
        return None  # "我能吃两碗饭": an amount, not a stance on a food
    return Finding(predicate, value, text[start:end], start, end, polarity)


def _not_even(text: str, clause: list[Tok], j: int, topic: tuple[int, int] = (0, 0)) -> Finding | None:
    """连 / 一口 + a food + 都/也 + a refusal: the food avoided ("一口羊肉都吃不下", "连香菜都不碰"); with no food
    after 一口, the clause's fronted topic ("茄子我是真的一口都不碰")."""
    start, end, k = _phrase(clause, j)
    if start == end and topic[0] != topic[1]:
        start, end, k = topic[0], topic[1], j
    if start == end or k >= len(clause):
        return None
    if clause[k].word in ("都", "也"):
        k += 1
    elif not (topic[0] == start and clause[k].word[:1] in ("不", "没")):
        return None  # "酒我一口不喝": after the fronted topic, the refusal may follow 一口 at once
    rest = "".join(t.word for t in clause[k : k + 2])
    if not (rest.startswith(("不", "没")) or rest in _REFUSE or rest[:3] in _REFUSE):
        return None
    value = _value(text, start, end)
    if not value or value in ZH_STOP or len(value) > 10:
        return None
    return Finding(P.AVOIDS, value, text[start:end], start, end)


_PLACE_SUFFIX = frozenset("市场店馆房厅院园校楼室堂司站所局部处厂城村镇街路")


def _verb_led(word: str) -> bool:
    """Whether a two-character word opens on a verb, as activities do ("爬山", "滑雪"), and does not end on a word
    for a place ("超市", "食堂")."""
    import jieba.posseg as pseg

    if word[-1:] in _PLACE_SUFFIX:
        return False
    with POSSEG_LOCK:
        return len(word) == 2 and all(p.flag == "v" for p in pseg.lcut(word[0], HMM=False))


def _pastime(text: str, clause: list[Tok], j: int) -> Finding | None:
    """What the speaker habitually goes to do, when the clause ends on it: an activity noun ("游泳", "爬山") or a
    verb and its object ("打羽毛球"); a place ("去公司加班", "去健身房撸铁") is no pastime."""
    rest = clause[j:]
    if len(rest) == 1 and (rest[0].flag == "vn" or (rest[0].flag in ("n", "v") and _verb_led(rest[0].word))):
        start, end = rest[0].start, rest[0].end
    elif len(rest) == 2 and rest[0].flag == "v" and len(rest[0].word) == 1 and rest[1].flag == "n":
        start, end = rest[0].start, rest[1].end
    else:
        return None
    value = _value(text, start, end)
    if not value or value in ZH_STOP or len(value) > 8:
        return None
    return Finding(P.LIKES, value, text[start:end], start, end)


def _opening(clause: list[Tok]) -> tuple[int, int]:
    """The noun phrase a clause opens with, after time words ("花生现在没问题了" -> 花生), or (0, 0)."""
    k = 0
    while k < len(clause) and clause[k].flag in ("t", "c"):
        k += 1
    start, end, j = _phrase(clause, k)
    if any(not clause[n].flag.startswith(("n", "eng")) for n in range(k, j)):
        return 0, 0  # "天气不错": not a thing
    said = "".join(t.word for t in clause[j:])
    if not any(word in said for word in _ACCEPTABLE):
        return 0, 0
    return start, end


# What a speaker says of a hobby they keep ("戒不掉", "放不下") or have given up ("不玩了", "放弃了").
_KEPT_UP = ("戒不掉", "戒不了", "放不下", "停不下来")
_GIVEN_UP = ("不", "没", "放弃", "戒了", "戒掉")


def _hobby(text: str, clause: list[Tok]) -> Finding | None:
    """A noun phrase said to be the speaker's hobby: "打游戏算是我最大的爱好了", "爬山是我的爱好", or a hobby the
    speaker keeps as a topic ("不过爬山这个爱好我是戒不掉了", not "…我早就不玩了")."""
    k = 0
    while k < len(clause) and clause[k].flag == "c":
        k += 1
    start, end, j = _phrase(clause, k)
    if (
        start != end
        and j + 1 < len(clause)
        and clause[j].word in ("这个", "这种", "这", "这门")
        and clause[j + 1].word in ("爱好", "兴趣", "兴趣爱好")
    ):
        said = "".join(t.word for t in clause[j + 2 :])
        kept = (said.startswith("我") and not any(w in said for w in _GIVEN_UP)) or any(w in said for w in _KEPT_UP)
        value = _value(text, start, end)
        if kept and value and value not in ZH_STOP and len(value) <= 10:
            return Finding(P.LIKES, value, text[start:end], start, end)
        return None
    if start == end or j >= len(clause) or clause[j].word not in _COPULA:
        return None
    rest = [t.word for t in clause[j + 1 :] if t.word not in ("的", "了", "啦", "之一")]
    if not rest or rest[0] != "我" or rest[-1] not in ("爱好", "兴趣", "兴趣爱好", "最爱"):
        return None
    value = _value(text, start, end)
    if not value or value in ZH_STOP or len(value) > 10:
        return None
    return Finding(P.LIKES, value, text[start:end], start, end)


# What a clause says of a thing that is acceptable now: "花生现在没问题了"
_ACCEPTABLE = frozenset({"没问题", "没事", "可以", "行", "能吃", "能喝", "OK", "ok"})


_OURS = frozenset({"我们", "咱们", "我家", "咱"})
_HERE = frozenset({"这边", "这里", "这儿", "本地", "当地"})


def _our_place(clause: list[Tok]) -> Finding | None:
    """我们 / 咱们 + a place name + 这边 / 这里: where the speaker and theirs live ("我们昆山这边的菜还挺便宜")."""
    for k in range(len(clause) - 2):
        first, place, here = clause[k], clause[k + 1], clause[k + 2]
        if first.word in _OURS and place.flag == "ns" and here.word in _HERE and zh_place_ok(place.word):
            return Finding(P.LOCATION, place.word, place.word, place.start, place.end)
    return None


# 在 + a place + 当/做/干 + a role, to the end of the clause: "在中医馆当推拿师", "在一家律所做律师"
_ROLE_AT = re.compile(
    r"在(?:一家|一所|一个|家|个)?[\u4e00-\u9fffA-Za-z0-9]{2,10}?(?:(?:当|做|干)(?:一名|一个|一位|个|名)?"
    r"(?P<v>[\u4e00-\u9fff]{0,4}?" + ZH_ROLE_HEADS + r")|教(?P<subject>[\u4e00-\u9fff]{1,3}?)课?)"
    # (and how long: "在这家店当理发师六年了")
    r"(?:[一二两三四五六七八九十几\d]{1,3}多?年(?:多)?)?(?:了|呢|啊|呀)?$"
)


def _role_at(text: str, clause: list[Tok], i: int) -> Finding | None:
    """The role the speaker holds at a place, when the clause from clause[i] (在) says one."""
    m = _ROLE_AT.match(text, clause[i].start, clause[-1].end)
    if m is None:
        return None
    if m.group("subject"):  # "在一所初中教物理": a teacher of the subject
        return Finding(P.JOB, m.group("subject") + "老师", m.group(0), m.start(), m.end())
    return Finding(P.JOB, m.group("v"), m.group("v"), m.start("v"), m.end("v"))


def _live(text: str, clause: list[Tok], i: int) -> Finding | None:
    word = clause[i].word
    j = i + 1
    if j < len(clause) and clause[j].word in ("在", "到", "去", "了"):
        j += 1
    if j >= len(clause):
        return None
    place = clause[j]
    placeish = place.flag == "ns" or (place.word.endswith(_CITY_SUFFIX) and len(place.word) >= 2)
    # ("温哥华", tagged as a person's name: a city the gazetteer knows whole)
    placeish = placeish or any(h.category == "city" and h.end - h.start == len(place.word) for h in scan(place.word))
    if word == "在":  # 在 X 住/生活/定居 or 我家在 X
        after = clause[j + 1].word if j + 1 < len(clause) else ""
        if after in ("一家", "一个", "的") and any(t.word in _WORK_AFTER for t in clause[j + 2 :]):
            after = "上班"  # "我在上海一家券商做量化": working at a place in the city is living there
        home = i > 0 and clause[i - 1].word == "我家"
        # "在西宁待了快十年": staying somewhere for years is living there
        stayed = after in _STAY and _FOR_YEARS.match(text, clause[j + 1].end if j + 1 < len(clause) else place.end)
        if not placeish or not (
            after in _LIVE_AFTER or after in _WORK_AFTER or home or stayed or after in ("", "了", "啦")
        ):
            return None
    elif not (placeish or (place.flag.startswith("n") and 2 <= len(place.word) <= 4)):
        return None
    if not zh_place_ok(place.word):
        return None
    return Finding(P.LOCATION, place.word, place.word, place.start, place.end)


def _tool(text: str, clause: list[Tok], j: int) -> Finding | None:
    while j < len(clause) and clause[j].word in ("的", "是", "的是", "了"):
        j += 1
    if j >= len(clause) or clause[j].flag != "eng":
        return None
    start = clause[j].start
    end = clause[j].end
    if j + 1 < len(clause) and clause[j + 1].flag == "eng" and text[end : clause[j + 1].start].strip() == "":
        end = clause[j + 1].end
    return Finding(P.USES_TOOL, text[start:end].lower(), text[start:end], start, end)


# Who "我的…" / "我…" names when it opens a clause about someone else: "我同事", "我老婆", "我朋友".
_OTHERS = frozenset(
    {"同事", "朋友", "闺蜜", "老板", "领导", "室友", "舍友", "妈妈", "妈", "爸爸", "爸", "老婆", "老公", "女朋友",
     "男朋友", "女儿", "儿子", "孩子", "哥哥", "哥", "姐姐", "姐", "弟弟", "弟", "妹妹", "妹", "家人", "同学",
     "对象", "媳妇", "岳母", "丈母娘", "岳父", "老丈人", "婆婆", "公公", "奶奶", "爷爷", "外婆", "外公", "上司",
     "表哥", "表姐", "表弟", "表妹", "堂哥", "堂姐", "堂弟", "堂妹", "舅舅", "舅妈", "姑姑", "叔叔", "阿姨", "姨妈",
     "嫂子"}
)  # fmt: skip


def _another(clause: list[Tok]) -> list[str]:
    """The words after "我(的)" when the clause opens on someone of the speaker's ("我同事小王…"), else []."""
    words = [t.word for t in clause[:3]]
    if not words or words[0] not in ("我", "我的", "我们"):
        return []
    rest = words[1:]
    if rest and rest[0] == "的":
        rest = rest[1:]
    return rest if rest and rest[0] in _OTHERS else []


def _about_another(clause: list[Tok]) -> bool:
    """Whether the clause opens on someone of the speaker's ("我同事小王…", "我的朋友…") rather than the speaker."""
    rest = _another(clause)
    return bool(rest) and not (len(rest) > 1 and rest[1] in ("叫", "的", "名字", "生日"))


def zh_findings(text: str) -> list[Finding]:
    """Facts the clauses of one Chinese segment state in first person (guards are the caller's)."""
    out: list[Finding] = []
    carried = False
    # a sentence that addresses the listener ("喜欢所有的细节，还有你捕捉到了…") praises their work: a liking
    # verb there has no dropped first-person subject
    dropped = "你" not in text and "您" not in text
    pet = ""
    previous = (0, 0)
    other = False  # the clauses since one opening on someone of the speaker's say no subject of their own
    for clause in _clauses(tag(text)):
        opening, previous = previous, _opening(clause)
        if _another(clause):  # "我领导叫张磊，人挺好的，就是开会喜欢拖堂": the clauses after are about the 领导
            other = True
        elif any(t.word in _SUBJECTS for t in clause):
            other = False
        elif other:
            carried = False
            continue
        named, pet = pet_named(text, clause, pet) if carried or "我" in text[: clause[-1].end] else (None, "")
        named = named or kept_pet_named(text, clause)
        if named is not None:
            out.append(named)
            continue
        ours = _our_place(clause)
        if ours is not None:  # "好在我们昆山这边的菜还挺便宜": the place the speaker calls theirs
            out.append(ours)
            continue
        hobby = _hobby(text, clause)
        if hobby is not None:
            out.append(hobby)
            carried = True
            continue
        if _about_another(clause):  # "我同事小王特别爱吃榴莲，整个办公室都是那个味儿": no subject to carry on
            carried = False
            continue
        t_start, t_end, after = _topic(clause, carried)
        i = after if after >= 0 else _after_subject(clause, carried, dropped)
        if i is None:
            carried = False
            continue
        carried = True
        found = _read(text, clause, i, (t_start, t_end), opening)
        plural = i > 0 and clause[i - 1].word in ("我们", "咱们")
        if found is not None and plural and found.predicate not in (P.USES_TOOL, P.LOCATION):
            continue
        if found is not None and not (clause[0].word in ("这", "那") and found.value in _POINTING):
            out.extend(_conjuncts(text, found))  # not "这玩意儿我是真上瘾": what points back names nothing itself
    return out


_POINTING = frozenset({"玩意儿", "玩意", "东西", "东东", "软件", "app", "东西儿"})
_CONJUNCTION = re.compile(r"和|跟|与|以及|还有")


def _conjuncts(text: str, found: Finding) -> list[Finding]:
    """A stance on coordinated things ("海鲜和啤酒我就彻底戒了") as one finding per thing."""
    if found.predicate not in (P.LIKES, P.DISLIKES, P.AVOIDS) or not _CONJUNCTION.search(found.display):
        return [found]
    out: list[Finding] = []
    at = found.start
    for part in _CONJUNCTION.split(text[found.start : found.end]):
        value = _value(text, at, at + len(part))
        if value and value not in ZH_STOP:
            out.append(replace(found, value=value, display=part, start=at, end=at + len(part)))
        at += len(part) + 1
    return out or [found]
