"""SQL for the outbox: notifications committed with a move and marked once delivered."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.store.db import Database


@dataclass(frozen=True)
class OutboxRow:
    id: int
    game_id: int
    version: int
    kind: str
    payload: dict[str, Any]


async def add(
    conn: aiosqlite.Connection, game_id: int, version: int, kind: str, payload: dict[str, Any], now: float
) -> None:
    await conn.execute(
        "INSERT INTO outbox (game_id, version, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, version, kind, json.dumps(payload), now),
    )


async def pending(db: Database, game_id: int | None = None) -> list[OutboxRow]:
    """Undelivered notifications in commit order, for one game or all."""
    where, params = ("AND game_id = ?", (game_id,)) if game_id is not None else ("", ())
    rows = await db.fetchall(
        f"SELECT id, game_id, version, kind, payload FROM outbox WHERE delivered_at IS NULL {where} ORDER BY id",
        params,
    )
    return [OutboxRow(r["id"], r["game_id"], r["version"], r["kind"], json.loads(r["payload"])) for r in rows]


async def mark_delivered(db: Database, outbox_id: int, now: float) -> None:
    async with db.tx() as conn:
        await conn.execute("UPDATE outbox SET delivered_at = ? WHERE id = ?", (now, outbox_id))
