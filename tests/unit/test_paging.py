"""Keyset pages: sizes clamped and refused as AIP-158 says, cursors that survive writes and removals between
calls, and tokens bound to their listing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graphmem import paging
from graphmem.errors import InvalidArgument

BOUND = paging.binding("test", "u1")


def key(n: int) -> tuple[str, ...]:
    return (f"{n:04d}",)


def walk(items: list[int], size: int, descending: bool = False) -> list[int]:
    out: list[int] = []
    token = ""
    while True:
        page = paging.keyset_page(items, key, page_token=token, page_size=size, bound=BOUND, descending=descending)
        out += page.items
        token = page.next_token
        if not token:
            return out


def test_pages_cover_every_item_once_in_both_directions() -> None:
    items = [5, 3, 9, 1, 7, 2]
    assert walk(items, 4) == sorted(items)
    assert walk(items, 1, descending=True) == sorted(items, reverse=True)
    assert walk([], 3) == []


def test_the_cursor_is_a_key_not_a_position() -> None:
    items = [1, 2, 3, 4, 5, 6]
    first = paging.keyset_page(items, key, page_token="", page_size=3, bound=BOUND)
    # item 1 removed and 0 inserted before the cursor, 10 after it: the next page neither repeats nor skips
    changed = [0, 2, 3, 4, 5, 6, 10]
    second = paging.keyset_page(changed, key, page_token=first.next_token, page_size=10, bound=BOUND)
    assert first.items == (1, 2, 3) and second.items == (4, 5, 6, 10) and second.next_token == ""


def test_page_size_is_clamped_above_the_maximum_and_refused_below_zero() -> None:
    assert paging.page_size_of(0) == 100
    assert paging.page_size_of(5000) == 1000
    with pytest.raises(InvalidArgument) as bad:
        paging.page_size_of(-1)
    assert [v.field for v in bad.value.violations] == ["page_size"]


@pytest.mark.parametrize("token", ["garbage!", "W10=", "WyJ4Il0=", "x" * 2000])
def test_garbage_tokens_are_refused_on_page_token(token: str) -> None:
    with pytest.raises(InvalidArgument) as bad:
        paging.keyset_page([1, 2], key, page_token=token, page_size=1, bound=BOUND)
    assert [v.field for v in bad.value.violations] == ["page_token"]


def test_a_token_serves_only_its_own_listing() -> None:
    token = paging.keyset_page([1, 2, 3], key, page_token="", page_size=1, bound=BOUND).next_token
    for items in ([1, 2, 3], []):
        with pytest.raises(InvalidArgument):
            paging.keyset_page(items, key, page_token=token, page_size=1, bound=paging.binding("test", "u2"))


def test_instant_keys_order_as_the_instants_do() -> None:
    t = datetime(2026, 1, 1, tzinfo=UTC)
    instants = [t + timedelta(microseconds=1), t, t - timedelta(days=400), t + timedelta(seconds=1)]
    assert sorted(instants, key=paging.instant_key) == sorted(instants)
