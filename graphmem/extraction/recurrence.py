"""Recurring topics: what the speaker keeps coming back to in their own words, in more than one session, when no
rule reads it as a fact ("最近迷上钩针了…" then "毛线又囤了一大箱…织东西就是我现在最大的乐子"; "I fence épée at a club
twice a week" then "Fencing's the one thing I'll leave the couch for").

Rules read a fact from the shape of one sentence, and people state the same thing in more shapes than rules list.
What generalises is repetition: a thing the speaker names in a plain first-hand statement in one session and again
in another, with a word of stance or habit in at least one of them, is something about them. A topic is:
- a content word of a first-hand clause: the clause names the speaker (我, I, my, me; a Chinese clause with no
  subject, an English one whose sentence named the speaker before it) and is no question, supposition, joke,
  quotation, one-off, reported remark or request to the assistant;
- Chinese: a noun or a rare verb jieba knows (dictionary words only, no HMM guessing), two characters or more,
  not everyday vocabulary (jieba's dictionary frequency above _ZH_COMMON; above _ZH_VERB_RARE for a verb) nor a
  word of time or generality; English: a word of
  four letters or more that can name a thing (a noun or an activity in lemminflect's lexicon, or a word it does
  not know; never an adjective or adverb), not a stopword or an everyday generality, compared by its light stem
  ("fencing" meets "fence");
- its stance, said in its own clause: False when the clause is against it (不吃, 别, 受不了, can't stand, dislike,
  …), True when it says a liking or a habit (迷上, 最大的乐子, every, twice a week, the one thing…), None otherwise.

Two texts meet on a topic when they share its key (`meet`); the memory layer makes a ``recurs`` fact of it only
when at least one of the two clauses says a stance or habit, the rules read nothing from either text, and the word
names a thing rather than an abstraction (graphmem/memory/topic_kinds.py); the fact takes the stance either says
(against wins). A topic naming a stored candidate's value is another sighting of that candidate (`named_by`).
Every pattern is a literal alternation; the work is linear in the text, and a text gives at most MAX_TOPICS topics.
"""

from __future__ import annotations

import gzip
import importlib.util
import re
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from graphmem.extraction.corrections import TURN_CORRECTION
from graphmem.extraction.facts import NAMING, CandidateFact, FactKind, Predicate
from graphmem.extraction.gazetteer import ZH_CITIES, scan
from graphmem.extraction.guards import HYPOTHETICAL, JOKE, OTHER_PERSON, QUESTION, QUOTED, REPORTED, SITUATIONAL
from graphmem.extraction.lexicon import words
from graphmem.extraction.rule import Lang
from graphmem.extraction.segmentation import HAN
from graphmem.retrieval.lexical import EN_STOPWORDS, ZH_STOPWORDS, light_stem

__all__ = [
    "CONFIDENCE",
    "MAX_TOPICS",
    "Topic",
    "leaves_topics",
    "meet",
    "named_by",
    "read_of",
    "recurring_fact",
    "topics",
    "unread",
]

MAX_TOPICS = 12
"""Topics kept per text."""

CONFIDENCE = 0.6
"""Of a recurring-topic fact: above the policy's default `min_confidence` (0.5), below any rule's reading."""

