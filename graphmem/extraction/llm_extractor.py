"""Optional LLM fact extractor over an OpenAI-compatible ``POST {base_url}/chat/completions`` endpoint (off by
default), with its prompt and output schema. It answers the offline extractor's candidate schema and is trusted
no further than its answer validates; on any failure the offline extractor answers instead.

The model gets the speaker's text (and, marked as context only, their earlier turns of the session) and answers
``{"facts": [{"predicate", "attribute", "value", "polarity", "evidence", "confidence", "subject",
"correction", "explicit"}]}``. Each fact is checked on its own: the predicate must be one of the closed set, the
attribute empty or a known attribute, the evidence an exact quote of the text (not of the context), an
object's value (a food, a place, a name, a tool) must occur in its evidence, values and quotes within their
limits, the confidence in (0, 1]; a fact is explicit (promoted at once) only when the text itself asks to
remember it. A fact that fails is dropped; an answer that is not that JSON object, a
transport error, 429/5xx after the retries, an answer past the time budget, or an open circuit breaker makes the
offline extractor answer the whole text. Extraction runs in the background worker, never on a request path;
the model's words never reach the log beyond counts and error types.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import httpx
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from graphmem.extraction.attributes import attribute_of, is_known_attribute
from graphmem.extraction.extractor import asks_to_remember
from graphmem.extraction.facts import TASTE, CandidateFact, Predicate
from graphmem.extraction.gazetteer import scan
from graphmem.extraction.values import singular
from graphmem.retrieval.chat_endpoint import chat_breaker, chat_client, post_chat

__all__ = ["LLMExtractor", "LLMExtractorError", "OfflineExtractor", "parse_facts"]

log = logging.getLogger(__name__)

MAX_FACTS = 20
"""Facts one answer may hold; an answer with more is not an extraction and is rejected whole."""
MAX_VALUE_CHARS = 80
MAX_EVIDENCE_CHARS = 400
MAX_PROMPT_CHARS = 8000  # of the text itself; the context turns get 1000 each
MIN_CONFIDENCE = 0.05

# What one message can state: a recurring topic is read across sessions (graphmem/extraction/recurrence.py)
OFFERED = tuple(p for p in Predicate if p is not Predicate.RECURS)

SYSTEM_PROMPT = (
    "You extract durable facts a user states about themselves (or about the project they are working in) from "
    "their message, in Chinese or English. Only first-hand, current, lasting statements count: not questions, "
    "hypotheticals, jokes, other people's facts, one-off plans or past-only habits. Context turns, if given, "
    "only help to resolve what the message refers to; never quote them.\n"
    'Answer only with JSON: {"facts": [...]}, each fact {"predicate": one of '
    + ", ".join(p.value for p in OFFERED)
    + ', "attribute": "" or an attribute name such as code_comment_style, travel_seat, editor, meeting_time, '
    'favourite:<category>, spouse:name, child:daughter:name, pet:dog:name, birthday, "value": the value in '
    "the message's own words (lowercase Latin script; canonical English for reply style, tone, format, "
    'language, diet and workdays), "polarity": false when the statement negates the value, "evidence": the '
    'exact clause of the message that states it, "confidence": 0..1, "subject": "user" or "project", '
    '"correction": true when it corrects something the user said before, "explicit": true when the user asks '
    'to remember it}. No facts: {"facts": []}.'
)

_FACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "predicate": {"type": "string", "enum": [p.value for p in OFFERED]},
        "attribute": {"type": "string"},
        "value": {"type": "string"},
        "polarity": {"type": "boolean"},
        "evidence": {"type": "string"},
        "confidence": {"type": "number"},
        "subject": {"type": "string", "enum": ["user", "project"]},
        "correction": {"type": "boolean"},
        "explicit": {"type": "boolean"},
    },
    "required": [
        "predicate", "attribute", "value", "polarity", "evidence", "confidence", "subject", "correction", "explicit"
    ],
    "additionalProperties": False,
}  # fmt: skip

RESPONSE_FORMAT: dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {
        "name": "facts",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {"facts": {"type": "array", "items": _FACT_SCHEMA}},
            "required": ["facts"],
            "additionalProperties": False,
        },
    },
}

# Predicates whose value names an object of the text (a food, a place, a person, a tool): the value must be
# quoted in the evidence. The others carry canonical values ("short replies", "monday-friday", "utc+8").
_QUOTED_VALUE = frozenset(
    {
        Predicate.LIKES,
        Predicate.DISLIKES,
        Predicate.AVOIDS,
        Predicate.ALLERGIC_TO,
        Predicate.LOCATION,
        Predicate.HOMETOWN,
        Predicate.NAME,
        Predicate.EMPLOYER,
        Predicate.RELATION_NAME,
        Predicate.USES_TOOL,
        Predicate.USES_TECH,
    }
)
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class LLMExtractorError(RuntimeError):
    """The chat endpoint answered with something that is not a facts object."""


class _Fact(BaseModel):
    """One fact as the model states it, before the checks against the text."""

    model_config = ConfigDict(extra="forbid", strict=True)

    predicate: Predicate
    attribute: str = Field(default="", max_length=60)
    value: str = Field(min_length=1, max_length=MAX_VALUE_CHARS)
    polarity: bool = True
    evidence: str = Field(min_length=1, max_length=MAX_EVIDENCE_CHARS)
    confidence: float = Field(gt=0.0, le=1.0)
    subject: str = Field(default="user", pattern=r"^(?:user|project)$")
    correction: bool = False
    explicit: bool = False


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    facts: list[Any] = Field(max_length=MAX_FACTS)


def _canonical(predicate: Predicate, value: str) -> str:
    """The value as the offline extractor writes it: a named thing of the gazetteer in its canonical form
    ("NYC" -> its city), Latin script lowercased, a taste object's last word singular."""
    hits = scan(value)
    if len(hits) == 1 and hits[0].start == 0 and hits[0].end == len(value):
        return hits[0].value
    if value.isascii():
        value = value.lower()
        if predicate in TASTE:
            value = singular(value)
    return value


