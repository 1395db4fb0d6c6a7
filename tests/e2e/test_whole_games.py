"""Whole games through the double: people open a table, join, start and play to the final ranking with only
the controls the bot shows them, against the real bot process. Then what each person saw is checked for
hidden information, and the database for the truth of the log."""

from __future__ import annotations

import random

from tests.e2e.double import DiscordDouble
from tests.e2e.hidden import check_hidden_information
from tests.e2e.play import Game, play_to_end, start_game
from tests.e2e.process import BotProcess
from tests.e2e.records import read_game
from tests.e2e.users import SimUser


def check_finished(game: Game, bot: BotProcess, moves: int) -> None:
    final = game.board()
    assert "Final ranking" in final.content and not final.custom_ids() and len(final.attachments) == 1
    recorded = read_game(bot.database, game.id)
    assert recorded.status == "finished" and recorded.version == len(recorded.moves) == moves
    assert recorded.replays_to_snapshot()
    assert all(delivered for *_, delivered in recorded.outbox), "every notification went out"
    versions = [b for b in game.boards() if "Final ranking" not in b.content]
    assert len(versions) == moves, "one board per position: no move lost or posted twice"
    report = check_hidden_information(game.double, recorded)
    assert report.rendered >= 10 and report.pictures > moves


async def test_great_wall_two_people(double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    moves = await play_to_end(game, random.Random(7))
    check_finished(game, bot, moves)
    assert all(not c.failed for c in game.clicks)


async def test_china_three_people(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser, carol: SimUser
) -> None:
    game = await start_game(double, "china", alice, bob, carol)
    moves = await play_to_end(game, random.Random(11))
    check_finished(game, bot, moves)


async def test_sun_tzu_two_people(double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser) -> None:
    game = await start_game(double, "sun_tzu", alice, bob)
    moves = await play_to_end(game, random.Random(5))
    check_finished(game, bot, moves)


async def test_chinatown_three_people(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser, carol: SimUser
) -> None:
    game = await start_game(double, "chinatown", alice, bob, carol)
    moves = await play_to_end(game, random.Random(3))
    check_finished(game, bot, moves)
