"""The OpenAI-compatible ``POST {base_url}/chat/completions`` calls shared by the optional LLM router and
reranker: the HTTP client (bearer key, one time budget), the circuit breaker, and one request retried on
transport errors, 429 and 5xx."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential

from graphmem.embedding.openai_compat import retryable
from graphmem.retrieval.circuit_breaker import CircuitBreaker

__all__ = ["ChatEndpoint", "chat_breaker", "chat_client", "post_chat"]


def chat_breaker(failure_threshold: int, cooldown_s: float, clock: Callable[[], float] | None) -> CircuitBreaker:
    """The breaker of one endpoint (`clock` for tests; the monotonic clock otherwise)."""
    if clock is None:
        return CircuitBreaker(failure_threshold, cooldown_s)
    return CircuitBreaker(failure_threshold, cooldown_s, clock)


def chat_client(
    base_url: str, api_key: str | None, timeout_s: float, transport: httpx.AsyncBaseTransport | None
) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    return httpx.AsyncClient(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout_s, transport=transport)


async def post_chat(client: httpx.AsyncClient, payload: dict[str, Any], max_attempts: int, retry_wait_s: float) -> Any:
    """The JSON body of a chat-completions answer, the request retried while the error is retryable."""
    body: Any = None
    async for attempt in AsyncRetrying(
        retry=retry_if_exception(retryable),
        stop=stop_after_attempt(max_attempts),
        wait=wait_exponential(multiplier=retry_wait_s, max=4.0),
        reraise=True,
    ):
        with attempt:
            resp = await client.post("/chat/completions", json=payload)
            resp.raise_for_status()
            body = resp.json()
    return body


class ChatEndpoint:
    """One configured endpoint: its client, model, time budget per request, retries and circuit breaker."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None,
        timeout_s: float,
        attempts: int,
        retry_wait_s: float,
        failure_threshold: int,
        cooldown_s: float,
        clock: Callable[[], float] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.model = model
        self.timeout_s = timeout_s
        self.attempts = attempts
        self.retry_wait_s = retry_wait_s
        self.breaker = chat_breaker(failure_threshold, cooldown_s, clock)
        self._client = chat_client(base_url, api_key, timeout_s, transport)

    async def complete(self, messages: list[dict[str, str]], response_format: dict[str, Any]) -> Any:
        """The JSON body of the endpoint's answer at temperature 0 (retried; the caller bounds the time)."""
        payload = {"model": self.model, "temperature": 0, "messages": messages, "response_format": response_format}
        return await post_chat(self._client, payload, self.attempts, self.retry_wait_s)

    async def aclose(self) -> None:
        await self._client.aclose()
