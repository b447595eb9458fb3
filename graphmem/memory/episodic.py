"""Episodic memory: writes events (importance by rule, embedding, commit, then index) and recalls them by
filter → vector and lexical candidates → rerank with same-session neighbours. Each episode is indexed as
a document: "speaker: text", preceded by the previous line of its session. Neo4j is the source of truth;
the side indexes (vectors, BM25) are caught up from it whenever they lag (after a restart, a crash between
commit and indexing, or another replica's writes), so an acknowledged episode is always searchable.
Loaded partitions live under a memory budget: the least recently used are evicted (vectors flushed first)
in the background and rebuilt on their next use (the lexical side from the file its eviction, or a graceful
shutdown, saved when that still matches Neo4j); a read for a user without memory loads nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt

from graphmem import paging
from graphmem.clock import Clock
from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors
from graphmem.errors import NotFound
from graphmem.extraction.importance import assign_importance
from graphmem.extraction.mentions import mentions, person_names
from graphmem.index.hit_texts import HitText, HitTexts
from graphmem.index.line_tokens import LineTokenFiles
from graphmem.index.partition_cache import PartitionCache
from graphmem.index.partition_index import PartitionIndex, RankRows
from graphmem.index.partition_snapshot import PartitionSnapshots, SnapshotStamp
from graphmem.index.protocol import VectorIndex
from graphmem.model import (
    AuditEvent,
    Episode,
    EpisodeDraft,
    EpisodeFeatures,
    EpisodeFilter,
    EpisodeWrite,
    ExtractionStatus,
    ForgetReport,
    Layer,
    Page,
    Scope,
    ScoreBreakdown,
    SearchHit,
    SearchQuery,
    TimeRange,
)
from graphmem.policy import Policy
from graphmem.retrieval.graph import graph_scores
from graphmem.retrieval.lexical import BM25Index, tokenize
from graphmem.retrieval.rerank import (
    OPEN_END,
    OPEN_START,
    Candidate,
    RankColumns,
    epoch_micros,
    rerank,
    rerank_columns,
)
from graphmem.retrieval.speakers import MAX_SPEAKERS, closest_speakers, speakers_named
from graphmem.retrieval.timeexpr import asks_when, event_window
from graphmem.storage.neo4j.episodes import (
    DeletedEpisode,
    EpisodeRepository,
    HitsRead,
    NewEpisode,
    PartitionState,
    StoredBatch,
    TokenSources,
)
from graphmem.storage.neo4j.mentions import MentionRepository

log = logging.getLogger(__name__)

_CATCH_UP_BATCH = 256
_LINES_BATCH = 5000

SHUTDOWN_SAVE_SECONDS = 5.0
"""How long a graceful shutdown spends saving loaded lexical partitions (`save_loaded`); a partition left unsaved
only costs its user's first Search after the restart a rebuild from Neo4j's rows."""


def _listing(scope: Scope, flt: EpisodeFilter) -> str:
    """What a ListEpisodes page token is bound to: the scope and every filter."""
    start, end = flt.occurred.start, flt.occurred.end
    return paging.binding(
        "episodes",
        scope.group_id,
        scope.project_id,
        flt.project_id,
        flt.session_id,
        "\x1e".join(sorted(flt.event_types)),
        paging.instant_key(start) if start else "",
        paging.instant_key(end) if end else "",
        str(flt.include_archived),
    )


def document_line(speaker: str, text: str) -> str:
    """One line of an indexed document: "speaker: text" (the speaker's name helps both retrievers)."""
    return f"{speaker}: {text}" if speaker else text


def lexical_tokens(draft: EpisodeDraft, document: str) -> list[str]:
    """BM25 tokens of an episode: its document (context included) plus its own line once more, so that an
    episode matching by its own words outranks the next one that only carries it as context."""
    return tokenize(document) + tokenize(document_line(draft.speaker, draft.text))


def indexed_document(speaker: str, text: str, previous: tuple[str, str] | None) -> str:
    """The indexed document of an episode whose previous session line is `previous`."""
    line = document_line(speaker, text)
    return f"{document_line(*previous)}\n{line}" if previous else line


def line_tokens(speaker: str, text: str) -> str:
    """The stored lexical tokens of one episode's own line (its document's tokens are composed from these:
    tokenising "a\nb" gives the tokens of a, then those of b)."""
    return " ".join(tokenize(document_line(speaker, text)))


def _line_tokens(memo: dict[str, str], line: str) -> str:
    """`line`'s tokens joined by spaces, tokenised once per memo (tokenising "a\nb" gives a's tokens, then b's: a
    document's tokens are its lines' tokens in order)."""
    found = memo.get(line)
    if found is None:
        found = memo[line] = " ".join(tokenize(line))
    return found


def _tokenised(lines: Mapping[int, tuple[str, str]]) -> dict[int, str]:
    return {seq: line_tokens(speaker, text) for seq, (speaker, text) in lines.items()}


def _hit_text(uuid: str, source: NewEpisode | Episode) -> HitText:
    """What a Search hit carries of an episode being written (`NewEpisode`) or read back (`Episode`)."""
    return HitText(
        uuid,
        source.text,
        source.occurred_at,
        source.session_id,
        source.speaker,
        source.event_type,
        source.importance,
        HitText.pairs(source.metadata),
    )


def _hit(held: HitText, score: float, breakdown: ScoreBreakdown, layer: Layer = Layer.EPISODIC) -> SearchHit:
    return SearchHit(
        layer=layer,
        id=held.id,
        text=held.text,
        score=score,
        breakdown=breakdown,
        session_id=held.session_id,
        occurred_at=held.occurred_at,
        metadata=dict(held.metadata),
        event_type=held.event_type,
        speaker=held.speaker,
        importance=held.importance,
    )


def _seen(done: asyncio.Future[Any]) -> None:
    """Marks a read nobody awaited as seen (its failure, if any, changes nothing: the Search read again)."""
    if not done.cancelled():
        done.exception()


def _archive_lexical(rows: Sequence[tuple[int, str]], query: str, k: int) -> list[tuple[int, float]]:
    """BM25 top-k over the archived episodes' stored tokens (CPU work, run in a worker thread)."""
    bm25 = BM25Index()
    for seq, tokens in rows:
        bm25.add(seq, tokens.split())
    return bm25.search(tokenize(query), k)


def _columns(
    found: RankRows | None,
    scope: Scope,
    flt: EpisodeFilter,
    dense: Sequence[tuple[int, float]],
    lexical: Sequence[tuple[int, float]],
    walked: dict[int, float],
    speakers: frozenset[str],
) -> RankColumns:
    """The candidates the scope and filter let through (the pooled episodes and their neighbours), as the
    rerank's columns with their raw signals."""
    if found is None or not len(found):
        return RankColumns.empty()
    c, codes = found.columns, found.codes
    visible = _among(c["project"], [codes[""], codes[scope.project_id]])
    if flt.session_id:
        visible &= c["session"] == codes[flt.session_id]
    if flt.event_types:
        visible &= np.isin(c["event_type"], [codes[t] for t in flt.event_types])
    if flt.occurred.start is not None:
        visible &= c["occurred"] >= epoch_micros(flt.occurred.start)
    if flt.occurred.end is not None:
        visible &= c["occurred"] < epoch_micros(flt.occurred.end)
    keep = np.flatnonzero(visible)
    moved = np.full(len(found) + 1, -1, dtype=np.int64)  # old position -> new; the extra slot: -1 stays -1
    moved[keep] = np.arange(keep.shape[0])
    seqs = c["seq"][keep]
    by_seq = np.argsort(seqs)
    ordered = seqs[by_seq]

    def signal(pairs: Sequence[tuple[int, float]]) -> npt.NDArray[np.float64]:
        """Each kept candidate's value in `pairs` (NaN when absent): the seqs looked up in one sorted pass."""
        values = np.full(keep.shape[0], np.nan)
        if not pairs or not keep.shape[0]:
            return values
        asked = np.fromiter((seq for seq, _ in pairs), dtype=np.int64, count=len(pairs))
        given = np.fromiter((value for _, value in pairs), dtype=np.float64, count=len(pairs))
        at = np.minimum(np.searchsorted(ordered, asked), ordered.shape[0] - 1)
        hit = ordered[at] == asked
        values[by_seq[at[hit]]] = given[hit]
        return values

    ends = c["event_end"][keep]
    return RankColumns(
        ids=seqs,
        occurred_us=c["occurred"][keep],
        importance=c["importance"][keep],
        cosines=signal(dense),
        bm25=signal(lexical),
        graph=signal(list(walked.items())),
        prev=moved[found.prev[keep]],
        next=moved[found.next[keep]],
        has_event=c["has_event"][keep],
        event_start_us=c["event_start"][keep],  # the partition stores an open bound as OPEN_START
        event_end_us=np.where(ends == OPEN_START, OPEN_END, ends),
        spoken=_among(c["speaker"][keep], [codes[s] for s in speakers if s]),
    )


def _among(column: npt.NDArray[Any], values: Sequence[int]) -> npt.NDArray[np.bool_]:
    """`np.isin(column, values)` for the few codes a search names (a comparison per code: np.isin sorts)."""
    out = np.zeros(column.shape[0], dtype=np.bool_)
    for value in set(values):
        out |= column == value
    return out


@dataclass(frozen=True)
class RecallInputs:
    """What one episodic search reranks: its visible candidates and their raw signals (policy-independent)."""

    columns: RankColumns
    lexical_truncated: bool
    asks_when: bool


class EpisodicMemory:
    """The episodic layer: one object per process, shared by all tenants (every call names its scope)."""

    def __init__(
        self,
        repo: EpisodeRepository,
        index: VectorIndex,
        partitions: PartitionIndex,
        embedder: Embedder,
        policy: Policy,
        clock: Clock,
        cache: PartitionCache,
        graph: MentionRepository | None = None,
        tokens: LineTokenFiles | None = None,
        snapshots: PartitionSnapshots | None = None,
    ) -> None:
        self._repo = repo
        self._tokens = tokens or LineTokenFiles(None)
        self._snapshots = snapshots or PartitionSnapshots(None)
        self._graph = graph
        self._index = index
        self._partitions = partitions
        self._embedder = embedder
        self._policy = policy
        self._clock = clock
        self._cache = cache
        # Per-partition locks, kept only while someone holds or waits for them.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._evicting: set[asyncio.Task[None]] = set()
        self._forgotten: set[str] = set()
        # The user's write version (`PartitionState.writes`) each partition's side indexes are known to reflect:
        # replicas share Neo4j, and another process's writes are seen through it (absent: not known).
        self._versions: dict[str, int] = {}
        # The user's partition epoch where `_versions` holds a version (a saved partition is stamped with both).
        self._epochs: dict[str, int] = {}
        # The stamp each user's saved partition file carries, as far as this process knows: set when it writes
        # the file or restores from it, cleared when the files are dropped (absent: not known, so written).
        # A replica sharing the data dir may have replaced the file since; the cost is a reload from Neo4j.
        self._on_disk: dict[str, SnapshotStamp] = {}
        # What a Search returns of the episodes written or returned lately (graphmem/index/hit_texts.py)
        self._held = HitTexts()

    def use_policy(self, policy: Policy) -> None:
        """Puts another memory policy in force from the next call on (MemoryService.use_policy)."""
        self._policy = policy

    def _lock(self, group_id: str) -> asyncio.Lock:
        lock = self._locks.get(group_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[group_id] = lock
        return lock

    @property
    def cache(self) -> PartitionCache:
        return self._cache

    def is_loaded(self, group_id: str) -> bool:
        """Whether any side index of the user is in memory."""
        return self._partitions.state(group_id) is not None or self._index.memory_bytes(group_id) > 0

    def _account(self, group_id: str) -> None:
        """Books the partition's current size as just used; evicts what no longer fits, in the background."""
        size = self._index.memory_bytes(group_id) + self._partitions.memory_bytes(group_id)
        victims = self._cache.touch(group_id, size)
        if victims:
            task = asyncio.create_task(self._evict(victims))
            self._evicting.add(task)
            task.add_done_callback(self._evicting.discard)

    async def _evict(self, victims: Sequence[str]) -> None:
        for group_id in victims:
            async with self._lock(group_id):
                if group_id in self._cache:  # used again since it was chosen
                    continue
                try:
                    await self._index.evict(group_id)
                except OSError:  # the vectors stay loaded (unaccounted until next use); Neo4j is the truth
                    log.exception("partition eviction could not write its vector file")
                    continue
                await self._save_partition(group_id)
                self._partitions.drop(group_id)
                self._held.drop(group_id)
        log.info("partitions evicted", extra={"count": len(victims), "accounted_bytes": self._cache.used_bytes})

    async def evict(self, group_id: str) -> None:
        """Frees a partition's memory now: its vectors are flushed to their files and its next use reloads
        them (the lexical side is rebuilt from Neo4j)."""
        async with self._lock(group_id):
            self._cache.forget(group_id)
            await self._index.evict(group_id)
            await self._save_partition(group_id)
            self._partitions.drop(group_id)
            self._held.drop(group_id)

    def _stamp(self, group_id: str) -> SnapshotStamp | None:
        """The stored state the loaded lexical partition truly reflects: the version and epoch its last catch-up
        or this process's own writes left, with the seq and count it holds; None when that is not known (or it
        is not loaded). The caller holds the partition's lock."""
        version, epoch = self._versions.get(group_id), self._epochs.get(group_id)
        held = self._partitions.state(group_id)
        if version is None or epoch is None or held is None:
            return None
        return SnapshotStamp(epoch, version, held[0], held[1])

    async def _save_partition(self, group_id: str) -> bool:
        """Saves the loaded lexical partition (its lock held) when the stored state it reflects is known and its
        file does not already carry that stamp, so that its reload reads no Neo4j rows; returns whether it
        wrote. Exporting and writing run in a worker thread."""
        stamp = self._stamp(group_id)
        if stamp is None or self._on_disk.get(group_id) == stamp:
            return False
        if await asyncio.to_thread(self._write_partition, group_id, stamp):
            self._on_disk[group_id] = stamp
            return True
        self._on_disk.pop(group_id, None)  # a failed write: what the file holds is no longer known
        return False

    def _write_partition(self, group_id: str, stamp: SnapshotStamp) -> bool:
        exported = self._partitions.export(group_id)
        return exported is not None and self._snapshots.write(group_id, stamp, exported)

    async def save_loaded(self, seconds: float = SHUTDOWN_SAVE_SECONDS) -> None:
        """Saves every loaded lexical partition whose file is missing or stale (a graceful shutdown: after the
        restart, each user's first Search restores it instead of reading Neo4j's rows), most recently used
        first, for at most `seconds`; partitions left when the time is up stay unsaved (a write under way
        finishes in its worker thread). Skipped: those whose file is current or whose stored state is not known."""
        recent = [*reversed(self._cache.loaded()), *self._partitions.loaded()]
        order = list(dict.fromkeys(recent))
        if not order:
            return
        began = time.perf_counter()
        saved = skipped = 0
        try:
            async with asyncio.timeout(seconds):
                for group_id in order:
                    async with self._lock(group_id):
                        if await self._save_partition(group_id):
                            saved += 1
                        else:
                            skipped += 1
        except TimeoutError:
            pass
        log.info(
            "loaded partitions saved",
            extra={
                "saved": saved,
                "skipped": skipped,
                "out_of_time": len(order) - saved - skipped,
                "elapsed_ms": round((time.perf_counter() - began) * 1000, 1),
            },
        )

    async def settle(self) -> None:
        """Waits for the evictions under way (tests, benchmarks and shutdown)."""
        while self._evicting:
            await asyncio.gather(*self._evicting)

    def _extraction_status(self, scope: Scope, draft: EpisodeDraft) -> ExtractionStatus:
        rule = self._policy.extraction
        speaker = draft.speaker.strip()
        mine = not speaker or speaker == scope.user_id or speaker.lower() in {s.lower() for s in rule.speakers}
        return ExtractionStatus.PENDING if rule.enabled and mine else ExtractionStatus.SKIPPED

    async def _embed(self, texts: Sequence[str], kind: EmbedKind) -> Vectors:
        return await asyncio.to_thread(self._embedder.embed, list(texts), kind)

    # -- writes ---------------------------------------------------------------------------------------

    async def _documents(self, scope: Scope, drafts: Sequence[EpisodeDraft]) -> list[tuple[str, int | str | None]]:
        """The indexed text of each draft: its line preceded by the previous line of the same session; and that
        line's episode (its seq when stored, its key when it is an earlier draft of the batch, None)."""
        order = sorted(range(len(drafts)), key=lambda i: (drafts[i].occurred_at, i))
        sessions = [d.session_id or scope.session_id for d in drafts]
        first_at: dict[str, datetime] = {}
        for i in order:
            if sessions[i]:
                first_at.setdefault(sessions[i], drafts[i].occurred_at)
        tails = await self._repo.session_tails(scope, first_at) if first_at else {}
        previous: dict[str, tuple[str, int | str]] = {
            s: (document_line(speaker, text), seq) for s, (seq, speaker, text) in tails.items()
        }
        documents: list[tuple[str, int | str | None]] = [("", None)] * len(drafts)
        for i in order:
            line = document_line(drafts[i].speaker, drafts[i].text)
            before = previous.get(sessions[i]) if sessions[i] else None
            documents[i] = (f"{before[0]}\n{line}", before[1]) if before else (line, None)
            if sessions[i]:
                previous[sessions[i]] = (line, drafts[i].key)
        return documents

    async def _prepare(self, scope: Scope, drafts: Sequence[EpisodeDraft]) -> list[NewEpisode]:
        documents = await self._documents(scope, drafts)
        # scoring importance and tokenising up to MAX_BATCH long texts is CPU work: off the event loop
        return await asyncio.to_thread(self._prepared, scope, drafts, documents)

    async def _prepared_and_committed(
        self, scope: Scope, drafts: Sequence[EpisodeDraft], now: datetime
    ) -> tuple[list[NewEpisode], Vectors, StoredBatch, float]:
        """The batch prepared, embedded and committed, and the commit's seconds. The embedding (the model's work)
        runs beside the preparing (Python work); the commit waits for both. Committing beside the embedding was
        slower: the driver's many short turns on the event loop queue for the GIL behind the embedding's
        workers (a 419-episode commit took 2.6 s instead of 0.3 s). A failed embedding stores nothing."""
        documents = await self._documents(scope, drafts)
        texts = [d for d, _ in documents]
        embedding = asyncio.get_running_loop().run_in_executor(None, self._embedder.embed, texts, EmbedKind.DOCUMENT)
        try:
            prepared = await asyncio.to_thread(self._prepared, scope, drafts, documents)
        except BaseException:
            if not embedding.cancel():  # already running: its outcome is not wanted (nor logged as unretrieved)
                embedding.add_done_callback(lambda done: done.cancelled() or done.exception())
            raise
        vectors = await embedding
        began = time.perf_counter()
        batch = await self._repo.add(scope, prepared, now)
        return prepared, vectors, batch, time.perf_counter() - began

    def _prepared(
        self, scope: Scope, drafts: Sequence[EpisodeDraft], documents: list[tuple[str, int | str | None]]
    ) -> list[NewEpisode]:
        prepared: list[NewEpisode] = []
        lines: dict[str, str] = {}  # a line's tokens: each line is tokenised once, also as the next one's context
        for draft, (document, context) in zip(drafts, documents, strict=True):
            own_line = document_line(draft.speaker, draft.text)
            own = _line_tokens(lines, own_line)
            before = _line_tokens(lines, document[: -len(own_line) - 1]) if context is not None else ""
            if draft.importance is None:
                importance, source = assign_importance(draft.text, draft.event_type, self._policy.importance)
            else:
                importance, source = draft.importance, "caller"
            prepared.append(
                NewEpisode(
                    key=draft.key,
                    text=draft.text,
                    occurred_at=draft.occurred_at,
                    session_id=draft.session_id or scope.session_id,
                    speaker=draft.speaker,
                    event_type=draft.event_type,
                    importance=importance,
                    importance_source=source,
                    metadata=draft.metadata,
                    document=document,
                    extraction_status=self._extraction_status(scope, draft),
                    lexical=" ".join(t for t in (before, own, own) if t),  # = lexical_tokens(draft, document)
                    tokens=own,
                    context_seq=context if isinstance(context, int) else None,
                    context_key=context if isinstance(context, str) else "",
                    mentions=[(m.key, m.name) for m in mentions(draft.text)],
                    event=event_window(draft.text, draft.occurred_at),
                )
            )
        return prepared

    async def rehearse_add(self, scope: Scope, drafts: Sequence[EpisodeDraft]) -> None:
        """The whole write path of `add` (documents, importance, embedding, the commit's statements) in a
        transaction that is rolled back: nothing is stored or indexed."""
        prepared = await self._prepare(scope, drafts)
        await self._embed([p.document for p in prepared], EmbedKind.DOCUMENT)
        await self._repo.add(scope, prepared, self._clock.now(), rehearsal=True)

    async def add(self, scope: Scope, drafts: Sequence[EpisodeDraft]) -> list[EpisodeWrite]:
        """Commits the batch, then indexes what it created; returns one result per draft, in order."""
        now = self._clock.now()
        started = time.perf_counter()
        prepared, vectors, batch, commit_seconds = await self._prepared_and_committed(scope, drafts, now)
        stored = batch.items
        committed = time.perf_counter()
        created = [(i, w) for i, w in enumerate(stored) if w.created]
        if created:
            async with self._lock(scope.group_id):
                if scope.group_id in self._forgotten:  # erased after the commit: index nothing
                    created = []
                    return [EpisodeWrite(w.key, w.uuid, w.created) for w in stored]
                seqs = [w.seq for _, w in created]
                await self._index.add(scope.group_id, seqs, vectors[[i for i, _ in created]])
                # the user's first write version: these episodes are all there is, so the lexical partition is
                # built now rather than read back from Neo4j by the user's first Search (~50 ms for 400 episodes)
                first = batch.version == 1
                await asyncio.to_thread(
                    functools.partial(self._partitions.add, create=first),
                    scope.group_id,
                    [
                        EpisodeFeatures(
                            seq=w.seq,
                            occurred_at=prepared[i].occurred_at,
                            importance=prepared[i].importance,
                            session_id=prepared[i].session_id,
                            project_id=scope.project_id,
                            event_type=prepared[i].event_type,
                            tokens=prepared[i].lexical,
                            event=prepared[i].event,
                            speaker=prepared[i].speaker,
                        )
                        for i, w in created
                    ],
                )
                self._held.put(scope.group_id, [(w.seq, _hit_text(w.uuid, prepared[i])) for i, w in created])
                lines = [(w.seq, prepared[i].tokens) for i, w in created]
                await asyncio.to_thread(self._tokens.append, scope.group_id, batch.epoch, lines)
                if self._versions.get(scope.group_id, 0) == batch.version - 1:  # nobody else wrote in between
                    self._versions[scope.group_id] = batch.version
                    self._epochs[scope.group_id] = batch.epoch
                self._account(scope.group_id)
        log.info(
            "episodes written",
            extra={
                "count": len(drafts),
                "new": len(created),
                # the preparing and the embedding (side by side), then the commit
                "prepare_embed_ms": round((committed - started - commit_seconds) * 1000, 1),
                "commit_ms": round(commit_seconds * 1000, 1),
            },
        )
        return [EpisodeWrite(w.key, w.uuid, w.created) for w in stored]

    async def delete(
        self, scope: Scope, episode_id: str, audit: Callable[[Sequence[str], Sequence[str]], Sequence[AuditEvent]]
    ) -> DeletedEpisode:
        """Deletes the episode and every derived copy of its words (see EpisodeRepository.delete), then the
        side-index entries: its vector and tokens, its summaries', and the rebuilt next document's."""
        deleted = await self._repo.delete(scope, episode_id, indexed_document, audit)
        if deleted is None:
            raise NotFound(f"episode {episode_id} does not exist for this user")
        group_id = scope.group_id
        rebuilt = deleted.rebuilt
        vectors = None
        if rebuilt is not None and rebuilt.active:
            vectors = await self._embed([rebuilt.document], EmbedKind.DOCUMENT)
        async with self._lock(group_id):
            self._held.remove(group_id, deleted.seqs)
            await self._index.remove(group_id, deleted.seqs)
            if rebuilt is not None and vectors is not None:
                await self._index.remove(group_id, [rebuilt.seq])
                await self._index.add(group_id, [rebuilt.seq], vectors)
            # the BM25 partition reloads from Neo4j on its next use (it holds the old document's tokens)
            self._partitions.drop(group_id)
            self._cache.forget(group_id)
        return deleted

    async def forget_user(self, group_id: str) -> ForgetReport:
        """Erases the user's episodes, then drops the side indexes and their files. Indexing that was in
        flight for the user is skipped from now on in this process (`_forgotten`)."""
        self._forgotten.add(group_id)
        episodes, others = await self._repo.forget(group_id)
        await self.drop_local(group_id)
        return ForgetReport(episodes, others)

    async def drop_local(self, group_id: str) -> None:
        """Drops the partition's side indexes and their files (its nodes are gone from Neo4j)."""
        async with self._lock(group_id):
            await self._forget_loaded(group_id)
            await self._drop_files(group_id)

    async def _drop_files(self, group_id: str) -> None:
        """Deletes the partition's line-token file and saved partition (its vector files go with the index)."""
        self._on_disk.pop(group_id, None)
        await asyncio.to_thread(self._tokens.drop, group_id)
        await asyncio.to_thread(self._snapshots.drop, group_id)

    async def groups_created_before(self, tenant_id: str, before: datetime, limit: int = 100) -> list[str]:
        """The partitions of the tenant's users first written before `before` (for sweeping the warm-up's
        leftovers)."""
        return await self._repo.groups_created_before(tenant_id, before, limit)

    async def unload(self, group_id: str) -> None:
        """Forgets a partition's in-process side indexes (nothing in Neo4j changes; a later search rebuilds them)."""
        async with self._lock(group_id):
            await self._forget_loaded(group_id)

    async def _forget_loaded(self, group_id: str) -> None:
        """Drops the partition's in-process side indexes and what is known of the state they reflected."""
        await self._index.drop(group_id)
        self._partitions.drop(group_id)
        self._held.drop(group_id)
        self._cache.forget(group_id)
        self._versions.pop(group_id, None)
        self._epochs.pop(group_id, None)

    # -- reads ----------------------------------------------------------------------------------------

    async def get(self, scope: Scope, episode_id: str) -> Episode:
        episode = await self._repo.get(scope, episode_id)
        if episode is None or episode.project_id not in ("", scope.project_id):
            raise NotFound(f"episode {episode_id} does not exist for this user")
        return episode

    async def list_page(self, scope: Scope, flt: EpisodeFilter, page_token: str, page_size: int) -> Page[Episode]:
        """One page of episodes in (occurred_at, seq) order; the token carries the last one's sort key (keyset
        pagination) and is bound to the scope and filters; `page_size` is clamped as for every list."""
        size = paging.page_size_of(page_size)
        bound = _listing(scope, flt)
        cursor = paging.token_cursor(page_token, bound, 2)
        after = None
        if cursor is not None:
            try:
                after = (datetime.fromisoformat(cursor[0]), int(cursor[1]))
            except ValueError as exc:
                raise paging.bad_token() from exc
        rows = await self._repo.list_page(scope, flt, after, size + 1)
        items = tuple(rows[:size])
        last = items[-1] if len(rows) > size and items else None
        return Page(items, paging.cursor_token(bound, (last.occurred_at.isoformat(), str(last.seq))) if last else "")

    async def sync_partition(self, group_id: str) -> int:
        """Brings the side indexes of one user in line with Neo4j; returns how many entries changed."""
        async with self._lock(group_id):
            changed = await self._catch_up(group_id)
            self._account(group_id)
            return changed

    async def _catch_up(self, group_id: str) -> int:
        """Brings the side indexes in line with the committed state. While the user's write version is the one
        they are known to reflect, only this process wrote: the seq watermark and the count tell what to add
        or remove. When it moved (another replica wrote, deleted, archived or restored; or it is not known),
        the lexical partition is reloaded and the vectors are reconciled seq by seq, re-embedding the episodes
        whose document a delete rebuilt since."""
        state = await self._repo.state(group_id)
        changed = 0
        if state.count == 0 and state.max_seq == 0:
            # Nothing committed for this user: build nothing (a read must not create a partition), and drop
            # what a replica may still hold for a user forgotten elsewhere.
            if self._partitions.state(group_id) is not None or self._index.memory_bytes(group_id):
                await self._index.drop(group_id)
                self._partitions.drop(group_id)
            self._held.drop(group_id)
            self._versions.pop(group_id, None)
            self._epochs.pop(group_id, None)
            await self._drop_files(group_id)
            return 0
        known = self._versions.get(group_id)
        moved = known != state.writes
        redo: set[int] = set()
        if moved:  # vectors held from before whose document changed; held texts of another epoch, maybe
            self._held.drop(group_id)
            held = await self._index.ids(group_id)
            redo = await self._repo.rebuilt_since(group_id, known or 0) & held if held else set()
        if moved or self._partitions.state(group_id) != (state.max_seq, state.count):
            changed += await self._load_partition(group_id, state)
        watermark, count = await self._index.watermark(group_id)
        if not moved and state.max_seq == watermark and state.count == count:
            return changed
        while state.max_seq > watermark:
            batch = await self._repo.texts_after(group_id, watermark, _CATCH_UP_BATCH, indexed_document)
            if not batch:
                break
            vectors = await self._embed([t.document for t in batch], EmbedKind.DOCUMENT)
            await self._index.add(group_id, [t.seq for t in batch], vectors)
            watermark = batch[-1].seq
            changed += len(batch)
        watermark, count = await self._index.watermark(group_id)
        if moved or count != state.count:
            truth = await self._repo.all_seqs(group_id)
            local = await self._index.ids(group_id)
            stale = sorted((local - truth) | (redo & truth))
            await self._index.remove(group_id, stale)
            missing = sorted((truth - local) | (redo & truth))
            for start in range(0, len(missing), _CATCH_UP_BATCH):
                found = await self._repo.texts_of(group_id, missing[start : start + _CATCH_UP_BATCH], indexed_document)
                if found:
                    vectors = await self._embed([t.document for t in found], EmbedKind.DOCUMENT)
                    await self._index.add(group_id, [t.seq for t in found], vectors)
            changed += len(stale) + len(missing)
        self._versions[group_id] = state.writes
        self._epochs[group_id] = state.epoch
        if changed:
            log.info("side indexes caught up", extra={"partition": group_id, "changed": changed})
        return changed

    async def _load_partition(self, group_id: str, state: PartitionState) -> int:
        """(Re)builds the lexical partition: from its saved file when that reflects exactly the stored state
        (an eviction saved it and nothing was written since), else from Neo4j's rows. Returns the rows loaded."""
        stamp = SnapshotStamp(state.epoch, state.writes, state.max_seq, state.count)
        saved = await asyncio.to_thread(self._snapshots.read, group_id, stamp)
        if saved is not None:
            try:
                await self._partitions.restore(group_id, saved)
                self._on_disk[group_id] = stamp  # evicted again unchanged, it need not be written again
                return len(saved.lexical.ids)
            except ValueError:
                log.warning("saved partition does not fit together; reading Neo4j", extra={"partition": group_id})
        stored = await self._repo.partition_rows(group_id)
        lines = await self._held_tokens(group_id, stored.epoch, [src for _, src in stored.rows])
        rows = [replace(features, tokens=src.composed(lines)) for features, src in stored.rows]
        await self._partitions.load(group_id, rows)
        return len(rows)

    async def _held_tokens(self, group_id: str, epoch: int, sources: Sequence[TokenSources]) -> dict[int, str]:
        """Own-line tokens for composing these episodes' documents: the partition's token file, plus the lines
        it lacks (another replica wrote them, or the file is gone) tokenised again from Neo4j's text and
        appended to it."""
        held = await asyncio.to_thread(self._tokens.read, group_id, epoch)
        needed = sorted({seq for src in sources for seq in src.lines_needed(held)})
        if not needed:
            return held
        lines: dict[int, tuple[str, str]] = {}
        for start in range(0, len(needed), _LINES_BATCH):
            lines.update(await self._repo.lines_of(group_id, needed[start : start + _LINES_BATCH]))
        fresh = await asyncio.to_thread(_tokenised, lines)
        await asyncio.to_thread(self._tokens.append, group_id, epoch, sorted(fresh.items()))
        log.info("episode lines tokenised again", extra={"partition": group_id, "count": len(fresh)})
        return held | fresh

    async def _in_step(self, group_id: str, committed: PartitionState) -> bool:
        watermark, count = await self._index.watermark(group_id)
        wanted = (committed.max_seq, committed.count)
        return (
            self._versions.get(group_id) == committed.writes
            and (watermark, count) == wanted
            and (self._partitions.state(group_id) or (0, 0)) == wanted
        )

    async def search(
        self,
        query: SearchQuery,
        kind: str,
        window: TimeRange | None,
        facts_stamp: asyncio.Future[str] | None = None,
        vector: Awaitable[Vectors] | None = None,
    ) -> list[SearchHit]:
        """Filter first, then vector and lexical candidates, then the policy's rerank. `vector` is the query's
        vector when the caller started the model already (else it runs here).

        The side indexes are checked against the committed state in the same read that fetches the hits;
        when they lag (another replica wrote, or a restart), they are caught up and the search runs again.
        That read also returns the user's facts stamp, handed to `facts_stamp` (the semantic layer of the same
        Search waits for it instead of reading it in a round trip of its own).
        """
        scope, flt = query.scope, query.filter
        group_id = scope.group_id
        explicit_filter = bool(flt.event_types or flt.session_id or not flt.occurred.is_open)
        # shielded: the vector is shared with the Search's other layers, which a cancelled wait here must not end
        embedded = asyncio.shield(vector) if vector is not None else self._embed([query.text], EmbedKind.QUERY)
        walked = self._walk(group_id, query.text, self._policy.rerank.weights_for(kind).graph)
        # When this process holds texts of the user's episodes, the committed state (and facts stamp) is read
        # now, beside the model run: if every hit's text is held, that is the Search's only Neo4j read.
        early: asyncio.Future[HitsRead] | None = None
        if self._held.holds(group_id) and self._partitions.state(group_id) is not None:
            early = asyncio.ensure_future(self._repo.hits_and_state(scope, []))
            early.add_done_callback(_seen)  # not awaited when some hit's text is not held
        # BM25 needs no vector: with no filter to read first, it runs beside the query model (two cores)
        lexical: asyncio.Future[list[tuple[int, float]]] | None = None
        if not explicit_filter and self._partitions.state(group_id) is not None:
            lexical = asyncio.ensure_future(asyncio.to_thread(self._lexical, query, None))
            lexical.add_done_callback(_seen)  # not awaited when the search fails first
        if self._partitions.state(group_id) is None:
            _, qvec, graph = await asyncio.gather(self.sync_partition(group_id), embedded, walked)
            if self._partitions.state(group_id) is None:
                # Neo4j holds no episode of this user (a state read after any acknowledged write): nothing to
                # rank or read. The semantic layer reads the facts stamp itself.
                if facts_stamp is not None and not facts_stamp.done():
                    facts_stamp.cancel()
                return []
        else:
            qvec, graph = await asyncio.gather(embedded, walked)
        held: dict[int, HitText] | None = None
        allowed = await self._repo.allowed_seqs(scope, flt) if explicit_filter else None
        for attempt in range(2):
            # the early BM25 candidates are of the partition as it was: a search run again finds its own
            found = await lexical if lexical is not None and attempt == 0 else None
            ranked = await self._rank(query, kind, window, qvec[0], allowed, graph, found)
            seqs = [seq for seq, _, _ in ranked]
            held = self._held.get(group_id, seqs) if early is not None and attempt == 0 else None
            if held is not None and early is not None:  # every hit's text is here: only the state is read
                read = await early
            else:
                read = await self._repo.hits_and_state(scope, seqs)
                self._held.put(group_id, [(e.seq, _hit_text(e.id, e)) for e in read.episodes.values()])
            if facts_stamp is not None and not facts_stamp.done():
                facts_stamp.set_result(read.facts_stamp)
            if attempt == 1 or await self._in_step(group_id, read.committed):
                break
            await self.sync_partition(group_id)
        if held is not None:
            return [_hit(held[seq], score, breakdown) for seq, score, breakdown in ranked]
        hits = []
        for seq, score, breakdown in ranked:
            ep = read.episodes.get(seq)
            if ep is None:  # deleted between ranking and reading
                continue
            hits.append(_hit(_hit_text(ep.id, ep), score, breakdown))
        return hits

    async def _walk(self, group_id: str, text: str, weight: float) -> dict[int, float]:
        """Graph scores of the episodes the query's entities lead to (nothing when the weight is 0)."""
        if weight <= 0 or self._graph is None:
            return {}
        named = await asyncio.to_thread(mentions, text)
        if not named:
            return {}
        walk = await self._graph.walk(group_id, [m.key for m in named], self._policy.rerank.candidates)
        return graph_scores(walk)

    async def search_archive(self, query: SearchQuery, kind: str, window: TimeRange | None) -> list[SearchHit]:
        """Archived episodes, searched only when asked for: BM25 over their stored tokens, then the rerank."""
        epoch, sources = await self._repo.archived_rows(query.scope)
        if not sources:
            return []
        held = await self._held_tokens(query.scope.group_id, epoch, sources)
        rows = [(src.seq, src.composed(held)) for src in sources]
        lexical = await asyncio.to_thread(_archive_lexical, rows, query.text, self._policy.rerank.candidates)
        episodes = await self._repo.by_seqs(query.scope, [s for s, _ in lexical])
        candidates = [
            Candidate(s, episodes[s].importance, episodes[s].occurred_at) for s, _ in lexical if s in episodes
        ]
        ranked = rerank(  # at most `candidates` items: cheap
            candidates,
            {},
            dict(lexical),
            self._policy.rerank.weights_for(kind),
            query.reference_time,
            self._policy.rerank.half_life_days,
            window,
            lexical_truncated=len(lexical) >= self._policy.rerank.candidates,
        )[: query.top_k]
        return [_hit(_hit_text(episodes[c.id].id, episodes[c.id]), score, b, Layer.ARCHIVE) for c, score, b in ranked]

    async def _rank(
        self,
        query: SearchQuery,
        kind: str,
        window: TimeRange | None,
        qvec: Vectors,
        allowed: list[int] | None,
        graph: dict[int, float] | None = None,
        lexical: list[tuple[int, float]] | None = None,
    ) -> list[tuple[int, float, ScoreBreakdown]]:
        named = self._policy.rerank.weights_for(kind).speaker > 0

        def top() -> list[tuple[int, float, ScoreBreakdown]]:
            inputs = self._gathered(query, qvec, allowed, graph or {}, named, lexical)
            return self.score(inputs, query, kind, window, query.top_k)

        # the vector search, the speakers named, tokenising, BM25, the ranking columns and the rerank are CPU
        # work: off the event loop, in one hand-off
        return await asyncio.to_thread(top)

    async def _inputs(
        self,
        query: SearchQuery,
        qvec: Vectors,
        allowed: list[int] | None,
        walked: dict[int, float],
        speakers: bool,
    ) -> RecallInputs:
        """The search's candidates and signals; the speakers the query names only when `speakers` (the policy
        weighs them)."""
        # the vector search, the speakers named, tokenising, BM25 and the ranking columns are CPU work: off the
        # event loop (the indexes lock themselves)
        return await asyncio.to_thread(self._gathered, query, qvec, allowed, walked, speakers)

    def _speakers(self, group_id: str, text: str) -> frozenset[str]:
        """The user's speakers the query names: by their name as written, else (a Chinese name for a speaker
        written in another script) by the embeddings of the names (graphmem/retrieval/speakers.py). CPU work,
        run in a worker thread."""
        speakers = self._partitions.speakers(group_id, MAX_SPEAKERS)
        if not speakers:
            return frozenset()
        named = speakers_named(text, speakers)
        if named:
            return named
        names = [n for n in person_names(text) if n not in speakers]
        others = [s for s in speakers if s.isascii()]
        if not names or not others:
            return frozenset()
        # one text per call: the query memo keeps each name's vector, so a user's names cost the model once
        vectors = [self._embedder.embed([t], EmbedKind.QUERY) for t in [*names, *others]]
        stacked = np.vstack(vectors)
        return closest_speakers(names, stacked[: len(names)], others, stacked[len(names) :])

    def _gathered(
        self,
        query: SearchQuery,
        qvec: Vectors,
        allowed: list[int] | None,
        walked: dict[int, float],
        named: bool,
        lexical: list[tuple[int, float]] | None = None,
    ) -> RecallInputs:
        """The candidates and their signals; the speakers the query names only when `named` (the policy
        weighs them); `lexical` when the BM25 candidates were found already (`_lexical`). Blocking: runs in a
        worker thread."""
        scope, flt = query.scope, query.filter
        oversample = self._oversample(query, allowed)
        dense = self._index.nearest(scope.group_id, qvec, oversample, allowed)
        speakers = self._speakers(scope.group_id, query.text) if named else frozenset()
        if lexical is None:
            lexical = self._lexical(query, allowed)
        pooled = list(dict.fromkeys([s for s, _ in dense] + [s for s, _ in lexical] + list(walked)))
        names = ["", scope.project_id, flt.session_id, *flt.event_types, *speakers]
        found = self._partitions.rank_rows(scope.group_id, pooled, names)
        columns = _columns(found, scope, flt, dense, lexical, walked, speakers)
        return RecallInputs(columns, len(lexical) >= oversample, asks_when(query.text))

    def _oversample(self, query: SearchQuery, allowed: list[int] | None) -> int:
        n = self._policy.rerank.candidates
        return n if allowed is not None or not query.scope.project_id else 3 * n

    def _lexical(self, query: SearchQuery, allowed: list[int] | None) -> list[tuple[int, float]]:
        """The BM25 candidates of a search (blocking: runs in a worker thread)."""
        oversample = self._oversample(query, allowed)
        return self._partitions.search(query.scope.group_id, tokenize(query.text), oversample, allowed)

    def score(
        self, inputs: RecallInputs, query: SearchQuery, kind: str, window: TimeRange | None, top_k: int | None = None
    ) -> list[tuple[int, float, ScoreBreakdown]]:
        """The policy's rerank over a search's candidates and signals: (seq, score, breakdown), best first (the
        best `top_k`, all when None)."""
        ranked = rerank_columns(
            inputs.columns,
            self._policy.rerank.weights_for(kind),
            query.reference_time,
            self._policy.rerank.half_life_days,
            window,
            inputs.lexical_truncated,
            inputs.asks_when,
            top_k,
        )
        ids = inputs.columns.ids
        return [(int(ids[i]), score, breakdown) for i, score, breakdown in ranked]

    async def recall_inputs(self, query: SearchQuery, walk: bool) -> RecallInputs:
        """What a search's rerank starts from: the candidates and their signals, with the graph walked or not
        (a search walks it when the policy's graph weight is above 0) and the speakers the query names (found
        whatever the speaker weight). Benchmarks score a grid of policies over it with `score` after
        `MemoryService.use_policy`: the same code `search` runs."""
        group_id = query.scope.group_id
        embedded = self._embed([query.text], EmbedKind.QUERY)
        walked = self._walk(group_id, query.text, 1.0 if walk else 0.0)
        if self._partitions.state(group_id) is None:
            _, qvec, graph = await asyncio.gather(self.sync_partition(group_id), embedded, walked)
        else:
            qvec, graph = await asyncio.gather(embedded, walked)
        flt = query.filter
        explicit_filter = bool(flt.event_types or flt.session_id or not flt.occurred.is_open)
        allowed = await self._repo.allowed_seqs(query.scope, flt) if explicit_filter else None
        return await self._inputs(query, qvec[0], allowed, graph, True)

    async def by_seqs(self, scope: Scope, seqs: Sequence[int]) -> dict[int, Episode]:
        """Episodes of the scope by seq, whatever their status."""
        return await self._repo.by_seqs(scope, seqs)
