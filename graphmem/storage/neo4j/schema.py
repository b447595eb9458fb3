"""Schema migrations: constraints and indexes created idempotently, with a version marker in the graph.

Each migration is a numbered list of statements that are safe to run again (`IF NOT EXISTS`). The marker
node `(:GraphmemSchema {id: 'graphmem'})` records the highest version applied and when.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from graphmem.storage.neo4j.driver import Neo4jGraph

log = logging.getLogger(__name__)


class NodeLabel(StrEnum):
    """Every node label graphmem's Cypher reads or writes (the Cypher shape test holds the queries to it)."""

    AUDIT_EVENT = "AuditEvent"
    ENTITY = "Entity"
    EPISODIC = "Episodic"
    EXTRACTION_PENDING = "ExtractionPending"
    FACT_KEY = "FactKey"
    GRAPHMEM_SCHEMA = "GraphmemSchema"
    MAINTENANCE_LOCK = "MaintenanceLock"
    PROCEDURE = "Procedure"
    PROCEDURE_KEY = "ProcedureKey"
    SESSION = "Session"
    USER = "User"
    USER_FENCE = "UserFence"
    WORKING_SESSION = "WorkingSession"


class RelType(StrEnum):
    """Every relationship type graphmem's Cypher reads or writes."""

    APPLIES_TO = "APPLIES_TO"
    DISTILLED_INTO = "DISTILLED_INTO"
    IN_SESSION = "IN_SESSION"
    MENTIONS = "MENTIONS"
    NEXT = "NEXT"
    NEXT_VERSION = "NEXT_VERSION"
    OUTCOME = "OUTCOME"
    RELATES_TO = "RELATES_TO"
    TAUGHT_BY = "TAUGHT_BY"


