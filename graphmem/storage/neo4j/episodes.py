"""Episode storage: `Episodic` nodes (graphiti-core's shape plus graphmem's properties), their sessions,
the per-user `User` node that serialises writes and numbers episodes, and the time-ordered `NEXT` chain.

Invariants: (group_id, key) is unique; `seq` is unique and increasing per group_id (it is the FAISS id);
`NEXT` links each episode of a user to the next one by (valid_at, seq).

An episode's uuid is derived from (group_id, the user's epoch, key) (`episode_uuid`), so the unique uuid index
finds an existing key and the key itself is stored once, as graphiti-core's `name`. Nodes written before
(random uuids) keep a `key` property, found through the (group_id, key) constraint that only they populate.

An episode's indexed document (its line preceded by the previous line of its session) is not stored: the node
keeps `context_seq`, the seq of the episode whose line is its context (absent when none); the document and its
lexical tokens (context line's, then the own line's twice) are composed when read. The own line's tokens are
not stored in Neo4j either (they live beside the vector files, `graphmem.index.line_tokens`); nodes of earlier
layouts keep `document` and `lexical` (whole document) or `tokens` (own line), read as they are.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, LiteralString

from neo4j import AsyncManagedTransaction

from graphmem.model import (
    AuditEvent,
    EarlierWords,
    Episode,
    EpisodeFeatures,
    EpisodeFilter,
    ExtractionStatus,
    Scope,
    TimeRange,
)
from graphmem.storage.neo4j.audit import write_events
from graphmem.storage.neo4j.dates import db_date, epoch_micros
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.fence import FACTS_STAMP_FIELDS, facts_changed, facts_stamp_of

# The importance source of an episode no rule or event type scored: not stored, read back when absent.
_DEFAULT_SOURCE = "default"

_LOCK_USER: LiteralString = (
    """
MERGE (u:User {group_id: $group_id})
ON CREATE SET u.tenant_id = $tenant_id, u.user_id = $user_id, u.seq = 0, u.episode_count = 0,
              u.created_at = $now
SET u.writes = coalesce(u.writes, 0) + 1
WITH u
OPTIONAL MATCH (e:Episodic {group_id: $group_id}) WHERE e.key IN $keys
RETURN u.seq AS seq, u.writes AS writes, """
    + epoch_micros("u.created_at")
    + """ AS epoch,
       collect([e.key, e.uuid, e.seq]) AS existing
"""
)

# Keys of this layout, by their derived uuids (the unique uuid index; see `episode_uuid`).
_EXISTING_IDS: LiteralString = """
MATCH (e:Episodic) WHERE e.uuid IN $ids AND e.group_id = $group_id
RETURN collect([e.uuid, e.seq]) AS existing
"""

_CREATE_EPISODES: LiteralString = """
UNWIND $rows AS r
CREATE (e:Episodic {
  uuid: r.uuid, name: r.name, group_id: $group_id, source: 'message',
  source_description: r.source_description, content: r.content, valid_at: r.valid_at,
  created_at: $now, entity_edges: [],
  seq: r.seq, session_id: r.session_id, speaker: r.speaker, event_type: r.event_type,
  importance: r.importance, importance_source: r.importance_source, metadata_json: r.metadata_json,
  project_id: r.project_id, agent_id: r.agent_id,
  context_seq: r.context_seq, status: 'active',
  extraction_status: r.extraction_status, event_start: r.event_start, event_end: r.event_end
})
FOREACH (_ IN CASE WHEN r.extraction_status = 'pending' THEN [1] ELSE [] END | SET e:ExtractionPending)
WITH e, r WHERE r.session_id <> ''
MERGE (s:Session {group_id: $group_id, session_id: r.session_id})
ON CREATE SET s.tenant_id = $tenant_id, s.user_id = $user_id, s.created_at = $now
MERGE (e)-[:IN_SESSION]->(s)
"""

# Each new episode links to the entities its text names (created on first mention; `kind: 'mention'` unless a
# fact created them first).
_MENTIONS: LiteralString = """
UNWIND $rows AS r
MATCH (e:Episodic {uuid: r.uuid})
UNWIND r.mentions AS m
MERGE (n:Entity {group_id: $group_id, name_key: m.key})
ON CREATE SET n.uuid = randomUUID(), n.name = m.name, n.summary = '', n.created_at = $now, n.labels = [],
              n.kind = 'mention'
MERGE (e)-[x:MENTIONS]->(n)
ON CREATE SET x.uuid = randomUUID(), x.group_id = $group_id, x.created_at = $now
"""

_BUMP_USER: LiteralString = """
MATCH (u:User {group_id: $group_id})
SET u.seq = $seq, u.episode_count = u.episode_count + $added, u.updated_at = $now
"""

# The NEXT chain is kept by inserting each new episode at its place: O(1) links change per episode, however
# far back it is dated. New episodes not linked yet (`$pending`) are ignored while finding neighbours.
# (`valid_at IS NOT NULL`, true of every episode, lets the planner seek the (group_id, valid_at) index: without
# it, it was seen scanning the uuid index of every user's episodes.)
_TAIL: LiteralString = """
MATCH (t:Episodic {group_id: $group_id}) WHERE t.valid_at IS NOT NULL AND NOT t.uuid IN $pending
RETURN t.uuid AS id, t.valid_at AS valid_at ORDER BY t.valid_at DESC, t.seq DESC LIMIT 1
"""

_INSERT_ONE: LiteralString = """
MATCH (e:Episodic {group_id: $group_id, uuid: $id})
CALL (e) {
  OPTIONAL MATCH (p:Episodic {group_id: $group_id})
  WHERE NOT p.uuid IN $pending AND (p.valid_at < e.valid_at OR (p.valid_at = e.valid_at AND p.seq < e.seq))
  RETURN p ORDER BY p.valid_at DESC, p.seq DESC LIMIT 1
}
CALL (e) {
  OPTIONAL MATCH (n:Episodic {group_id: $group_id})
  WHERE NOT n.uuid IN $pending AND (n.valid_at > e.valid_at OR (n.valid_at = e.valid_at AND n.seq > e.seq))
  RETURN n ORDER BY n.valid_at, n.seq LIMIT 1
}
OPTIONAL MATCH (p)-[old:NEXT]->(n)
DELETE old
FOREACH (_ IN CASE WHEN p IS NULL THEN [] ELSE [1] END | CREATE (p)-[:NEXT]->(e))
FOREACH (_ IN CASE WHEN n IS NULL THEN [] ELSE [1] END | CREATE (e)-[:NEXT]->(n))
"""

_APPEND: LiteralString = """
UNWIND range(0, size($chain) - 2) AS i
MATCH (a:Episodic {group_id: $group_id, uuid: $chain[i]}), (b:Episodic {group_id: $group_id, uuid: $chain[i + 1]})
CREATE (a)-[:NEXT]->(b)
"""

_GET: LiteralString = "MATCH (e:Episodic {group_id: $group_id, uuid: $id}) RETURN e"

_FILTER: LiteralString = """
  ($projects IS NULL OR coalesce(e.project_id, '') IN $projects)
  AND ($session_id IS NULL OR e.session_id = $session_id)
  AND ($event_types IS NULL OR e.event_type IN $event_types)
  AND ($start IS NULL OR e.valid_at >= $start)
  AND ($end IS NULL OR e.valid_at < $end)
  AND e.status IN $statuses
