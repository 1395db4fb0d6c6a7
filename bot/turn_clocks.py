"""Turn clocks: starting and ending seats' turns inside a move's transaction (deadlines, reminders, time
banks), and the Timekeeper that handles due timers with the table's timeout policy."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import aiosqlite

from bot.errors import StaleVersion
from bot.statuses import TableStatus
from bot.store import outbox as outbox_sql
from bot.store import timers as timer_sql
from bot.store import users as user_sql
from bot.store.db import Database
from bot.store.timers import TimerRow
from bot.timecontrol import DAY, quiet_until, vacation_overlap

if TYPE_CHECKING:
    from bot.tables import Table, TableService

# Discord archives a quiet thread after 7 days at most: touch running games' threads more often than that.
UPKEEP_INTERVAL = 6 * DAY


async def seat_vacations(db: Database, table: Table, seats: Iterable[int]) -> dict[int, list[tuple[float, float]]]:
    """Vacation periods of the people in ``seats`` (they pause clocks when the table allows it)."""
    if not table.vacation_allowed or not table.time_control.timed:
        return {}
    found = {}
    for seat in seats:
        user = table.player_at(seat).user_id
        if user is not None:
            found[seat] = (await user_sql.settings(db, user)).vacations()
    return found


async def update_turns(
    conn: aiosqlite.Connection,
    table: Table,
    before: frozenset[int],
    after: frozenset[int],
    version: int,
    now: float,
    vacations: Mapping[int, list[tuple[float, float]]],
) -> None:
    """End the turns of seats that no longer must act (spending their time bank) and start the turns of
    those that now must, with their deadline and reminders. Runs inside the move's transaction."""
    control = table.time_control
    clocks = await timer_sql.seat_clocks(conn, table.id)
    for seat in sorted(before - after):
        clock = clocks.get(seat)
        await timer_sql.cancel_seat(conn, table.id, seat, now)
        bank = clock.bank if clock else None
        if clock and clock.turn_started_at is not None:
            used = now - clock.turn_started_at
            used -= vacation_overlap(clock.turn_started_at, now, vacations.get(seat, []))
            bank = control.bank_after_turn(clock.bank, used)
        await timer_sql.end_turn(conn, table.id, seat, bank)
    for seat in sorted(after - before):
        await timer_sql.start_turn(conn, table.id, seat, now, version)
        if not control.timed or table.player_at(seat).is_ai:
            continue
        clock = clocks.get(seat)
        allowance = control.turn_allowance(clock.bank if clock else None)
        await timer_sql.add(conn, table.id, "deadline", seat, version, now + allowance)
        for offset in control.reminder_offsets(allowance):
            await timer_sql.add(conn, table.id, "reminder", seat, version, now + offset)


