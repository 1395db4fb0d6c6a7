"""Per-id locks (a game, a tournament) for whatever reads a row to change it: an asyncio lock keeps this
process's coroutines one at a time, and the database keeps other processes out (``Database.hold``: nothing
with SQLite, which one process owns; an advisory lock on PostgreSQL, released if the process dies)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.store.db import Database


class Locks:
    def __init__(self, db: Database, kind: str) -> None:
        self.db = db
        self.kind = kind
        self._local: dict[int, asyncio.Lock] = {}

    @asynccontextmanager
    async def __call__(self, id_: int) -> AsyncIterator[None]:
        async with self._local.setdefault(id_, asyncio.Lock()), self.db.hold(f"{self.kind}:{id_}"):
            yield
