"""``/me``: settings shown and changed privately; bad input gets a sentence and changes nothing; a vacation
taken with ``/me vacation start`` pauses the clock of a game whose table allows it."""

from __future__ import annotations

from typing import Any

from bot.store import users
from bot.store.users import UserSettings
from bot.timecontrol import DAY, HOUR
from tests.cogs.flows import open_timed
from tests.cogs.harness import FakeClock, FakeDiscord

START = int(FakeClock.START)


def _me(fake: FakeDiscord) -> Any:
    return fake.bot.get_cog("Me")


async def _say(fake: FakeDiscord, command: str, user: Any, **params: Any) -> str:
    """Run ``/me <command>`` and return its answer, which must be private."""
    await fake.command(getattr(_me(fake), command), user, **params)
    answer = fake.last()
    assert answer.private and answer.owner == user.id
    return answer.content


async def _settings(fake: FakeDiscord, user: Any) -> UserSettings:
    return await users.settings(fake.bot.service.db, user.id)


async def test_settings_show_the_defaults_then_the_changes(timed: FakeDiscord, alice: Any) -> None:
    shown = await _say(timed, "show", alice)
    assert shown.splitlines() == [
        "**Your settings**",
        "DMs on your turn (hand, controls, reminders): on",
        "Quiet hours (reminders wait): none",
        "On vacation: no",
        "DM when the player before you moves: off",
    ]
    assert (await _say(timed, "dm", alice, state="off")).startswith("Turn DMs are off")
    assert (await _say(timed, "ping_before", alice, state="on")).startswith("I will DM you when the player before")
    await _say(timed, "quiet_set", alice, start="22:30", end="7:05", timezone="Asia/Tokyo")
    await _say(timed, "vacation_start", alice, days=2)
    shown = await _say(timed, "show", alice)
    assert "DMs on your turn (hand, controls, reminders): off: the game thread mentions you" in shown
    assert "Quiet hours (reminders wait): 22:30 to 07:05 (Asia/Tokyo)" in shown
    assert f"On vacation: until <t:{START + 2 * int(DAY)}:f>" in shown
    assert "DM when the player before you moves: on" in shown


async def test_dm_on_clears_closed_dms_and_off_keeps_the_fact(timed: FakeDiscord, alice: Any) -> None:
    await users.set_dm_closed(timed.bot.service.db, alice.id, True, START)
    assert "your DMs were closed to me last time" in await _say(timed, "show", alice)
    assert (await _say(timed, "dm", alice, state="on")).startswith("Turn DMs are on")
    settings = await _settings(timed, alice)
    assert settings.dm_on_turn and not settings.dm_closed
    await _say(timed, "dm", alice, state="off")
    assert not (await _settings(timed, alice)).dm_on_turn
    assert (await _say(timed, "ping_before", alice, state="off")).startswith("I will no longer DM you")


async def test_quiet_hours_refuse_bad_input_and_change_nothing(timed: FakeDiscord, alice: Any) -> None:
    refusals = {
        ("25:00", "08:00", None): "“25:00” is not a time of day: write it as HH:MM",
        ("22:00", "8am", None): "“8am” is not a time of day",
        ("22:00", "22:00", None): "Quiet hours need an end different from their start.",
        ("22:00", "08:00", "Mars/Olympus"): "I do not know the time zone “Mars/Olympus”",
    }
    for (start, end, zone), sentence in refusals.items():
        assert sentence in await _say(timed, "quiet_set", alice, start=start, end=end, timezone=zone)
    assert await _settings(timed, alice) == UserSettings(alice.id)

    answer = await _say(timed, "quiet_set", alice, start="23:00", end="07:00")
    assert answer.startswith("Quiet hours set: 23:00 to 07:00 (UTC).")
    settings = await _settings(timed, alice)
    assert (settings.quiet_start, settings.quiet_end, settings.time_zone) == (23 * 60, 7 * 60, "UTC")
    await _say(timed, "quiet_set", alice, start="23:00", end="07:00", timezone="Europe/Lisbon")
    await _say(timed, "quiet_set", alice, start="22:00", end="06:00")  # the zone given last time stays
    assert (await _settings(timed, alice)).time_zone == "Europe/Lisbon"
    assert await _say(timed, "quiet_off", alice) == "Quiet hours are off: reminders come when they are due."
    settings = await _settings(timed, alice)
    assert settings.quiet_start is None and settings.quiet_end is None


async def test_time_zones_autocomplete(timed: FakeDiscord, alice: Any) -> None:
    choices = await _me(timed)._zone_choices(timed.interaction(alice), "madr")
    assert [c.value for c in choices] == ["Europe/Madrid"]
    assert len(await _me(timed)._zone_choices(timed.interaction(alice), "")) == 25


async def test_vacation_start_extend_and_end(timed: FakeDiscord, clock: FakeClock, alice: Any) -> None:
    assert "A vacation lasts 1 to 30 days." in await _say(timed, "vacation_start", alice, days=40)
    assert "You are not on vacation." in await _say(timed, "vacation_end", alice)
    assert await _settings(timed, alice) == UserSettings(alice.id)

    answer = await _say(timed, "vacation_start", alice, days=3)
    assert answer.startswith(f"You are on vacation until <t:{START + 3 * int(DAY)}:f>")
    clock.advance(DAY)
    await _say(timed, "vacation_start", alice, days=5)  # extended: the day already away still counts
    settings = await _settings(timed, alice)
    assert (settings.vacation_start, settings.vacation_until) == (START, START + 6 * DAY)
    clock.advance(HOUR)
    assert (await _say(timed, "vacation_end", alice)).startswith("Welcome back")
    settings = await _settings(timed, alice)
    assert (settings.vacation_start, settings.vacation_until) == (START, START + DAY + HOUR)
    assert not settings.on_vacation(clock.now)


async def test_a_vacation_pauses_the_clock_where_the_table_allows_it(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    forfeit = "forfeit (ranked last)"
    paused, _ = await open_timed(timed, alice, bob, clock="1 hour per move", policy=forfeit)
    running, _ = await open_timed(timed, alice, bob, clock="1 hour per move", policy=forfeit, vacations=False)
    movers = {}
    for game_id in (paused, running):
        table = await timed.bot.service.get(game_id)
        movers[game_id] = table.player_at(min(table.to_act())).user_id
    clock.advance(20 * 60)
    for user in {alice, bob}:
        await _say(timed, "vacation_start", user, days=1)
    clock.advance(HOUR)
    await timed.fire_timers()
    assert (await timed.bot.service.get(paused)).status == "running"  # 40 minutes still on the clock
    assert (await timed.bot.service.get(running)).status == "finished"  # this table said no to vacations
    clock.advance(DAY - HOUR + 39 * 60)  # back from vacation for 39 minutes
    await timed.fire_timers()
    assert (await timed.bot.service.get(paused)).status == "running"
    clock.advance(2 * 60)
    await timed.fire_timers()
    table = await timed.bot.service.get(paused)
    assert table.status == "finished"
    assert f"<@{movers[paused]}> ran out of time and forfeits" in timed.last(f"thread:{table.thread_id}").content
