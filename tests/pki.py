"""Certificates made for tests: a server CA, a client CA, a server certificate for localhost/127.0.0.1, a
client certificate, and a stranger's client certificate from a CA the server does not trust."""

from __future__ import annotations

import datetime as dt
import ipaddress
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


@dataclass(frozen=True)
class Issued:
    key_pem: bytes
    cert_pem: bytes
    key: ec.EllipticCurvePrivateKey
    cert: x509.Certificate


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def make_ca(common: str) -> Issued:
    key = ec.generate_private_key(ec.SECP256R1())
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(common))
        .issuer_name(_name(common))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    return _pem(key, cert)


def issue(ca: Issued, common: str, *, server: bool) -> Issued:
    key = ec.generate_private_key(ec.SECP256R1())
    now = dt.datetime.now(dt.UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(common))
        .issuer_name(ca.cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH if server else ExtendedKeyUsageOID.CLIENT_AUTH]),
            critical=False,
        )
    )
    if server:
        builder = builder.add_extension(
            x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
    return _pem(key, builder.sign(ca.key, hashes.SHA256()))


def _pem(key: ec.EllipticCurvePrivateKey, cert: x509.Certificate) -> Issued:
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return Issued(key_pem, cert.public_bytes(serialization.Encoding.PEM), key, cert)


@dataclass(frozen=True)
class Pki:
    server_ca: Issued
    client_ca: Issued
    server: Issued
    client: Issued
    stranger: Issued  # a client certificate from a CA the server does not trust
    dir: Path

    def write(self, name: str, data: bytes) -> Path:
        path = self.dir / name
        path.write_bytes(data)
        return path


def make_pki(directory: Path) -> Pki:
    """A fresh set of CAs and certificates; `Pki.write` puts PEM files in `directory`."""
    server_ca, client_ca, other_ca = make_ca("graphmem test server CA"), make_ca("client CA"), make_ca("other CA")
    return Pki(
        server_ca,
        client_ca,
        issue(server_ca, "graphmem", server=True),
        issue(client_ca, "agent-1", server=False),
        issue(other_ca, "intruder", server=False),
        directory,
    )
