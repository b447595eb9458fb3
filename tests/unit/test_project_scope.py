"""A project fact said inside that project becomes the project's version of the user's attribute (so it wins
there), while a fact about another project keeps its own subject; a programming language or an editor the
user names is one current value of an attribute."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.scope import about_project


@pytest.mark.parametrize(
    ("text", "project_id"),
    [("项目B用 Kotlin 写。", "project-b"), ("记住项目B的技术栈是 Kotlin。", "B"), ("这个项目用 Kotlin 写。", "mobile")],
)
def test_a_project_fact_said_in_that_project_takes_the_users_key(
    extractor: RuleExtractor, text: str, project_id: str
) -> None:
    (fact,) = extractor.extract(text)
    assert fact.subject.startswith("project")
    assert about_project(fact, project_id).key == "user|uses_language"
    assert about_project(fact, project_id).value == "kotlin"


def test_a_fact_about_another_project_keeps_its_subject(extractor: RuleExtractor) -> None:
    (fact,) = extractor.extract("项目B用 Kotlin 写。")
    assert about_project(fact, "project-c").key == "project b|uses_language"
    assert about_project(fact, "").key == "project b|uses_language"


def test_the_users_language_and_editor_are_attributes_with_one_current_value(extractor: RuleExtractor) -> None:
    assert [f.key for f in extractor.extract("I mostly code in Kotlin.")] == ["user|uses_language"]
    assert [f.key for f in extractor.extract("我平时主要用 Kotlin 开发。")] == ["user|uses_language"]
    assert [(f.key, f.value) for f in extractor.extract("I switched to Neovim last year.")] == [
        ("user|editor", "neovim")
    ]
