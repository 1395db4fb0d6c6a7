"""SQL for games, seats and the move log. Rows come back as small frozen dataclasses."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.statuses import TableStatus
from bot.store.db import Connection, Database, Row


@dataclass(frozen=True)
class SeatRow:
    slot: int
    user_id: int | None
    name: str
    ai_level: str | None
    seat: int | None
    forfeited: bool = False


@dataclass(frozen=True)
class GameRow:
    id: int
    key: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    creator_id: int
    status: TableStatus
    seat_count: int
    options: dict[str, Any]
    seed: int
    version: int
    snapshot: dict[str, Any] | None
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]
    time_control: dict[str, Any]
    timeout_policy: str
    vacation_allowed: bool
    language: str = "en"
    take_backs: bool = True


@dataclass(frozen=True)
class MoveRow:
    seq: int
    seat: int
    kind: str
    action: dict[str, Any]
    created_at: float


_GAME_COLUMNS = (
    "id, key, guild_id, channel_id, thread_id, lobby_message_id, creator_id, status, seat_count, "
    "options, seed, version, snapshot, result, created_at, updated_at, time_control, timeout_policy, vacation_allowed, "
    "language, take_backs"
)
_SEAT_QUERY = "SELECT slot, user_id, name, ai_level, seat, forfeited FROM seats WHERE game_id = ? ORDER BY slot"


async def insert_game(
    conn: Connection,
    *,
    key: str,
    guild_id: int | None,
    channel_id: int | None,
    creator_id: int,
    seat_count: int,
    options: dict[str, Any],
    seed: int,
    now: float,
    time_control: dict[str, Any] | None = None,
    timeout_policy: str = "ai",
    vacation_allowed: bool = True,
    language: str = "en",
    take_backs: bool = True,
) -> int:
    cursor = await conn.execute(
        """
        INSERT INTO games (key, guild_id, channel_id, creator_id, status, seat_count, options, seed,
                           created_at, updated_at, time_control, timeout_policy, vacation_allowed, language,
                           take_backs)
        VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        RETURNING id
        """,
        (
            key, guild_id, channel_id, creator_id, seat_count, json.dumps(options), seed, now, now,
            json.dumps(time_control or {"kind": "none"}), timeout_policy, int(vacation_allowed), language,
            int(take_backs),
        ),
    )
    row = await cursor.fetchone()
    assert row is not None  # RETURNING gives the one row inserted
    return int(row["id"])


async def insert_seat(
    conn: Connection, game_id: int, user_id: int | None, name: str, ai_level: str | None
) -> None:
    await conn.execute(
        """
        INSERT INTO seats (game_id, slot, user_id, name, ai_level)
        VALUES (?, (SELECT COALESCE(MAX(slot), -1) + 1 FROM seats WHERE game_id = ?), ?, ?, ?)
        """,
        (game_id, game_id, user_id, name, ai_level),
    )


async def delete_seat(conn: Connection, game_id: int, slot: int) -> None:
    await conn.execute("DELETE FROM seats WHERE game_id = ? AND slot = ?", (game_id, slot))


async def assign_seat(conn: Connection, game_id: int, slot: int, seat: int) -> None:
    await conn.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND slot = ?", (seat, game_id, slot))


async def set_columns(conn: Connection, game_id: int, now: float, **columns: Any) -> None:
    """Update plain columns of one game (names come from our code, never from users)."""
    allowed = {"thread_id", "lobby_message_id", "status", "snapshot", "result", "channel_id"}
    if not columns or not set(columns) <= allowed:
        raise ValueError(f"cannot set columns {sorted(columns)}")
    assignments = ", ".join(f"{name} = ?" for name in columns)
    values = [json.dumps(v) if isinstance(v, dict) else v for v in columns.values()]
    await conn.execute(
        f"UPDATE games SET {assignments}, updated_at = ? WHERE id = ?", (*values, now, game_id)
    )


async def commit_move(
    conn: Connection,
    *,
    game_id: int,
    expected_version: int,
    seat: int,
    kind: str,
    action: dict[str, Any],
    snapshot: dict[str, Any],
    status: TableStatus,
    result: Mapping[str, object] | None,
    now: float,
) -> bool:
    """Append the move and bump the snapshot only if nobody else moved first (the version check)."""
    cursor = await conn.execute(
        """
        UPDATE games SET version = version + 1, snapshot = ?, status = ?, result = ?, updated_at = ?
        WHERE id = ? AND version = ? AND status = 'running'
        """,
        (json.dumps(snapshot), status, json.dumps(result) if result else None, now, game_id, expected_version),
    )
    if cursor.rowcount != 1:
        return False
    await conn.execute(
        "INSERT INTO moves (game_id, seq, seat, kind, action, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, expected_version + 1, seat, kind, json.dumps(action), now),
    )
    return True


async def fetch_game(db: Database, game_id: int) -> GameRow | None:
    row = await fetch_game_columns(db, game_id)
    if row is None:
        return None
    return game_row(row, await fetch_seats(db, game_id))


async def fetch_game_columns(db: Database, game_id: int) -> Row | None:
    """The game's own row, without its seats (``game_row`` makes a GameRow of it)."""
    return await db.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))


async def fetch_seats(db: Database, game_id: int) -> tuple[SeatRow, ...]:
    return _seat_rows(await db.fetchall(_SEAT_QUERY, (game_id,)))


async def fetch_games(
    db: Database, where: str, params: tuple[Any, ...], limit: int = 100, *, newest_first: bool = False
) -> list[GameRow]:
    """Games matching a WHERE clause written in our code (params carry every user value), the least recently
    changed first (or the most recently, ``newest_first``)."""
    order = "DESC" if newest_first else "ASC"
    rows = await db.fetchall(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY updated_at {order} LIMIT ?", (*params, limit)
    )
    games = []
    for row in rows:
        games.append(game_row(row, await fetch_seats(db, row["id"])))
    return games


async def fetch_moves(db: Database, game_id: int) -> list[MoveRow]:
    rows = await db.fetchall(
        "SELECT seq, seat, kind, action, created_at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return [MoveRow(r["seq"], r["seat"], r["kind"], json.loads(r["action"]), r["created_at"]) for r in rows]


def game_row(row: Row, seats: tuple[SeatRow, ...], *, snapshot: bool = True) -> GameRow:
    """A GameRow of the game's columns and its seats; without parsing the snapshot (left None) when the
    caller has the state already."""
    return GameRow(
        id=row["id"],
        key=row["key"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        lobby_message_id=row["lobby_message_id"],
        creator_id=row["creator_id"],
        status=TableStatus(row["status"]),
        seat_count=row["seat_count"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        version=row["version"],
        snapshot=json.loads(row["snapshot"]) if snapshot and row["snapshot"] else None,
        result=json.loads(row["result"]) if row["result"] else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        seats=seats,
        time_control=json.loads(row["time_control"]),
        timeout_policy=row["timeout_policy"],
        vacation_allowed=bool(row["vacation_allowed"]),
        language=row["language"],
        take_backs=bool(row["take_backs"]),
    )


def _seat_rows(seats: list[Row]) -> tuple[SeatRow, ...]:
    return tuple(
        SeatRow(s["slot"], s["user_id"], s["name"], s["ai_level"], s["seat"], bool(s["forfeited"])) for s in seats
    )
