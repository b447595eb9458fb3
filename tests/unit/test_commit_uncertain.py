"""A connection lost while a commit is in flight is reported as what it is: the write may or may not be stored
(UNAVAILABLE with reason COMMIT_UNCERTAIN and advice on retrying), never as "did not happen, retry safely"."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from neo4j.exceptions import IncompleteCommit, ServiceUnavailable

from graphmem.errors import CommitUncertain, StorageUnavailable
from graphmem.storage.neo4j.driver import translated_errors
from server.interceptors import status_for


@pytest.mark.parametrize(
    ("idempotent", "advice"),
    [(True, "retrying with the same keys is safe"), (False, "not idempotent: check its effect before retrying")],
)
async def test_an_incomplete_commit_is_reported_as_uncertain(idempotent: bool, advice: str) -> None:
    with pytest.raises(CommitUncertain) as raised:
        async with translated_errors(idempotent):
            raise IncompleteCommit("connection closed during commit")
    assert raised.value.idempotent is idempotent
    assert "may or may not have been applied" in raised.value.message and advice in raised.value.message
    status = status_for(raised.value)
    assert status.code == grpc.StatusCode.UNAVAILABLE
    proto = rpc_status.status_pb2.Status.FromString(dict(status.trailing_metadata)["grpc-status-details-bin"])
    info = error_details_pb2.ErrorInfo()
    assert proto.details[-1].Unpack(info) and info.reason == "COMMIT_UNCERTAIN"


async def test_a_connection_lost_before_commit_is_plainly_unavailable() -> None:
    with pytest.raises(StorageUnavailable) as raised:
        async with translated_errors(False):
            raise ServiceUnavailable("no route")
    assert not isinstance(raised.value, CommitUncertain)
    assert "unreachable" in raised.value.message


async def test_a_node_deleted_meanwhile_is_retried_not_blamed_on_the_caller() -> None:
    """Read-committed: a node matched then deleted by another transaction before it was read ("Unable to load
    NODE"): the transaction is run again (StorageUnavailable is what the retry loop retries), instead of failing
    the call or counting an extraction attempt against the episode."""
    from neo4j.exceptions import Neo4jError

    deleted = Neo4jError._hydrate_neo4j(code="Neo.ClientError.Statement.EntityNotFound", message="Unable to load NODE")
    with pytest.raises(StorageUnavailable):
        async with translated_errors(False):
            raise deleted
    other = Neo4jError._hydrate_neo4j(code="Neo.ClientError.Statement.SyntaxError", message="bad")
    with pytest.raises(Neo4jError):
        async with translated_errors(False):
            raise other
