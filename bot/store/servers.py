"""SQL for per-server settings: where tables may be opened, the default clock, whether computers may play, and
whether the server's games and tournaments have web pages."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.store.db import Database


@dataclass(frozen=True)
class ServerRow:
    guild_id: int
    channels: tuple[int, ...] = ()  # empty: tables may be opened in any channel
    clock_preset: str | None = None  # None: the bot's default clock
    timeout_policy: str | None = None
    vacations: bool | None = None
    computers: bool = True
    web_pages: bool = False  # read-only web pages of its games and tournaments (off until chosen)


async def fetch(db: Database, guild_id: int) -> ServerRow:
    row = await db.fetchone(
        "SELECT channels, clock_preset, timeout_policy, vacations, computers, web_pages FROM server_settings "
        "WHERE guild_id = ?",
        (guild_id,),
    )
    if row is None:
        return ServerRow(guild_id)
    return ServerRow(
        guild_id=guild_id,
        channels=tuple(int(c) for c in json.loads(row["channels"])),
        clock_preset=row["clock_preset"],
        timeout_policy=row["timeout_policy"],
        vacations=None if row["vacations"] is None else bool(row["vacations"]),
        computers=bool(row["computers"]),
        web_pages=bool(row["web_pages"]),
    )


async def save(db: Database, settings: ServerRow, now: float) -> None:
    async with db.tx() as conn:
        await conn.execute(
            """
            INSERT INTO server_settings (guild_id, channels, clock_preset, timeout_policy, vacations, computers,
                web_pages, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (guild_id) DO UPDATE SET channels = excluded.channels,
                clock_preset = excluded.clock_preset, timeout_policy = excluded.timeout_policy,
                vacations = excluded.vacations, computers = excluded.computers, web_pages = excluded.web_pages,
                updated_at = excluded.updated_at
            """,
            (
                settings.guild_id,
                json.dumps(list(settings.channels)),
                settings.clock_preset,
                settings.timeout_policy,
                None if settings.vacations is None else int(settings.vacations),
                int(settings.computers),
                int(settings.web_pages),
                now,
            ),
        )


def pages_allowed_where(column: str = "guild_id") -> str:
    """The rows (games, tournaments, results) whose server allowed web pages, as a condition on their server
    ``column``: those played without a server (the demo) always have pages."""
    return f"({column} IS NULL OR {column} IN (SELECT guild_id FROM server_settings WHERE web_pages = 1))"


async def pages_allowed(db: Database, guild_id: int | None) -> bool:
    """Whether the games of this server (None: no server) have web pages."""
    if guild_id is None:
        return True
    row = await db.fetchone("SELECT web_pages FROM server_settings WHERE guild_id = ?", (guild_id,))
    return row is not None and bool(row["web_pages"])