_F = re.IGNORECASE
_SENTENCE_END = re.compile(r"(?<=[。！？!?\n…])|(?<=[.;])\s+")
_CLAUSE = re.compile(r"[^,，;；:：。！？!?.\n…]+")
_FIRST = {
    "en": re.compile(r"\b(?:i|i'm|i've|i'd|i'll|im|ive|my|me|mine)\b", _F),
    "zh": re.compile(r"我(?!们|妈|爸|老婆|老公|媳妇|对象|男朋友|女朋友|闺蜜|哥|姐|弟|妹|儿子|女儿|同事|老板|领导)"),
}
# A Chinese clause with no subject of its own is the speaker's ("最近迷上钩针了"), an English one when its sentence
# named the speaker before it; one naming another person is not.
_OTHER = {
    "en": re.compile(r"\b(?:you|your|he|she|his|her|they|their|them|we|our|us)\b", _F),
    "zh": re.compile(
        r"你|您|他|她|它|咱们|我们|大家|人家|别人|有人|朋友|同事|老板|领导|爸|妈|老婆|老公|孩子|儿子|女儿"
    ),
}
# People one does a thing with, not who does it: "约同事去打乒乓球", "跟我老公一起去爬山"
_COMPANIONS = re.compile(
    r"(?:约|跟|和|同|陪|带|叫|喊|拉)(?:上)?(?:我)?(?:几个|俩|两个|一帮|一群|几位)?"
    r"(?:朋友|同事|老板|领导|老婆|老公|孩子|儿子|女儿|爸妈|爸|妈|家人)(?:们)?(?:一起|一块儿?)?"
)
# Done again: a time word of one day does not make the remark one-off ("今晚又打了俩小时羽毛球", "today again")
_AGAIN = {"en": re.compile(r"\b(?:again|as\s+usual|like\s+always)\b", _F), "zh": re.compile(r"又|照旧|照例|照样")}
_AGAINST = {
    "en": re.compile(
        r"\b(?:hate|hates|dislike|dislikes|can't\s+stand|cannot\s+stand|can't\s+bear|can't\s+do(?!\s+without)|"
        r"don't\s+(?:like|want|take|do|eat|drink)|"
        r"do\s+not\s+(?:like|want|take|do|eat|drink)|never|no\s+more|not\s+a\s+fan|avoid|allergic|(?<!gets\s)(?<!getting\s)(?<!got\s)gross|hard\s+no|"
        r"won't|refuse|sick\s+of|tired\s+of|none|quit|resigned)\b",
        _F,
    ),
    "zh": re.compile(
        r"不吃|不喝|不碰|不用|[别甭][给弄放加整用上搞来]|受不了|讨厌|烦|不喜欢|不爱|八字不合|反感|恶心|怕|不要|不想|戒了|"
        r"[吃喝]不惯|咽不下|"
        r"忍不了|吃不了|喝不了|闻不了|不感冒|嫌|别再|不许|不准|"
        # leaving a job: "驾校那活儿我辞了"
        r"辞了|辞职|离职|不干了"
    ),
}
# English words of stance: of liking, and of a habit or a duration only (which says no liking of what else the
# clause names: "been paddleboarding the river for 4 yrs")
_LIKING_EN = (
    r"love|loves|like|likes|enjoy|enjoys|favou?rite|the\s+one\s+(?:thing|app|tool|place|drink|food|show|game)|"
    r"wouldn't\s+miss|can't\s+(?:live|do|work|be)\s+without|couldn't\s+(?:live|do|work)\s+without|into|obsessed|"
    r"hooked|addicted|passion|go-to|for\s+a\s+living|the\s+only|my\s+whole|hobby|(?:the\s+)?best\s+(?:part|thing)"
)
_HABIT_WORDS_EN = (
    r"always|every|usually|twice|three\s+times|a\s+week|nights?\s+a|daily|years?|yrs|all\s+the\s+time|"
    r"(?:on|most|every)\s+weekends|seasons|religiously|without\s+fail|as\s+a\s+rule"
)
_LIKING = re.compile(r"\b(?:" + _LIKING_EN + r")\b", _F)
_FOR = {
    "en": re.compile(r"\b(?:" + _LIKING_EN + "|" + _HABIT_WORDS_EN + r")\b", _F),
    "zh": re.compile(
        r"喜欢|爱[吃喝看玩听]|热爱|迷上|迷恋|着迷|最大的乐子|乐子|离不开|离了|每天|天天|每周|每个?礼拜|经常|常常|总是|"
        r"(?:就|也|最|特|一直|平时|我)好(?=[下打钓踢爬唱跳滑逛养集][\u4e00-\u9fff])|向来|一向|素来|从来都|"
        r"一直|习惯|雷打不动|不可|指着|上瘾|最爱|最喜欢|好几年|几年了|年了|一周.次|一个雪季|老是|都用|没它|爱好|用惯|惯了|"
        r"停不下来|老规矩|死规矩|老要求|一定得|非得|个雪季|个赛季|个夏天|个冬天|个季度了|戒不掉|戒不了|放不下"
    ),
}

