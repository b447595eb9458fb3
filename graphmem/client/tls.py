"""`ClientTLS`: the TLS settings of a client channel (custom roots, and a client certificate for mutual TLS)."""

from __future__ import annotations

from dataclasses import dataclass

import grpc


@dataclass(frozen=True)
class ClientTLS:
    """TLS for a client: the PEM roots that sign the server's certificate (None = the system roots) and, for a
    server that requires client certificates, this client's PEM key and certificate chain."""

    root_certificates: bytes | None = None
    private_key: bytes | None = None
    certificate_chain: bytes | None = None

    def credentials(self) -> grpc.ChannelCredentials:
        return grpc.ssl_channel_credentials(self.root_certificates, self.private_key, self.certificate_chain)
