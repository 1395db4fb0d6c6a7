"""A move's table is built from what was committed, not read back (bot/tables/moves.py), and a table read
again reuses the position remembered for its version (bot/tables/reader.py): both must equal what a fresh
read of the database gives, along real games of every engine, with forced moves, computers and timeouts."""

from __future__ import annotations

import contextlib
import random
from dataclasses import fields
from typing import Any

import pytest

from bot import games
from bot.clock import TimerDispatcher
from bot.games import IllegalAction
from bot.store.db import Database
from bot.tables import Table, TableService
from bot.tables.reader import TableReader
from bot.timecontrol import TimeControl

START = 1_800_000_000.0


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def assert_same(built: Table, read: Table) -> None:
    for field in fields(Table):
        if field.name != "state":
            assert getattr(built, field.name) == getattr(read, field.name), field.name
    game = read.game
    assert (built.state is None) == (read.state is None)
    if read.state is not None:
        assert game.dump(built.state) == game.dump(read.state)
        for seat in (None, *range(len(read.players))):
            assert game.view(built.state, seat) == game.view(read.state, seat)
        assert built.to_act() == read.to_act() and built.result() == read.result()


class Checked:
    """Every table a move commits, compared with a fresh read (no remembered positions) at once."""

    def __init__(self, service: TableService, db: Database) -> None:
        self.count = 0
        committer = service._moves
        built = committer._committed

        async def checked(*args: Any, **kwargs: Any) -> Table:
            table = await built(*args, **kwargs)
            assert_same(table, await TableReader(db).get(table.id))
            self.count += 1
            return table

        committer._committed = checked  # type: ignore[method-assign]


async def _play(service: TableService, table: Table, rng: random.Random, moves: int) -> Table:
    earlier: list[dict[str, Any]] = []
    for _ in range(moves):
        await service.computers.idle()
        table = await service.get(table.id)
        assert_same(table, await TableReader(service.db).get(table.id))  # the remembered position's read
        movers = [s for s in sorted(table.to_act()) if table.player_at(s).user_id is not None]
        if table.status != "running" or not movers:
            break
        seat = rng.choice(movers)
        user = table.player_at(seat).user_id
        assert user is not None
        if earlier:  # an action of an earlier position, mostly refused: the remembered state stays intact
            with contextlib.suppress(IllegalAction):
                await service.act(table.id, user, rng.choice(earlier))
            assert_same(await service.get(table.id), await TableReader(service.db).get(table.id))
            table = await service.get(table.id)
            if table.status != "running" or seat not in table.to_act():
                continue
        earlier = [dict(a) for a in table.game.legal_actions(table.state, seat)]
        outcome = await service.act(table.id, user, rng.choice(earlier))
        assert outcome.table.version > table.version
    return table


@pytest.mark.parametrize("key", games.GAMES)
async def test_committed_tables_equal_what_is_read_back(db: Database, key: str) -> None:
    service = TableService(db)
    checked = Checked(service, db)
    rng = random.Random(key)
    engine = games.get(key)
    players = min(max(engine.min_players, 3), engine.max_players)
    table = await service.create(key=key, creator_id=1, creator_name="P1", seat_count=players, seed=9)
    for user in range(2, players):
        await service.join(table.id, user, f"P{user}")
    await service.add_ai(table.id, 1)
    await service.start(table.id, 1)
    table = await _play(service, table, rng, 150)
    await service.computers.idle()
    assert checked.count > 20


async def test_timed_games_deadlines_and_forfeits_equal_what_is_read_back(db: Database) -> None:
    clock = FakeClock()
    service = TableService(db, clock=clock)
    dispatcher = TimerDispatcher(db, service.fire_timer, clock=clock)
    service.on_timers_changed = dispatcher.wake
    checked = Checked(service, db)
    for policy in ("ai", "forfeit"):
        table = await service.create(key="great_wall", creator_id=1, creator_name="P1", seat_count=3, seed=4,
                                     time_control=TimeControl("move", limit=300), timeout_policy=policy)
        for user in (2, 3):
            await service.join(table.id, user, f"P{user}")
        await service.start(table.id, 1)
        rng = random.Random(policy)
        for _ in range(4):
            table = await _play(service, table, rng, 3)
            clock.now += 301  # whoever is to act runs out of time
            await dispatcher.run_due()
            await service.computers.idle()
        table = await service.get(table.id)
        assert_same(table, await TableReader(db).get(table.id))
        if policy == "forfeit":
            assert any(p.forfeited for p in table.players)
    assert checked.count > 10