@dataclass(frozen=True)
class Migration:
    """One schema step: `statements` are idempotent named CREATE/DROP ... IF [NOT] EXISTS and run at a start
    that finds the graph below the latest version or missing an index or constraint; `backfill` rewrites existing data
    and runs once, when the graph's recorded version is below this step's."""

    version: int
    description: str
    statements: tuple[str, ...]
    backfill: tuple[str, ...] = ()


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "episodes, sessions and users",
        (
            "CREATE CONSTRAINT graphmem_schema_id IF NOT EXISTS FOR (n:GraphmemSchema) REQUIRE n.id IS UNIQUE",
            "CREATE CONSTRAINT episodic_uuid IF NOT EXISTS FOR (n:Episodic) REQUIRE n.uuid IS UNIQUE",
            "CREATE CONSTRAINT episodic_key IF NOT EXISTS FOR (n:Episodic) REQUIRE (n.group_id, n.key) IS UNIQUE",
            "CREATE CONSTRAINT user_group IF NOT EXISTS FOR (n:User) REQUIRE n.group_id IS UNIQUE",
            "CREATE CONSTRAINT session_key IF NOT EXISTS FOR (n:Session) REQUIRE (n.group_id, n.session_id) IS UNIQUE",
            "CREATE INDEX episodic_group_time IF NOT EXISTS FOR (n:Episodic) ON (n.group_id, n.valid_at)",
            "CREATE INDEX episodic_group_seq IF NOT EXISTS FOR (n:Episodic) ON (n.group_id, n.seq)",
        ),
    ),
    Migration(
        2,
        "lexical search moved to the in-process BM25 side index",
        ("DROP INDEX episodic_lexical IF EXISTS",),
    ),
    Migration(
        3,
        "semantic facts: entity identity, key locks, fact lookups, extraction queue",
        (
            "CREATE CONSTRAINT entity_name_key IF NOT EXISTS FOR (n:Entity) REQUIRE (n.group_id, n.name_key) IS UNIQUE",
            "CREATE CONSTRAINT fact_key_lock IF NOT EXISTS FOR (n:FactKey) REQUIRE (n.group_id, n.scope_key, n.key) IS UNIQUE",
            "CREATE INDEX relates_to_uuid IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.group_id, r.uuid)",
            "CREATE INDEX relates_to_key IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.group_id, r.fact_key)",
            "CREATE INDEX relates_to_status IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.group_id, r.status)",
            # (the extraction queue's index on `extraction_status` created here is replaced by a label in version 9)
            # graphiti-core's full-text index over facts, created with the CJK analyzer so that its BM25 search
            # works for Chinese facts too (graphiti's own `IF NOT EXISTS` then leaves it as is).
            "CREATE FULLTEXT INDEX edge_name_and_fact IF NOT EXISTS FOR ()-[e:RELATES_TO]-() ON EACH [e.name, e.fact, e.group_id]"
            " OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}",
        ),
    ),
    Migration(
        4,
        "procedural memory: skill versions, their per-name locks and lookups",
        (
            "CREATE CONSTRAINT procedure_uuid IF NOT EXISTS FOR (n:Procedure) REQUIRE n.uuid IS UNIQUE",
            "CREATE CONSTRAINT procedure_version IF NOT EXISTS FOR (n:Procedure)"
            " REQUIRE (n.group_id, n.scope_key, n.name, n.version) IS UNIQUE",
            "CREATE CONSTRAINT procedure_key_lock IF NOT EXISTS FOR (n:ProcedureKey)"
            " REQUIRE (n.group_id, n.scope_key, n.name) IS UNIQUE",
            "CREATE INDEX procedure_group_name IF NOT EXISTS FOR (n:Procedure) ON (n.group_id, n.name)",
            "CREATE INDEX procedure_group_latest IF NOT EXISTS FOR (n:Procedure) ON (n.group_id, n.is_latest)",
        ),
    ),
    Migration(
        5,
        "working-memory sessions: one WorkingSession node per (user, session)",
        (
            "CREATE CONSTRAINT working_session_key IF NOT EXISTS FOR (n:WorkingSession)"
            " REQUIRE (n.group_id, n.session_id) IS UNIQUE",
        ),
    ),
    Migration(
        6,
        "lifecycle: audit trail, maintenance leases, archive and hit lookups",
        (
            "CREATE CONSTRAINT audit_event_uuid IF NOT EXISTS FOR (n:AuditEvent) REQUIRE n.uuid IS UNIQUE",
            "CREATE INDEX audit_event_memory IF NOT EXISTS FOR (n:AuditEvent) ON (n.group_id, n.memory_id)",
            "CREATE INDEX audit_event_group_at IF NOT EXISTS FOR (n:AuditEvent) ON (n.group_id, n.at)",
            "CREATE INDEX audit_event_run IF NOT EXISTS FOR (n:AuditEvent) ON (n.run_id)",
            "CREATE CONSTRAINT maintenance_lock_key IF NOT EXISTS FOR (n:MaintenanceLock)"
            " REQUIRE (n.group_id, n.step) IS UNIQUE",
            "CREATE INDEX entity_group_uuid IF NOT EXISTS FOR (n:Entity) ON (n.group_id, n.uuid)",
        ),
    ),
    Migration(
        7,
        "privacy: one UserFence per user, locked by every writer and stamped by ForgetUser (the tombstone)",
        ("CREATE CONSTRAINT user_fence_group IF NOT EXISTS FOR (n:UserFence) REQUIRE n.group_id IS UNIQUE",),
    ),
    Migration(
        8,
        "footprint: episode range indexes no query plan needs are dropped (versions 1 and 6 created them): "
        "by event type and by session (no plan used them), by status (its queries seek (group_id, seq))",
        (
            "DROP INDEX episodic_group_type IF EXISTS",
            "DROP INDEX episodic_group_session IF EXISTS",
            "DROP INDEX episodic_group_status IF EXISTS",
        ),
    ),
    Migration(
        9,
        "footprint: the extraction queue is the `ExtractionPending` label (held only while pending, found through "
        "the label lookup index) instead of a range index with an entry for every episode",
        ("DROP INDEX episodic_extraction IF EXISTS",),
        backfill=("MATCH (e:Episodic) WHERE e.extraction_status = 'pending' SET e:ExtractionPending",),
    ),
    Migration(
        10,
        "footprint: an episode's owner (tenant, user) is read from its `User` node and an empty project is not "
        "stored (readers treat a missing project as the user's own, '')",
        (),
        backfill=(
            "MATCH (e:Episodic) WHERE e.tenant_id IS NOT NULL OR e.project_id = ''"
            " CALL (e) { REMOVE e.tenant_id, e.user_id"
            " SET e.project_id = CASE WHEN e.project_id = '' THEN null ELSE e.project_id END }"
            " IN TRANSACTIONS OF 10000 ROWS",
        ),
    ),
    Migration(
        11,
        "footprint: an episode's own-line lexical tokens live beside the vector files "
        "(graphmem.index.line_tokens), tokenised again from the text where a replica lacks them",
        (),
        backfill=(
            "MATCH (e:Episodic) WHERE e.tokens IS NOT NULL CALL (e) { REMOVE e.tokens } IN TRANSACTIONS OF 10000 ROWS",
        ),
    ),
    Migration(
        12,
        "footprint: the extraction's bookkeeping nothing reads (`extracted_at`, `facts_extracted`) and the "
        "default importance source (read back when absent) are not stored",
        (),
        backfill=(
            "MATCH (e:Episodic) WHERE e.extracted_at IS NOT NULL OR e.facts_extracted IS NOT NULL"
            " OR e.importance_source = 'default'"
            " CALL (e) { REMOVE e.extracted_at, e.facts_extracted"
            " SET e.importance_source = CASE WHEN e.importance_source = 'default' THEN null"
            " ELSE e.importance_source END } IN TRANSACTIONS OF 10000 ROWS",
        ),
    ),
    Migration(
        13,
        "footprint: a new episode's uuid is derived from (group_id, the user's epoch, key) and found by the uuid "
        "index, so its key is stored once (as graphiti-core's `name`) and has no (group_id, key) index entry; "
        "episodes written before keep `key` and that constraint, which now holds only them",
        (),
    ),
)