# "like" as a filler ("for like 4 yrs", "it was like 3 seasons"), no liking
_FILLER_LIKE = re.compile(r"\b(?:for|about|around|just|was|is|it's|been|in)\s+like\b", _F)

# An English sentence that opens on a verb with the speaker's subject dropped, as texting does ("need a decent
# flasher for ice fishing, been doing it out here for years"): its clauses are first-hand.
_DROPPED_SUBJECT = re.compile(
    r"(?:need|been|got|gotta|love|loving|hate|headed|heading|gonna|went|bought|started|"
    r"picked\s+up|just\s+(?:got|bought|started|finished|did|picked)|finally\s+(?:got|did|finished|home))\b",
    _F,
)

# A clause opening with a word that points back at what the clause before named.
_BACK = {
    "en": re.compile(r"(?:it|it's|it\u2019s|that|that's|that\u2019s|this|this\s+is)\b", _F),
    "zh": re.compile(r"(?:它|这|那)"),
}

# Chinese nouns of time, quantity or everyday generality, and English words of the same sort: never a topic.
_ZH_GENERAL = words(
    "时候 东西 事情 事儿 时间 问题 感觉 样子 意思 办法 地方 时候儿 今天 明天 昨天 周末 早上 晚上 中午 下午 上午 "
    "现在 最近 以后 之前 以前 这个 那个 一下 有点 一点 大家 人家 别人 朋友 家里 屋里 小时 分钟 礼拜 星期 月份 "
    "今年 去年 明年 年底 月底 一天 一年 每天 天天 味道 味儿 毛病 原因 情况 方面 部分 东东 老毛病 身体 心情 "
    "工作 上班 生活 日子 回事 人生 世界 社会 速度 程度 水平 能力 经验 机会 结果 过程 地步 样儿 玩意儿 玩意 "
    "乐意 手气 运气 心思 兴致"
)
_EN_GENERAL = words(
    "thing things stuff hobby hobbies pastime time times today tonight tomorrow yesterday week weeks weekend "
    "weekends month months year "
    "years morning mornings evening evenings night nights afternoon lot lots bit people person someone anyone "
    "everyone everything something anything nothing way ways day days life work home kind sort part place places "
    "actually really truly totally pretty quite always usually never every much many more most less least still "
    "just even also again anyway though thanks thank please sorry okay yeah yes nope maybe probably sure good "
    "great nice fine bad worse best better able free full last next first second third hour hours minute minutes "
    "love loves like likes enjoy hate hates dislike dislikes stand want wants need needs make makes made take "
    "takes took give gives gave keep keeps kept find finds found know knows knew think thinks thought feel feels "
    "felt tell tells told look looks looked come comes came going gone goes doing done does said says call calls "
    "called tried tries trying help helps getting gets got having started start starts stop stops stopped leave "
    "left right wrong real whole same different other another little big small long short high new old "
    "play plays playing played using coming looking trying putting "
    "favorite favourite thing's that's there's what's it's i'm i've i'd i'll don't doesn't didn't can't won't "
    "wouldn't couldn't shouldn't isn't aren't wasn't weren't haven't hasn't hadn't let's here's where's "
    "meeting meetings call calls reply replies answer answers message messages question questions support "
    "supports making mine handle area"
)
_ASKING = {
    "en": re.compile(
        r"\b(?:can|could|would|will)\s+you\b|\b(?:help|give|write|show|tell|send|find|get)\s+me\b|^\s*please\b", _F
    ),
    "zh": re.compile(r"帮我|给我|替我|帮忙|麻烦|你(?:帮|给|替|来|能|可以)|请你|来个|推荐"),
}
# A word more frequent than this in jieba's dictionary is everyday vocabulary (影响 24144, 家庭 8831, 热情 2818),
# not a thing a person is known by (咖啡 1400, 韭菜 144, 钩针 23).
_ZH_COMMON = 2000
_ZH_NOUN = frozenset({"n", "nz", "vn", "nr", "ns", "nt", "nrt", "nrfg", "eng", "j", "l"})
# A verb is a topic when it names an activity one is known by ("抽烟" 403, "露营" 72, "烘焙" 26), rarer than this:
# everyday doings ("开会" 1302, "抬头" 1892, "觉得" 15995) are not.
_ZH_VERB_RARE = 1000
_WORD = re.compile(r"(?<![^\W\d_])[^\W\d_]{4,24}(?:['\u2019][a-z]{1,2})?(?![^\W\d_])")
_posseg_lock = threading.Lock()
_lexicon_lock = threading.Lock()
_lexicon: list[tuple[frozenset[str], frozenset[str], frozenset[str]]] = []