def _candidate(item: Any, text: str) -> CandidateFact | None:
    """The candidate fact of one answered item, or None when it fails a check."""
    if not isinstance(item, dict):
        return None
    try:
        fact = _Fact.model_validate({**item, "predicate": Predicate(str(item.get("predicate")))})
    except (ValidationError, ValueError):
        return None
    if fact.predicate not in OFFERED:
        return None
    value = " ".join(fact.value.split())
    evidence = fact.evidence.strip()
    if not value or _CONTROL.search(fact.value) or fact.confidence < MIN_CONFIDENCE:
        return None
    if not evidence or evidence not in text:
        return None
    if fact.predicate in _QUOTED_VALUE and value.casefold() not in " ".join(evidence.split()).casefold():
        return None
    value = _canonical(fact.predicate, value)
    attribute = fact.attribute.strip() or attribute_of(fact.predicate, value)
    if attribute and not is_known_attribute(attribute):
        return None
    if fact.predicate in (Predicate.RELATION_NAME,) and not attribute.endswith(":name"):
        return None  # whose name it is decides the key
    subject = "project" if fact.subject == "project" else "user"
    statement = f"{subject} {fact.predicate.value} {value}"
    return CandidateFact(
        subject=subject,
        predicate=fact.predicate,
        value=value,
        polarity=fact.polarity,
        kind=fact.predicate.kind,
        fact=statement if fact.polarity else f"not: {statement}",
        evidence=evidence,
        confidence=round(fact.confidence, 2),
        explicit=fact.explicit and asks_to_remember(text),  # the model cannot promote what was not asked for
        language="zh" if _HAN.search(evidence) else "en",
        scope_hint="project" if subject == "project" else "user",
        attribute=attribute,
        correction=fact.correction,
    )


def parse_facts(body: Any, text: str) -> tuple[list[CandidateFact], int]:
    """The valid candidate facts of a chat-completions body about `text`, and how many items were dropped.
    Raises LLMExtractorError when the body is not a facts answer at all."""
    try:
        content = body["choices"][0]["message"]["content"]
        answer = _Answer.model_validate(json.loads(content))
    except (KeyError, IndexError, TypeError, ValueError, ValidationError) as exc:
        raise LLMExtractorError(f"not a facts answer: {type(exc).__name__}") from exc
    found: dict[tuple[str, str, bool], CandidateFact] = {}
    dropped = 0
    for item in answer.facts:
        fact = _candidate(item, text)
        if fact is None:
            dropped += 1
            continue
        key = (fact.key, fact.value, fact.polarity)
        if key not in found or found[key].confidence < fact.confidence:
            found[key] = fact
    return list(found.values()), dropped


