"""Running tables straight from the table service, without Discord: for tests of what is built from a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.tables import Table, TableService


async def started_table(
    service: TableService,
    key: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    names: Sequence[str] = (),
) -> Table:
    """A started ``key`` table of people 100, 101, ... (called ``names``, else P0, P1, ...), person 100 its host."""
    names = names or [f"P{n}" for n in range(players)]
    table = await service.create(
        key=key, creator_id=100, creator_name=names[0], seat_count=players, seed=seed, options=options
    )
    for n in range(1, players):
        await service.join(table.id, 100 + n, names[n])
    return await service.start(table.id, 100)
