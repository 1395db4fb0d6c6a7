"""Every position of a game, replayed from its move log: what the replay viewer and a game record show.

A game is a function of (seed, options, moves) (docs/ARCHITECTURE.md, rule 1), so position ``v`` is the
state after its first ``v`` moves. A log written by the table service is legal move by move; a record read
from a file may not be, so each move is checked as the service checks it and the first that cannot be made
raises ``BadMove`` naming it.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import WrongStatus
from bot.games.base import Event, Game
from bot.games.base import language as words
from bot.games.base.language import tr
from bot.sentences import opening_line, position_lines
from bot.store.outbox import MOVE_KINDS
from bot.tables import Table, TableService, opens_turn
from bot.tables.model import Position
from bot.tables.replay import BadMove, Move, at_version, replay_steps

__all__ = [
    "POSITION_KINDS", "BadMove", "Frames", "Move", "Position", "Replayed", "frames_of", "load_frames", "positions",
    "replay_log", "tables_of",
]
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


KEPT = 8  # games whose frames stay in memory (a viewer clicking through one game needs one)


@dataclass(frozen=True)
class Frames:
    """The positions shown of one game as it stands now (the replay viewer, the web pages): those where
    something public changed, each with the thread's sentences."""

    tables: tuple[Table, ...]  # the table at every version
    steps: tuple[int, ...]  # versions where something public changed, ascending (0 first)
    turns: tuple[int, ...]  # the steps that opened a turn (a seat had to act that did not before)
    lines: dict[int, list[str]]  # each step's sentences (public words)

    def snap(self, version: int) -> int:
        """The shown position at or before ``version`` (the newest for a version beyond the log)."""
        return self.steps[max(0, bisect_right(self.steps, version) - 1)]

    def targets(self, shown: int) -> dict[str, int]:
        """Where each button goes from the position ``shown``."""
        at = bisect_left(self.steps, shown)
        before = [t for t in self.turns if t < shown]
        after = [t for t in self.turns if t > shown]
        return {
            "first": self.steps[0],
            "pturn": before[-1] if before else self.steps[0],
            "prev": self.steps[max(0, at - 1)],
            "next": self.steps[min(len(self.steps) - 1, at + 1)],
            "nturn": after[0] if after else self.steps[-1],
            "last": self.steps[-1],
        }


def frames_of(tables: Sequence[Table], rows: Sequence[Position]) -> Frames:
    """Which positions to show, from the table at every version and the thread's rows of the moves."""
    now = tables[-1]
    by_version = {row.version: row for row in rows if row.kind in POSITION_KINDS}
    steps, turns = [0], [0]
    lines: dict[int, list[str]] = {0: [opening_line(now)]}
    public = [json.dumps(t.view(None), sort_keys=True) for t in tables]
    for v in range(1, len(tables)):
        row = by_version.get(v)
        said = position_lines(now, row) if row is not None else []
        if not said and public[v] == public[v - 1] and tables[v].status == tables[v - 1].status:
            continue  # nothing anybody could see happened here
        steps.append(v)
        lines[v] = said
        if opens_turn(now.game, tables[v - 1].state, tables[v].state):
            turns.append(v)
    return Frames(tuple(tables), tuple(steps), tuple(turns), lines)


# (game, version, language) -> frames: their sentences are in a language.
_kept: weakref.WeakKeyDictionary[TableService, OrderedDict[tuple[int, int, str], Frames]] = weakref.WeakKeyDictionary()


async def load_frames(service: TableService, table: Table) -> Frames:
    """The frames of the game as it stands. The log only grows, so a game's frames at a version never
    change: the last few are kept, and a viewer's clicks do not replay the game each time."""
    if table.state is None:
        raise WrongStatus(tr("This game has not started yet."))
    kept = _kept.setdefault(service, OrderedDict())  # per service: each has its own database
    key = (table.id, table.version, words.code())
    if key not in kept:
        tables = await positions(service, table)
        rows = await service.delivery.positions(table.id, after=-1, upto=table.version)
        kept[key] = await asyncio.to_thread(frames_of, tables, rows)  # the thread keeps the language in force
        while len(kept) > KEPT:
            kept.popitem(last=False)
    kept.move_to_end(key)
    return kept[key]
