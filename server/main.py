"""The `graphmem` command: serve, migrate, mcp (the MCP gateway), and the local Neo4j (install, start, stop,
status)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
from collections.abc import Sequence

from graphmem.config import DEV_API_KEY, Settings
from graphmem.errors import PolicyError
from graphmem.neo4j_local import LocalNeo4j, LocalNeo4jConfig, LocalNeo4jError
from graphmem.service import MemoryService
from server.auth import UnsafeExposure, check_exposure
from server.tls import TlsConfigError, server_credentials

log = logging.getLogger("graphmem")


class _JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and the structured `extra` fields."""

    _STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}

    def format(self, record: logging.LogRecord) -> str:
        out = {
            "time": self.formatTime(record),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        out |= {k: v for k, v in record.__dict__.items() if k not in self._STANDARD}
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)


def _configure_logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_JsonFormatter())
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)
    for noisy in ("neo4j", "jieba", "httpx"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def _local_neo4j(settings: Settings) -> LocalNeo4j:
    config = LocalNeo4jConfig.from_env()
    return LocalNeo4j(config)


async def _serve(settings: Settings, host: str, port: int) -> None:
    from server.app import start_server

    service = MemoryService.from_settings(settings)
    try:
        running = await start_server(settings, service, host, port)
    except BaseException:
        await service.close()
        raise
    scheme = "TLS" if settings.tls_enabled else "plaintext"
    print(f"graphmem serving on {host}:{running.port} ({scheme}; Neo4j at {settings.effective_neo4j_uri})", flush=True)
    if running.metrics_endpoint is not None:
        endpoint = running.metrics_endpoint
        print(f"metrics on http://{endpoint.host}:{endpoint.port}/metrics", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("shutting down")
    await running.stop(settings.shutdown_grace_seconds)


async def _migrate(settings: Settings) -> int:
    service = MemoryService.from_settings(settings)
    try:
        return await service.migrate()
    finally:
        await service.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="graphmem", description="Layered long-term memory for AI agents.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the gRPC service (starts the local Neo4j unless GRAPHMEM_NEO4J_URI)")
    serve.add_argument("--host", default=None)
    serve.add_argument("--port", type=int, default=None)
    sub.add_parser("migrate", help="create constraints and indexes, record the schema version")
    mcp = sub.add_parser("mcp", help="an MCP server (stdio or streamable HTTP) whose tools call the gRPC service")
    mcp.add_argument("--transport", choices=("stdio", "http"), default=None, help="default stdio")
    mcp.add_argument("--target", default=None, help="the gRPC service (default GRAPHMEM_HOST:GRAPHMEM_PORT)")
    mcp.add_argument("--api-key", default=None, help="the key the stdio gateway calls the service with")
    mcp.add_argument("--user-id", default=None, help="whose memory the tools read and write (default: default)")
    mcp.add_argument("--host", default=None, help="HTTP listen host (default 127.0.0.1)")
    mcp.add_argument("--port", type=int, default=None, help="HTTP listen port (default 8765)")
    neo = sub.add_parser("neo4j", help="the local Neo4j assembled from Maven Central")
    neo.add_argument("action", choices=("install", "start", "stop", "status"))
    args = parser.parse_args(argv)

    try:
        settings = Settings()
    except ValueError as exc:
        print(f"graphmem: bad settings: {exc}", file=sys.stderr)
        return 2
    _configure_logging(settings.log_level)
    os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

    try:
        if args.command == "neo4j":
            return _neo4j_command(settings, args.action)
        if args.command == "mcp":
            return _mcp_command(settings, args)
        if args.command == "migrate":
            version = asyncio.run(_migrate(settings))
            print(f"schema at version {version}")
            return 0
        host = args.host or settings.host
        check_exposure(settings, host)  # before anything is started
        server_credentials(settings)
        if not settings.neo4j_uri:
            status = _local_neo4j(settings).start()
            print(f"local Neo4j: {status.bolt_uri}  Browser: {status.browser_url}", flush=True)
        asyncio.run(_serve(settings, host, args.port if args.port is not None else settings.port))
        return 0
    except (UnsafeExposure, TlsConfigError) as exc:
        print(f"graphmem: {exc}", file=sys.stderr)
        return 2
    except PolicyError as exc:
        print(f"graphmem: {exc}", file=sys.stderr)
        return 2
    except LocalNeo4jError as exc:
        print(f"graphmem: local Neo4j: {exc}", file=sys.stderr)
        return 1


def _mcp_command(settings: Settings, args: argparse.Namespace) -> int:
    """`graphmem mcp`: flags win over GRAPHMEM_MCP_* variables, which win over the defaults."""
    try:
        from server.mcp_gateway import GatewayConfig, run_http, run_stdio
    except ImportError as exc:
        print(f"graphmem mcp needs the `mcp` extra (pip install 'graphmem[mcp]'): {exc}", file=sys.stderr)
        return 2
    env = os.environ
    config = GatewayConfig(
        target=args.target or env.get("GRAPHMEM_MCP_TARGET") or f"{settings.host}:{settings.port}",
        api_key=args.api_key or env.get("GRAPHMEM_MCP_API_KEY") or DEV_API_KEY,
        user_id=args.user_id or env.get("GRAPHMEM_MCP_USER_ID") or "default",
    )
    transport = args.transport or env.get("GRAPHMEM_MCP_TRANSPORT") or "stdio"
    if transport == "stdio":
        run_stdio(config)
        return 0
    host = args.host or env.get("GRAPHMEM_MCP_HOST") or "127.0.0.1"
    port = args.port if args.port is not None else int(env.get("GRAPHMEM_MCP_PORT") or 8765)
    check_exposure(settings, host)  # the gateway accepts the same keys, the development key included
    print(f"graphmem MCP on http://{host}:{port}/mcp (gRPC service at {config.target})", file=sys.stderr, flush=True)
    run_http(config, host, port, settings.tenant_by_key_digest)
    return 0


def _neo4j_command(settings: Settings, action: str) -> int:
    if settings.neo4j_uri:
        print(f"GRAPHMEM_NEO4J_URI is set ({settings.neo4j_uri}): nothing local to {action}")
        return 0
    local = _local_neo4j(settings)
    if action == "install":
        local.install()
        print("local Neo4j installed")
    elif action == "start":
        status = local.start()
        print(f"Neo4j running (pid {status.pid})\n  Bolt:    {status.bolt_uri}\n  Browser: {status.browser_url}")
    elif action == "stop":
        local.stop()
        print("Neo4j stopped")
    else:
        status = local.status()
        print(f"Neo4j running (pid {status.pid})" if status.running else "Neo4j not running")
        if status.running:
            print(f"  Bolt:    {status.bolt_uri}\n  Browser: {status.browser_url}")
        return 0 if status.running else 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
