"""Who may do what: non-players and players out of turn are refused privately; stale controls say so."""

from __future__ import annotations

from typing import Any

import discord

from bot.tables import Table
from tests.cogs.flows import is_control, last_board, start_game
from tests.cogs.harness import FakeDiscord, Posted, labels, walk


async def _seated(fake: FakeDiscord, game_id: int, alice: Any, bob: Any) -> tuple[Table, Any, Any]:
    table = await fake.bot.service.get(game_id)
    mover_id = table.player_at(min(table.to_act())).user_id
    return (table, alice, bob) if mover_id == alice.id else (table, bob, alice)


def _control_id(message: Posted, label: str) -> str:
    for item in walk(message.view):
        inner = getattr(item, "item", item)
        if getattr(inner, "label", None) == label:
            return str(inner.custom_id)
    raise AssertionError(f"no {label!r} in {labels(message.view)}")


async def _open_controls(fake: FakeDiscord, user: Any) -> Posted:
    await fake.click(user, last_board(fake), label="Play")
    controls = fake.last(private=True)
    assert controls.owner == user.id and controls.files  # the hand picture comes with the controls
    return controls


async def test_non_players_are_refused_politely(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table, mover, _ = await _seated(fake, game_id, alice, bob)
    board = last_board(fake)
    await fake.click(carol, board, label="Play")
    assert fake.last().private and fake.last().content == "You are not playing in this game."
    await fake.click(carol, board, label="My hand")
    refusal = fake.last()
    assert refusal.private and "Only the players of this game have a hand" in refusal.content and not refusal.files
    # Even a forged click on the mover's own controls is refused, and nothing moves.
    controls = await _open_controls(fake, mover)
    await fake.dispatch(carol, controls, _control_id(controls, "Draw a card"))
    assert fake.last().private and fake.last().content == "You are not playing in this game."
    assert (await fake.bot.service.get(game_id)).version == table.version


async def test_players_out_of_turn_are_refused(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table, mover, waiting = await _seated(fake, game_id, alice, bob)
    board = last_board(fake)
    await fake.click(waiting, board, label="Play")
    assert fake.last().private and fake.last().content == "It is not your turn."
    controls = await _open_controls(fake, mover)
    await fake.dispatch(waiting, controls, _control_id(controls, "Draw a card"))
    assert fake.last().private and fake.last().content == "It is not your turn."
    assert (await fake.bot.service.get(game_id)).version == table.version
    # Out of turn, "My hand" still works, privately, with the waiting player's own picture.
    await fake.click(waiting, board, label="My hand")
    hand = fake.last()
    assert hand.private and hand.owner == waiting.id and hand.files and hand.content.startswith("Your hand:")


async def test_a_stale_control_says_so_and_shows_the_current_board(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table, mover, _ = await _seated(fake, game_id, alice, bob)
    controls = await _open_controls(fake, mover)
    draw = _control_id(controls, "Draw a card")
    old_view = controls.view
    await fake.click(mover, controls, label="Draw a card")
    after = await fake.bot.service.get(game_id)
    assert after.version == table.version + 1
    assert "You drew" in controls.content  # the mover's own message tells them privately what they drew
    # The same (now stale) button again: one move only, and a private answer with the current board.
    stale = Posted(controls.id, controls.where, True, view=old_view, owner=mover.id)
    await fake.dispatch(mover, stale, draw)
    answer = fake.last()
    assert answer.private and "the board has changed" in answer.content and answer.files
    assert any(is_control(item, after) for item in walk(answer.view))  # still their move: fresh controls
    assert (await fake.bot.service.get(game_id)).version == after.version


async def test_an_old_board_message_opens_the_current_controls(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    _, mover, _ = await _seated(fake, game_id, alice, bob)
    first_board = last_board(fake)
    play = next(getattr(i, "item", i) for i in walk(first_board.view) if getattr(getattr(i, "item", i), "label", "")
                == "Play")
    controls = await _open_controls(fake, mover)
    await fake.click(mover, controls, label="Draw a card")
    table = await fake.bot.service.get(game_id)
    # The board message is edited to the new position; a client still showing the old one may click it.
    await fake.dispatch(mover, first_board, play.custom_id, base=play)
    answer = fake.last()
    assert answer.private and answer.content.startswith("The board has changed since that message")
    assert any(is_control(item, table) for item in walk(answer.view))


async def test_unreadable_select_values_are_refused(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table, mover, _ = await _seated(fake, game_id, alice, bob)
    controls = await _open_controls(fake, mover)
    select = next(
        getattr(i, "item", i) for i in walk(controls.view) if isinstance(getattr(i, "item", i), discord.ui.Select)
    )
    for forged in ("WALL.x", "BOMB.1", "WALL.99"):
        await fake.dispatch(mover, controls, select.custom_id, (forged,))
        answer = fake.last()
        assert answer.private and "press Play for fresh controls" in answer.content
    assert (await fake.bot.service.get(game_id)).version == table.version
