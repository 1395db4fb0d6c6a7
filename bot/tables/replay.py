"""The log is the truth: a game's state rebuilt from (seed, options, moves), now or at an earlier version.

Every replay goes through ``replay_steps``, which checks each move as the service did when it was made: a
log the service wrote always passes, and a record read from a file names its first bad move (``BadMove``).

A take-back is a move of the log too (kind ``action``, action ``{"take_back": true}``, the seat taking
back): it restores the position before that seat's last move still standing, which the engine must allow
(``Game.can_take_back``), and tells one public event of type ``take_back``. Take-backs in a row undo the
seat's moves one by one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.base import TAKE_BACK, Event, Game, IllegalAction
from bot.statuses import TableStatus
from bot.store.games import MoveRow
from bot.tables.model import Table

Move = tuple[int, str, Mapping[str, Any]]  # (seat, "action" or "resign", the action)
TAKE_BACK_ACTION: Mapping[str, Any] = {TAKE_BACK: True}  # the action of a take-back in the log


def is_take_back(kind: str, action: Mapping[str, Any]) -> bool:
    return kind == "action" and action.get(TAKE_BACK) is True


@dataclass(frozen=True)
class Standing:
    """A move still standing (not taken back): what a take-back of it restores and checks."""

    number: int  # its place in the log: the version it made
    before: Any
    seat: int
    kind: str
    action: Mapping[str, Any]
    after: Any
    events: tuple[Event, ...]


def take_back_event(seat: int) -> Event:
    """The one thing a take-back tells, public and revealing nothing: who took back their move."""
    return Event(TAKE_BACK, {"seat": seat})


def may_take_back(game: Game, standing: Sequence[Standing], seat: int) -> bool:
    """Does the engine let ``seat`` take back the last move still standing (which must be its own)?"""
    if not standing:
        return False
    last = standing[-1]
    # The decision must stay with the same players: a move that hands it on is answered, not taken back.
    return (last.seat == seat and last.kind == "action" and game.to_act(last.before) == game.to_act(last.after)
            and game.can_take_back(last.before, seat, last.action, last.after, last.events))


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
    for state, said, _ in _replay(game, players, seed, options, moves):
        yield state, said


def _replay(
    game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Iterable[Move]
) -> Iterator[tuple[Any, tuple[Event, ...], list[Standing]]]:
    state = game.new(players, seed, options)
    standing: list[Standing] = []
    yield state, (), standing
    for number, (seat, kind, action) in enumerate(moves, start=1):
        if is_take_back(kind, action):
            if not 0 <= seat < players or not may_take_back(game, standing, seat):
                raise BadMove(number, f"seat {seat} cannot take back the last move.")
            state = standing.pop().before
            yield state, (take_back_event(seat),), standing
            continue
        if game.is_over(state):
            raise BadMove(number, "the game was already over.")
        if not 0 <= seat < players:
            raise BadMove(number, f"there is no seat {seat}.")
        if kind != "resign" and not game.can_act(state, seat):
            raise BadMove(number, f"seat {seat} was not to act.")
        before = state
        try:
            if kind == "resign":
                state, said = game.resign(state, seat, timed_out=bool(action.get("timed_out")))
            else:
                state, said = game.apply(state, seat, dict(action))
        except IllegalAction as error:
            raise BadMove(number, str(error)) from None
        standing.append(Standing(number, before, seat, kind, action, state, tuple(said)))
        yield state, tuple(said), standing


def standing_moves(
    game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Iterable[MoveRow]
) -> list[Standing]:
    """The moves of the log still standing after it, in order (each take-back removed the one it took back)."""
    steps = _replay(game, players, seed, options, ((m.seat, m.kind, m.action) for m in moves))
    return deque(steps, maxlen=1)[0][2]


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