@dataclass(frozen=True)
class Topic:
    """One thing a first-hand clause names: its key (compared across texts), the word as written, the clause's
    stance (True for, False against, None neither) and the clause."""

    key: str
    word: str
    stance: bool | None
    clause: str

    @property
    def needles(self) -> list[str]:
        """What an earlier text naming this topic contains (case-insensitive): the stem or the word; for a Chinese
        compound of three characters or more also its first two, the shorter noun `meet` finds within it
        ("冲浪" in "冲浪板"); of an English compound its first stem."""
        if self.key.isascii():
            # "cottag chees": each stem is the start of its word, the first is found; a compound word is also
            # found by its parts ("beekeep": "kept bees", "woodturn": "turning bowls")
            return [self.key.split()[0], *_parts(self.key)]
        return [self.word, self.word[:2]] if len(self.word) >= 3 else [self.word]


def _parts(key: str) -> list[str]:
    """The two English words a one-word key is compounded of ("beekeep" -> "bee", "keep"; "woodturn" -> "wood",
    "turn"), each of three letters or more and known to the lexicon; none for another key."""
    if " " in key or len(key) < 6:
        return []
    nouns, _, verbs = _english_lexicon()
    for i in range(3, len(key) - 2):
        head, tail = key[:i], key[i:]
        if head in nouns and (tail in verbs or tail in nouns):
            return [head, tail]
    return []


def _a_city(word: str) -> bool:
    """Whether a topic word is a city's name (the gazetteer's, or a Chinese city of any size)."""
    return word in ZH_CITIES or any(h.category == "city" and h.end - h.start == len(word) for h in scan(word))


def _habit_only(clause: str, lang: Lang, own: bool | None) -> bool:
    """Whether an English clause's stance for something is a habit or a duration only ("most weekends", "for 4
    yrs"), no word of liking."""
    return lang == "en" and own is True and not _LIKING.search(_FILLER_LIKE.sub(" ", clause))


def _stance(clause: str, lang: Lang) -> bool | None:
    if _AGAINST[lang].search(clause):
        return False
    if _FOR[lang].search(clause):
        return True
    return None


def _zh_nouns(clause: str) -> Iterator[str]:
    import jieba
    import jieba.posseg as pseg

    from graphmem.retrieval.lexical import load_jieba

    load_jieba()
    freq = jieba.dt.FREQ
    with _posseg_lock:
        pairs = [(p.word, p.flag) for p in pseg.lcut(clause, HMM=False)]
    verbs: list[str] = []  # after the nouns: a thing named is what a clause is about before what is done
    for word, flag in pairs:
        # a verb saying the stance is none of its topics ("这玩意儿我是真上瘾")
        stance_word = flag == "v" and bool(_FOR["zh"].search(word) or _AGAINST["zh"].search(word))
        general = word in _ZH_GENERAL or word in ZH_STOPWORDS or word.startswith("我") or stance_word
        common = (freq.get(word) or 0) > (_ZH_VERB_RARE if flag == "v" else _ZH_COMMON)
        if (flag in _ZH_NOUN or flag == "v") and len(word) >= 2 and not general and not common and word.isalnum():
            if flag == "v":
                verbs.append(word.casefold())
            else:
                yield word.casefold()
    yield from verbs


