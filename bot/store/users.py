"""SQL for per-user facts and settings: closed DMs (and whether the player was told), their DM channel with the
bot, DM on my turn, quiet hours, vacation, ping before me."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.db import Connection, Database


@dataclass(frozen=True)
class UserSettings:
    user_id: int
    dm_closed: bool = False
    dm_on_turn: bool = True
    ping_before: bool = False
    time_zone: str = "UTC"
    quiet_start: int | None = None  # minute of the day in time_zone
    quiet_end: int | None = None
    vacation_start: float | None = None
    vacation_until: float | None = None
    dm_note_shown: bool = False  # told (once) that their DMs are closed and what to do
    language: str | None = None  # chosen with /me language; None: their Discord client's
    discord_locale: str | None = None  # the Discord locale last seen from them (bot/i18n.py reads both)
    dm_channel_id: int | None = None  # their DM channel with the bot, once opened

    def on_vacation(self, now: float) -> bool:
        return (
            self.vacation_start is not None
            and self.vacation_until is not None
            and self.vacation_start <= now < self.vacation_until
        )

    def vacations(self) -> list[tuple[float, float]]:
        if self.vacation_start is None or self.vacation_until is None:
            return []
        return [(self.vacation_start, self.vacation_until)]


_COLUMNS = (
    "dm_closed, dm_on_turn, ping_before, time_zone, quiet_start, quiet_end, vacation_start, vacation_until, "
    "dm_note_shown, language, discord_locale, dm_channel_id"
)
_SETTABLE = set(_COLUMNS.split(", "))


async def settings(db: Database, user_id: int) -> UserSettings:
    async with db.read() as conn:
        return await _settings(conn, user_id)


async def update(db: Database, user_id: int, now: float, **values: object) -> UserSettings:
    """Set some settings of one user (column names come from our code, never from users)."""
    async with db.tx() as conn:
        await _write(conn, user_id, now, values)
    return await settings(db, user_id)


async def start_vacation(db: Database, user_id: int, now: float, until: float) -> UserSettings:
    """Begin a vacation, or move the end of the one in progress, in one transaction: extending a vacation
    keeps its start (the time already away must stay off the clock)."""
    async with db.tx() as conn:
        await conn.lock(f"user:{user_id}")  # PostgreSQL: no other process's change between read and write
        current = await _settings(conn, user_id)
        begin = now
        if current.on_vacation(now) and current.vacation_start is not None:
            begin = current.vacation_start
        await _write(conn, user_id, now, {"vacation_start": begin, "vacation_until": until})
    return await settings(db, user_id)


async def end_vacation(db: Database, user_id: int, now: float) -> float | None:
    """End the vacation in progress now, in one transaction; returns when it was to end, or None when the
    user is not on vacation. The start stays: the days away still count as paused for the turn in progress."""
    async with db.tx() as conn:
        await conn.lock(f"user:{user_id}")
        current = await _settings(conn, user_id)
        if not current.on_vacation(now):
            return None
        await _write(conn, user_id, now, {"vacation_until": now})
    return current.vacation_until


async def _settings(conn: Connection, user_id: int) -> UserSettings:
    cursor = await conn.execute(f"SELECT {_COLUMNS} FROM users WHERE user_id = ?", (user_id,))
    row = await cursor.fetchone()
    if row is None:
        return UserSettings(user_id)
    return UserSettings(
        user_id=user_id,
        dm_closed=bool(row["dm_closed"]),
        dm_on_turn=bool(row["dm_on_turn"]),
        ping_before=bool(row["ping_before"]),
        time_zone=row["time_zone"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        vacation_start=row["vacation_start"],
        vacation_until=row["vacation_until"],
        dm_note_shown=bool(row["dm_note_shown"]),
        language=row["language"],
        discord_locale=row["discord_locale"],
        dm_channel_id=row["dm_channel_id"],
    )


async def _write(conn: Connection, user_id: int, now: float, values: dict[str, object]) -> None:
    if not values or not set(values) <= _SETTABLE:
        raise ValueError(f"cannot set {sorted(values)}")
    names = list(values)
    await conn.execute(
        f"""
        INSERT INTO users (user_id, updated_at, {", ".join(names)}) VALUES (?, ?, {", ".join("?" for _ in names)})
        ON CONFLICT (user_id) DO UPDATE SET updated_at = excluded.updated_at,
            {", ".join(f"{n} = excluded.{n}" for n in names)}
        """,
        (user_id, now, *values.values()),
    )


async def languages(db: Database) -> dict[int, str]:
    """Every /me language choice: user id -> language code."""
    async with db.read() as conn:
        cursor = await conn.execute("SELECT user_id, language FROM users WHERE language IS NOT NULL")
        return {int(row["user_id"]): str(row["language"]) for row in await cursor.fetchall()}


async def dm_closed(db: Database, user_id: int) -> bool:
    return (await settings(db, user_id)).dm_closed


async def set_dm_closed(db: Database, user_id: int, closed: bool, now: float) -> None:
    await update(db, user_id, now, dm_closed=int(closed))


async def set_dm_channel(db: Database, user_id: int, channel_id: int | None, now: float) -> None:
    await update(db, user_id, now, dm_channel_id=channel_id)


async def claim_dm_note(db: Database, user_id: int, now: float) -> bool:
    """Whether to tell this user now that their DMs are closed: true once (until ``/me dm on`` clears the
    mark), for a user whose turn DMs are on but could not be delivered. One statement, so two Play
    panels opened at once tell it only once."""
    async with db.tx() as conn:
        cursor = await conn.execute(
            """
            UPDATE users SET dm_note_shown = 1, updated_at = ?
            WHERE user_id = ? AND dm_closed = 1 AND dm_on_turn = 1 AND dm_note_shown = 0
            """,
            (now, user_id),
        )
        return cursor.rowcount == 1
