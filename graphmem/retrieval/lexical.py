"""Language-aware tokenisation (jieba for CJK runs, light stemming + stopwords for Latin text) and a small
incremental in-process BM25 index keyed by int64 document ids.
"""

from __future__ import annotations

import logging
import math
import os
import re
import tempfile
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

__all__ = [
    "EN_STOPWORDS",
    "ZH_STOPWORDS",
    "BM25Arrays",
    "BM25Index",
    "CjkMode",
    "Tokenizer",
    "light_stem",
    "load_jieba",
    "tokenize",
]

CjkMode = Literal["jieba", "search", "bigram", "char"]

# CJK ideographs (incl. ext. A and compatibility), kana and hangul are "CJK runs"; everything else is split
# into word-character runs.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_APOS = "'\u2019"
_RUNS = re.compile(rf"([{_CJK}]+)|([^\W_{_CJK}]+(?:[{_APOS}][^\W_{_CJK}]+)*)", re.UNICODE)
_CJK_WORD = re.compile(rf"[{_CJK}0-9A-Za-z]")

EN_STOPWORDS: frozenset[str] = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "aren",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "cannot",
        "could",
        "couldn",
        "did",
        "didn",
        "do",
        "does",
        "doesn",
        "doing",
        "don",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "hadn",
        "has",
        "hasn",
        "have",
        "haven",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "isn",
        "it",
        "its",
        "itself",
        "just",
        "let",
        "me",
        "more",
        "most",
        "mustn",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "ought",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "shan",
        "she",
        "should",
        "shouldn",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "wasn",
        "we",
        "were",
        "weren",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "won",
        "would",
        "wouldn",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "ll",
        "re",
        "ve",
        "d",
        "m",
        "o",
        "y",
        "also",
        "yes",
        "yeah",
        "oh",
        "hey",
        "hi",
        "wow",
        "really",
        "got",
        "get",
        "gets",
        "getting",
        "go",
        "going",
        "went",
        "like",
        "kind",
        "lot",
        "lots",
        "thing",
        "things",
        "one",
        "much",
        "many",
        "sure",
        "way",
        "well",
        "im",
        "ive",
        "id",
        "youre",
        "youve",
        "youll",
        "theyre",
        "theyve",
        "weve",
        "hes",
        "shes",
        "thats",
        "whats",
        "dont",
        "didnt",
        "doesnt",
        "isnt",
        "wasnt",
        "cant",
        "wont",
        "wouldnt",
        "couldnt",
        "shouldnt",
        "arent",
        "werent",
        "havent",
        "hasnt",
        "hadnt",
        "lets",
    ]
)

ZH_STOPWORDS: frozenset[str] = frozenset(
    [
        "的",
        "了",
        "着",
        "过",
        "是",
        "在",
        "和",
        "与",
        "及",
        "或",
        "而",
        "也",
        "都",
        "就",
        "还",
        "又",
        "很",
        "太",
        "更",
        "最",
        "吗",
        "呢",
        "吧",
        "啊",
        "呀",
        "哦",
        "嗯",
        "哈",
        "哇",
        "嘿",
        "么",
        "之",
        "其",
        "这",
        "那",
        "这个",
        "那个",
        "这些",
        "那些",
        "这样",
        "那样",
        "我",
        "你",
        "您",
        "他",
        "她",
        "它",
        "我们",
        "你们",
        "他们",
        "她们",
        "它们",
        "自己",
        "谁",
        "什么",
        "哪",
        "哪里",
        "哪儿",
        "哪些",
        "怎么",
        "怎样",
        "如何",
        "为什么",
        "为何",
        "多少",
        "几",
        "何时",
        "什么时候",
        "时候",
        "是否",
        "有没有",
        "有",
        "没有",
        "没",
        "不",
        "会",
        "能",
        "可以",
        "要",
        "想",
        "让",
        "把",
        "被",
        "给",
        "对",
        "从",
        "到",
        "向",
        "为",
        "以",
        "于",
        "上",
        "下",
        "中",
        "里",
        "个",
        "一",
        "一个",
        "些",
        "一些",
        "一下",
        "已经",
        "曾经",
        "所以",
        "因为",
        "但是",
        "但",
        "如果",
        "虽然",
        "然后",
        "并",
        "并且",
        "而且",
        "只是",
        "真的",
        "真",
        "非常",
        "特别",
        "其实",
        "好像",
        "可能",
        "应该",
        "一直",
        "正在",
        "做",
        "去",
        "来",
        "说",
        "看",
        "知道",
        "觉得",
        "认为",
    ]
)

