"""Two clicks at the same instant: one move is applied, the other click is told clearly why not."""

from __future__ import annotations

import asyncio

from bot.errors import NotYourTurn
from cogs.errors import APOLOGY
from tests.e2e.double import DiscordDouble
from tests.e2e.play import assert_told_stale, board_version, button, click, start_game
from tests.e2e.process import BotProcess
from tests.e2e.records import read_game
from tests.e2e.users import SimUser


async def test_one_person_two_devices_one_move(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    mover = game.movers()[0]
    version = game.version()
    assert version is not None
    in_dm = game.controls_for(mover, version)
    assert in_dm is not None and in_dm.audience == mover.id
    ephemeral = (await click(game, mover, game.board(), button(game.board(), "Play"))).reply
    assert ephemeral is not None and ephemeral.ephemeral
    first, second = await asyncio.gather(
        mover.click(in_dm, label="Draw a card"), mover.click(ephemeral, label="Draw a card")
    )
    await asyncio.gather(first.settled(), second.settled())
    recorded = read_game(bot.database, game.id)
    assert recorded.version == version + 1 and len(recorded.moves) == version + 1
    told = [e for e in (first, second) if "That move was already made or the board has changed" in e.text()]
    assert len(told) == 1, [first.text(), second.text()]
    assert_told_stale(game, told[0].text())
    assert [board_version(b, game.id) for b in game.boards()].count(version + 1) == 1


async def test_two_people_at_the_same_instant(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    mover = game.movers()[0]
    other = bob if mover is alice else alice
    version, controls = game.current_controls(mover)
    board = game.board()
    moved, refused = await asyncio.gather(mover.click(controls, label="Draw a card"), other.click(board, label="Play"))
    await asyncio.gather(moved.settled(), refused.settled())
    assert read_game(bot.database, game.id).version == version + 1
    assert str(NotYourTurn()) in refused.text() and APOLOGY not in refused.text()
    assert all(m.audience == other.id for m in refused.messages()), "the refusal is for the clicker only"


async def test_simultaneous_phase_both_commit_at_once(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    """Sun Tzu's players choose in secret at the same time: both clicks land. Each is applied, or (a control
    that names a position the other's move just changed) answered with the sentence and fresh controls."""
    game = await start_game(double, "sun_tzu", alice, bob)
    version = game.version()
    assert version is not None and len(game.movers()) == 2
    controls = [game.controls_for(user, version) for user in (alice, bob)]
    assert all(c is not None for c in controls)
    picks = []
    for user, message in zip((alice, bob), controls, strict=True):
        assert message is not None
        select = next(c for row in message.components for c in row["components"] if c["type"] == 3)
        picks.append(user.click(message, custom_id=select["custom_id"], values=[select["options"][0]["value"]]))
    answers = await asyncio.gather(*picks)
    await asyncio.gather(*(a.settled() for a in answers))
    recorded = read_game(bot.database, game.id)
    applied = {m.seat for m in recorded.moves}
    assert 1 <= len(recorded.moves) <= 2 and len(applied) == len(recorded.moves), "no move twice"
    for user, answer in zip((alice, bob), answers, strict=True):
        assert APOLOGY not in answer.text()
        if recorded.seat_of(user.id) not in applied:
            assert_told_stale(game, answer.text())
