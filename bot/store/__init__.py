"""Storage: SQLite through aiosqlite. SQL lives only in this package."""

from bot.store.db import Database

__all__ = ["Database"]
