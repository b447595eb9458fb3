"""Whether a statement limits itself to the current project ("in this project", "这个项目里"): such a fact
would not hold in another project, so it is project memory."""

from __future__ import annotations

import re

_PROJECT_SCOPED = re.compile(
    r"(\b(in|for|on) (this|the|our) (project|repo|repository|codebase)\b|\bproject[- ]wide\b|"
    r"(这个|本|该|此)(项目|仓库|工程)(里|中|内|上)?)",
    re.IGNORECASE,
)


def project_scoped(text: str) -> bool:
    """True when the text says its statement is about the current project only."""
    return _PROJECT_SCOPED.search(text) is not None
