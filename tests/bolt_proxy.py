"""A loopback TCP proxy in front of Neo4j's Bolt port that can take the database off the network: `cut()` resets
every open connection and refuses new ones (what a client sees when Neo4j dies), `restore()` accepts again.

It lets an outage test run against the shared Neo4j without stopping it, so the test does not depend on
running last. The proxy runs its own event loop in a daemon thread: it keeps forwarding while the test's loop
is busy.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
import threading
from collections.abc import Iterator


class BoltProxy:
    """Forwards 127.0.0.1:`port` to (host, target_port) until cut."""

    def __init__(self, host: str, target_port: int) -> None:
        self._host = host
        self._target_port = target_port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="bolt-proxy", daemon=True)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    @property
    def listening(self) -> bool:
        return self._server is not None

    def start(self) -> None:
        self._thread.start()
        self._call(self._listen())

    def cut(self) -> None:
        """Stops listening (new connections are refused) and resets every open connection."""
        self._call(self._cut())

    def restore(self) -> None:
        """Listens again on the same port."""
        self._call(self._listen())

    def stop(self) -> None:
        self._call(self._shutdown())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    def _call(self, coro: object) -> None:
        asyncio.run_coroutine_threadsafe(coro, self._loop).result(10)  # type: ignore[arg-type]

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port, reuse_address=True)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _shutdown(self) -> None:
        """Cuts, then ends every forwarding task so no socket outlives the proxy (a leak is a ResourceWarning)."""
        await self._cut()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def _cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._writers):
            _reset(writer)
        self._writers.clear()

    async def _pipe(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        if self._server is None:
            _reset(client_writer)
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(self._host, self._target_port)
        except OSError:
            _reset(client_writer)
            return
        self._writers |= {client_writer, upstream_writer}

        async def copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, ConnectionError):
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            _reset(writer)

        try:
            await asyncio.gather(copy(client_reader, upstream_writer), copy(upstream_reader, client_writer))
        finally:
            _reset(client_writer)
            _reset(upstream_writer)
            self._writers -= {client_writer, upstream_writer}


def _reset(writer: asyncio.StreamWriter) -> None:
    """Closes with RST (SO_LINGER 0), as a dead peer's host would."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with contextlib.suppress(Exception):
        writer.transport.abort()


@contextlib.contextmanager
def bolt_proxy(host: str, port: int) -> Iterator[BoltProxy]:
    proxy = BoltProxy(host, port)
    proxy.start()
    try:
        yield proxy
    finally:
        proxy.stop()
