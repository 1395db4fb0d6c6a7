"""PostgreSQL through asyncpg, for several bot processes sharing one database.

A pool of connections serves transactions (READ COMMITTED, as PostgreSQL starts them): what must not
interleave across processes takes a lock in the database. ``Connection.lock`` takes transaction-scoped
advisory locks (a game's rating rows, a tournament's round); ``hold`` and ``claim`` take session-scoped ones on
a connection of their own, so they span several transactions (a game while a move is read, chosen and
committed; a game's notifications while they are sent) and vanish with the process if it dies.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.db import BUSY_TIMEOUT_MS, Connection, Database, DatabaseUnavailable, Result
from bot.store.schema import Dialect, migrations, statements

log = logging.getLogger(__name__)

POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0  # seconds: an unreachable server is told at start, not after a minute
_PLACEHOLDER = re.compile(r"\?")
_RETURNS_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES)\b|\bRETURNING\b", re.IGNORECASE)
_KEY = "hashtextextended($1, 0)"  # an advisory lock's 64-bit key from our text key


class PostgresConnection(Connection):
    dialect: Dialect = "postgres"

    def __init__(self, conn: asyncpg.Connection | PoolConnectionProxy) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        query = numbered(sql)
        if _RETURNS_ROWS.search(query):
            rows = await self._conn.fetch(query, *params)
            return Result(list(rows), len(rows))
        status = await self._conn.execute(query, *params)
        return Result([], _changed(status))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(numbered(sql), [tuple(row) for row in rows])

    async def lock(self, *keys: str) -> None:
        for key in sorted(set(keys)):  # one order everywhere: two transactions never wait on each other
            await self._conn.execute(f"SELECT pg_advisory_xact_lock({_KEY})", key)


class PostgresDatabase(Database):
    dialect: Dialect = "postgres"
    shared = True

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self._locker: asyncpg.Connection | None = None  # the session that holds ``hold`` and ``claim`` keys
        self._locker_busy = asyncio.Lock()
        self.name = describe(url)

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        name = describe(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT)
        except Exception as error:  # refused, unknown host, wrong password, no such database, a malformed URL
            raise DatabaseUnavailable(
                f"The PostgreSQL database {name} cannot be reached ({_reason(error, url)}): check DATABASE_URL "
                "and that the server is running, and run the command again."
            ) from None
        db = cls(pool, url)
        try:
            await db._migrate()
        except Exception as error:  # a read-only server, a user without the right to create tables
            await pool.close()
            raise DatabaseUnavailable(
                f"The PostgreSQL database {name} cannot be written ({_reason(error, url)}): check that the "
                "DATABASE_URL user may create and change tables there, and run the command again."
            ) from None
        return db

    async def close(self) -> None:
        if self._locker is not None:
            await self._locker.close()
            self._locker = None
        await self._pool.close()

    async def schema_version(self) -> int:
        row = await self.fetchone("SELECT version FROM schema_version")
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        async with self.tx() as conn:
            await conn.lock("middle-kingdom:migrations")  # processes starting together migrate one at a time
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            row = await (await conn.execute("SELECT version FROM schema_version")).fetchone()
            if row is None:
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
            current = int(row[0]) if row else 0
            for number, name, sql in migrations():
                if number <= current:
                    continue
                log.info("applying migration %s", name)
                for statement in statements(sql, self.dialect):
                    await conn.execute(statement)
                await conn.execute("UPDATE schema_version SET version = ?", (number,))

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as raw, raw.transaction():
            yield PostgresConnection(raw)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as raw:
            yield PostgresConnection(raw)

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        delay = 0.005
        waited = 0.0
        while not await self._try_lock(key):
            await asyncio.sleep(delay)
            waited += delay
            delay = min(delay * 2, 0.1)
            if waited > BUSY_TIMEOUT_MS / 1000:
                log.warning("waiting for %s, held by another process", key)
                waited = 0.0
        try:
            yield None
        finally:
            await self._unlock(key)

    @asynccontextmanager
    async def claim(self, key: str) -> AsyncIterator[bool]:
        mine = await self._try_lock(key)
        try:
            yield mine
        finally:
            if mine:
                await self._unlock(key)

    async def _try_lock(self, key: str) -> bool:
        async with self._locker_busy:
            locker = await self._locker_connection()
            return bool(await locker.fetchval(f"SELECT pg_try_advisory_lock({_KEY})", key))

    async def _unlock(self, key: str) -> None:
        async with self._locker_busy:
            if self._locker is None or self._locker.is_closed():
                return  # the session ended: its locks went with it
            await self._locker.fetchval(f"SELECT pg_advisory_unlock({_KEY})", key)

    async def _locker_connection(self) -> asyncpg.Connection:
        if self._locker is None or self._locker.is_closed():
            if self._locker is not None:
                log.error("the lock session to %s was lost; its locks were released", self.name)
            self._locker = await asyncpg.connect(self._url, timeout=CONNECT_TIMEOUT)
        return self._locker


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """Our ``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (no statement of ours has a ``?`` in a literal)."""
    count = 0

    def next_mark(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(next_mark, sql)


def describe(url: str) -> str:
    """The server and database a URL names, without the user's password: for messages and logs."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or parse_qs(parts.query).get("host", ["localhost"])[0]
        port = parts.port
    except ValueError:
        return "named by DATABASE_URL"
    database = parts.path.lstrip("/") or "(the user's own)"
    return f"{database} at {host}{f':{port}' if port else ''}"


def _changed(status: str) -> int:
    """Rows changed, from a command's status ('UPDATE 3', 'INSERT 0 1'); 0 for one that changes no rows."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _reason(error: Exception, url: str) -> str:
    text = str(error).strip() or type(error).__name__
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    secrets = [p for p in (password, *parse_qs(_query(url)).get("password", [])) if p]
    for secret in secrets:
        text = text.replace(secret, "***")
    return text.rstrip(".")


def _query(url: str) -> str:
    try:
        return urlsplit(url).query
    except ValueError:
        return ""