def _messages(text: str, context: Sequence[str], asked: str = "") -> list[dict[str, str]]:
    earlier = "\n".join(f"- {' '.join(t.split())[:1000]}" for t in context)
    user = f"Context turns (do not quote):\n{earlier}\n\nMessage:\n{text}" if earlier else f"Message:\n{text}"
    if asked.strip():  # the message may be a bare answer to it
        user = f"The assistant asked just before (do not quote):\n{' '.join(asked.split())[-1000:]}\n\n{user}"
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


class OfflineExtractor(Protocol):
    """What answers when the model cannot: the rule extractor, in process or in the text worker."""

    def extract(self, text: str, context: Sequence[str] = (), asked: str = "") -> list[CandidateFact]: ...

    def mentioned(
        self, text: str, values: list[str], polarities: list[bool] | None = None, naming: list[bool] | None = None
    ) -> list[bool]: ...

    def replaced(self, text: str, values: list[str]) -> list[str]: ...

    def updated_notes(self, text: str, notes: list[str]) -> list[str]: ...


class LLMExtractor:
    """Extracts with a chat model, validated; `fallback` (the offline extractor) answers whenever the model
    cannot. Synchronous like the extraction protocol: it is called from the extraction worker's thread, and each
    call runs its request on a private event loop with its own HTTP client."""

    def __init__(
        self,
        fallback: OfflineExtractor,
        *,
        base_url: str,
        model: str,
        api_key: str | None,
        timeout_s: float,
        attempts: int = 2,
        retry_wait_s: float = 0.2,
        failure_threshold: int = 3,
        cooldown_s: float = 30.0,
        clock: Callable[[], float] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.fallback = fallback
        self.model = model
        self.timeout_s = timeout_s
        self._base_url = base_url
        self._api_key = api_key
        self._attempts = attempts
        self._retry_wait_s = retry_wait_s
        self._transport = transport
        self._breaker = chat_breaker(failure_threshold, cooldown_s, clock)
        self._lock = threading.Lock()  # the breaker is not thread-safe; extraction threads may overlap
        self.used = 0
        self.fell_back = 0

    @property
    def breaker_state(self) -> str:
        return self._breaker.state.value

    async def _ask(self, text: str, context: Sequence[str], asked: str = "") -> Any:
        payload = {
            "model": self.model,
            "temperature": 0,
            "messages": _messages(text, context, asked),
            "response_format": RESPONSE_FORMAT,
        }
        async with chat_client(self._base_url, self._api_key, self.timeout_s, self._transport) as client:
            async with asyncio.timeout(self.timeout_s):
                return await post_chat(client, payload, self._attempts, self._retry_wait_s)

    def _offline(self, text: str, context: Sequence[str], asked: str = "") -> list[CandidateFact]:
        self.fell_back += 1
        return self.fallback.extract(text, context, asked)

    def extract(self, text: str, context: Sequence[str] = (), asked: str = "") -> list[CandidateFact]:
        """The model's valid facts about `text` (`asked`: the assistant's turn just before), or the offline
        extractor's when the model cannot answer."""
        if len(text) > MAX_PROMPT_CHARS or not text.strip():
            return self._offline(text, context, asked)
        with self._lock:
            allowed = self._breaker.allow()
        if not allowed:
            return self._offline(text, context, asked)
        try:
            body = asyncio.run(self._ask(text, context[-3:], asked))
            facts, dropped = parse_facts(body, text)
        except Exception as exc:
            with self._lock:
                self._breaker.record_failure()
            log.warning(
                "llm extractor failed; offline extractor used",
                extra={"error": type(exc).__name__, "circuit": self.breaker_state},
            )
            return self._offline(text, context, asked)
        with self._lock:
            self._breaker.record_success()
        self.used += 1
        if dropped:
            log.info("llm extractor dropped invalid facts", extra={"dropped": dropped, "kept": len(facts)})
        return facts

    # the offline extractor's other readers, passed through
    def mentioned(
        self, text: str, values: list[str], polarities: list[bool] | None = None, naming: list[bool] | None = None
    ) -> list[bool]:
        return self.fallback.mentioned(text, values, polarities, naming)

    def replaced(self, text: str, values: list[str]) -> list[str]:
        return self.fallback.replaced(text, values)

    def updated_notes(self, text: str, notes: list[str]) -> list[str]:
        return self.fallback.updated_notes(text, notes)