"""

_LIST: LiteralString = (
    """
MATCH (e:Episodic {group_id: $group_id})
WHERE e.valid_at IS NOT NULL
  AND ($after_t IS NULL OR e.valid_at > $after_t OR (e.valid_at = $after_t AND e.seq > $after_seq)) AND
"""
    + _FILTER
    + """
RETURN e ORDER BY e.valid_at, e.seq LIMIT $limit
"""
)

_ALLOWED_SEQS: LiteralString = (
    """
MATCH (e:Episodic {group_id: $group_id})
WHERE
"""
    + _FILTER
    + """
RETURN collect(e.seq) AS seqs
"""
)

# An episode as read back (by `e`): its timestamps as epoch microseconds, which decode far faster than DATETIMEs.
_EPISODE_FIELDS: LiteralString = (
    "{.uuid, key: coalesce(e.key, e.name), .content, valid_at: "
    + epoch_micros("e.valid_at")
    + ", created_at: "
    + epoch_micros("e.created_at")
    + """, .session_id, .speaker, .event_type, .importance, .importance_source, .metadata_json, .tenant_id,
  .user_id, .project_id, .agent_id, .seq, .extraction_status}"""
)

# A Search's one read: the hits, the user's committed episodic state and their facts stamp (fence.py).
_HITS_AND_STATE: LiteralString = (
    """
OPTIONAL MATCH (u:User {group_id: $group_id})
OPTIONAL MATCH (fence:UserFence {group_id: $group_id})
WITH coalesce(u.seq, 0) AS seq, coalesce(u.episode_count, 0) AS count, coalesce(u.writes, 0) AS writes, """
    + FACTS_STAMP_FIELDS
    + """
OPTIONAL MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IN $seqs
RETURN seq, count, writes, facts_version, facts_forgotten, facts_erased, collect(e"""
    + _EPISODE_FIELDS
    + """) AS episodes
"""
)

# The extraction queue, fair between tenants and between the users of a tenant: each user's pending episodes in
# the order they were written (a batch's episodes in the order they were said), dealt out round robin (every user's first, then every user's second, ...) into
# each tenant's share, and the tenants' shares dealt out round robin into the batch. One tenant's (or user's)
# flood therefore delays another's episodes by at most one batch position per flooding tenant.
_PENDING: LiteralString = (
    """
MATCH (e:Episodic:ExtractionPending)
WITH e ORDER BY e.created_at, e.valid_at, e.seq
WITH e.group_id AS g, collect(e)[..$limit] AS queue
MATCH (u:User {group_id: g})
UNWIND range(0, size(queue) - 1) AS i
WITH queue[i] AS e, i, u.tenant_id AS t ORDER BY i, e.created_at, e.valid_at, e.seq
WITH t, collect(e)[..$limit] AS share
UNWIND range(0, size(share) - 1) AS j
WITH share[j] AS e, j ORDER BY j, e.created_at, e.valid_at, e.seq LIMIT $limit
MATCH (u:User {group_id: e.group_id})
RETURN u.tenant_id AS tenant_id, u.user_id AS user_id, e"""
    + _EPISODE_FIELDS
    + " AS e"
)

# One failed extraction attempt; at `$max` attempts the episode is quarantined (no longer pending).
_EXTRACTION_FAILED: LiteralString = """
MATCH (e:Episodic {group_id: $group_id, uuid: $id})
SET e.extraction_attempts = coalesce(e.extraction_attempts, 0) + 1
WITH e, e.extraction_attempts >= $max AS quarantined
SET e.extraction_status = CASE WHEN quarantined THEN 'quarantined' ELSE e.extraction_status END
FOREACH (_ IN CASE WHEN quarantined THEN [1] ELSE [] END | REMOVE e:ExtractionPending)
WITH e, quarantined
RETURN quarantined, e.extraction_attempts AS attempts
"""

# One user's share of the queue, oldest first (a drain scoped to the user).
_PENDING_OF_USER: LiteralString = (
    """
MATCH (u:User {group_id: $group_id})
MATCH (e:Episodic:ExtractionPending {group_id: $group_id})
WITH u, e ORDER BY e.created_at, e.valid_at, e.seq LIMIT $limit
RETURN u.tenant_id AS tenant_id, u.user_id AS user_id, e"""
    + _EPISODE_FIELDS
    + " AS e"
)

_PENDING_COUNT: LiteralString = "MATCH (e:Episodic:ExtractionPending) RETURN count(e) AS n"

_SET_EXTRACTION: LiteralString = """
MATCH (e:Episodic {group_id: $group_id, uuid: $id})
SET e.extraction_status = $status
FOREACH (_ IN CASE WHEN $status = 'pending' THEN [] ELSE [1] END | REMOVE e:ExtractionPending)
"""


# The parts an indexed document is composed of: the episode's line and its context episode's line.
_TEXT_PARTS: LiteralString = """
OPTIONAL MATCH (p:Episodic {group_id: $group_id, seq: e.context_seq})
RETURN e.seq AS seq, e.document AS document, e.speaker AS speaker, e.content AS content,
       p.speaker AS previous_speaker, p.content AS previous_content
"""

_AFTER_SEQ: LiteralString = (
    """
MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq > $after AND e.status = 'active'
WITH e ORDER BY e.seq LIMIT $limit
"""
    + _TEXT_PARTS
    + "ORDER BY seq"
)

_TEXTS_OF: LiteralString = (
    """
MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IN $seqs AND e.status = 'active'
WITH e
"""
    + _TEXT_PARTS
    + "ORDER BY seq"
)

# The user's partition epoch (its User node's creation, naming its token files), first in every partition read.
_USER_EPOCH: LiteralString = (
    """
OPTIONAL MATCH (u:User {group_id: $group_id})
WITH """
    + epoch_micros("u.created_at")
    + """ AS epoch
"""
)

_STATE: LiteralString = (
    """
OPTIONAL MATCH (u:User {group_id: $group_id})
RETURN coalesce(u.seq, 0) AS seq, coalesce(u.episode_count, 0) AS count, coalesce(u.writes, 0) AS writes, """
    + epoch_micros("u.created_at")
    + """ AS epoch
"""
)

# One record holding every row: the driver's per-record cost dominates for large partitions. `e.lexical` and
# `e.tokens`, `p.tokens` are what nodes of earlier layouts stored (null otherwise); `epoch` names the user's
# partition (its User node's creation) for the token files.
# (`seq IS NOT NULL` holds for every episode: it lets the planner seek the (group_id, seq) index.)
_PARTITION_ROWS: LiteralString = (
    _USER_EPOCH
    + """
OPTIONAL MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IS NOT NULL AND e.status = 'active'
OPTIONAL MATCH (p:Episodic {group_id: $group_id, seq: e.context_seq})
RETURN epoch, collect([e.seq, e.valid_at.epochMillis, e.importance, e.session_id, e.project_id, e.event_type,
                       e.lexical, e.tokens, e.context_seq, p.tokens, e.event_start.epochMillis,
                       e.event_end.epochMillis, e.speaker]) AS rows
"""
)

_LINES_OF: LiteralString = """
MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IN $seqs
RETURN collect([e.seq, e.speaker, e.content]) AS rows
"""

_SESSION_TAILS: LiteralString = """
UNWIND $items AS item
CALL (item) {
  MATCH (e:Episodic {group_id: $group_id, session_id: item.session_id}) WHERE e.valid_at < item.before
  RETURN e ORDER BY e.valid_at DESC, e.seq DESC LIMIT 1
}
RETURN item.session_id AS session_id, e.seq AS seq, e.speaker AS speaker, e.content AS content
"""

# The user's earlier episodes of one session (those extraction reads: not 'skipped'), latest first; the window
# ($since) bounds the seek on the (group_id, valid_at) index when the session has fewer than $limit of them.
_SAID_BEFORE: LiteralString = """
MATCH (e:Episodic {group_id: $group_id})
WHERE e.valid_at >= $since AND e.valid_at <= $before AND e.session_id = $session_id AND e.uuid <> $id
  AND e.extraction_status <> 'skipped' AND (e.valid_at < $before OR e.seq < $seq)
RETURN e.content AS content ORDER BY e.valid_at DESC, e.seq DESC LIMIT $limit
"""

# The line just before an episode in its session (its context line), when extraction does not read it: what the
# assistant said, maybe a question the episode answers.
_ASKED_BEFORE: LiteralString = """
MATCH (e:Episodic {group_id: $group_id, uuid: $id})
MATCH (p:Episodic {group_id: $group_id, seq: e.context_seq})
WHERE p.session_id = e.session_id AND p.extraction_status = 'skipped'
RETURN p.content AS content
"""

# The user's earlier words in other sessions that contain one of `$values` (lower case), among the user's last
# `$window` episodes by seq: a bounded scan of the (group_id, seq) index, newest first.
_SAID_ELSEWHERE: LiteralString = """
MATCH (e:Episodic {group_id: $group_id})
WHERE e.seq >= $first AND e.seq < $seq AND e.session_id <> $session_id AND e.valid_at <= $before
  AND e.extraction_status <> 'skipped' AND coalesce(e.status, '') <> 'archived'
  AND any(v IN $values WHERE toLower(e.content) CONTAINS v)
RETURN e.uuid AS id, e.session_id AS session_id, coalesce(e.project_id, '') AS project_id, e.content AS content
ORDER BY e.seq DESC LIMIT $limit
"""

_ARCHIVED_ROWS: LiteralString = (
    _USER_EPOCH
    + """
OPTIONAL MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IS NOT NULL AND e.status = 'archived'
  AND coalesce(e.project_id, '') IN $projects
OPTIONAL MATCH (p:Episodic {group_id: $group_id, seq: e.context_seq})
RETURN epoch, collect([e.seq, e.lexical, e.tokens, e.context_seq, p.tokens]) AS rows
"""
)

_BY_SEQS_ANY: LiteralString = (
    "MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IN $seqs RETURN collect(e" + _EPISODE_FIELDS + ") AS episodes"
)

_ALL_SEQS: LiteralString = (
    "MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IS NOT NULL AND e.status = 'active' "
    "RETURN collect(e.seq) AS seqs"
)

_DELETE_TARGET: LiteralString = """
MATCH (e:Episodic {group_id: $group_id, uuid: $id}) WHERE coalesce(e.project_id, '') IN $projects
OPTIONAL MATCH (e)-[:DISTILLED_INTO]->(s:Episodic {group_id: $group_id})
RETURN e.content AS content, e.session_id AS session_id, e.valid_at AS valid_at, e.seq AS seq,
       collect(s.uuid) AS summaries
"""

# Removes one episode (closing the NEXT chain around it) under the User lock; returns its seq.
_DELETE_ONE: LiteralString = """
MATCH (u:User {group_id: $group_id})
SET u.writes = coalesce(u.writes, 0) + 1
WITH u
MATCH (e:Episodic {group_id: $group_id, uuid: $id})
OPTIONAL MATCH (p:Episodic)-[:NEXT]->(e)
OPTIONAL MATCH (e)-[:NEXT]->(n:Episodic)
WITH u, e, p, n, e.seq AS seq, CASE WHEN e.status = 'active' THEN 1 ELSE 0 END AS counted
FOREACH (_ IN CASE WHEN p IS NOT NULL AND n IS NOT NULL THEN [1] ELSE [] END | CREATE (p)-[:NEXT]->(n))
DETACH DELETE e
SET u.episode_count = u.episode_count - counted
RETURN seq
"""

# Facts whose only evidence was the episode go; the others lose its id (and its quote, when they held it).
_DROP_SOLE_FACTS: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(o:Entity)
WHERE r.episodes = [$id]
WITH r, o, r.uuid AS uuid, r.fact_key AS key
DELETE r
RETURN collect(uuid) AS facts, collect(DISTINCT o.uuid) AS objects, collect(DISTINCT key) AS keys
"""

