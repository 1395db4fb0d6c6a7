"""The services of one bot process, opened on one database and closed with it: tables, tournaments,
players, server settings, what the web pages read, and the timer dispatcher that fires the tables' deadlines
(not started here)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.clock import TimerDispatcher
from bot.config import StartupError
from bot.pacing import LocalSlots, SharedSlots, Slots
from bot.pages import PageService
from bot.players import PlayerService
from bot.servers import ServerService
from bot.store import pacing as pacing_sql
from bot.store.db import Database, DatabaseUnavailable
from bot.tables import Notifier, TableService
from bot.tournaments.service import TournamentNotifier, TournamentService

SHARED_POLL = 5.0  # seconds between looks for due timers and unsent notifications, on a shared database


@dataclass(frozen=True)
class Services:
    db: Database
    tables: TableService
    tournaments: TournamentService
    players: PlayerService
    servers: ServerService
    timers: TimerDispatcher
    pages: PageService

    @classmethod
    async def open(
        cls,
        database: str | Path,
        *,
        notifier: Notifier | None = None,
        tournament_notifier: TournamentNotifier | None = None,
        ai_delay: float = 0.0,
    ) -> Services:
        """``database``: a SQLite file, or a PostgreSQL address (DATABASE_URL). Raises StartupError (one
        sentence, never a password) when the database cannot be reached, opened or written."""
        try:
            db = await Database.open(database)
        except DatabaseUnavailable as error:
            raise StartupError(str(error)) from None
        tables = TableService(db, notifier, ai_delay=ai_delay)
        if db.dialect == "postgres":
            # Other processes add timers without waking ours, and one may die with notifications unsent: look
            # every few seconds, and send what is still pending (claimed per game: each goes out once).
            timers = TimerDispatcher(db, tables.fire_timer, max_sleep=SHARED_POLL, sweep=tables.delivery.deliver_all)
        else:
            timers = TimerDispatcher(db, tables.fire_timer)
        tables.on_timers_changed = timers.wake
        tournaments = TournamentService(db, tables, tournament_notifier)
        players = PlayerService(db, tables)
        await players.load_languages()
        servers = ServerService(db)
        return cls(db, tables, tournaments, players, servers, timers, PageService(db, tables, tournaments, servers))

    def request_slots(self, rate: float, share: float) -> Slots:
        """Where this process's counted requests to Discord get their slots (bot/pacing.py): on a shared
        database (PostgreSQL) the budget every process of the bot draws on, ``rate`` a second in all, with
        this process's ``share`` of it while the database cannot answer; else this process's own."""
        if self.db.shared:
            interval = 1.0 / rate
            return SharedSlots(lambda: pacing_sql.reserve(self.db, interval), interval, LocalSlots(rate * share))
        return LocalSlots(rate)

    async def close(self) -> None:
        await self.tables.delivery.close()
        await self.db.close()
