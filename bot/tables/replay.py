"""The log is the truth: a game's state rebuilt from (seed, options, moves), now or at an earlier version.

Every replay goes through ``replay_steps``, which checks each move as the service did when it was made: a
log the service wrote always passes, and a record read from a file names its first bad move (``BadMove``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import Event, Game, IllegalAction
from bot.statuses import TableStatus
from bot.store.games import MoveRow
from bot.tables.model import Table

Move = tuple[int, str, Mapping[str, Any]]  # (seat, "action" or "resign", the action)


class BadMove(ValueError):
    """A move of a log that cannot be made; ``str()`` is the sentence, starting with the move's number."""

    def __init__(self, number: int, why: str) -> None:
        super().__init__(f"Move {number} cannot be made: {why}")
        self.number = number


def replay_steps(
    game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Iterable[Move]
) -> Iterator[tuple[Any, tuple[Event, ...]]]:
    """(state, what the move did) for the new game (no events) and after each move; BadMove for the first
    move that is not legal where it stands."""
    state = game.new(players, seed, options)
    yield state, ()
    for number, (seat, kind, action) in enumerate(moves, start=1):
        if game.is_over(state):
            raise BadMove(number, "the game was already over.")
        if not 0 <= seat < players:
            raise BadMove(number, f"there is no seat {seat}.")
        if kind != "resign" and not game.can_act(state, seat):
            raise BadMove(number, f"seat {seat} was not to act.")
        try:
            if kind == "resign":
                state, said = game.resign(state, seat, timed_out=bool(action.get("timed_out")))
            else:
                state, said = game.apply(state, seat, dict(action))
        except IllegalAction as error:
            raise BadMove(number, str(error)) from None
        yield state, tuple(said)


def replay_moves(
    game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Iterable[MoveRow]
) -> Any:
    """The state after the logged moves."""
    steps = replay_steps(game, players, seed, options, ((m.seat, m.kind, m.action) for m in moves))
    return deque(steps, maxlen=1)[0][0]  # only the last step is kept


def at_version(table: Table, version: int, state: Any) -> Table:
    """``table`` as it stood at ``version``, in ``state`` (deadlines are only known for the newest one)."""
    status = TableStatus.FINISHED if table.game.is_over(state) else TableStatus.RUNNING
    return replace(table, version=version, state=state, status=status, deadlines={})


def table_at(table: Table, version: int, moves: Sequence[MoveRow]) -> Table:
    """The table as it stood at an earlier version, replayed from the log."""
    return at_version(table, version, replay_moves(table.game, len(table.players), table.seed, table.options,
                                                   moves[:version]))
