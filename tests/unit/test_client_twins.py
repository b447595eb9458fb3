"""The blocking and asyncio clients are made from one set of prepared calls: same methods, same signatures,
the asyncio ones coroutines (or async iterators), and paging that asks for each next page without touching
the first request."""

from __future__ import annotations

import inspect

from graphmem import calls
from graphmem.client import AsyncMemoryClient, ClientScope, MemoryClient
from graphmem.client.base import BaseClient

PUBLIC = sorted(n for n in vars(MemoryClient) if not n.startswith("_") and callable(getattr(MemoryClient, n)))


def test_the_twins_offer_the_same_methods_with_the_same_parameters() -> None:
    aio = sorted(
        n for n in vars(AsyncMemoryClient) if not n.startswith("_") and callable(getattr(AsyncMemoryClient, n))
    )
    assert aio == PUBLIC
    for name in PUBLIC:
        sync_sig, aio_sig = (inspect.signature(getattr(c, name)) for c in (MemoryClient, AsyncMemoryClient))
        assert list(sync_sig.parameters.values()) == list(aio_sig.parameters.values()), name
        assert getattr(MemoryClient, name).__name__ == name and getattr(MemoryClient, name).__doc__, name


def test_every_rpc_has_a_method_that_takes_a_timeout_and_says_what_it_returns() -> None:
    prepared = {n.removeprefix("_") for n, v in vars(BaseClient).items() if isinstance(v, staticmethod)}
    rpcs = {"".join(w.title() for w in n.split("_")) for n in prepared}
    assert {c.name for c in calls.ALL} - {"GetSession"} <= rpcs and "get_session_page" in prepared
    for name in prepared:
        signature = inspect.signature(getattr(MemoryClient, name))
        assert "timeout" in signature.parameters and "Prepared" not in str(signature.return_annotation), name


def test_the_async_methods_are_coroutines_and_the_iterators_async_iterators() -> None:
    for name in PUBLIC:
        method = getattr(AsyncMemoryClient, name)
        if name.startswith("iter_"):
            assert inspect.isasyncgenfunction(method) and inspect.isgeneratorfunction(getattr(MemoryClient, name))
            assert str(inspect.signature(method).return_annotation).startswith("AsyncIterator[")
        elif name != "close":
            assert inspect.iscoroutinefunction(method), name


def test_the_next_page_is_a_copy_of_the_request_with_its_token() -> None:
    first = BaseClient._list_facts(ClientScope("alice", project_id="p"), page_size=5, timeout=2.0)
    second = first.at_page("tok")
    assert (first.request.page_token, second.request.page_token) == ("", "tok")
    assert (second.request.page_size, second.request.scope.project_id, second.timeout) == (5, "p", 2.0)
    assert second.call is first.call and second.parse is first.parse


def test_an_outcome_id_is_drawn_once_per_call_so_retries_repeat_it() -> None:
    scope = ClientScope("alice")
    one = BaseClient._record_skill_outcome(scope, "deploy", True)
    other = BaseClient._record_skill_outcome(scope, "deploy", True)
    assert one.request.outcome_id and one.request.outcome_id != other.request.outcome_id
    assert BaseClient._record_skill_outcome(scope, "deploy", True, outcome_id="o1").request.outcome_id == "o1"
