"""Plain domain types shared by every layer: frozen dataclasses and closed enums. Their only behaviour is derived
from their own fields (ids, interval tests, claims); no I/O."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Generic, TypeVar

T = TypeVar("T")


class Layer(StrEnum):
    """The memory layers."""

    WORKING = "working"
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    PROCEDURAL = "procedural"
    ARCHIVE = "archive"


@dataclass(frozen=True)
class Scope:
    """Whose memory: the tenant (from credentials), the user, and optionally project, session and agent."""

    tenant_id: str
    user_id: str
    project_id: str = ""
    session_id: str = ""
    agent_id: str = ""

    @property
    def group_id(self) -> str:
        """The graph partition of this tenant+user (graphiti's `group_id`: letters, digits, `_` only)."""
        return owner_group_id(self.tenant_id, self.user_id)


def owner_group_id(tenant_id: str, user_id: str) -> str:
    """A stable, opaque partition id for a tenant+user pair, safe for graphiti's group_id rules."""
    digest = hashlib.blake2b(f"{tenant_id}\x1f{user_id}".encode(), digest_size=12).hexdigest()
    return f"u_{digest}"


@dataclass(frozen=True)
class TimeRange:
    """A half-open interval [start, end); a None bound is open."""

    start: datetime | None = None
    end: datetime | None = None

    def contains(self, when: datetime) -> bool:
        return (self.start is None or when >= self.start) and (self.end is None or when < self.end)

    def overlaps(self, other: TimeRange) -> bool:
        """Whether the two intervals share an instant."""
        return (self.start is None or other.end is None or self.start < other.end) and (
            other.start is None or self.end is None or other.start < self.end
        )

    @property
    def is_open(self) -> bool:
        return self.start is None and self.end is None


@dataclass(frozen=True)
class EpisodeDraft:
    """An episode as a client asks to write it; `importance` None means "let the policy rules decide"."""

    key: str
    text: str
    occurred_at: datetime
    session_id: str = ""
    speaker: str = ""
    event_type: str = "message"
    importance: float | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)


class ExtractionStatus(StrEnum):
    """Where an episode stands in the fact-extraction queue ("" for episodes written by other tools)."""

    UNKNOWN = ""
    SKIPPED = "skipped"
    PENDING = "pending"
    DONE = "done"
    FAILED = "failed"
    QUARANTINED = "quarantined"
    """Failed extraction repeatedly; left out of the queue for good."""


@dataclass(frozen=True)
class Episode:
    """A stored episode (an event that happened), with its provenance."""

    id: str
    key: str
    text: str
    occurred_at: datetime
    created_at: datetime
    session_id: str
    speaker: str
    event_type: str
    importance: float
    importance_source: str
    metadata: Mapping[str, str]
    tenant_id: str
    user_id: str
    project_id: str = ""
    agent_id: str = ""
    seq: int = 0
    extraction_status: ExtractionStatus = ExtractionStatus.UNKNOWN


@dataclass(frozen=True)
class EarlierWords:
    """An earlier episode of the user's own words, as a look back for a new candidate fact reads it."""

    episode_id: str
    session_id: str
    project_id: str
    text: str


@dataclass(frozen=True)
class EpisodeFeatures:
    """The ranking features of one episode (what filtering and ranking need) and its lexical tokens."""

    seq: int
    occurred_at: datetime
    importance: float
    session_id: str
    project_id: str
    event_type: str
    tokens: str = ""
    event: TimeRange | None = None
    """When the episode's own words date what it tells ("yesterday" said on 4 May → 3 May), if they do."""
    speaker: str = ""


@dataclass(frozen=True)
class EpisodeWrite:
    """The outcome of writing one episode of a batch."""

    key: str
    id: str
    created: bool


@dataclass(frozen=True)
class EpisodeFilter:
    """Filters applied before any ranking."""

    project_id: str = ""
    session_id: str = ""
    event_types: tuple[str, ...] = ()
    occurred: TimeRange = TimeRange()
    include_archived: bool = False


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a listing and the opaque token of the next (empty on the last page)."""

    items: tuple[T, ...]
    next_token: str = ""


@dataclass(frozen=True)
class SearchQuery:
    """A recall request: the query text, where to look and the instant it is asked at."""

    scope: Scope
    text: str
    top_k: int
    reference_time: datetime
    layers: tuple[Layer, ...] = ()
    filter: EpisodeFilter = EpisodeFilter()


@dataclass(frozen=True)
class ScoreBreakdown:
    """The components of a hit's score and the weights applied: score = Σ weight·component."""

    similarity: float
    lexical: float
    recency: float
    importance: float
    time_match: float
    neighbour: float
    weights: Mapping[str, float]
    graph: float = 0.0
    """Share of the query's named entities (weighted by rarity) that lead to the memory through the graph."""
    dated: float = 0.0
    """1 when the query asks when something happened and the memory's own words date its event, else 0."""
    speaker: float = 0.0
    """1 when the query names the memory's speaker, else 0."""


