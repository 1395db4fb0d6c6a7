"""The bot itself: start-up without the network, and deliveries that survive Discord being down."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.config import Config
from bot.store import outbox
from cogs.client import MiddleKingdomBot, ShardedBot, make_bot
from tests.cogs.flows import last_board, start_game
from tests.cogs.harness import FakeDiscord, http_error, registered_items


async def test_setup_hook_loads_commands_and_persistent_components(tmp_path: Path) -> None:
    bot = MiddleKingdomBot(Config(token="secret-token", database_path=str(tmp_path / "db.sqlite3")))
    assert "secret-token" not in repr(Config(token="secret-token"))
    intents = bot.intents
    assert not (intents.members or intents.presences or intents.message_content)  # nothing privileged
    FakeDiscord(bot)
    await bot.setup_hook()  # no dev guild: nothing is synced, so no network
    try:
        commands = {c.name: c for c in bot.tree.get_commands()}
        assert set(commands) == {"game", "rules", "help", "me", "tournament", "leaderboard", "profile", "stats",
                                 "server"}
        game = commands["game"]
        assert isinstance(game, discord.app_commands.Group)
        assert {c.name for c in game.commands} == {
            "new", "list", "mine", "board", "history", "replay", "story", "export", "resign", "cancel"
        }
        # Each cog registered its own persistent components as it loaded.
        registered = {item.__name__ for item in registered_items(bot)}
        assert registered == {
            "BoardButton", "TakeBackButton", "RulesButton", "ControlButton", "ControlSelect", "PublicControlButton",
            "ResignButton", "NewTableItem", "LobbyButton", "HistoryButton", "ReplayButton", "RematchButton",
            "StoryButton", "ServerItem", "SignupButton",
        }
        owned = {item for cog in bot.cogs.values() for item in getattr(cog, "ITEMS", ())}
        assert owned == set(registered_items(bot))
    finally:
        await bot.close()


async def test_the_bot_is_sharded_only_when_shard_count_is_set(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    async with make_bot(Config(token="t", database_path=path)) as plain:
        assert type(plain) is MiddleKingdomBot and plain.shard_count is None and plain.holds_first_shard
    async with make_bot(Config(token="t", database_path=path, shard_count=4, shard_ids=(1, 3))) as some:
        assert isinstance(some, ShardedBot) and isinstance(some, discord.AutoShardedClient)
        assert (some.shard_count, some.shard_ids, some.holds_first_shard) == (4, [1, 3], False)
    async with make_bot(Config(token="t", database_path=path, shard_count=2)) as every:
        assert isinstance(every, ShardedBot) and every.shard_ids is None and every.holds_first_shard


async def test_a_process_serves_the_servers_of_its_shards_and_dms_on_shard_0(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    on = {n: (1000 + n) << 22 for n in range(4)}  # a server id on each of 4 shards
    async with make_bot(Config(token="t", database_path=path, shard_count=4, shard_ids=(1, 2))) as some:
        assert [some.serves(on[n]) for n in range(4)] == [False, True, True, False]
        assert not some.serves(None)  # DMs arrive on shard 0
    async with make_bot(Config(token="t", database_path=path, shard_count=4, shard_ids=(0,))) as first:
        assert first.serves(None) and first.serves(on[0]) and not first.serves(on[3])
    async with make_bot(Config(token="t", database_path=path)) as plain:
        assert all(plain.serves(g) for g in (*on.values(), None))


async def test_only_the_process_holding_shard_0_syncs_the_development_servers_commands(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    for ids, synced in (((1,), False), ((0, 1), True)):
        calls: list[int | None] = []

        async def sync(*, guild: discord.abc.Snowflake | None = None, calls: list[int | None] = calls) -> list[Any]:
            calls.append(guild.id if guild is not None else None)
            return []

        async with make_bot(Config(token="t", database_path=path, dev_guild_id=123, shard_count=2,
                                   shard_ids=ids)) as bot:
            FakeDiscord(bot)
            bot.tree.sync = sync  # type: ignore[method-assign]
            await bot.setup_hook()
            assert calls == ([123] if synced else [])


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
