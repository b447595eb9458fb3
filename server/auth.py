"""API-key authentication: `authorization: Bearer <key>` metadata mapped to a tenant, and the start-up rule
that the development key never serves beyond loopback unless explicitly allowed.

Keys are held only as SHA-256 digests (plain keys are hashed at start-up); a presented key is hashed and
compared with every known digest in constant time, so neither the keys nor their comparison leak.
"""

from __future__ import annotations

import contextvars
import hashlib
import hmac
import ipaddress
from collections.abc import Mapping

from graphmem.config import DEV_API_KEY, Settings, api_key_digest
from graphmem.errors import Unauthenticated

current_tenant: contextvars.ContextVar[str] = contextvars.ContextVar("graphmem_tenant")


class UnsafeExposure(RuntimeError):
    """The server would accept the public development key on an address others can reach."""


class ApiKeyAuthenticator:
    """Checks bearer keys against the configured digest → tenant map (constant-time comparison)."""

    def __init__(self, tenant_by_digest: Mapping[bytes, str]) -> None:
        self._digests = list(tenant_by_digest.items())

    @property
    def accepts_dev_key(self) -> bool:
        return any(hmac.compare_digest(known, api_key_digest(DEV_API_KEY)) for known, _ in self._digests)

    def tenant_for(self, metadata: Mapping[str, str]) -> str:
        header = metadata.get("authorization", "")
        scheme, _, key = header.partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            raise Unauthenticated("missing credentials: send metadata 'authorization: Bearer <api key>'")
        presented = hashlib.sha256(key.strip().encode()).digest()
        found: str | None = None
        for known, tenant in self._digests:  # no early exit: the time does not depend on which key matched
            if hmac.compare_digest(known, presented):
                found = tenant
        if found is None:
            raise Unauthenticated("unknown API key")
        return found


def is_loopback(host: str) -> bool:
    """True when `host` is reachable from this machine only: localhost or a loopback IP literal."""
    bare = host.strip().strip("[]").lower()
    if bare == "localhost":
        return True
    try:
        return ipaddress.ip_address(bare).is_loopback
    except ValueError:
        return False  # a host name or a wildcard such as "" resolves to interfaces others may reach


def check_exposure(settings: Settings, host: str) -> None:
    """Raises `UnsafeExposure` (with the fix in its message) when the development key would be accepted on a
    non-loopback address and GRAPHMEM_ALLOW_DEV_KEY_ON_NETWORK is not set."""
    if is_loopback(host) or settings.allow_dev_key_on_network:
        return
    if not ApiKeyAuthenticator(settings.tenant_by_key_digest).accepts_dev_key:
        return
    raise UnsafeExposure(
        f"refusing to serve on {host or '*'} with the development API key '{DEV_API_KEY}': anyone who can reach "
        "this address could read and write tenant 'dev'. Set GRAPHMEM_API_KEYS=<secret key>=<tenant> (or "
        "sha256:<hex of the key's SHA-256>=<tenant>) without the development key, or serve on 127.0.0.1; "
        "to accept the risk set GRAPHMEM_ALLOW_DEV_KEY_ON_NETWORK=true"
    )