@dataclass(frozen=True)
class SearchHit:
    """One recalled memory with its score and provenance."""

    layer: Layer
    id: str
    text: str
    score: float
    breakdown: ScoreBreakdown
    session_id: str
    occurred_at: datetime
    metadata: Mapping[str, str]
    event_type: str = ""
    speaker: str = ""
    importance: float = 0.0


class QueryKind(StrEnum):
    """What a query was understood to ask; it picks the rerank weights of the policy."""

    RECALL = "recall"
    PREFERENCE = "preference"
    DEFAULT = "default"


@dataclass(frozen=True)
class Route:
    """Which layers a query went to, why, and what the query was understood to ask."""

    layers: tuple[Layer, ...]
    reason: str
    query_kind: QueryKind
    time_window: TimeRange | None = None
    time_expression: str = ""


@dataclass(frozen=True)
class SearchResult:
    """Ranked hits and the route taken."""

    hits: tuple[SearchHit, ...]
    route: Route


@dataclass(frozen=True)
class ForgetReport:
    """What ForgetUser erased."""

    episodes_deleted: int
    nodes_deleted: int


class FactStatus(StrEnum):
    """Where a fact version stands in its lifecycle."""

    CANDIDATE = "candidate"
    ACTIVE = "active"
    EXPIRED = "expired"
    REJECTED = "rejected"
    ARCHIVED = "archived"


class FactScopeFilter(StrEnum):
    """Which facts a read wants: the user's, the project's, or both (project winning on a key)."""

    BOTH = "both"
    USER = "user"
    PROJECT = "project"


@dataclass(frozen=True)
class Fact:
    """One version of a statement about a user or a project, with its provenance.

    Validity is the half-open interval [valid_at, invalid_at); invalid_at None means still true. `polarity`
    is False for a negated statement or a negative stance on the value ("dislikes cilantro", "does not eat
    pork"), True otherwise.
    """

    id: str
    key: str
    subject: str
    predicate: str
    value: str
    polarity: bool
    fact: str
    kind: str
    status: FactStatus
    confidence: float
    evidence: str
    project_id: str
    importance: float
    valid_at: datetime
    created_at: datetime
    invalid_at: datetime | None = None
    expired_at: datetime | None = None
    episode_ids: tuple[str, ...] = ()
    session_ids: tuple[str, ...] = ()
    status_reason: str = ""
    hit_count: int = 0
    explicit: bool = False
    language: str = ""

    @property
    def claim(self) -> tuple[str, str, bool]:
        """What the version says about its key: two versions with the same claim are the same statement."""
        return self.predicate, self.value, self.polarity

    def valid_during(self, when: datetime) -> bool:
        return self.valid_at <= when and (self.invalid_at is None or when < self.invalid_at)


class SkillOutcome(StrEnum):
    """How one use of a skill ended."""

    SUCCESS = "success"
    FAILURE = "failure"


@dataclass(frozen=True)
class Skill:
    """One version of a procedure the agent knows how to run (procedural memory).

    (user, project_id, name, version) is unique; versions of a name only grow and the highest is `is_latest`.
    `parameters_schema` is a JSON Schema document as text; `entry_point` is an opaque reference ("module:function"
    or a URL). `project_id` "" means a user skill. Counters count the outcomes recorded for this version.
    """

    id: str
    name: str
    version: int
    description: str
    triggers: tuple[str, ...]
    parameters_schema: str
    entry_point: str
    project_id: str
    created_at: datetime
    successes: int = 0
    failures: int = 0
    last_used_at: datetime | None = None
    episode_ids: tuple[str, ...] = ()
    entity_names: tuple[str, ...] = ()
    is_latest: bool = True


@dataclass(frozen=True)
class SkillMatch:
    """A skill found for an intent: score = Σ weight·component over similarity, trigger and usage."""

    skill: Skill
    score: float
    similarity: float
    trigger: float
    usage: float
    matched_trigger: str = ""


class SessionZone(StrEnum):
    """The zones of a working-memory session, each with its own lifetime.

    Instructions are pinned (never evicted); task items are upserted by key (summaries of evicted turns are
    task items keyed "summary:<n>"); dialogue turns roll (the oldest half is summarised, then removed); scratch
    holds tool output until the next assistant turn has used it.
    """

    INSTRUCTIONS = "instructions"
    TASK = "task"
    DIALOGUE = "dialogue"
    SCRATCH = "scratch"


@dataclass(frozen=True)
class Turn:
    """One message of a session: role is "user", "assistant", "tool" or "system"; tokens is its offline count."""

    role: str
    text: str
    at: datetime
    tokens: int


@dataclass(frozen=True)
class SessionState:
    """A working-memory session as stored; `version` grows by one with every write (optimistic concurrency).

    `summaries` counts the summaries made so far; `outcomes` holds (event type, turn) pairs of durable outcomes
    (task completed, correction, preference) found in turns that were evicted, for CloseSession to distil.
    """

    session_id: str
    user_id: str
    project_id: str
    instructions: tuple[str, ...]
    task: tuple[tuple[str, str], ...]
    dialogue: tuple[Turn, ...]
    scratch: tuple[Turn, ...]
    opened_at: datetime
    updated_at: datetime
    closed_at: datetime | None
    version: int
    summaries: int
    outcomes: tuple[tuple[str, Turn], ...] = ()


