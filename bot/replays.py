"""Every position of a game, replayed from its move log: what the replay viewer and a game record show.

A game is a function of (seed, options, moves) (docs/ARCHITECTURE.md, rule 1), so position ``v`` is the
state after its first ``v`` moves. A log written by the table service is legal move by move; a record read
from a file may not be, so each move is checked as the service checks it and the first that cannot be made
raises ``BadMove`` naming it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import Event, Game
from bot.store.outbox import MOVE_KINDS
from bot.tables import Table, TableService
from bot.tables.model import Position
from bot.tables.replay import BadMove, Move, at_version, replay_steps

__all__ = ["POSITION_KINDS", "BadMove", "Move", "Position", "Replayed", "positions", "replay_log", "tables_of"]
# What the thread was told of each position (``TableService.positions``), for the Discord layer, which
# reads the store only through the services.
POSITION_KINDS = MOVE_KINDS  # the rows that are positions of the game (not clock news or reminders)


@dataclass(frozen=True)
class Replayed:
    states: tuple[Any, ...]  # states[v]: after the first v moves
    events: tuple[tuple[Event, ...], ...]  # events[v]: what move v did (events[0] is empty)


def replay_log(game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Sequence[Move]) -> Replayed:
    """Every state of the game; BadMove for the first move that is not legal where it stands."""
    steps = list(replay_steps(game, players, seed, options, moves))
    return Replayed(tuple(state for state, _ in steps), tuple(events for _, events in steps))


def tables_of(table: Table, moves: Sequence[Move]) -> tuple[Table, ...]:
    """The table at every version from 0 to ``len(moves)``."""
    steps = replay_steps(table.game, len(table.players), table.seed, table.options, moves)
    return tuple(at_version(table, v, state) for v, (state, _) in enumerate(steps))


async def positions(service: TableService, table: Table) -> tuple[Table, ...]:
    """The table at every version of its log, up to ``table.version`` (replayed off the event loop)."""
    log = await service.move_log(table.id)
    moves = [(m.seat, m.kind, m.action) for m in log[: table.version]]
    return await asyncio.to_thread(tables_of, table, moves)
