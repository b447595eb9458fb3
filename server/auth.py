"""API-key authentication: `authorization: Bearer <key>` metadata mapped to a tenant."""

from __future__ import annotations

import contextvars
import hmac
from collections.abc import Mapping

from graphmem.errors import Unauthenticated

current_tenant: contextvars.ContextVar[str] = contextvars.ContextVar("graphmem_tenant")


class ApiKeyAuthenticator:
    """Checks bearer keys against the configured key → tenant map (constant-time comparison)."""

    def __init__(self, tenant_by_key: Mapping[str, str]) -> None:
        self._keys = dict(tenant_by_key)

    def tenant_for(self, metadata: Mapping[str, str]) -> str:
        header = metadata.get("authorization", "")
        scheme, _, key = header.partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            raise Unauthenticated("missing credentials: send metadata 'authorization: Bearer <api key>'")
        key = key.strip()
        for known, tenant in self._keys.items():
            if hmac.compare_digest(known.encode(), key.encode()):
                return tenant
        raise Unauthenticated("unknown API key")
