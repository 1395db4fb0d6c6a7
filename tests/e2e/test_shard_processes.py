"""Two bot processes as the two shards of one bot, on one PostgreSQL database, against the double: a whole game
in a server on each shard, clicks arriving at both processes (a server's clicks at its shard, every DM click
at shard 0), each process killed with SIGKILL in the middle and started again. Afterwards no move is lost or
applied twice, every notification went out, and every timer fired once."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from tests.e2e.double import DiscordDouble
from tests.e2e.double.model import shard_of
from tests.e2e.play import Game, start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.records import Recorded, check_log, read_game_at
from tests.e2e.users import InteractionFailed, SimUser
from tests.postgres import PostgresServer

TIMERS_PER_GAME = 6  # thread upkeep timers each game is given, due while it is played
KILL_AFTER_MOVES = (12, 30)  # shard 0's process dies after this many moves of both games, then shard 1's
MAX_UNANSWERED = 5  # clicks in a row a person makes again after no answer (a process was dead)


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    world = DiscordDouble(heartbeat_ms=5_000, shards=2)
    await world.start()
    yield world
    await world.stop()


class Shards:
    """The two processes, and their deaths: each is killed once, when the games have made so many moves."""

    def __init__(self, double: DiscordDouble, tmp_path: Path, url: str) -> None:
        env = {"DATABASE_URL": url, "DEV_GUILD_ID": ""}
        self.processes = [
            BotProcess(double, tmp_path / "unused.sqlite3", tmp_path / f"shard{n}.log", shards=(2, (n,)), extra_env=env)
            for n in (0, 1)
        ]
        self.back = asyncio.Event()  # both processes run
        self.back.set()

    async def kill_and_restart(self, shard: int) -> None:
        process = self.processes[shard]
        self.back.clear()
        process.kill()
        await process.wait_dead()
        await asyncio.sleep(1.0)  # the other process goes on alone meanwhile
        await process.start()
        self.back.set()


async def play(game: Game, shards: Shards, rng: random.Random, moves: list[int]) -> None:
    """Take turns to the end; a click the dead process never answered is made again once it is back (a few
    times in a row at most: more means something else is wrong)."""
    unanswered = 0
    while not game.over():
        try:
            if await take_turn(game, rng.choice(game.movers()), rng) is not None:
                moves.append(game.id)
            unanswered = 0
        except InteractionFailed:
            unanswered += 1
            if unanswered > MAX_UNANSWERED:
                raise
            await shards.back.wait()


async def add_timers(url: str, game_id: int, now: float) -> None:
    """Thread upkeep timers due over the next seconds, as if the game had run for weeks (each keeps the thread
    open and sets the next upkeep six days on). All are due within ~4.5 s: a game's end cancels the timers
    still pending, and a game of moves at the bot's pace with two restarts takes longer than that (8 s on a
    fast machine, 13 s on one half as fast)."""
    conn = await asyncpg.connect(url)
    try:
        for n in range(TIMERS_PER_GAME):
            await conn.execute(
                "INSERT INTO timers (game_id, kind, seat, version, due_at) VALUES ($1, 'upkeep', NULL, 0, $2)",
                game_id, now + 0.5 + 0.8 * n,
            )
    finally:
        await conn.close()


async def upkeep_timers(url: str, game_id: int) -> list[tuple[float, float | None]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT due_at, fired_at FROM timers WHERE game_id = $1 AND kind = 'upkeep'", game_id)
        return [(r["due_at"], r["fired_at"]) for r in rows]
    finally:
        await conn.close()


async def settled(url: str, game_id: int, timeout: float = 30.0) -> Recorded:
    """The game once every notification is out (a dead process's are sent by the other, or after its start)."""
    deadline = time.monotonic() + timeout
    while True:
        recorded = await read_game_at(url, game_id)
        if all(delivered for *_, delivered in recorded.outbox) or time.monotonic() > deadline:
            return recorded
        await asyncio.sleep(0.2)


async def test_two_shard_processes_on_one_postgresql_database(
    double: DiscordDouble,
    tmp_path: Path,
    postgres_server: PostgresServer,
    alice: SimUser,
    bob: SimUser,
    carol: SimUser,
    dave: SimUser,
) -> None:
    world = double.world
    world.unanswered_expected = True  # clicks made while a process was dead
    url = await postgres_server.new_database()
    far = world.add_guild("Far server", shard=(1 - shard_of(world.guild_id, 2), 2))
    shards = Shards(double, tmp_path, url)
    await shards.processes[0].sync_commands()  # globally: people type the commands in both servers
    for process in shards.processes:
        await process.start()
    try:
        near_game = await start_game(double, "great_wall", alice, bob)
        far_game = await start_game(double, "great_wall", carol, dave, channel_id=far.channel_id)
        now = time.time()
        for game in (near_game, far_game):
            await add_timers(url, game.id, now)
        moves: list[int] = []
        # A task group: when one game's player fails, the other stops too (left running after the test, it
        # would click at stopped processes for ever and keep the test's teardown from ending).
        async with asyncio.TaskGroup() as group:
            players = [
                group.create_task(play(game, shards, random.Random(seed), moves))
                for game, seed in ((near_game, 3), (far_game, 4))
            ]
            for shard, after in enumerate(KILL_AFTER_MOVES):
                while len(moves) < after and not all(p.done() for p in players):
                    await asyncio.sleep(0.05)
                await shards.kill_and_restart(shard)
        assert [p.kills for p in shards.processes] == [1, 1] and [p.starts for p in shards.processes] == [2, 2]

        # Clicks came to both processes: the far server's and every DM's at shard 0, the near server's at 1.
        on_shard = {0: 0, 1: 0}
        for interaction in world.interactions.values():
            if interaction.type == 3:
                on_shard[double.gateway.shard_for(world.channels[interaction.channel_id].guild_id)] += 1
        assert min(on_shard.values()) >= 10, on_shard
        print(f"\nclicks by shard {on_shard}, moves {len(moves)}, kills {[p.kills for p in shards.processes]}")

        for game in (near_game, far_game):
            recorded = await settled(url, game.id)
            check_log(game, recorded)  # nothing lost, nothing applied twice or without its click
            assert all(delivered for *_, delivered in recorded.outbox), "every notification went out"
            # Every timer fired once, while the game ran: a firing writes one upkeep notification in the
            # transaction that marks it fired, and sets the next upkeep six days on.
            timers = await upkeep_timers(url, game.id)
            ours = [(due, fired) for due, fired in timers if due < now + 60]
            assert len(ours) == TIMERS_PER_GAME and all(fired is not None for _, fired in ours)
            # A game that ends first cancels its timers still due (marked at the end, before their time): on a
            # machine quicker than any seen, the last one or two; a firing is at or after its due time.
            went_off = [due for due, fired in ours if fired >= due]
            assert len(went_off) >= TIMERS_PER_GAME - 2, ours
            assert sum(1 for _, kind, _, _ in recorded.outbox if kind == "upkeep") == len(went_off)
            later = [due for due, _ in timers if due > now + 5 * 86400]
            assert len(later) == len(went_off) + 1  # one per firing, and the one the start set
    finally:
        for process in shards.processes:
            await process.stop()
    assert world.violations == [], world.violations
    for process in shards.processes:
        assert process.problems() == [], process.log_tail(60)
