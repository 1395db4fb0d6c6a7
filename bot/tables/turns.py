"""Seats' turns inside a move's transaction: a turn that ends spends the seat's time bank, a turn that
begins gets its deadline and reminders."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.store import timers as timer_sql
from bot.store import users as user_sql
from bot.store.db import Connection, Database
from bot.tables.model import Table
from bot.timecontrol import DAY, vacation_overlap

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
    conn: Connection,
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
    # Only a time bank carries from turn to turn: under any other control every seat's bank stays empty.
    clocks = await timer_sql.seat_clocks(conn, table.id) if control.kind == "bank" else {}
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
