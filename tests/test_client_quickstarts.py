"""The Go, TypeScript and Java snippets of README.md are verbatim excerpts of the clients' quickstarts (which
the as-launched stage runs), at most 15 lines each, so the README cannot drift from code that works."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUICKSTARTS = {
    "go": ROOT / "clients/go/examples/quickstart/main.go",
    "ts": ROOT / "clients/ts/examples/quickstart.ts",
    "java": ROOT / "clients/java/src/main/java/io/github/graphmem/examples/Quickstart.java",
}
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)


def stripped_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def readme_blocks(lang: str) -> list[str]:
    markdown = (ROOT / "README.md").read_text(encoding="utf-8")
    return [m.group(2) for m in FENCE.finditer(markdown) if m.group(1) == lang]


@pytest.mark.parametrize("lang", sorted(QUICKSTARTS))
def test_readme_snippet_is_an_excerpt_of_the_quickstart_in_at_most_15_lines(lang: str) -> None:
    (snippet,) = readme_blocks(lang)
    lines = stripped_lines(snippet)
    assert 0 < len(lines) <= 15, f"the README's {lang} quickstart has {len(lines)} lines"
    source = stripped_lines(QUICKSTARTS[lang].read_text(encoding="utf-8"))
    starts = [i for i in range(len(source)) if source[i : i + len(lines)] == lines]
    assert starts, f"README.md's {lang} snippet is not a verbatim excerpt of {QUICKSTARTS[lang].relative_to(ROOT)}"
