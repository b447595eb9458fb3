"""`graphmem mcp`: a Model Context Protocol server (official `mcp` SDK) that lets an agent host use graphmem
as tools. It is a gateway: every tool calls the gRPC service through `graphmem.client`, so the service's
API-key authentication and tenancy apply unchanged.

Tools: remember (AddEpisodes), recall (Search, with the route and each hit's score breakdown), context
(GetContext), facts (ListFacts, optionally as of an instant), fact_history (GetFactHistory), forget_episode
(DeleteEpisode). Over stdio the gateway uses its configured API key. Over streamable HTTP (path `/mcp`) every
request must carry `Authorization: Bearer <api key>`, checked against GRAPHMEM_API_KEYS like the service
does, and that key is the one forwarded to the service (so each caller sees its own tenant only).
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from graphmem.client import AsyncMemoryClient, ClientScope, GraphmemClientError, NewEpisode, NotFoundError
from graphmem.config import DEV_API_KEY
from graphmem.errors import Unauthenticated
from graphmem.model import Fact, Layer, TimeRange
from server.auth import ApiKeyAuthenticator

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
AsgiApp = Callable[[Scope, Receive, Send], Awaitable[None]]

INSTRUCTIONS = (
    "Long-term memory of the user. Call `remember` with what the user says that is worth keeping, `recall` "
    "to find memories about a question, `context` for a ready context block within a token budget, `facts` "
    "for what is known about the user now (or as of a past instant), `fact_history` for how one fact changed."
)


@dataclass(frozen=True)
class GatewayConfig:
    """Where the gRPC service is, whose memory the tools use, and (for stdio) the API key to call it with."""

    target: str
    api_key: str = DEV_API_KEY
    user_id: str = "default"
    timeout: float = 30.0


def _instant(value: str, name: str) -> datetime:
    """An ISO-8601 instant from a tool argument; a bare date or time without offset is refused."""
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError(f"{name} must be an ISO-8601 instant such as 2026-11-20T09:00:00Z") from exc
    if parsed.tzinfo is None:
        raise ValueError(f"{name} needs a UTC offset (for example 2026-11-20T09:00:00Z)")
    return parsed


@contextmanager
def _reported() -> Iterator[None]:
    """Turns the failures a caller can fix (bad arguments, unknown ids or keys, an unreachable service) into
    tool errors the model reads: the gRPC code, the message and each bad field."""
    try:
        yield
    except GraphmemClientError as exc:
        fields = "; ".join(f"{v.field}: {v.description}" for v in exc.field_violations)
        raise ToolError(f"{exc.code.name}: {exc.message}" + (f" ({fields})" if fields else "")) from exc
    except ValueError as exc:
        raise ToolError(f"INVALID_ARGUMENT: {exc}") from exc


def _fact(fact: Fact) -> dict[str, Any]:
    return {
        "id": fact.id,
        "key": fact.key,
        "fact": fact.fact,
        "predicate": fact.predicate,
        "value": fact.value,
        "polarity": fact.polarity,
        "status": fact.status.value,
        "confidence": round(fact.confidence, 4),
        "evidence": fact.evidence,
        "valid_at": fact.valid_at.isoformat(),
        "invalid_at": fact.invalid_at.isoformat() if fact.invalid_at else None,
        "project_id": fact.project_id,
        "session_ids": list(fact.session_ids),
    }


def _window(window: TimeRange | None) -> dict[str, str | None] | None:
    if window is None:
        return None
    return {
        "start": window.start.isoformat() if window.start else None,
        "end": window.end.isoformat() if window.end else None,
    }


class Gateway:
    """The tools, bound to a client factory: one asyncio client per API key, opened on first use."""

    def __init__(self, config: GatewayConfig, *, forward_bearer: bool) -> None:
        self._config = config
        self._forward_bearer = forward_bearer
        self._clients: dict[str, AsyncMemoryClient] = {}

    def _client(self, ctx: Context | None) -> AsyncMemoryClient:
        key = self._config.api_key
        if self._forward_bearer and ctx is not None:
            header = (ctx.headers or {}).get("authorization", "")
            key = header.partition(" ")[2].strip() or key
        if key not in self._clients:
            self._clients[key] = AsyncMemoryClient(self._config.target, key, timeout=self._config.timeout)
        return self._clients[key]

    def _scope(self, project_id: str = "", session_id: str = "") -> ClientScope:
        return ClientScope(user_id=self._config.user_id, project_id=project_id, session_id=session_id)

    async def close(self) -> None:
        for client in self._clients.values():
            await client.close()
        self._clients.clear()

    def build(self) -> MCPServer:
        """The MCP server with the six memory tools."""
        server: MCPServer = MCPServer("graphmem", instructions=INSTRUCTIONS)

        @server.tool()
        async def remember(
            text: str,
            ctx: Context,
            session_id: str = "",
            speaker: str = "user",
            occurred_at: str = "",
            importance: float | None = None,
            key: str = "",
            project_id: str = "",
        ) -> dict[str, Any]:
            """Store something that happened or was said (an episode). `occurred_at` is ISO-8601 with offset
            (default: now); `key` makes a retry idempotent (default: a fresh one); `importance` 0..1 (default:
            decided by the memory policy). Facts and preferences are extracted from it in the background."""
            with _reported():
                episode = NewEpisode(
                    key=key or f"mcp-{uuid.uuid4().hex}",
                    text=text,
                    occurred_at=_instant(occurred_at, "occurred_at") if occurred_at else None,
                    session_id=session_id,
                    speaker=speaker,
                    importance=importance,
                )
                (written,) = await self._client(ctx).add_episodes(self._scope(project_id, session_id), [episode])
                return {"id": written.id, "key": written.key, "created": written.created}

        @server.tool()
        async def recall(
            query: str, ctx: Context, top_k: int = 5, layers: list[str] | None = None, project_id: str = ""
        ) -> dict[str, Any]:
            """Find the memories most relevant to `query`, best first. The answer says which layers the router
            chose and why, and each hit's score breakdown (similarity, lexical, recency, importance, time match,
            neighbour, and the weights). `layers` (working, episodic, semantic, procedural, archive) bypasses
            the router."""
            with _reported():
                chosen = [Layer(name) for name in layers or []]
                result = await self._client(ctx).search(self._scope(project_id), query, top_k=top_k, layers=chosen)
                route = result.route
                return {
                    "route": {
                        "layers": [layer.value for layer in route.layers],
                        "reason": route.reason,
                        "query_kind": route.query_kind,
                        "time_expression": route.time_expression,
                        "time_window": _window(route.time_window),
                    },
                    "hits": [
                        {
                            "id": h.id,
                            "layer": h.layer.value,
                            "text": h.text,
                            "score": round(h.score, 4),
                            "breakdown": {
                                "similarity": round(h.breakdown.similarity, 4),
                                "lexical": round(h.breakdown.lexical, 4),
                                "recency": round(h.breakdown.recency, 4),
                                "importance": round(h.breakdown.importance, 4),
                                "time_match": round(h.breakdown.time_match, 4),
                                "neighbour": round(h.breakdown.neighbour, 4),
                                "weights": {k: round(v, 4) for k, v in h.breakdown.weights.items()},
                            },
                            "session_id": h.session_id,
                            "occurred_at": h.occurred_at.isoformat(),
                            "speaker": h.speaker,
                            "metadata": dict(h.metadata),
                        }
                        for h in result.hits
                    ],
                }

        @server.tool()
        async def context(
            query: str, ctx: Context, token_budget: int = 1000, session_id: str = "mcp", project_id: str = ""
        ) -> dict[str, Any]:
            """The context for the next model call within `token_budget` tokens: pinned instructions, task state,
            the long-term memories routed for `query`, then the working session's recent turns (the session is
            opened when it does not exist yet). `text` is ready to paste; `items` says where each piece came
            from and why."""
            with _reported():
                client, scope = self._client(ctx), self._scope(project_id, session_id)
                try:
                    assembled = await client.get_context(scope, query, token_budget=token_budget)
                except NotFoundError:
                    await client.open_session(scope)
                    assembled = await client.get_context(scope, query, token_budget=token_budget)
                return {
                    "text": "\n".join(i.text for i in assembled.items),
                    "tokens": assembled.tokens,
                    "budget": assembled.budget,
                    "dropped": assembled.dropped,
                    "items": [
                        {
                            "section": i.section,
                            "text": i.text,
                            "layer": i.layer,
                            "score": round(i.score, 4),
                            "reason": i.reason,
                            "tokens": i.tokens,
                        }
                        for i in assembled.items
                    ],
                }

        @server.tool()
        async def facts(ctx: Context, as_of: str = "", project_id: str = "") -> dict[str, Any]:
            """What is known about the user (and, given `project_id`, the project) now, or as of the ISO-8601
            instant `as_of`: one current version per fact key, with its evidence and confidence."""
            with _reported():
                when = _instant(as_of, "as_of") if as_of else None
                found = self._client(ctx).iter_facts(self._scope(project_id), as_of=when)
                return {"facts": [_fact(f) async for f in found]}

        @server.tool()
        async def fact_history(key: str, ctx: Context, project_id: str = "") -> dict[str, Any]:
            """Every version of one fact key (for example "user|taste|coffee"), including expired ones, with
            when each was valid."""
            with _reported():
                versions = self._client(ctx).iter_fact_history(self._scope(project_id), key)
                return {"versions": [_fact(f) async for f in versions]}

        @server.tool()
        async def forget_episode(episode_id: str, ctx: Context, project_id: str = "") -> dict[str, Any]:
            """Delete one stored episode by id (the facts it taught keep their other evidence)."""
            with _reported():
                await self._client(ctx).delete_episode(self._scope(project_id), episode_id)
                return {"deleted": episode_id}

        return server


def bearer_guard(app: AsgiApp, authenticator: ApiKeyAuthenticator) -> AsgiApp:
    """Wraps an ASGI app: HTTP requests without a known `Authorization: Bearer <api key>` get 401."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
            try:
                authenticator.tenant_for(headers)
            except Unauthenticated as exc:
                body = f'{{"error": "unauthenticated", "message": "{exc.message}"}}'.encode()
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b'Bearer realm="graphmem"'),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded


def run_stdio(config: GatewayConfig) -> None:
    """Serves the tools over stdin/stdout until the host closes the pipe."""
    gateway = Gateway(config, forward_bearer=False)
    gateway.build().run("stdio")


def run_http(config: GatewayConfig, host: str, port: int, tenant_by_digest: Mapping[bytes, str]) -> None:
    """Serves the tools over streamable HTTP at http://host:port/mcp, bearer keys (by SHA-256 digest) required."""
    import anyio
    import uvicorn

    gateway = Gateway(config, forward_bearer=True)
    app = bearer_guard(gateway.build().streamable_http_app(host=host), ApiKeyAuthenticator(tenant_by_digest))

    async def serve() -> None:
        server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
        try:
            await server.serve()
        finally:
            await gateway.close()

    anyio.run(serve)


__all__ = ["Gateway", "GatewayConfig", "bearer_guard", "run_http", "run_stdio"]
