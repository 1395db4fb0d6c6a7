"""The services of one bot process, opened on one database and closed with it: tables, tournaments,
players, server settings, and the timer dispatcher that fires the tables' deadlines (not started here)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.clock import TimerDispatcher
from bot.config import StartupError
from bot.players import PlayerService
from bot.servers import ServerService
from bot.store.db import Database, DatabaseUnavailable
from bot.tables import Notifier, TableService
from bot.tournaments.service import TournamentNotifier, TournamentService


@dataclass(frozen=True)
class Services:
    db: Database
    tables: TableService
    tournaments: TournamentService
    players: PlayerService
    servers: ServerService
    timers: TimerDispatcher

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        notifier: Notifier | None = None,
        tournament_notifier: TournamentNotifier | None = None,
        ai_delay: float = 0.0,
    ) -> Services:
        """Raises StartupError (one sentence) when the database cannot be opened and written."""
        try:
            db = await Database.open(path)
        except DatabaseUnavailable as error:
            raise StartupError(str(error)) from None
        tables = TableService(db, notifier, ai_delay=ai_delay)
        timers = TimerDispatcher(db, tables.fire_timer)
        tables.on_timers_changed = timers.wake
        tournaments = TournamentService(db, tables, tournament_notifier)
        players = PlayerService(db, tables)
        await players.load_languages()
        return cls(db, tables, tournaments, players, ServerService(db), timers)

    async def close(self) -> None:
        await self.db.close()
