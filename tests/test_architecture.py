"""Architecture rules: no grpc in the library (except the generated stubs and the client package), Cypher only
in storage/neo4j, no grab-bag modules, the domain<->protobuf mapping only in graphmem/wire.py, the MCP gateway
only through the client, and the public surfaces pinned."""

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