LATEST_VERSION = MIGRATIONS[-1].version

_READ_VERSION = "OPTIONAL MATCH (s:GraphmemSchema {id: 'graphmem'}) RETURN s.version AS version"
_WRITE_VERSION = (
    "MERGE (s:GraphmemSchema {id: 'graphmem'}) "
    "SET s.version = $version, s.description = $description, s.applied_at = $applied_at"
)


async def schema_version(graph: Neo4jGraph) -> int:
    """The highest migration version recorded in the graph (0 when none)."""
    rows = await graph.run(_READ_VERSION)
    version = rows[0]["version"] if rows else None
    return int(version) if version is not None else 0


# `CREATE [RANGE|FULLTEXT|VECTOR|...] INDEX|CONSTRAINT name IF NOT EXISTS ...` / `DROP INDEX|CONSTRAINT name IF EXISTS`
_NAMED = re.compile(r"\s*(CREATE|DROP)\s+(?:[A-Z]+\s+)?(?:INDEX|CONSTRAINT)\s+(\w+)\s+IF\s+(?:NOT\s+)?EXISTS\b")
_INDEXES = "SHOW INDEXES YIELD name, state RETURN name, state"
_CONSTRAINTS = "SHOW CONSTRAINTS YIELD name RETURN name"


def _expected_schema() -> tuple[frozenset[str], frozenset[str]] | None:
    """The index and constraint names the migrations leave existing and those they leave dropped, in order
    (None when a statement is not a named CREATE/DROP ... IF [NOT] EXISTS, so only running them all says)."""
    present: set[str] = set()
    dropped: set[str] = set()
    for migration in MIGRATIONS:
        for statement in migration.statements:
            match = _NAMED.match(statement)
            if match is None:
                return None
            verb, name = match.groups()
            (present if verb == "CREATE" else dropped).add(name)
            (dropped if verb == "CREATE" else present).discard(name)
    return frozenset(present), frozenset(dropped)


async def _up_to_date(graph: Neo4jGraph, recorded: int) -> bool:
    """Whether the graph records the latest version and holds exactly the indexes and constraints the
    migrations leave, all online: then nothing needs running (one SHOW instead of every statement, which
    cost 3 s of a warm start and 20-30 s after a Neo4j restart on a loaded machine)."""
    expected = _expected_schema()
    if recorded != LATEST_VERSION or expected is None:
        return False
    indexes = await graph.run(_INDEXES)
    constraints = {row["name"] for row in await graph.run(_CONSTRAINTS)}
    existing = {row["name"] for row in indexes}
    # a uniqueness constraint's backing index carries the constraint's name and its state
    online = {row["name"] for row in indexes if row["state"] == "ONLINE"} | (constraints - existing)
    existing |= constraints
    present, dropped = expected
    return present <= online and not (dropped & existing)


async def migrate(graph: Neo4jGraph) -> int:
    """Applies every migration (idempotently) and records the latest version; returns it. A graph already at
    the latest version with every index and constraint in place is left as it is."""
    recorded = await schema_version(graph)
    if await _up_to_date(graph, recorded):
        log.info("schema up to date", extra={"version": recorded})
        return recorded
    for migration in MIGRATIONS:
        if recorded < migration.version:
            for statement in migration.backfill:
                await graph.run(statement)
        for statement in migration.statements:
            await graph.run(statement)
        log.info("schema migration applied", extra={"version": migration.version})
    await graph.run("CALL db.awaitIndexes(300)")
    await graph.run(
        _WRITE_VERSION,
        version=LATEST_VERSION,
        description=MIGRATIONS[-1].description,
        applied_at=datetime.now(UTC),
    )
    return LATEST_VERSION
