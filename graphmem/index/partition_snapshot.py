"""A user's evicted lexical partition, saved beside the vector files so that reloading it reads nothing from Neo4j.

One file per partition, `<root>/<partition>.npz` (numpy's uncompressed archive, no pickled objects): the
episodes' ranking facts as columns, their BM25 documents as flat arrays (`BM25Arrays`), and a stamp naming the
stored state they reflect — the user's epoch (when its `User` node was created), write version
(`User.writes`, bumped by every transaction that adds, deletes, archives or restores the user's episodes),
newest seq and active episode count. The file is a cache: it is used only when the stamp equals the state Neo4j
holds now, and otherwise ignored (and replaced at the next eviction); a file that cannot be read, or whose parts
do not fit together, is ignored the same way and the partition is rebuilt from Neo4j.
"""

from __future__ import annotations

import io
import json
import logging
import os
import threading
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from graphmem.model import EpisodeFeatures, TimeRange
from graphmem.retrieval.lexical import BM25Arrays

log = logging.getLogger(__name__)

_FORMAT = 1
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_NONE = np.iinfo(np.int64).min
"""An absent event bound."""


@dataclass(frozen=True)
class SnapshotStamp:
    """The stored state a saved partition reflects (see the module docstring)."""

    epoch: int
    writes: int
    max_seq: int
    count: int


def _micros(at: datetime | None) -> int:
    return int(_NONE) if at is None else (at - _EPOCH) // timedelta(microseconds=1)


def _time(micros: int) -> datetime | None:
    return None if micros == _NONE else _EPOCH + timedelta(microseconds=micros)


def _text(value: object) -> npt.NDArray[np.uint8]:
    return np.frombuffer(json.dumps(value, ensure_ascii=False).encode("utf-8"), dtype=np.uint8)


def _untext(array: npt.NDArray[np.uint8]) -> object:
    return json.loads(array.tobytes().decode("utf-8"))


class _Strings:
    """Interns strings as codes into one table."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self._codes: dict[str, int] = {}

    def code(self, value: str) -> int:
        found = self._codes.get(value)
        if found is None:
            found = self._codes[value] = len(self.table)
            self.table.append(value)
        return found


def encode(stamp: SnapshotStamp, rows: Sequence[EpisodeFeatures], lexical: BM25Arrays) -> bytes:
    """The archive's bytes."""
    strings = _Strings()
    events = [row.event for row in rows]
    columns: dict[str, npt.NDArray[Any]] = {
        "seq": np.array([row.seq for row in rows], dtype=np.int64),
        "occurred": np.array([_micros(row.occurred_at) for row in rows], dtype=np.int64),
        "importance": np.array([row.importance for row in rows], dtype=np.float64),
        "session": np.array([strings.code(row.session_id) for row in rows], dtype=np.int32),
        "project": np.array([strings.code(row.project_id) for row in rows], dtype=np.int32),
        "event_type": np.array([strings.code(row.event_type) for row in rows], dtype=np.int32),
        "speaker": np.array([strings.code(row.speaker) for row in rows], dtype=np.int32),
        "has_event": np.array([e is not None for e in events], dtype=np.bool_),
        "event_start": np.array([_micros(e.start if e else None) for e in events], dtype=np.int64),
        "event_end": np.array([_micros(e.end if e else None) for e in events], dtype=np.int64),
        "ids": lexical.ids.astype(np.int64, copy=False),
        "offsets": lexical.offsets.astype(np.int64, copy=False),
        "pairs": lexical.pairs.astype(np.int32, copy=False),
    }
    columns["stamp"] = _text({"format": _FORMAT, **stamp.__dict__})
    columns["strings"] = _text(strings.table)
    columns["terms"] = np.frombuffer("\n".join(lexical.terms).encode("utf-8"), dtype=np.uint8)
    out = io.BytesIO()
    np.savez(out, allow_pickle=False, **columns)
    return out.getvalue()


