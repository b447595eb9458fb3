"""A chat-completions endpoint on loopback for the tests of the optional LLM clients: it answers what the test
sets (`answer` gets the request's JSON and returns the assistant's content, or None for a 500)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class StubChat:
    answer: Callable[[dict[str, Any]], str | None] = lambda _: None
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""


@contextmanager
def stub_chat() -> Iterator[StubChat]:
    stub = StubChat()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            stub.requests.append(request)
            content = stub.answer(request)
            if content is None:
                body, status = b'{"error": "upstream detail"}', 500
            else:
                body = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
                status = 200
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting (a time-budget test)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    stub.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    # shutdown() waits for the loop to notice, up to one poll interval (0.5 s by default)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
