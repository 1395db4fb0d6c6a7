"""What asynchronous play tells people, on a fake clock: reminders by DM or in the thread, quiet hours, thread
upkeep, "ping me when the player before me moves" and turn DMs switched off."""

from __future__ import annotations

import random
from typing import Any

from bot.store import users
from bot.timecontrol import DAY, HOUR
from tests.cogs.flows import last_board, open_timed, play_turn, start_game
from tests.cogs.harness import FakeClock, FakeDiscord

START = int(FakeClock.START)
TITLE = "The Great Wall of China #1"


def _me(fake: FakeDiscord) -> Any:
    return fake.bot.get_cog("Me")


async def _mover(fake: FakeDiscord, game_id: int, *people: Any) -> Any:
    table = await fake.bot.service.get(game_id)
    user_id = table.player_at(min(table.to_act())).user_id
    return next(p for p in people if p.id == user_id)


async def test_reminders_come_by_dm_at_half_time_and_an_hour_before(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    game_id, _ = await open_timed(timed, alice, bob, clock="24 hours per move", policy="the computer plays")
    mover = await _mover(timed, game_id, alice, bob)
    due = f"is due <t:{START + int(DAY)}:R>"
    mark = len(timed.sent)
    clock.advance(12 * HOUR - 1)
    await timed.fire_timers()
    assert timed.since(mark) == []  # not yet
    clock.advance(1)
    await timed.fire_timers()
    (reminder,) = timed.posted_since(mark)
    assert reminder.where == f"dm:{mover.id}" and reminder.private
    first, then = reminder.content.split("\n", 2)[:2]
    assert first == f"**{TITLE}**: play cards or draw a card"  # what is due, first
    assert then.startswith(f"Reminder: your move in **{TITLE}** {due}")
    assert reminder.files and reminder.view is not None  # the hand and the controls, to play from the DM
    clock.advance(11 * HOUR)
    await timed.fire_timers()
    assert [s.where for s in timed.posted_since(mark)] == [f"dm:{mover.id}"] * 2
    assert all(not s.content.startswith("<@") for s in timed.public())  # nothing in the thread


async def test_a_reminder_goes_to_the_thread_when_dms_are_closed(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    timed.closed_dms.update({alice.id, bob.id})
    game_id, _ = await open_timed(timed, alice, bob, clock="1 hour per move", policy="the computer plays")
    mover = await _mover(timed, game_id, alice, bob)
    assert timed.dm_attempts[mover.id] == 1  # the turn DM failed, and the bot remembered
    clock.advance(HOUR / 2)
    await timed.fire_timers()
    table = await timed.bot.service.get(game_id)
    reminder = timed.last(f"thread:{table.thread_id}")
    assert reminder.content.splitlines()[0] == f"**{TITLE}**: play cards or draw a card"
    due = f"is due <t:{START + int(HOUR)}:R>."
    assert reminder.content.splitlines()[1] == f"<@{mover.id}>, your move in **{TITLE}** {due}"
    assert not reminder.private and timed.dm_attempts[mover.id] == 1


async def test_quiet_hours_in_the_players_zone_hold_a_reminder_until_they_end(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    game_id, _ = await open_timed(timed, alice, bob, clock="72 hours per move", policy="the computer plays")
    mover = await _mover(timed, game_id, alice, bob)
    # 20:00 to 10:00 in Madrid is 19:00 to 09:00 UTC in January; the game started on Friday at 08:00 UTC.
    await timed.command(_me(timed).quiet_set, mover, start="20:00", end="10:00", timezone="Europe/Madrid")
    mark = len(timed.sent)
    clock.advance(36 * HOUR)  # half time: Saturday 20:00 UTC, quiet
    await timed.fire_timers()
    assert [s for s in timed.since(mark) if "Reminder" in s.content] == []
    clock.advance(13 * HOUR - 1)  # Sunday 08:59:59 UTC, still quiet
    await timed.fire_timers()
    assert [s for s in timed.since(mark) if "Reminder" in s.content] == []
    clock.advance(1)  # 09:00 UTC, 10:00 in Madrid: the reminder comes
    await timed.fire_timers()
    (reminder,) = [s for s in timed.since(mark) if "Reminder" in s.content]
    assert reminder.where == f"dm:{mover.id}"


async def test_upkeep_keeps_a_live_thread_alive_and_reopens_an_archived_one(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    game_id, _ = await start_game(timed, alice, bob)  # no clock: upkeep is for every running game
    thread = (await timed.bot.service.get(game_id)).thread_id
    assert thread is not None
    public = len(timed.public())
    clock.advance(6 * DAY + 1)
    await timed.fire_timers()
    # A change of the archived flag restarts Discord's week without activity: archived, then open at once.
    assert timed.archive_changes == [(thread, True), (thread, False)] and thread not in timed.archived
    timed.archived.add(thread)  # Discord archived it anyway
    clock.advance(6 * DAY + 1)
    await timed.fire_timers()
    assert timed.archive_changes[2:] == [(thread, False)] and thread not in timed.archived
    assert len(timed.public()) == public  # upkeep posts nothing

    await timed.bot.service.cancel(game_id, alice.id)  # a game over needs no upkeep
    clock.advance(6 * DAY + 1)
    await timed.fire_timers()
    assert len(timed.archive_changes) == 3


async def test_ping_before_tells_the_next_player_once_the_one_before_has_moved(
    timed: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    game_id, _ = await start_game(timed, alice, bob, carol)
    table = await timed.bot.service.get(game_id)
    people = {p.id: p for p in (alice, bob, carol)}
    first_seat = min(table.to_act())
    first, second, third = (people[table.player_at((first_seat + n) % 3).user_id or 0] for n in range(3))
    for person in (second, third):
        await timed.command(_me(timed).ping_before, person, state="on")
    await timed.command(_me(timed).dm, second, state="off")  # so no turn DM tells the second player
    mark = len(timed.sent)
    await play_turn(timed, game_id, people, random.Random(1))
    pings = [s for s in timed.since(mark) if "who plays before you" in s.content]
    assert [s.where for s in pings] == [f"dm:{second.id}"]  # once, after the whole turn
    said = f"{first.name}, who plays before you, has moved in **{TITLE}**: it is your move"
    assert pings[0].content.splitlines()[1].startswith(said)
    assert pings[0].view is None and not [s for s in timed.since(mark) if s.where == f"dm:{second.id}" and s.view]

    mark = len(timed.sent)
    await play_turn(timed, game_id, people, random.Random(2))
    # The third player gets the turn DM with their controls, which says it all: no second DM.
    assert [s for s in timed.since(mark) if "who plays before you" in s.content] == []
    assert any(s.where == f"dm:{third.id}" and s.content.startswith(f"**{TITLE}**: ") for s in timed.since(mark))


async def test_turn_dms_off_leave_the_thread_mention_and_on_tries_closed_dms_again(
    timed: FakeDiscord, alice: Any, bob: Any
) -> None:
    people = {alice.id: alice, bob.id: bob}
    for person in (alice, bob):
        await timed.command(_me(timed).dm, person, state="off")
    game_id, _ = await start_game(timed, alice, bob)
    mover = await _mover(timed, game_id, alice, bob)
    assert sum(timed.dm_attempts.values()) == 0
    assert f"<@{mover.id}> moves first" in last_board(timed).content
    other = bob if mover is alice else alice

    timed.closed_dms.add(other.id)
    await timed.command(_me(timed).dm, other, state="on")
    await play_turn(timed, game_id, people, random.Random(3))
    assert timed.dm_attempts[other.id] == 1 and await users.dm_closed(timed.bot.service.db, other.id)
    timed.closed_dms.discard(other.id)  # they open their DMs and say so
    await timed.command(_me(timed).dm, other, state="on")
    assert not await users.dm_closed(timed.bot.service.db, other.id)
    await play_turn(timed, game_id, people, random.Random(4))
    await play_turn(timed, game_id, people, random.Random(5))
    assert timed.dm_attempts[other.id] == 2 and timed.last(f"dm:{other.id}").content.startswith(f"**{TITLE}**: ")
    assert timed.dm_attempts[mover.id] == 0
