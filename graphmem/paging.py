"""Keyset pages per AIP-158: page sizes (0 means 100, larger is clamped to 1000, negative is refused) and opaque
page tokens that carry the sort key of a page's last item and a digest of the request they belong to. Listings
read whole and then cut (facts, fact history, candidates, session turns) use `keyset_page`; those paged in the
database (episodes, audit events) use `cursor_token` and `token_cursor` around their query."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from graphmem.errors import FieldViolation, InvalidArgument
from graphmem.model import Page
from graphmem.validation import MAX_PAGE, MAX_PAGE_TOKEN

T = TypeVar("T")

DEFAULT_PAGE = 100
_EPOCH = datetime(1, 1, 1, tzinfo=UTC)
_BAD_TOKEN = "is not a token returned by this API for this request (scope, key and filters must not change)"


def page_size_of(page_size: int) -> int:
    """The page size to serve: 0 means 100, above 1000 is clamped to 1000, negative is INVALID_ARGUMENT."""
    if page_size < 0:
        raise InvalidArgument(FieldViolation("page_size", "must not be negative (0 means 100; above 1000 is clamped)"))
    return min(page_size or DEFAULT_PAGE, MAX_PAGE)


def binding(*parts: str) -> str:
    """The digest of what a listing depends on (scope, key, filters); a token only serves the same listing."""
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).hexdigest()


def instant_key(when: datetime) -> str:
    """A sort key for an instant that orders as the instant does (microseconds since year 1, zero-padded)."""
    aware = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    return f"{(aware - _EPOCH) // timedelta(microseconds=1):020d}"


def cursor_token(bound: str, cursor: tuple[str, ...]) -> str:
    """The token of the page that resumes after `cursor` (the sort key of the last item served) of a listing."""
    return base64.urlsafe_b64encode(json.dumps([bound, *cursor], separators=(",", ":")).encode()).decode()


def bad_token() -> InvalidArgument:
    """The error for a page token that is not this listing's."""
    return InvalidArgument(FieldViolation("page_token", _BAD_TOKEN))


def token_cursor(token: str, bound: str, width: int | None) -> tuple[str, ...] | None:
    """The cursor of a token; `width` None (an empty listing) checks only that the token is this listing's."""
    if not token:
        return None
    if len(token) > MAX_PAGE_TOKEN:
        raise InvalidArgument(FieldViolation("page_token", _BAD_TOKEN))
    try:
        raw = json.loads(base64.urlsafe_b64decode(token.encode()))
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidArgument(FieldViolation("page_token", _BAD_TOKEN)) from exc
    if (
        not isinstance(raw, list)
        or len(raw) < 2
        or (width is not None and len(raw) != width + 1)
        or not all(isinstance(part, str) for part in raw)
        or raw[0] != bound
    ):
        raise InvalidArgument(FieldViolation("page_token", _BAD_TOKEN))
    return tuple(raw[1:])


def keyset_page(
    items: Sequence[T],
    key: Callable[[T], tuple[str, ...]],
    *,
    page_token: str,
    page_size: int,
    bound: str,
    descending: bool = False,
) -> Page[T]:
    """One page of `items` in the order of `key` (unique per item), resuming strictly after the token's cursor.

    The cursor is the key of the last item served, not a position, so items written or removed between two
    calls never shift a page: nothing repeats, and nothing that existed throughout is skipped.
    """
    size = page_size_of(page_size)
    ordered = sorted(items, key=key, reverse=descending)
    cursor = token_cursor(page_token, bound, len(key(ordered[0])) if ordered else None)
    if cursor is not None:
        ordered = [i for i in ordered if (key(i) < cursor if descending else key(i) > cursor)]
    chunk = tuple(ordered[:size])
    more = len(ordered) > size
    return Page(chunk, cursor_token(bound, key(chunk[-1])) if more and chunk else "")
