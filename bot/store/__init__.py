"""Storage: SQLite through aiosqlite, or PostgreSQL through asyncpg (DATABASE_URL). SQL lives only in this package."""

from bot.store.db import Database

__all__ = ["Database"]
