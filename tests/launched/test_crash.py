"""SIGKILL `graphmem serve` mid-write three times: no acknowledged episode is lost, and once the side indexes
catch up every acknowledged episode is found by its unique token (tests/launched/crash.py has the drill)."""

from __future__ import annotations

from pathlib import Path

from tests.launched.crash import crash_drill
from tests.launched.serve import error_lines


def test_three_sigkills_mid_write_lose_no_acknowledged_episode(tmp_path: Path) -> None:
    report = crash_drill(tmp_path, kills=3, writers=3, users=3, writes_per_round=8)
    assert report.kills == 3
    assert len(report.acknowledged) >= 24
    assert report.lost == [], f"{len(report.lost)} of {len(report.acknowledged)} acknowledged episodes lost"
    assert report.unfound == [], f"Search never found {len(report.unfound)} acknowledged tokens: {report.unfound[:5]}"
    # the restarts (over a database and data directory left by a kill) logged no error
    assert error_lines(tmp_path / "graphmem-serve.log") == []
    print(
        f"crash: {report.kills} SIGKILLs, {len(report.acknowledged)} acknowledged, {report.refused} refused, "
        f"0 lost, side indexes caught up in {report.catch_up_seconds:.1f}s"
    )
