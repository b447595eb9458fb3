"""The one conversion of Neo4j temporal values read back from the graph into Python datetimes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from neo4j.time import DateTime as Neo4jDateTime

__all__ = ["db_date", "parse_db_date"]


def parse_db_date(value: Any) -> datetime | None:
    """A stored timestamp as a datetime (None stays None); anything else is a TypeError."""
    if value is None:
        return None
    if isinstance(value, Neo4jDateTime):
        return value.to_native()
    if isinstance(value, datetime):
        return value
    raise TypeError(f"expected a datetime, got {type(value).__name__}")


def db_date(value: Any) -> datetime:
    """A timestamp that must be there (a missing one is a TypeError)."""
    when = parse_db_date(value)
    if when is None:
        raise TypeError("missing timestamp")
    return when
