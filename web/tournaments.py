"""A tournament's page: its standings, each round's tables with their results and byes, and for single
elimination the bracket (each round a column, the winners marked). The words are the Discord posts' own
(``bot.tournaments.words``)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.games.base.language import tr, trn, trp
from bot.names import game_title
from bot.statuses import ACTIVE_ENTRANTS, TableStatus
from bot.tables import Table, TableService
from bot.tournaments.service import TournamentRow, state_words
from bot.tournaments.standings import StandingRow
from bot.tournaments.words import (
    clock_text,
    departures,
    departures_line,
    format_text,
    round_name,
    standings_title,
    under_way_line,
)
from render.standings import number, rank_labels
from web.games import STATUS


@dataclass(frozen=True)
class Entry:
    rank: str
    name: str
    user_id: int
    points: str
    opponents: str
    score: str
    games: int
    note: str  # "dropped", "replacement", a bye count


@dataclass(frozen=True)
class Sitter:
    name: str
    user_id: int
    place: int | None  # once the game is over
    winner: bool


@dataclass(frozen=True)
class TableView:
    number: int
    game_id: int | None
    status: str
    players: tuple[Sitter, ...]


@dataclass(frozen=True)
class RoundView:
    number: int
    name: str
    tables: tuple[TableView, ...]
    byes: tuple[Sitter, ...]


@dataclass(frozen=True)
class TournamentView:
    row: TournamentRow
    game: str
    format: str
    clock: str
    state: str
    players: str
    standings_title: str
    under_way: str
    departures: str
    entries: tuple[Entry, ...]
    rounds: tuple[RoundView, ...]
    bracket: bool  # single elimination: the rounds drawn as a bracket
    token: str


async def games_of(service: TableService, row: TournamentRow) -> dict[int, Table]:
    found: dict[int, Table] = {}
    for table in row.tables:
        if table.game_id is not None:
            try:
                found[table.game_id] = await service.get(table.game_id)
            except UserError:  # a game gone from the store: its table shows without a result
                continue
    return found


def tournament_view(row: TournamentRow, standing: Sequence[StandingRow], complete: int,
                    games: Mapping[int, Table]) -> TournamentView:
    names = {p.user_id: p.name for p in row.players}
    marks = departures(row)
    labels = rank_labels(standing)
    entries = tuple(
        Entry(label, names.get(s.player, str(s.player)), s.player, number(s.points), number(s.opponents_points),
              number(s.game_score), s.games, _note(s, marks.get(s.player)))
        for label, s in zip(labels, standing, strict=True)
    )
    rounds = tuple(_round(row, n, names, games) for n in range(1, row.current_round + 1))
    partly = any(t.status == TableStatus.FINISHED for t in games.values()) and complete < row.current_round
    # Everyone who played or still plays (the eliminated too), else those signed up so far.
    active = max(len(standing), sum(p.status in ACTIVE_ENTRANTS for p in row.players))
    return TournamentView(
        row=row, game=game_title(row.key), format=format_text(row), clock=clock_text(row),
        state=state_words(row.status),
        players=trn("{n} player", "{n} players", active),
        standings_title=standings_title(row, complete, partly=partly), under_way=under_way_line(row, complete),
        departures=departures_line(row, standing), entries=entries, rounds=rounds,
        bracket=row.format == "elimination" and bool(rounds), token=tournament_token(row, games),
    )


def _note(row: StandingRow, mark: str | None) -> str:
    notes = [trn("bye", "{n} byes", row.byes)] if row.byes else []
    notes += [mark] if mark else []
    return trp("list of notes", ", ").join(notes)


def _round(row: TournamentRow, number_: int, names: Mapping[int, str], games: Mapping[int, Table]) -> RoundView:
    tables = []
    for table in [t for t in row.tables if t.round == number_]:
        game = games.get(table.game_id) if table.game_id is not None else None
        places = _places(game) if game is not None else {}
        status = tr_status(game)
        sitters = tuple(
            Sitter(names.get(u, str(u)), u, places.get(u), places.get(u) == 1) for u in table.players
        )
        tables.append(TableView(table.table_no, table.game_id, status, sitters))
    byes = tuple(Sitter(names.get(u, str(u)), u, None, False) for r, u in row.byes if r == number_)
    return RoundView(number_, round_name(row, number_), tuple(tables), byes)


def tr_status(game: Table | None) -> str:
    return tr(STATUS[game.status]) if game is not None and game.status in STATUS else ""


def _places(game: Table) -> dict[int, int]:
    result = game.result()
    if result is None:
        return {}
    return {p.user_id: result.ranking[p.seat] for p in game.seated if p.user_id is not None and p.seat is not None}


def tournament_token(row: TournamentRow, games: Mapping[int, Table]) -> str:
    """What the page shows, as a short digest: the tournament's state, players, tables and byes, and its
    games' states (a game's moves are its own page's)."""
    parts: list[Any] = [
        row.status, row.current_round, row.rounds, [(p.user_id, p.name, p.status) for p in row.players],
        [(t.round, t.table_no, t.players, t.game_id) for t in row.tables], row.byes,
        sorted((g.id, g.status) for g in games.values()),
    ]
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()[:20]
