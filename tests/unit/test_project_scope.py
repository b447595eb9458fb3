"""A project fact said inside that project becomes the project's version of the user's attribute (so it wins
there), while a fact about another project keeps its own subject; a programming language or an editor the
user names is one current value of an attribute."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import CandidateFact, FactKind, Predicate
from graphmem.extraction.scope import about_project, as_said, in_place_of, marked, set_aside, takes_place, unmarked


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


def test_a_value_set_aside_is_read_in_both_languages() -> None:
    text = "So in rowan, give me Podman commands and podman-compose, not Docker."
    assert set_aside(text, ["docker", "podman", "kubernetes"]) == [True, False, False]
    assert set_aside("在荔枝里画图都按G2来，别给我整ECharts，记着", ["echarts", "g2"]) == [True, False]
    assert set_aside("这个项目不用Pinia了，统一Vuex", ["pinia", "vuex"]) == [True, False]
    assert set_aside("I use Docker for everything", ["docker"]) == [False]
    assert set_aside("not dockerfile related", ["docker"]) == [False]  # a word, not a part of one


def test_a_project_value_takes_the_place_of_the_users_value_it_sets_aside() -> None:
    antv = CandidateFact(
        "user", Predicate.USES_TECH, "antv", True, FactKind.ATTRIBUTE, "the project uses antv", "统一用AntV", 0.8,
        False, "zh", scope_hint="project",
    )  # fmt: skip
    note = CandidateFact(
        "user", Predicate.NOTE, "在荔枝里画图都按G2来，别给我整ECharts", True, FactKind.ATTRIBUTE, "note",
        "在荔枝里画图都按G2来，别给我整ECharts", 0.9, True, "zh",
    )  # fmt: skip
    held = [("user|uses_tool|echarts", "uses_tool", "echarts"), ("user|location", "location", "杭州")]
    out = in_place_of([antv, note], held, [True, False])
    assert [(c.key, c.value) for c in out] == [("user|uses_tool|echarts", "antv")]  # the note that quoted it went
    # no value of the kind said: the note takes the place, without the words that named the value
    assert [(c.key, c.value) for c in in_place_of([note], held, [True, False])] == [
        ("user|uses_tool|echarts", "在荔枝里画图都按G2来")
    ]
    assert not takes_place(note, "uses_tool") and takes_place(antv, "uses_language")


def test_a_project_note_takes_the_place_of_the_users_value_it_sets_aside_without_naming_it() -> None:
    note = CandidateFact(
        "user", Predicate.NOTE, "in gneiss, give me .gitlab-ci.yml, not github actions workflows", True,
        FactKind.ATTRIBUTE, "user asked to remember: in gneiss, give me .gitlab-ci.yml, not github actions workflows",
        "In gneiss, give me .gitlab-ci.yml, not GitHub Actions workflows.", 0.9, True, "en", scope_hint="project",
    )  # fmt: skip
    held = [("user|stack:ci", "uses_tech", "github actions")]
    (out,) = in_place_of([note], held, [True])
    assert (out.key, out.value) == ("user|stack:ci", "in gneiss, give me .gitlab-ci.yml")
    assert "github" not in out.fact
    # a note that names nothing else keeps its own key
    bare = CandidateFact(
        "user", Predicate.NOTE, "not github actions", True, FactKind.ATTRIBUTE, "note", "Not GitHub Actions.", 0.9,
        True, "en", scope_hint="project",
    )  # fmt: skip
    assert in_place_of([bare], held, [True]) == [bare]


def test_a_project_called_by_its_id_alone_is_read_as_the_project(extractor: RuleExtractor) -> None:
    text = "Heads up: rowan runs on Podman, rootless. So in Rowan, give me Podman commands, not Docker."
    read = marked(text, "rowan")
    assert (
        read
        == "Heads up: project rowan runs on Podman, rootless. So in project Rowan, give me Podman commands, not Docker."
    )
    facts = [as_said(c, "rowan") for c in extractor.extract(read)]
    podman = next(f for f in facts if f.value == "podman")
    assert about_project(podman, "rowan").key == "user|uses_tech|podman"
    assert all(f.evidence in text for f in facts)  # quotes as the user wrote them
    assert unmarked("in project Rowan, give me", "rowan") == "in Rowan, give me"
    # an id that is no plain word, a text that calls it a project already, a word inside another: unchanged
    assert marked("项目A用Rust写", "项目A") == "项目A用Rust写"
    assert marked("the rowan project runs on Podman", "rowan") == "the rowan project runs on Podman"
    assert marked("rowans-fork runs on Podman", "rowan") == "rowans-fork runs on Podman"


def test_setting_aside_reads_only_the_values_the_text_names() -> None:
    values = [f"tool{i}" for i in range(5000)] + ["docker"]
    assert set_aside("give me Podman commands, not Docker", values) == [False] * 5000 + [True]
