import datetime

from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Layer(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LAYER_UNSPECIFIED: _ClassVar[Layer]
    LAYER_WORKING: _ClassVar[Layer]
    LAYER_EPISODIC: _ClassVar[Layer]
    LAYER_SEMANTIC: _ClassVar[Layer]
    LAYER_PROCEDURAL: _ClassVar[Layer]
    LAYER_ARCHIVE: _ClassVar[Layer]

class FactStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FACT_STATUS_UNSPECIFIED: _ClassVar[FactStatus]
    FACT_STATUS_CANDIDATE: _ClassVar[FactStatus]
    FACT_STATUS_ACTIVE: _ClassVar[FactStatus]
    FACT_STATUS_EXPIRED: _ClassVar[FactStatus]
    FACT_STATUS_REJECTED: _ClassVar[FactStatus]
    FACT_STATUS_ARCHIVED: _ClassVar[FactStatus]

class FactScopeFilter(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FACT_SCOPE_FILTER_UNSPECIFIED: _ClassVar[FactScopeFilter]
    FACT_SCOPE_FILTER_USER: _ClassVar[FactScopeFilter]
    FACT_SCOPE_FILTER_PROJECT: _ClassVar[FactScopeFilter]
LAYER_UNSPECIFIED: Layer
LAYER_WORKING: Layer
LAYER_EPISODIC: Layer
LAYER_SEMANTIC: Layer
LAYER_PROCEDURAL: Layer
LAYER_ARCHIVE: Layer
FACT_STATUS_UNSPECIFIED: FactStatus
FACT_STATUS_CANDIDATE: FactStatus
FACT_STATUS_ACTIVE: FactStatus
FACT_STATUS_EXPIRED: FactStatus
FACT_STATUS_REJECTED: FactStatus
FACT_STATUS_ARCHIVED: FactStatus
FACT_SCOPE_FILTER_UNSPECIFIED: FactScopeFilter
FACT_SCOPE_FILTER_USER: FactScopeFilter
FACT_SCOPE_FILTER_PROJECT: FactScopeFilter

class Scope(_message.Message):
    __slots__ = ("user_id", "project_id", "session_id", "agent_id")
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    user_id: str
    project_id: str
    session_id: str
    agent_id: str
    def __init__(self, user_id: _Optional[str] = ..., project_id: _Optional[str] = ..., session_id: _Optional[str] = ..., agent_id: _Optional[str] = ...) -> None: ...

class EpisodeInput(_message.Message):
    __slots__ = ("key", "text", "occurred_at", "session_id", "speaker", "event_type", "importance", "metadata")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    KEY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    OCCURRED_AT_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SPEAKER_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    IMPORTANCE_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    key: str
    text: str
    occurred_at: _timestamp_pb2.Timestamp
    session_id: str
    speaker: str
    event_type: str
    importance: float
    metadata: _containers.ScalarMap[str, str]
    def __init__(self, key: _Optional[str] = ..., text: _Optional[str] = ..., occurred_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., session_id: _Optional[str] = ..., speaker: _Optional[str] = ..., event_type: _Optional[str] = ..., importance: _Optional[float] = ..., metadata: _Optional[_Mapping[str, str]] = ...) -> None: ...

class Episode(_message.Message):
    __slots__ = ("id", "key", "text", "occurred_at", "created_at", "session_id", "speaker", "event_type", "importance", "importance_source", "metadata", "scope", "extraction_status")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    OCCURRED_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SPEAKER_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    IMPORTANCE_FIELD_NUMBER: _ClassVar[int]
    IMPORTANCE_SOURCE_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    EXTRACTION_STATUS_FIELD_NUMBER: _ClassVar[int]
    id: str
    key: str
    text: str
    occurred_at: _timestamp_pb2.Timestamp
    created_at: _timestamp_pb2.Timestamp
    session_id: str
    speaker: str
    event_type: str
    importance: float
    importance_source: str
    metadata: _containers.ScalarMap[str, str]
    scope: Scope
    extraction_status: str
    def __init__(self, id: _Optional[str] = ..., key: _Optional[str] = ..., text: _Optional[str] = ..., occurred_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., session_id: _Optional[str] = ..., speaker: _Optional[str] = ..., event_type: _Optional[str] = ..., importance: _Optional[float] = ..., importance_source: _Optional[str] = ..., metadata: _Optional[_Mapping[str, str]] = ..., scope: _Optional[_Union[Scope, _Mapping]] = ..., extraction_status: _Optional[str] = ...) -> None: ...

class AddEpisodesRequest(_message.Message):
    __slots__ = ("scope", "episodes")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    EPISODES_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    episodes: _containers.RepeatedCompositeFieldContainer[EpisodeInput]
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., episodes: _Optional[_Iterable[_Union[EpisodeInput, _Mapping]]] = ...) -> None: ...

class EpisodeWriteResult(_message.Message):
    __slots__ = ("key", "id", "created")
    KEY_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    key: str
    id: str
    created: bool
    def __init__(self, key: _Optional[str] = ..., id: _Optional[str] = ..., created: _Optional[bool] = ...) -> None: ...

class AddEpisodesResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[EpisodeWriteResult]
    def __init__(self, results: _Optional[_Iterable[_Union[EpisodeWriteResult, _Mapping]]] = ...) -> None: ...

class GetEpisodeRequest(_message.Message):
    __slots__ = ("scope", "id")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    id: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., id: _Optional[str] = ...) -> None: ...