_SCRUB_FACTS: LiteralString = """
MATCH (:Entity {group_id: $group_id})-[r:RELATES_TO {group_id: $group_id}]->(:Entity)
WHERE $id IN r.episodes
SET r.episodes = [x IN r.episodes WHERE x <> $id],
    r.evidence = CASE WHEN r.evidence <> '' AND $content CONTAINS r.evidence THEN r.fact ELSE r.evidence END
"""

# A key's lock node names the key (its value included): it goes with the key's last version.
_DROP_ORPHAN_KEYS: LiteralString = """
MATCH (k:FactKey {group_id: $group_id}) WHERE k.key IN $keys
  AND NOT EXISTS { MATCH ()-[r:RELATES_TO {group_id: $group_id, fact_key: k.key}]->() }
DETACH DELETE k
"""

# An entity named by no fact and no episode any more goes (its name came from the deleted words).
_DROP_ORPHAN_ENTITIES: LiteralString = """
MATCH (n:Entity {group_id: $group_id}) WHERE n.uuid IN $ids AND NOT (n)-[:RELATES_TO|MENTIONS|APPLIES_TO]-()
DETACH DELETE n
"""

_MENTIONED: LiteralString = """
MATCH (:Episodic {group_id: $group_id, uuid: $id})-[:MENTIONS]->(n:Entity {group_id: $group_id})
RETURN collect(n.uuid) AS ids
"""

# The episode after the deleted one in its session carried its line as context: its document is rebuilt.
_SESSION_NEXT: LiteralString = """
MATCH (n:Episodic {group_id: $group_id, session_id: $session_id})
WHERE n.valid_at > $valid_at OR (n.valid_at = $valid_at AND n.seq > $seq)
WITH n ORDER BY n.valid_at, n.seq LIMIT 1
OPTIONAL MATCH (p:Episodic {group_id: $group_id, session_id: $session_id})
WHERE p.uuid <> $id AND (p.valid_at < n.valid_at OR (p.valid_at = n.valid_at AND p.seq < n.seq))
WITH n, p ORDER BY p.valid_at DESC, p.seq DESC LIMIT 1
RETURN n.uuid AS id, n.seq AS seq, n.status AS status, n.speaker AS speaker, n.content AS content,
       p.seq AS previous_seq, p.speaker AS previous_speaker, p.content AS previous_content
"""

# `rebuilt_at` is the user's write version this delete commits (every writer bumps `writes` under the fence): a
# replica whose side indexes reflect an earlier version re-embeds the episode when it catches up.
_SET_CONTEXT: LiteralString = """
MATCH (n:Episodic {group_id: $group_id, uuid: $id})
OPTIONAL MATCH (u:User {group_id: $group_id})
SET n.context_seq = $context_seq, n.rebuilt_at = coalesce(u.writes, 0) + 1
REMOVE n.document, n.lexical
"""

_REBUILT_SINCE: LiteralString = """
MATCH (e:Episodic {group_id: $group_id}) WHERE e.seq IS NOT NULL AND e.rebuilt_at > $since AND e.status = 'active'
RETURN collect(e.seq) AS seqs
"""

_FORGET_LABELS: tuple[LiteralString, ...] = (
    "MATCH (n:Episodic {group_id: $group_id}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
    "MATCH (n:Session {group_id: $group_id}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
    "MATCH (n:User {group_id: $group_id}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted",
)

# A label scan of User nodes, run once per start-up: users are few next to episodes.
_STALE_USERS: LiteralString = """
MATCH (u:User {tenant_id: $tenant_id}) WHERE u.created_at < $before
RETURN u.group_id AS group_id ORDER BY u.created_at LIMIT $limit
"""


@dataclass(frozen=True, kw_only=True)
class NewEpisode:
    """An episode ready to be stored: text, provenance, the document text that is indexed (the episode in its
    session context) and that document's tokens for the lexical index, and `tokens`, its own line's (all three
    for the side indexes only; the node stores its context: `context_seq` for a stored episode, or
    `context_key` for an earlier episode of the same batch)."""

    key: str
    text: str
    occurred_at: datetime
    session_id: str
    speaker: str
    event_type: str
    importance: float
    importance_source: str
    metadata: Mapping[str, str]
    document: str
    lexical: str
    extraction_status: ExtractionStatus = ExtractionStatus.SKIPPED
    tokens: str = ""
    context_seq: int | None = None
    context_key: str = ""
    mentions: Sequence[tuple[str, str]] = ()
    """(key, name) of the entities the episode's text names."""
    event: TimeRange | None = None
    """When the episode's own words date what it tells (graphmem.retrieval.timeexpr.event_window)."""


@dataclass(frozen=True)
class StoredWrite:
    """What the write transaction did for one key: its uuid, its seq and whether it was created now."""

    key: str
    uuid: str
    seq: int
    created: bool


@dataclass(frozen=True)
class StoredBatch:
    """What one AddEpisodes transaction did: one StoredWrite per draft, in order, and the user's write version
    it committed (`User.writes`, bumped by every transaction that changes the user's episodes)."""

    items: list[StoredWrite]
    version: int
    epoch: int
    """The user's partition epoch (its User node's creation, epoch microseconds): names the token file."""


@dataclass(frozen=True)
class IndexedText:
    """The embedded document of one episode."""

    seq: int
    document: str


# (speaker, text, previous (speaker, text) or None) -> the indexed document
DocumentOf = Callable[[str, str, tuple[str, str] | None], str]


@dataclass(frozen=True)
class TokenSources:
    """Where an episode's document tokens come from: `legacy`, the whole document's tokens a node written
    before schema version 8 stored; `own` and `context`, its own line's and its context episode's line's tokens
    as nodes of versions 8-10 stored them; otherwise the own-line tokens of `seq` and `context_seq` held
    beside the vector files (or tokenised again from the text)."""

    seq: int
    legacy: str | None
    own: str | None
    context_seq: int | None
    context: str | None

    def lines_needed(self, held: Mapping[int, str]) -> list[int]:
        """The seqs whose own-line tokens are neither stored nor in `held`."""
        if self.own is None and self.legacy is not None:
            return []
        needed = [] if self.own is not None or self.seq in held else [self.seq]
        if self.context_seq is not None and self.context is None and self.context_seq not in held:
            needed.append(self.context_seq)
        return needed

    def composed(self, held: Mapping[int, str]) -> str:
        """The document's tokens: the context line's, then the own line's twice (`tokens(document) +
        tokens(line)`, as written: tokenising "a\nb" gives a's tokens then b's)."""
        if self.own is None and self.legacy is not None:
            return self.legacy
        own = self.own if self.own is not None else held.get(self.seq)
        context = None
        if self.context_seq is not None:
            context = self.context if self.context is not None else held.get(self.context_seq)
        return " ".join(t for t in (context, own, own) if t)


