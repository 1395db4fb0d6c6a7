"""Tables read from the store: the engine state loaded from the snapshot, the deadlines of timed games."""

from __future__ import annotations

from collections.abc import Sequence

from bot import games
from bot.errors import GameNotFound
from bot.statuses import OPEN_TABLES, TableStatus
from bot.store import games as game_sql
from bot.store import timers as timer_sql
from bot.store.db import Database
from bot.store.games import GameRow
from bot.tables.model import Player, Table
from bot.timecontrol import TimeControl


class TableReader:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, game_id: int) -> Table:
        row = await game_sql.fetch_game(self.db, game_id)
        if row is None:
            raise GameNotFound(game_id)
        return await self._table(row)

    async def list_guild(self, guild_id: int, statuses: Sequence[TableStatus] = OPEN_TABLES) -> list[Table]:
        marks = ", ".join("?" for _ in statuses)
        rows = await game_sql.fetch_games(
            self.db, f"guild_id = ? AND status IN ({marks})", (guild_id, *statuses)
        )
        return [await self._table(row) for row in rows]

    async def list_user(self, user_id: int, statuses: Sequence[TableStatus] = OPEN_TABLES) -> list[Table]:
        """The user's games, those where they must act first, then the longest-waiting first."""
        marks = ", ".join("?" for _ in statuses)
        rows = await game_sql.fetch_games(
            self.db,
            f"status IN ({marks}) AND id IN (SELECT game_id FROM seats WHERE user_id = ?)",
            (*statuses, user_id),
        )
        tables = [await self._table(row) for row in rows]

        def waiting(table: Table) -> bool:
            seat = table.seat_of(user_id)
            return seat is not None and seat in table.to_act()

        return sorted(tables, key=lambda t: (not waiting(t), t.updated_at))

    async def all_running(self) -> list[Table]:
        rows = await game_sql.fetch_games(self.db, "status = ?", (TableStatus.RUNNING,), limit=100_000)
        return [await self._table(row) for row in rows]

    async def _table(self, row: GameRow) -> Table:
        state = None
        if row.snapshot is not None:
            state = games.get(row.key).load(row.snapshot)
        deadlines: dict[int, float] = {}
        if row.status == TableStatus.RUNNING and row.time_control.get("kind", "none") != "none":
            for timer in await timer_sql.pending_for_game(self.db, row.id):
                if timer.kind == "deadline" and timer.seat is not None:
                    deadlines[timer.seat] = timer.due_at
        return Table(
            id=row.id,
            key=row.key,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            lobby_message_id=row.lobby_message_id,
            creator_id=row.creator_id,
            status=row.status,
            seat_count=row.seat_count,
            options=row.options,
            seed=row.seed,
            version=row.version,
            players=tuple(Player(s.slot, s.user_id, s.name, s.ai_level, s.seat, s.forfeited) for s in row.seats),
            state=state,
            updated_at=row.updated_at,
            time_control=TimeControl.from_dict(row.time_control),
            timeout_policy=row.timeout_policy,
            vacation_allowed=row.vacation_allowed,
            deadlines=deadlines,
            language=row.language,
        )
