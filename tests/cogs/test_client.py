"""The bot itself: start-up without the network, and deliveries that survive Discord being down."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.config import Config
from bot.store import outbox
from cogs.client import DYNAMIC_ITEMS, MiddleKingdomBot
from tests.cogs.flows import last_board, start_game
from tests.cogs.harness import FakeDiscord, http_error


async def test_setup_hook_loads_commands_and_persistent_components(tmp_path: Path) -> None:
    bot = MiddleKingdomBot(Config(token="secret-token", database_path=str(tmp_path / "db.sqlite3")))
    assert "secret-token" not in repr(Config(token="secret-token"))
    intents = bot.intents
    assert not (intents.members or intents.presences or intents.message_content)  # nothing privileged
    FakeDiscord(bot)
    await bot.setup_hook()  # no dev guild: nothing is synced, so no network
    try:
        commands = {c.name: c for c in bot.tree.get_commands()}
        assert set(commands) == {"game", "rules", "help", "me", "tournament", "leaderboard", "profile", "server"}
        game = commands["game"]
        assert isinstance(game, discord.app_commands.Group)
        assert {c.name for c in game.commands} == {
            "new", "list", "mine", "board", "history", "replay", "export", "resign", "cancel"
        }
        registered = set(bot._connection._view_store._dynamic_items.values())
        assert registered == set(DYNAMIC_ITEMS)
    finally:
        await bot.close()


async def test_a_board_that_could_not_be_posted_is_posted_at_the_next_start(
    tmp_path: Path, alice: Any, bob: Any
) -> None:
    path = str(tmp_path / "db.sqlite3")
    down = await FakeDiscord.start(path)
    down.failures.append(http_error(discord.HTTPException, 503, 0, "Service Unavailable"))
    game_id, _ = await start_game(down, alice, bob)
    assert await outbox.pending(down.bot.service.db, game_id), "kept for later"
    assert not any(s.files for s in down.sent)
    threads = list(down.threads)
    await down.stop()

    bot = MiddleKingdomBot(Config(token="t", database_path=path), ai_delay=0)
    up = FakeDiscord(bot)
    up.threads = threads
    await bot.setup_hook()  # resume() delivers what was left
    try:
        assert await outbox.pending(bot.service.db, game_id) == []
        board = last_board(up)
        assert board.where == f"thread:{threads[0]}" and board.files and "begins" in board.content
        assert len(up.threads) == 1  # the thread made before the failure is reused, not made again
    finally:
        await up.stop()


async def test_an_archived_thread_is_unarchived_to_post(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    fake.failures.append(http_error(discord.HTTPException, 400, 50083, "Thread is archived"))
    mover = alice if table.player_at(min(table.to_act())).user_id == alice.id else bob
    await fake.click(mover, last_board(fake), label="Play")
    await fake.click(mover, fake.last(private=True), label="Draw a card")
    assert fake.unarchived == [table.thread_id]
    assert "drew a card" in last_board(fake).content
    assert await outbox.pending(fake.bot.service.db, game_id) == []
