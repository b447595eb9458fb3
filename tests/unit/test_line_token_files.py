"""The per-partition token files: what is appended reads back for the same epoch, another epoch's file reads
as empty and is replaced by the next append, a torn last line is skipped, and dropping removes the file."""

from __future__ import annotations

from pathlib import Path

from graphmem.index.line_tokens import LineTokenFiles


def test_appended_tokens_read_back_for_their_epoch_only(tmp_path: Path) -> None:
    files = LineTokenFiles(tmp_path / "tokens")
    assert files.read("g1", 7) == {}
    files.append("g1", 7, [(1, "carolin support group"), (2, "卡罗 罗琳")])
    files.append("g1", 7, [(3, "")])
    assert files.read("g1", 7) == {1: "carolin support group", 2: "卡罗 罗琳", 3: ""}
    assert files.read("g1", 8) == {}  # the user was erased and written again: a new epoch
    files.append("g1", 8, [(1, "new words")])
    assert files.read("g1", 8) == {1: "new words"} and files.read("g1", 7) == {}


def test_a_torn_last_line_is_skipped_and_drop_removes_the_file(tmp_path: Path) -> None:
    files = LineTokenFiles(tmp_path)
    files.append("g1", 1, [(1, "one"), (2, "two")])
    path = tmp_path / "g1.tokens"
    with path.open("a", encoding="utf-8") as out:
        out.write("3")  # a crash in the middle of an append
    assert files.read("g1", 1) == {1: "one", 2: "two"}
    files.append("g1", 1, [(4, "four")])  # starts on a line of its own
    assert files.read("g1", 1) == {1: "one", 2: "two", 4: "four"}
    files.drop("g1")
    assert not path.exists() and files.read("g1", 1) == {}


def test_without_a_root_nothing_is_kept(tmp_path: Path) -> None:
    files = LineTokenFiles(None)
    files.append("g1", 1, [(1, "one")])
    assert files.read("g1", 1) == {} and list(tmp_path.iterdir()) == []
