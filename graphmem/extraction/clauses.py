"""Clauses of a segment: the clause around a position (between the breaks `asides.breaks` finds), whether a span
overlaps one already read, and whether only discourse words open a clause before an imperative.
"""

from __future__ import annotations

import bisect
import re

from graphmem.extraction.asides import breaks
from graphmem.extraction.rule import Span

__all__ = ["bare_prefix", "clause_span", "overlaps"]

_F = re.IGNORECASE


def overlaps(taken: list[Span], start: int, end: int) -> bool:
    """Whether [start, end) overlaps a span of `taken` (sorted, disjoint, so ends are sorted too): only the last
    span starting before `end` can (a scan over all taken spans per match made a segment n²)."""
    i = bisect.bisect_left(taken, (end,))
    return i > 0 and taken[i - 1][1] > start


def clause_span(norm: str, pos: int) -> Span:
    """The clause around `pos`: from the end of the last break ending at or before it to the start of the
    first break starting at or after it (binary search: linear scans per match made a segment n²)."""
    starts, ends = breaks(norm)
    i = bisect.bisect_right(ends, pos)  # breaks 0..i-1 end at or before pos
    start = ends[i - 1] if i else 0
    j = bisect.bisect_left(starts, pos, lo=i)  # the first later break starting at or after pos
    return start, starts[j] if j < len(starts) else len(norm)


# Spaces between the words belong to the separator after a word only: with `\s*` before each word as well,
# "please please … zzz" could split every gap two ways and a failed match tried 2**n splits.
_BARE_PREFIX = re.compile(
    r"\s*(?:(?:please|and|also|so|ok|okay|oh|btw|hey|just|remember|note|but|then|alright|well)\b[\s,:]*)*", _F
)


def bare_prefix(norm: str, pos: int) -> bool:
    """True when only discourse words precede an imperative in its clause (no subject of its own)."""
    c_start, _ = clause_span(norm, pos)
    return bool(_BARE_PREFIX.fullmatch(norm[c_start:pos]))