_EN_IRREGULAR = {
    "children": "child",
    "men": "man",
    "women": "woman",
    "people": "person",
    "feet": "foot",
    "mice": "mouse",
    "went": "go",
    "gone": "go",
    "ran": "run",
    "saw": "see",
    "seen": "see",
    "made": "make",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "bought": "buy",
    "brought": "bring",
    "thought": "think",
    "felt": "feel",
    "found": "find",
    "told": "tell",
    "said": "say",
    "met": "meet",
    "left": "leave",
    "kept": "keep",
    "began": "begin",
    "begun": "begin",
    "wrote": "write",
    "written": "write",
    "ate": "eat",
    "eaten": "eat",
    "drove": "drive",
    "driven": "drive",
    "won": "win",
    "lost": "lose",
    "built": "build",
    "sang": "sing",
    "sung": "sing",
    "taught": "teach",
    "caught": "catch",
    "paid": "pay",
    "sold": "sell",
    "held": "hold",
    "spent": "spend",
    "sent": "send",
    "grew": "grow",
    "grown": "grow",
    "knew": "know",
    "known": "know",
    "flew": "fly",
    "flown": "fly",
    "fell": "fall",
    "fallen": "fall",
    "chose": "choose",
    "chosen": "choose",
    "joined": "join",
    "started": "start",
    "painted": "paint",
    "painting": "paint",
    "paintings": "paint",
}
_VOWELS = frozenset("aeiouy")


def _has_vowel(s: str) -> bool:
    return any(c in _VOWELS for c in s)


def light_stem(word: str) -> str:
    """A light, conservative English stemmer (plural / -ing / -ed / -ly / -ment / -ness / -ation...).

    Not Porter: it only strips common inflections so that "painted", "paints", "painting" and "paint" meet.
    """
    w = word
    if w in _EN_IRREGULAR:
        return _EN_IRREGULAR[w]
    if len(w) <= 3 or not w.isalpha():
        return w
    if w.endswith(("'s", "\u2019s")):
        w = w[:-2]
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses") or (w.endswith(("ches", "shes", "xes", "zes")) and len(w) > 5):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        w = w[:-1]
    for suffix, repl, min_stem in (
        ("ational", "ate", 3),
        ("ization", "ize", 3),
        ("fulness", "ful", 3),
        ("iveness", "ive", 3),
        ("ation", "ate", 3),
        ("ments", "", 4),
        ("ment", "", 4),
        ("ness", "", 3),
        ("ingly", "", 3),
        ("edly", "", 3),
        ("ly", "", 4),
        ("ing", "", 3),
        ("ed", "", 3),
    ):
        if w.endswith(suffix) and len(w) - len(suffix) >= min_stem:
            stem = w[: len(w) - len(suffix)]
            if suffix in ("ing", "ed", "ingly", "edly") and not _has_vowel(stem):
                continue
            w = stem + repl
            if suffix in ("ing", "ed", "ingly", "edly") and len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]  # running -> run, stopped -> stop
            break
    if w.endswith("e") and len(w) > 3 and not w.endswith(("ee", "ie", "ye", "ue")):
        w = w[:-1]  # create/created -> creat, love/loving -> lov, hike/hiking -> hik
    return w