class Timekeeper:
    """Handles due timers for the table service: reminders, deadlines and the timeout policies. It works
    through the service's own lock, commit and delivery, so a timeout move is a move like any other."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.db = service.db
        self.clock = service.clock

    async def fire(self, timer: TimerRow) -> None:
        """Handle one due timer (called by the dispatcher). It fires once: it is marked fired in the same
        transaction as its effect, or postponed (quiet hours, vacation) without effect."""
        async with self.service._lock(timer.game_id):
            table = await self.service.get(timer.game_id)
            now = self.clock()
            if timer.kind == "upkeep":
                await self._upkeep(table, timer, now)
            elif not await self._turn_timer_is_live(table, timer):
                async with self.db.tx() as conn:
                    await timer_sql.mark_fired(conn, timer.id, now)
                return
            elif timer.kind == "reminder":
                await self._remind(table, timer, now)
            else:
                await self._deadline(table, timer, now)
        await self.service._deliver(timer.game_id)
        self.service._kick_ai(await self.service.get(timer.game_id))

    async def _turn_timer_is_live(self, table: Table, timer: TimerRow) -> bool:
        if table.status != TableStatus.RUNNING or timer.seat is None or timer.seat not in table.to_act():
            return False
        async with self.db.read() as conn:
            clock = (await timer_sql.seat_clocks(conn, table.id)).get(timer.seat)
        return clock is not None and clock.turn_version == timer.version

    async def _upkeep(self, table: Table, timer: TimerRow, now: float) -> None:
        async with self.db.tx() as conn:
            if not await timer_sql.mark_fired(conn, timer.id, now) or table.status != TableStatus.RUNNING:
                return
            await timer_sql.add(conn, table.id, "upkeep", None, table.version, now + UPKEEP_INTERVAL)
            await outbox_sql.add(conn, table.id, table.version, "upkeep", {"seat": None, "events": []}, now)

    async def _remind(self, table: Table, timer: TimerRow, now: float) -> None:
        assert timer.seat is not None
        user = table.player_at(timer.seat).user_id
        settings = await user_sql.settings(self.db, user) if user is not None else None
        wait_until = None
        away = False  # on vacation: the deadline moves on with the vacation, so the reminder always waits
        if settings is not None:
            if table.vacation_allowed and settings.on_vacation(now):
                wait_until, away = settings.vacation_until, True
            else:
                wait_until = quiet_until(now, settings.time_zone, settings.quiet_start, settings.quiet_end)
        deadline = table.deadlines.get(timer.seat)
        async with self.db.tx() as conn:
            if wait_until is not None and (away or deadline is None or wait_until < deadline):
                await timer_sql.postpone(conn, timer.id, wait_until)  # reminders wait out quiet hours
                return
            if not await timer_sql.mark_fired(conn, timer.id, now) or wait_until is not None:
                return  # quiet (or away) until after the deadline: this reminder would come too late
            payload = {"seat": timer.seat, "events": [], "deadline": deadline}
            await outbox_sql.add(conn, table.id, table.version, "reminder", payload, now)

    async def due_at(self, table: Table, seat: int, now: float) -> float:
        """When the seat's time really runs out: its allowance, less the time used off vacation, counted
        from now or from the end of a vacation in progress (clocks pause on vacation)."""
        async with self.db.read() as conn:
            clock = (await timer_sql.seat_clocks(conn, table.id))[seat]
        user = table.player_at(seat).user_id
        vacations: list[tuple[float, float]] = []
        on_vacation_until = None
        if table.vacation_allowed and user is not None:
            settings = await user_sql.settings(self.db, user)
            vacations = settings.vacations()
            if settings.on_vacation(now):
                on_vacation_until = settings.vacation_until
        started = clock.turn_started_at if clock.turn_started_at is not None else now
        used = now - started - vacation_overlap(started, now, vacations)
        left = table.time_control.turn_allowance(clock.bank) - used
        if on_vacation_until is not None:
            return on_vacation_until + max(left, 0.0)
        return now + left if left > 0.5 else now

    async def reschedule(self, table: Table, timer: TimerRow, now: float) -> float:
        """Move a deadline to when the seat's time really runs out; returns it."""
        due = await self.due_at(table, timer.seat or 0, now)
        async with self.db.tx() as conn:
            await timer_sql.postpone(conn, timer.id, due)
        return due

    async def _deadline(self, table: Table, timer: TimerRow, now: float) -> None:
        assert timer.seat is not None
        seat = timer.seat
        if await self.due_at(table, seat, now) > now:  # time left, or a vacation: the deadline moves on
            await self.reschedule(table, timer, now)
            self.service.on_timers_changed()
            return
        try:
            await self._time_out(table, seat, timer.id)
        except StaleVersion:  # fired already (another process, or a second wake): nothing to do
            return

    async def _time_out(self, table: Table, seat: int, timer_id: int) -> None:
        """The table's policy plays for a seat whose time ran out (the game lock is held). The deadline is
        marked fired in the transaction of the first move it makes: a crash in between fires it again."""
        policy = table.timeout_policy
        if policy == "forfeit":
            await self.service._commit(table, seat, "resign", {}, timeout="forfeit", fired_timer=timer_id)
            return
        turn = table.version
        fired: int | None = timer_id
        while table.status == TableStatus.RUNNING and seat in table.to_act():
            game = table.game
            action = game.timeout_action(table.state, seat) if policy == "skip" else None
            if action is None:  # "ai", or no move exists that is blind to the seat's hidden cards
                rng = random.Random(f"timeout:{table.seed}:{table.version}:{seat}")
                action = game.choose_action(
                    game.view(table.state, seat), game.legal_actions(table.state, seat), rng, "easy"
                )
            outcome = await self.service._commit(table, seat, "action", action, timeout=policy, fired_timer=fired)
            table, fired = outcome.table, None
            if table.version - turn > 500:  # a turn never needs this many moves: refuse to spin
                raise RuntimeError(f"timeout of seat {seat} in game {table.id} does not end the turn")
