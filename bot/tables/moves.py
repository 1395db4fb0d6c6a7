"""Committing moves: one transaction per move, version-checked, with the seats' turn clocks, the result and
the outbox row; then every forced move that follows. Callers hold the game's lock (``GameLocks``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.errors import StaleVersion
from bot.games.base import Event
from bot.locks import Locks
from bot.results import record_results
from bot.statuses import TableStatus
from bot.store import games as game_sql
from bot.store import outbox as outbox_sql
from bot.store import timers as timer_sql
from bot.store.db import Database
from bot.tables.model import MoveOutcome, Table, opens_turn
from bot.tables.reader import TableReader
from bot.tables.replay import TAKE_BACK_ACTION, take_back_event
from bot.tables.turns import seat_vacations, update_turns


class GameLocks(Locks):
    """One lock per game: whatever reads a table to change it (a click, a computer, a timer) holds it, so
    moves of one game are made one at a time, in this process and across processes sharing a PostgreSQL
    database (the version check stays, for anything that reads outside the lock)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db, "game")


class MoveCommitter:
    def __init__(
        self, db: Database, reader: TableReader, clock: Callable[[], float], timers_changed: Callable[[], None]
    ) -> None:
        self.db = db
        self.reader = reader
        self.clock = clock
        self.timers_changed = timers_changed

    async def commit(
        self,
        table: Table,
        seat: int,
        kind: str,
        action: dict[str, Any],
        *,
        timeout: str | None = None,
        fired_timer: int | None = None,
        dropped: bool = False,
    ) -> MoveOutcome:
        """Commit one move, then every forced one that follows it (a pass that is the seat's only choice,
        visibly so): each is a move of the log like any other, written by the service instead of a click."""
        state, events = _applied(table, seat, kind, action)
        outcome = await self._write(table, seat, kind, action, state, events, timeout=timeout, fired_timer=fired_timer,
                                    dropped=dropped)
        latest = outcome.table
        for _ in range(10_000):  # a forced move always advances the game; the bound only guards a bug
            forced = _forced(latest)
            if forced is None:
                break
            state, events = _applied(latest, forced[0], "action", forced[1])
            latest = (await self._write(latest, forced[0], "action", forced[1], state, events, forced=True)).table
        return replace(outcome, table=latest)

    async def take_back(self, table: Table, seat: int, restored: Any) -> MoveOutcome:
        """Commit a take-back: the position ``restored`` (the one before the seat's last move, which the
        caller checked may be taken back), logged as the action ``{"take_back": true}`` with one public event."""
        return await self._write(table, seat, "action", dict(TAKE_BACK_ACTION), restored, [take_back_event(seat)])

    async def _write(
        self,
        table: Table,
        seat: int,
        kind: str,
        action: dict[str, Any],
        state: Any,
        events: list[Event],
        *,
        timeout: str | None = None,
        forced: bool = False,
        fired_timer: int | None = None,
        dropped: bool = False,
    ) -> MoveOutcome:
        game = table.game
        over = game.is_over(state)
        now = self.clock()
        before = game.to_act(table.state)
        after = frozenset() if over else game.to_act(state)
        payload: dict[str, Any] = {
            "seat": seat,
            "events": [event.to_dict() for event in events],
            "newly_to_act": sorted(frozenset() if over else game.newly_waiting(table.state, state, seat)),
        }
        if timeout:
            payload["timeout"] = timeout
        if forced:
            payload["forced"] = True
        if dropped:  # a tournament drop: told as such (the log keeps the resignation)
            payload["dropped"] = True
        if over:
            payload["over"] = True
        vacations = await seat_vacations(self.db, table, before - after)
        async with self.db.tx() as conn:
            ok = await game_sql.commit_move(
                conn,
                game_id=table.id,
                expected_version=table.version,
                seat=seat,
                kind=kind,
                action=action,
                snapshot=game.dump(state),
                status=TableStatus.FINISHED if over else TableStatus.RUNNING,
                result=game.result(state).to_dict() if over else None,
                now=now,
            )
            if not ok:  # another process moved first: the version check keeps this from applying twice
                raise StaleVersion()
            if fired_timer is not None and not await timer_sql.mark_fired(conn, fired_timer, now):
                raise StaleVersion()  # the deadline fired already: this timeout move is not made (rolled back)
            if timeout == "forfeit":
                await timer_sql.set_forfeited(conn, table.id, seat)
            if dropped:
                await game_sql.set_dropped(conn, table.id, seat)
            await update_turns(conn, table, before, after, table.version + 1, now, vacations)
            if over:
                await timer_sql.cancel_game(conn, table.id, now)
                await record_results(conn, table, game.result(state), now)
            turn: int | None = table.version + 1
            if not opens_turn(game, table.state, state):
                turn = await outbox_sql.current_turn(conn, table.id)
            await outbox_sql.add(conn, table.id, table.version + 1, "moved", payload, now, turn=turn)
        if after - before:
            self.timers_changed()
        committed = await self._committed(table, seat, state, over, now, timeout, dropped)
        return MoveOutcome(committed, tuple(events), seat)

    async def _committed(
        self, table: Table, seat: int, state: Any, over: bool, now: float, timeout: str | None, dropped: bool
    ) -> Table:
        """The table as just committed (still under the game's lock), built from what was written rather
        than read back: only the deadlines, which the turn clocks set, are read."""
        status = TableStatus.FINISHED if over else TableStatus.RUNNING
        players = table.players
        if timeout == "forfeit":
            players = tuple(replace(p, forfeited=True) if p.seat == seat else p for p in players)
        if dropped:
            players = tuple(replace(p, dropped=True) if p.seat == seat else p for p in players)
        committed = replace(
            table, version=table.version + 1, state=state, status=status, updated_at=now, players=players,
            deadlines=await self.reader.deadlines(table.id, status, table.time_control),
        )
        self.reader.remember(committed)
        return committed


def _applied(table: Table, seat: int, kind: str, action: dict[str, Any]) -> tuple[Any, list[Event]]:
    """The move made on the table's state; raises IllegalAction (nothing is written then)."""
    if kind == "resign":
        return table.game.resign(table.state, seat, timed_out=bool(action.get("timed_out")))
    return table.game.apply(table.state, seat, action)


def _forced(table: Table) -> tuple[int, dict[str, Any]] | None:
    if table.status != TableStatus.RUNNING:
        return None
    for seat in sorted(table.to_act()):
        action = table.game.forced_action(table.state, seat)
        if action is not None:
            return seat, dict(action)
    return None
