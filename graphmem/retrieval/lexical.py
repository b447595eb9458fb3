"""Language-aware tokenisation (jieba for CJK runs, light stemming + stopwords for Latin text) and a small
incremental in-process BM25 index keyed by int64 document ids.
"""

from __future__ import annotations

import logging
import math
import re
import tempfile
import threading
import unicodedata
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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


def load_jieba() -> Any:
    """Import and initialise jieba once: logging silenced, dictionary cache in a private temp dir (unless
    another part of the process initialised it already)."""
    global _jieba_ready, _jieba_tmp
    import jieba

    if not _jieba_ready:
        with _jieba_lock:
            if not _jieba_ready:
                jieba.setLogLevel(logging.WARNING)
                logging.getLogger("jieba").setLevel(logging.WARNING)
                if not jieba.dt.initialized:
                    _jieba_tmp = tempfile.TemporaryDirectory(prefix="graphmem-jieba-")
                    jieba.dt.tmp_dir = _jieba_tmp.name
                    jieba.initialize()
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


class BM25Index:
    """Incremental Okapi BM25 over int64 document ids (Lucene idf: ln(1 + (N - df + .5) / (df + .5))).

    Postings are kept per term as compact growable arrays (int32 slot and term frequency, no Python object
    per entry) and copied into numpy arrays when scored; each document keeps its (term, tf) pairs in one
    int32 array for removal. Removal tombstones the slot (df is updated at once) and the index compacts
    itself when half the slots are dead. Not thread-safe: guard with a lock if writers and readers run
    concurrently.
    """

    def __init__(self, *, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1 = k1
        self.b = b
        self._term_ids: dict[str, int] = {}
        self._post_slots: list[array[int]] = []
        self._post_tfs: list[array[int]] = []
        self._df: list[int] = []
        self._slot_of: dict[int, int] = {}
        self._ids = np.zeros(1024, dtype=np.int64)
        self._len = np.zeros(1024, dtype=np.float32)
        self._alive = np.zeros(1024, dtype=bool)
        self._doc_terms: dict[int, array[int]] = {}
        self._n_slots = 0
        self._n_postings = 0
        self._total_len = 0.0

    def __len__(self) -> int:
        return len(self._slot_of)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._slot_of

    def memory_bytes(self) -> int:
        """Approximate bytes held: 16 per posting (slot, tf and the document's own copy), ~250 per term
        (its string, dict entry and two arrays), ~200 per document slot (dict entries and array headers)
        plus the per-slot numpy columns."""
        return 16 * self._n_postings + 250 * len(self._term_ids) + 200 * self._n_slots + 13 * self._ids.shape[0]

    def _grow(self) -> None:
        size = self._ids.shape[0] * 2
        self._ids = np.resize(self._ids, size)
        self._len = np.resize(self._len, size)
        alive = np.zeros(size, dtype=bool)
        alive[: self._n_slots] = self._alive[: self._n_slots]
        self._alive = alive

    def add(self, doc_id: int, tokens: Sequence[str]) -> None:
        """Index (or re-index) one document."""
        if doc_id in self._slot_of:
            self.remove(doc_id)
        if self._n_slots >= self._ids.shape[0]:
            self._grow()
        slot = self._n_slots
        self._n_slots += 1
        self._slot_of[doc_id] = slot
        self._ids[slot] = doc_id
        self._len[slot] = len(tokens)
        self._alive[slot] = True
        self._total_len += len(tokens)
        pairs: array[int] = array("i")
        for term, tf in Counter(tokens).items():
            tid = self._term_ids.get(term)
            if tid is None:
                tid = len(self._df)
                self._term_ids[term] = tid
                self._df.append(0)
                self._post_slots.append(array("i"))
                self._post_tfs.append(array("i"))
            self._df[tid] += 1
            self._post_slots[tid].append(slot)
            self._post_tfs[tid].append(tf)
            pairs.append(tid)
            pairs.append(tf)
        self._n_postings += len(pairs) // 2
        self._doc_terms[slot] = pairs

    def add_many(self, docs: Iterable[tuple[int, Sequence[str]]]) -> None:
        for doc_id, tokens in docs:
            self.add(doc_id, tokens)

    def remove(self, doc_id: int) -> bool:
        """Forget a document; returns False when it was not indexed."""
        slot = self._slot_of.pop(doc_id, None)
        if slot is None:
            return False
        self._alive[slot] = False
        self._total_len -= float(self._len[slot])
        pairs = self._doc_terms.pop(slot, array("i"))
        for tid in pairs[::2]:
            self._df[tid] -= 1
        dead = self._n_slots - len(self._slot_of)
        if dead > 1024 and dead * 2 > self._n_slots:
            self._compact()
        return True

    def _compact(self) -> None:
        old_terms = {tid: term for term, tid in self._term_ids.items()}
        docs: list[tuple[int, list[str]]] = []
        for doc_id, slot in sorted(self._slot_of.items(), key=lambda kv: kv[1]):
            tokens: list[str] = []
            pairs = self._doc_terms.get(slot, array("i"))
            for tid, tf in zip(pairs[::2], pairs[1::2], strict=True):
                tokens.extend([old_terms[tid]] * tf)
            docs.append((doc_id, tokens))
        self.__init__(k1=self.k1, b=self.b)  # type: ignore[misc]
        self.add_many(docs)

    def to_arrays(self) -> BM25Arrays:
        """The live documents in slot order, their terms renumbered densely (what `from_arrays` restores)."""
        slots = sorted(self._slot_of.values())
        chunks = [self._doc_terms.get(slot, array("i")) for slot in slots]
        offsets = np.zeros(len(slots) + 1, dtype=np.int64)
        np.cumsum([len(c) // 2 for c in chunks], out=offsets[1:])
        pairs = np.frombuffer(b"".join(c.tobytes() for c in chunks), dtype=np.int32).reshape(-1, 2).copy()
        by_tid = [""] * len(self._df)
        for term, tid in self._term_ids.items():
            by_tid[tid] = term
        used, dense = np.unique(pairs[:, 0], return_inverse=True)
        pairs[:, 0] = dense.reshape(-1)
        return BM25Arrays([by_tid[t] for t in used.tolist()], self._ids[slots].copy(), offsets, pairs)

    @classmethod
    def from_arrays(cls, saved: BM25Arrays, *, k1: float = 1.2, b: float = 0.75) -> BM25Index:
        """An index holding exactly the saved documents (scores equal to the index they were saved from)."""
        idx = cls(k1=k1, b=b)
        n = int(saved.ids.shape[0])
        pairs = np.ascontiguousarray(saved.pairs, dtype=np.int32).reshape(-1, 2)
        counts = np.diff(saved.offsets)
        if n == 0:
            return idx
        if (
            int(saved.offsets[0]) != 0
            or int(saved.offsets[-1]) != pairs.shape[0]
            or (counts < 0).any()
            or len(set(saved.terms)) != len(saved.terms)
        ):
            raise ValueError("saved BM25 arrays are inconsistent")
        if pairs.size and (int(pairs[:, 0].min()) < 0 or int(pairs[:, 0].max()) >= len(saved.terms)):
            raise ValueError("saved BM25 arrays name an unknown term")
        size = max(1024, 1 << (n - 1).bit_length())
        idx._ids = np.zeros(size, dtype=np.int64)
        idx._ids[:n] = saved.ids
        doc_of = np.repeat(np.arange(n, dtype=np.int32), counts)
        lengths = np.bincount(doc_of, weights=pairs[:, 1], minlength=n).astype(np.float32)
        idx._len = np.zeros(size, dtype=np.float32)
        idx._len[:n] = lengths
        idx._alive = np.zeros(size, dtype=bool)
        idx._alive[:n] = True
        idx._n_slots = n
        idx._slot_of = dict(zip(saved.ids.tolist(), range(n), strict=True))
        if len(idx._slot_of) != n:
            raise ValueError("saved BM25 arrays repeat a document id")
        idx._total_len = float(lengths.sum(dtype=np.float64))
        idx._term_ids = {term: tid for tid, term in enumerate(saved.terms)}
        df = np.bincount(pairs[:, 0], minlength=len(saved.terms))
        idx._df = df.tolist()
        order = np.argsort(pairs[:, 0], kind="stable")  # within a term, slots ascend as when added one by one
        post_slots = doc_of[order]
        post_tfs = np.ascontiguousarray(pairs[order, 1])
        bounds = np.zeros(len(saved.terms) + 1, dtype=np.int64)
        np.cumsum(df, out=bounds[1:])
        for tid in range(len(saved.terms)):
            lo, hi = int(bounds[tid]), int(bounds[tid + 1])
            slots_arr: array[int] = array("i")
            slots_arr.frombytes(post_slots[lo:hi].tobytes())
            tfs_arr: array[int] = array("i")
            tfs_arr.frombytes(post_tfs[lo:hi].tobytes())
            idx._post_slots.append(slots_arr)
            idx._post_tfs.append(tfs_arr)
        for slot in range(n):
            own: array[int] = array("i")
            own.frombytes(pairs[int(saved.offsets[slot]) : int(saved.offsets[slot + 1])].tobytes())
            idx._doc_terms[slot] = own
        idx._n_postings = int(pairs.shape[0])
        return idx

    def _postings(self, tid: int) -> tuple[_IntArr, _F32]:
        return (
            np.array(self._post_slots[tid], dtype=np.int64),
            np.array(self._post_tfs[tid], dtype=np.float32),
        )

    def scores(self, query_tokens: Sequence[str]) -> _F32:
        """Dense BM25 score per slot (dead slots score 0); mostly for fusion code and tests."""
        n_docs = len(self._slot_of)
        out = np.zeros(self._n_slots, dtype=np.float32)
        if n_docs == 0:
            return out
        avgdl = max(self._total_len / n_docs, 1e-9)
        norm = (self.k1 * (1.0 - self.b + self.b * self._len[: self._n_slots] / avgdl)).astype(np.float32)
        for term in dict.fromkeys(query_tokens):
            tid = self._term_ids.get(term)
            if tid is None or self._df[tid] <= 0:
                continue
            df = self._df[tid]
            idf = math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
            slots, tfs = self._postings(tid)
            out[slots] += np.float32(idf) * tfs * (self.k1 + 1.0) / (tfs + norm[slots])
        out[~self._alive[: self._n_slots]] = 0.0
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
        return [(int(self._ids[s]), float(scores[s])) for s in order]
