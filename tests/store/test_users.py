"""Per-user settings: a vacation begins, is extended and ends in one transaction each."""

from __future__ import annotations

import pytest

from bot.players import PlayerService
from bot.store import users as user_sql
from bot.store.db import Database
from bot.tables import TableService

DAY = 86_400.0

pytestmark = pytest.mark.backends


async def test_a_vacation_is_extended_from_its_start_and_ended_early(db: Database) -> None:
    assert await user_sql.end_vacation(db, 7, 100.0) is None  # not away: nothing changes
    assert await user_sql.settings(db, 7) == user_sql.UserSettings(7)

    away = await user_sql.start_vacation(db, 7, 100.0, 100.0 + 3 * DAY)
    assert (away.vacation_start, away.vacation_until) == (100.0, 100.0 + 3 * DAY)
    longer = await user_sql.start_vacation(db, 7, 100.0 + DAY, 100.0 + 6 * DAY)
    assert (longer.vacation_start, longer.vacation_until) == (100.0, 100.0 + 6 * DAY)  # the day away still counts

    assert await user_sql.end_vacation(db, 7, 100.0 + 2 * DAY) == 100.0 + 6 * DAY  # the planned end
    back = await user_sql.settings(db, 7)
    assert (back.vacation_start, back.vacation_until) == (100.0, 100.0 + 2 * DAY)
    assert not back.on_vacation(100.0 + 2 * DAY)

    again = await user_sql.start_vacation(db, 7, 100.0 + 5 * DAY, 100.0 + 7 * DAY)  # a new vacation starts anew
    assert (again.vacation_start, again.vacation_until) == (100.0 + 5 * DAY, 100.0 + 7 * DAY)


async def test_a_vacation_is_one_transaction(db: Database) -> None:
    """Reading the vacation in progress and writing the new one happen in one transaction: no other write
    can come between them."""
    transactions = 0
    tx = db.tx

    def counted() -> object:
        nonlocal transactions
        transactions += 1
        return tx()

    db.tx = counted  # type: ignore[method-assign]
    await user_sql.start_vacation(db, 7, 100.0, 100.0 + DAY)
    await user_sql.end_vacation(db, 7, 200.0)
    assert transactions == 2


async def test_a_dm_channel_is_remembered_across_a_restart(database_target: str) -> None:
    """A person's DM channel, once opened, is known to the next process on the database: not opened again."""
    db = await Database.open(database_target)
    try:
        players = PlayerService(db, TableService(db))
        assert await players.dm_channel(7) is None  # never opened
        await players.remember_dm_channel(7, 123_456_789_012_345_678)
        assert await players.dm_channel(7) == 123_456_789_012_345_678
    finally:
        await db.close()
    db = await Database.open(database_target)  # the bot restarted (or another process)
    try:
        players = PlayerService(db, TableService(db))
        assert await players.dm_channel(7) == 123_456_789_012_345_678
        assert (await players.settings(7)).dm_channel_id == 123_456_789_012_345_678
        await players.remember_dm_channel(7, None)  # gone: open another next time
        assert await PlayerService(db, TableService(db)).dm_channel(7) is None
    finally:
        await db.close()