def _clause_words(clause: str, lang: Lang) -> list[tuple[str, str]]:
    """(key, word) of a clause's topic words."""
    return [(w, w) for w in _zh_nouns(clause)] if lang == "zh" else list(_en_words(clause))


def _en_words(clause: str) -> Iterator[tuple[str, str]]:
    """(key, word) of the clause's topic words; a noun and the activity after it ("metal detecting", "bird
    watching") are one topic."""
    kept: list[tuple[str, str, int, int]] = []
    for m in _WORD.finditer(clause):
        word = m.group(0).casefold().replace("\u2019", "'")
        if word.endswith("'s"):
            word = word[:-2]
        if "'" in word or len(word) < 4 or word in EN_STOPWORDS or word in _EN_GENERAL:
            continue
        stem = light_stem(word)
        if len(stem) >= 3 and stem not in _EN_GENERAL and _thing_word(word):
            kept.append((stem, word, m.start(), m.end()))
    k = 0
    while k < len(kept):
        stem, word, _, end = kept[k]
        if k + 1 < len(kept):
            n_stem, n_word, n_start, _ = kept[k + 1]
            if (
                clause[end:n_start] == " "
                and not word.endswith("ing")
                and (n_word.endswith("ing") or _nouns(word, n_word))
            ):
                # "metal detecting", "cottage cheese": one thing
                yield f"{stem} {n_stem}", f"{word} {n_word}"
                k += 2
                continue
            if clause[end:n_start] == " " and _DETERMINED.search(clause, 0, kept[k][2]) and _noun_pair(word, n_word):
                # "a model railroad", "the model trains": the kind of thing the first noun says, named by it
                yield stem, f"{word} {n_word}"
                k += 2
                continue
        yield stem, word
        k += 1


