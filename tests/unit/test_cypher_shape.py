"""The shape of graphmem's Cypher, read from the source of graphmem/storage/neo4j without a database: every
query is a plain string constant (no f-strings, `.format` or `%` building a query), values are `$parameters`
(the partition and ids never spliced in as literals), and every node label and relationship type is a member of
the closed enums of `schema.py`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from graphmem.storage.neo4j.schema import NodeLabel, RelType

STORAGE = Path(__file__).resolve().parents[2] / "graphmem" / "storage" / "neo4j"
CYPHER = re.compile(r"\b(MATCH|MERGE|DETACH DELETE|UNWIND|CREATE \()")
KEYWORDS = re.compile(r"\b(MATCH|MERGE|CREATE|SET|DELETE|RETURN|WHERE)\b")


def cypher_strings() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(STORAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CYPHER.search(node.value):
                found.append((path.name, node.lineno, node.value))
    return found


def test_there_is_cypher_to_check() -> None:
    files = {name for name, _, _ in cypher_strings()}
    assert {"facts.py", "episodes.py", "skills.py", "sessions.py", "maintenance.py", "audit.py"} <= files


def test_no_query_is_built_by_string_formatting() -> None:
    offenders = []
    for path in sorted(STORAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.JoinedStr) and KEYWORDS.search(ast.unparse(node)):
                offenders.append(f"{path.name}:{node.lineno} f-string")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format"
                and isinstance(node.func.value, ast.Constant)
                and KEYWORDS.search(str(node.func.value.value))
            ):
                offenders.append(f"{path.name}:{node.lineno} .format")
            if (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Mod)
                and isinstance(node.left, ast.Constant)
                and KEYWORDS.search(str(node.left.value))
            ):
                offenders.append(f"{path.name}:{node.lineno} %")
    assert offenders == []


def test_partition_and_ids_are_parameters_never_literals() -> None:
    literal = re.compile(r"\b(group_id|uuid|tenant_id|user_id)\s*(:|=)\s*['\"0-9]")
    offenders = [f"{name}:{line}" for name, line, text in cypher_strings() if literal.search(text)]
    assert offenders == []
    scoped = [text for _, _, text in cypher_strings() if re.search(r"group_id\s*(:|=)", text)]
    assert scoped and all("$" in text for text in scoped)  # the partition always comes in as a parameter


def test_labels_and_relationship_types_come_from_the_closed_enums() -> None:
    labels, types = set(), set()
    for _, _, text in cypher_strings():
        labels |= set(re.findall(r"\(\w*:(\w+)", text))
        types |= set(re.findall(r"\[\w*:(\w+)", text))
    assert labels and labels <= {label.value for label in NodeLabel}, labels - {label.value for label in NodeLabel}
    assert types and types <= {t.value for t in RelType}, types - {t.value for t in RelType}


def test_the_shape_checks_see_a_bad_query() -> None:
    assert re.search(r"\b(group_id)\s*(:|=)\s*['\"0-9]", "MATCH (e:Episodic {group_id: 'u_1'})")
    assert KEYWORDS.search(ast.unparse(ast.parse('f"MATCH (n {{id: {x}}})"').body[0]))
