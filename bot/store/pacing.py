"""SQL for the request budget every process of the bot shares (bot/pacing.py): one row, the time of the next
free slot, advanced by each reservation in one statement, by the database's clock (so the processes' own
clocks need not agree). PostgreSQL only: with SQLite one process is the whole bot and paces itself."""

from __future__ import annotations

from bot.store.db import Database

# The slot is the later of the next free one and now; the next free one is then a slot's width after it (the
# row is made by the first reservation). The answer is the wait until the slot, measured on the same clock.
_RESERVE = """
    WITH clock AS (SELECT extract(epoch FROM clock_timestamp())::double precision AS now)
    INSERT INTO request_budget (id, next_at) SELECT 1, clock.now + ? FROM clock
    ON CONFLICT (id) DO UPDATE SET next_at = GREATEST(request_budget.next_at, excluded.next_at - ?) + ?
    RETURNING next_at - ? - (SELECT now FROM clock) AS wait
"""


async def reserve(db: Database, interval: float) -> float:
    """Take the next free slot of the shared budget, slots ``interval`` seconds apart: the seconds until it."""
    if db.dialect != "postgres":
        raise ValueError("the shared request budget lives in PostgreSQL")
    row = await db.fetchone(_RESERVE, (interval,) * 4)  # one statement: a transaction by itself
    if row is None:
        raise RuntimeError("the request budget's row is missing")
    return float(row["wait"])
