"""MemoryService: the one facade over the memory layers; one short method per use case.

It validates requests, picks the route and delegates to the layers. Construction wires the storage, the
vector index and the embedder from Settings; `start()` migrates the schema, `close()` flushes and closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from graphmem import paging
from graphmem.clock import Clock, ManualClock, SystemClock
from graphmem.config import RESERVED_TENANT_PREFIX, Settings
from graphmem.embedding.factory import build_embedder
from graphmem.embedding.protocol import Embedder, EmbedKind, Vectors
from graphmem.embedding.query_memo import QueryMemo
from graphmem.errors import FieldViolation, InvalidArgument
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.llm_extractor import LLMExtractor
from graphmem.index.faiss_index import FaissIndex
from graphmem.index.line_tokens import LineTokenFiles
from graphmem.index.partition_cache import DEFAULT_INDEX_MEMORY_MB, PartitionCache
from graphmem.index.partition_index import PartitionIndex
from graphmem.index.partition_snapshot import PartitionSnapshots
from graphmem.index.protocol import VectorIndex
from graphmem.lifecycle.audit import AuditTrail, forgotten_event
from graphmem.lifecycle.hits import HitRecorder
from graphmem.lifecycle.runner import MaintenanceReport, MaintenanceRunner
from graphmem.memory.episodic import EpisodicMemory
from graphmem.memory.procedural import ProceduralMemory
from graphmem.memory.semantic import Extractor, SemanticMemory
from graphmem.memory.summary import Summariser
from graphmem.memory.working import Message, WorkingMemory
from graphmem.model import (
    AssembledContext,
    AuditEvent,
    Episode,
    EpisodeDraft,
    EpisodeFilter,
    EpisodeWrite,
    Fact,
    FactScopeFilter,
    ForgetReport,
    Layer,
    MemoryKind,
    Page,
    Route,
    Scope,
    ScoreBreakdown,
    SearchHit,
    SearchQuery,
    SearchResult,
    SessionState,
    Skill,
    SkillMatch,
    SkillOutcome,
)
from graphmem.policy import Policy, load_policy
from graphmem.readiness import WarmUpReport, warm_up
from graphmem.retrieval.chat_endpoint import ChatEndpoint
from graphmem.retrieval.context import assemble, memory_items
from graphmem.retrieval.duplicates import distinct
from graphmem.retrieval.reranker_llm import LLMReranker
from graphmem.retrieval.router import route
from graphmem.retrieval.router_llm import LLMRouter, choose_route
from graphmem.retrieval.skill_rank import W_SIMILARITY, W_TRIGGER, W_USAGE
from graphmem.retrieval.timeexpr import TimeExpression, find_time_expression
from graphmem.storage.neo4j.driver import Neo4jGraph
from graphmem.storage.neo4j.episodes import EpisodeRepository
from graphmem.storage.neo4j.facts import FactRepository
from graphmem.storage.neo4j.fence import Tombstones
from graphmem.storage.neo4j.leases import forget_leases
from graphmem.storage.neo4j.mentions import MentionRepository
from graphmem.storage.neo4j.rehearsal import discard_partition
from graphmem.storage.neo4j.schema import migrate
from graphmem.storage.neo4j.sessions import SessionRepository
from graphmem.storage.neo4j.skills import SkillRepository
from graphmem.textworker import TextWorker, TextWorkerFailed
from graphmem.validation import (
    check_episode_batch,
    check_id,
    check_scope,
    event_type_violations,
    optional_id_violations,
    page_violations,
    query_violations,
    range_violations,
    scope_violations,
)

log = logging.getLogger(__name__)

INDEX_FLUSH_SECONDS = 30.0
"""How often the background work writes the side indexes to disk."""


WARM_UP_SCOPE = Scope(tenant_id=f"{RESERVED_TENANT_PREFIX}warm-up", user_id="warm-up")
"""The scope the start-up rehearsal runs in: no API key maps to it and nothing written to it is ever kept."""
WARM_UP_TEXTS = ("我不吃香菜，以后点菜都别放。", "I never drink coffee after noon.")
WARM_UP_ROUNDS = 5
"""Committed write-and-search rounds before SERVING, each as a throwaway user (`MemoryService.warm_up_queries`)."""
WARM_UP_STALE_AFTER = timedelta(hours=1)
"""A warm-up user older than this was left by a start that died half-way; the next start discards it."""


def build_clock(spec: str) -> Clock:
    """ "system", or an ISO-8601 instant for a clock frozen there (tests)."""
    if spec == "system":
        return SystemClock()
    from datetime import datetime

    return ManualClock(datetime.fromisoformat(spec))


def embedder_from_settings(settings: Settings) -> Embedder:
    if settings.embedder == "openai":
        return build_embedder(
            "openai",
            threads=settings.embedder_threads,
            base_url=settings.openai_base_url,
            api_key=settings.openai_api_key,
            model=settings.openai_embedding_model,
            dim=settings.openai_embedding_dim,
        )
    return build_embedder(settings.embedder, threads=settings.embedder_threads)


def _retrieved(done: asyncio.Future[Vectors]) -> None:
    """Marks a query vector nobody awaited as seen (a Search that failed before its layers ran)."""
    if not done.cancelled():
        done.exception()


def _read_query(query: SearchQuery) -> tuple[Route, TimeExpression | None]:
    """The rules' route of a query and the time expression it holds (worker-thread work)."""
    return route(query.text, query.layers), find_time_expression(query.text, query.reference_time)


