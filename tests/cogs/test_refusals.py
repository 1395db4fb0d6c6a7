"""Who may do what: non-players and players out of turn are refused privately; stale controls say so."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot import catalogs, games, i18n
from bot.errors import NotYourTurn
from bot.games.base.language import tr
from bot.games.base.words import join
from bot.names import table_link
from bot.tables import Table
from cogs.controls import may_act, waiting_sentence
from cogs.errors import not_your_turn, report
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
    # Whom the game waits for (by name: the answer pings nobody), what for, and where the latest board is.
    expected = (
        f"It is not your move. The game is waiting for {mover.name} to play cards or draw a card. "
        f"Latest board: {table_link(table)}"
    )
    await fake.click(waiting, board, label="Play")
    assert fake.last().private and fake.last().content == expected
    controls = await _open_controls(fake, mover)
    await fake.dispatch(waiting, controls, _control_id(controls, "Draw a card"))
    assert fake.last().private and fake.last().content == expected and fake.last().view is None
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
    # The same (now stale) button again: one move only, and that very message shows the current decision.
    stale = Posted(controls.id, controls.where, True, view=old_view, owner=mover.id)
    mark = len(fake.sent)
    await fake.dispatch(mover, stale, draw)
    answer = fake.last()
    assert fake.posted_since(mark) == [] and answer.id == controls.id  # no new message: the old one updated
    assert answer.private and "the board has changed; here is the current position" in answer.content and answer.files
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


# -- whom the game waits for ---------------------------------------------------------------------------------
async def _running(fake: FakeDiscord, key: str, players: int) -> Table:
    service = fake.bot.service
    table = await service.create(
        key=key, creator_id=500, creator_name="Ann", seat_count=players, seed=players, options=None
    )
    for n, name in enumerate(("Bo", "Cy", "Di", "Ed")[: players - 1], start=1):
        await service.join(table.id, 500 + n, name)
    return await service.start(table.id, 500)


@pytest.mark.parametrize("key", games.GAMES)
async def test_every_refusal_out_of_turn_names_whom_the_game_waits_for(fake: FakeDiscord, key: str) -> None:
    """Through whole games: whoever may not act is told who is awaited (by name, never a mention), what for,
    and where the latest board is; the sentence starts as every such refusal does."""
    players = min(games.get(key).max_players, 3)
    table = await _running(fake, key, players)
    game, rng = table.game, random.Random(7)
    state, refusals, steps = table.state, 0, 0
    while not game.is_over(state) and steps < 400:
        steps += 1
        now = replace(table, state=state)
        waiting = sorted(game.to_act(state))
        for seat in range(players):
            if may_act(now, seat):
                continue
            text = str(not_your_turn(now))
            names = [now.player_at(s).name for s in waiting]
            assert text.startswith(f"{NotYourTurn.SENTENCE} The game is waiting for "), text
            assert all(name in text for name in names) and "<@" not in text, text
            assert f"{join(names)} to " in text or f"{join(names)} in the warlord window" in text, text
            assert text.endswith(f"Latest board: {table_link(now)}"), text
            refusals += 1
        seat = rng.choice(waiting)
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert refusals > 0


def _waiting_messages() -> list[tuple[str, str]]:
    """Every counted "The game is waiting for {players} ..." message the code says, (singular, plural)."""
    return [message.id for domain in catalogs.code_messages().values() for message in domain.values()
            if isinstance(message.id, tuple) and message.id[0].startswith("The game is waiting for {players}")]


@pytest.mark.parametrize("code", ["es-ES", "ja"])
@pytest.mark.parametrize("key", [key for key in games.GAMES if key != "toy"])
async def test_whom_the_game_waits_for_is_one_whole_message_in_the_verbs_number(
    fake: FakeDiscord, key: str, code: str
) -> None:
    """Through whole games, in Spanish and Japanese: the sentence on whom the game waits for is exactly one
    catalog message, chosen by the game for the step, in the plural form for how many are awaited ("a que
    Ana reponga", "a que Ana y Bo repongan"), never a translated fragment spliced into another message."""
    players = min(games.get(key).max_players, 3)
    table = await _running(fake, key, players)
    game, rng = table.game, random.Random(11)
    pairs = _waiting_messages()
    state, said, steps = table.state, 0, 0
    with i18n.speaking(code) as language:
        while not game.is_over(state) and steps < 300:
            steps += 1
            now = replace(table, state=state)
            waiting = sorted(game.to_act(state))
            names = join([now.player_at(s).name for s in waiting])
            sentence = waiting_sentence(now)
            whole = {language.catalog.ngettext(s, p, len(waiting)).format(players=names) for s, p in pairs}
            assert sentence in whole | {tr("The game is waiting for {players}.", players=names)}, sentence
            said += 1
            seat = rng.choice(waiting)
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert said > 0


async def test_a_refusal_from_the_table_service_is_completed_by_the_error_handler(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    """The service knows names, not Discord: its refusal names the mover; the one error handler adds what the
    game waits for and the latest board."""
    game_id, _ = await start_game(fake, alice, bob)
    table, mover, waiting = await _seated(fake, game_id, alice, bob)
    with pytest.raises(NotYourTurn) as raised:
        await fake.bot.service.act(game_id, waiting.id, {"type": "draw"})
    assert str(raised.value) == f"It is not your move. The game is waiting for {mover.name}."
    interaction = fake.interaction(waiting)
    await report(interaction, raised.value, game_id=game_id)
    assert fake.last().private and fake.last().content == str(not_your_turn(table))
    assert "to play cards or draw a card" in fake.last().content


async def test_a_stale_control_out_of_turn_says_whom_the_game_waits_for(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    _, mover, other = await _seated(fake, game_id, alice, bob)
    controls = await _open_controls(fake, mover)
    draw, old_view = _control_id(controls, "Draw a card"), controls.view
    table = await fake.bot.service.get(game_id)
    while mover.id in {table.player_at(s).user_id for s in table.to_act()}:  # two draws end a turn
        await fake.bot.service.act(game_id, mover.id, {"type": "draw"})
        table = await fake.bot.service.get(game_id)
    await fake.dispatch(mover, Posted(controls.id, controls.where, True, view=old_view, owner=mover.id), draw)
    answer = fake.last()
    assert answer.private and answer.id == controls.id and answer.view is None  # that message, without controls
    assert f"The game is waiting for {other.name} to play cards or draw a card." in answer.content
