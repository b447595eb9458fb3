"""Which projects a scope reads from: the user's own memories (project "") and, when the scope names a
project, that project's; a filter narrows this to one side."""

from __future__ import annotations

from graphmem.model import FactScopeFilter, Scope

__all__ = ["visible_projects"]


def visible_projects(scope: Scope, which: FactScopeFilter = FactScopeFilter.BOTH) -> list[str]:
    """The project ids to read ("" = the user's own): both sides unless `which` names one."""
    if which == FactScopeFilter.USER or not scope.project_id:
        return [""]
    if which == FactScopeFilter.PROJECT:
        return [scope.project_id]
    return ["", scope.project_id]
