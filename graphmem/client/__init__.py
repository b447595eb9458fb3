"""Typed clients of the graphmem.v1 gRPC API, covering all 27 RPCs: `MemoryClient` (blocking) and
`AsyncMemoryClient` (asyncio), thin twins over `BaseClient`.

    with MemoryClient("127.0.0.1:50051", api_key="graphmem-dev-key") as client:
        scope = ClientScope(user_id="alice")
        client.add_episodes(scope, [NewEpisode(key="m1", text="I do not eat coriander")])
        for hit in client.search(scope, "what does alice not eat?").hits:
            print(hit.score, hit.text)

Results are the plain domain types of `graphmem.model` (datetimes are timezone-aware UTC), mapped by
`graphmem.wire`, the mapping the server uses too. The API key travels as `authorization: Bearer <key>`.
Calls that are safe to repeat (`graphmem.calls`) are retried on UNAVAILABLE. Failed calls raise
`GraphmemClientError` or one of its subclasses (see `graphmem.client.errors`), never a raw `grpc.RpcError`.
Datetimes given to the client must be timezone-aware (a naive datetime raises ValueError).
"""

from graphmem.client.aio import AsyncMemoryClient
from graphmem.client.base import BaseClient, ClientScope, NewEpisode, NewSkill
from graphmem.client.errors import (
    GraphmemClientError,
    InvalidArgumentError,
    NotFoundError,
    UnauthenticatedError,
    UnavailableError,
)
from graphmem.client.sync import MemoryClient
from graphmem.client.tls import ClientTLS
from graphmem.model import FactScopeFilter, Layer, Message, PolicyInfo, TimeRange

__all__ = [
    "AsyncMemoryClient",
    "BaseClient",
    "ClientScope",
    "ClientTLS",
    "FactScopeFilter",
    "GraphmemClientError",
    "InvalidArgumentError",
    "Layer",
    "MemoryClient",
    "Message",
    "NewEpisode",
    "NewSkill",
    "NotFoundError",
    "PolicyInfo",
    "TimeRange",
    "UnauthenticatedError",
    "UnavailableError",
]
