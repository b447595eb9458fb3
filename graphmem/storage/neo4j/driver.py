"""The async Neo4j driver behind one small wrapper that turns connection failures into StorageUnavailable."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, LiteralString, TypeVar, cast

import neo4j
from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable, SessionExpired, TransientError

from graphmem.errors import StorageUnavailable

log = logging.getLogger(__name__)

T = TypeVar("T")

_UNAVAILABLE = (ServiceUnavailable, SessionExpired, OSError, ConnectionError)


@asynccontextmanager
async def translated_errors() -> AsyncIterator[None]:
    """Maps the driver's connectivity failures to StorageUnavailable; other errors pass through."""
    try:
        yield
    except _UNAVAILABLE as exc:
        raise StorageUnavailable(f"the graph database is unreachable: {type(exc).__name__}") from exc
    except TransientError as exc:
        raise StorageUnavailable(f"the graph database is busy: {exc.code}") from exc
    except DriverError as exc:
        if "defunct" in str(exc).lower() or "connection" in str(exc).lower():
            raise StorageUnavailable(f"the graph database connection failed: {type(exc).__name__}") from exc
        raise


class Neo4jGraph:
    """Owns the async driver; runs managed read and write transactions against one database."""

    def __init__(self, uri: str, user: str, password: str, database: str) -> None:
        self._database = database
        self._driver: AsyncDriver = AsyncGraphDatabase.driver(
            uri,
            auth=(user, password),
            connection_timeout=3.0,
            connection_acquisition_timeout=5.0,
            max_transaction_retry_time=3.0,
            max_connection_pool_size=50,
            notifications_min_severity="OFF",
        )

    @property
    def driver(self) -> AsyncDriver:
        return self._driver

    @property
    def database(self) -> str:
        return self._database

    async def close(self) -> None:
        await self._driver.close()

    async def ping(self) -> None:
        """Runs RETURN 1; raises StorageUnavailable when the database does not answer."""
        async with translated_errors():
            records, _, _ = await self._driver.execute_query(
                "RETURN 1 AS ok", database_=self._database, routing_=neo4j.RoutingControl.READ
            )
            if not records or records[0]["ok"] != 1:
                raise StorageUnavailable("the graph database answered RETURN 1 wrongly")

    async def write(self, work: Callable[[AsyncManagedTransaction], Awaitable[T]]) -> T:
        """Runs `work` in a managed write transaction (retried on transient errors) and commits it."""
        async with translated_errors(), self._driver.session(database=self._database) as session:
            return await session.execute_write(work)

    async def rehearse(self, work: Callable[[AsyncManagedTransaction], Awaitable[T]]) -> T:
        """Runs `work` in a write transaction that is always rolled back: Neo4j plans and executes every
        statement (its plans are then cached for the real calls), and nothing is kept."""
        async with translated_errors(), self._driver.session(database=self._database) as session:
            tx = await session.begin_transaction()
            try:
                # the unit-of-work functions use only `run`, which both transaction kinds share
                return await work(cast(AsyncManagedTransaction, tx))
            finally:
                await tx.rollback()

    async def read(self, work: Callable[[AsyncManagedTransaction], Awaitable[T]]) -> T:
        """Runs `work` in a managed read transaction."""
        async with translated_errors(), self._driver.session(database=self._database) as session:
            return await session.execute_read(work)

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
        async with translated_errors(), self._driver.session(database=self._database) as session:
            result = await session.run(query, params)
            return [record.data() async for record in result]


__all__ = ["Neo4jError", "Neo4jGraph", "translated_errors"]
