"""A game's page: the board at a position (the replay viewer's positions: public information only while the
game runs), the position's sentences, whose turn and the deadline, the move log, and once over the final
ranking; and a seat's own view behind a private link.

Every position shown is one of ``Frames.steps`` (where something public changed), so neither the page nor
its pictures nor the moment it changes tells when a hidden move was made. The live token (``live_token``) is
built from what the page shows and nothing else: a stream sends a change only when that token changes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from bot.games.base.language import mark, tr
from bot.names import picture_names, title
from bot.replays import Frames, load_frames
from bot.sentences import clock_line, event_lines, opening_line, turn_line
from bot.statuses import TableStatus
from bot.tables import Position, Table, TableService
from render.alt_text import alt_text
from render.theme import ordinal
from web.markup import html

NAV = (  # the step-through buttons, as the replay viewer's
    ("first", mark("First")),
    ("pturn", mark("Previous turn")),
    ("prev", mark("Previous move")),
    ("next", mark("Next move")),
    ("nturn", mark("Next turn")),
    ("last", mark("Last")),
)
STATUS = {
    TableStatus.LOBBY: mark("Waiting for players"),
    TableStatus.RUNNING: mark("In play"),
    TableStatus.FINISHED: mark("Over"),
    TableStatus.CANCELLED: mark("Cancelled"),
}


@dataclass(frozen=True)
class Seat:
    name: str
    user_id: int | None  # a person (their page), or None for a computer
    computer: bool
    out: bool  # resigned or out of time


@dataclass(frozen=True)
class Step:
    version: int
    lines: tuple[Markup, ...]
    turn: bool  # it opened a turn


@dataclass(frozen=True)
class Button:
    slot: str
    label: str
    version: int
    disabled: bool


@dataclass(frozen=True)
class Placing:
    place: str
    name: str
    score: str


@dataclass(frozen=True)
class Stage:
    """One position on the page: its picture, the picture's description and the position's sentences."""

    version: int
    kind: str  # "board", or "final" for the last position of a finished game
    alt: str
    caption: str
    lines: tuple[Markup, ...]
    buttons: tuple[Button, ...]


@dataclass(frozen=True)
class GameView:
    table: Table
    title: str
    status: str
    seats: tuple[Seat, ...]
    stage: Stage | None  # None in the lobby or when cancelled before the start
    steps: tuple[Step, ...]
    turn: Markup | None
    clock: Markup | None
    ranking: tuple[Placing, ...]
    token: str


def names_of(table: Table) -> dict[int, str]:
    """user id -> name, for the mentions of the table's sentences."""
    return {p.user_id: p.name for p in table.players if p.user_id is not None}


async def frames_for(service: TableService, table: Table) -> Frames | None:
    """The positions of a started game (None in the lobby)."""
    return None if table.state is None else await load_frames(service, table)


def seats_of(table: Table, left: frozenset[int]) -> tuple[Seat, ...]:
    return tuple(
        Seat(p.name, None if p.is_ai else p.user_id, p.is_ai, p.forfeited or (p.seat is not None and p.seat in left))
        for p in table.seated
    )


def stage_at(frames: Frames, version: int, names: Mapping[int, str], now: float) -> Stage:
    """The position shown at ``version`` (snapped to one where something public changed)."""
    shown = frames.snap(version)
    table, last = frames.tables[shown], frames.steps[-1]
    kind = "final" if table.result() is not None else "board"
    alt = alt_text(table.key, kind, table.view(None), picture_names(table))
    start = tr("The start of the game")
    caption = start if shown == 0 else tr("After move {move} of {moves}", move=shown, moves=last)
    targets = frames.targets(shown)
    buttons = tuple(Button(slot, tr(label), targets[slot], targets[slot] == shown) for slot, label in NAV)
    lines = tuple(html(line, names, now) for line in frames.lines.get(shown, []))
    return Stage(shown, kind, alt, caption, lines, buttons)


def ranking_of(table: Table) -> tuple[Placing, ...]:
    result = table.result()
    if result is None:
        return ()
    names = picture_names(table)
    order = sorted(range(len(names)), key=lambda s: (result.ranking[s], s))
    return tuple(Placing(ordinal(result.ranking[s]), names[s], table.game.score_text(result.scores[s])) for s in order)


def game_view(table: Table, frames: Frames | None, at: int | None, left: frozenset[int], now: float) -> GameView:
    """The page of ``table`` showing position ``at`` (the newest when None)."""
    names = names_of(table)
    stage = None
    steps: tuple[Step, ...] = ()
    if frames is not None:
        stage = stage_at(frames, frames.steps[-1] if at is None else at, names, now)
        turns = set(frames.turns)
        steps = tuple(
            Step(v, tuple(html(line, names, now) for line in frames.lines.get(v, [])), v in turns) for v in frames.steps
        )
    running = table.status == TableStatus.RUNNING
    turn = html(turn_line(table), names, now) if running and table.state is not None else None
    clock = html(clock_line(table), names, now) if running and clock_line(table) else None
    return GameView(
        table=table, title=title(table), status=tr(STATUS.get(table.status, STATUS[TableStatus.CANCELLED])),
        seats=seats_of(table, left), stage=stage, steps=steps, turn=turn or None, clock=clock,
        ranking=ranking_of(table), token=live_token(table, frames),
    )


def live_token(table: Table, frames: Frames | None, private: Mapping[str, Any] | None = None) -> str:
    """What the page shows, as a short digest: its newest position, the status, whose turn and when it is due
    (and a seat's own view on its private page). Hidden moves change none of it."""
    parts: list[Any] = [table.status]
    if frames is None:
        parts.append([(p.name, p.ai_level) for p in table.players])
    else:
        waiting = sorted(table.to_act())
        parts += [frames.steps[-1], waiting, [table.deadlines.get(s) for s in waiting]]
    if private is not None:
        parts.append(private)
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:20]


# -- a seat's own view ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PrivateView:
    seat: int
    name: str
    alt: str
    lines: tuple[Step, ...]  # the game told as the seat's DMs tell it (its private parts included)


def left_seats(moves: Sequence[tuple[int, str]]) -> frozenset[int]:
    """The seats that resigned (or were dropped), from the move log's (seat, kind)."""
    return frozenset(seat for seat, kind in moves if kind == "resign")


def private_view(table: Table, seat: int, rows: Sequence[Position], now: float) -> PrivateView:
    names = names_of(table)
    steps = []
    for row in rows:
        said = [opening_line(table)] if row.kind == "started" else event_lines(table, row.events, seat)
        if said:
            steps.append(Step(row.version, tuple(html(line, names, now) for line in said), False))
    player = table.player_at(seat)
    return PrivateView(seat, player.name, alt_text(table.key, "hand", table.view(seat), picture_names(table)),
                       tuple(steps))
