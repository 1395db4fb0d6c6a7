"""The database: SQLite at a path (the default) or PostgreSQL at a ``postgresql://`` address, behind one API.

All access goes through ``tx()`` (a write transaction) or ``read()``, each handing out a ``Connection`` whose
``execute`` takes ``?`` placeholders on both databases. Rows read by column name and by position.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, TypeAlias

from bot.store.schema import Dialect, migrations

__all__ = [
    "BUSY_TIMEOUT_MS",
    "Connection",
    "Database",
    "DatabaseUnavailable",
    "Result",
    "Row",
    "is_database_url",
    "migrations",
]

# Another process holding a lock the bot needs (a backup, a second bot) makes us wait this long, then fail.
BUSY_TIMEOUT_MS = 5000
POSTGRES_SCHEMES = ("postgresql://", "postgres://")

Row: TypeAlias = Any  # sqlite3.Row or asyncpg.Record: both read by column name and by position


def is_database_url(target: str) -> bool:
    """Whether DATABASE_URL-style ``target`` names a server rather than a file (any ``scheme://``)."""
    return "://" in target


class DatabaseUnavailable(Exception):
    """The database cannot be opened or written; the message is one sentence for whoever runs the bot, and
    never holds a password."""


class Result:
    """A statement's rows, read at once, and how many rows it changed."""

    def __init__(self, rows: list[Row], rowcount: int) -> None:
        self.rows = rows
        self.rowcount = rowcount

    async def fetchone(self) -> Row | None:
        return self.rows[0] if self.rows else None

    async def fetchall(self) -> list[Row]:
        return self.rows


class Connection(ABC):
    """One connection, in a transaction (``Database.tx``) or reading (``Database.read``)."""

    dialect: Dialect

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Result: ...

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def lock(self, *keys: str) -> None:
        """Hold these keys until the transaction ends: another transaction locking one of them, in any
        process, waits. (SQLite has one writer at a time already: nothing to do there.)"""


class Database(ABC):
    dialect: Dialect
    name: str  # what to call it in messages: the file, or the server's address without its password
    shared: bool  # other processes may use it at the same time (a ``claim`` can be refused)

    @classmethod
    async def open(cls, target: str | Path) -> Database:
        """SQLite at a path, or PostgreSQL at a ``postgresql://`` address; migrated to the latest schema.
        Raises DatabaseUnavailable (one sentence) when it cannot be opened and written."""
        target = str(target)
        if is_database_url(target):
            from bot.store.postgres import PostgresDatabase

            return await PostgresDatabase.connect(target)
        from bot.store.sqlite import SqliteDatabase

        return await SqliteDatabase.connect(target)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def tx(self) -> AbstractAsyncContextManager[Connection]:
        """A write transaction: it runs whole or not at all (any exception rolls everything back)."""

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Connection]:
        """A connection outside any transaction: each statement on it commits by itself."""

    @abstractmethod
    def hold(self, key: str) -> AbstractAsyncContextManager[None]:
        """Hold ``key`` across several transactions (a game while a move is read, chosen and committed):
        another process holding it makes us wait. Released when the block ends, or when the process dies."""

    @abstractmethod
    def claim(self, key: str) -> AbstractAsyncContextManager[bool]:
        """Like ``hold``, but without waiting: yields False when another process holds ``key`` now."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        async with self.read() as conn:
            return await (await conn.execute(sql, tuple(params))).fetchall()

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        async with self.read() as conn:
            return await (await conn.execute(sql, tuple(params))).fetchone()

    async def write(self, sql: str, params: Iterable[Any] = ()) -> int:
        """One statement that is a transaction by itself (it applies whole or not at all), without the round
        trips of BEGIN and COMMIT; how many rows it changed."""
        async with self.read() as conn:
            return (await conn.execute(sql, tuple(params))).rowcount

