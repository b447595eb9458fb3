"""Client for an OpenAI-compatible ``POST {base_url}/embeddings`` endpoint (httpx, tenacity retries)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import httpx
import numpy as np
from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

from graphmem.embedding.protocol import EmbedKind, Vectors, l2_normalise

__all__ = ["EmbeddingServiceError", "OpenAICompatEmbedder", "retryable"]


class EmbeddingServiceError(RuntimeError):
    """The embeddings endpoint answered with something unusable."""


def retryable(exc: BaseException) -> bool:
    """Whether a call to an OpenAI-compatible endpoint is worth retrying: transport errors, 429 and 5xx."""
    if isinstance(exc, httpx.TransportError):
        return True
    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code == 429 or exc.response.status_code >= 500
    return False


class OpenAICompatEmbedder:
    """Embeds through ``/embeddings``; nothing is sent until the first ``embed`` call.

    ``dim`` must be given (no probe call at construction); responses with another width raise.
    Optional ``query_prefix`` / ``document_prefix`` are prepended client-side (e.g. "query: " for e5 servers).
    ``send_dimensions`` adds ``dimensions=dim`` to the request (for models that support truncation).
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        dim: int,
        api_key: str | None = None,
        name: str = "openai",
        timeout_s: float = 30.0,
        batch_size: int = 128,
        max_attempts: int = 4,
        query_prefix: str = "",
        document_prefix: str = "",
        send_dimensions: bool = False,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if dim < 1:
            raise ValueError("dim must be >= 1")
        self.name = name
        self.dim = dim
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.batch_size = batch_size
        self.max_attempts = max_attempts
        self.query_prefix = query_prefix
        self.document_prefix = document_prefix
        self.send_dimensions = send_dimensions
        self._api_key = api_key
        self._timeout = timeout_s
        self._transport = transport
        self._client: httpx.Client | None = None
        self._lock = threading.Lock()

    def _http(self) -> httpx.Client:
        with self._lock:
            if self._client is None:
                headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
                self._client = httpx.Client(
                    base_url=self.base_url, headers=headers, timeout=self._timeout, transport=self._transport
                )
            return self._client

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None

    def _post(self, batch: list[str]) -> list[list[float]]:
        payload: dict[str, Any] = {"model": self.model, "input": batch, "encoding_format": "float"}
        if self.send_dimensions:
            payload["dimensions"] = self.dim

        @retry(
            retry=retry_if_exception(retryable),
            stop=stop_after_attempt(self.max_attempts),
            wait=wait_exponential(multiplier=0.5, max=8.0),
            reraise=True,
        )
        def call() -> httpx.Response:
            resp = self._http().post("/embeddings", json=payload)
            resp.raise_for_status()
            return resp

        body = call().json()
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list) or len(data) != len(batch):
            raise EmbeddingServiceError(f"{self.base_url}/embeddings returned {len(data or [])} rows for {len(batch)}")
        rows = sorted(data, key=lambda d: int(d.get("index", 0)))
        return [list(map(float, r["embedding"])) for r in rows]

    def embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        prefix = self.query_prefix if kind is EmbedKind.QUERY else self.document_prefix
        items = [prefix + (t if t.strip() else " ") for t in texts]
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors: list[list[float]] = []
        for start in range(0, len(items), self.batch_size):
            vectors.extend(self._post(items[start : start + self.batch_size]))
        if any(len(v) != self.dim for v in vectors):
            raise EmbeddingServiceError(f"{self.model}: expected {self.dim}-d vectors")
        return l2_normalise(np.asarray(vectors, dtype=np.float32), self.dim)
