"""The log is the truth: a game's state rebuilt from (seed, options, moves), now or at an earlier version."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import Game
from bot.statuses import TableStatus
from bot.store.games import MoveRow
from bot.tables.model import Table


def replay_moves(
    game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Iterable[MoveRow]
) -> Any:
    state = game.new(players, seed, options)
    for move in moves:
        if move.kind == "resign":
            state, _ = game.resign(state, move.seat)
        else:
            state, _ = game.apply(state, move.seat, move.action)
    return state


def table_at(table: Table, version: int, moves: Sequence[MoveRow]) -> Table:
    """The table as it stood at an earlier version, replayed from the log (deadlines are only known for the
    newest one)."""
    game = table.game
    state = replay_moves(game, len(table.players), table.seed, table.options, moves[:version])
    status = TableStatus.FINISHED if game.is_over(state) else TableStatus.RUNNING
    return replace(table, version=version, state=state, status=status, deadlines={})
