"""The LLM router against a real local HTTP endpoint that fails or hangs: callers never see its error text,
a Search waits at most the router's short budget, and the circuit breaker stops asking a dead endpoint until
a cool-down has passed (then one trial request decides)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from graphmem.model import Layer
from graphmem.retrieval.circuit_breaker import CircuitBreaker, CircuitState
from graphmem.retrieval.router_llm import FALLBACK_REASON, LLMRouter


@dataclass
class StubEndpoint:
    """A chat-completions endpoint on loopback whose behaviour the test switches: fail, hang or answer."""

    mode: str = "fail"
    calls: int = 0
    answered: int = 0  # requests whose handler has finished (a hanging one has not)
    release: threading.Event = field(default_factory=threading.Event)
    url: str = ""


@pytest.fixture
def endpoint() -> Iterator[StubEndpoint]:
    stub = StubEndpoint()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            stub.calls += 1
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if stub.mode == "hang":
                stub.release.wait(10)
            if stub.mode in ("fail", "hang"):
                body = b'{"error": "secret-internal-detail: upstream pool exhausted at 10.0.0.7"}'
                self.send_response(500)
            else:
                content = json.dumps({"layers": ["semantic"], "reason": "a preference"})
                body = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
                self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except OSError:
                pass  # the router gave up on this request already
            stub.answered += 1

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    stub.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    # shutdown() waits for the loop to notice, up to one poll interval (0.5 s by default)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield stub
    stub.release.set()
    server.shutdown()
    server.server_close()
    thread.join(5)


def make_router(stub: StubEndpoint, **overrides: float) -> LLMRouter:
    params: dict[str, float] = {"timeout_s": 0.5, "retry_wait_s": 0.0, "failure_threshold": 2, "cooldown_s": 60.0}
    params.update(overrides)
    return LLMRouter(base_url=stub.url, model="tiny", api_key="k", **params)  # type: ignore[arg-type]


async def test_a_failing_endpoint_never_leaks_its_error_text(endpoint: StubEndpoint) -> None:
    llm = make_router(endpoint)
    try:
        chosen = await llm.route("上次你说我喜欢什么", ())
    finally:
        await llm.aclose()
    assert chosen.reason.startswith(FALLBACK_REASON)
    assert "secret" not in chosen.reason and "500" not in chosen.reason and "HTTPStatusError" not in chosen.reason
    assert chosen.layers == (Layer.EPISODIC, Layer.SEMANTIC)  # the rules' route


async def test_the_circuit_opens_and_stops_asking_a_dead_endpoint(endpoint: StubEndpoint) -> None:
    llm = make_router(endpoint, failure_threshold=2)
    try:
        for _ in range(2):
            await llm.route("what food do I like", ())
        asked = endpoint.calls
        assert llm.breaker.state is CircuitState.OPEN
        for _ in range(20):
            chosen = await llm.route("what food do I like", ())
            assert chosen.reason.startswith(FALLBACK_REASON)
    finally:
        await llm.aclose()
    assert endpoint.calls == asked  # not one request while open


async def test_a_hanging_endpoint_costs_a_search_at_most_the_budget(endpoint: StubEndpoint) -> None:
    endpoint.mode = "hang"
    llm = make_router(endpoint, timeout_s=0.3, failure_threshold=1)
    try:
        first = await llm.route("what food do I like", ())
        answered_when_routed = endpoint.answered
        second = await llm.route("what food do I like", ())
    finally:
        await llm.aclose()
    assert first.reason.startswith(FALLBACK_REASON) and second.reason.startswith(FALLBACK_REASON)
    # The route came back while the endpoint was still hanging (it hangs 10 s): the budget, not the endpoint,
    # decided how long it took; and it was asked once, not retried (the 3 x 5 s it once cost are gone).
    assert answered_when_routed == 0
    assert endpoint.calls == 1  # open circuit: the second route did not ask at all


async def test_after_the_cool_down_one_trial_decides(endpoint: StubEndpoint) -> None:
    now = [0.0]
    llm = LLMRouter(
        base_url=endpoint.url,
        model="tiny",
        timeout_s=0.5,
        retry_wait_s=0.0,
        failure_threshold=1,
        cooldown_s=30.0,
        clock=lambda: now[0],
    )
    try:
        await llm.route("what food do I like", ())
        assert llm.breaker.state is CircuitState.OPEN
        now[0] = 31.0  # cool-down passed, the endpoint still fails: the one trial reopens the circuit
        asked = endpoint.calls
        await llm.route("what food do I like", ())
        assert endpoint.calls > asked and llm.breaker.state is CircuitState.OPEN
        now[0] = 62.0
        endpoint.mode = "answer"  # recovered: the trial succeeds and closes the circuit
        chosen = await llm.route("what food do I like", ())
    finally:
        await llm.aclose()
    assert chosen.reason == "llm tiny: a preference"
    assert llm.breaker.state is CircuitState.CLOSED


def test_half_open_admits_exactly_one_trial() -> None:
    now = [0.0]
    breaker = CircuitBreaker(failure_threshold=2, cooldown_s=10.0, clock=lambda: now[0])
    breaker.record_failure()
    assert breaker.allow()  # one failure is below the threshold
    breaker.record_failure()
    assert not breaker.allow()
    now[0] = 10.0
    assert breaker.state is CircuitState.HALF_OPEN
    assert breaker.allow() and not breaker.allow()
    breaker.record_success()
    assert breaker.state is CircuitState.CLOSED and breaker.allow()
