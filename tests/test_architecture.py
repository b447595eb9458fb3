"""Architecture rules: no grpc in the library (except the generated stubs and the client package), Cypher only
in storage/neo4j, no grab-bag modules, the domain<->protobuf mapping only in graphmem/wire.py, the MCP gateway
only through the client, the server only through the service's methods, the public surfaces pinned, no package
cycles inside graphmem/, and no six identical lines of code twice in graphmem/ or server/."""

from __future__ import annotations

import re
from pathlib import Path

import graphmem

ROOT = Path(__file__).resolve().parent.parent
LIB = ROOT / "graphmem"
WIRE = set((LIB / "client").rglob("*.py"))
CYPHER = re.compile(r"\b(MATCH|MERGE)\s*\(|CREATE\s+(CONSTRAINT|INDEX|FULLTEXT|VECTOR)|DETACH DELETE")


def library_modules() -> list[Path]:
    return [p for p in LIB.rglob("*.py") if "v1" not in p.relative_to(LIB).parts]


def test_no_grpc_import_in_the_library() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in library_modules()
        if p not in WIRE and re.search(r"^\s*(import grpc|from grpc)", p.read_text(), re.M)
    ]
    assert offenders == []


def test_cypher_only_in_storage_neo4j() -> None:
    storage = LIB / "storage" / "neo4j"
    offenders = [
        str(p.relative_to(ROOT))
        for p in [*library_modules(), *(ROOT / "server").rglob("*.py")]
        if storage not in p.parents and CYPHER.search(p.read_text())
    ]
    assert offenders == []


def test_no_grab_bag_modules() -> None:
    names = {p.stem for p in [*LIB.rglob("*.py"), *(ROOT / "server").rglob("*.py")]}
    assert names.isdisjoint({"utils", "helpers", "common", "misc"})


def test_public_surface_is_pinned() -> None:
    assert sorted(graphmem.__all__) == ["GraphmemError", "__version__"]


def test_the_wire_mapping_is_written_once() -> None:
    mapping = re.compile(r"^def \w+_(to|from)_pb\(", re.M)
    offenders = [
        str(p.relative_to(ROOT))
        for p in [*library_modules(), *(ROOT / "server").rglob("*.py")]
        if p != LIB / "wire.py" and mapping.search(p.read_text())
    ]
    assert offenders == []
    assert not re.search(r"^\s*(import grpc|from grpc)", (LIB / "wire.py").read_text(), re.M)
    assert not re.search(r"^\s*(import grpc|from grpc)", (LIB / "calls.py").read_text(), re.M)


def test_the_mcp_gateway_reaches_memory_only_through_the_client() -> None:
    gateway = (ROOT / "server" / "mcp_gateway.py").read_text()
    imported = set(re.findall(r"^\s*(?:from|import) (graphmem[\w.]*)", gateway, re.M))
    assert imported <= {"graphmem.client", "graphmem.config", "graphmem.errors", "graphmem.model"}
    assert not [p for p in library_modules() if re.search(r"^\s*(import mcp|from mcp)", p.read_text(), re.M)]


def test_the_server_reaches_the_service_only_through_its_methods() -> None:
    """The service owns its layers and background workers: server/ never reaches through it into one of them."""
    parts = re.compile(r"service\.(episodic|semantic|procedural|working|hits|maintenance)\b")
    offenders = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in (ROOT / "server").rglob("*.py")
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if parts.search(line)
    ]
    assert offenders == []


def test_client_surface_is_pinned() -> None:
    import graphmem.client

    assert sorted(graphmem.client.__all__) == [
        "AsyncMemoryClient",
        "BaseClient",
        "ClientScope",
        "ClientTLS",
        "FactScopeFilter",
        "GraphmemClientError",
        "InvalidArgumentError",
        "Layer",
        "MemoryClient",
        "Message",
        "NewEpisode",
        "NewSkill",
        "NotFoundError",
        "PolicyInfo",
        "TimeRange",
        "UnauthenticatedError",
        "UnavailableError",
    ]


IMPORT = re.compile(r"^\s*(?:from|import) graphmem\.(\w+)", re.M)


def package_graph() -> dict[str, set[str]]:
    """Which packages (or top-level modules) of graphmem/ import which others, lazy imports included."""
    graph: dict[str, set[str]] = {}
    for path in library_modules():
        parts = path.relative_to(LIB).with_suffix("").parts
        source = parts[0]
        graph.setdefault(source, set()).update(t for t in IMPORT.findall(path.read_text()) if t != source)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_package_cycles_inside_the_library() -> None:
    assert cycles(package_graph()) == []


