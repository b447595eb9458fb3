"""The MemoryService servicer: converts each request, calls the facade, converts the answer. No try/except:
errors travel to the interceptor, which maps them to gRPC codes.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import grpc.aio

from graphmem import wire
from graphmem.model import PolicyInfo, SearchQuery
from graphmem.service import MemoryService
from graphmem.v1 import memory_service_pb2 as pb
from graphmem.v1 import memory_service_pb2_grpc as pb_grpc
from server import convert
from server.auth import current_tenant

Context: TypeAlias = grpc.aio.ServicerContext[Any, Any]


class MemoryServicer(pb_grpc.MemoryServiceServicer):  # type: ignore[misc]
    """graphmem.v1.MemoryService over a MemoryService facade."""

    def __init__(self, service: MemoryService) -> None:
        self._service = service

    def _scope(self, scope: pb.Scope) -> Any:
        return wire.scope_from_pb(current_tenant.get(), scope)

    async def AddEpisodes(self, request: pb.AddEpisodesRequest, context: Context) -> pb.AddEpisodesResponse:
        now = self._service.clock.now()
        drafts = [wire.draft_from_pb(item, now, i) for i, item in enumerate(request.episodes)]
        writes = await self._service.add_episodes(self._scope(request.scope), drafts)
        return pb.AddEpisodesResponse(results=[wire.write_to_pb(w) for w in writes])

    async def GetEpisode(self, request: pb.GetEpisodeRequest, context: Context) -> pb.GetEpisodeResponse:
        episode = await self._service.get_episode(self._scope(request.scope), request.id)
        return pb.GetEpisodeResponse(episode=wire.episode_to_pb(episode))

    async def ListEpisodes(self, request: pb.ListEpisodesRequest, context: Context) -> pb.ListEpisodesResponse:
        page = await self._service.list_episodes(
            self._scope(request.scope),
            wire.list_filter_from_pb(request),
            request.page_token,
            request.page_size,
        )
        return pb.ListEpisodesResponse(
            episodes=[wire.episode_to_pb(e) for e in page.items], next_page_token=page.next_token
        )

    async def DeleteEpisode(self, request: pb.DeleteEpisodeRequest, context: Context) -> pb.DeleteEpisodeResponse:
        await self._service.delete_episode(self._scope(request.scope), request.id)
        return pb.DeleteEpisodeResponse()

    async def ForgetUser(self, request: pb.ForgetUserRequest, context: Context) -> pb.ForgetUserResponse:
        report = await self._service.forget_user(self._scope(request.scope))
        return wire.forget_to_pb(report)

    async def Search(self, request: pb.SearchRequest, context: Context) -> pb.SearchResponse:
        reference = wire.optional_datetime(request, "reference_time") or self._service.clock.now()
        query = SearchQuery(
            scope=self._scope(request.scope),
            text=request.query,
            top_k=request.top_k,
            reference_time=reference,
            layers=wire.layers_from_pb(list(request.layers)),
            filter=wire.search_filter_from_pb(request),
        )
        result = await self._service.search(query)
        return wire.search_result_to_pb(result)

    async def GetPolicy(self, request: pb.GetPolicyRequest, context: Context) -> pb.GetPolicyResponse:
        policy, source = self._service.policy()
        return wire.policy_to_pb(PolicyInfo(policy_yaml=policy.to_yaml(), source=source))

    async def ListFacts(self, request: pb.ListFactsRequest, context: Context) -> pb.ListFactsResponse:
        as_of = wire.optional_datetime(request, "as_of")
        page = await self._service.list_facts_page(
            self._scope(request.scope),
            as_of,
            wire.scope_filter_from_pb(request.scope_filter),
            request.page_token,
            request.page_size,
        )
        return pb.ListFactsResponse(facts=[wire.fact_to_pb(f) for f in page.items], next_page_token=page.next_token)

    async def GetFactHistory(self, request: pb.GetFactHistoryRequest, context: Context) -> pb.GetFactHistoryResponse:
        page = await self._service.fact_history_page(
            self._scope(request.scope), request.key, request.page_token, request.page_size
        )
        return pb.GetFactHistoryResponse(
            versions=[wire.fact_to_pb(f) for f in page.items], next_page_token=page.next_token
        )

    async def ListCandidates(self, request: pb.ListCandidatesRequest, context: Context) -> pb.ListCandidatesResponse:
        page = await self._service.list_candidates_page(
            self._scope(request.scope), request.page_token, request.page_size
        )
        return pb.ListCandidatesResponse(
            candidates=[wire.fact_to_pb(f) for f in page.items], next_page_token=page.next_token
        )

    async def ConfirmFact(self, request: pb.ConfirmFactRequest, context: Context) -> pb.ConfirmFactResponse:
        fact = await self._service.confirm_fact(self._scope(request.scope), request.id)
        return pb.ConfirmFactResponse(fact=wire.fact_to_pb(fact))

    async def RejectFact(self, request: pb.RejectFactRequest, context: Context) -> pb.RejectFactResponse:
        fact = await self._service.reject_fact(self._scope(request.scope), request.id, request.reason)
        return pb.RejectFactResponse(fact=wire.fact_to_pb(fact))

    async def CorrectFact(self, request: pb.CorrectFactRequest, context: Context) -> pb.CorrectFactResponse:
        polarity = request.polarity if request.HasField("polarity") else None
        new, old = await self._service.correct_fact(
            self._scope(request.scope), request.id, request.value, polarity, request.fact
        )
        return pb.CorrectFactResponse(fact=wire.fact_to_pb(new), replaced=wire.fact_to_pb(old))

    async def RegisterSkill(self, request: pb.RegisterSkillRequest, context: Context) -> pb.RegisterSkillResponse:
        skill = wire.skill_input_from_pb(request.skill, self._service.clock.now())
        stored = await self._service.register_skill(self._scope(request.scope), skill)
        return pb.RegisterSkillResponse(skill=wire.skill_to_pb(stored))

    async def UpdateSkill(self, request: pb.UpdateSkillRequest, context: Context) -> pb.UpdateSkillResponse:
        skill = wire.skill_input_from_pb(request.skill, self._service.clock.now())
        stored = await self._service.update_skill(self._scope(request.scope), skill)
        return pb.UpdateSkillResponse(skill=wire.skill_to_pb(stored))

    async def GetSkill(self, request: pb.GetSkillRequest, context: Context) -> pb.GetSkillResponse:
        skill = await self._service.get_skill(self._scope(request.scope), request.name, request.version)
        return pb.GetSkillResponse(skill=wire.skill_to_pb(skill))

    async def ListSkills(self, request: pb.ListSkillsRequest, context: Context) -> pb.ListSkillsResponse:
        skills = await self._service.list_skills(self._scope(request.scope))
        return pb.ListSkillsResponse(skills=[wire.skill_to_pb(s) for s in skills])

    async def MatchSkills(self, request: pb.MatchSkillsRequest, context: Context) -> pb.MatchSkillsResponse:
        matches = await self._service.match_skills(self._scope(request.scope), request.intent, request.top_k)
        return pb.MatchSkillsResponse(matches=[wire.skill_match_to_pb(m) for m in matches])

    async def RecordSkillOutcome(
        self, request: pb.RecordSkillOutcomeRequest, context: Context
    ) -> pb.RecordSkillOutcomeResponse:
        skill = await self._service.record_skill_outcome(
            self._scope(request.scope),
            request.name,
            request.success,
            request.episode_id,
            request.version,
            request.outcome_id,
        )
        return pb.RecordSkillOutcomeResponse(skill=wire.skill_to_pb(skill))

    async def OpenSession(self, request: pb.OpenSessionRequest, context: Context) -> pb.OpenSessionResponse:
        state = await self._service.open_session(
            self._scope(request.scope), list(request.instructions), dict(request.task)
        )
        return pb.OpenSessionResponse(session=wire.session_to_pb(state))

    async def AppendMessages(self, request: pb.AppendMessagesRequest, context: Context) -> pb.AppendMessagesResponse:
        messages = [wire.message_from_pb(m) for m in request.messages]
        state = await self._service.append_messages(
            self._scope(request.scope), [(m.role, m.text, m.zone) if m.zone else (m.role, m.text) for m in messages]
        )
        return pb.AppendMessagesResponse(session=wire.session_to_pb(state))

    async def GetSession(self, request: pb.GetSessionRequest, context: Context) -> pb.GetSessionResponse:
        state, next_token = await self._service.get_session_page(
            self._scope(request.scope), request.page_token, request.page_size
        )
        return pb.GetSessionResponse(session=wire.session_to_pb(state), next_page_token=next_token)

    async def CloseSession(self, request: pb.CloseSessionRequest, context: Context) -> pb.CloseSessionResponse:
        state, writes = await self._service.close_session(self._scope(request.scope))
        return pb.CloseSessionResponse(
            session=wire.session_to_pb(state),
            episodes=[wire.write_to_pb(w) for w in writes],
        )

    async def GetContext(self, request: pb.GetContextRequest, context: Context) -> pb.GetContextResponse:
        reference = wire.optional_datetime(request, "reference_time") or self._service.clock.now()
        assembled = await self._service.get_context(
            self._scope(request.scope),
            request.query,
            request.token_budget,
            wire.layers_from_pb(list(request.layers)),
            reference,
        )
        return wire.context_to_pb(assembled)

    async def RunMaintenance(self, request: pb.RunMaintenanceRequest, context: Context) -> pb.RunMaintenanceResponse:
        report = await self._service.run_maintenance(self._scope(request.scope), request.dry_run)
        return wire.maintenance_to_pb(convert.maintenance_run(report))

    async def RestoreMemory(self, request: pb.RestoreMemoryRequest, context: Context) -> pb.RestoreMemoryResponse:
        kind = await self._service.restore_memory(self._scope(request.scope), request.id)
        return pb.RestoreMemoryResponse(kind=kind.value)

    async def GetMemoryAudit(self, request: pb.GetMemoryAuditRequest, context: Context) -> pb.GetMemoryAuditResponse:
        page = await self._service.memory_audit(
            self._scope(request.scope), request.memory_id, request.page_token, request.page_size
        )
        return pb.GetMemoryAuditResponse(
            events=[wire.audit_to_pb(e) for e in page.items], next_page_token=page.next_token
        )