class GetEpisodeResponse(_message.Message):
    __slots__ = ("episode",)
    EPISODE_FIELD_NUMBER: _ClassVar[int]
    episode: Episode
    def __init__(self, episode: _Optional[_Union[Episode, _Mapping]] = ...) -> None: ...

class ListEpisodesRequest(_message.Message):
    __slots__ = ("scope", "page_size", "page_token", "session_id", "event_types", "occurred_after", "occurred_before")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPES_FIELD_NUMBER: _ClassVar[int]
    OCCURRED_AFTER_FIELD_NUMBER: _ClassVar[int]
    OCCURRED_BEFORE_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    page_size: int
    page_token: str
    session_id: str
    event_types: _containers.RepeatedScalarFieldContainer[str]
    occurred_after: _timestamp_pb2.Timestamp
    occurred_before: _timestamp_pb2.Timestamp
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., session_id: _Optional[str] = ..., event_types: _Optional[_Iterable[str]] = ..., occurred_after: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., occurred_before: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListEpisodesResponse(_message.Message):
    __slots__ = ("episodes", "next_page_token")
    EPISODES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    episodes: _containers.RepeatedCompositeFieldContainer[Episode]
    next_page_token: str
    def __init__(self, episodes: _Optional[_Iterable[_Union[Episode, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class DeleteEpisodeRequest(_message.Message):
    __slots__ = ("scope", "id")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    id: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., id: _Optional[str] = ...) -> None: ...

class DeleteEpisodeResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ForgetUserRequest(_message.Message):
    __slots__ = ("scope",)
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ...) -> None: ...

class ForgetUserResponse(_message.Message):
    __slots__ = ("episodes_deleted", "nodes_deleted")
    EPISODES_DELETED_FIELD_NUMBER: _ClassVar[int]
    NODES_DELETED_FIELD_NUMBER: _ClassVar[int]
    episodes_deleted: int
    nodes_deleted: int
    def __init__(self, episodes_deleted: _Optional[int] = ..., nodes_deleted: _Optional[int] = ...) -> None: ...

class TimeRange(_message.Message):
    __slots__ = ("start", "end")
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    def __init__(self, start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class SearchRequest(_message.Message):
    __slots__ = ("scope", "query", "top_k", "layers", "reference_time", "event_types", "occurred")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    LAYERS_FIELD_NUMBER: _ClassVar[int]
    REFERENCE_TIME_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPES_FIELD_NUMBER: _ClassVar[int]
    OCCURRED_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    query: str
    top_k: int
    layers: _containers.RepeatedScalarFieldContainer[Layer]
    reference_time: _timestamp_pb2.Timestamp
    event_types: _containers.RepeatedScalarFieldContainer[str]
    occurred: TimeRange
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., query: _Optional[str] = ..., top_k: _Optional[int] = ..., layers: _Optional[_Iterable[_Union[Layer, str]]] = ..., reference_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., event_types: _Optional[_Iterable[str]] = ..., occurred: _Optional[_Union[TimeRange, _Mapping]] = ...) -> None: ...

class ScoreBreakdown(_message.Message):
    __slots__ = ("similarity", "lexical", "recency", "importance", "time_match", "weights", "neighbour", "graph", "dated", "speaker")
    class WeightsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: float
        def __init__(self, key: _Optional[str] = ..., value: _Optional[float] = ...) -> None: ...
    SIMILARITY_FIELD_NUMBER: _ClassVar[int]
    LEXICAL_FIELD_NUMBER: _ClassVar[int]
    RECENCY_FIELD_NUMBER: _ClassVar[int]
    IMPORTANCE_FIELD_NUMBER: _ClassVar[int]
    TIME_MATCH_FIELD_NUMBER: _ClassVar[int]
    WEIGHTS_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOUR_FIELD_NUMBER: _ClassVar[int]
    GRAPH_FIELD_NUMBER: _ClassVar[int]
    DATED_FIELD_NUMBER: _ClassVar[int]
    SPEAKER_FIELD_NUMBER: _ClassVar[int]
    similarity: float
    lexical: float
    recency: float
    importance: float
    time_match: float
    weights: _containers.ScalarMap[str, float]
    neighbour: float
    graph: float
    dated: float
    speaker: float
    def __init__(self, similarity: _Optional[float] = ..., lexical: _Optional[float] = ..., recency: _Optional[float] = ..., importance: _Optional[float] = ..., time_match: _Optional[float] = ..., weights: _Optional[_Mapping[str, float]] = ..., neighbour: _Optional[float] = ..., graph: _Optional[float] = ..., dated: _Optional[float] = ..., speaker: _Optional[float] = ...) -> None: ...

class SearchHit(_message.Message):
    __slots__ = ("layer", "id", "text", "score", "breakdown", "session_id", "occurred_at", "metadata", "event_type", "speaker", "importance")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    LAYER_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    OCCURRED_AT_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    SPEAKER_FIELD_NUMBER: _ClassVar[int]
    IMPORTANCE_FIELD_NUMBER: _ClassVar[int]
    layer: Layer
    id: str
    text: str
    score: float
    breakdown: ScoreBreakdown
    session_id: str
    occurred_at: _timestamp_pb2.Timestamp
    metadata: _containers.ScalarMap[str, str]
    event_type: str
    speaker: str
    importance: float
    def __init__(self, layer: _Optional[_Union[Layer, str]] = ..., id: _Optional[str] = ..., text: _Optional[str] = ..., score: _Optional[float] = ..., breakdown: _Optional[_Union[ScoreBreakdown, _Mapping]] = ..., session_id: _Optional[str] = ..., occurred_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., metadata: _Optional[_Mapping[str, str]] = ..., event_type: _Optional[str] = ..., speaker: _Optional[str] = ..., importance: _Optional[float] = ...) -> None: ...

class Route(_message.Message):
    __slots__ = ("layers", "reason", "query_kind", "time_window", "time_expression")
    LAYERS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    QUERY_KIND_FIELD_NUMBER: _ClassVar[int]
    TIME_WINDOW_FIELD_NUMBER: _ClassVar[int]
    TIME_EXPRESSION_FIELD_NUMBER: _ClassVar[int]
    layers: _containers.RepeatedScalarFieldContainer[Layer]
    reason: str
    query_kind: str
    time_window: TimeRange
    time_expression: str
    def __init__(self, layers: _Optional[_Iterable[_Union[Layer, str]]] = ..., reason: _Optional[str] = ..., query_kind: _Optional[str] = ..., time_window: _Optional[_Union[TimeRange, _Mapping]] = ..., time_expression: _Optional[str] = ...) -> None: ...

class SearchResponse(_message.Message):
    __slots__ = ("hits", "route")
    HITS_FIELD_NUMBER: _ClassVar[int]
    ROUTE_FIELD_NUMBER: _ClassVar[int]
    hits: _containers.RepeatedCompositeFieldContainer[SearchHit]
    route: Route
    def __init__(self, hits: _Optional[_Iterable[_Union[SearchHit, _Mapping]]] = ..., route: _Optional[_Union[Route, _Mapping]] = ...) -> None: ...

class GetPolicyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetPolicyResponse(_message.Message):
    __slots__ = ("policy_yaml", "source")
    POLICY_YAML_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    policy_yaml: str
    source: str
    def __init__(self, policy_yaml: _Optional[str] = ..., source: _Optional[str] = ...) -> None: ...

class Fact(_message.Message):
    __slots__ = ("id", "key", "subject", "predicate", "value", "polarity", "fact", "kind", "status", "confidence", "evidence", "project_id", "importance", "valid_at", "invalid_at", "created_at", "expired_at", "episode_ids", "session_ids", "status_reason", "hit_count")
    ID_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    PREDICATE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    POLARITY_FIELD_NUMBER: _ClassVar[int]
    FACT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    EVIDENCE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    IMPORTANCE_FIELD_NUMBER: _ClassVar[int]
    VALID_AT_FIELD_NUMBER: _ClassVar[int]
    INVALID_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    EXPIRED_AT_FIELD_NUMBER: _ClassVar[int]
    EPISODE_IDS_FIELD_NUMBER: _ClassVar[int]
    SESSION_IDS_FIELD_NUMBER: _ClassVar[int]
    STATUS_REASON_FIELD_NUMBER: _ClassVar[int]
    HIT_COUNT_FIELD_NUMBER: _ClassVar[int]
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
    valid_at: _timestamp_pb2.Timestamp
    invalid_at: _timestamp_pb2.Timestamp
    created_at: _timestamp_pb2.Timestamp
    expired_at: _timestamp_pb2.Timestamp
    episode_ids: _containers.RepeatedScalarFieldContainer[str]
    session_ids: _containers.RepeatedScalarFieldContainer[str]
    status_reason: str
    hit_count: int
    def __init__(self, id: _Optional[str] = ..., key: _Optional[str] = ..., subject: _Optional[str] = ..., predicate: _Optional[str] = ..., value: _Optional[str] = ..., polarity: _Optional[bool] = ..., fact: _Optional[str] = ..., kind: _Optional[str] = ..., status: _Optional[_Union[FactStatus, str]] = ..., confidence: _Optional[float] = ..., evidence: _Optional[str] = ..., project_id: _Optional[str] = ..., importance: _Optional[float] = ..., valid_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., invalid_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., expired_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., episode_ids: _Optional[_Iterable[str]] = ..., session_ids: _Optional[_Iterable[str]] = ..., status_reason: _Optional[str] = ..., hit_count: _Optional[int] = ...) -> None: ...

class ListFactsRequest(_message.Message):
    __slots__ = ("scope", "as_of", "scope_filter", "page_size", "page_token")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FILTER_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    as_of: _timestamp_pb2.Timestamp
    scope_filter: FactScopeFilter
    page_size: int
    page_token: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., as_of: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., scope_filter: _Optional[_Union[FactScopeFilter, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListFactsResponse(_message.Message):
    __slots__ = ("facts", "next_page_token")
    FACTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    facts: _containers.RepeatedCompositeFieldContainer[Fact]
    next_page_token: str
    def __init__(self, facts: _Optional[_Iterable[_Union[Fact, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetFactHistoryRequest(_message.Message):
    __slots__ = ("scope", "key", "page_size", "page_token")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    key: str
    page_size: int
    page_token: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., key: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GetFactHistoryResponse(_message.Message):
    __slots__ = ("versions", "next_page_token")
    VERSIONS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    versions: _containers.RepeatedCompositeFieldContainer[Fact]
    next_page_token: str
    def __init__(self, versions: _Optional[_Iterable[_Union[Fact, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListCandidatesRequest(_message.Message):
    __slots__ = ("scope", "page_size", "page_token")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    page_size: int
    page_token: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListCandidatesResponse(_message.Message):
    __slots__ = ("candidates", "next_page_token")
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    candidates: _containers.RepeatedCompositeFieldContainer[Fact]
    next_page_token: str
    def __init__(self, candidates: _Optional[_Iterable[_Union[Fact, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ConfirmFactRequest(_message.Message):
    __slots__ = ("scope", "id")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    id: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., id: _Optional[str] = ...) -> None: ...

class ConfirmFactResponse(_message.Message):
    __slots__ = ("fact",)
    FACT_FIELD_NUMBER: _ClassVar[int]
    fact: Fact
    def __init__(self, fact: _Optional[_Union[Fact, _Mapping]] = ...) -> None: ...

class RejectFactRequest(_message.Message):
    __slots__ = ("scope", "id", "reason")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    id: str
    reason: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class RejectFactResponse(_message.Message):
    __slots__ = ("fact",)
    FACT_FIELD_NUMBER: _ClassVar[int]
    fact: Fact
    def __init__(self, fact: _Optional[_Union[Fact, _Mapping]] = ...) -> None: ...

class CorrectFactRequest(_message.Message):
    __slots__ = ("scope", "id", "value", "polarity", "fact")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    POLARITY_FIELD_NUMBER: _ClassVar[int]
    FACT_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    id: str
    value: str
    polarity: bool
    fact: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., id: _Optional[str] = ..., value: _Optional[str] = ..., polarity: _Optional[bool] = ..., fact: _Optional[str] = ...) -> None: ...

class CorrectFactResponse(_message.Message):
    __slots__ = ("fact", "replaced")
    FACT_FIELD_NUMBER: _ClassVar[int]
    REPLACED_FIELD_NUMBER: _ClassVar[int]
    fact: Fact
    replaced: Fact
    def __init__(self, fact: _Optional[_Union[Fact, _Mapping]] = ..., replaced: _Optional[_Union[Fact, _Mapping]] = ...) -> None: ...

class Skill(_message.Message):
    __slots__ = ("id", "name", "version", "description", "triggers", "parameters_schema", "entry_point", "project_id", "created_at", "successes", "failures", "last_used_at", "episode_ids", "entity_names", "is_latest")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    TRIGGERS_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_SCHEMA_FIELD_NUMBER: _ClassVar[int]
    ENTRY_POINT_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    SUCCESSES_FIELD_NUMBER: _ClassVar[int]
    FAILURES_FIELD_NUMBER: _ClassVar[int]
    LAST_USED_AT_FIELD_NUMBER: _ClassVar[int]
    EPISODE_IDS_FIELD_NUMBER: _ClassVar[int]
    ENTITY_NAMES_FIELD_NUMBER: _ClassVar[int]
    IS_LATEST_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    version: int
    description: str
    triggers: _containers.RepeatedScalarFieldContainer[str]
    parameters_schema: str
    entry_point: str
    project_id: str
    created_at: _timestamp_pb2.Timestamp
    successes: int
    failures: int
    last_used_at: _timestamp_pb2.Timestamp
    episode_ids: _containers.RepeatedScalarFieldContainer[str]
    entity_names: _containers.RepeatedScalarFieldContainer[str]
    is_latest: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., version: _Optional[int] = ..., description: _Optional[str] = ..., triggers: _Optional[_Iterable[str]] = ..., parameters_schema: _Optional[str] = ..., entry_point: _Optional[str] = ..., project_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., successes: _Optional[int] = ..., failures: _Optional[int] = ..., last_used_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., episode_ids: _Optional[_Iterable[str]] = ..., entity_names: _Optional[_Iterable[str]] = ..., is_latest: _Optional[bool] = ...) -> None: ...

class RegisterSkillRequest(_message.Message):
    __slots__ = ("scope", "skill")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    SKILL_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    skill: Skill
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., skill: _Optional[_Union[Skill, _Mapping]] = ...) -> None: ...

class RegisterSkillResponse(_message.Message):
    __slots__ = ("skill",)
    SKILL_FIELD_NUMBER: _ClassVar[int]
    skill: Skill
    def __init__(self, skill: _Optional[_Union[Skill, _Mapping]] = ...) -> None: ...

class UpdateSkillRequest(_message.Message):
    __slots__ = ("scope", "skill")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    SKILL_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    skill: Skill
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., skill: _Optional[_Union[Skill, _Mapping]] = ...) -> None: ...

class UpdateSkillResponse(_message.Message):
    __slots__ = ("skill",)
    SKILL_FIELD_NUMBER: _ClassVar[int]
    skill: Skill
    def __init__(self, skill: _Optional[_Union[Skill, _Mapping]] = ...) -> None: ...

class GetSkillRequest(_message.Message):
    __slots__ = ("scope", "name", "version")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    name: str
    version: int
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., name: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class GetSkillResponse(_message.Message):
    __slots__ = ("skill",)
    SKILL_FIELD_NUMBER: _ClassVar[int]
    skill: Skill
    def __init__(self, skill: _Optional[_Union[Skill, _Mapping]] = ...) -> None: ...

class ListSkillsRequest(_message.Message):
    __slots__ = ("scope",)
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ...) -> None: ...

class ListSkillsResponse(_message.Message):
    __slots__ = ("skills",)
    SKILLS_FIELD_NUMBER: _ClassVar[int]
    skills: _containers.RepeatedCompositeFieldContainer[Skill]
    def __init__(self, skills: _Optional[_Iterable[_Union[Skill, _Mapping]]] = ...) -> None: ...

class MatchSkillsRequest(_message.Message):
    __slots__ = ("scope", "intent", "top_k")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    INTENT_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    intent: str
    top_k: int
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., intent: _Optional[str] = ..., top_k: _Optional[int] = ...) -> None: ...

class SkillMatch(_message.Message):
    __slots__ = ("skill", "score", "similarity", "trigger", "usage", "matched_trigger")
    SKILL_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    SIMILARITY_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    MATCHED_TRIGGER_FIELD_NUMBER: _ClassVar[int]
    skill: Skill
    score: float
    similarity: float
    trigger: float
    usage: float
    matched_trigger: str
    def __init__(self, skill: _Optional[_Union[Skill, _Mapping]] = ..., score: _Optional[float] = ..., similarity: _Optional[float] = ..., trigger: _Optional[float] = ..., usage: _Optional[float] = ..., matched_trigger: _Optional[str] = ...) -> None: ...

class MatchSkillsResponse(_message.Message):
    __slots__ = ("matches",)
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[SkillMatch]
    def __init__(self, matches: _Optional[_Iterable[_Union[SkillMatch, _Mapping]]] = ...) -> None: ...

class RecordSkillOutcomeRequest(_message.Message):
    __slots__ = ("scope", "name", "success", "episode_id", "version", "outcome_id")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    EPISODE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_ID_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    name: str
    success: bool
    episode_id: str
    version: int
    outcome_id: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., name: _Optional[str] = ..., success: _Optional[bool] = ..., episode_id: _Optional[str] = ..., version: _Optional[int] = ..., outcome_id: _Optional[str] = ...) -> None: ...

class RecordSkillOutcomeResponse(_message.Message):
    __slots__ = ("skill",)
    SKILL_FIELD_NUMBER: _ClassVar[int]
    skill: Skill
    def __init__(self, skill: _Optional[_Union[Skill, _Mapping]] = ...) -> None: ...

class Message(_message.Message):
    __slots__ = ("role", "text", "zone")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    ZONE_FIELD_NUMBER: _ClassVar[int]
    role: str
    text: str
    zone: str
    def __init__(self, role: _Optional[str] = ..., text: _Optional[str] = ..., zone: _Optional[str] = ...) -> None: ...

class Turn(_message.Message):
    __slots__ = ("role", "text", "at", "tokens")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    role: str
    text: str
    at: _timestamp_pb2.Timestamp
    tokens: int
    def __init__(self, role: _Optional[str] = ..., text: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., tokens: _Optional[int] = ...) -> None: ...

class Session(_message.Message):
    __slots__ = ("session_id", "instructions", "task", "dialogue", "scratch", "opened_at", "updated_at", "closed_at", "summaries", "version")
    class TaskEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    TASK_FIELD_NUMBER: _ClassVar[int]
    DIALOGUE_FIELD_NUMBER: _ClassVar[int]
    SCRATCH_FIELD_NUMBER: _ClassVar[int]
    OPENED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    CLOSED_AT_FIELD_NUMBER: _ClassVar[int]
    SUMMARIES_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    instructions: _containers.RepeatedScalarFieldContainer[str]
    task: _containers.ScalarMap[str, str]
    dialogue: _containers.RepeatedCompositeFieldContainer[Turn]
    scratch: _containers.RepeatedCompositeFieldContainer[Turn]
    opened_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    closed_at: _timestamp_pb2.Timestamp
    summaries: int
    version: int
    def __init__(self, session_id: _Optional[str] = ..., instructions: _Optional[_Iterable[str]] = ..., task: _Optional[_Mapping[str, str]] = ..., dialogue: _Optional[_Iterable[_Union[Turn, _Mapping]]] = ..., scratch: _Optional[_Iterable[_Union[Turn, _Mapping]]] = ..., opened_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., closed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., summaries: _Optional[int] = ..., version: _Optional[int] = ...) -> None: ...

class OpenSessionRequest(_message.Message):
    __slots__ = ("scope", "instructions", "task")
    class TaskEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    TASK_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    instructions: _containers.RepeatedScalarFieldContainer[str]
    task: _containers.ScalarMap[str, str]
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., instructions: _Optional[_Iterable[str]] = ..., task: _Optional[_Mapping[str, str]] = ...) -> None: ...

class OpenSessionResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: Session
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ...) -> None: ...

class AppendMessagesRequest(_message.Message):
    __slots__ = ("scope", "messages")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    messages: _containers.RepeatedCompositeFieldContainer[Message]
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., messages: _Optional[_Iterable[_Union[Message, _Mapping]]] = ...) -> None: ...

class AppendMessagesResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: Session
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ...) -> None: ...

class GetSessionRequest(_message.Message):
    __slots__ = ("scope", "page_size", "page_token")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    page_size: int
    page_token: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GetSessionResponse(_message.Message):
    __slots__ = ("session", "next_page_token")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    session: Session
    next_page_token: str
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class CloseSessionRequest(_message.Message):
    __slots__ = ("scope",)
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ...) -> None: ...

class CloseSessionResponse(_message.Message):
    __slots__ = ("session", "episodes")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    EPISODES_FIELD_NUMBER: _ClassVar[int]
    session: Session
    episodes: _containers.RepeatedCompositeFieldContainer[EpisodeWriteResult]
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ..., episodes: _Optional[_Iterable[_Union[EpisodeWriteResult, _Mapping]]] = ...) -> None: ...

class GetContextRequest(_message.Message):
    __slots__ = ("scope", "query", "token_budget", "layers", "reference_time")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    TOKEN_BUDGET_FIELD_NUMBER: _ClassVar[int]
    LAYERS_FIELD_NUMBER: _ClassVar[int]
    REFERENCE_TIME_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    query: str
    token_budget: int
    layers: _containers.RepeatedScalarFieldContainer[Layer]
    reference_time: _timestamp_pb2.Timestamp
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., query: _Optional[str] = ..., token_budget: _Optional[int] = ..., layers: _Optional[_Iterable[_Union[Layer, str]]] = ..., reference_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ContextItem(_message.Message):
    __slots__ = ("section", "text", "tokens", "layer", "score", "reason", "role")
    SECTION_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    LAYER_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    section: str
    text: str
    tokens: int
    layer: str
    score: float
    reason: str
    role: str
    def __init__(self, section: _Optional[str] = ..., text: _Optional[str] = ..., tokens: _Optional[int] = ..., layer: _Optional[str] = ..., score: _Optional[float] = ..., reason: _Optional[str] = ..., role: _Optional[str] = ...) -> None: ...

class GetContextResponse(_message.Message):
    __slots__ = ("items", "tokens", "budget", "route", "dropped")
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    ROUTE_FIELD_NUMBER: _ClassVar[int]
    DROPPED_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[ContextItem]
    tokens: int
    budget: int
    route: Route
    dropped: int
    def __init__(self, items: _Optional[_Iterable[_Union[ContextItem, _Mapping]]] = ..., tokens: _Optional[int] = ..., budget: _Optional[int] = ..., route: _Optional[_Union[Route, _Mapping]] = ..., dropped: _Optional[int] = ...) -> None: ...

class RunMaintenanceRequest(_message.Message):
    __slots__ = ("scope", "dry_run")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    DRY_RUN_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    dry_run: bool
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., dry_run: _Optional[bool] = ...) -> None: ...

class MaintenanceStep(_message.Message):
    __slots__ = ("step", "count", "ids", "millis")
    STEP_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    IDS_FIELD_NUMBER: _ClassVar[int]
    MILLIS_FIELD_NUMBER: _ClassVar[int]
    step: str
    count: int
    ids: _containers.RepeatedScalarFieldContainer[str]
    millis: float
    def __init__(self, step: _Optional[str] = ..., count: _Optional[int] = ..., ids: _Optional[_Iterable[str]] = ..., millis: _Optional[float] = ...) -> None: ...

class RunMaintenanceResponse(_message.Message):
    __slots__ = ("run_id", "dry_run", "steps")
    RUN_ID_FIELD_NUMBER: _ClassVar[int]
    DRY_RUN_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    run_id: str
    dry_run: bool
    steps: _containers.RepeatedCompositeFieldContainer[MaintenanceStep]
    def __init__(self, run_id: _Optional[str] = ..., dry_run: _Optional[bool] = ..., steps: _Optional[_Iterable[_Union[MaintenanceStep, _Mapping]]] = ...) -> None: ...

class RestoreMemoryRequest(_message.Message):
    __slots__ = ("scope", "id")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    id: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., id: _Optional[str] = ...) -> None: ...

