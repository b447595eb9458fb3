"""Optional LLM reranker over an OpenAI-compatible ``POST {base_url}/chat/completions`` endpoint (off by default).

It reorders the first `top_n` hits of a Search: the model sees the query and the numbered hit texts and answers
the JSON ``{"order": [numbers, best first]}``. Hits it names come first in its order, the others follow in the
service's order; scores are left as the service computed them. Any failure — transport, 429/5xx after one
retry, past the time budget, a malformed answer — keeps the service's order, and a circuit breaker stops asking
an endpoint that keeps failing (after a cool-down one trial request decides). The endpoint's answer never
reaches callers or the log beyond the error type.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from typing import Any

from graphmem.model import SearchHit
from graphmem.retrieval.chat_endpoint import ChatEndpoint

__all__ = ["LLMReranker", "LLMRerankerError", "parse_order"]

log = logging.getLogger(__name__)

SYSTEM_PROMPT = (
    "You rank memories (Chinese or English) by how well they help answer a user's query. You get the query and "
    'numbered memories. Answer only with JSON: {"order": [numbers of the memories, most useful first]}; you may '
    "leave out memories that do not help."
)

RESPONSE_FORMAT: dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {
        "name": "ranking",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {"order": {"type": "array", "items": {"type": "integer"}}},
            "required": ["order"],
            "additionalProperties": False,
        },
    },
}

_TEXT_CHARS = 1000  # of each hit, in the prompt


class LLMRerankerError(RuntimeError):
    """The chat endpoint answered with something that is not a ranking."""


def parse_order(body: Any, n: int) -> list[int]:
    """The 0-based hit positions of a chat-completions body (numbers are 1..n; repeats and others dropped)."""
    try:
        order = json.loads(body["choices"][0]["message"]["content"])["order"]
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise LLMRerankerError(f"not a ranking answer: {exc!r}") from exc
    if not isinstance(order, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in order):
        raise LLMRerankerError("order must be a list of integers")
    return list(dict.fromkeys(i - 1 for i in order if 1 <= i <= n))


class LLMReranker:
    """Reorders a Search's first `top_n` hits by asking a chat model; nothing is sent until the first call."""

    def __init__(self, endpoint: ChatEndpoint, top_n: int = 20) -> None:
        if top_n < 2:
            raise ValueError("top_n must be >= 2")
        self.endpoint = endpoint
        self.top_n = top_n

    @property
    def model(self) -> str:
        return self.endpoint.model

    async def aclose(self) -> None:
        await self.endpoint.aclose()

    async def _ask(self, query: str, texts: Sequence[str]) -> list[int]:
        numbered = "\n".join(f"{i}. {' '.join(t.split())[:_TEXT_CHARS]}" for i, t in enumerate(texts, 1))
        messages = [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": f"Query: {query}\n\nMemories:\n{numbered}"},
        ]
        return parse_order(await self.endpoint.complete(messages, RESPONSE_FORMAT), len(texts))

    async def rerank(self, query: str, hits: Sequence[SearchHit]) -> tuple[list[SearchHit], bool]:
        """The hits in the model's order (its first `top_n`; the rest after), and whether the model was used."""
        breaker = self.endpoint.breaker
        if len(hits) < 2 or not breaker.allow():
            return list(hits), False
        head = list(hits[: self.top_n])
        try:
            async with asyncio.timeout(self.endpoint.timeout_s):
                order = await self._ask(query, [h.text for h in head])
        except Exception as exc:
            breaker.record_failure()
            log.warning(
                "llm reranker failed; service order kept",
                extra={"error": type(exc).__name__, "circuit": breaker.state.value},
            )
            return list(hits), False
        except BaseException:  # cancelled: a trial must not stay in flight forever
            breaker.record_failure()
            raise
        breaker.record_success()
        named = set(order)
        rest = [h for i, h in enumerate(head) if i not in named] + list(hits[self.top_n :])
        return [head[i] for i in order] + rest, True
