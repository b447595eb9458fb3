"""Optional LLM query router over an OpenAI-compatible ``POST {base_url}/chat/completions`` endpoint.

Same output as the rule router (a `Route` with layers and a reason), asked for as a JSON-schema response
``{"layers": [...], "reason": "..."}``. Transport errors, 429 and 5xx answers are retried (tenacity) within
one short time budget per query; any failure at all — after retries, past the budget, a malformed answer, an
unknown layer — falls back to the rule router with the reason "llm router unavailable; rules used" (the
failure itself goes to the log, never to callers). A circuit breaker stops asking an endpoint that keeps
failing, so a Search does not wait for it while it is down; after a cool-down one trial request tests it.
Explicit layers in a request bypass it like they bypass the rules, and nothing is sent unless a router is
configured (`choose_route` with ``llm=None`` is the rule router).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

import httpx

from graphmem.model import Layer, Route
from graphmem.retrieval.chat_endpoint import chat_breaker, chat_client, post_chat
from graphmem.retrieval.router import ROUTABLE_LAYERS, query_kind, route

__all__ = ["FALLBACK_REASON", "LLMRouter", "LLMRouterError", "choose_route"]

log = logging.getLogger(__name__)

FALLBACK_REASON = "llm router unavailable; rules used"

_LAYER_NAMES = [layer.value for layer in ROUTABLE_LAYERS]

SYSTEM_PROMPT = (
    "You route a user's query (Chinese or English) to the memory layers that can answer it. Layers: "
    "working = the current conversation (just now, continue, as I said); "
    "episodic = events of earlier sessions (last time, last week, yesterday, in March); "
    "semantic = standing facts and preferences about the user (likes, dislikes, style); "
    "procedural = how to do a task (how do I, run, automate, do the usual). "
    "Choose the fewest layers that can answer; when unsure choose episodic and semantic. "
    'Answer only with JSON: {"layers": [...], "reason": "..."}.'
)

RESPONSE_FORMAT: dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {
        "name": "route",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {
                "layers": {
                    "type": "array",
                    "items": {"type": "string", "enum": _LAYER_NAMES},
                    "minItems": 1,
                },
                "reason": {"type": "string"},
            },
            "required": ["layers", "reason"],
            "additionalProperties": False,
        },
    },
}


class LLMRouterError(RuntimeError):
    """The chat endpoint answered with something that is not a route."""


def parse_route(body: Any) -> tuple[tuple[Layer, ...], str]:
    """The layers and reason of a chat-completions response body; raises `LLMRouterError` otherwise."""
    try:
        content = body["choices"][0]["message"]["content"]
        answer = json.loads(content)
        names, reason = answer["layers"], answer["reason"]
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise LLMRouterError(f"not a route answer: {exc!r}") from exc
    if not isinstance(names, list) or not names or not isinstance(reason, str):
        raise LLMRouterError("layers must be a non-empty list and reason a string")
    unknown = [n for n in names if n not in _LAYER_NAMES]
    if unknown:
        raise LLMRouterError(f"unknown layers {unknown}")
    return tuple(layer for layer in ROUTABLE_LAYERS if layer.value in names), reason


class LLMRouter:
    """Routes a query by asking a chat model; nothing is sent until the first `route` call."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 2.0,
        max_attempts: int = 2,
        retry_wait_s: float = 0.1,
        failure_threshold: int = 3,
        cooldown_s: float = 30.0,
        clock: Callable[[], float] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.timeout_s = timeout_s
        self.max_attempts = max_attempts
        self.retry_wait_s = retry_wait_s
        self.breaker = chat_breaker(failure_threshold, cooldown_s, clock)
        self._client = chat_client(self.base_url, api_key, timeout_s, transport)

    async def aclose(self) -> None:
        await self._client.aclose()

    async def _ask(self, query: str) -> tuple[tuple[Layer, ...], str]:
        payload: dict[str, Any] = {
            "model": self.model,
            "temperature": 0,
            "messages": [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": query}],
            "response_format": RESPONSE_FORMAT,
        }
        body = await post_chat(self._client, payload, self.max_attempts, self.retry_wait_s)
        return parse_route(body)

    async def route(self, query: str, requested: tuple[Layer, ...] = ()) -> Route:
        """Like `router.route`, with the model choosing the layers; the rule route on any failure."""
        if requested:
            return route(query, requested)
        if not self.breaker.allow():
            return self._fallback(query)
        try:
            async with asyncio.timeout(self.timeout_s):
                layers, why = await self._ask(query)
        except Exception as exc:
            self.breaker.record_failure()
            log.warning(
                "llm router failed; rules used",
                extra={"error": type(exc).__name__, "circuit": self.breaker.state.value},
            )
            return self._fallback(query)
        except BaseException:  # cancelled: the trial (if this was one) must not stay in flight forever
            self.breaker.record_failure()
            raise
        self.breaker.record_success()
        return Route(layers=layers, reason=f"llm {self.model}: {why}", query_kind=query_kind(query)[0])

    def _fallback(self, query: str) -> Route:
        rules = route(query, ())
        return Route(layers=rules.layers, reason=f"{FALLBACK_REASON} ({rules.reason})", query_kind=rules.query_kind)


async def choose_route(
    query: str,
    requested: tuple[Layer, ...],
    llm: LLMRouter | None = None,
) -> Route:
    """The route by the LLM router when one is configured, else by the rules."""
    if llm is None:
        return route(query, requested)
    return await llm.route(query, requested)
