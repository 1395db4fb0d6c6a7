"""SQL for per-user facts the bot remembers (for now: whether the user's DMs are closed to us)."""

from __future__ import annotations

from bot.store.db import Database


async def dm_closed(db: Database, user_id: int) -> bool:
    row = await db.fetchone("SELECT dm_closed FROM users WHERE user_id = ?", (user_id,))
    return bool(row and row["dm_closed"])


async def set_dm_closed(db: Database, user_id: int, closed: bool, now: float) -> None:
    async with db.tx() as conn:
        await conn.execute(
            """
            INSERT INTO users (user_id, dm_closed, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed, updated_at = excluded.updated_at
            """,
            (user_id, int(closed), now),
        )
