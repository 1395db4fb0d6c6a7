"""The Timekeeper: due timers handled with the table's timeout policy (reminders, deadlines, thread upkeep),
and deadlines moved when a player's vacation begins, changes or ends.

It works through the same lock, commit and delivery as a click, so a timeout move is a move like any other.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot import i18n
from bot.errors import StaleVersion
from bot.statuses import TableStatus
from bot.store import outbox as outbox_sql
from bot.store import timers as timer_sql
from bot.store import users as user_sql
from bot.store.db import Database
from bot.store.timers import TimerRow
from bot.tables.ai_runner import ComputerPlayers
from bot.tables.delivery import Delivery
from bot.tables.model import Table
from bot.tables.moves import GameLocks, MoveCommitter
from bot.tables.reader import TableReader
from bot.tables.turns import UPKEEP_INTERVAL
from bot.timecontrol import quiet_until, vacation_overlap


class Timekeeper:
    def __init__(
        self,
        db: Database,
        *,
        clock: Callable[[], float],
        reader: TableReader,
        locks: GameLocks,
        moves: MoveCommitter,
        delivery: Delivery,
        computers: ComputerPlayers,
        timers_changed: Callable[[], None],
    ) -> None:
        self.db = db
        self.clock = clock
        self.reader = reader
        self.locks = locks
        self.moves = moves
        self.delivery = delivery
        self.computers = computers
        self.timers_changed = timers_changed

    async def fire(self, timer: TimerRow) -> None:
        """Handle one due timer (called by the dispatcher). It fires once: it is marked fired in the same
        transaction as its effect, or postponed (quiet hours, vacation) without effect."""
        async with self.locks(timer.game_id):
            table = await self.reader.get(timer.game_id)
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
        await self.delivery.deliver(timer.game_id)
        self.computers.kick(await self.reader.get(timer.game_id))

    async def user_clocks_changed(self, user_id: int) -> None:
        """A user's vacation began, changed or ended: the deadlines of their turns move to when their time
        really runs out, and each table waiting for them says so on its board with the new deadline.
        Its reminders move with the deadline, each to the moment the seat's clock reaches it."""
        now = self.clock()
        for table in await self.reader.list_user(user_id, statuses=(TableStatus.RUNNING,)):
            seat = table.seat_of(user_id)
            if seat is None or seat not in table.to_act() or not table.vacation_allowed:
                continue
            timers = [t for t in await timer_sql.pending_for_game(self.db, table.id)
                      if t.kind == "deadline" and t.seat == seat]
            if not timers:
                continue
            async with self.locks(table.id):
                due = await self.reschedule(table, timers[0], now)
                for reminder, moment in await self._reminder_moments(table, seat, now):
                    async with self.db.tx() as conn:
                        await timer_sql.postpone(conn, reminder.id, moment)
                settings = await user_sql.settings(self.db, user_id)
                away = settings.vacation_until if settings.on_vacation(now) else None
                async with self.db.tx() as conn:
                    turn = await outbox_sql.current_turn(conn, table.id)
                    payload = {"seat": seat, "events": [], "away_until": away, "due": due}
                    await outbox_sql.add(conn, table.id, table.version, "clock", payload, now, turn=turn)
            await self.delivery.deliver(table.id)
        self.timers_changed()

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

    async def _reminder_moments(self, table: Table, seat: int, now: float) -> list[tuple[TimerRow, float]]:
        """The seat's pending reminders, each with when the seat's clock really reaches its point of the turn
        (vacations pause the clock, so a reminder set at the turn's start may be early). Reminders go out in
        order, so the pending ones are the turn's last points."""
        pending = sorted((t for t in await timer_sql.pending_for_game(self.db, table.id)
                          if t.kind == "reminder" and t.seat == seat), key=lambda t: (t.due_at, t.id))
        if not pending:
            return []
        async with self.db.read() as conn:
            clock = (await timer_sql.seat_clocks(conn, table.id))[seat]
        points = table.time_control.reminder_offsets(table.time_control.turn_allowance(clock.bank))
        moments = await self._moments(table, seat, now, points[len(points) - len(pending):])
        return list(zip(pending, moments, strict=False))

    async def _remind(self, table: Table, timer: TimerRow, now: float) -> None:
        assert timer.seat is not None
        if table.vacation_allowed:
            moment = dict((t.id, m) for t, m in await self._reminder_moments(table, timer.seat, now)).get(timer.id)
            if moment is not None and moment > now + 1:  # the clock stood still on vacation: not its moment yet
                async with self.db.tx() as conn:
                    await timer_sql.postpone(conn, timer.id, moment)
                return
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
        return (await self._moments(table, seat, now, [None]))[0]

    async def _moments(self, table: Table, seat: int, now: float, points: Sequence[float | None]) -> list[float]:
        """When the seat's clock reaches each of ``points`` seconds of its turn (None: its whole allowance),
        its clock and vacations read once."""
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
        allowance = table.time_control.turn_allowance(clock.bank)
        found = []
        for point in points:
            left = (allowance if point is None else point) - used
            if on_vacation_until is not None:
                found.append(on_vacation_until + max(left, 0.0))
            else:
                found.append(now + left if left > 0.5 else now)
        return found

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
            self.timers_changed()
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
            # Logged as a resignation that ran out of time: a replay tells it the same way.
            await self.moves.commit(table, seat, "resign", {"timed_out": True}, timeout="forfeit", fired_timer=timer_id)
            return
        turn = table.version
        fired: int | None = timer_id
        while table.status == TableStatus.RUNNING and seat in table.to_act():
            game = table.game
            action = game.timeout_action(table.state, seat) if policy == "skip" else None
            if action is None:  # "ai", or no move exists that is blind to the seat's hidden cards
                rng = random.Random(f"timeout:{table.seed}:{table.version}:{seat}")
                with i18n.speaking(table.language):  # a computer's words (an offer's note) are public
                    action = game.choose_action(
                        game.view(table.state, seat), game.legal_actions(table.state, seat), rng, "easy"
                    )
            outcome = await self.moves.commit(table, seat, "action", action, timeout=policy, fired_timer=fired)
            table, fired = outcome.table, None
            if table.version - turn > 500:  # a turn never needs this many moves: refuse to spin
                raise RuntimeError(f"timeout of seat {seat} in game {table.id} does not end the turn")
