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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from graphmem.index.partition_index import COLUMNS, SavedPartition
from graphmem.retrieval.lexical import BM25Arrays

log = logging.getLogger(__name__)

_FORMAT = 2


@dataclass(frozen=True)
class SnapshotStamp:
    """The stored state a saved partition reflects (see the module docstring)."""

    epoch: int
    writes: int
    max_seq: int
    count: int


def _text(value: object) -> npt.NDArray[np.uint8]:
    return np.frombuffer(json.dumps(value, ensure_ascii=False).encode("utf-8"), dtype=np.uint8)


def _untext(array: npt.NDArray[np.uint8]) -> object:
    return json.loads(array.tobytes().decode("utf-8"))


def encode(stamp: SnapshotStamp, saved: SavedPartition) -> bytes:
    """The archive's bytes: the partition's columns, its string table (JSON), its terms (newline-separated:
    a token never holds whitespace) and its BM25 documents."""
    arrays: dict[str, npt.NDArray[Any]] = {f"col_{name}": saved.columns[name] for name, _ in COLUMNS}
    arrays["stamp"] = _text({"format": _FORMAT, **stamp.__dict__})
    arrays["strings"] = _text(saved.strings)
    arrays["terms"] = np.frombuffer("\n".join(saved.lexical.terms).encode("utf-8"), dtype=np.uint8)
    arrays["ids"] = saved.lexical.ids
    arrays["offsets"] = saved.lexical.offsets
    arrays["pairs"] = saved.lexical.pairs
    arrays["watermark"] = np.array([saved.watermark], dtype=np.int64)
    out = io.BytesIO()
    np.savez(out, allow_pickle=False, **arrays)
    return out.getvalue()


def decode(data: bytes, stamp: SnapshotStamp) -> SavedPartition | None:
    """The saved partition when the archive's stamp is `stamp`, else None. Raises ValueError (or KeyError,
    zipfile.BadZipFile, UnicodeDecodeError) when the archive is malformed; whether its parts fit together is
    checked when it is restored."""
    with np.load(io.BytesIO(data), allow_pickle=False) as saved:
        if _untext(saved["stamp"]) != {"format": _FORMAT, **stamp.__dict__}:
            return None
        strings = _untext(saved["strings"])
        if not isinstance(strings, list) or not all(isinstance(s, str) for s in strings):
            raise ValueError("saved partition: bad string table")
        raw_terms = saved["terms"].tobytes().decode("utf-8")
        columns = {name: saved[f"col_{name}"] for name, _ in COLUMNS}
        ids, offsets, pairs = saved["ids"], saved["offsets"], saved["pairs"]
        watermark = saved["watermark"]
    if watermark.shape != (1,):
        raise ValueError("saved partition: bad watermark")
    if offsets.shape != (ids.shape[0] + 1,) or pairs.ndim != 2 or pairs.shape[1:] != (2,):
        raise ValueError("saved partition: bad lexical arrays")
    terms = raw_terms.split("\n") if raw_terms else []
    return SavedPartition(columns, strings, BM25Arrays(terms, ids, offsets, pairs), int(watermark[0]))


class PartitionSnapshots:
    """The saved partitions under `root` (None: nothing is saved and every reload reads Neo4j)."""

    def __init__(self, root: Path | None) -> None:
        self._root = root
        self._lock = threading.Lock()

    def _path(self, partition: str) -> Path | None:
        return None if self._root is None else self._root / f"{partition}.npz"

    def write(self, partition: str, stamp: SnapshotStamp, saved: SavedPartition) -> bool:
        """Saves (replaces) the partition's file atomically; returns whether it did. Failing to write only costs
        a later Neo4j read."""
        path = self._path(partition)
        if path is None:
            return False
        try:
            data = encode(stamp, saved)
            with self._lock:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # replicas sharing a data dir never clash
                tmp.write_bytes(data)
                os.replace(tmp, path)
        except OSError:
            log.exception("saved partition could not be written; its next reload reads Neo4j")
            return False
        return True

    def read(self, partition: str, stamp: SnapshotStamp) -> SavedPartition | None:
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