_jieba_lock = threading.Lock()
_jieba_ready = False
_jieba_tmp: tempfile.TemporaryDirectory[str] | None = None


# Words of jieba's dictionary that split a common phrase wrongly ("搓麻将" as 搓麻 + 将): removed once loaded.
_NOT_WORDS_ZH = ("搓麻",)


def jieba_cache_dir() -> Path | None:
    """Where jieba's dictionary cache lives between runs: $GRAPHMEM_CACHE_DIR, else $XDG_CACHE_HOME/graphmem,
    else ~/.cache/graphmem (a subfolder ``jieba``); None when none of them can be created."""
    explicit = os.environ.get("GRAPHMEM_CACHE_DIR")
    if explicit:
        base = Path(explicit)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = Path(xdg) / "graphmem" if xdg else Path.home() / ".cache" / "graphmem"
    folder = base / "jieba"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def load_jieba() -> Any:
    """Import and initialise jieba once: logging silenced, dictionary cache kept in the user's cache folder
    (one file, written atomically by jieba and reused by every later process) or, if that cannot be created, a
    private temp dir removed at exit -- unless another part of the process initialised jieba already."""
    global _jieba_ready, _jieba_tmp
    import jieba

    if not _jieba_ready:
        with _jieba_lock:
            if not _jieba_ready:
                jieba.setLogLevel(logging.WARNING)
                logging.getLogger("jieba").setLevel(logging.WARNING)
                if not jieba.dt.initialized:
                    folder = jieba_cache_dir()
                    if folder is None:
                        _jieba_tmp = tempfile.TemporaryDirectory(prefix="graphmem-jieba-")
                        folder = Path(_jieba_tmp.name)
                    jieba.dt.tmp_dir = str(folder)
                    jieba.initialize()
                for word in _NOT_WORDS_ZH:  # "搓麻将" is 搓 + 麻将, not 搓麻 + 将
                    jieba.del_word(word)
                _jieba_ready = True
    return jieba


@dataclass(frozen=True, slots=True)
class Tokenizer:
    """Configurable tokeniser. ``Tokenizer()`` is the production default used by :func:`tokenize`.

    cjk: "jieba" (precise mode), "search" (jieba search mode: words plus their sub-words), "bigram"
    (overlapping character bigrams), "char" (single characters).
    """

    stem: bool = True
    stopwords: bool = True
    cjk: CjkMode = "search"
    cjk_unigrams: bool = True  # with "jieba"/"search": also emit single characters of multi-char words
    cjk_bigrams: bool = True  # with "jieba"/"search": also emit the run's overlapping character bigrams

    def __call__(self, text: str) -> list[str]:
        return self.tokenize(text)

    def tokenize(self, text: str) -> list[str]:
        out: list[str] = []
        for m in _RUNS.finditer(unicodedata.normalize("NFKC", text).lower()):
            cjk_run, word = m.group(1), m.group(2)
            if cjk_run:
                out.extend(self._cjk(cjk_run))
            elif word:
                out.extend(self._latin(word))
        return out

    def _latin(self, word: str) -> list[str]:
        word = word.replace("\u2019", "'")
        parts = [word[:-2] if word.endswith("'s") else word.replace("'", "")]
        out: list[str] = []
        for p in parts:
            if not p or (self.stopwords and p in EN_STOPWORDS):
                continue
            out.append(light_stem(p) if self.stem else p)
        return out

    def _cjk(self, run: str) -> list[str]:
        if self.cjk == "char":
            toks = list(run)
        elif self.cjk == "bigram":
            toks = [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]
        else:
            jieba = load_jieba()
            toks = jieba.lcut_for_search(run) if self.cjk == "search" else jieba.lcut(run)
            if self.cjk_unigrams:
                toks = toks + [c for t in toks if len(t) > 1 for c in t]
            if self.cjk_bigrams and len(run) > 1:
                toks = toks + [run[i : i + 2] for i in range(len(run) - 1)]
        if self.stopwords:
            toks = [t for t in toks if t not in ZH_STOPWORDS]
        return [t for t in toks if _CJK_WORD.search(t)]


