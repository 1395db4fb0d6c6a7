"""Every position of a game, replayed from its move log: what the replay viewer and a record's replay show.

A game is a function of (seed, options, moves) (docs/ARCHITECTURE.md, rule 1), so position ``v`` is the
table after its first ``v`` moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import Game
from bot.tables import Table, TableService


def states_of(game: Game, players: int, seed: int, options: dict[str, Any],
              moves: Sequence[tuple[int, str, dict[str, Any]]]) -> list[Any]:
    """``states[v]``: the state after the first ``v`` moves, each ``(seat, kind, action)``; ``kind`` is
    "resign" or a move. Raises the engine's IllegalAction (or ValueError) for a move that cannot be made."""
    state = game.new(players, seed, options)
    states = [state]
    for seat, kind, action in moves:
        state = game.resign(state, seat)[0] if kind == "resign" else game.apply(state, seat, action)[0]
        states.append(state)
    return states


def tables_of(table: Table, moves: Sequence[tuple[int, str, dict[str, Any]]]) -> tuple[Table, ...]:
    """The table at every version from 0 to ``len(moves)`` (deadlines are only known for the newest one)."""
    game = table.game
    states = states_of(game, len(table.players), table.seed, table.options, moves)
    return tuple(
        replace(table, version=v, state=state, status="finished" if game.is_over(state) else "running",
                deadlines={})
        for v, state in enumerate(states)
    )


async def positions(service: TableService, table: Table) -> tuple[Table, ...]:
    """The table at every version of its log, up to ``table.version`` (replayed off the event loop)."""
    log = await service.move_log(table.id)
    moves = [(m.seat, m.kind, m.action) for m in log[: table.version]]
    return await asyncio.to_thread(tables_of, table, moves)
