"""Speaker recall: which speakers a query names (same script by tokens, across scripts by embedding), the
Chinese person names a query holds, the partition's speakers, and the speaker component of the rerank."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from graphmem.extraction.mentions import person_names
from graphmem.index.partition_index import PartitionIndex
from graphmem.model import EpisodeFeatures
from graphmem.policy import RerankWeights
from graphmem.retrieval.rerank import Candidate, rerank
from graphmem.retrieval.speakers import CROSS_SCRIPT_SIMILARITY, closest_speakers, speakers_named

REF = datetime(2026, 11, 30, 15, tzinfo=UTC)


def test_a_latin_speaker_is_named_by_its_tokens_and_a_chinese_one_by_its_name() -> None:
    speakers = ["Maria", "John Smith", "卡罗琳", "user", ""]
    assert speakers_named("What did Maria's family give her?", speakers) == {"Maria"}
    assert speakers_named("Where does john smith live?", speakers) == {"John Smith"}
    assert speakers_named("Where does John live?", speakers) == frozenset()  # one token of two
    assert speakers_named("Did Mariana call?", speakers) == frozenset()
    assert speakers_named("卡罗琳何时参加了支持小组？", speakers) == {"卡罗琳"}
    assert speakers_named("what did the user say about coffee", speakers) == {"user"}


def test_a_name_across_scripts_names_only_its_closest_speaker_above_the_threshold() -> None:
    speakers = ["Caroline", "Melanie"]
    speaker_vectors = np.eye(2, 3, dtype=np.float32)
    above = CROSS_SCRIPT_SIMILARITY + 0.05
    near_caroline = np.array([[above, CROSS_SCRIPT_SIMILARITY - 0.1, 0.0]], dtype=np.float32)
    assert closest_speakers(["卡罗琳"], near_caroline, speakers, speaker_vectors) == {"Caroline"}
    far = np.array([[CROSS_SCRIPT_SIMILARITY - 0.05, 0.0, 0.9]], dtype=np.float32)
    assert closest_speakers(["慈善"], far, speakers, speaker_vectors) == frozenset()
    assert closest_speakers([], far[:0], speakers, speaker_vectors) == frozenset()


def test_person_names_guess_transliterated_names_jieba_does_not_know() -> None:
    assert person_names("乔恩对吉娜的店铺进展说了什么？") == ["乔恩", "吉娜"]
    assert person_names("What did Jon say?") == []


async def test_the_partition_counts_its_speakers_and_forgets_a_removed_one() -> None:
    index = PartitionIndex()

    def row(seq: int, speaker: str) -> EpisodeFeatures:
        return EpisodeFeatures(seq, REF, 0.3, "s", "", "message", "a b", None, speaker)

    await index.load("p", [row(1, "Maria"), row(2, "John"), row(3, "Maria"), row(4, "")])
    assert index.speakers("p", 10) == ["Maria", "John"]
    assert index.speakers("p", 1) == ["Maria"]
    index.remove("p", [2])
    assert index.speakers("p", 10) == ["Maria"]
    assert index.speakers("other", 10) == []


def test_an_episode_of_the_named_speaker_outranks_an_equal_one_and_says_why() -> None:
    weights = RerankWeights(similarity=0.4, lexical=0.6, recency=0.0, importance=0.0, speaker=0.5)
    john = Candidate(1, 0.3, REF, speaker="John")
    maria = Candidate(2, 0.3, REF, speaker="Maria")
    other = Candidate(3, 0.3, REF, speaker="John")
    cosines, bm25 = {1: 0.9, 2: 0.8, 3: 0.1}, {1: 5.0, 2: 4.0, 3: 1.0}  # John's episode matches better
    plain = rerank([john, maria, other], cosines, bm25, weights.model_copy(update={"speaker": 0.0}), REF, 14.0)
    assert [c.id for c, _, _ in plain] == [1, 2, 3]
    ranked = rerank([john, maria, other], cosines, bm25, weights, REF, 14.0, speakers=frozenset({"Maria"}))
    assert [c.id for c, _, _ in ranked] == [2, 1, 3]
    breakdowns = {c.id: b for c, _, b in ranked}
    assert breakdowns[2].speaker == 1.0 and breakdowns[1].speaker == 0.0
    assert breakdowns[2].weights["speaker"] == 0.5
