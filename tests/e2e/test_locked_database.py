"""The database locked by another process (a backup, say: BEGIN EXCLUSIVE held for a while). A move waits
for a short lock; after the bot's busy timeout it fails cleanly (told, nothing written) and works again once
the lock is gone. A lock that comes after the move was committed never undoes or doubles it."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from bot.store.db import BUSY_TIMEOUT_MS
from cogs.errors import APOLOGY
from tests.e2e.double import DiscordDouble, Message
from tests.e2e.play import Game, start_game
from tests.e2e.process import BotProcess
from tests.e2e.records import read_game
from tests.e2e.users import SimUser

BUSY = BUSY_TIMEOUT_MS / 1000


class Lock:
    """BEGIN EXCLUSIVE on the bot's database from another connection, held in a thread for ``seconds``."""

    def __init__(self, path: Path, seconds: float) -> None:
        self.path, self.seconds = path, seconds
        self.taken = threading.Event()
        self.thread = threading.Thread(target=self._hold, daemon=True)

    def _hold(self) -> None:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            conn.execute("BEGIN EXCLUSIVE")
            self.taken.set()
            time.sleep(self.seconds)
            conn.execute("ROLLBACK")
        finally:
            conn.close()

    def take(self) -> Lock:
        self.thread.start()
        assert self.taken.wait(10), "could not lock the database"
        return self

    async def released(self) -> None:
        await asyncio.to_thread(self.thread.join)


def mover_controls(game: Game) -> tuple[SimUser, int, Message]:
    mover = game.movers()[0]
    version, controls = game.current_controls(mover)
    return mover, version, controls


@pytest.mark.logs_errors  # the failed attempt is logged with its traceback
async def test_a_move_waits_for_a_short_lock_and_fails_cleanly_after_a_long_one(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)

    mover, version, controls = mover_controls(game)
    lock = Lock(bot.database, BUSY / 2).take()
    started = time.monotonic()
    answer = await (await mover.click(controls, label="Draw a card")).settled()
    assert time.monotonic() - started >= BUSY / 2 - 0.5, "the move waited for the lock"
    await lock.released()
    assert read_game(bot.database, game.id).version == version + 1 and APOLOGY not in answer.text()

    mover, version, controls = mover_controls(game)
    before = read_game(bot.database, game.id)
    lock = Lock(bot.database, BUSY + 2).take()
    answer = await (await mover.click(controls, label="Draw a card")).settled()
    assert APOLOGY in answer.text(), "told that it did not work"
    assert all(m.audience == mover.id for m in answer.messages())
    await lock.released()
    after = read_game(bot.database, game.id)
    assert (after.version, after.moves, after.outbox) == (before.version, before.moves, before.outbox)
    assert game.version() == version, "no board for a move that was not made"
    # The same control works once the lock is gone.
    await (await mover.click(controls, label="Draw a card")).settled()
    assert read_game(bot.database, game.id).version == version + 1


@pytest.mark.logs_errors  # the notification that could not be marked delivered is logged
async def test_a_lock_after_the_commit_neither_undoes_nor_doubles_the_move(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    mover, version, controls = mover_controls(game)
    locks: list[Lock] = []
    # While the board is being posted (the move is committed), a backup locks the database for longer than
    # the bot waits: marking the notification delivered fails.
    def lock(_path: str) -> None:
        if not locks:
            locks.append(Lock(bot.database, BUSY + 1).take())

    # The board goes out as a new message, or as an edit of the turn's message.
    for method, route in (("POST", r"/channels/\{id\}/messages"), ("PATCH", r"/channels/\{id\}/messages/\{id\}")):
        double.faults.on(method, route, lock, when=lambda path: f"/channels/{game.thread_id}/" in path)
    answer = await (await mover.click(controls, label="Draw a card")).settled(timeout=30)
    await locks[0].released()
    recorded = read_game(bot.database, game.id)
    assert recorded.version == version + 1 and len(recorded.moves) == version + 1
    assert APOLOGY not in answer.text(), "the move was made: the mover is told so"
    assert version + 1 in game.shown_versions()
