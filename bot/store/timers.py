"""SQL for durable timers and the per-seat clocks they watch."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.db import Connection, Database, Row


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str  # deadline | reminder | upkeep
    seat: int | None
    version: int  # game version at which the seat's turn started (upkeep: when set)
    due_at: float


@dataclass(frozen=True)
class SeatClock:
    seat: int
    bank: float | None
    turn_started_at: float | None
    turn_version: int | None
    forfeited: bool


async def add(
    conn: Connection, game_id: int, kind: str, seat: int | None, version: int, due_at: float
) -> None:
    await conn.execute(
        "INSERT INTO timers (game_id, kind, seat, version, due_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, kind, seat, version, due_at),
    )


async def cancel_seat(conn: Connection, game_id: int, seat: int, now: float) -> None:
    """The seat's turn ended: its deadline and reminders will never be needed."""
    await conn.execute(
        "UPDATE timers SET fired_at = ? WHERE game_id = ? AND seat = ? AND fired_at IS NULL AND kind != 'upkeep'",
        (now, game_id, seat),
    )


async def cancel_game(conn: Connection, game_id: int, now: float) -> None:
    await conn.execute("UPDATE timers SET fired_at = ? WHERE game_id = ? AND fired_at IS NULL", (now, game_id))


async def mark_fired(conn: Connection, timer_id: int, now: float) -> bool:
    """True once: a timer fires at most once, even if two dispatchers race for it."""
    cursor = await conn.execute(
        "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL", (now, timer_id)
    )
    return cursor.rowcount == 1


async def postpone(conn: Connection, timer_id: int, due_at: float) -> None:
    await conn.execute("UPDATE timers SET due_at = ? WHERE id = ? AND fired_at IS NULL", (due_at, timer_id))


async def due(db: Database, now: float, limit: int = 100) -> list[TimerRow]:
    rows = await db.fetchall(
        """
        SELECT id, game_id, kind, seat, version, due_at FROM timers
        WHERE fired_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?
        """,
        (now, limit),
    )
    return [_timer(r) for r in rows]


async def still_due(db: Database, timer_id: int, now: float) -> TimerRow | None:
    """The timer as it is now, if it is still unfired and due."""
    row = await db.fetchone(
        "SELECT id, game_id, kind, seat, version, due_at FROM timers WHERE id = ? AND fired_at IS NULL AND due_at <= ?",
        (timer_id, now),
    )
    return None if row is None else _timer(row)


async def next_due_at(db: Database) -> float | None:
    row = await db.fetchone("SELECT MIN(due_at) FROM timers WHERE fired_at IS NULL")
    return float(row[0]) if row and row[0] is not None else None


async def pending_for_game(db: Database, game_id: int) -> list[TimerRow]:
    rows = await db.fetchall(
        "SELECT id, game_id, kind, seat, version, due_at FROM timers WHERE game_id = ? AND fired_at IS NULL "
        "ORDER BY due_at, id",
        (game_id,),
    )
    return [_timer(r) for r in rows]


async def seat_clocks(conn: Connection, game_id: int) -> dict[int, SeatClock]:
    """Read inside a transaction (or ``db.read()``), with the connection it holds."""
    cursor = await conn.execute(
        "SELECT seat, bank, turn_started_at, turn_version, forfeited FROM seats WHERE game_id = ? AND seat IS NOT NULL",
        (game_id,),
    )
    rows = await cursor.fetchall()
    return {
        r["seat"]: SeatClock(r["seat"], r["bank"], r["turn_started_at"], r["turn_version"], bool(r["forfeited"]))
        for r in rows
    }


async def start_turn(conn: Connection, game_id: int, seat: int, now: float, version: int) -> None:
    await conn.execute(
        "UPDATE seats SET turn_started_at = ?, turn_version = ? WHERE game_id = ? AND seat = ?",
        (now, version, game_id, seat),
    )


async def end_turn(conn: Connection, game_id: int, seat: int, bank: float | None) -> None:
    await conn.execute(
        "UPDATE seats SET turn_started_at = NULL, turn_version = NULL, bank = ? WHERE game_id = ? AND seat = ?",
        (bank, game_id, seat),
    )


async def set_forfeited(conn: Connection, game_id: int, seat: int) -> None:
    await conn.execute("UPDATE seats SET forfeited = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))


def _timer(row: Row) -> TimerRow:
    return TimerRow(row["id"], row["game_id"], row["kind"], row["seat"], row["version"], row["due_at"])
