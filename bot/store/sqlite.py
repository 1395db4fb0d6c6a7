"""SQLite through aiosqlite: WAL, numbered migrations applied at start, and serialised transactions."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.db import BUSY_TIMEOUT_MS, Connection, Database, DatabaseUnavailable, Result
from bot.store.schema import Dialect, migrations, statements

log = logging.getLogger(__name__)


class SqliteConnection(Connection):
    dialect: Dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        async with self._conn.execute(sql, tuple(params)) as cursor:
            rows = list(await cursor.fetchall())
            return Result(rows, cursor.rowcount)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, [tuple(row) for row in rows])

    async def lock(self, *keys: str) -> None:
        return None  # BEGIN IMMEDIATE took the database's only write lock


class SqliteDatabase(Database):
    """One aiosqlite connection, serialised by a lock: a single connection shared by coroutines must never
    interleave statements of two transactions. One process owns the file, so ``hold`` and ``claim`` (which
    keep other processes out) have nothing to do."""

    dialect: Dialect = "sqlite"
    shared = False

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._wrapped = SqliteConnection(conn)
        self._lock = asyncio.Lock()
        self.path = path
        self.name = path

    @classmethod
    async def connect(cls, path: str) -> SqliteDatabase:
        try:
            # Found at start, not at the first move: a folder the bot may not write to, a read-only file.
            await asyncio.to_thread(_check_writable, path)
        except (OSError, sqlite3.Error) as error:
            raise DatabaseUnavailable(
                f"The database {path} cannot be opened for writing ({_reason(error)}): check that DATABASE_PATH "
                "names a file in a folder the bot may write to, and run the command again."
            ) from None
        conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN ourselves
        conn.row_factory = aiosqlite.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        db = cls(conn, path)
        await db._migrate()
        return db

    async def close(self) -> None:
        await self._conn.close()

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        async with self.tx() as conn:
            row = await (await conn.execute("PRAGMA user_version")).fetchone()
            current = int(row[0]) if row else 0
            for number, name, sql in migrations():
                if number <= current:
                    continue
                log.info("applying migration %s", name)
                for statement in statements(sql, self.dialect):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number}")

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[Connection]:
        """BEGIN IMMEDIATE takes SQLite's write lock up front, so a transaction either runs whole or raises
        before changing anything."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._wrapped
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Connection]:
        async with self._lock:
            yield self._wrapped

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        yield None

    @asynccontextmanager
    async def claim(self, key: str) -> AsyncIterator[bool]:
        yield True


def _check_writable(path: str) -> None:
    """Open ``path`` as the bot will and write nothing in a write transaction: raises if the folder cannot be
    made, the file is not a database or cannot be written (the pragmas alone do not tell, on a database
    already in WAL mode). Plain sqlite3, so a failure leaves no aiosqlite thread behind."""
    if path == ":memory:":
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(f"PRAGMA user_version = {version}")  # a write that changes nothing
        finally:
            conn.execute("ROLLBACK")


def _reason(error: OSError | sqlite3.Error) -> str:
    if isinstance(error, OSError):
        return f"{error.strerror or type(error).__name__}: {error.filename}" if error.filename else str(error)
    return str(error)
