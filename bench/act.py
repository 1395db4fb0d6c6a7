"""``act()`` latency through the table service with a real SQLite file, including render and PNG encoding,
the work done for every move in Discord (the notifier renders the public board)."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

import render
from bot import games
from bot.statuses import TableStatus
from bot.store.db import Database
from bot.tables import Notification, Table, TableService


class RenderingNotifier:
    """Does what the Discord notifier does per move, minus the network: render the public board."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    async def deliver(self, table: Table, note: Notification) -> None:
        png = render.board(table.key, table.game.view(table.state, None))
        self.sizes.append(len(png))


async def act_latency(key: str, players: int, moves: int = 300, seed: int = 1) -> dict[str, float]:
    game = games.get(key)
    notifier = RenderingNotifier()
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.sqlite3")
        service = TableService(db, notifier)
        rng = random.Random(seed)
        users = list(range(1, players + 1))
        table_id = None
        while len(timings) < moves:
            if table_id is None or (await service.get(table_id)).status != TableStatus.RUNNING:
                table = await service.create(
                    key=key, creator_id=users[0], creator_name="u1", seat_count=players, seed=rng.randrange(2**31)
                )
                for user in users[1:]:
                    await service.join(table.id, user, f"u{user}")
                table_id = (await service.start(table.id, users[0])).id
            table = await service.get(table_id)
            seat = min(table.to_act())
            mover = table.player_at(seat).user_id
            assert mover is not None
            action = rng.choice(game.legal_actions(table.state, seat))
            started = time.perf_counter()
            await service.act(table_id, mover, action, version=table.version)
            timings.append(time.perf_counter() - started)
        await db.close()
    timings.sort()
    return {
        "p50_ms": 1000 * statistics.median(timings),
        "p95_ms": 1000 * timings[int(0.95 * (len(timings) - 1))],
        "png_max_kb": max(notifier.sizes) / 1024,
        "png_mean_kb": statistics.fmean(notifier.sizes) / 1024,
    }
