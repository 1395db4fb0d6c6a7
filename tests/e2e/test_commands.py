"""Slash commands as people type them (from the definitions the bot registered at start), through the
double: answers in the right place, private where they should be, and a resignation that ends the game."""

from __future__ import annotations

import random

from tests.e2e.double import DiscordDouble
from tests.e2e.play import board_version, start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.records import read_game
from tests.e2e.users import SimUser


async def test_commands_answer_where_they_should(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser, carol: SimUser
) -> None:
    assert {"game", "rules"} <= set(double.world.commands), "registered at start in the development server"
    game = await start_game(double, "great_wall", alice, bob)
    await take_turn(game, game.movers()[0], random.Random(0))

    listed = await (await carol.command("game list")).settled()
    assert f"#{game.id}" in listed.text() and all(m.audience == carol.id for m in listed.messages())
    mine = await (await alice.command("game mine")).settled()
    assert f"#{game.id}" in mine.text() and all(m.audience == alice.id for m in mine.messages())
    rules = await (await carol.command("rules", game="great_wall")).settled()
    answer = rules.last()
    assert answer.audience == carol.id and (answer.content or answer.embeds or answer.attachments)

    # /game board in the game's thread: a private "here it is" and the board itself, public, in the thread.
    boards = len(game.boards())
    shown = await (await carol.command("game board", channel_id=game.thread_id)).until(
        lambda: len(game.boards()) > boards
    )
    assert board_version(game.board(), game.id) == read_game(bot.database, game.id).version
    assert game.board().audience is None and game.board().channel_id == game.thread_id
    assert shown.reply is not None and shown.reply.audience == carol.id

    # /game resign asks first (privately), then the confirmation ends a game of two.
    asked = await (await bob.command("game resign", game=game.id)).settled()
    confirm = asked.last()
    assert confirm.audience == bob.id and ("label", "Resign") in [("label", c.get("label")) for row in
                                                                   confirm.components for c in row["components"]]
    await (await bob.click(confirm, label="Resign")).settled()
    recorded = read_game(bot.database, game.id)
    assert recorded.status == "finished" and recorded.moves[-1].kind == "resign"
    assert game.over() and "Final ranking" in game.board().content

    # /stats: Alice's record, for her alone: one game, won, played to the end; Bob's resignation counted as his.
    mine = (await (await alice.command("stats")).settled()).last()
    assert mine.audience == alice.id
    assert mine.content.split("\n")[:3] == ["**Alice**: 1 game, 1 win · average place 1.0",
                                            "Winning streak: 1 now, longest 1.", "Plays to the end: 100% (1 of 1)."]
    theirs = (await (await carol.command("stats", game="great_wall")).settled()).last()
    assert theirs.audience == carol.id and theirs.content.startswith("Carol has not finished a game of ")
