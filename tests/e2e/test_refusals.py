"""Forged or stale custom_ids, and controls used by people who do not play: each is refused with a private
sentence (never the apology), and nothing changes in the game."""

from __future__ import annotations

import random

import pytest

from bot.errors import GameNotFound, NotSeated, NotYourTurn, StaleVersion
from cogs.errors import APOLOGY
from cogs.play import MOVED_ON, NOT_A_PLAYER
from tests.e2e.double import DiscordDouble, Message
from tests.e2e.play import assert_told_stale, button, click, start_game, take_turn, version_of
from tests.e2e.process import BotProcess
from tests.e2e.records import Recorded, read_game
from tests.e2e.users import InteractionFailed, SimUser


def unchanged(before: Recorded, after: Recorded) -> bool:
    return (after.version, after.moves, len(after.outbox), after.status) == (
        before.version,
        before.moves,
        len(before.outbox),
        before.status,
    )


async def refused(user: SimUser, message: Message, **click: object) -> str:
    answer = await (await user.click(message, **click)).settled()  # type: ignore[arg-type]
    text = answer.text()
    assert APOLOGY not in text and text.strip(), text
    assert all(m.audience == user.id for m in answer.messages() if m.id != message.id), "told privately"
    return text


async def test_strangers_stale_and_forged_controls_change_nothing(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser, carol: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    rng = random.Random(3)
    # The first mover asks for controls in the thread too: of the DM and this copy, one stays unused.
    first, first_version = game.movers()[0], game.version()
    await click(game, first, game.board(), button(game.board(), "Play"))
    for _ in range(3):
        await take_turn(game, rng.choice(game.movers()), rng)
    mover = game.movers()[0]
    waiting = bob if mover is alice else alice
    version, current = game.current_controls(mover)
    board = game.board()
    before = read_game(bot.database, game.id)
    gid = game.id

    # People who do not play: the board's buttons and a copy of the mover's control.
    assert str(NotSeated()) in await refused(carol, board, label="Play")
    assert NOT_A_PLAYER in await refused(carol, board, label="My hand")
    draw = f"mk:{gid}:{version}:b:draw"
    assert str(NotSeated()) in await refused(carol, board, custom_id=draw, forged=True)
    # A player whose turn it is not.
    assert str(NotYourTurn()) in await refused(waiting, board, label="Play")
    assert str(NotYourTurn()) in await refused(waiting, board, custom_id=draw, forged=True)
    # Stale: no message keeps controls of a passed position (the DM and the Play copy were both closed) ...
    assert not [m for m in first.private() if any(version_of(c) == first_version for c in m.custom_ids())]
    # ... and a client still showing one (an old copy of the message) is refused when it clicks.
    old = next(m for m in first.private() if m.channel_id == first.dm_channel_id())
    stale = f"mk:{gid}:{first_version}:b:draw"
    moved_on = await refused(first, old, custom_id=stale, forged=True)
    assert MOVED_ON in moved_on  # nothing of theirs to decide: whom the game waits for, and the board
    assert_told_stale(game, moved_on)
    # Forged: another position, a game that does not exist, payloads that name nothing or a move not allowed.
    assert str(StaleVersion()) in await refused(mover, current, custom_id=f"mk:{gid}:{version + 7}:b:draw", forged=True)
    assert str(GameNotFound(987654)) in await refused(mover, current, custom_id="mk:987654:0:b:draw", forged=True)
    for payload in ("b:zz.top", "b:play.DRAGON.x.1", "b:play.WALL.9.99", "b:cov.1"):
        await refused(mover, current, custom_id=f"mk:{gid}:{version}:{payload}", forged=True)
    await refused(mover, current, custom_id=f"mk:{gid}:{version}:s:grp.0", values=["NOPE.1"], forged=True)
    await refused(mover, current, custom_id=f"mk:{gid}:{version}:s:clm.0", values=["9.9.9"], forged=True)
    # The lobby of a running game, and a table with an impossible number of seats.
    lobby = next(m for m in double.world.public(double.world.channel_id) if f"table #{gid} " in m.content)
    await refused(carol, lobby, custom_id=f"mk:{gid}:0:join", forged=True)
    await refused(carol, lobby, custom_id=f"mk:{gid}:0:start", forged=True)
    await refused(carol, lobby, custom_id="mk:new:great_wall:99:0.0.0:open", forged=True)
    await refused(carol, lobby, custom_id="mk:new:no_such_game:2::open", forged=True)
    assert unchanged(before, read_game(bot.database, game.id))

    # A custom_id no component of the bot's matches is not the bot's: discord.py ignores it, Discord then
    # tells the person the interaction failed, and nothing changes.
    double.world.unanswered_expected = True
    with pytest.raises(InteractionFailed):
        await (await carol.click(board, custom_id="somebody-elses:button", forged=True)).settled()
    assert unchanged(before, read_game(bot.database, game.id))
    # And the game goes on.
    await take_turn(game, mover, rng)
    assert read_game(bot.database, game.id).version == version + 1