def _english_lexicon() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The English word forms with a noun reading, with an adjective or adverb reading, and with a verb reading:
    lemminflect's
    lemma table (the package's own data file, read without importing the package and its models: 6.5 MB, 70 ms
    once per process)."""
    with _lexicon_lock:
        if not _lexicon:
            spec = importlib.util.find_spec("lemminflect")
            if spec is None or not spec.submodule_search_locations:
                raise RuntimeError("the lemminflect package is missing: pip install lemminflect==0.2.3")
            path = Path(next(iter(spec.submodule_search_locations))) / "resources" / "lemma_lu.csv.gz"
            nouns: set[str] = set()
            describing: set[str] = set()
            verbs: set[str] = set()
            with gzip.open(path, "rt", encoding="utf-8") as rows:
                for row in rows:
                    word, pos, _ = row.rstrip("\n").split(",", 2)
                    if pos in ("noun", "propn"):
                        nouns.add(word)
                    elif pos in ("adj", "adv"):
                        describing.add(word)
                    elif pos in ("verb", "aux"):
                        verbs.add(word)
            _lexicon.append((frozenset(nouns), frozenset(describing), frozenset(verbs)))
        return _lexicon[0]


def _nouns(word: str, after: str) -> bool:
    """Whether two adjacent words are both nouns only (no verb reading): a compound ("cottage cheese")."""
    nouns, _, verbs = _english_lexicon()
    return all(w in nouns and w not in verbs for w in (word, after))


_DETERMINED = re.compile(r"\b(?:a|an|the|my|our)\s$", _F)


def _noun_pair(word: str, after: str) -> bool:
    """Whether two adjacent words both have a noun reading and the first no adjective one ("model trains")."""
    nouns, describing, _ = _english_lexicon()
    return word in nouns and after in nouns and word not in describing and after not in describing


def _thing_word(word: str) -> bool:
    """Whether an English word can name a thing: a noun or an activity ("hiking"), or a word the lexicon does not
    know (a brand, a place), and never an adjective or adverb ("glad", "amazing")."""
    nouns, describing, verbs = _english_lexicon()
    if word in describing:
        return False
    if word in nouns:
        return True
    return word.endswith("ing") or word not in verbs


def topics(text: str) -> list[Topic]:
    """The topics of `text`'s first-hand clauses, in order, each key once (at most MAX_TOPICS)."""
    text = unicodedata.normalize("NFKC", text[:2000])
    if TURN_CORRECTION.search(text):
        return []  # "it's not Xfinity, it's Spectrum … I've been saying the wrong one": the corrections read it
    found: dict[str, Topic] = {}
    last: list[str] = []  # the keys the clause before named first
    named: list[str] = []  # the keys of the last clause that named any
    mine: list[str] = []  # the keys of the last clause that named the speaker and any key
    last_mine = False  # whether the clause before named the speaker
    previous = ""
    for sentence in _SENTENCE_END.split(text):
        if not sentence.strip():
            continue
        lang: Lang = "zh" if HAN.search(sentence) else "en"
        if QUOTED.search(sentence) or JOKE[lang].search(sentence) or HYPOTHETICAL[lang].search(sentence):
            continue
        clauses = [m.group(0).strip() for m in _CLAUSE.finditer(sentence)]
        if sentence.rstrip().endswith(("?", "？")):
            clauses = clauses[:-1]  # what a question states before it asks
        # the sentence named the speaker in an earlier clause, or opens with the speaker's dropped subject
        spoken = lang == "en" and bool(clauses) and bool(_DROPPED_SUBJECT.match(clauses[0]))
        for clause in clauses:
            before, last = last, []
            named = before or named
            before_mine, last_mine = last_mine, False
            # the clause before, first-hand or not ("Airtable's automation just stopped …"), unless another's
            prior, previous = previous, clause if clause and not _OTHER[lang].search(clause) else ""
            spoken = spoken or bool(_FIRST[lang].search(clause))
            if not clause or QUESTION[lang].search(clause):
                continue
            if SITUATIONAL[lang].search(clause) and not _AGAIN[lang].search(clause):
                continue  # a one-off remark ("今天…"), unless it is done again ("今晚又打了俩小时羽毛球")
            if _ASKING[lang].search(clause):  # what the assistant is asked to do is no fact about the speaker
                continue
            if REPORTED[lang].search(clause) or OTHER_PERSON[lang].search(clause):
                continue
            others = _OTHER[lang].search(_COMPANIONS.sub("", clause) if lang == "zh" else clause)
            if not _FIRST[lang].search(clause) and ((lang == "en" and not spoken) or others):
                continue  # an English clause goes on the speaker's sentence ("I really, truly dislike beets")
            words = _clause_words(clause, lang)
            own = _stance(clause, lang)
            if own is not None and _BACK[lang].match(clause):
                # a clause that points back says its stance of what the one before named first ("QuickBooks
                # keeps double-counting … It's the only accounting software I touch"), first-hand or not
                # ("Airtable's automation just stopped … It's the one app I can't do without")
                # ("…下象棋，一口气赢了七把，抬头一看都两点了。这玩意儿我是真上瘾": the last clause that named one)
                # ("…我上台吹了一曲葫芦丝，底下掌声一片。这玩意儿我是真喜欢": the speaker's thing, not the applause)
                # (of the speaker's clause, the thing done last: its object)
                pointed = mine[-1:] if mine and before and not before_mine else (before or named)[:1]
                for key in pointed:
                    if found[key].stance is None:
                        found[key] = replace(found[key], stance=own)
                referent = _clause_words(prior, lang)[:1] if not (before or named) and prior else []
                for key, word in referent:
                    if key not in found and len(found) < MAX_TOPICS:
                        found[key] = Topic(key, word, own, clause)
            if own is not None and before and all(_a_city(word) for _, word in words):
                # a habit said of where one does it, with nothing else named ("想换块冲浪板，我在日照这边玩了两年了"):
                # it is the habit of what the clause before named
                for key in before:
                    if found[key].stance is None:
                        found[key] = replace(found[key], stance=own)
            doing = _habit_only(clause, lang, own) and any(w.endswith("ing") for _, w in words)
            for key, word in words:
                if key not in found:
                    # a stance said in the word's own clause ("Fencing's the one thing I'll leave the couch for");
                    # a habit only ("been paddleboarding the river for 4 yrs") is the activity's, not the river's
                    stance = None if doing and not word.endswith("ing") else own
                    found[key] = Topic(key, word, stance, clause)
                    last.append(key)
                    last_mine = last_mine or bool(_FIRST[lang].search(clause))
                    if len(found) >= MAX_TOPICS:
                        return list(found.values())
            if last_mine:
                mine = last
    return list(found.values())


