"""Asynchronous play through Discord, on a fake clock: the clock chosen in ``/game new``, deadlines on the board,
each timeout policy in the thread, a game that finishes by itself, a restart in the middle of a timer, and
``/game mine`` longest-waiting first."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import discord

from bot.store import games as game_sql
from bot.timecontrol import HOUR, PRESETS
from tests.cogs.flows import last_board, open_timed, play_turn, start_game
from tests.cogs.harness import CHANNEL, FakeClock, FakeDiscord, Posted, labels

START = int(FakeClock.START)
FORFEIT = "forfeit (ranked last)"


def _mover(table: Any) -> int:
    user = table.player_at(min(table.to_act())).user_id
    assert user is not None
    return int(user)


def _thread(fake: FakeDiscord, table: Any) -> list[str]:
    """The thread's messages as they stand now (a turn's board message is edited as the turn goes on)."""
    return [m.content for m in fake.messages.values() if m.where == f"thread:{table.thread_id}" and not m.private]


async def test_the_options_panel_sets_the_clock_and_keeps_the_game_options(fake: FakeDiscord, alice: Any) -> None:
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, alice, game="great_wall", seats=3)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    assert "Clock: no time limit." in panel.content
    assert labels(panel.view)[-2:] == ["Clock and timeouts", "Open the table"]
    await fake.click(alice, panel, option="loses its rank")
    await fake.click(alice, panel, label="Clock and timeouts")
    shown = labels(panel.view)
    assert "[No time limit]" in shown and "[24 hours per move]" in shown and "[3-day bank + 12 hours per move]" in shown
    assert "[Out of time: the computer plays]" in shown and f"[Out of time: {FORFEIT}]" in shown
    assert shown[-2:] == ["Game options", "Open the table"]
    await fake.click(alice, panel, option="72 hours per move")
    await fake.click(alice, panel, option="Out of time: an automatic safe move")
    await fake.click(alice, panel, option="Vacations do not pause clocks")
    expected = "Clock: 72 hours per move; out of time, an automatic safe move; vacations do not pause clocks."
    assert expected in panel.content
    await fake.click(alice, panel, label="Game options")  # back to the game's page: its choice was kept
    assert "[loses its rank]" in labels(panel.view) and expected in panel.content
    mark = len(fake.sent)
    await fake.click(alice, panel, label="Open the table")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    assert expected in lobby.content
    table = await fake.bot.service.get(1)
    assert table.time_control == PRESETS["72 hours per move"]
    assert (table.timeout_policy, table.vacation_allowed) == ("skip", False)
    assert table.options["infantry_covered"] == "renumber"


async def test_a_panel_sent_before_clocks_existed_still_opens_a_table(fake: FakeDiscord, alice: Any) -> None:
    old = "mk:new:great_wall:2:0.1.0:open"  # no clock part in the custom_id
    panel = Posted(1, f"channel:{CHANNEL}", True, owner=alice.id)
    await fake.dispatch(alice, panel, old, base=discord.ui.Button(custom_id=old))
    table = await fake.bot.service.get(1)
    assert not table.time_control.timed and table.timeout_policy == "ai" and table.vacation_allowed
    assert table.options["infantry_covered"] == "renumber"


async def test_five_minutes_a_move_and_forfeit_finish_a_game_when_a_player_stops(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    game_id, lobby = await open_timed(timed, alice, bob, clock="5 minutes per move", policy=FORFEIT)
    assert f"Clock: 5 minutes per move; out of time, {FORFEIT}; vacations pause clocks." in lobby.content
    table = await timed.bot.service.get(game_id)
    first = _mover(table)
    board = last_board(timed)
    assert f"<@{first}> moves first (due <t:{START + 300}:R>)" in board.content
    assert f"Clock: 5 minutes per move; out of time, {FORFEIT}." in board.content
    assert f"(due <t:{START + 300}:R>)" in timed.last(f"dm:{first}").content  # the turn DM says it too

    clock.advance(60)
    people = {alice.id: alice, bob.id: bob}
    await play_turn(timed, game_id, people, random.Random(5))  # the first player moves in time ...
    table = await timed.bot.service.get(game_id)
    stopper = _mover(table)
    assert stopper != first and table.deadlines == {min(table.to_act()): START + 60 + 300}
    assert f"It is <@{stopper}>'s turn (due <t:{START + 360}:R>)." in last_board(timed).content

    clock.advance(299)  # ... the second one never does
    await timed.fire_timers()
    assert (await timed.bot.service.get(game_id)).status == "running"
    clock.advance(2)
    await timed.fire_timers()
    table = await timed.bot.service.get(game_id)
    assert table.status == "finished"
    stopped_seat = table.seat_of(stopper)
    assert stopped_seat is not None and table.player_at(stopped_seat).forfeited
    final = timed.last(f"thread:{table.thread_id}")
    assert "**Final ranking**" in final.content
    # Said in the message of the turn that ran out (the move that ends a turn is told with that turn).
    assert any(f"<@{stopper}> ran out of time and forfeits (ranked last)." in t for t in _thread(timed, table))
    assert "Final ranking" in final.content and f"1. <@{first}>" in final.content
    assert f"2. <@{stopper}>" in final.content and labels(final.view) == ["Rematch", "New table", "Game story"]
    assert await timed.fire_timers() == 0  # nothing is left to fire


async def test_forfeits_leave_the_game_to_the_others_until_one_is_left(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any, carol: Any
) -> None:
    game_id, _ = await open_timed(timed, alice, bob, carol, clock="5 minutes per move", policy=FORFEIT)
    table = await timed.bot.service.get(game_id)
    gone = [_mover(table)]
    clock.advance(301)
    await timed.fire_timers()
    table = await timed.bot.service.get(game_id)
    assert table.status == "running"  # the game goes on for the two others
    second = _mover(table)
    assert second not in gone
    board = last_board(timed)
    assert any(f"<@{gone[0]}> ran out of time and forfeits (ranked last)." in t for t in _thread(timed, table))
    assert f"It is <@{second}>'s turn (due <t:{START + 301 + 300}:R>)." in board.content
    gone.append(second)
    clock.advance(301)
    await timed.fire_timers()
    table = await timed.bot.service.get(game_id)
    assert table.status == "finished"  # one player left: the game ends
    result = table.result()
    assert result is not None
    (winner,) = {alice.id, bob.id, carol.id} - set(gone)
    winner_seat = table.seat_of(winner)
    assert winner_seat is not None and result.ranking[winner_seat] == 1
    assert sum("ran out of time and forfeits" in text for text in _thread(timed, table)) == 2
    # Nobody resigned: the end, the final picture and its alt text say who ran out of time.
    final = timed.last(f"thread:{table.thread_id}")
    assert "resign" not in final.content.lower() and f"<@{winner}> wins" in final.content
    (alt_text,) = final.descriptions
    assert "resign" not in alt_text and alt_text.count(", out of time") == 2, alt_text
    log = await timed.bot.service.move_log(game_id)  # the log tells it too, and replays to the same state
    assert [m.action for m in log if m.kind == "resign"] == [{"timed_out": True}] * 2
    replayed = await timed.bot.service.replay(game_id)
    assert table.game.dump(replayed) == table.game.dump(table.state)


async def test_out_of_time_the_computer_or_an_automatic_move_plays_and_says_so(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    ai_game, _ = await open_timed(timed, alice, bob, clock="1 hour per move", policy="the computer plays")
    skip_game, _ = await open_timed(timed, alice, bob, clock="1 hour per move", policy="an automatic safe move")
    before = {g: _mover(await timed.bot.service.get(g)) for g in (ai_game, skip_game)}
    clock.advance(HOUR + 1)
    await timed.fire_timers()
    said = {ai_game: "the computer played for them.", skip_game: "an automatic move was made for them."}
    for game_id, words in said.items():
        table = await timed.bot.service.get(game_id)
        assert table.status == "running" and _mover(table) != before[game_id]
        texts = _thread(timed, table)
        assert any(f"<@{before[game_id]}> ran out of time: {words}" in t for t in texts)
        assert sum(t.count("ran out of time") for t in texts) == 1  # once for the turn, however many moves
        assert f"(due <t:{START + 2 * int(HOUR) + 1}:R>)" in texts[-1]  # the next seat's clock started
    # The Great Wall's safe move is blind to the hand: the timed-out turn only drew cards.
    skip_table = await timed.bot.service.get(skip_game)
    timed_out = skip_table.seat_of(before[skip_game])
    moves = await game_sql.fetch_moves(timed.bot.service.db, skip_game)
    assert moves and all(m.action == {"type": "draw"} for m in moves if m.seat == timed_out)


async def test_a_restart_in_the_middle_of_a_timer_fires_it_once(
    tmp_path: Path, clock: FakeClock, alice: Any, bob: Any
) -> None:
    path = str(tmp_path / "bot.sqlite3")
    before = await FakeDiscord.start(path, clock=clock)
    game_id, _ = await open_timed(before, alice, bob, clock="5 minutes per move", policy=FORFEIT)
    clock.advance(120)
    await before.fire_timers()
    await before.stop()  # the bot goes down two minutes into the turn ...
    clock.advance(HOUR)  # ... and comes back long after the deadline
    after = await FakeDiscord.start(path, clock=clock)
    after.ids = itertools.count(next(before.ids))  # Discord's ids go on after a restart
    try:
        after.threads.extend(before.threads)
        await after.bot.service.resume()
        assert await after.fire_timers() >= 1
        table = await after.bot.service.get(game_id)
        assert table.status == "finished" and table.version == 1
        assert await after.fire_timers() == 0
        texts = _thread(after, table)
        assert sum("ran out of time and forfeits" in t for t in texts) == 1 and any("Final ranking" in t for t in texts)
    finally:
        await after.stop()


async def test_mine_lists_the_longest_waiting_first_with_due_times_and_links(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any, carol: Any
) -> None:
    people = {alice.id: alice, bob.id: bob}
    rng = random.Random(2)
    timed_game, _ = await open_timed(timed, alice, bob, clock="24 hours per move", policy="the computer plays")
    if _mover(await timed.bot.service.get(timed_game)) != alice.id:
        await play_turn(timed, timed_game, people, rng)
    waiting_since = clock.now
    clock.advance(HOUR)
    untimed_game, _ = await start_game(timed, alice, bob)
    if _mover(await timed.bot.service.get(untimed_game)) != alice.id:
        await play_turn(timed, untimed_game, people, rng)
    clock.advance(HOUR)
    other, _ = await start_game(timed, bob, carol)  # Alice does not play here
    await timed.command(timed.bot.get_cog("GameCommands").mine, alice)  # type: ignore[union-attr]
    listing = timed.last()
    assert listing.private
    lines = listing.content.splitlines()
    first, second = await timed.bot.service.get(timed_game), await timed.bot.service.get(untimed_game)
    assert lines[0] == (
        f"#{timed_game} **The Great Wall of China**: **your move** since <t:{int(waiting_since)}:R> "
        f"(due <t:{int(first.deadlines[first.seat_of(alice.id) or 0])}:R>) in <#{first.thread_id}>"
    )
    assert lines[1].startswith(f"#{untimed_game} **The Great Wall of China**: **your move** since")
    assert "due" not in lines[1] and f"in <#{second.thread_id}>" in lines[1]
    assert len(lines) == 2 and f"#{other} " not in listing.content