class ContextSection(StrEnum):
    """The sections of an assembled context, in the order they are assembled."""

    INSTRUCTIONS = "instructions"
    TASK = "task"
    MEMORY = "memory"
    DIALOGUE = "dialogue"


@dataclass(frozen=True)
class ContextItem:
    """One piece of an assembled context: its section, text,
    token count, the layer it came from, its score and why it is included (layer, score, route). `role` is the
    speaker of a dialogue or scratch turn ("" otherwise)."""

    section: ContextSection
    text: str
    tokens: int
    layer: str
    score: float
    reason: str
    role: str = ""


@dataclass(frozen=True)
class AssembledContext:
    """The context for the next model call, in order; `tokens` ≤ `budget`; `dropped` counts the items left out."""

    items: tuple[ContextItem, ...]
    tokens: int
    budget: int
    route: Route | None
    dropped: int


class MemoryKind(StrEnum):
    """What an audit event is about: an episode, a fact version, an entity, or a whole user (forgotten)."""

    EPISODE = "episode"
    FACT = "fact"
    ENTITY = "entity"
    USER = "user"


class Transition(StrEnum):
    """The lifecycle moves recorded in the audit trail."""

    PROMOTED = "promoted"
    EXPIRED = "expired"
    REJECTED = "rejected"
    ARCHIVED = "archived"
    RESTORED = "restored"
    MERGED = "merged"
    DISTILLED = "distilled"
    PURGED = "purged"
    FORGOTTEN = "forgotten"


@dataclass(frozen=True)
class AuditEvent:
    """One recorded lifecycle transition of a memory: when, why, and the policy key that caused it.

    `rule` is a dotted policy key ("lifecycle.archive_after_days") or the name of a decision ("promotion",
    "reviewer"); `run_id` names the maintenance run ("" outside one). `details` never carries memory text.
    """

    id: str
    group_id: str
    memory_id: str
    memory_kind: MemoryKind
    transition: Transition
    at: datetime
    reason: str
    rule: str
    run_id: str = ""
    details: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class EpisodeStat:
    """What lifecycle maintenance needs of one episode (no text)."""

    id: str
    seq: int
    session_id: str
    project_id: str
    event_type: str
    importance: float
    hit_count: int
    status: str
    occurred_at: datetime
    created_at: datetime
    last_hit_at: datetime | None = None
    restored_at: datetime | None = None
    archived_at: datetime | None = None


@dataclass(frozen=True)
class StatusChange:
    """Set a fact version's status (and, when it leaves current memory, its validity end and expiry time)."""

    id: str
    status: FactStatus
    reason: str
    invalid_at: datetime | None = None
    expired_at: datetime | None = None


@dataclass(frozen=True)
class FactStat:
    """What maintenance needs of one fact version."""

    id: str
    key: str
    subject: str
    predicate: str
    value: str
    polarity: bool
    project_id: str
    status: FactStatus
    valid_at: datetime
    created_at: datetime
    hit_count: int = 0
    episode_ids: tuple[str, ...] = ()
    session_ids: tuple[str, ...] = ()
    last_hit_at: datetime | None = None
    restored_at: datetime | None = None
    archived_at: datetime | None = None

    @property
    def is_taste(self) -> bool:
        return self.key.startswith(f"{self.subject}|taste|")

    @property
    def claim(self) -> tuple[str, str, bool]:
        return self.predicate, self.value, self.polarity


@dataclass(frozen=True)
class EntityStat:
    """One entity node: its id, its identity key ("s:…" subject or "v:…" value) and when it was created."""

    id: str
    name_key: str
    created_at: datetime


@dataclass(frozen=True)
class Message:
    """One message appended to a working-memory session; `zone` "" lets the session decide (dialogue)."""

    role: str
    text: str
    zone: str = ""


@dataclass(frozen=True)
class MaintenanceStepResult:
    """What one maintenance step changed (or, in a dry run, would change) over the users of a run."""

    step: str
    count: int
    ids: tuple[str, ...]
    millis: float


@dataclass(frozen=True)
class MaintenanceRun:
    """The outcome of a maintenance run as reported to callers: one result per step, in the order they ran."""

    run_id: str
    dry_run: bool
    steps: tuple[MaintenanceStepResult, ...]

    def ids_of(self, step: str) -> tuple[str, ...]:
        """The ids a step changed (empty when the step is unknown)."""
        return next((s.ids for s in self.steps if s.step == step), ())


@dataclass(frozen=True)
class PolicyInfo:
    """The memory policy in force: YAML with every key present, and where it was loaded from."""

    policy_yaml: str
    source: str


@dataclass(frozen=True)
class EntityReach:
    """What one entity named in a query leads to: how many episodes mention it (all of them), the active ones
    (empty when more than the limit mention it) and the active episodes evidencing facts that touch it."""

    key: str
    mentioned_by: int
    episodes: tuple[int, ...]
    fact_episodes: tuple[int, ...]


@dataclass(frozen=True)
class Walk:
    """The entities of a query found in the user's graph, and the user's episode count."""

    reached: tuple[EntityReach, ...]
    total_episodes: int
