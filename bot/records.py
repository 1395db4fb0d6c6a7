"""Game records: a finished game as a JSON file that replays it exactly (``/game export``, ``python -m bot replay``).

A record holds what makes the game (game, options, seed, seats and moves) and its result; the format is
described in the README. Only a finished game has a record: while a game runs, its seed and its moves
would tell anybody the cards still hidden. Reading a record checks everything and refuses it with one
sentence naming the first problem: ``RecordError``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import games
from bot.errors import WrongStatus
from bot.games.base import Game
from bot.games.base.language import tr, trn
from bot.replays import BadMove, Move, Replayed, replay_log
from bot.statuses import TableStatus
from bot.store.games import MoveRow
from bot.tables import Table

FORMAT = "middle-kingdom-game-record"
FORMAT_VERSION = 1
MOVE_KINDS = ("action", "resign")


class RecordError(ValueError):
    """A record that cannot be replayed; ``str()`` is one sentence naming the first problem."""


@dataclass(frozen=True)
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    names: tuple[str, ...]  # by seat
    moves: tuple[Move, ...]
    result: dict[str, Any]

    @property
    def engine(self) -> Game:
        return games.get(self.game)


def record_of(table: Table, moves: Sequence[MoveRow]) -> dict[str, Any]:
    """The record of a finished game (WrongStatus for any other: a running game's record would reveal what
    is hidden, and a cancelled one has no result)."""
    result = table.result()
    if table.status == TableStatus.RUNNING:
        raise WrongStatus(tr("A running game cannot be exported: its seed and moves would reveal the hidden cards. "
                             "Export it once it is over."))
    if table.status != TableStatus.FINISHED or result is None:
        raise WrongStatus(tr("Only a finished game can be exported."))
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": table.key,
        "title": table.game.title,
        "id": table.id,
        "options": dict(table.options),
        "seed": table.seed,
        "seats": [{"seat": p.seat, "name": p.name, "computer": p.ai_level} for p in table.seated],
        "moves": [
            {"number": m.seq, "seat": m.seat, "kind": m.kind, "action": m.action} for m in moves[: table.version]
        ],
        "result": result.to_dict(),
    }


def dumps(record: Mapping[str, Any]) -> str:
    return json.dumps(record, indent=1, sort_keys=False) + "\n"


def parse(text: str) -> Record:
    """The record in ``text``, checked; RecordError for the first problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(tr("The record is not valid JSON (line {line}, column {column}).", line=error.lineno,
                                 column=error.colno)) from None
    return read(data)


def read(data: Any) -> Record:
    """A record from its JSON data, checked in the order of the format; RecordError for the first problem."""
    if not isinstance(data, dict):
        raise RecordError(tr("The record is not a JSON object."))
    if data.get("format") != FORMAT:
        raise RecordError(tr('This is not a Middle Kingdom game record ("format" must be "{format}").', format=FORMAT))
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise RecordError(tr("The record is format version {version}; this bot reads version {ours}.",
                                 version=repr(version), ours=FORMAT_VERSION))
    key = data.get("game")
    if key not in games.GAMES:
        raise RecordError(tr("The record's game {game} is not one of {games}.", game=repr(key),
                             games=", ".join(games.GAMES)))
    game = games.get(key)
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(tr("The record's seed is not a whole number."))
    options = data.get("options")
    if not isinstance(options, dict):
        raise RecordError(tr("The record's options are not a JSON object."))
    names = _names(data.get("seats"), game)
    try:
        game.new(len(names), seed, game.resolve_options(options))
    except ValueError as error:
        raise RecordError(tr("The record's options cannot be played: {error}", error=error)) from None
    result = data.get("result")
    if not isinstance(result, dict):
        raise RecordError(tr("The record has no result (only finished games have records)."))
    moves = _moves(data.get("moves"), len(names))
    return Record(key, game.resolve_options(options), seed, names, moves, result)


def _names(seats: Any, game: Game) -> tuple[str, ...]:
    if not isinstance(seats, list):
        raise RecordError(tr("The record's seats are not a list."))
    if not game.min_players <= len(seats) <= game.max_players:
        raise RecordError(trn("The record has {n} seat; {game} is played by {least} to {most}.",
                              "The record has {n} seats; {game} is played by {least} to {most}.", len(seats),
                              game=tr(game.title), least=game.min_players, most=game.max_players))
    names: list[str] = []
    for n, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("seat") != n or not isinstance(seat.get("name"), str):
            raise RecordError(tr("Seat {n} of the record needs its number ({n}) and a name.", n=n))
        names.append(seat["name"])
    return tuple(names)


def _moves(moves: Any, players: int) -> tuple[Move, ...]:
    if not isinstance(moves, list):
        raise RecordError(tr("The record's moves are not a list."))
    out: list[Move] = []
    for number, move in enumerate(moves, start=1):
        if not isinstance(move, dict):
            raise RecordError(tr("Move {number} is not a JSON object.", number=number))
        if move.get("number", number) != number:
            raise RecordError(tr("Move {number} is numbered {numbered}: a move is missing or out of order.",
                                 number=number, numbered=repr(move.get("number"))))
        seat, kind, action = move.get("seat"), move.get("kind"), move.get("action")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise RecordError(tr("Move {number} names no seat of the game (seats are 0 to {last}).", number=number,
                                 last=players - 1))
        if kind not in MOVE_KINDS:
            raise RecordError(tr('Move {number} is of kind {kind}; a move is an "action" or a "resign".', number=number,
                                 kind=repr(kind)))
        if not isinstance(action, dict):
            raise RecordError(tr("Move {number} has no action object.", number=number))
        out.append((seat, kind, action))
    return tuple(out)


def replay(record: Record) -> Replayed:
    """Every position of the record's game, checked: each move legal where it stands, the game over after the
    last one, and the result the record states. RecordError for the first problem."""
    game = record.engine
    try:
        replayed = replay_log(game, len(record.names), record.seed, record.options, record.moves)
    except BadMove as error:
        raise RecordError(str(error)) from None
    final = replayed.states[-1]
    if not game.is_over(final):
        raise RecordError(tr("The game is not over after the record's last move (move {n}).", n=len(record.moves)))
    if json.loads(json.dumps(game.result(final).to_dict())) != record.result:
        raise RecordError(tr("The record's result is not the one its moves give."))
    return replayed