_DEFAULT = Tokenizer()


def tokenize(text: str) -> list[str]:
    """Production tokeniser for BM25.

    CJK runs: jieba search-mode words + their single characters + the run's character bigrams (stopwords
    dropped); Latin runs: lowercase, stopwords dropped, :func:`light_stem`.
    """
    return _DEFAULT.tokenize(text)


_IntArr = npt.NDArray[np.int64]
_F32 = npt.NDArray[np.float32]


@dataclass(frozen=True)
class BM25Arrays:
    """A BM25 index's live documents as flat arrays (`BM25Index.to_arrays`, restored by `from_arrays`):
    document i has id `ids[i]` and the (term id, term frequency) rows `pairs[offsets[i]:offsets[i + 1]]`;
    `terms[t]` is term id t's string."""

    terms: list[str]
    ids: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    pairs: npt.NDArray[np.int32]


TAIL_SCAN = 8192
"""Postings newer than the term-ordered tail that a read scans before it orders the tail again."""
_NO_INT32: npt.NDArray[np.int32] = np.zeros(0, dtype=np.int32)


class BM25Index:
    """Incremental Okapi BM25 over int64 document ids (Lucene idf: ln(1 + (N - df + .5) / (df + .5))).

    Everything is held in numpy arrays, so a loaded index is a handful of objects for Python's cyclic garbage
    collector however many documents it holds (per-term or per-document Python objects made a full collection
    of a process holding a million episodes take hundreds of milliseconds). Each added document appends its
    (slot, term id, tf) postings; postings are found through a term-sorted copy (CSR) of all but the newest
    ones, which are scanned directly and merged into the copy once they pass a quarter of it. Removal
    tombstones the slot (df is updated at once); the index compacts itself when half the slots are dead. Not
    thread-safe: guard with a lock if writers and readers run concurrently.
    """

    def __init__(self, *, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1 = k1
        self.b = b
        self._term_ids: dict[str, int] = {}
        self._df = np.zeros(64, dtype=np.int64)
        self._slot_of: dict[int, int] = {}
        self._ids = np.zeros(16, dtype=np.int64)
        self._len = np.zeros(16, dtype=np.float32)
        self._alive = np.zeros(16, dtype=bool)
        self._doc_start = np.zeros(16, dtype=np.int64)
        self._n_slots = 0
        self._total_len = 0.0
        # every posting ever added (dead slots' too, until a compaction), in the order added
        self._p_slot = np.zeros(128, dtype=np.int32)
        self._p_tid = np.zeros(128, dtype=np.int32)
        self._p_tf = np.zeros(128, dtype=np.int32)
        self._n_postings = 0
        # postings [0, _indexed) sorted by term: term t's are _c_slot/_c_tf[_c_offsets[t]:_c_offsets[t + 1]]
        self._indexed = 0
        self._c_offsets = np.zeros(1, dtype=np.int64)
        self._c_slot = np.zeros(0, dtype=np.int32)
        self._c_tf = np.zeros(0, dtype=np.float32)
        # postings [base, end) past the sorted copy, ordered by term on a read (`_sorted_tail`): (base, end, their
        # term ids in order, their positions from base); one tuple, replaced whole, so a reader sees one state
        self._tail: tuple[int, int, npt.NDArray[np.int32], npt.NDArray[np.int32]] = (0, 0, _NO_INT32, _NO_INT32)

    def __len__(self) -> int:
        return len(self._slot_of)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._slot_of

    def memory_bytes(self) -> int:
        """Approximate bytes held: 12 per posting and 8 more for its term-sorted copy, ~120 per term (its
        string and dict entry), ~100 per document (its dict entry) plus the per-slot columns."""
        return (
            12 * self._p_slot.shape[0]
            + 8 * self._indexed
            + 8 * int(self._tail[2].shape[0])
            + 120 * len(self._term_ids)
            + 100 * len(self._slot_of)
            + 21 * self._ids.shape[0]
        )

    def _grow_slots(self) -> None:
        size = self._ids.shape[0] * 2
        for name in ("_ids", "_len", "_alive", "_doc_start"):
            old = getattr(self, name)
            grown = np.zeros(size, dtype=old.dtype)
            grown[: self._n_slots] = old[: self._n_slots]
            setattr(self, name, grown)

    def _grow_postings(self, needed: int) -> None:
        size = self._p_slot.shape[0]
        while size < needed:
            size *= 2
        for name in ("_p_slot", "_p_tid", "_p_tf"):
            old = getattr(self, name)
            grown = np.zeros(size, dtype=old.dtype)
            grown[: self._n_postings] = old[: self._n_postings]
            setattr(self, name, grown)

    def _term_id(self, term: str) -> int:
        tid = self._term_ids.get(term)
        if tid is None:
            tid = len(self._term_ids)
            self._term_ids[term] = tid
            if tid >= self._df.shape[0]:
                self._df = np.concatenate([self._df, np.zeros(self._df.shape[0], dtype=np.int64)])
        return tid

    def add(self, doc_id: int, tokens: Sequence[str]) -> None:
        """Index (or re-index) one document."""
        if doc_id in self._slot_of:
            self.remove(doc_id)
        if self._n_slots >= self._ids.shape[0]:
            self._grow_slots()
        slot = self._n_slots
        self._n_slots += 1
        self._slot_of[doc_id] = slot
        self._ids[slot] = doc_id
        self._len[slot] = len(tokens)
        self._alive[slot] = True
        self._total_len += len(tokens)
        counts = Counter(tokens)
        start = self._n_postings
        if start + len(counts) > self._p_slot.shape[0]:
            self._grow_postings(start + len(counts))
        self._doc_start[slot] = start
        end = start + len(counts)
        tids = [self._term_id(term) for term in counts]
        self._p_slot[start:end] = slot
        self._p_tid[start:end] = tids
        self._p_tf[start:end] = list(counts.values())
        self._df[tids] += 1
        self._n_postings = end
        if end - self._indexed > max(4096, self._indexed // 4):
            self._index_postings()

    def add_many(self, docs: Iterable[tuple[int, Sequence[str]]]) -> None:
        for doc_id, tokens in docs:
            self.add(doc_id, tokens)

    def _doc_range(self, slot: int) -> tuple[int, int]:
        start = int(self._doc_start[slot])
        end = int(self._doc_start[slot + 1]) if slot + 1 < self._n_slots else self._n_postings
        return start, end

    def remove(self, doc_id: int) -> bool:
        """Forget a document; returns False when it was not indexed."""
        slot = self._slot_of.pop(doc_id, None)
        if slot is None:
            return False
        self._alive[slot] = False
        self._total_len -= float(self._len[slot])
        start, end = self._doc_range(slot)
        self._df[self._p_tid[start:end]] -= 1
        dead = self._n_slots - len(self._slot_of)
        if dead > 1024 and dead * 2 > self._n_slots:
            self._compact()
        return True

    def _index_postings(self) -> None:
        """Rebuilds the term-sorted copy over every posting held."""
        n = self._n_postings
        tids = self._p_tid[:n]
        order = np.argsort(tids, kind="stable")  # within a term, slots ascend as added
        self._c_slot = self._p_slot[:n][order]
        self._c_tf = self._p_tf[:n][order].astype(np.float32)
        offsets = np.zeros(len(self._term_ids) + 1, dtype=np.int64)
        np.cumsum(np.bincount(tids, minlength=len(self._term_ids)), out=offsets[1:])
        self._c_offsets = offsets
        self._indexed = n

    def _compact(self) -> None:
        saved = self.to_arrays()
        fresh = BM25Index.from_arrays(saved, k1=self.k1, b=self.b)
        self.__dict__.update(fresh.__dict__)

    def to_arrays(self) -> BM25Arrays:
        """The live documents in slot order, their terms renumbered densely (what `from_arrays` restores)."""
        n = self._n_postings
        alive_slots = np.flatnonzero(self._alive[: self._n_slots])
        keep = self._alive[self._p_slot[:n]]
        tids = self._p_tid[:n][keep]
        used, dense = np.unique(tids, return_inverse=True)
        pairs = np.stack([dense.reshape(-1).astype(np.int32), self._p_tf[:n][keep]], axis=1)
        counts = np.bincount(self._p_slot[:n][keep], minlength=self._n_slots)[alive_slots]
        offsets = np.zeros(alive_slots.shape[0] + 1, dtype=np.int64)
        np.cumsum(counts, out=offsets[1:])
        by_tid = [""] * len(self._term_ids)
        for term, tid in self._term_ids.items():
            by_tid[tid] = term
        return BM25Arrays([by_tid[t] for t in used.tolist()], self._ids[alive_slots].copy(), offsets, pairs)

    @classmethod
    def from_arrays(cls, saved: BM25Arrays, *, k1: float = 1.2, b: float = 0.75) -> BM25Index:
        """An index holding exactly the saved documents (scores equal to the index they were saved from)."""
        idx = cls(k1=k1, b=b)
        n = int(saved.ids.shape[0])
        if n == 0:
            return idx
        pairs = np.ascontiguousarray(saved.pairs, dtype=np.int32).reshape(-1, 2)
        counts = np.diff(saved.offsets)
        if (
            int(saved.offsets[0]) != 0
            or int(saved.offsets[-1]) != pairs.shape[0]
            or (counts < 0).any()
            or len(set(saved.terms)) != len(saved.terms)
        ):
            raise ValueError("saved BM25 arrays are inconsistent")
        if pairs.size and (int(pairs[:, 0].min()) < 0 or int(pairs[:, 0].max()) >= len(saved.terms)):
            raise ValueError("saved BM25 arrays name an unknown term")
        slot_of = dict(zip(saved.ids.tolist(), range(n), strict=True))
        if len(slot_of) != n:
            raise ValueError("saved BM25 arrays repeat a document id")
        size = max(16, 1 << (n - 1).bit_length())
        idx._slot_of = slot_of
        idx._ids = np.zeros(size, dtype=np.int64)
        idx._ids[:n] = saved.ids
        doc_of = np.repeat(np.arange(n, dtype=np.int32), counts)
        lengths = np.bincount(doc_of, weights=pairs[:, 1], minlength=n).astype(np.float32)
        idx._len = np.zeros(size, dtype=np.float32)
        idx._len[:n] = lengths
        idx._alive = np.zeros(size, dtype=bool)
        idx._alive[:n] = True
        idx._doc_start = np.zeros(size, dtype=np.int64)
        idx._doc_start[:n] = saved.offsets[:-1]
        idx._n_slots = n
        idx._total_len = float(lengths.sum(dtype=np.float64))
        idx._term_ids = {term: tid for tid, term in enumerate(saved.terms)}
        idx._df = np.zeros(max(64, len(saved.terms)), dtype=np.int64)
        idx._df[: len(saved.terms)] = np.bincount(pairs[:, 0], minlength=len(saved.terms))
        total = pairs.shape[0]
        idx._p_slot = np.zeros(max(128, total), dtype=np.int32)
        idx._p_tid = np.zeros(max(128, total), dtype=np.int32)
        idx._p_tf = np.zeros(max(128, total), dtype=np.int32)
        idx._p_slot[:total] = doc_of
        idx._p_tid[:total] = pairs[:, 0]
        idx._p_tf[:total] = pairs[:, 1]
        idx._n_postings = total
        idx._index_postings()
        return idx

    def _sorted_tail(self) -> tuple[int, int, npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """The postings past the sorted copy, ordered by term, rebuilt when more than TAIL_SCAN of them are not:
        between two rebuilds of the sorted copy (every quarter of the index) a read otherwise scans every newer
        posting once per query term (at 100,000 documents, some 10^5 comparisons per term)."""
        tail = self._tail
        base, end = self._indexed, self._n_postings
        if tail[0] == base and end - tail[1] <= TAIL_SCAN:
            return tail
        tids = self._p_tid[base:end]
        order = np.argsort(tids, kind="stable").astype(np.int32)
        tail = (base, end, tids[order], order)
        self._tail = tail
        return tail

    def _postings(self, tid: int) -> tuple[npt.NDArray[np.int32], _F32]:
        if tid + 1 < self._c_offsets.shape[0]:
            lo, hi = int(self._c_offsets[tid]), int(self._c_offsets[tid + 1])
            slots, tfs = self._c_slot[lo:hi], self._c_tf[lo:hi]
        else:
            slots, tfs = self._c_slot[:0], self._c_tf[:0]
        if self._n_postings > self._indexed:
            base, end, sorted_tids, order = self._sorted_tail()
            first = int(np.searchsorted(sorted_tids, tid, "left"))
            last = int(np.searchsorted(sorted_tids, tid, "right"))
            at = order[first:last] + base
            newest = slice(end, self._n_postings)  # added since the tail was ordered: scanned
            mine = np.flatnonzero(self._p_tid[newest] == tid) + end
            if at.size or mine.size:
                at = np.concatenate([at, mine]) if mine.size else at
                slots = np.concatenate([slots, self._p_slot[at]])
                tfs = np.concatenate([tfs, self._p_tf[at].astype(np.float32)])
        return slots, tfs

    def scores(self, query_tokens: Sequence[str]) -> _F32:
        """Dense BM25 score per slot (dead slots score 0); mostly for fusion code and tests."""
        n_docs = len(self._slot_of)
        out = np.zeros(self._n_slots, dtype=np.float32)
        if n_docs == 0:
            return out
        avgdl = max(self._total_len / n_docs, 1e-9)
        # the length norm of the posted slots only: a query's postings are a small part of a large index
        k1, a, c = np.float32(self.k1), np.float32(1.0 - self.b), np.float32(self.b / avgdl)
        for term in dict.fromkeys(query_tokens):
            tid = self._term_ids.get(term)
            if tid is None or self._df[tid] <= 0:
                continue
            df = int(self._df[tid])
            idf = math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
            slots, tfs = self._postings(tid)
            norm = k1 * (a + c * self._len[slots])
            out[slots] += np.float32(idf) * tfs * (k1 + np.float32(1.0)) / (tfs + norm)
            dead = slots[~self._alive[slots]]
            if dead.size:
                out[dead] = 0.0
        return out

    def search(
        self, query_tokens: Sequence[str], k: int, allowed_ids: Iterable[int] | None = None
    ) -> list[tuple[int, float]]:
        """Top-k (doc_id, score) with score > 0, best first; ``allowed_ids`` restricts the candidates."""
        if k <= 0 or not self._slot_of:
            return []
        scores = self.scores(query_tokens)
        nz = np.flatnonzero(scores > 0)
        if allowed_ids is not None and nz.size:
            allowed = np.fromiter((int(i) for i in allowed_ids), dtype=np.int64)
            nz = nz[np.isin(self._ids[nz], allowed)]
        if nz.size == 0:
            return []
        if nz.size > k:
            part = np.argpartition(-scores[nz], k - 1)[:k]
            nz = nz[part]
        order = nz[np.argsort(-scores[nz], kind="stable")]
        return list(zip(self._ids[order].tolist(), scores[order].tolist(), strict=True))