@dataclass(frozen=True)
class StoredPartition:
    """A partition as stored, for rebuilding its lexical side index: its epoch (see StoredBatch.epoch) and,
    per active episode, its ranking facts (tokens still empty) and where its tokens come from."""

    epoch: int
    rows: list[tuple[EpisodeFeatures, TokenSources]]


@dataclass(frozen=True)
class DeletedEpisode:
    """What a delete removed: the seqs of the episode and of its summaries, the facts it alone evidenced, and
    the next episode of its session whose document was rebuilt (to re-embed)."""

    seqs: list[int]
    facts: list[str]
    rebuilt: RebuiltDocument | None


@dataclass(frozen=True)
class RebuiltDocument:
    """The new indexed document of an episode (to re-embed when it is active)."""

    seq: int
    document: str
    active: bool


@dataclass(frozen=True)
class PartitionState:
    """The newest seq, the number of active episodes and the write version (`User.writes`: bumped by every
    transaction that adds, deletes, archives or restores the user's episodes) of one user, as committed."""

    max_seq: int
    count: int
    writes: int = 0
    epoch: int = 0
    """The user's partition epoch (see StoredBatch.epoch); 0 when only the hits read gave the state."""


@dataclass(frozen=True)
class HitsRead:
    """What a Search reads in one statement: its hits by seq (deleted ones absent), the user's committed
    episodic state and their facts stamp (`fence.facts_stamp`)."""

    episodes: dict[int, Episode]
    committed: PartitionState
    facts_stamp: str


def _event(start_millis: int | None, end_millis: int | None) -> TimeRange | None:
    if start_millis is None and end_millis is None:
        return None
    return TimeRange(
        None if start_millis is None else datetime.fromtimestamp(start_millis / 1000, UTC),
        None if end_millis is None else datetime.fromtimestamp(end_millis / 1000, UTC),
    )


def episode_from_node(node: Mapping[str, Any], tenant_id: str, user_id: str) -> Episode:
    """Maps an `Episodic` node's properties to the domain type; the owner (tenant, user) is its partition's
    (the `User` node's), which nodes of the earlier layout also stored themselves."""
    return Episode(
        id=node["uuid"],
        key=node.get("key") or node["name"],
        text=node["content"],
        occurred_at=db_date(node["valid_at"]),
        created_at=db_date(node["created_at"]),
        session_id=node.get("session_id") or "",
        speaker=node.get("speaker") or "",
        event_type=node.get("event_type") or "message",
        importance=float(node.get("importance") or 0.0),
        importance_source=node.get("importance_source") or _DEFAULT_SOURCE,
        metadata=json.loads(node.get("metadata_json") or "{}"),
        tenant_id=node.get("tenant_id") or tenant_id,
        user_id=node.get("user_id") or user_id,
        project_id=node.get("project_id") or "",
        agent_id=node.get("agent_id") or "",
        seq=int(node.get("seq") or 0),
        extraction_status=ExtractionStatus(node.get("extraction_status") or ""),
    )


# Names episode uuids (uuid5 under it); fixed forever, or the keys of stored episodes would no longer be found.
_EPISODE_NAMESPACE = uuid.UUID("0b6f3c1e-5d2a-4c8e-9a47-2f1d6e8b9c30")


def episode_uuid(group_id: str, epoch: int, key: str) -> str:
    """The uuid of the user's episode with this idempotency key: the same key in the same partition epoch (the
    `User` node's creation, so a user erased and written again gets new ids) always names the same episode."""
    return str(uuid.uuid5(_EPISODE_NAMESPACE, f"{group_id}\n{epoch}\n{key}"))


