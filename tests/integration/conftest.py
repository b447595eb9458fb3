"""Integration tests run beside whatever servers other tests of the session left open (the API tests'
session-wide one), each with those servers' extraction workers paused (`others_paused`), so the suite passes in
any file order."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def other_servers_extract_nothing(others_paused: None) -> None:
    """Every integration test runs with the other servers' extraction workers paused."""