class RestoreMemoryResponse(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: str
    def __init__(self, kind: _Optional[str] = ...) -> None: ...

class AuditEvent(_message.Message):
    __slots__ = ("memory_id", "memory_kind", "transition", "at", "reason", "rule", "run_id", "details_json")
    MEMORY_ID_FIELD_NUMBER: _ClassVar[int]
    MEMORY_KIND_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    RUN_ID_FIELD_NUMBER: _ClassVar[int]
    DETAILS_JSON_FIELD_NUMBER: _ClassVar[int]
    memory_id: str
    memory_kind: str
    transition: str
    at: _timestamp_pb2.Timestamp
    reason: str
    rule: str
    run_id: str
    details_json: str
    def __init__(self, memory_id: _Optional[str] = ..., memory_kind: _Optional[str] = ..., transition: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., reason: _Optional[str] = ..., rule: _Optional[str] = ..., run_id: _Optional[str] = ..., details_json: _Optional[str] = ...) -> None: ...

class GetMemoryAuditRequest(_message.Message):
    __slots__ = ("scope", "memory_id", "page_size", "page_token")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    MEMORY_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    scope: Scope
    memory_id: str
    page_size: int
    page_token: str
    def __init__(self, scope: _Optional[_Union[Scope, _Mapping]] = ..., memory_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GetMemoryAuditResponse(_message.Message):
    __slots__ = ("events", "next_page_token")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[AuditEvent]
    next_page_token: str
    def __init__(self, events: _Optional[_Iterable[_Union[AuditEvent, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...
