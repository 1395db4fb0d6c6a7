"""The request budget every bot process shares through PostgreSQL (bot/store/pacing.py): two processes
reserving at once get distinct slots, a slot's width apart, in all; the database's clock is the only one."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from bot.pacing import Budget, Priority
from bot.services import Services
from bot.store import pacing as pacing_sql
from bot.store.db import Database

pytestmark = pytest.mark.parametrize("backend", ["postgres"], indirect=True)


@pytest.fixture
async def other(database_target: str) -> AsyncIterator[Database]:
    """The same database, opened again: what a second bot process has."""
    database = await Database.open(database_target)
    yield database
    await database.close()


async def test_two_processes_share_one_budget(db: Database, other: Database) -> None:
    interval = 0.5  # wide slots: the time the reservations themselves take does not blur them
    started = time.monotonic()
    waits = await asyncio.gather(*(pacing_sql.reserve(db if n % 2 else other, interval) for n in range(20)))
    took = time.monotonic() - started
    assert took < interval / 2
    # Each reservation is a slot of its own: 0, 0.5, 1.0, ... seconds away, less the time since the first.
    slots = sorted(waits)
    for n, wait in enumerate(slots):
        assert n * interval - took - 0.05 <= wait <= n * interval + 0.05


async def test_the_budget_of_a_process_on_postgresql_is_the_shared_one(database_target: str, other: Database) -> None:
    services = await Services.open(database_target)
    try:
        budget = Budget(services.request_slots(rate=4.0, share=0.5))
        started = time.monotonic()
        await asyncio.gather(*(budget.take(Priority.MOVE) for _ in range(3)))
        elapsed = time.monotonic() - started
        # The other process takes the next slot meanwhile: this one's next request comes a slot later still.
        assert await pacing_sql.reserve(other, 0.25) == pytest.approx(0.25 * 3 - elapsed, abs=0.1)
        assert 0.5 - 0.05 <= elapsed <= 0.5 + 0.2  # three requests, a quarter of a second apart: the whole rate
    finally:
        await services.close()

