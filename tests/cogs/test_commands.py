"""``/game list``, ``mine``, ``board``, ``resign``, ``cancel`` and ``/rules``; a game against the computer."""

from __future__ import annotations

import random
from typing import Any

import render
from bot.names import picture_names
from tests.cogs.flows import last_board, make_move, open_table, rules_embed, start_game
from tests.cogs.harness import FakeDiscord, labels


def _cog(fake: FakeDiscord) -> Any:
    return fake.bot.get_cog("GameCommands")


async def test_list_and_mine(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    await open_table(fake, carol, seats=3)
    table = await fake.bot.service.get(game_id)
    mover = table.player_at(min(table.to_act())).user_id
    await fake.command(_cog(fake).list_games, carol)
    listing = fake.last()
    assert listing.private
    assert f"#1 **The Great Wall of China**: <@{mover}> to move in <#{table.thread_id}>" in listing.content
    assert "#2 **The Great Wall of China**: open table, 1/3 seats taken" in listing.content
    await fake.command(_cog(fake).mine, alice if mover == alice.id else bob)
    assert fake.last().private and "#1 **The Great Wall of China**: **your move**" in fake.last().content
    await fake.command(_cog(fake).mine, carol)
    assert "#2" in fake.last().content and "#1" not in fake.last().content


async def test_board_reposts_the_public_board_in_the_games_thread(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    mark = len(fake.sent)
    await fake.command(_cog(fake).board, bob, channel_id=table.thread_id)  # no game named: this thread's
    ack, board = fake.since(mark)
    assert ack.private and "Here is the board" in ack.content
    assert not board.private and labels(board.view) == ["Play", "My hand"]
    assert board.files == (render.board("great_wall", table.view(None), picture_names(table)),)
    await fake.command(_cog(fake).board, bob)  # from the lobby channel: which game is not clear
    assert fake.last().private and "Which game?" in fake.last().content
    lobby_id, _ = await open_table(fake, alice)
    await fake.command(_cog(fake).board, bob, game=lobby_id)
    assert fake.last().private and fake.last().content == "This game has not started yet."


async def test_resign_asks_first_then_ends_a_two_player_game(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    await fake.command(_cog(fake).resign, carol, game=game_id)
    assert fake.last().private and fake.last().content == "You are not playing in this game."
    await fake.command(_cog(fake).resign, bob, game=game_id)
    confirm = fake.last()
    assert confirm.private and "You will be ranked last" in confirm.content
    assert (await fake.bot.service.get(game_id)).status == "running"
    await fake.click(bob, confirm, label="Resign")
    assert confirm.content == "You resigned from The Great Wall of China #1." and confirm.view is None
    table = await fake.bot.service.get(game_id)
    assert table.status == "finished"
    final = fake.last(f"thread:{table.thread_id}")
    assert "resigned" in final.content and "Final ranking" in final.content
    assert labels(final.view) == ["Rematch", "New table", "Game story"]
    assert final.files == [render.final("great_wall", table.view(None), picture_names(table))]


async def test_cancel_is_for_the_host_or_a_manager(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    await fake.command(_cog(fake).cancel, bob, game=game_id)
    assert fake.last().private and "Only the person who opened the table" in fake.last().content
    await fake.command(_cog(fake).cancel, carol, game=game_id, manage=True)
    assert fake.last().private and fake.last().content == "The Great Wall of China #1 was cancelled."
    table = await fake.bot.service.get(game_id)
    assert table.status == "cancelled"
    assert any(s.where == f"thread:{table.thread_id}" and "was cancelled" in s.content for s in fake.public())
    lobby_id, lobby = await open_table(fake, alice)
    await fake.command(_cog(fake).cancel, alice, game=lobby_id)
    assert "This table was cancelled." in lobby.content and lobby.view is None


async def test_rules_is_a_private_illustrated_summary(fake: FakeDiscord, carol: Any) -> None:
    embed = await rules_embed(fake, carol, "great_wall")
    assert embed.title == "The Great Wall of China (2-5 players)"
    assert embed.image.url == "attachment://rules.png" and "Dragon" in (embed.description or "")


async def test_a_game_against_the_computer(fake: FakeDiscord, alice: Any) -> None:
    game_id, lobby = await open_table(fake, alice, seats=2)
    await fake.click(alice, lobby, label="Add computer (easy)")
    await fake.click(alice, lobby, label="Start")
    rng = random.Random(3)
    for _ in range(12):  # the computer answers every move of Alice's at once (ai_delay=0)
        table = await fake.bot.service.get(game_id)
        assert table.player_at(min(table.to_act())).user_id == alice.id
        await make_move(fake, game_id, {alice.id: alice}, rng)
    table = await fake.bot.service.get(game_id)
    computer = next(p for p in table.players if p.is_ai)
    moves = [s for s in fake.public() if s.content.startswith(f"{computer.name} ")]
    assert moves and all(s.files and s.where == f"thread:{table.thread_id}" for s in moves)
    assert "It is <@101>'s turn." in last_board(fake).content