def _present(projected: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Projected episodes less those a concurrent transaction deleted while the read ran (Neo4j reads committed
    data: such a node is found by the index but its properties are gone)."""
    return [e for e in projected if e.get("valid_at") is not None]


def _filter_params(scope: Scope, flt: EpisodeFilter) -> dict[str, Any]:
    return {
        "projects": ["", scope.project_id] if scope.project_id else [""],
        "session_id": flt.session_id or None,
        "event_types": list(flt.event_types) or None,
        "start": flt.occurred.start,
        "end": flt.occurred.end,
        "statuses": ["active", "archived"] if flt.include_archived else ["active"],
    }


async def _link(tx: AsyncManagedTransaction, group_id: str, rows: Sequence[dict[str, Any]]) -> None:
    """Links new episodes into the user's NEXT chain: those dated before the current tail one by one at their
    place, the rest appended after the tail in one statement."""
    ordered = sorted(rows, key=lambda r: (r["valid_at"], r["seq"]))
    pending = [r["uuid"] for r in ordered]
    tail = await (await tx.run(_TAIL, group_id=group_id, pending=pending)).single()
    appended = [r for r in ordered if tail is None or r["valid_at"] >= db_date(tail["valid_at"])]
    late = {r["uuid"] for r in appended}
    inserted = [r for r in ordered if r["uuid"] not in late]
    for row in inserted:
        pending.remove(row["uuid"])
        await (await tx.run(_INSERT_ONE, group_id=group_id, id=row["uuid"], pending=pending)).consume()
    chain = ([tail["id"]] if tail is not None else []) + [r["uuid"] for r in appended]
    if len(chain) > 1:
        await (await tx.run(_APPEND, group_id=group_id, chain=chain)).consume()


def _indexed_text(record: Mapping[str, Any], document: DocumentOf) -> IndexedText:
    if record["document"] is not None:  # the earlier layout stored it
        return IndexedText(int(record["seq"]), record["document"])
    previous = None
    if record["previous_content"] is not None:
        previous = (record["previous_speaker"] or "", record["previous_content"])
    return IndexedText(int(record["seq"]), document(record["speaker"] or "", record["content"], previous))


class EpisodeRepository:
    """Reads and writes episodes of one tenant+user partition at a time."""

    def __init__(self, graph: Neo4jGraph) -> None:
        self._graph = graph

    async def add(
        self, scope: Scope, episodes: Sequence[NewEpisode], now: datetime, *, rehearsal: bool = False
    ) -> StoredBatch:
        """Stores new keys and reports existing ones, in one transaction that locks the user's node
        (`rehearsal`: the same statements in a transaction that is rolled back)."""
        group_id = scope.group_id
        keys = [e.key for e in episodes]

        async def work(tx: AsyncManagedTransaction) -> StoredBatch:
            base = {"group_id": group_id, "tenant_id": scope.tenant_id, "user_id": scope.user_id, "now": now}
            result = await tx.run(_LOCK_USER, base | {"keys": keys})
            record = await result.single(strict=True)
            seq, epoch = int(record["seq"]), int(record["epoch"])
            # keys of the earlier layout by their `key`, the rest by their derived uuid
            existing = {k: u for k, u, _ in record["existing"] if k is not None}
            seq_of = {k: int(s) for k, _, s in record["existing"] if k is not None}
            derived = {episode_uuid(group_id, epoch, k): k for k in keys if k not in existing}
            if derived:
                found = await (await tx.run(_EXISTING_IDS, group_id=group_id, ids=list(derived))).single(strict=True)
                for u, s in found["existing"]:
                    existing[derived[u]], seq_of[derived[u]] = u, int(s)
            writes: list[StoredWrite] = []
            rows: list[dict[str, Any]] = []
            for ep in episodes:
                if ep.key in existing:
                    writes.append(StoredWrite(ep.key, existing[ep.key], 0, created=False))
                    continue
                seq += 1
                new_id = episode_uuid(group_id, epoch, ep.key)
                existing[ep.key] = new_id
                seq_of[ep.key] = seq
                writes.append(StoredWrite(ep.key, new_id, seq, created=True))
                rows.append(
                    {
                        "uuid": new_id,
                        "name": ep.key,
                        "source_description": ep.speaker or "graphmem",
                        "content": ep.text,
                        "valid_at": ep.occurred_at,
                        "seq": seq,
                        "session_id": ep.session_id,
                        "speaker": ep.speaker,
                        "event_type": ep.event_type,
                        "importance": ep.importance,
                        "importance_source": None if ep.importance_source == _DEFAULT_SOURCE else ep.importance_source,
                        "metadata_json": (
                            json.dumps(dict(ep.metadata), ensure_ascii=False, sort_keys=True) if ep.metadata else None
                        ),
                        "project_id": scope.project_id or None,
                        "agent_id": scope.agent_id or None,
                        "extraction_status": ep.extraction_status,
                        "context_key": ep.context_key,
                        "context_seq": ep.context_seq,
                        "mentions": [{"key": k, "name": n} for k, n in ep.mentions],
                        "event_start": ep.event.start if ep.event else None,
                        "event_end": ep.event.end if ep.event else None,
                    }
                )
            for row in rows:  # a context within the batch gets its seq (also when its key existed already)
                if row["context_seq"] is None and row["context_key"]:
                    row["context_seq"] = seq_of.get(row["context_key"])
            if rows:
                await (await tx.run(_CREATE_EPISODES, base | {"rows": rows})).consume()
                if any(r["mentions"] for r in rows):
                    await (await tx.run(_MENTIONS, base | {"rows": [r for r in rows if r["mentions"]]})).consume()
                await (await tx.run(_BUMP_USER, base | {"seq": seq, "added": len(rows)})).consume()
                await _link(tx, group_id, rows)
            return StoredBatch(writes, int(record["writes"]), epoch)

        return await (
            self._graph.rehearse(work) if rehearsal else self._graph.write(work, fence=group_id, idempotent=True)
        )

    async def get(self, scope: Scope, episode_id: str) -> Episode | None:
        async def work(tx: AsyncManagedTransaction) -> Episode | None:
            record = await (await tx.run(_GET, group_id=scope.group_id, id=episode_id)).single()
            return None if record is None else episode_from_node(record["e"], scope.tenant_id, scope.user_id)

        return await self._graph.read(work)

    async def list_page(
        self, scope: Scope, flt: EpisodeFilter, after: tuple[datetime, int] | None, limit: int
    ) -> list[Episode]:
        """Episodes in (valid_at, seq) order strictly after the `after` position."""
        params = _filter_params(scope, flt) | {
            "group_id": scope.group_id,
            "after_t": after[0] if after else None,
            "after_seq": after[1] if after else 0,
            "limit": limit,
        }

        async def work(tx: AsyncManagedTransaction) -> list[Episode]:
            result = await tx.run(_LIST, params)
            return [episode_from_node(r["e"], scope.tenant_id, scope.user_id) async for r in result]

        return await self._graph.read(work)

    async def allowed_seqs(self, scope: Scope, flt: EpisodeFilter) -> list[int]:
        """The seqs of the user's episodes that pass the filter (used to restrict vector search)."""
        params = _filter_params(scope, flt) | {"group_id": scope.group_id}

        async def work(tx: AsyncManagedTransaction) -> list[int]:
            record = await (await tx.run(_ALLOWED_SEQS, params)).single(strict=True)
            return [int(s) for s in record["seqs"]]

        return await self._graph.read(work)

    async def archived_rows(self, scope: Scope) -> tuple[int, list[TokenSources]]:
        """The user's partition epoch and where the tokens of its archived episodes come from (searched only
        when the archive is asked for)."""
        projects = ["", scope.project_id] if scope.project_id else [""]

        async def work(tx: AsyncManagedTransaction) -> tuple[int, list[TokenSources]]:
            record = await (await tx.run(_ARCHIVED_ROWS, group_id=scope.group_id, projects=projects)).single(
                strict=True
            )
            sources = [
                TokenSources(int(seq), legacy, own, context_seq, context)
                for seq, legacy, own, context_seq, context in record["rows"]
                if seq is not None
            ]
            return int(record["epoch"] or 0), sources

        return await self._graph.read(work)

    async def lines_of(self, group_id: str, seqs: Sequence[int]) -> dict[int, tuple[str, str]]:
        """(speaker, text) of the episodes with these seqs, whatever their status."""

        async def work(tx: AsyncManagedTransaction) -> dict[int, tuple[str, str]]:
            record = await (await tx.run(_LINES_OF, group_id=group_id, seqs=list(seqs))).single(strict=True)
            return {int(seq): (speaker or "", content) for seq, speaker, content in record["rows"]}

        return await self._graph.read(work)

    async def by_seqs(self, scope: Scope, seqs: Sequence[int]) -> dict[int, Episode]:
        """Episodes by seq, whatever their status."""

        async def work(tx: AsyncManagedTransaction) -> dict[int, Episode]:
            record = await (await tx.run(_BY_SEQS_ANY, group_id=scope.group_id, seqs=list(seqs))).single(strict=True)
            episodes = [episode_from_node(e, scope.tenant_id, scope.user_id) for e in _present(record["episodes"])]
            return {e.seq: e for e in episodes}

        return await self._graph.read(work)

    async def pending_extraction(self, limit: int, group_id: str | None = None) -> list[Episode]:
        """Episodes waiting for fact extraction (the durable extraction queue): oldest first per user, round
        robin between the users of a tenant and between tenants (see `_PENDING`); only the user of `group_id`'s
        when given, oldest first."""

        async def work(tx: AsyncManagedTransaction) -> list[Episode]:
            if group_id is None:
                result = await tx.run(_PENDING, limit=limit)
            else:
                result = await tx.run(_PENDING_OF_USER, limit=limit, group_id=group_id)
            return [episode_from_node(r["e"], r["tenant_id"], r["user_id"]) async for r in result]

        return await self._graph.read(work)

    async def extraction_failed(self, scope: Scope, episode_id: str, max_attempts: int) -> tuple[bool, int]:
        """Counts a failed extraction attempt; returns (quarantined now, attempts so far). An episode reaching
        `max_attempts` leaves the queue with status "quarantined". (False, 0) when the episode is gone."""

        async def work(tx: AsyncManagedTransaction) -> tuple[bool, int]:
            record = await (
                await tx.run(_EXTRACTION_FAILED, group_id=scope.group_id, id=episode_id, max=max_attempts)
            ).single()
            return (False, 0) if record is None else (bool(record["quarantined"]), int(record["attempts"]))

        return await self._graph.write(work)

    async def pending_count(self) -> int:
        """How many episodes of all users wait for fact extraction (the queue's depth)."""

        async def work(tx: AsyncManagedTransaction) -> int:
            record = await (await tx.run(_PENDING_COUNT)).single(strict=True)
            return int(record["n"])

        return await self._graph.read(work)

    async def set_extraction(self, scope: Scope, episode_id: str, status: ExtractionStatus, count: int) -> None:
        """Records the episode's extraction status (leaving the queue unless pending). `count`, the facts it
        gave, is not stored: nothing reads it (the facts name their evidence episodes)."""

        async def work(tx: AsyncManagedTransaction) -> None:
            await (await tx.run(_SET_EXTRACTION, group_id=scope.group_id, id=episode_id, status=status)).consume()

        await self._graph.write(work)

    async def state(self, group_id: str) -> PartitionState:
        async def work(tx: AsyncManagedTransaction) -> PartitionState:
            record = await (await tx.run(_STATE, group_id=group_id)).single(strict=True)
            return PartitionState(
                int(record["seq"]), int(record["count"]), int(record["writes"]), int(record["epoch"] or 0)
            )

        return await self._graph.read(work)

    async def texts_after(self, group_id: str, after: int, limit: int, document: DocumentOf) -> list[IndexedText]:
        """Indexed text of episodes with seq > after, in seq order (index catch-up)."""

        async def work(tx: AsyncManagedTransaction) -> list[IndexedText]:
            result = await tx.run(_AFTER_SEQ, group_id=group_id, after=after, limit=limit)
            return [_indexed_text(r, document) async for r in result]

        return await self._graph.read(work)

    async def texts_of(self, group_id: str, seqs: Sequence[int], document: DocumentOf) -> list[IndexedText]:
        async def work(tx: AsyncManagedTransaction) -> list[IndexedText]:
            result = await tx.run(_TEXTS_OF, group_id=group_id, seqs=list(seqs))
            return [_indexed_text(r, document) async for r in result]

        return await self._graph.read(work)

    async def partition_rows(self, group_id: str) -> StoredPartition:
        """Ranking facts of every active episode of the partition and where their tokens come from."""

        async def work(tx: AsyncManagedTransaction) -> StoredPartition:
            record = await (await tx.run(_PARTITION_ROWS, group_id=group_id)).single(strict=True)
            rows = [
                (
                    EpisodeFeatures(
                        seq=int(seq),
                        occurred_at=datetime.fromtimestamp(millis / 1000, UTC),
                        importance=float(importance or 0.0),
                        session_id=session or "",
                        project_id=project or "",
                        event_type=event_type or "message",
                        tokens="",
                        event=_event(event_start, event_end),
                        speaker=own_speaker or "",
                    ),
                    TokenSources(int(seq), legacy, own, context_seq, context),
                )
                for (
                    seq,
                    millis,
                    importance,
                    session,
                    project,
                    event_type,
                    legacy,
                    own,
                    context_seq,
                    context,
                    event_start,
                    event_end,
                    own_speaker,
                ) in record["rows"]
                if seq is not None
            ]
            return StoredPartition(int(record["epoch"] or 0), rows)

        return await self._graph.read(work)

    async def hits_and_state(self, scope: Scope, seqs: Sequence[int]) -> HitsRead:
        """The episodes to return and, in the same read (one round trip), the user's committed state and facts
        stamp."""
        record = await self._graph.read_record(_HITS_AND_STATE, group_id=scope.group_id, seqs=list(seqs))
        episodes = [episode_from_node(e, scope.tenant_id, scope.user_id) for e in _present(record["episodes"])]
        committed = PartitionState(int(record["seq"]), int(record["count"]), int(record["writes"]))
        return HitsRead({e.seq: e for e in episodes}, committed, facts_stamp_of(record))

    async def session_tails(self, scope: Scope, before: Mapping[str, datetime]) -> dict[str, tuple[int, str, str]]:
        """For each session, (seq, speaker, text) of its latest episode before the given instant."""
        items = [{"session_id": s, "before": t} for s, t in before.items()]

        async def work(tx: AsyncManagedTransaction) -> dict[str, tuple[int, str, str]]:
            result = await tx.run(_SESSION_TAILS, group_id=scope.group_id, items=items)
            return {
                r["session_id"]: (int(r["seq"]), r["speaker"] or "", r["content"])
                async for r in result
                if r["seq"] is not None
            }

        return await self._graph.read(work)

    async def rebuilt_since(self, group_id: str, since: int) -> set[int]:
        """Seqs of active episodes whose indexed document was rebuilt (a delete re-pointed their context) by a
        transaction committing a write version above `since`."""

        async def work(tx: AsyncManagedTransaction) -> set[int]:
            record = await (await tx.run(_REBUILT_SINCE, group_id=group_id, since=since)).single(strict=True)
            return {int(s) for s in record["seqs"]}

        return await self._graph.read(work)

    async def said_before(self, scope: Scope, episode: Episode, limit: int, within: timedelta) -> list[str]:
        """The texts of the user's last `limit` episodes of `episode`'s session in the `within` before it,
        oldest first."""
        if not episode.session_id or limit <= 0:
            return []

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            result = await tx.run(
                _SAID_BEFORE,
                group_id=scope.group_id,
                session_id=episode.session_id,
                id=episode.id,
                before=episode.occurred_at,
                since=episode.occurred_at - within,
                seq=episode.seq,
                limit=limit,
            )
            return [r["content"] async for r in result][::-1]

        return await self._graph.read(work)

    async def asked_before(self, scope: Scope, episode: Episode) -> str:
        """`ExtractionQueue.asked_before`: the episode's context line, when extraction skipped it."""
        if not episode.session_id:
            return ""

        async def work(tx: AsyncManagedTransaction) -> str:
            record = await (await tx.run(_ASKED_BEFORE, group_id=scope.group_id, id=episode.id)).single()
            return str(record["content"] or "") if record is not None else ""

        return await self._graph.read(work)

    async def said_elsewhere(
        self, scope: Scope, episode: Episode, values: Sequence[str], window: int, limit: int
    ) -> list[EarlierWords]:
        """`ExtractionQueue.said_elsewhere`: a scan of the user's last `window` episodes by seq (the (group_id, seq)
        index), their text lower-cased and searched for each value."""
        wanted = sorted({v.casefold() for v in values if v})
        if not episode.session_id or not wanted or window <= 0 or limit <= 0:
            return []

        async def work(tx: AsyncManagedTransaction) -> list[EarlierWords]:
            result = await tx.run(
                _SAID_ELSEWHERE,
                group_id=scope.group_id,
                session_id=episode.session_id,
                before=episode.occurred_at,
                seq=episode.seq,
                first=episode.seq - window,
                values=wanted,
                limit=limit,
            )
            return [
                EarlierWords(r["id"], r["session_id"] or "", r["project_id"], r["content"] or "") async for r in result
            ]

        return await self._graph.read(work)

    async def all_seqs(self, group_id: str) -> set[int]:
        async def work(tx: AsyncManagedTransaction) -> set[int]:
            record = await (await tx.run(_ALL_SEQS, group_id=group_id)).single(strict=True)
            return {int(s) for s in record["seqs"]}

        return await self._graph.read(work)

    async def delete(
        self,
        scope: Scope,
        episode_id: str,
        rebuild: DocumentOf,
        audit: Callable[[Sequence[str], Sequence[str]], Sequence[AuditEvent]],
    ) -> DeletedEpisode | None:
        """Deletes one episode of the scope's projects and every copy of its words, in one transaction under
        the user's fence: the NEXT chain is closed around it, facts it alone evidenced are removed (others
        drop its id, and its quote for their statement), summaries distilled from it are removed, and the
        next episode of its session gets its context re-pointed and its document from
        `rebuild(speaker, text, previous line)`.
        `audit(episodes, facts)` gives the events written in the same transaction. None when absent."""
        group_id = scope.group_id
        projects = ["", scope.project_id] if scope.project_id else [""]

        async def work(tx: AsyncManagedTransaction) -> DeletedEpisode | None:
            params = {"group_id": group_id, "id": episode_id}
            target = await (await tx.run(_DELETE_TARGET, params | {"projects": projects})).single()
            if target is None:
                return None
            dropped = await (await tx.run(_DROP_SOLE_FACTS, params)).single(strict=True)
            named = await (await tx.run(_MENTIONED, params)).single(strict=True)
            await (await tx.run(_SCRUB_FACTS, params | {"content": target["content"]})).consume()
            await facts_changed(tx, group_id)
            rebuilt: RebuiltDocument | None = None
            if target["session_id"]:
                after = await (
                    await tx.run(
                        _SESSION_NEXT,
                        params
                        | {"session_id": target["session_id"], "valid_at": target["valid_at"], "seq": target["seq"]},
                    )
                ).single()
                if after is not None:
                    previous = None
                    if after["previous_content"] is not None:
                        previous = (after["previous_speaker"] or "", after["previous_content"])
                    document = rebuild(after["speaker"] or "", after["content"], previous)
                    rebuilt = RebuiltDocument(int(after["seq"]), document, after["status"] == "active")
                    await (
                        await tx.run(
                            _SET_CONTEXT,
                            group_id=group_id,
                            id=after["id"],
                            context_seq=after["previous_seq"],
                        )
                    ).consume()
            seqs: list[int] = []
            removed = [episode_id, *[str(s) for s in target["summaries"]]]
            for gone in removed:
                record = await (await tx.run(_DELETE_ONE, group_id=group_id, id=gone)).single()
                if record is not None:
                    seqs.append(int(record["seq"]))
            orphans = list(dict.fromkeys([*dropped["objects"], *named["ids"]]))
            if orphans:
                await (await tx.run(_DROP_ORPHAN_ENTITIES, group_id=group_id, ids=orphans)).consume()
            if dropped["keys"]:
                await (await tx.run(_DROP_ORPHAN_KEYS, group_id=group_id, keys=dropped["keys"])).consume()
            facts = [str(f) for f in dropped["facts"]]
            await write_events(tx, audit(removed, facts))
            return DeletedEpisode(seqs, facts, rebuilt)

        return await self._graph.write(work, fence=group_id, idempotent=True)

    async def groups_created_before(self, tenant_id: str, before: datetime, limit: int) -> list[str]:
        """The partitions of the tenant's users whose User node was created before `before` (oldest first)."""

        async def work(tx: AsyncManagedTransaction) -> list[str]:
            result = await tx.run(_STALE_USERS, tenant_id=tenant_id, before=before, limit=limit)
            return [str(r["group_id"]) async for r in result]

        return await self._graph.read(work)

    async def forget(self, group_id: str) -> tuple[int, int]:
        """Deletes every node of the partition in bounded batches; returns (episodes, other nodes)."""
        counts = [await self._graph.delete_in_batches(q, group_id=group_id) for q in _FORGET_LABELS]
        return counts[0], sum(counts[1:])
