"""The async Neo4j driver behind one small wrapper that turns connection failures into StorageUnavailable.

Every transaction it runs (managed reads and writes, auto-commit statements, the health ping) carries the
transaction timeout: Neo4j terminates and rolls back one that runs longer, reported as StorageTimeout.

While the database is down the wrapper is a closed door (a circuit): every read and write fails at once with
StorageUnavailable instead of waiting for connection and retry timeouts. A failed connection or the health
probe opens it; the probe's next successful ping closes it and replaces the driver, so that no connection
pooled before the outage is tried again (the first write after a restart does not stall on dead sockets).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, LiteralString, TypeVar, cast

import neo4j
from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction, AsyncSession
from neo4j.exceptions import (
    DriverError,
    IncompleteCommit,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from graphmem.errors import CommitUncertain, StorageTimeout, StorageUnavailable
from graphmem.storage.neo4j.fence import hold_fence

log = logging.getLogger(__name__)

T = TypeVar("T")

_UNAVAILABLE = (ServiceUnavailable, SessionExpired, OSError, ConnectionError)
_TIMED_OUT = "Neo.ClientError.Transaction.TransactionTimedOut"
_DELETED_MEANWHILE = "Neo.ClientError.Statement.EntityNotFound"
DEFAULT_TRANSACTION_TIMEOUT_SECONDS = 30.0


_RETRY_SECONDS = 3.0
"""How long a transaction is retried on transient errors (deadlocks, leader changes)."""


class _RolledBack(Exception):
    """Raised by a rehearsal's unit of work after its statements ran, so the transaction is rolled back."""

    def __init__(self, result: object) -> None:
        super().__init__("rehearsal rolled back")
        self.result = result


class _Unreachable(StorageUnavailable):
    """A connection could not be made or broke before commit (opens the circuit)."""


@asynccontextmanager
async def translated_errors(idempotent: bool = False) -> AsyncIterator[None]:
    """Maps the driver's connectivity failures to StorageUnavailable; other errors pass through.

    A connection lost during commit becomes CommitUncertain: the write may or may not be stored, and the
    message says whether repeating the request is safe (`idempotent`: keyed writes) or not."""
    try:
        yield
    except IncompleteCommit as exc:
        advice = (
            "retrying with the same keys is safe"
            if idempotent
            else "this write is not idempotent: check its effect before retrying"
        )
        raise CommitUncertain(
            f"the connection to the graph database failed during commit; the write may or may not have been "
            f"applied; {advice}",
            idempotent,
        ) from exc
    except _UNAVAILABLE as exc:
        raise _Unreachable(f"the graph database is unreachable: {type(exc).__name__}") from exc
    except TransientError as exc:
        raise StorageUnavailable(f"the graph database is busy: {exc.code}") from exc
    except Neo4jError as exc:
        if (exc.code or "").startswith(_TIMED_OUT):
            raise StorageTimeout("the graph database transaction ran past its timeout and was rolled back") from exc
        if exc.code == _DELETED_MEANWHILE:
            # read-committed: a node this transaction matched was deleted by another before it was read; run
            # again, the statement sees the committed state (and matches nothing)
            raise StorageUnavailable("the graph database saw a node deleted meanwhile; retried") from exc
        raise
    except DriverError as exc:
        if "defunct" in str(exc).lower() or "connection" in str(exc).lower():
            raise _Unreachable(f"the graph database connection failed: {type(exc).__name__}") from exc
        raise


async def _close_quietly(driver: AsyncDriver) -> None:
    try:
        await driver.close()
    except Exception:  # closing dead sockets may fail; nothing depends on it
        log.debug("closing a retired driver failed", exc_info=True)


