"""The BM25 index: Okapi scores as written out by hand, re-adding replaces a document, removal and the
compaction after many removals keep the scores of the rest, allowed ids filter, memory is accounted."""

from __future__ import annotations

import math
import random

import pytest

from graphmem.retrieval.lexical import BM25Index

DOCS = {
    1: ["red", "apple", "pie"],
    2: ["green", "apple"],
    3: ["red", "red", "car"],
}


def okapi(doc: list[str], query: list[str], docs: list[list[str]], k1: float = 1.2, b: float = 0.75) -> float:
    avgdl = sum(map(len, docs)) / len(docs)
    score = 0.0
    for term in dict.fromkeys(query):
        df = sum(term in d for d in docs)
        if df == 0:
            continue
        idf = math.log(1 + (len(docs) - df + 0.5) / (df + 0.5))
        tf = doc.count(term)
        score += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(doc) / avgdl))
    return score


def test_scores_match_okapi_bm25() -> None:
    index = BM25Index()
    index.add_many(DOCS.items())
    found = dict(index.search(["red", "apple"], 10))
    assert set(found) == {1, 2, 3}
    for doc_id, score in found.items():
        assert score == pytest.approx(okapi(DOCS[doc_id], ["red", "apple"], list(DOCS.values())), rel=1e-5)
    assert [d for d, _ in index.search(["red"], 10, allowed_ids=[1, 2])] == [1]


def test_re_adding_replaces_and_removal_forgets() -> None:
    index = BM25Index()
    index.add_many(DOCS.items())
    index.add(3, ["blue", "boat"])
    assert 3 not in dict(index.search(["red"], 10))
    assert index.search(["boat"], 10)[0][0] == 3
    assert index.remove(2) is True
    assert index.remove(2) is False
    assert 2 not in dict(index.search(["apple"], 10))
    assert len(index) == 2


def test_compaction_after_many_removals_keeps_the_scores_of_the_rest() -> None:
    index = BM25Index()
    reference = BM25Index()
    for i in range(1, 3001):
        tokens = [f"t{i % 7}", f"w{i % 13}", "common"] + (["rare"] if i % 500 == 0 else [])
        index.add(i, tokens)
        if i % 3 == 0:
            reference.add(i, tokens)
    for i in range(1, 3001):
        if i % 3:
            index.remove(i)
    assert len(index) == len(reference) == 1000
    assert index.memory_bytes() < 2 * reference.memory_bytes()  # compacted: dead slots were reclaimed
    for query in (["rare"], ["t3", "w5"], ["common", "t1"]):
        got, want = index.search(query, 20), reference.search(query, 20)
        assert [d for d, _ in got] == [d for d, _ in want]
        assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-5)


def test_memory_grows_with_postings() -> None:
    index = BM25Index()
    empty = index.memory_bytes()
    index.add_many((i, [f"term{i}", "shared"]) for i in range(1, 1001))
    assert index.memory_bytes() >= empty + 1000 * 2 * 16


def test_saved_arrays_restore_an_index_with_equal_scores() -> None:
    import random

    rng = random.Random(7)
    words = [f"w{i}" for i in range(300)] + ["红茶", "咖啡", "café"]
    index = BM25Index()
    for doc_id in range(3000):
        index.add(doc_id * 7, [rng.choice(words) for _ in range(rng.randint(0, 12))])
    for doc_id in range(0, 3000, 3):  # enough removals to compact, and tombstones after it
        index.remove(doc_id * 7)
    index.add(14, ["w1", "w1", "红茶"])  # re-added after removal
    restored = BM25Index.from_arrays(index.to_arrays())
    assert len(restored) == len(index)
    for query in (["w1"], ["w3", "w200", "红茶"], ["café", "missing"], words[:40]):
        assert restored.search(query, 50) == index.search(query, 50)
        assert restored.search(query, 20, allowed_ids=[14, 7 * 5, 7 * 8]) == index.search(
            query, 20, allowed_ids=[14, 7 * 5, 7 * 8]
        )
    restored.add(999_999, ["w1", "new"])  # it keeps working as an incremental index
    restored.remove(14)
    index.add(999_999, ["w1", "new"])
    index.remove(14)
    assert restored.search(["w1", "new"], 30) == index.search(["w1", "new"], 30)
    assert BM25Index.from_arrays(BM25Index().to_arrays()).search(["w1"], 5) == []


def test_inconsistent_saved_arrays_are_refused() -> None:
    import numpy as np

    from graphmem.retrieval.lexical import BM25Arrays

    index = BM25Index()
    index.add_many(DOCS.items())
    saved = index.to_arrays()
    with pytest.raises(ValueError):
        BM25Index.from_arrays(BM25Arrays(saved.terms[:1], saved.ids, saved.offsets, saved.pairs))
    with pytest.raises(ValueError):
        BM25Index.from_arrays(BM25Arrays(saved.terms, saved.ids, saved.offsets + 1, saved.pairs))
    with pytest.raises(ValueError):
        BM25Index.from_arrays(BM25Arrays(saved.terms, np.array([1, 1, 2]), saved.offsets, saved.pairs))


def test_a_removed_document_scores_zero_for_every_query_term() -> None:
    index = BM25Index()
    index.add_many({1: ["red", "apple"], 2: ["red", "apple", "pie"], 3: ["green", "apple"]}.items())
    assert index.remove(2) is True  # its postings stay until a compaction
    dense = index.scores(["red", "apple", "pie"])
    assert dense[1] == 0.0  # slot of document 2
    assert dense[0] > 0.0 and dense[2] > 0.0
    assert [doc for doc, _ in index.search(["red", "apple", "pie"], 10)] == [1, 3]


def test_postings_past_the_sorted_copy_are_read_through_a_term_ordered_tail() -> None:
    """Between two rebuilds of the sorted copy, reads order the newer postings by term once (and scan only what
    came after): scores stay those of an index built from the same documents at once."""
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(400)]
    index = BM25Index()
    for doc in range(6000):
        index.add(doc, [rng.choice(vocab[:20]) if rng.random() < 0.3 else rng.choice(vocab) for _ in range(8)])
        if doc % 53 == 0 and doc:
            index.remove(rng.randrange(doc))
        if doc % 700 == 0:
            query = rng.sample(vocab[:40], 4)
            fresh = BM25Index.from_arrays(index.to_arrays())
            got, want = index.search(query, 15), fresh.search(query, 15)
            assert [d for d, _ in got] == [d for d, _ in want]
            assert [round(s, 4) for _, s in got] == [round(s, 4) for _, s in want]
    base, end, _, _ = index._tail
    assert index._indexed < index._n_postings and base == index._indexed and end > base  # the tail is in use
