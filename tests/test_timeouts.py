"""Asynchronous play with a fake clock: time controls, reminders, timeout policies, vacations, restarts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clock import TimerDispatcher
from bot.store import timers as timer_sql
from bot.store import users as user_sql
from bot.store.db import Database
from bot.tables import Notification, Table, TableService
from bot.timecontrol import DAY, HOUR, TimeControl

START = 1_800_000_000.0  # a fixed "now" (2027-01-15, a Friday, 08:00 UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Recorder:
    def __init__(self) -> None:
        self.notes: list[Notification] = []

    async def deliver(self, table: Table, note: Notification) -> None:
        self.notes.append(note)

    def kinds(self) -> list[str]:
        return [n.kind for n in self.notes]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


_SERVICES: list[TableService] = []


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "mk.sqlite3")
    yield database
    for service in _SERVICES:  # let computer players finish before the database closes
        await service.computers.idle()
    _SERVICES.clear()
    await database.close()


def _service(db: Database, clock: FakeClock, notes: Recorder) -> tuple[TableService, TimerDispatcher]:
    service = TableService(db, notes, clock=clock)
    _SERVICES.append(service)
    dispatcher = TimerDispatcher(db, service.fire_timer, clock=clock)
    service.on_timers_changed = dispatcher.wake
    return service, dispatcher


async def _game(
    service: TableService, control: TimeControl, policy: str, players: int = 2, ai: int = 0, seed: int = 3
) -> Table:
    table = await service.create(
        key="great_wall", creator_id=1, creator_name="P1", seat_count=players, seed=seed,
        time_control=control, timeout_policy=policy,
    )
    for user in range(2, players - ai + 1):
        await service.join(table.id, user, f"P{user}")
    for _ in range(ai):
        await service.add_ai(table.id, 1)
    await service.start(table.id, 1)
    await service.computers.idle()
    return await service.get(table.id)


def _mover(table: Table) -> tuple[int, int]:
    seat = min(table.to_act())
    user = table.player_at(seat).user_id
    assert user is not None
    return seat, user


async def _finish_turn(service: TableService, table: Table) -> Table:
    """The person to move plays their whole turn (first legal action until the seat changes)."""
    seat, user = _mover(table)
    while table.status == "running" and seat in table.to_act():
        await service.act(table.id, user, table.game.legal_actions(table.state, seat)[0])
        table = await service.get(table.id)
    return table


async def test_deadline_shown_and_forfeit_ends_a_two_player_game(db: Database, clock: FakeClock) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    table = await _game(service, TimeControl("move", limit=5 * 60), "forfeit")
    seat, _ = _mover(table)
    assert table.deadlines == {seat: START + 300}
    clock.advance(299)
    await dispatcher.run_due()
    assert (await service.get(table.id)).status == "running"
    clock.advance(2)
    await dispatcher.run_due()
    table = await service.get(table.id)
    assert table.status == "finished"
    result = table.result()
    assert result is not None and result.ranking[seat] == 2 and result.ranking[1 - seat] == 1
    assert table.player_at(seat).forfeited
    assert (notes.notes[-1].kind, notes.notes[-1].seat, notes.notes[-1].timeout) == ("moved", seat, "forfeit")
    assert await timer_sql.pending_for_game(db, table.id) == []  # a finished game leaves no timers


async def test_forfeit_lets_the_others_play_on_and_the_game_finishes_by_itself(
    db: Database, clock: FakeClock
) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    # One person who stops moving, two computer players: the game must finish on its own.
    table = await _game(service, TimeControl("move", limit=5 * 60), "forfeit", players=3, ai=2)
    assert table.status == "running"
    clock.advance(301)
    await dispatcher.run_due()
    await service.computers.idle()
    table = await service.get(table.id)
    assert table.status == "finished"
    human = next(p for p in table.players if not p.is_ai)
    result = table.result()
    assert human.seat is not None and result is not None and result.ranking[human.seat] == 3


async def test_reminders_at_half_time_and_an_hour_before(db: Database, clock: FakeClock) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    table = await _game(service, TimeControl("move", limit=DAY), "ai")
    clock.advance(12 * HOUR)
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 1
    clock.advance(11 * HOUR)
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 2
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 2  # each fires once
    before = table.version
    table = await _finish_turn(service, await service.get(table.id))
    clock.advance(2 * HOUR)  # past the old deadline: it was cancelled by the move
    await dispatcher.run_due()
    table = await service.get(table.id)
    assert table.version > before
    assert not any(n.timeout for n in notes.notes)  # the move came in time: no timeout ever fired
    reminders = [n for n in notes.notes if n.kind == "reminder"]
    assert all(n.deadline == START + DAY for n in reminders)


async def test_reminder_waits_for_quiet_hours_to_end(db: Database, clock: FakeClock) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    table = await _game(service, TimeControl("move", limit=DAY), "ai")
    _, user = _mover(table)
    # Quiet 19:00-09:00 UTC: the half-time reminder (20:00) must wait until 09:00 next day.
    await user_sql.update(db, user, clock.now, quiet_start=19 * 60, quiet_end=9 * 60)
    clock.advance(12 * HOUR)
    await dispatcher.run_due()
    assert "reminder" not in notes.kinds()
    clock.advance(12 * HOUR)  # 08:00 next day, still quiet; the deadline (24 h) has come
    await dispatcher.run_due()
    assert "reminder" not in notes.kinds()


async def test_timeout_ai_plays_the_turn(db: Database, clock: FakeClock) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    table = await _game(service, TimeControl("move", limit=HOUR), "ai")
    seat, _ = _mover(table)
    clock.advance(HOUR + 1)
    await dispatcher.run_due()
    table = await service.get(table.id)
    assert table.status == "running" and seat not in table.to_act()
    assert any(n.kind == "moved" and n.seat == seat for n in notes.notes)
    # The next seat's clock started when the turn passed.
    (next_seat,) = table.to_act()
    assert table.deadlines == {next_seat: clock.now + HOUR}


async def test_restart_in_the_middle_of_a_timer_fires_once(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "mk.sqlite3"
    db = await Database.open(path)
    service, _ = _service(db, clock, Recorder())
    table = await _game(service, TimeControl("move", limit=HOUR), "forfeit")
    clock.advance(30 * 60)
    await db.close()  # the bot goes down half-way through the turn ...
    clock.advance(2 * HOUR)  # ... and comes back after the deadline
    db = await Database.open(path)
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    await service.resume()
    assert await dispatcher.run_due() >= 1
    table = await service.get(table.id)
    assert table.status == "finished" and table.version == 1
    assert await dispatcher.run_due() == 0
    assert (await service.get(table.id)).version == 1
    await db.close()


async def test_vacation_pauses_the_clock(db: Database, clock: FakeClock) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    table = await _game(service, TimeControl("move", limit=HOUR), "forfeit")
    seat, user = _mover(table)
    clock.advance(20 * 60)  # 40 minutes left when the vacation starts
    await user_sql.update(db, user, clock.now, vacation_start=clock.now, vacation_until=clock.now + 2 * DAY)
    clock.advance(DAY)
    await dispatcher.run_due()
    assert (await service.get(table.id)).status == "running"
    clock.advance(DAY + 39 * 60)  # back from vacation, 1 minute still on the clock
    await dispatcher.run_due()
    assert (await service.get(table.id)).status == "running"
    clock.advance(2 * 60)
    await dispatcher.run_due()
    table = await service.get(table.id)
    assert table.status == "finished" and table.player_at(seat).forfeited


async def test_vacation_does_not_pause_when_the_table_forbids_it(db: Database, clock: FakeClock) -> None:
    service, dispatcher = _service(db, clock, Recorder())
    table = await service.create(
        key="great_wall", creator_id=1, creator_name="P1", seat_count=2, seed=3,
        time_control=TimeControl("move", limit=HOUR), timeout_policy="forfeit", vacation_allowed=False,
    )
    await service.join(table.id, 2, "P2")
    table = await service.start(table.id, 1)
    _, user = _mover(table)
    await user_sql.update(db, user, clock.now, vacation_start=clock.now, vacation_until=clock.now + DAY)
    clock.advance(HOUR + 1)
    await dispatcher.run_due()
    assert (await service.get(table.id)).status == "finished"


async def test_time_bank_spends_and_earns(db: Database, clock: FakeClock) -> None:
    service, _ = _service(db, clock, Recorder())
    table = await _game(service, TimeControl("bank", bank=HOUR, bonus=5 * 60), "forfeit")
    seat, _ = _mover(table)
    assert table.deadlines == {seat: clock.now + HOUR}
    clock.advance(30 * 60)
    table = await _finish_turn(service, table)
    other = min(table.to_act())
    clock.advance(10 * 60)
    table = await _finish_turn(service, table)
    assert min(table.to_act()) == seat
    # 60 - 30 + 5 = 35 minutes for this turn.
    assert table.deadlines == {seat: clock.now + 35 * 60}
    assert other != seat


async def test_upkeep_keeps_the_thread_alive(db: Database, clock: FakeClock) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    await _game(service, TimeControl(), "ai")
    clock.advance(6 * DAY + 1)
    await dispatcher.run_due()
    assert notes.kinds().count("upkeep") == 1
    clock.advance(6 * DAY + 1)
    await dispatcher.run_due()
    assert notes.kinds().count("upkeep") == 2


async def test_ending_a_vacation_early_brings_the_deadline_back(db: Database, clock: FakeClock) -> None:
    service, dispatcher = _service(db, clock, Recorder())
    table = await _game(service, TimeControl("move", limit=HOUR), "forfeit")
    _, user = _mover(table)
    clock.advance(30 * 60)  # 30 minutes left
    await user_sql.update(db, user, clock.now, vacation_start=clock.now, vacation_until=clock.now + 5 * DAY)
    clock.advance(HOUR)
    await dispatcher.run_due()  # the deadline moves to the end of the vacation
    assert (await service.get(table.id)).status == "running"
    await user_sql.update(db, user, clock.now, vacation_until=clock.now)  # back early
    await service.user_clocks_changed(user)
    await dispatcher.run_due()  # recomputed: 30 minutes from now
    clock.advance(31 * 60)
    await dispatcher.run_due()
    assert (await service.get(table.id)).status == "finished"


async def _reminded_at(clock: FakeClock, dispatcher: TimerDispatcher, notes: Recorder, after: float) -> None:
    """One reminder comes ``after`` seconds from now: not a minute before, and then."""
    clock.advance(after - 60)
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 0, "a minute before its moment: not yet"
    clock.advance(61)
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 1, "at its moment"


async def test_a_reminder_held_by_a_vacation_comes_at_its_moment_when_the_vacation_ends_early(
    db: Database, clock: FakeClock
) -> None:
    """The clock stood still while away: the half-time reminder comes half way through the time left after
    the player is back, not the moment they are back with all of it left."""
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    table = await _game(service, TimeControl("move", limit=DAY), "ai")
    _, user = _mover(table)
    await user_sql.update(db, user, clock.now, vacation_start=clock.now, vacation_until=clock.now + 5 * DAY)
    clock.advance(12 * HOUR)  # half time: the reminder waits for the vacation
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 0
    clock.advance(HOUR)
    await user_sql.update(db, user, clock.now, vacation_until=clock.now)  # back early: /me vacation end
    await service.user_clocks_changed(user)
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 0, "back with the whole day left: not yet"
    await _reminded_at(clock, dispatcher, notes, 12 * HOUR)  # the held reminder is not lost: at half time


async def test_a_reminder_during_a_vacation_comes_as_far_into_the_time_left_as_it_fell_into_the_vacation(
    db: Database, clock: FakeClock
) -> None:
    notes = Recorder()
    service, dispatcher = _service(db, clock, notes)
    table = await _game(service, TimeControl("move", limit=DAY), "ai")
    _, user = _mover(table)
    clock.advance(6 * HOUR)  # a quarter of the day used, then away for two days
    await user_sql.update(db, user, clock.now, vacation_start=clock.now, vacation_until=clock.now + 2 * DAY)
    clock.advance(6 * HOUR)  # the half-time moment, while away
    await dispatcher.run_due()
    clock.advance(2 * DAY - 6 * HOUR)  # the vacation's end
    await dispatcher.run_due()
    assert notes.kinds().count("reminder") == 0, "six hours of the turn were used, not twelve"
    await _reminded_at(clock, dispatcher, notes, 6 * HOUR)


def test_reminders_are_relative_to_the_time_the_turn_really_has() -> None:
    bank = TimeControl("bank", bank=HOUR, bonus=5 * 60)
    # A nearly spent bank: an hour and four minutes. "An hour before" would come 4 minutes in: dropped.
    assert bank.reminder_offsets(HOUR + 4 * 60) == [(HOUR + 4 * 60) / 2]
    # A day for a move: half time and an hour before the end.
    assert TimeControl("move", limit=DAY).reminder_offsets(DAY) == [DAY / 2, DAY - HOUR]