class Neo4jGraph:
    """Owns the async driver; runs managed read and write transactions against one database, each bounded by
    `transaction_timeout` seconds."""

    def __init__(
        self,
        uri: str,
        user: str,
        password: str,
        database: str,
        transaction_timeout: float = DEFAULT_TRANSACTION_TIMEOUT_SECONDS,
    ) -> None:
        self._uri = uri
        self._auth = (user, password)
        self._database = database
        self._timeout = transaction_timeout
        self._driver: AsyncDriver = self._new_driver()
        self._retired: list[AsyncDriver] = []
        self._down_since: float | None = None

    def _new_driver(self) -> AsyncDriver:
        return AsyncGraphDatabase.driver(
            self._uri,
            auth=self._auth,
            connection_timeout=2.0,
            connection_acquisition_timeout=3.0,
            # retries are ours (`_run`): they stop as soon as the circuit opens
            max_transaction_retry_time=0.0,
            max_connection_pool_size=50,
            notifications_min_severity="OFF",
        )

    @property
    def driver(self) -> AsyncDriver:
        return self._driver

    @property
    def database(self) -> str:
        return self._database

    @property
    def transaction_timeout(self) -> float:
        return self._timeout

    def _bounded(self, work: Callable[[AsyncManagedTransaction], Awaitable[T]]) -> Any:
        @neo4j.unit_of_work(timeout=self._timeout)
        async def bounded(tx: AsyncManagedTransaction) -> T:
            return await work(tx)

        return bounded

    @property
    def available(self) -> bool:
        """False while the circuit is open (the last connection attempt or probe failed)."""
        return self._down_since is None

    def _open(self) -> None:
        if self._down_since is None:
            self._down_since = time.monotonic()
            log.warning("graph database unreachable; failing fast until it answers")

    async def _close_circuit(self) -> None:
        if self._down_since is None:
            return
        # connections pooled before the outage are dead: new transactions start from a fresh pool; the old
        # driver is closed one outage later (transactions still running on it finish undisturbed)
        retired, self._retired = self._retired, [self._driver]
        self._driver = self._new_driver()
        self._down_since = None
        log.info("graph database reachable again")
        for old in retired:
            await _close_quietly(old)

    def _check(self) -> None:
        if self._down_since is not None:
            seconds = time.monotonic() - self._down_since
            raise StorageUnavailable(f"the graph database has been unreachable for {seconds:.1f} s; retry later")

    async def close(self) -> None:
        for old in self._retired:
            await _close_quietly(old)
        await self._driver.close()

    async def ping(self) -> None:
        """Runs RETURN 1 (even while the circuit is open); raises StorageUnavailable when the database does not
        answer, and opens or closes the circuit accordingly."""
        try:
            async with translated_errors():
                records, _, _ = await self._driver.execute_query(
                    neo4j.Query("RETURN 1 AS ok", timeout=self._timeout),
                    database_=self._database,
                    routing_=neo4j.RoutingControl.READ,
                )
                if not records or records[0]["ok"] != 1:
                    raise StorageUnavailable("the graph database answered RETURN 1 wrongly")
        except StorageUnavailable:
            self._open()
            raise
        await self._close_circuit()

    def mark_unavailable(self) -> None:
        """Opens the circuit (the health probe saw the database fail)."""
        self._open()

    async def _run(self, write: bool, work: Callable[[AsyncManagedTransaction], Awaitable[T]], idempotent: bool) -> T:
        bounded = self._bounded(work)

        async def managed(session: AsyncSession) -> T:
            if write:
                return cast(T, await session.execute_write(bounded))
            return cast(T, await session.execute_read(bounded))

        return await self._attempts(managed, idempotent, neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS)

    async def _attempts(self, attempt: Callable[[AsyncSession], Awaitable[T]], idempotent: bool, access: str) -> T:
        """Runs `attempt` in a fresh session until it succeeds, retrying transient errors for a few seconds."""
        deadline = time.monotonic() + _RETRY_SECONDS
        delay = 0.02
        stale_retry = True
        while True:
            self._check()
            try:
                async with (
                    translated_errors(idempotent),
                    self._driver.session(database=self._database, default_access_mode=access) as session,
                ):
                    return await attempt(session)
            except CommitUncertain:
                raise
            except _Unreachable:
                if stale_retry:  # one more try on a fresh connection: a pooled one may have been stale
                    stale_retry = False
                    continue
                self._open()
                raise
            except StorageUnavailable:  # transient (deadlock, busy): retried with backoff
                if time.monotonic() + delay > deadline:
                    raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.5)

    async def write(
        self,
        work: Callable[[AsyncManagedTransaction], Awaitable[T]],
        *,
        fence: str | None = None,
        idempotent: bool = False,
    ) -> T:
        """Runs `work` in a managed write transaction (retried on transient errors) and commits it.

        With `fence` (a group id) the transaction first locks that user's fence and raises UserForgotten when
        the user was erased, so nothing is written for a forgotten user. `idempotent` says whether repeating
        the write is harmless (reported when the commit's outcome is unknown)."""
        if fence is None:
            return await self._run(True, work, idempotent)
        group_id = fence

        async def fenced(tx: AsyncManagedTransaction) -> T:
            await hold_fence(tx, group_id)
            return await work(tx)

        return await self._run(True, fenced, idempotent)

    async def rehearse(self, work: Callable[[AsyncManagedTransaction], Awaitable[T]], *, fence: str | None = None) -> T:
        """Runs `work` in a write transaction that is always rolled back: Neo4j plans and executes every
        statement (its plans are then cached for the real calls), and nothing is kept. With `fence` the
        transaction first holds that user's fence, as `write` does: Neo4j caches one plan per statement for a
        transaction that has already written and one for a transaction that has not, so a rehearsal must
        write before the same statements the real call writes before. Transient errors (a deadlock with
        another replica warming up the same internal user) are retried as for `write`."""

        async def rolled_back(tx: AsyncManagedTransaction) -> T:
            if fence is not None:
                await hold_fence(tx, fence)
            raise _RolledBack(await work(tx))  # the managed transaction rolls back on any exception

        try:
            await self._run(True, rolled_back, idempotent=True)
        except _RolledBack as done:
            return cast(T, done.result)
        raise AssertionError("a rehearsal always ends in _RolledBack")

    async def read(self, work: Callable[[AsyncManagedTransaction], Awaitable[T]]) -> T:
        """Runs `work` in a managed read transaction."""
        return await self._run(False, work, idempotent=True)

    async def read_record(self, statement: LiteralString, **params: Any) -> neo4j.Record:
        """Runs one read statement that returns exactly one record, as an auto-commit transaction: one round
        trip to the database (RUN and PULL pipelined), where a managed transaction adds BEGIN and COMMIT. For
        the single-statement reads every Search makes; retried on transient errors as `read` is."""

        async def once(session: AsyncSession) -> neo4j.Record:
            result = await session.run(neo4j.Query(statement, timeout=self._timeout), params)
            return await result.single(strict=True)

        return await self._attempts(once, True, neo4j.READ_ACCESS)

    async def delete_in_batches(self, statement: LiteralString, **params: Any) -> int:
        """Repeats a bounded delete (`... LIMIT n DETACH DELETE ... RETURN count(*) AS deleted`), one
        transaction per batch, until it deletes nothing; returns the total."""

        async def work(tx: AsyncManagedTransaction) -> int:
            record = await (await tx.run(statement, params)).single(strict=True)
            return int(record["deleted"])

        total = 0
        while deleted := await self.write(work):
            total += deleted
        return total

    async def run(self, query: str, **params: Any) -> list[dict[str, Any]]:
        """Runs one auto-commit statement (schema changes); returns its records as dicts."""
        self._check()
        async with translated_errors(), self._driver.session(database=self._database) as session:
            result = await session.run(neo4j.Query(query, timeout=self._timeout), params)
            return [record.data() async for record in result]


__all__ = ["Neo4jError", "Neo4jGraph", "translated_errors"]
