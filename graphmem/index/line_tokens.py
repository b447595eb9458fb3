"""Each episode's own-line lexical tokens, kept beside the vector files instead of in Neo4j.

One append-only file per partition, `<root>/<partition>.tokens`: a first line `epoch <n>` naming the partition's
epoch (when its `User` node was created, so a user erased and written again starts a new file), then one line
`<seq>\\t<tokens>` per episode. The tokens are a pure function of the episode's stored speaker and text
(`graphmem.memory.episodic.line_tokens`), so the file is a cache: a seq it lacks (another replica wrote it, the
file was lost) is tokenised again from Neo4j's text and appended. Seqs are never reused within an epoch, so a
deleted episode's line is harmless. Appends are single `write` calls on a file opened for appending.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger(__name__)

_HEADER = "epoch "


class LineTokenFiles:
    """The per-partition token files under `root` (None: nothing is kept and every reload tokenises)."""

    def __init__(self, root: Path | None) -> None:
        self._root = root
        self._lock = threading.Lock()

    def _path(self, partition: str) -> Path | None:
        return None if self._root is None else self._root / f"{partition}.tokens"

    def read(self, partition: str, epoch: int) -> dict[int, str]:
        """seq -> own-line tokens held for the partition's `epoch` (empty when none or another epoch's)."""
        path = self._path(partition)
        if path is None:
            return {}
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError:
            log.exception("token file could not be read; tokenising again")
            return {}
        lines = text.split("\n")
        if lines[0] != f"{_HEADER}{epoch}":
            return {}
        held: dict[int, str] = {}
        for line in lines[1:]:
            seq, tab, tokens = line.partition("\t")
            if tab and seq.isdigit():  # a torn last line (a crash mid-append) is skipped
                held[int(seq)] = tokens
        return held

    def append(self, partition: str, epoch: int, entries: Iterable[tuple[int, str]]) -> None:
        """Adds entries; a file of another epoch is replaced. Failing to write only costs a later re-tokenising."""
        path = self._path(partition)
        body = "".join(f"{seq}\t{tokens}\n" for seq, tokens in entries if "\n" not in tokens)
        if path is None or not body:
            return
        header = f"{_HEADER}{epoch}\n"
        try:
            with self._lock:
                path.parent.mkdir(parents=True, exist_ok=True)
                ours, torn = _file_state(path, header)
                if not ours:
                    tmp = path.with_suffix(".tokens.tmp")
                    tmp.write_text(header + body, encoding="utf-8")
                    os.replace(tmp, path)
                    return
                with path.open("ab") as out:  # after a torn append, start on a line of its own
                    out.write((("\n" if torn else "") + body).encode("utf-8"))
        except OSError:
            log.exception("token file could not be written; the next reload tokenises again")

    def drop(self, partition: str) -> None:
        path = self._path(partition)
        if path is not None:
            with self._lock:
                path.unlink(missing_ok=True)


def _file_state(path: Path, header: str) -> tuple[bool, bool]:
    """(the file exists with this header, its last line is torn)."""
    try:
        with path.open("rb") as f:
            if f.readline() != header.encode("utf-8"):
                return False, False
            f.seek(-1, os.SEEK_END)
            return True, f.read(1) != b"\n"
    except FileNotFoundError:
        return False, False