def unread(found: list[Topic], read: Sequence[tuple[Predicate, str]]) -> list[Topic]:
    """The topics of a text left to the topics when the rules read `read` (predicate, value) from it: none when
    the rules read a stance, a setting or a note; else the topics whose clause names none of the read values
    ("need a decent flasher for ice fishing, been doing it out here around fargo for years": the rules read
    Fargo, fishing is left to the topics)."""
    if not leaves_topics(read):
        return []
    values = [value.casefold() for _, value in read if value.strip()]
    return [t for t in found if not any(v in t.clause.casefold() for v in values)]


def leaves_topics(read: Sequence[tuple[Predicate, str]]) -> bool:
    """Whether a text the rules read `read` from can still have topics of its own (`unread`): when all they read
    names where or what the speaker is (`facts.NAMING`), which says nothing of a liking."""
    return all(str(predicate) in NAMING for predicate, _ in read)


def read_of(facts: Sequence[CandidateFact]) -> tuple[tuple[Predicate, str], ...]:
    """What `unread` needs of the facts the rules read from a text."""
    return tuple((f.predicate, f.value) for f in facts)


def _within(a: str, b: str) -> bool:
    """A Chinese noun inside a longer one ("毛线" and "毛线帽"); a name written whole and shortened ("AutoCAD" and
    "CAD", three letters or more, at either end)."""
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if short == long_:
        return False
    if not short.isascii():
        return len(short) >= 2 and short in long_
    return len(short) >= 3 and long_.isascii() and (long_.startswith(short) or long_.endswith(short))


def _names(topic: Topic, value: str) -> bool:
    folded = value.casefold()
    if folded in (topic.key, topic.word):
        return True
    if not folded.isascii():  # a topic as specific as the value or more ("毛线帽" names "毛线", "产品" no "产品经理")
        return len(folded) >= 2 and folded in topic.word
    return " " not in folded and light_stem(folded) == topic.key  # "beets" names "beet", "vuex" no "vue"


def named_by(found: list[Topic], value: str, stance: bool | None = None) -> bool:
    """Whether one of the topics names a stored value ("beets" a candidate "beet", "em dashes" one "dash") with no
    other stance than a stored fact's `stance` (its polarity; any stance when None; a topic without stance agrees
    with any)."""
    return any(_names(t, value) and (stance is None or t.stance is None or t.stance == stance) for t in found)


def recurring_fact(now: Topic, before: Topic) -> CandidateFact:
    """The ``recurs`` fact two sightings of a topic state (the later one's words; against when either is)."""
    against = now.stance is False or before.stance is False
    fact = f"user keeps speaking against {now.word}" if against else f"user keeps coming back to {now.word}"
    return CandidateFact(
        subject="user",
        predicate=Predicate.RECURS,
        value=now.word,
        polarity=not against,
        kind=FactKind.PREFERENCE,
        fact=fact,
        evidence=now.clause,
        confidence=CONFIDENCE,
        explicit=False,
        language="en" if now.word.isascii() else "zh",
    )


def meet(now: list[Topic], before: list[Topic]) -> list[tuple[Topic, Topic]]:
    """The topics two texts share, each with its earlier sighting, when either says a stance or habit."""
    earlier = {t.key: t for t in before}
    out = []
    for t in now:
        b = earlier.get(t.key) or next((e for e in before if _within(t.key, e.key)), None)
        if b is not None and (t.stance is not None or b.stance is not None):
            out.append((t, b))
    return out
