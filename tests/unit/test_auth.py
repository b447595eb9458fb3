"""API keys held as SHA-256 digests, the constant-time lookup, and the refusal to serve the development key
beyond loopback."""

from __future__ import annotations

import hashlib

import pytest

from graphmem.config import DEV_API_KEY, Settings, parse_api_keys
from graphmem.errors import Unauthenticated
from server.auth import ApiKeyAuthenticator, UnsafeExposure, check_exposure, is_loopback


def dev_settings(**overrides: object) -> Settings:
    """Settings as a newcomer has them (the development key), whatever this process's environment says."""
    values: dict[str, object] = {"api_keys": f"{DEV_API_KEY}=dev", "allow_dev_key_on_network": False}
    values.update(overrides)
    return Settings(**values)  # type: ignore[arg-type]


def bearer(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


def test_plain_and_hashed_keys_both_authenticate() -> None:
    hashed = hashlib.sha256(b"s3cret-b").hexdigest()
    auth = ApiKeyAuthenticator(parse_api_keys(f"s3cret-a=tenant-a, sha256:{hashed}=tenant-b"))
    assert auth.tenant_for(bearer("s3cret-a")) == "tenant-a"
    assert auth.tenant_for(bearer("s3cret-b")) == "tenant-b"
    with pytest.raises(Unauthenticated):
        auth.tenant_for(bearer(f"sha256:{hashed}"))  # the digest itself is not a key
    with pytest.raises(Unauthenticated):
        auth.tenant_for(bearer("s3cret-c"))


def test_keys_are_held_only_as_digests() -> None:
    parsed = parse_api_keys("plain-key-123=t1")
    assert parsed == {hashlib.sha256(b"plain-key-123").digest(): "t1"}
    settings = Settings(api_keys="plain-key-123=t1")  # type: ignore[arg-type]
    assert "plain-key-123" not in repr(settings) and "plain-key-123" not in str(settings.model_dump())


def test_a_key_may_end_in_equals_signs() -> None:
    assert parse_api_keys("YWJjZA==tenant") == {hashlib.sha256(b"YWJjZA=").digest(): "tenant"}
    assert parse_api_keys("YWJjZA===tenant") == {hashlib.sha256(b"YWJjZA==").digest(): "tenant"}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("sha256:abc=t", "entry 1: sha256: must be followed by 64 hex digits"),
        ("good=t,very-secret-key", "entry 2 must look like key=tenant"),
        (" , ", "holds no key=tenant pair"),
    ],
)
def test_bad_key_lists_are_named_by_position_never_by_the_key(value: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as err:
        parse_api_keys(value)
    assert "very-secret" not in str(err.value)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.1", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("", False),
        ("10.1.2.3", False),
        ("graphmem.example.com", False),
    ],
)
def test_loopback_addresses(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_dev_key_on_network_is_refused_with_the_fix_named() -> None:
    with pytest.raises(UnsafeExposure) as err:
        check_exposure(dev_settings(), "0.0.0.0")
    message = str(err.value)
    assert "GRAPHMEM_API_KEYS" in message and "GRAPHMEM_ALLOW_DEV_KEY_ON_NETWORK=true" in message
    # the dev key given explicitly (or by its hash) is just as public
    dev_hash = hashlib.sha256(DEV_API_KEY.encode()).hexdigest()
    for keys in (f"{DEV_API_KEY}=dev", f"mine=a,sha256:{dev_hash}=dev"):
        with pytest.raises(UnsafeExposure):
            check_exposure(dev_settings(api_keys=keys), "::")


def test_dev_key_is_fine_on_loopback_and_when_allowed_and_real_keys_anywhere() -> None:
    check_exposure(dev_settings(), "127.0.0.1")
    check_exposure(dev_settings(allow_dev_key_on_network=True), "0.0.0.0")
    check_exposure(dev_settings(api_keys="a-real-secret=prod"), "0.0.0.0")


def test_tls_settings_must_come_in_pairs() -> None:
    with pytest.raises(ValueError, match="must be set together"):
        Settings(tls_cert_file="cert.pem")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="CLIENT_CA_FILE needs"):
        Settings(tls_client_ca_file="ca.pem")  # type: ignore[arg-type]


def test_no_key_maps_to_the_services_own_tenant() -> None:
    # the warm-up writes and discards throwaway users of "graphmem:warm-up": a caller must never reach them
    with pytest.raises(ValueError, match="entry 2: tenants named graphmem:… are the service's own"):
        parse_api_keys("a=t1,b=graphmem:warm-up")
