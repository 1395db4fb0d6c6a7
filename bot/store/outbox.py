"""SQL for the outbox: notifications committed with a move and marked once delivered.

Each row of a move names its turn (the version that opened it): the Discord layer edits one board message
per turn, and reads the turn's rows back to write every event of the turn into that message, in order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.db import Connection, Database, Row

MOVE_KINDS = ("started", "moved")  # rows that hold a position of the game (the others are reminders, upkeep)
# Rows whose words belong in the board message of their turn: positions, and clock news (a vacation).
TURN_KINDS = (*MOVE_KINDS, "clock")


@dataclass(frozen=True)
class OutboxRow:
    id: int
    game_id: int
    version: int
    kind: str
    payload: dict[str, Any]
    turn: int | None = None  # the version that opened the turn this position belongs to


_COLUMNS = "id, game_id, version, kind, payload, turn"


async def add(
    conn: Connection,
    game_id: int,
    version: int,
    kind: str,
    payload: dict[str, Any],
    now: float,
    *,
    turn: int | None = None,
) -> None:
    await conn.execute(
        "INSERT INTO outbox (game_id, version, kind, payload, created_at, turn) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, version, kind, json.dumps(payload), now, turn),
    )


async def current_turn(conn: Connection, game_id: int) -> int | None:
    """The turn of the game's newest position (None before the first)."""
    cursor = await conn.execute(
        "SELECT turn FROM outbox WHERE game_id = ? AND kind IN ('started', 'moved') ORDER BY id DESC LIMIT 1",
        (game_id,),
    )
    row = await cursor.fetchone()
    return None if row is None else row["turn"]


async def moved(db: Database, game_id: int, version: int) -> OutboxRow | None:
    """The notification of the move that made ``version`` (its payload says whether it was forced or timed out)."""
    row = await db.fetchone(
        f"SELECT {_COLUMNS} FROM outbox WHERE game_id = ? AND version = ? AND kind = 'moved' ORDER BY id LIMIT 1",
        (game_id, version),
    )
    return _row(row) if row is not None else None


async def pending(db: Database, game_id: int | None = None) -> list[OutboxRow]:
    """Undelivered notifications in commit order, for one game or all."""
    where, params = ("AND game_id = ?", (game_id,)) if game_id is not None else ("", ())
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM outbox WHERE delivered_at IS NULL {where} ORDER BY id",
        params,
    )
    return [_row(r) for r in rows]


async def positions(db: Database, game_id: int, *, after: int, upto: int, turn: int | None = None) -> list[OutboxRow]:
    """The rows of positions ``after < version <= upto`` (of one turn, if given), with the clock news among
    them, in order."""
    where, params = ("AND turn = ?", (turn,)) if turn is not None else ("", ())
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM outbox WHERE game_id = ? AND kind IN ('started', 'moved', 'clock') "
        f"AND version > ? AND version <= ? {where} ORDER BY id",
        (game_id, after, upto, *params),
    )
    return [_row(r) for r in rows]


async def mark_delivered(db: Database, outbox_ids: Sequence[int] | int, now: float) -> None:
    ids = [outbox_ids] if isinstance(outbox_ids, int) else list(outbox_ids)
    if ids:
        marks = ", ".join("?" for _ in ids)
        await db.write(f"UPDATE outbox SET delivered_at = ? WHERE id IN ({marks})", (now, *ids))


async def newest_id(db: Database) -> int:
    """The id of the newest notification of any game (0 before the first): it grows with every commit, so
    watching it is how another process learns that something happened, cheaply (the primary key's end)."""
    row = await db.fetchone("SELECT MAX(id) AS id FROM outbox")
    return int(row["id"]) if row is not None and row["id"] is not None else 0


async def games_since(db: Database, after_id: int) -> list[int]:
    """The games with a notification newer than ``after_id``."""
    rows = await db.fetchall("SELECT DISTINCT game_id FROM outbox WHERE id > ?", (after_id,))
    return [int(r["game_id"]) for r in rows]


def _row(r: Row) -> OutboxRow:
    return OutboxRow(r["id"], r["game_id"], r["version"], r["kind"], json.loads(r["payload"]), r["turn"])
