"""The 27 RPCs of graphmem.v1.MemoryService as data: name, request and response message, and whether a call
may be repeated safely after UNAVAILABLE (the call did not happen, or doing it twice changes nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphmem.v1 import memory_service_pb2 as pb

SERVICE: str = pb.DESCRIPTOR.services_by_name["MemoryService"].full_name


@dataclass(frozen=True)
class Call:
    """One unary RPC of the memory service."""

    name: str
    request: Any
    response: Any
    idempotent: bool

    @property
    def path(self) -> str:
        """The gRPC method path, "/graphmem.v1.MemoryService/<name>"."""
        return f"/{SERVICE}/{self.name}"


def _call(name: str, idempotent: bool) -> Call:
    return Call(name, getattr(pb, f"{name}Request"), getattr(pb, f"{name}Response"), idempotent)


ADD_EPISODES = _call("AddEpisodes", True)  # idempotent per key: a repeated batch returns the stored ids
GET_EPISODE = _call("GetEpisode", True)
LIST_EPISODES = _call("ListEpisodes", True)
DELETE_EPISODE = _call("DeleteEpisode", False)  # a repeat answers NOT_FOUND
FORGET_USER = _call("ForgetUser", False)
SEARCH = _call("Search", True)
GET_POLICY = _call("GetPolicy", True)
LIST_FACTS = _call("ListFacts", True)
GET_FACT_HISTORY = _call("GetFactHistory", True)
LIST_CANDIDATES = _call("ListCandidates", True)
CONFIRM_FACT = _call("ConfirmFact", False)
REJECT_FACT = _call("RejectFact", False)
CORRECT_FACT = _call("CorrectFact", False)
REGISTER_SKILL = _call("RegisterSkill", False)
UPDATE_SKILL = _call("UpdateSkill", False)
GET_SKILL = _call("GetSkill", True)
LIST_SKILLS = _call("ListSkills", True)
MATCH_SKILLS = _call("MatchSkills", True)
RECORD_SKILL_OUTCOME = _call("RecordSkillOutcome", False)
OPEN_SESSION = _call("OpenSession", False)
APPEND_MESSAGES = _call("AppendMessages", False)
GET_SESSION = _call("GetSession", True)
CLOSE_SESSION = _call("CloseSession", False)
GET_CONTEXT = _call("GetContext", True)
RUN_MAINTENANCE = _call("RunMaintenance", False)
RESTORE_MEMORY = _call("RestoreMemory", False)
GET_MEMORY_AUDIT = _call("GetMemoryAudit", True)

ALL: tuple[Call, ...] = (
    ADD_EPISODES,
    GET_EPISODE,
    LIST_EPISODES,
    DELETE_EPISODE,
    FORGET_USER,
    SEARCH,
    GET_POLICY,
    LIST_FACTS,
    GET_FACT_HISTORY,
    LIST_CANDIDATES,
    CONFIRM_FACT,
    REJECT_FACT,
    CORRECT_FACT,
    REGISTER_SKILL,
    UPDATE_SKILL,
    GET_SKILL,
    LIST_SKILLS,
    MATCH_SKILLS,
    RECORD_SKILL_OUTCOME,
    OPEN_SESSION,
    APPEND_MESSAGES,
    GET_SESSION,
    CLOSE_SESSION,
    GET_CONTEXT,
    RUN_MAINTENANCE,
    RESTORE_MEMORY,
    GET_MEMORY_AUDIT,
)
