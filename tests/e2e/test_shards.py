"""The bot sharded (``SHARD_COUNT``, ``SHARD_IDS``) against the double: each shard gets its servers, and a DM
click, which Discord delivers on shard 0, plays a game of a server that shard 0's process does not hold
(nothing in its caches: the thread is reached by id through the REST API). Processes running some of the
shards share a PostgreSQL database."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.errors import APOLOGY
from tests.e2e.double import DiscordDouble
from tests.e2e.double.model import DM
from tests.e2e.play import Game, choose, click, start_game
from tests.e2e.process import BotProcess
from tests.e2e.users import SimUser
from tests.postgres import PostgresServer


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    world = DiscordDouble(heartbeat_ms=5_000, shards=2)
    await world.start()
    yield world
    await world.stop()


async def dm_turn(game: Game, user: SimUser, rng: random.Random) -> None:
    """One move made only with the controls of the player's turn DM (never "Play" on the board, whose click
    would go to the server's shard)."""
    version = game.version()
    assert version is not None
    controls = await game.turn_dm(user, version)
    assert controls is not None and game.double.world.channels[controls.channel_id].type == DM, "a turn DM"
    for _ in range(40):
        answer = await click(game, user, controls, choose(controls, rng))
        if game.clicks[-1].moved:
            return
        if answer.followups:  # refused: a sentence for the person; the turn DM still holds the controls
            assert APOLOGY not in answer.followups[-1].content
            fresh = game.controls_for(user, version)
            assert fresh is not None
            controls = fresh
        else:
            assert answer.reply is not None and answer.reply.custom_ids(), answer.text()
            controls = answer.reply
    raise AssertionError(f"{user.name} made no move from the turn DM")


def check_clean(double: DiscordDouble, *processes: BotProcess) -> None:
    assert double.world.violations == [], double.world.violations
    assert [i.data for i in double.world.interactions.values() if not i.answered] == []
    for process in processes:
        assert process.problems() == [], process.log_tail(60)


async def test_a_dm_click_on_shard_0_plays_a_game_of_a_server_on_shard_1(
    double: DiscordDouble, tmp_path: Path, postgres_server: PostgresServer, alice: SimUser, bob: SimUser
) -> None:
    far = double.world.add_guild("Far server", shard=(1, 2))
    database, log = tmp_path / "unused.sqlite3", tmp_path / "bot.log"
    env = {"DATABASE_URL": await postgres_server.new_database(), "DEV_GUILD_ID": ""}
    both = BotProcess(double, database, log, shards=(2, (0, 1)), extra_env=env)
    await both.sync_commands()  # globally: people type the commands in every server
    await both.start()
    try:
        # One process, both shards: the far server's lobby and game are handled on shard 1.
        game = await start_game(double, "great_wall", alice, bob, channel_id=far.channel_id)
        assert double.world.channels[game.thread_id].guild_id == far.id
    finally:
        await both.stop()
    first_board = game.version()

    only_zero = BotProcess(double, database, log, shards=(2, (0,)), extra_env=env)
    await only_zero.start()
    try:
        zero = double.gateway.sessions[0]
        served = {frame["d"]["id"] for frame in zero.frames if frame["t"] == "GUILD_CREATE"}
        assert str(far.id) not in served, "shard 0's process does not hold the far server"
        rng = random.Random(17)
        for _ in range(6):
            (mover,) = game.movers()
            await dm_turn(game, mover, rng)
        dm_clicks = [c for c in double.world.interactions.values() if c.type == 3 and
                     double.world.channels[c.channel_id].type == DM]
        assert dm_clicks and all(c.answered for c in dm_clicks)
        # The moves were told in the far server's thread, through the REST API by the thread's id.
        version = game.version()
        assert version is not None and first_board is not None and version >= first_board + 6
        assert game.board().channel_id == game.thread_id
    finally:
        await only_zero.stop()
    check_clean(double, both, only_zero)