def test_the_cycle_finder_sees_a_cycle() -> None:
    assert cycles({"memory": {"lifecycle", "model"}, "lifecycle": {"memory"}, "model": set()}) == [
        ["lifecycle", "memory"]
    ]
    assert package_graph()["memory"] >= {"retrieval", "storage"}  # the graph is read from the real imports


SKIPPED_LINE = re.compile(r"^(#.*|[\[\](){},:;]*|(from|import)\s.*)$")
# A dataclass field (`name: type` or with a plain default) declares data, not a rule: two types may share fields.
FIELD_LINE = re.compile(r"^\w+: [\w\[\], .|\"']+( = ([\w.\"']*|\(\)|field\(.*\)))?$")
BLOCK = 6


def code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of code of a file with their numbers, white space folded. Passed over: blank lines, comments,
    lone punctuation, import statements (parenthesised ones too), dataclass fields, and protocol stubs with their
    decorators (a signature whose body is `...` restates its implementation's by design)."""
    kept: list[tuple[int, str]] = []
    pending: list[tuple[int, str]] = []  # the lines of a signature being read
    in_import = False
    for number, line in enumerate(path.read_text().splitlines(), 1):
        folded = " ".join(line.split())
        if in_import:
            in_import = not folded.startswith(")")
        elif re.match(r"(from|import)\s.*\($", folded):
            in_import = True
        elif pending or re.match(r"@|(async )?def \w+\(", folded):  # decorators go with their function
            pending.append((number, folded))
            if folded.endswith(": ..."):
                pending = []
            elif folded.endswith(":"):
                kept += [(n, text) for n, text in pending if not SKIPPED_LINE.match(text)]
                pending = []
        elif folded and not SKIPPED_LINE.match(folded) and not FIELD_LINE.match(folded):
            kept.append((number, folded))
    return kept


def blocks(path: Path) -> list[tuple[tuple[str, ...], int]]:
    """Every run of `BLOCK` consecutive lines of code, with the line number it starts on."""
    kept = code_lines(path)
    return [(tuple(text for _, text in kept[i : i + BLOCK]), kept[i][0]) for i in range(len(kept) - BLOCK + 1)]


def repeated_blocks(paths: list[Path], root: Path = ROOT) -> list[str]:
    """One line per pair of files sharing a block: where the first shared block stands in each."""
    seen: dict[tuple[str, ...], tuple[Path, int]] = {}
    pairs: dict[tuple[Path, Path], str] = {}
    for path in paths:
        for block, line in blocks(path):
            if block not in seen:
                seen[block] = (path, line)
                continue
            first, first_line = seen[block]
            where = f"{first.relative_to(root)}:{first_line} ~ {path.relative_to(root)}:{line}"
            pairs.setdefault((first, path), where)
    return sorted(pairs.values())


def test_no_six_identical_lines_twice_in_library_or_server() -> None:
    """Each rule is written once: no run of six identical code lines stands twice in graphmem/ or server/."""
    paths = sorted([*library_modules(), *(ROOT / "server").rglob("*.py")])
    assert repeated_blocks(paths) == []


def test_the_repeat_finder_sees_a_repeat(tmp_path: Path) -> None:
    body = "".join(f"x{i} = f({i})\n" for i in range(BLOCK))
    (tmp_path / "a.py").write_text("import os\nfrom x import (\n    y,\n)\n" + body)
    (tmp_path / "b.py").write_text("y = 1\n\n# a comment\n" + body.replace("x2", "    x2"))
    assert len(blocks(tmp_path / "a.py")) == 1
    assert repeated_blocks([tmp_path / "a.py", tmp_path / "b.py"], tmp_path) == ["a.py:5 ~ b.py:4"]
    stub = "    async def get(\n" + "".join(f"        {name},\n" for name in ("self", *"abcd")) + "    ) -> int: ...\n"
    fields = "".join(f"    f{i}: int = 0\n" for i in range(BLOCK))
    (tmp_path / "c.py").write_text(f"class P(Protocol):\n{stub}\n\nclass D:\n{fields}")
    assert code_lines(tmp_path / "c.py") == [(1, "class P(Protocol):"), (11, "class D:")]
