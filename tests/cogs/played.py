"""Games played to a position through the real table service, one random legal move after another."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from bot.games.base import Event
from bot.tables import Position, Table, TableService

NAMES = ("Ana", "Ben", "Cai", "Dee", "Eva")
FIRST_USER = 101  # user ids 101, 102, ... (the cog tests' Alice is 101, Bob 202)


async def seat_players(
    service: TableService, key: str, players: int, *, seed: int, users: tuple[int, ...] | None = None,
    **create: Any,
) -> Table:
    """A started table of ``players`` people (``users``, or 101, 102, ...)."""
    ids = users or tuple(FIRST_USER + n for n in range(players))
    table = await service.create(key=key, creator_id=ids[0], creator_name=NAMES[0], seat_count=players, seed=seed,
                                 **create)
    for n, user in enumerate(ids[1:], start=1):
        await service.join(table.id, user, NAMES[n])
    return await service.start(table.id, ids[0])


async def play(service: TableService, table: Table, rng: random.Random, moves: int | None = None) -> Table:
    """Random legal moves by the seats to act, ``moves`` of them or until the game ends."""
    made = 0
    while table.status == "running" and (moves is None or made < moves):
        seat = min(table.to_act())
        action = rng.choice(table.game.legal_actions(table.state, seat))
        user = table.player_at(seat).user_id
        assert user is not None
        table = (await service.act(table.id, user, action)).table
        made += 1
    return table


def other_secrets(rows: list[Position], rng: random.Random) -> list[Position]:
    """The same moves with every private part of their events replaced by something else (what a public
    text must not depend on)."""
    def scrambled(events: tuple[Event, ...]) -> tuple[Event, ...]:
        return tuple(replace(e, private={s: {"secret": rng.random()} for s in e.private}) for e in events)

    return [replace(row, events=scrambled(row.events)) for row in rows]
