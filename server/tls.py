"""TLS for the server: the certificate chain and key it presents and, optionally, the CA whose client
certificates it requires (mutual TLS). Files are read once at start-up; a bad one stops start-up naming it."""

from __future__ import annotations

from pathlib import Path

import grpc

from graphmem.config import Settings


class TlsConfigError(ValueError):
    """A TLS file named in the settings cannot be read; the message names the setting."""


def _read_pem(setting: str, path: Path) -> bytes:
    try:
        with open(str(path), "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise TlsConfigError(f"{setting}={path}: cannot read it ({exc.strerror})") from exc
    if b"-----BEGIN" not in data:
        raise TlsConfigError(f"{setting}={path}: not a PEM file")
    return data


def server_credentials(settings: Settings) -> grpc.ServerCredentials | None:
    """TLS credentials from the settings (None = plaintext); client certificates are required when
    GRAPHMEM_TLS_CLIENT_CA_FILE is set."""
    if settings.tls_cert_file is None or settings.tls_key_file is None:
        return None
    chain = _read_pem("GRAPHMEM_TLS_CERT_FILE", settings.tls_cert_file)
    key = _read_pem("GRAPHMEM_TLS_KEY_FILE", settings.tls_key_file)
    client_ca = None
    if settings.tls_client_ca_file is not None:
        client_ca = _read_pem("GRAPHMEM_TLS_CLIENT_CA_FILE", settings.tls_client_ca_file)
    return grpc.ssl_server_credentials([(key, chain)], root_certificates=client_ca, require_client_auth=bool(client_ca))
