"""Every position of a game, replayed from its move log: what the replay viewer and a game record show.

A game is a function of (seed, options, moves) (docs/ARCHITECTURE.md, rule 1), so position ``v`` is the
state after its first ``v`` moves. A log written by the table service is legal move by move; a record read
from a file may not be, so each move is checked as the service checks it and the first that cannot be made
raises ``BadMove`` naming it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.base import Event, Game, IllegalAction
from bot.statuses import TableStatus
from bot.store.outbox import MOVE_KINDS, OutboxRow
from bot.tables import Table, TableService

Move = tuple[int, str, Mapping[str, Any]]  # (seat, "action" or "resign", the action)
# What the thread was told of each position (``TableService.positions``), for the Discord layer, which
# reads the store only through the services.
Position = OutboxRow
POSITION_KINDS = MOVE_KINDS  # the rows that are positions of the game (not clock news or reminders)


class BadMove(ValueError):
    """A move of a log that cannot be made; ``str()`` is the sentence, starting with the move's number."""

    def __init__(self, number: int, why: str) -> None:
        super().__init__(f"Move {number} cannot be made: {why}")
        self.number = number


@dataclass(frozen=True)
class Replayed:
    states: tuple[Any, ...]  # states[v]: after the first v moves
    events: tuple[tuple[Event, ...], ...]  # events[v]: what move v did (events[0] is empty)


def replay_log(game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Sequence[Move]) -> Replayed:
    """Every state of the game; BadMove for the first move that is not legal where it stands."""
    state = game.new(players, seed, options)
    states: list[Any] = [state]
    events: list[tuple[Event, ...]] = [()]
    for number, (seat, kind, action) in enumerate(moves, start=1):
        if game.is_over(state):
            raise BadMove(number, "the game was already over.")
        if not 0 <= seat < players:
            raise BadMove(number, f"there is no seat {seat}.")
        if kind != "resign" and not game.can_act(state, seat):
            raise BadMove(number, f"seat {seat} was not to act.")
        try:
            state, said = game.resign(state, seat) if kind == "resign" else game.apply(state, seat, dict(action))
        except IllegalAction as error:
            raise BadMove(number, str(error)) from None
        states.append(state)
        events.append(tuple(said))
    return Replayed(tuple(states), tuple(events))


def tables_of(table: Table, moves: Sequence[Move]) -> tuple[Table, ...]:
    """The table at every version from 0 to ``len(moves)`` (deadlines are only known for the newest one)."""
    game = table.game
    replayed = replay_log(game, len(table.players), table.seed, table.options, moves)
    return tuple(
        replace(table, version=v, state=state, deadlines={},
                status=TableStatus.FINISHED if game.is_over(state) else TableStatus.RUNNING)
        for v, state in enumerate(replayed.states)
    )


async def positions(service: TableService, table: Table) -> tuple[Table, ...]:
    """The table at every version of its log, up to ``table.version`` (replayed off the event loop)."""
    log = await service.move_log(table.id)
    moves = [(m.seat, m.kind, m.action) for m in log[: table.version]]
    return await asyncio.to_thread(tables_of, table, moves)
