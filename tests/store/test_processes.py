"""Several bot processes on one PostgreSQL database: each test opens the database twice (two pools, two lock
sessions: to the server, two processes) and races them. A move is applied once, a timer fires once, each
notification is sent once and in order, and no rating update is lost."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.clock import TimerDispatcher
from bot.errors import StaleVersion
from bot.store import outbox as outbox_sql
from bot.store import ratings as rating_sql
from bot.store import timers as timer_sql
from bot.store.db import Database
from bot.store.timers import TimerRow
from bot.tables import Notification, Table, TableService

pytestmark = pytest.mark.parametrize("backend", ["postgres"], indirect=True)


class Counting:
    """A notifier; ``sent`` may be shared by both processes, to see the order in which they sent."""

    def __init__(self, sent: list[Notification] | None = None) -> None:
        self.sent: list[Notification] = [] if sent is None else sent

    async def deliver(self, table: Table, note: Notification) -> None:
        await asyncio.sleep(0.01)  # a Discord call: the other process has time to try the same
        self.sent.append(note)


@pytest.fixture
async def other(database_target: str) -> AsyncIterator[Database]:
    """The same database, opened again: what a second bot process has."""
    database = await Database.open(database_target)
    yield database
    await database.close()


async def _started(service: TableService, first_user: int = 1) -> Table:
    table = await service.create(
        key="great_wall", creator_id=first_user, creator_name="Ana", seat_count=2, seed=5
    )
    await service.join(table.id, first_user + 1, "Bo")
    return await service.start(table.id, first_user)


async def test_a_game_is_held_by_one_process_at_a_time(db: Database, other: Database) -> None:
    order: list[str] = []

    async def hold(database: Database, name: str) -> None:
        async with database.hold("game:1"):
            order.append(f"{name} in")
            await asyncio.sleep(0.05)
            order.append(f"{name} out")

    await asyncio.gather(hold(db, "a"), hold(other, "b"))
    assert order in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])
    async with db.claim("delivery:1") as mine, other.claim("delivery:1") as theirs:
        assert (mine, theirs) == (True, False)
    async with other.claim("delivery:1") as theirs:
        assert theirs  # let go at the end of the block


async def test_a_process_that_dies_lets_go_of_its_games(database_target: str, other: Database) -> None:
    dying = await Database.open(database_target)
    entered = asyncio.Event()

    async def hold_forever() -> None:
        async with dying.hold("game:7"):
            entered.set()
            await asyncio.sleep(3600)

    task = asyncio.create_task(hold_forever())
    await entered.wait()
    async with other.claim("game:7") as free:
        assert not free
    await dying.close()  # its connections end, as they do when a process is killed
    async with asyncio.timeout(10), other.hold("game:7"):
        pass
    task.cancel()


async def test_the_same_click_in_two_processes_is_applied_once(db: Database, other: Database) -> None:
    a, b = TableService(db, Counting()), TableService(other, Counting())
    table = await _started(a)
    seat = min(table.to_act())
    user = table.player_at(seat).user_id
    assert user is not None
    action = table.game.legal_actions(table.state, seat)[0]
    results = await asyncio.gather(
        a.act(table.id, user, action, version=table.version),
        b.act(table.id, user, action, version=table.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleVersion) for r in results) == 1, results
    assert (await a.get(table.id)).version == 1
    assert len(await a.move_log(table.id)) == 1


async def test_each_notification_goes_out_once_and_in_order(db: Database, other: Database) -> None:
    sent: list[Notification] = []
    a, b = TableService(db, Counting(sent)), TableService(other, Counting(sent))
    table = await _started(a)
    for _ in range(6):  # moves committed in both processes, each delivering at once
        table = await a.get(table.id)
        seat = min(table.to_act())
        user = table.player_at(seat).user_id
        assert user is not None
        service = a if table.version % 2 else b
        await service.act(table.id, user, table.game.legal_actions(table.state, seat)[0])
    async with db.tx() as conn:  # three more left unsent, as by a process that died
        for version in (7, 8, 9):
            await outbox_sql.add(conn, table.id, version, "reminder", {"seat": 0, "events": []}, 1.0)
    await asyncio.gather(a.delivery.deliver_all(), b.delivery.deliver_all(), a.resume(), b.resume())
    ids = [i for note in sent for i in note.outbox_ids]
    assert ids == sorted(set(ids))  # none twice, in commit order across both processes
    assert await outbox_sql.pending(db, table.id) == []  # none lost
    assert len([n for n in sent if n.kind == "reminder"]) == 3


async def test_a_due_timer_fires_once_with_two_dispatchers(db: Database, other: Database) -> None:
    table = await _started(TableService(db))
    async with db.tx() as conn:
        for due in (1.0, 2.0, 3.0):
            await timer_sql.add(conn, table.id, "reminder", 0, 0, due)
    reminders = [t.id for t in await timer_sql.due(db, 10.0)]
    assert len(reminders) == 3
    handled: list[int] = []

    def handler(database: Database) -> Callable[[TimerRow], Awaitable[None]]:
        async def fire(timer: TimerRow) -> None:
            handled.append(timer.id)
            await asyncio.sleep(0.02)  # the other dispatcher reads the same due timers meanwhile
            async with database.tx() as conn:
                await timer_sql.mark_fired(conn, timer.id, 10.0)

        return fire

    first = TimerDispatcher(db, handler(db), clock=lambda: 10.0)
    second = TimerDispatcher(other, handler(other), clock=lambda: 10.0)
    counts = await asyncio.gather(first.run_due(), second.run_due())
    assert sorted(handled) == reminders and sum(counts) == 3  # each handled once, by one of them
    assert await timer_sql.due(db, 10.0) == []


async def test_ratings_of_games_finishing_at_once_in_two_processes_add_up(db: Database, other: Database) -> None:
    a, b = TableService(db), TableService(other)
    first, second = await _started(a), await _started(b)
    await asyncio.gather(a.resign(first.id, 1), b.resign(second.id, 1))
    rows = {r.user_id: r for r in await rating_sql.ratings_of_user(db, 1) + await rating_sql.ratings_of_user(db, 2)}
    assert (rows[1].games, rows[1].wins, rows[2].games, rows[2].wins) == (2, 0, 2, 2)
