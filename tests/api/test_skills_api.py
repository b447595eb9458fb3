"""Procedural memory through the real gRPC API: register (idempotent, concurrent → one node), update keeps
old versions, match by paraphrase in zh/en, outcomes feed the statistics, and Search routes "how do I …"
queries to skills."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from graphmem.v1 import memory_service_pb2 as pb
from tests.conftest import Api, unique

REPORT = pb.Skill(
    name="weekly_report",
    description="Compile the weekly status report from the tracker and email it to the team lead",
    triggers=["weekly report", "发周报", "写周报"],
    parameters_schema='{"type": "object", "properties": {"week": {"type": "string"}}}',
    entry_point="reports:weekly",
)
DEPLOY = pb.Skill(
    name="deploy_service",
    description="Build the container image and roll it out to production with a canary step",
    triggers=["deploy", "上线", "发布服务"],
    parameters_schema='{"type": "object"}',
    entry_point="ops:deploy",
)


async def test_skill_lifecycle_over_grpc(api: Api) -> None:
    scope = pb.Scope(user_id=unique("skills"))
    replies = await asyncio.gather(
        *(
            api.stub.RegisterSkill(pb.RegisterSkillRequest(scope=scope, skill=REPORT), metadata=api.auth)
            for _ in range(8)
        )
    )
    assert len({r.skill.id for r in replies}) == 1 and replies[0].skill.version == 1
    await api.stub.RegisterSkill(pb.RegisterSkillRequest(scope=scope, skill=DEPLOY), metadata=api.auth)

    changed = pb.Skill(name="weekly_report", description=REPORT.description + " and archive a PDF copy")
    v2 = (await api.stub.UpdateSkill(pb.UpdateSkillRequest(scope=scope, skill=changed), metadata=api.auth)).skill
    assert v2.version == 2 and list(v2.triggers) == list(REPORT.triggers)
    v1 = (
        await api.stub.GetSkill(pb.GetSkillRequest(scope=scope, name="weekly_report", version=1), metadata=api.auth)
    ).skill
    assert v1.description == REPORT.description and not v1.is_latest
    listed = (await api.stub.ListSkills(pb.ListSkillsRequest(scope=scope), metadata=api.auth)).skills
    assert [(s.name, s.version) for s in listed] == [("deploy_service", 1), ("weekly_report", 2)]

    for intent, expected in [
        ("帮我把这周的工作总结发给老板", "weekly_report"),
        ("push the new build to prod", "deploy_service"),
    ]:
        matches = (
            await api.stub.MatchSkills(pb.MatchSkillsRequest(scope=scope, intent=intent), metadata=api.auth)
        ).matches
        assert matches[0].skill.name == expected, (intent, [(m.skill.name, m.score) for m in matches])

    outcome = pb.RecordSkillOutcomeRequest(scope=scope, name="deploy_service", success=True)
    recorded = (await api.stub.RecordSkillOutcome(outcome, metadata=api.auth)).skill
    assert recorded.successes == 1 and recorded.HasField("last_used_at")

    found = await api.stub.Search(
        pb.SearchRequest(scope=scope, query="how do I deploy the service?"), metadata=api.auth
    )
    assert pb.LAYER_PROCEDURAL in found.route.layers
    assert found.hits[0].layer == pb.LAYER_PROCEDURAL and found.hits[0].metadata["skill"] == "deploy_service"


async def test_conflicting_definition_and_bad_schema_are_rejected(api: Api) -> None:
    scope = pb.Scope(user_id=unique("skills-bad"))
    await api.stub.RegisterSkill(pb.RegisterSkillRequest(scope=scope, skill=REPORT), metadata=api.auth)
    other = pb.Skill()
    other.CopyFrom(REPORT)
    other.version = 1
    other.description = "something else entirely"
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.RegisterSkill(pb.RegisterSkillRequest(scope=scope, skill=other), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.ALREADY_EXISTS
    broken = pb.Skill(name="x", description="y", parameters_schema="{not json")
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.RegisterSkill(pb.RegisterSkillRequest(scope=scope, skill=broken), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "parameters_schema" in (err.value.details() or "")
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.GetSkill(pb.GetSkillRequest(scope=scope, name="nope"), metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND


async def test_a_retried_outcome_with_its_outcome_id_counts_once(api: Api) -> None:
    scope = pb.Scope(user_id=unique("skills-retry"))
    await api.stub.RegisterSkill(pb.RegisterSkillRequest(scope=scope, skill=DEPLOY), metadata=api.auth)
    first = pb.RecordSkillOutcomeRequest(scope=scope, name="deploy_service", success=True, outcome_id="run-1")
    for _ in range(3):  # the client retried after an uncertain commit
        skill = (await api.stub.RecordSkillOutcome(first, metadata=api.auth)).skill
    assert (skill.successes, skill.failures) == (1, 0)
    # the first report stands: the same id with another outcome changes nothing
    contrary = pb.RecordSkillOutcomeRequest(scope=scope, name="deploy_service", success=False, outcome_id="run-1")
    skill = (await api.stub.RecordSkillOutcome(contrary, metadata=api.auth)).skill
    assert (skill.successes, skill.failures) == (1, 0)
    second = pb.RecordSkillOutcomeRequest(scope=scope, name="deploy_service", success=False, outcome_id="run-2")
    skill = (await api.stub.RecordSkillOutcome(second, metadata=api.auth)).skill
    assert (skill.successes, skill.failures) == (1, 1)
    # without any id each call counts (documented: such a retry may count twice)
    bare = pb.RecordSkillOutcomeRequest(scope=scope, name="deploy_service", success=True)
    await api.stub.RecordSkillOutcome(bare, metadata=api.auth)
    skill = (await api.stub.RecordSkillOutcome(bare, metadata=api.auth)).skill
    assert (skill.successes, skill.failures) == (3, 1)
    too_long = pb.RecordSkillOutcomeRequest(scope=scope, name="deploy_service", success=True, outcome_id="x" * 129)
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await api.stub.RecordSkillOutcome(too_long, metadata=api.auth)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
