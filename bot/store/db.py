"""The SQLite connection: WAL, numbered migrations applied at start, and serialised transactions."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
# Another process holding the write lock (a backup, a second bot) makes us wait this long, then fail cleanly.
BUSY_TIMEOUT_MS = 5000


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, sql) of every packaged migration, in order."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


class DatabaseUnavailable(Exception):
    """The database file cannot be opened for writing; the message is one sentence for whoever runs the bot."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            f"The database {path} cannot be opened for writing ({reason}): check that DATABASE_PATH names a file in a "
            "folder the bot may write to, and run the command again."
        )


class Database:
    """One aiosqlite connection. All access goes through ``tx()`` (writes) or ``read()``, serialised by a lock:
    a single connection shared by coroutines must never interleave statements of two transactions."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        path = str(path)
        try:
            # Found at start, not at the first move: a folder the bot may not write to, a read-only file.
            await asyncio.to_thread(_check_writable, path)
        except (OSError, sqlite3.Error) as error:
            raise DatabaseUnavailable(path, _reason(error)) from None
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

    async def _migrate(self) -> None:
        async with self.tx() as conn:
            cursor = await conn.execute("PRAGMA user_version")
            row = await cursor.fetchone()
            current = int(row[0]) if row else 0
            for number, name, sql in migrations():
                if number <= current:
                    continue
                log.info("applying migration %s", name)
                for statement in _statements(sql):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number}")

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: BEGIN IMMEDIATE takes SQLite's write lock up front, so it either runs
        whole or raises before changing anything; any exception rolls everything back."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            yield self._conn

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self.read() as conn:
            cursor = await conn.execute(sql, tuple(params))
            return list(await cursor.fetchall())

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        async with self.read() as conn:
            cursor = await conn.execute(sql, tuple(params))
            row: aiosqlite.Row | None = await cursor.fetchone()
            return row


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


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations contain no semicolons inside literals)."""
    lines = [line.split("--", 1)[0] for line in sql.splitlines()]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