class MemoryService:
    """Every use case of graphmem, independent of transport."""

    def __init__(
        self,
        graph: Neo4jGraph,
        index: VectorIndex,
        embedder: Embedder,
        policy: Policy,
        policy_source: str,
        clock: Clock,
        extractor: Extractor | None = None,
        summariser: Summariser | None = None,
        llm_router: LLMRouter | None = None,
        index_memory_bytes: int = DEFAULT_INDEX_MEMORY_MB * 2**20,
        reranker: LLMReranker | None = None,
        line_tokens: LineTokenFiles | None = None,
        saved_partitions: PartitionSnapshots | None = None,
    ) -> None:
        self._graph = graph
        self._index = index
        # every layer a Search asks embeds its query: computed once per query (and again only when it left the memo)
        embedder = QueryMemo(embedder)
        self._embedder = embedder
        self._policy = policy
        self._policy_source = policy_source
        self._llm_router = llm_router
        self._reranker = reranker
        self._clock = clock
        self._episodes_repo = EpisodeRepository(graph)
        self.episodic = EpisodicMemory(
            self._episodes_repo,
            index,
            PartitionIndex(),
            embedder,
            policy,
            clock,
            PartitionCache(index_memory_bytes),
            MentionRepository(graph),
            line_tokens,
            saved_partitions,
        )
        self.semantic = SemanticMemory(
            FactRepository(graph), self._episodes_repo, extractor or RuleExtractor(), embedder, policy, clock
        )
        self.procedural = ProceduralMemory(SkillRepository(graph), embedder, clock)
        self._sessions = SessionRepository(graph)
        self.hits = HitRecorder(graph)
        self.maintenance = MaintenanceRunner(graph, self.episodic, policy, clock, embedder)
        self._audit = AuditTrail(graph)
        self._tombstones = Tombstones(graph)
        # evicted turns are read on the write path and the warm-up must not ask a remote model: the offline rules
        self._offline_extractor = self.semantic.extractor
        if isinstance(self._offline_extractor, LLMExtractor):
            self._offline_extractor = self._offline_extractor.fallback
        self.working = WorkingMemory(
            self._sessions, policy, clock, summariser=summariser, extractor=self._offline_extractor
        )
        self._background: list[asyncio.Task[None]] = []

    @classmethod
    def from_settings(cls, settings: Settings) -> MemoryService:
        policy, source = load_policy(settings.policy_file)
        embedder = embedder_from_settings(settings)
        graph = Neo4jGraph(
            settings.effective_neo4j_uri,
            settings.neo4j_user,
            settings.neo4j_password,
            settings.neo4j_database,
            transaction_timeout=settings.neo4j_transaction_timeout_seconds,
        )
        index_root = settings.data_dir / "vectors" / f"{embedder.name}-{embedder.dim}"
        index = FaissIndex(index_root, embedder.dim)
        router = None
        if settings.router_llm_base_url:
            router = LLMRouter(
                base_url=settings.router_llm_base_url,
                model=settings.router_llm_model,
                api_key=settings.router_llm_api_key or None,
                timeout_s=settings.router_llm_timeout_seconds,
                failure_threshold=settings.router_llm_failure_threshold,
                cooldown_s=settings.router_llm_cooldown_seconds,
            )
        reranker = None
        if settings.reranker_llm_base_url:
            reranker = LLMReranker(
                ChatEndpoint(
                    base_url=settings.reranker_llm_base_url,
                    model=settings.reranker_llm_model,
                    api_key=settings.reranker_llm_api_key or None,
                    timeout_s=settings.reranker_llm_timeout_seconds,
                    attempts=2,
                    retry_wait_s=0.1,
                    failure_threshold=settings.router_llm_failure_threshold,
                    cooldown_s=settings.router_llm_cooldown_seconds,
                ),
                top_n=settings.reranker_llm_top_n,
            )
        worker = (
            TextWorker(timeout_seconds=settings.text_worker_timeout_seconds) if settings.text_worker_process else None
        )
        extractor: Extractor | None = worker
        if settings.extractor_llm_base_url:
            extractor = LLMExtractor(
                worker or RuleExtractor(),
                base_url=settings.extractor_llm_base_url,
                model=settings.extractor_llm_model,
                api_key=settings.extractor_llm_api_key or None,
                timeout_s=settings.extractor_llm_timeout_seconds,
                failure_threshold=settings.router_llm_failure_threshold,
                cooldown_s=settings.router_llm_cooldown_seconds,
            )
        return cls(
            graph,
            index,
            embedder,
            policy,
            source,
            build_clock(settings.clock),
            extractor=extractor,
            summariser=worker,
            llm_router=router,
            index_memory_bytes=int(settings.index_memory_mb * 2**20),
            reranker=reranker,
            line_tokens=LineTokenFiles(settings.data_dir / "tokens"),
            saved_partitions=PartitionSnapshots(settings.data_dir / "partitions"),
        )

    @property
    def graph(self) -> Neo4jGraph:
        return self._graph

    @property
    def clock(self) -> Clock:
        return self._clock

    @property
    def extraction_queue_depth(self) -> int:
        """Episodes of all users waiting for fact extraction, as the worker last counted them (a gauge)."""
        return self.semantic.queue_depth

    @property
    def partition_cache(self) -> PartitionCache:
        """The loaded side-index partitions and their memory budget (read by the metrics endpoint)."""
        return self.episodic.cache

    async def migrate(self) -> int:
        """Creates constraints and indexes (idempotent); returns the schema version."""
        return await migrate(self._graph)

    async def warm_up(self) -> WarmUpReport:
        """Loads and exercises every lazily loaded part (embedder, jieba, spaCy and the rule tables, FAISS,
        BM25, the Search and write paths) once, so the first requests cost what later ones cost."""
        extractor = self._offline_extractor
        # the text worker's child starts (imports, spaCy, jieba) while the embedder loads here
        starting = (
            asyncio.create_task(asyncio.to_thread(extractor.start)) if isinstance(extractor, TextWorker) else None
        )
        try:
            return await warm_up(self._embedder, extractor, self._index, self._policy, self._clock.now())
        finally:
            if starting is not None:
                with contextlib.suppress(TextWorkerFailed):  # warm_up's own extraction part reports it
                    await starting

    async def warm_up_queries(self, stale_after: timedelta = WARM_UP_STALE_AFTER) -> list[Scope]:
        """Runs the real AddEpisodes path, the fact extraction that follows a write and the real Search path
        (every layer, then a routed query) WARM_UP_ROUNDS times, committed; returns the throwaway scopes it
        used. Neo4j must have planned those statements, read their pages and compiled
        their code paths before the first user call: after a Neo4j restart, a rolled-back rehearsal left the
        first committed episode write 5x a steady one and a Search over a scope with rows 9x, and rounds as one
        known user still left a *new* user's first write 2x (its User, Session and UserFence nodes are created
        by statements planned apart; measured with `make bench-startup`). So each round is a fresh throwaway
        user of the warm-up tenant (no API key maps to it): its first write creates the user, its second is a
        known user's write, both are searched and one is deleted with the real DeleteEpisode path, then every
        node of the user is discarded, tombstone and audit trail included. Leftovers of a warm-up that died
        half-way (older than `stale_after`, so a replica warming up beside this one keeps its own) are swept
        first. The warm-up episodes are extracted here, not queued for the worker (their speaker is not the
        user's)."""
        now = self._clock.now()
        for group_id in await self.episodic.groups_created_before(WARM_UP_SCOPE.tenant_id, now - stale_after):
            await self._discard_rehearsal_user(WARM_UP_SCOPE.tenant_id, group_id)
        drafts = [
            EpisodeDraft(
                key=f"warm-up-{now.timestamp():.6f}-{i}", text=text, occurred_at=now, session_id="s", speaker="graphmem"
            )
            for i, text in enumerate(WARM_UP_TEXTS * WARM_UP_ROUNDS)
        ]
        check_episode_batch(WARM_UP_SCOPE, drafts[:2])
        await self.episodic.rehearse_add(WARM_UP_SCOPE, drafts[:1])
        everywhere = (Layer.EPISODIC, Layer.SEMANTIC, Layer.PROCEDURAL, Layer.ARCHIVE)
        used: list[Scope] = []
        for i in range(WARM_UP_ROUNDS):
            scope = replace(WARM_UP_SCOPE, user_id=f"{WARM_UP_SCOPE.user_id}-{uuid.uuid4().hex}")
            used.append(scope)
            try:
                for n, draft in enumerate(drafts[2 * i : 2 * i + 2]):  # a new user's first write, a known user's
                    written = await self.episodic.add(scope, [draft])
                    if n == 0:  # what the extraction worker does with a new user's words, committed: the
                        # Searches that follow read a user with facts
                        await self.semantic.extract_episode(scope, await self.episodic.get(scope, written[0].id))
                    await self.search(SearchQuery(scope, "上周她说过不吃什么？", 10, now, everywhere))
                    await self.search(SearchQuery(scope, "what does she prefer to drink?", 10, now))
                await self.delete_episode(scope, written[0].id)
            finally:
                await self._discard_rehearsal_user(scope.tenant_id, scope.group_id)
        return used

    async def _discard_rehearsal_user(self, tenant_id: str, group_id: str) -> None:
        """Deletes every node of a throwaway warm-up user, leaving no tombstone and no audit event (unlike
        ForgetUser, which retires a real user's id for ever). Refuses any other tenant."""
        if tenant_id != WARM_UP_SCOPE.tenant_id:
            raise ValueError(f"only the warm-up tenant's users are discarded, not {tenant_id!r}'s")
        await discard_partition(self._graph, group_id)
        await self.episodic.drop_local(group_id)

    async def ping(self) -> None:
        """Raises StorageUnavailable when the graph database does not answer."""
        await self._graph.ping()

    async def flush(self) -> None:
        await self._index.flush()

    def start(
        self,
        *,
        extraction_poll_seconds: float,
        hit_flush_seconds: float,
        maintenance_interval_seconds: float = 0.0,
        index_flush_seconds: float = INDEX_FLUSH_SECONDS,
    ) -> None:
        """Starts the background work the service owns, on the running loop: the fact-extraction worker, the
        hit-count flusher, the periodic side-index flush and (interval > 0) scheduled maintenance. `close`
        stops them."""
        if self._background:
            raise RuntimeError("the service is already started")
        work = {
            "graphmem-flush": self._flush_periodically(index_flush_seconds),
            "graphmem-extraction": self.semantic.run_worker(extraction_poll_seconds),
            "graphmem-hits": self.hits.run(hit_flush_seconds),
        }
        if maintenance_interval_seconds > 0:
            work["graphmem-maintenance"] = self._maintain_periodically(maintenance_interval_seconds)
        self._background = [asyncio.create_task(job, name=name) for name, job in work.items()]

    async def pause_extraction(self) -> None:
        """Pauses the background fact-extraction worker: it stops after the episode it is extracting, and this
        returns once it has. Writes go on and their episodes wait in the durable queue (the queue-depth gauge
        keeps counting them) until `resume_extraction`; pauses nest. For a bulk import that should not share
        the CPU with extraction, or a caller that drains the queue itself (`extract_pending`)."""
        await self.semantic.pause()

    def resume_extraction(self) -> None:
        """Ends one `pause_extraction`; the worker then extracts what queued meanwhile."""
        self.semantic.resume()

    async def extract_pending(self, scope: Scope) -> int:
        """Extracts the user's pending episodes now, on the caller's task, whether or not the worker is paused;
        returns how many were processed. Other users' episodes are left to the worker."""
        return await self.semantic.drain(scope)

    async def _flush_periodically(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await self.flush()
            except OSError:
                log.exception("vector index flush failed")

    async def _maintain_periodically(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                report = await self.run_maintenance_everywhere()
                log.info("maintenance run", extra={"run_id": report.run_id, "seconds": round(report.seconds, 2)})
            except Exception:  # the next run retries; a failed run must not stop the service
                log.exception("maintenance run failed")

    async def close(self) -> None:
        """Stops the background work (a hit flusher flushes once more as it stops), then flushes the hits and
        vectors, saves the loaded lexical partitions whose files are missing or stale (for a few seconds at most:
        `EpisodicMemory.save_loaded`) and closes."""
        background, self._background = self._background, []
        for task in background:
            task.cancel()
        for task in background:
            try:
                await task
            except asyncio.CancelledError:
                pass
        await self.episodic.settle()
        await self.hits.flush()
        await self._index.flush()
        await self.episodic.save_loaded()
        if self._reranker is not None:
            await self._reranker.aclose()
        await self._graph.close()
        if isinstance(self.semantic.extractor, TextWorker):
            await asyncio.to_thread(self.semantic.extractor.close)

    # -- policy ---------------------------------------------------------------------------------------

    def policy(self) -> tuple[Policy, str]:
        return self._policy, self._policy_source

    def use_policy(self, policy: Policy, source: str) -> None:
        """Puts another validated policy in force in every layer from their next call on (benchmarks score a
        grid of policies over one ingested memory this way, through the same server)."""
        self._policy, self._policy_source = policy, source
        for layer in (self.episodic, self.semantic, self.maintenance, self.working):
            layer.use_policy(policy)

    # -- episodes -------------------------------------------------------------------------------------

    async def add_episodes(self, scope: Scope, drafts: Sequence[EpisodeDraft]) -> list[EpisodeWrite]:
        check_episode_batch(scope, drafts)
        writes = await self.episodic.add(scope, drafts)
        self.semantic.wake()  # extraction runs after the acknowledgement, off the request path
        return writes

    async def get_episode(self, scope: Scope, episode_id: str) -> Episode:
        check_scope(scope)
        check_id(episode_id)
        return await self.episodic.get(scope, episode_id)

    async def list_episodes(self, scope: Scope, flt: EpisodeFilter, page_token: str, page_size: int) -> Page[Episode]:
        violations = scope_violations(scope) + page_violations(page_size, page_token)
        violations += optional_id_violations(flt.session_id, "session_id")
        violations += event_type_violations(flt.event_types, "event_types")
        violations += range_violations(flt.occurred.start, flt.occurred.end, "occurred_after")
        if violations:
            raise InvalidArgument(violations)
        return await self.episodic.list_page(scope, flt, page_token, page_size)

    async def delete_episode(self, scope: Scope, episode_id: str) -> None:
        """Deletes an episode of the scope (its project's or the user's own) and every derived copy of its
        words; the audit events (the episode, its summaries, the facts it alone evidenced) commit with it."""
        check_scope(scope)
        check_id(episode_id)
        now = self._clock.now()

        def audit(episodes: Sequence[str], facts: Sequence[str]) -> list[AuditEvent]:
            reason = "DeleteEpisode"
            return [forgotten_event(scope.group_id, i, MemoryKind.EPISODE, now, reason) for i in episodes] + [
                forgotten_event(scope.group_id, i, MemoryKind.FACT, now, reason) for i in facts
            ]

        deleted = await self.episodic.delete(scope, episode_id, audit)
        log.info("episode deleted", extra={"episodes": len(deleted.seqs), "facts": len(deleted.facts)})

    async def forget_user(self, scope: Scope) -> ForgetReport:
        """Erases everything of (tenant, user) and leaves a tombstone that refuses later writes.

        The tombstone is stamped first: it waits for the writers in flight (extraction, maintenance,
        sessions, skills, AddEpisodes) to commit, and every later writer finds it in its own transaction and
        stores nothing. Then the memory is erased and the side indexes and their files are dropped. Writes
        for a forgotten user id answer FAILED_PRECONDITION (reason USER_FORGOTTEN): the id is retired."""
        check_scope(scope)
        whole = replace(scope, project_id="", session_id="")
        await self._tombstones.stamp(whole.group_id, self._clock.now())
        report = await self.episodic.forget_user(whole.group_id)
        facts = await self.semantic.forget(whole.group_id)
        skills = await self.procedural.forget(whole.group_id)
        sessions = await self._sessions.forget(whole.group_id)
        leases = await forget_leases(self._graph, whole.group_id)
        report = replace(report, nodes_deleted=report.nodes_deleted + facts + skills + sessions + leases)
        await self._audit.forget_user(whole.group_id, self._clock.now(), "ForgetUser")
        await self._tombstones.erased(whole.group_id, self._clock.now())
        log.info("user forgotten", extra={"episodes": report.episodes_deleted, "nodes": report.nodes_deleted})
        return report

    # -- recall ---------------------------------------------------------------------------------------

    async def search(self, query: SearchQuery) -> SearchResult:
        violations = scope_violations(query.scope) + query_violations(query.text, query.top_k)
        violations += event_type_violations(query.filter.event_types, "event_types")
        violations += range_violations(query.filter.occurred.start, query.filter.occurred.end, "occurred")
        if violations:
            raise InvalidArgument(violations)
        query = replace(query, top_k=query.top_k or 10)
        # the query model runs now, beside the routing: every layer ranks by the query's vector
        vector = asyncio.ensure_future(asyncio.to_thread(self._embedder.embed, [query.text], EmbedKind.QUERY))
        vector.add_done_callback(_retrieved)  # a failed Search may not await it
        # the routing rules and the time expressions scan the query text (up to 4,000 characters; a hostile one
        # costs ~0.1 s): both off the event loop, in one worker-thread hand-off unless an LLM routes
        if self._llm_router is None:
            chosen, found = await asyncio.to_thread(_read_query, query)
        else:
            chosen, found = await asyncio.gather(
                choose_route(query.text, query.layers, self._llm_router),
                asyncio.to_thread(find_time_expression, query.text, query.reference_time),
            )
        if found is not None:
            chosen = replace(chosen, time_window=found.window, time_expression=found.text)
        hits = await self._search_layers(query, chosen, vector)
        fallback = (Layer.EPISODIC, Layer.SEMANTIC)
        if not hits and not query.layers and not set(fallback) <= set(chosen.layers):
            # a routing miss must not lose memory: when the routed layers have nothing, ask the default ones
            chosen = replace(
                chosen, layers=fallback, reason=f"{chosen.reason}; no hits there, fell back to episodic + semantic"
            )
            hits = await self._search_layers(query, chosen, vector)
        if self._reranker is not None:
            hits, used = await self._reranker.rerank(query.text, hits)
            note = f"reranked by llm {self._reranker.model}" if used else "llm reranker unavailable; order kept"
            chosen = replace(chosen, reason=f"{chosen.reason}; {note}")
        self._record_hits(query.scope, hits)
        return SearchResult(tuple(hits), chosen)

    async def _search_layers(
        self, query: SearchQuery, chosen: Route, vector: asyncio.Future[Vectors]
    ) -> list[SearchHit]:
        kind, window = chosen.query_kind, chosen.time_window
        # the episodic hits read also reads the user's facts stamp: the fact searches wait for it there
        stamp: asyncio.Future[str] | None = None
        searches = []
        if Layer.EPISODIC in chosen.layers:
            if Layer.SEMANTIC in chosen.layers or Layer.ARCHIVE in chosen.layers:
                stamp = asyncio.get_running_loop().create_future()
            searches.append(self.episodic.search(query, kind, window, stamp, vector))
        if Layer.SEMANTIC in chosen.layers:
            searches.append(self.semantic.search(query, kind, window, stamp=stamp, vector=vector))
        if Layer.PROCEDURAL in chosen.layers:
            searches.append(self._skill_hits(query))
        if Layer.ARCHIVE in chosen.layers:
            searches.append(self.episodic.search_archive(query, kind, window))
            searches.append(self.semantic.search(query, kind, window, archived=True, stamp=stamp, vector=vector))
        try:
            per_layer = await asyncio.gather(*searches)
        finally:
            if stamp is not None and not stamp.done():  # the episodic search failed before its read
                stamp.cancel()
        hits: list[SearchHit] = sorted((h for layer in per_layer for h in layer), key=lambda h: -h.score)
        if len({h.layer for h in hits}) > 1:  # a fact and the episode it quotes are one memory (off the loop)
            hits = await asyncio.to_thread(distinct, hits)
        return hits[: query.top_k]

    def _record_hits(self, scope: Scope, hits: Sequence[SearchHit]) -> None:
        """Counts the recalled episodes and facts (batched and written off the request path)."""
        now = self._clock.now()
        episodes = [h.id for h in hits if h.layer == Layer.EPISODIC]
        facts = [h.id for h in hits if h.layer == Layer.SEMANTIC]
        if episodes:
            self.hits.record(scope.group_id, MemoryKind.EPISODE, episodes, now)
        if facts:
            self.hits.record(scope.group_id, MemoryKind.FACT, facts, now)

    # -- facts ----------------------------------------------------------------------------------------

    async def list_facts(self, scope: Scope, as_of: datetime | None, which: FactScopeFilter) -> list[Fact]:
        check_scope(scope)
        if which == FactScopeFilter.PROJECT and not scope.project_id:
            raise InvalidArgument(FieldViolation("scope.project_id", "is required to list project facts"))
        return await self.semantic.list_facts(scope, as_of, which)

    async def fact_history(self, scope: Scope, key: str) -> list[Fact]:
        check_scope(scope)
        if not key.strip():
            raise InvalidArgument(FieldViolation("key", "is required"))
        return await self.semantic.history(scope, key)

    async def list_candidates(self, scope: Scope) -> list[Fact]:
        check_scope(scope)
        return await self.semantic.candidates(scope)

    async def list_facts_page(
        self, scope: Scope, as_of: datetime | None, which: FactScopeFilter, page_token: str, page_size: int
    ) -> Page[Fact]:
        """One page of `list_facts`, in key order (the key is the cursor)."""
        paging.page_size_of(page_size)
        facts = await self.list_facts(scope, as_of, which)
        bound = paging.binding(
            "facts", scope.group_id, scope.project_id, paging.instant_key(as_of) if as_of else "", str(which)
        )
        return paging.keyset_page(
            facts, lambda f: (f.key, f.id), page_token=page_token, page_size=page_size, bound=bound
        )

    async def fact_history_page(self, scope: Scope, key: str, page_token: str, page_size: int) -> Page[Fact]:
        """One page of `fact_history`, oldest first by (valid_at, created_at, id)."""
        paging.page_size_of(page_size)
        versions = await self.fact_history(scope, key)
        return paging.keyset_page(
            versions,
            lambda f: (paging.instant_key(f.valid_at), paging.instant_key(f.created_at), f.id),
            page_token=page_token,
            page_size=page_size,
            bound=paging.binding("history", scope.group_id, scope.project_id, key),
        )

    async def list_candidates_page(self, scope: Scope, page_token: str, page_size: int) -> Page[Fact]:
        """One page of `list_candidates`, newest first by (created_at, id)."""
        paging.page_size_of(page_size)
        candidates = await self.list_candidates(scope)
        return paging.keyset_page(
            candidates,
            lambda f: (paging.instant_key(f.created_at), f.id),
            page_token=page_token,
            page_size=page_size,
            bound=paging.binding("candidates", scope.group_id, scope.project_id),
            descending=True,
        )

    async def confirm_fact(self, scope: Scope, fact_id: str) -> Fact:
        check_scope(scope)
        check_id(fact_id)
        return await self.semantic.confirm(scope, fact_id)

    async def reject_fact(self, scope: Scope, fact_id: str, reason: str) -> Fact:
        check_scope(scope)
        check_id(fact_id)
        return await self.semantic.reject(scope, fact_id, reason[:500])

    async def correct_fact(
        self, scope: Scope, fact_id: str, value: str, polarity: bool | None, statement: str
    ) -> tuple[Fact, Fact]:
        violations = scope_violations(scope)
        if not value.strip():
            violations.append(FieldViolation("value", "is required"))
        if not statement.strip():
            violations.append(FieldViolation("fact", "is required (the corrected statement)"))
        if len(statement) > 2000 or len(value) > 500:
            violations.append(FieldViolation("fact", "value ≤ 500 and fact ≤ 2000 characters"))
        if violations:
            raise InvalidArgument(violations)
        check_id(fact_id)
        return await self.semantic.correct(scope, fact_id, value, polarity, statement.strip())

    # -- skills ---------------------------------------------------------------------------------------

    async def _skill_hits(self, query: SearchQuery) -> list[SearchHit]:
        matches = await self.procedural.match(query.scope, query.text, top_k=min(3, query.top_k))
        weights = {"similarity": W_SIMILARITY, "lexical": W_TRIGGER, "importance": W_USAGE}
        return [
            SearchHit(
                layer=Layer.PROCEDURAL,
                id=m.skill.id,
                text=f"{m.skill.name}: {m.skill.description}",
                score=m.score,
                breakdown=ScoreBreakdown(m.similarity, m.trigger, 0.0, m.usage, 0.0, 0.0, weights),
                session_id="",
                occurred_at=m.skill.created_at,
                metadata={
                    "skill": m.skill.name,
                    "version": str(m.skill.version),
                    "entry_point": m.skill.entry_point,
                    "matched_trigger": m.matched_trigger,
                },
                event_type="skill",
                importance=m.usage,
            )
            for m in matches
        ]

    async def register_skill(self, scope: Scope, skill: Skill) -> Skill:
        check_scope(scope)
        return await self.procedural.register(
            scope,
            skill.name,
            skill.description,
            skill.triggers,
            skill.parameters_schema,
            skill.entry_point,
            version=skill.version or None,
            episode_ids=skill.episode_ids,
            entity_names=skill.entity_names,
        )

    async def update_skill(self, scope: Scope, skill: Skill) -> Skill:
        check_scope(scope)
        return await self.procedural.update(
            scope,
            skill.name,
            description=skill.description or None,
            triggers=skill.triggers or None,
            parameters_schema=skill.parameters_schema or None,
            entry_point=skill.entry_point or None,
            episode_ids=skill.episode_ids or None,
            entity_names=skill.entity_names or None,
        )

    async def get_skill(self, scope: Scope, name: str, version: int) -> Skill:
        check_scope(scope)
        return await self.procedural.get(scope, name, version or None)

    async def list_skills(self, scope: Scope) -> list[Skill]:
        check_scope(scope)
        return await self.procedural.list(scope)

    async def match_skills(self, scope: Scope, intent: str, top_k: int) -> list[SkillMatch]:
        check_scope(scope)
        if not 0 <= top_k <= 20:
            raise InvalidArgument(FieldViolation("top_k", "must be within [0, 20] (0 means 3)"))
        return await self.procedural.match(scope, intent, top_k or 3)

    async def record_skill_outcome(
        self, scope: Scope, name: str, success: bool, episode_id: str, version: int, outcome_id: str = ""
    ) -> Skill:
        """Counts a run of a skill; a retry with the same `outcome_id` (or episode) is counted once."""
        check_scope(scope)
        if len(outcome_id) > 128:
            raise InvalidArgument(FieldViolation("outcome_id", "must be at most 128 characters"))
        outcome = SkillOutcome.SUCCESS if success else SkillOutcome.FAILURE
        return await self.procedural.record_outcome(scope, name, outcome, episode_id, version or None, outcome_id)

    # -- working memory -------------------------------------------------------------------------------

    @staticmethod
    def _check_session(scope: Scope) -> None:
        violations = scope_violations(scope)
        if not scope.session_id:
            violations.append(FieldViolation("scope.session_id", "is required for a working session"))
        if violations:
            raise InvalidArgument(violations)

    async def open_session(self, scope: Scope, instructions: Sequence[str], task: dict[str, str]) -> SessionState:
        self._check_session(scope)
        return await self.working.open(scope, instructions, task)

    async def append_messages(self, scope: Scope, messages: Sequence[Message]) -> SessionState:
        self._check_session(scope)
        if not 1 <= len(messages) <= 500:
            raise InvalidArgument(FieldViolation("messages", "must hold 1 to 500 messages"))
        return await self.working.append(scope, messages)

    async def get_session(self, scope: Scope) -> SessionState:
        self._check_session(scope)
        return await self.working.get(scope)

    async def get_session_page(self, scope: Scope, page_token: str, page_size: int) -> tuple[SessionState, str]:
        """The session with one page of its dialogue (oldest first; the cursor is the last turn's time and its
        place among the turns of that time) and the next page's token; the other zones are whole."""
        self._check_session(scope)
        paging.page_size_of(page_size)
        state = await self.working.get(scope)
        keyed = []
        seen: dict[datetime, int] = {}
        for turn in state.dialogue:
            seen[turn.at] = seen.get(turn.at, -1) + 1
            keyed.append(((paging.instant_key(turn.at), f"{seen[turn.at]:06d}"), turn))
        page = paging.keyset_page(
            keyed,
            lambda pair: pair[0],
            page_token=page_token,
            page_size=page_size,
            bound=paging.binding("session", scope.group_id, scope.project_id, scope.session_id),
        )
        return replace(state, dialogue=tuple(turn for _, turn in page.items)), page.next_token

    async def close_session(self, scope: Scope) -> tuple[SessionState, list[EpisodeWrite]]:
        """Closes the session and writes its durable outcomes as episodes (facts follow by extraction)."""
        self._check_session(scope)
        state, drafts = await self.working.close(scope)
        writes = await self.episodic.add(scope, drafts) if drafts else []
        if writes:
            self.semantic.wake()
        return state, writes

    async def get_context(
        self, scope: Scope, query: str, budget: int, layers: tuple[Layer, ...], reference_time: datetime
    ) -> AssembledContext:
        """Instructions, task state and summaries, the routed long-term memories, then the recent turns."""
        self._check_session(scope)
        if not 50 <= budget <= 200_000:
            raise InvalidArgument(FieldViolation("token_budget", "must be within [50, 200000]"))
        state = await self.working.get(scope)
        if not query.strip():
            return await asyncio.to_thread(assemble, state, [], budget, None)
        result = await self.search(SearchQuery(scope, query, 10, reference_time, layers))
        # counting tokens and truncating to the budget is CPU work: off the event loop
        return await asyncio.to_thread(assemble, state, memory_items(result.hits, result.route), budget, result.route)

    # -- lifecycle ------------------------------------------------------------------------------------

    async def run_maintenance(self, scope: Scope, dry_run: bool) -> MaintenanceReport:
        check_scope(scope)
        return await self.maintenance.run(dry_run, [scope.group_id])

    async def run_maintenance_everywhere(self) -> MaintenanceReport:
        """The periodic run over every user (all tenants); steps are coordinated across replicas."""
        return await self.maintenance.run(False, None)

    async def restore_memory(self, scope: Scope, memory_id: str) -> MemoryKind:
        check_scope(scope)
        check_id(memory_id)
        return await self.maintenance.restore(scope, memory_id)

    async def memory_audit(self, scope: Scope, memory_id: str, page_token: str, page_size: int) -> Page[AuditEvent]:
        violations = scope_violations(scope) + page_violations(page_size, page_token)
        violations += optional_id_violations(memory_id, "memory_id")
        if violations:
            raise InvalidArgument(violations)
        return await self._audit.page(scope.group_id, memory_id, page_token, page_size)
