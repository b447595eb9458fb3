"""The policy file: the built-in default validates; a malformed file names the key and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem.errors import PolicyError
from graphmem.policy import builtin_policy_text, load_policy, parse_policy


def test_builtin_policy_loads_with_every_query_kind() -> None:
    policy, source = load_policy(None)
    assert source == "builtin"
    assert {"default", "recall", "preference"} <= set(policy.rerank.kinds)
    assert policy.rerank.half_life_days >= 7
    assert policy.rerank.weights_for("recall").recency > policy.rerank.weights_for("default").recency
    assert policy.rerank.weights_for("preference").importance > policy.rerank.weights_for("default").importance


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (("half_life_days: 14", "half_life_days: 2"), "rerank.half_life_days"),
        (("  default: 0.3", "  default: 3"), "importance.default"),
        (("version: 1", "version: 1\nsurprise: true"), "surprise"),
        (("archive_after_days: 30", "archive_after_days: soon"), "lifecycle.archive_after_days"),
    ],
)
def test_malformed_policy_names_the_key(change: tuple[str, str], key: str) -> None:
    text = builtin_policy_text()
    assert change[0] in text
    with pytest.raises(PolicyError) as err:
        parse_policy(text.replace(change[0], change[1], 1), "policy.yaml")
    assert key in str(err.value)


def test_a_bad_regular_expression_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(builtin_policy_text().replace("'记住'", "'记住('"))
    with pytest.raises(PolicyError) as err:
        load_policy(path)
    assert "importance.rules.0.patterns" in str(err.value)


def test_not_yaml_is_reported(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="not valid YAML"):
        parse_policy("a: [unclosed", "x.yaml")


def test_the_policy_is_dumped_once_and_reads_back_as_itself() -> None:
    policy = parse_policy(builtin_policy_text(), "builtin")
    text = policy.to_yaml()
    assert policy.to_yaml() is text  # GetPolicy answers from the first dump (a dump costs milliseconds)
    assert parse_policy(text, "dumped") == policy