def decode(data: bytes | Path, stamp: SnapshotStamp) -> tuple[list[EpisodeFeatures], BM25Arrays] | None:
    """The saved rows and lexical documents when the archive's stamp is `stamp`, else None. Raises ValueError
    (or KeyError, zipfile.BadZipFile) when the archive is malformed."""
    source = io.BytesIO(data) if isinstance(data, bytes) else data
    with np.load(source, allow_pickle=False) as saved:
        if _untext(saved["stamp"]) != {"format": _FORMAT, **stamp.__dict__}:
            return None
        strings = _untext(saved["strings"])
        if not isinstance(strings, list) or not all(isinstance(s, str) for s in strings):
            raise ValueError("saved partition: bad string table")
        raw_terms = saved["terms"].tobytes().decode("utf-8")
        terms = raw_terms.split("\n") if raw_terms else []
        col = {name: saved[name] for name in saved.files if name not in ("stamp", "strings", "terms")}
    n = col["seq"].shape[0]
    if any(
        col[name].shape != (n,)
        for name in (
            "occurred",
            "importance",
            "session",
            "project",
            "event_type",
            "speaker",
            "has_event",
            "event_start",
            "event_end",
        )
    ):
        raise ValueError("saved partition: columns of different lengths")
    codes = np.concatenate([col[name] for name in ("session", "project", "event_type", "speaker")])
    if codes.size and (int(codes.min()) < 0 or int(codes.max()) >= len(strings)):
        raise ValueError("saved partition: a string code out of range")
    rows = [
        EpisodeFeatures(
            seq=seq,
            occurred_at=_EPOCH + timedelta(microseconds=occurred),
            importance=importance,
            session_id=strings[session],
            project_id=strings[project],
            event_type=strings[event_type],
            event=TimeRange(_time(start), _time(end)) if has_event else None,
            speaker=strings[speaker],
        )
        for seq, occurred, importance, session, project, event_type, speaker, has_event, start, end in zip(
            col["seq"].tolist(),
            col["occurred"].tolist(),
            col["importance"].tolist(),
            col["session"].tolist(),
            col["project"].tolist(),
            col["event_type"].tolist(),
            col["speaker"].tolist(),
            col["has_event"].tolist(),
            col["event_start"].tolist(),
            col["event_end"].tolist(),
            strict=True,
        )
    ]
    if len(col["offsets"]) != len(col["ids"]) + 1 or col["pairs"].ndim != 2 or col["pairs"].shape[1:] != (2,):
        raise ValueError("saved partition: bad lexical arrays")
    return rows, BM25Arrays(terms, col["ids"], col["offsets"], col["pairs"])


class PartitionSnapshots:
    """The saved partitions under `root` (None: nothing is saved and every reload reads Neo4j)."""

    def __init__(self, root: Path | None) -> None:
        self._root = root
        self._lock = threading.Lock()

    def _path(self, partition: str) -> Path | None:
        return None if self._root is None else self._root / f"{partition}.npz"

    def write(self, partition: str, stamp: SnapshotStamp, rows: Sequence[EpisodeFeatures], lexical: BM25Arrays) -> None:
        """Saves (replaces) the partition's file atomically. Failing to write only costs a later Neo4j read."""
        path = self._path(partition)
        if path is None:
            return
        try:
            data = encode(stamp, rows, lexical)
            with self._lock:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(".npz.tmp")
                tmp.write_bytes(data)
                os.replace(tmp, path)
        except OSError:
            log.exception("saved partition could not be written; its next reload reads Neo4j")

    def read(self, partition: str, stamp: SnapshotStamp) -> tuple[list[EpisodeFeatures], BM25Arrays] | None:
        """The saved partition when its stamp is `stamp`; None when there is none, it is stale or unreadable."""
        path = self._path(partition)
        if path is None:
            return None
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            log.exception("saved partition could not be read; reading Neo4j")
            return None
        try:
            return decode(data, stamp)
        except (ValueError, KeyError, zipfile.BadZipFile, UnicodeDecodeError):
            log.warning("saved partition is malformed; reading Neo4j", extra={"partition": partition})
            return None

    def drop(self, partition: str) -> None:
        path = self._path(partition)
        if path is not None:
            with self._lock:
                path.unlink(missing_ok=True)
