"""A quiet table: one board message per turn, edited as the turn goes on; one notification per player per
turn (a DM, or a mention when they take no DMs, never both); nobody pinged for another's progress; a recap
of what happened since the player's last turn; prompts that lose their controls once their turn is over;
timed-out turns told as one message, and a backlog told version by version."""

from __future__ import annotations

import random
from typing import Any

import discord

import render
from bot.timecontrol import DAY, HOUR
from tests.cogs.flows import last_board, open_timed, play_turn, start_game
from tests.cogs.harness import FakeClock, FakeDiscord, Sent, http_error


def _thread_sends(fake: FakeDiscord, thread_id: int | None, mark: int = 0) -> list[Sent]:
    return [s for s in fake.posted_since(mark) if s.where == f"thread:{thread_id}" and not s.private]


def _dms(fake: FakeDiscord, user: Any, mark: int = 0) -> list[Sent]:
    return [s for s in fake.posted_since(mark) if s.where == f"dm:{user.id}"]


async def _people(fake: FakeDiscord, game_id: int, *users: Any) -> tuple[dict[int, Any], Any]:
    table = await fake.bot.service.get(game_id)
    people = {u.id: u for u in users}
    return people, people[table.player_at(min(table.to_act())).user_id or 0]


async def test_a_turn_is_one_board_message_and_one_dm(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    people, first = await _people(fake, game_id, alice, bob)
    second = bob if first is alice else alice
    (opening,) = _thread_sends(fake, table.thread_id)
    assert opening.pinged == frozenset()  # the mover takes DMs: told there, not also pinged
    assert len(_dms(fake, first)) == 1 and _dms(fake, second) == []
    prompt = _dms(fake, first)[0].message
    mark = len(fake.sent)
    await play_turn(fake, game_id, people, random.Random(2))  # several moves: one turn
    after = await fake.bot.service.get(game_id)
    assert after.version - table.version >= 2
    (new_turn,) = _thread_sends(fake, table.thread_id, mark)  # one post: the next turn's
    assert new_turn.pinged == frozenset()
    edits = [s for s in fake.since(mark) if s.kind == "edit" and s.message.id == opening.message.id]
    assert edits and all(s.pinged == frozenset() for s in edits)
    assert opening.message.view is None  # the old turn's board lost its buttons
    assert "Play" in [getattr(getattr(i, "item", i), "label", None) for i in new_turn.view.walk_children()]
    assert len(_dms(fake, second, mark)) == 1 and _dms(fake, first, mark) == []  # one notification each
    assert prompt.view is None  # the passed prompt keeps no live-looking controls


async def test_without_turn_dms_the_board_pings_only_the_mover(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    me = fake.bot.get_cog("Me")
    for person in (alice, bob):
        await fake.command(me.dm, person, state="off")  # type: ignore[union-attr]
    game_id, _ = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    people, first = await _people(fake, game_id, alice, bob)
    second = bob if first is alice else alice
    (opening,) = _thread_sends(fake, table.thread_id)
    assert opening.pinged == {first.id}
    # Each person is mentioned once in a post: the first line says what is due by name, the opening line
    # (which mentions everyone in the order of play) pings.
    head = opening.content.splitlines()[0]
    assert head == f"**The Great Wall of China #1**: {first.name}, play cards or draw a card", opening.content
    assert [opening.content.count(f"<@{p.id}>") for p in (first, second)] == [1, 1], opening.content
    mark = len(fake.sent)
    await play_turn(fake, game_id, people, random.Random(3))
    (new_turn,) = _thread_sends(fake, table.thread_id, mark)
    assert new_turn.pinged == {second.id}  # nobody is pinged for the first player's progress
    assert new_turn.content.splitlines()[0].startswith(f"**The Great Wall of China #1**: {second.name}, ")
    assert new_turn.content.count(f"<@{second.id}>") == 1, new_turn.content
    assert _dms(fake, first, mark) == _dms(fake, second, mark) == []


async def test_the_recap_lists_exactly_what_happened_since_the_last_turn(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    people, first = await _people(fake, game_id, alice, bob)
    second = bob if first is alice else alice
    rng = random.Random(4)
    await play_turn(fake, game_id, people, rng)  # first's turn
    table = await fake.bot.service.get(game_id)
    seat_second = table.seat_of(second.id)
    assert seat_second is not None
    mark = len(fake.sent)
    since = table.version
    await play_turn(fake, game_id, people, rng)  # second's turn: first's turn DM recaps it
    (dm,) = _dms(fake, first, mark)
    table = await fake.bot.service.get(game_id)
    seat = table.seat_of(first.id)
    assert seat is not None
    rows = await fake.bot.service.delivery.positions(game_id, after=since, upto=table.version)
    names = [p.name if p.is_ai else f"<@{p.user_id}>" for p in table.seated]
    expected = [table.game.describe(e, names, seat) for r in rows for e in r.events]
    shown = [line[2:] for line in dm.content.splitlines() if line.startswith("• ")]
    assert shown == [line for line in expected if line][-8:] and shown
    assert "**Since your last turn**" in dm.content


async def test_a_timed_out_turn_played_by_the_computer_is_one_message(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    game_id, _ = await open_timed(timed, alice, bob, clock="5 minutes per move", policy="the computer plays")
    table = await timed.bot.service.get(game_id)
    _, first = await _people(timed, game_id, alice, bob)
    second = bob if first is alice else alice
    clock.advance(299)
    await timed.fire_timers()  # the half-time reminder: a new prompt
    prompt = _dms(timed, first)[-1].message
    mark = len(timed.sent)
    clock.advance(2)
    await timed.fire_timers()
    after = await timed.bot.service.get(game_id)
    assert after.version - table.version >= 2, "the computer played the whole turn"
    (new_turn,) = _thread_sends(timed, table.thread_id, mark)  # one message for the next turn
    assert len(_dms(timed, second, mark)) == 1 and _dms(timed, first, mark) == []
    assert "ran out of time" in last_board(timed).content or "ran out of time" in _opening(timed, table).content
    assert prompt.view is None and prompt.content.startswith("Time ran out")
    assert new_turn.pinged == frozenset()


def _opening(fake: FakeDiscord, table: Any) -> Any:
    return next(s.message for s in fake.sent if s.where == f"thread:{table.thread_id}")


async def test_the_forfeiter_is_told_once_and_their_controls_say_so(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any, carol: Any
) -> None:
    """One DM (the notification): what happened, their place, that the others play on; the prompt they did not
    answer loses its controls and points to it rather than saying the same again."""
    game_id, _ = await open_timed(timed, alice, bob, carol, clock="5 minutes per move",
                                  policy="forfeit (ranked last)")
    _, first = await _people(timed, game_id, alice, bob, carol)
    clock.advance(299)
    await timed.fire_timers()  # the half-time reminder: a new prompt
    prompt = _dms(timed, first)[-1].message
    mark = len(timed.sent)
    clock.advance(2)
    await timed.fire_timers()
    (told,) = _dms(timed, first, mark)  # one new DM
    assert told.message.content == ("Time ran out in **The Great Wall of China #1**: you forfeit and are ranked "
                                    "last; the others play on. https://discord.com/channels/1000/50002")
    assert prompt.view is None and prompt.content == "A newer message about this game is below."
    assert not [s for s in timed.since(mark) if s.where == f"dm:{first.id}" and "Time ran out" in s.content
                and s.message is not told.message]
    table = await timed.bot.service.get(game_id)
    assert table.player_at(table.seat_of(first.id) or 0).forfeited


async def test_a_forfeit_that_ends_the_game_is_one_dm_with_the_result(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    game_id, _ = await open_timed(timed, alice, bob, clock="5 minutes per move", policy="forfeit (ranked last)")
    _, first = await _people(timed, game_id, alice, bob)
    clock.advance(299)
    await timed.fire_timers()  # the half-time reminder: a new prompt
    prompt = _dms(timed, first)[-1].message
    mark = len(timed.sent)
    clock.advance(2)
    await timed.fire_timers()
    table = await timed.bot.service.get(game_id)
    assert table.status == "finished"
    (told,) = _dms(timed, first, mark)
    lines = told.message.content.splitlines()
    assert lines[0] == ("Time ran out in **The Great Wall of China #1**: you forfeit and are ranked last; the game "
                        "is over. https://discord.com/channels/1000/50002")
    assert lines[1] == "**Final ranking**" and lines[3] == f"2. <@{first.id}> (out of time): 0 points"
    assert len(told.files) == 1  # the final picture
    assert prompt.view is None and prompt.content == "A newer message about this game is below."


async def test_a_backlog_after_discord_was_down_shows_each_turn_as_it_was(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    service = fake.bot.service
    rng = random.Random(6)
    down = [http_error(discord.HTTPException, 503, 0, "Service Unavailable") for _ in range(200)]
    fake.failures.extend(down)
    turns = []
    for _ in range(2):  # two whole turns while every public send and edit fails
        before = await service.get(game_id)
        seat = min(before.to_act())
        for _ in range(20):
            current = await service.get(game_id)
            if seat not in current.to_act():
                break
            legal = current.game.legal_actions(current.state, seat)
            await service.act(game_id, current.player_at(seat).user_id or 0, rng.choice(legal))
        turns.append((await service.get(game_id)).version)
    fake.failures.clear()
    mark = len(fake.sent)
    await service.resume()
    posts = _thread_sends(fake, table.thread_id, mark)
    # The first turn continued the opening message (an edit); the second turn and the third (opened by the
    # second's last move) are one post each, each showing its own last position, not the newest.
    assert len(posts) == 2, "one message per turn of the backlog"
    shown = [turns[1] - 1, turns[1]]
    moves = await _moves(fake, game_id)
    from bot.tables import table_at

    now = await service.get(game_id)
    for post, version in zip(posts, shown, strict=True):
        then = table_at(now, version, moves)
        assert post.files == (render.board(now.key, then.view(None), [p.name for p in now.seated]),)
        mover = then.player_at(min(then.to_act()))
        assert f"It is <@{mover.user_id}>'s turn" in post.content


async def _moves(fake: FakeDiscord, game_id: int) -> Any:
    from bot.store import games as game_sql

    return await game_sql.fetch_moves(fake.bot.service.db, game_id)


async def test_a_vacation_is_said_on_the_board_with_the_deadline_it_moves(
    timed: FakeDiscord, clock: FakeClock, alice: Any, bob: Any
) -> None:
    game_id, _ = await open_timed(timed, alice, bob, clock="1 hour per move", policy="forfeit (ranked last)")
    _, first = await _people(timed, game_id, alice, bob)
    me = timed.bot.get_cog("Me")
    board = last_board(timed)
    clock.advance(20 * 60)  # 40 minutes left
    await timed.command(me.vacation_start, first, days=1)  # type: ignore[union-attr]
    start = FakeClock.START + 20 * 60
    due = int(start + DAY + 40 * 60)
    assert f"<@{first.id}> is on vacation until <t:{int(start + DAY)}:R>" in board.content
    assert f"their move is due <t:{due}:R>" in board.content and f"(due <t:{due}:R>)" in board.content
    clock.advance(HOUR)  # back early, after an hour away: still 40 minutes on the clock
    await timed.command(me.vacation_end, first)  # type: ignore[union-attr]
    back = int(start + HOUR + 40 * 60)
    assert f"<@{first.id}> is back: the clock runs again; their move is due <t:{back}:R>." in board.content
    assert (await timed.bot.service.get(game_id)).deadlines[min((await timed.bot.service.get(game_id)).to_act())] \
        == back
    assert "is on vacation until" not in board.content  # back: the vacation line has left the board
    people = {alice.id: alice, bob.id: bob}
    await play_turn(timed, game_id, people, random.Random(6))
    assert "is back" not in board.content and "due <t:" not in board.content  # the turn is over: no clock lines
