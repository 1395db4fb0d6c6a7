"""The timer dispatcher task: sleeps until the next timer, wakes early for an earlier one, retries failures."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.clock import TimerDispatcher
from bot.store import games as game_sql
from bot.store import timers as timer_sql
from bot.store.db import Database
from bot.store.timers import TimerRow

pytestmark = pytest.mark.backends


async def _game(db: Database) -> int:
    async with db.tx() as conn:
        return await game_sql.insert_game(
            conn, key="great_wall", guild_id=None, channel_id=None, creator_id=1, seat_count=2,
            options={}, seed=1, now=0.0,
        )


async def test_dispatcher_task_fires_when_due_and_wakes_for_new_timers(db: Database) -> None:
    game_id = await _game(db)
    fired: list[int] = []
    got_one = asyncio.Event()

    async def handler(timer: TimerRow) -> None:
        async with db.tx() as conn:
            await timer_sql.mark_fired(conn, timer.id, time.time())
        fired.append(timer.id)
        got_one.set()

    dispatcher = TimerDispatcher(db, handler, max_sleep=30)
    dispatcher.start()
    await asyncio.sleep(0.05)  # asleep with nothing to do, for up to 30 s
    async with db.tx() as conn:
        await timer_sql.add(conn, game_id, "upkeep", None, 0, time.time() + 0.1)
    dispatcher.wake()
    await asyncio.wait_for(got_one.wait(), timeout=5)
    await dispatcher.stop()
    assert len(fired) == 1


async def test_failing_handler_leaves_the_timer_for_later(db: Database) -> None:
    game_id = await _game(db)
    async with db.tx() as conn:
        await timer_sql.add(conn, game_id, "upkeep", None, 0, 5.0)
    calls = 0

    async def flaky(timer: TimerRow) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ConnectionError("down")
        async with db.tx() as conn:
            await timer_sql.mark_fired(conn, timer.id, 10.0)

    dispatcher = TimerDispatcher(db, flaky, clock=lambda: 10.0)
    assert await dispatcher.run_due() == 0  # failed, kept
    assert await dispatcher.run_due() == 1  # retried, fired
    assert await dispatcher.run_due() == 0  # once
