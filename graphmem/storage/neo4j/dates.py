"""The one conversion of Neo4j temporal values read back from the graph into Python datetimes.

Hot reads project a timestamp as UTC epoch microseconds (`epoch_micros`): the driver hydrates a Neo4j DATETIME
into a `neo4j.time.DateTime` in pure Python (~50 us each, most of a 25-episode read's decoding), an integer
costs nothing, and the instant is the same to the microsecond.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, LiteralString

from neo4j.time import DateTime as Neo4jDateTime

__all__ = ["db_date", "epoch_micros", "parse_db_date"]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def epoch_micros(expression: LiteralString) -> LiteralString:
    """Cypher for a DATETIME expression (such as `e.valid_at`) as UTC epoch microseconds (null stays null)."""
    # epochSeconds truncates toward zero before 1970 (one second late); epochMillis floors
    return f"{expression}.epochMillis * 1000 + {expression}.microsecond % 1000"


def parse_db_date(value: Any) -> datetime | None:
    """A stored timestamp as a datetime (None stays None): a Neo4j DATETIME, a datetime, or epoch microseconds
    as projected by `epoch_micros` (read back in UTC); anything else is a TypeError."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return _EPOCH + timedelta(microseconds=value)
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
