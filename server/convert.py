"""The server-only conversions: what the wire mapping (`graphmem.wire`) cannot know, such as the summary of a
maintenance report that callers receive."""

from __future__ import annotations

from graphmem.lifecycle.runner import STEPS, MaintenanceReport
from graphmem.model import MaintenanceRun, MaintenanceStepResult


def maintenance_run(report: MaintenanceReport) -> MaintenanceRun:
    """One result per step in the order steps run: the ids changed over every user of the run."""
    steps = []
    for name in STEPS:
        ids = tuple(i for u in report.users for s in (u.step(name),) for i in (*s.episodes, *s.facts, *s.entities))
        steps.append(MaintenanceStepResult(step=name, count=len(ids), ids=ids, millis=report.seconds_of(name) * 1000))
    return MaintenanceRun(run_id=report.run_id, dry_run=report.dry_run, steps=tuple(steps))
