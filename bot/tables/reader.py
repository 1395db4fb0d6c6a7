"""Tables read from the store: the engine state loaded from the snapshot, the deadlines of timed games.

Each game's newest position read or committed here is remembered (its seats and engine state): a game's
version names one snapshot for good (a move commits only over the version it read, in any process), and
once a game has started its seats change only with a move (a forfeit), so the next read of the same
version and status takes one statement and parses nothing. The row itself is always read: whatever the
row says (a newer version committed by another process, a thread, the status) wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot import games
from bot.errors import GameNotFound
from bot.statuses import OPEN_TABLES, TableStatus
from bot.store import games as game_sql
from bot.store import timers as timer_sql
from bot.store.db import Database, Row
from bot.store.games import GameRow, SeatRow
from bot.store.servers import pages_allowed_where
from bot.tables.model import Player, Table
from bot.timecontrol import TimeControl

KNOWN_GAMES = 500  # positions remembered (the games in play at once under load fit)


@dataclass(frozen=True)
class _Known:
    version: int
    status: TableStatus
    seats: tuple[SeatRow, ...]
    state: Any


class TableReader:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._known: dict[int, _Known] = {}  # game id -> its newest position seen here, oldest first

    async def get(self, game_id: int) -> Table:
        row = await game_sql.fetch_game_columns(self.db, game_id)
        if row is None:
            raise GameNotFound(game_id)
        known = self._known_for(row)
        if known is not None:
            return await self._table(game_sql.game_row(row, known.seats, snapshot=False), known.state)
        return await self._table(game_sql.game_row(row, await game_sql.fetch_seats(self.db, game_id)))

    def remember(self, table: Table) -> None:
        """A position committed here (built from what was committed, not read back)."""
        if table.status == TableStatus.LOBBY:
            return
        seats = tuple(SeatRow(p.slot, p.user_id, p.name, p.ai_level, p.seat, p.forfeited, p.dropped)
                      for p in table.players)
        self._known.pop(table.id, None)
        self._known[table.id] = _Known(table.version, table.status, seats, table.state)
        if len(self._known) > KNOWN_GAMES:
            del self._known[next(iter(self._known))]

    def _known_for(self, row: Row) -> _Known | None:
        known = self._known.get(row["id"])
        if known is None or known.version != row["version"] or known.status != row["status"]:
            return None
        return known

    async def deadlines(self, game_id: int, status: TableStatus, time_control: TimeControl) -> dict[int, float]:
        """Seat -> when its time runs out, for the seats to act of a running timed game."""
        deadlines: dict[int, float] = {}
        if status == TableStatus.RUNNING and time_control.timed:
            for timer in await timer_sql.pending_for_game(self.db, game_id):
                if timer.kind == "deadline" and timer.seat is not None:
                    deadlines[timer.seat] = timer.due_at
        return deadlines

    async def list_guild(self, guild_id: int, statuses: Sequence[TableStatus] = OPEN_TABLES) -> list[Table]:
        marks = ", ".join("?" for _ in statuses)
        rows = await game_sql.fetch_games(
            self.db, f"guild_id = ? AND status IN ({marks})", (guild_id, *statuses)
        )
        return [await self._table(row) for row in rows]

    async def latest_finished(self, guild_id: int, limit: int) -> list[Table]:
        """The server's ``limit`` most recently finished games, the newest first."""
        rows = await game_sql.fetch_games(self.db, "guild_id = ? AND status = ?", (guild_id, TableStatus.FINISHED),
                                          limit, newest_first=True)
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

    async def list_shown(self, statuses: Sequence[TableStatus], limit: int, user_id: int | None = None) -> list[Table]:
        """Games of servers that allowed web pages (of one player, if given), the latest changed first."""
        marks = ", ".join("?" for _ in statuses)
        where = f"status IN ({marks}) AND {pages_allowed_where()}"
        params: tuple[object, ...] = tuple(statuses)
        if user_id is not None:
            where, params = where + " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)", (*params, user_id)
        rows = await game_sql.fetch_games(self.db, where, params, limit, newest_first=True)
        return [await self._table(row) for row in rows]

    async def all_running(self) -> list[Table]:
        rows = await game_sql.fetch_games(self.db, "status = ?", (TableStatus.RUNNING,), limit=100_000)
        return [await self._table(row) for row in rows]

    async def _table(self, row: GameRow, state: Any = None) -> Table:
        if state is None and row.snapshot is not None:
            state = games.get(row.key).load(row.snapshot)
        time_control = TimeControl.from_dict(row.time_control)
        table = Table(
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
            players=tuple(Player(s.slot, s.user_id, s.name, s.ai_level, s.seat, s.forfeited, s.dropped)
                          for s in row.seats),
            state=state,
            updated_at=row.updated_at,
            time_control=time_control,
            timeout_policy=row.timeout_policy,
            vacation_allowed=row.vacation_allowed,
            deadlines=await self.deadlines(row.id, row.status, time_control),
            language=row.language,
            take_backs=row.take_backs,
        )
        self.remember(table)
        return table
