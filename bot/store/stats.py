"""SQL for records (``bot/stats.py``): every result of a player, how each seat left its game, tournament places
given to a replacement, and a server's finished games with when they started and ended.

Nothing here is kept for the records alone: results are written when a game ends (``bot/results.py``), a seat
that left play has its resignation in the move log (``{"timed_out": true}`` when its time ran out on a forfeit
table), a replaced tournament player keeps their row with ``replaced_by``, and a game's start is its outbox row
of kind ``started`` (written in the transaction that starts it; the outbox keeps delivered rows).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.statuses import TableStatus
from bot.store.db import Database, Row
from bot.store.ratings import ResultRow

_RESULT_COLUMNS = "game_id, key, guild_id, place, players, score, rated, rating_before, rating_after, finished_at"


@dataclass(frozen=True)
class SeatEnding:
    """A person's seat in a game that started: the game's status and how the seat left play, if it did
    (``"resigned"``, or ``"out_of_time"`` on a forfeit table)."""

    user_id: int
    game_id: int
    key: str
    status: TableStatus
    left: str | None


@dataclass(frozen=True)
class Replacement:
    """A tournament place given to someone else. ``left_game``: the player also resigned (or ran out of time
    in) a game of the round they were replaced in, which their seat's ending counts already."""

    user_id: int
    tournament_id: int
    key: str
    left_game: bool


@dataclass(frozen=True)
class FinishedGame:
    """A server's finished game: its length in moves, when it started (None for a game without its start
    row) and when its last move was made."""

    game_id: int
    key: str
    moves: int
    started_at: float | None
    finished_at: float


@dataclass(frozen=True)
class Activity:
    """A person's finished games on a server and how many they won."""

    user_id: int
    games: int
    wins: int


async def results(
    db: Database, user_id: int, key: str | None = None, opponent: int | None = None
) -> list[ResultRow]:
    """Every result of the person, oldest first (of one game when ``key`` is given; of the games where
    ``opponent`` also had a result when given)."""
    where = "r.user_id = ?"
    params: list[object] = [user_id]
    if key is not None:
        where += " AND r.key = ?"
        params.append(key)
    join = ""
    if opponent is not None:
        join = "JOIN results o ON o.game_id = r.game_id AND o.user_id = ?"
        params.insert(0, opponent)
    rows = await db.fetchall(
        f"SELECT {', '.join('r.' + c for c in _RESULT_COLUMNS.split(', '))} FROM results r {join} "
        f"WHERE {where} ORDER BY r.finished_at, r.game_id",
        params,
    )
    return [_result(r) for r in rows]


_SEAT_ENDINGS = """
    SELECT s.user_id, s.game_id, g.key, g.status, m.action AS resignation
    FROM seats s JOIN games g ON g.id = s.game_id
    LEFT JOIN moves m ON m.game_id = s.game_id AND m.seat = s.seat AND m.kind = 'resign'
    WHERE s.seat IS NOT NULL AND s.user_id IS NOT NULL AND {where}
"""


async def seat_endings(db: Database, user_ids: Sequence[int], key: str | None = None) -> list[SeatEnding]:
    """Every seat of these people in a game that started (of game ``key`` when given)."""
    if not user_ids:
        return []
    where, params = _of_people("s", "g", user_ids, key)
    return [_ending(r) for r in await db.fetchall(_SEAT_ENDINGS.format(where=where), params)]


def _of_people(people: str, games: str, user_ids: Sequence[int], key: str | None) -> tuple[str, list[object]]:
    """The WHERE clause (and its parameters) for rows of these people (table alias ``people``), of game ``key``
    when given (the alias ``games`` holds the key)."""
    where = f"{people}.user_id IN ({', '.join('?' for _ in user_ids)})"
    params: list[object] = list(user_ids)
    if key is not None:
        where += f" AND {games}.key = ?"
        params.append(key)
    return where, params


async def server_seat_endings(db: Database, guild_id: int) -> list[SeatEnding]:
    """Every person's seat in a game of the server that started."""
    return [_ending(r) for r in await db.fetchall(_SEAT_ENDINGS.format(where="g.guild_id = ?"), (guild_id,))]


_REPLACEMENTS = """
    SELECT p.user_id, p.tournament_id, t.key,
        EXISTS (
            SELECT 1 FROM tournament_tables tt
            JOIN seats s ON s.game_id = tt.game_id AND s.user_id = p.user_id
            JOIN moves m ON m.game_id = s.game_id AND m.seat = s.seat AND m.kind = 'resign'
            WHERE tt.tournament_id = p.tournament_id AND tt.round = p.left_round
        ) AS left_game
    FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
    WHERE p.replaced_by IS NOT NULL AND {where}
"""


async def replacements(db: Database, user_ids: Sequence[int], key: str | None = None) -> list[Replacement]:
    """The tournament places these people left to a replacement (in tournaments of game ``key`` if given)."""
    if not user_ids:
        return []
    where, params = _of_people("p", "t", user_ids, key)
    return [_replacement(r) for r in await db.fetchall(_REPLACEMENTS.format(where=where), params)]


async def server_replacements(db: Database, guild_id: int) -> list[Replacement]:
    rows = await db.fetchall(_REPLACEMENTS.format(where="t.guild_id = ?"), (guild_id,))
    return [_replacement(r) for r in rows]


async def finished_games(db: Database, guild_id: int) -> list[FinishedGame]:
    """The server's finished games, oldest first."""
    rows = await db.fetchall(
        """
        SELECT g.id, g.key, g.version,
            (SELECT MIN(o.created_at) FROM outbox o WHERE o.game_id = g.id AND o.kind = 'started') AS started_at,
            (SELECT m.created_at FROM moves m WHERE m.game_id = g.id AND m.seq = g.version) AS finished_at
        FROM games g WHERE g.guild_id = ? AND g.status = ?
        """,
        (guild_id, TableStatus.FINISHED),
    )
    found = [
        FinishedGame(r["id"], r["key"], r["version"], r["started_at"], r["finished_at"])
        for r in rows
        if r["finished_at"] is not None  # a game ends with a move: none is finished without one
    ]
    return sorted(found, key=lambda g: (g.finished_at, g.game_id))


async def most_active(db: Database, guild_id: int, limit: int) -> list[Activity]:
    """The people with the most finished games on the server, most first (then most wins)."""
    rows = await db.fetchall(
        """
        SELECT user_id, COUNT(*) AS n, SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) AS w FROM results
        WHERE guild_id = ? GROUP BY user_id ORDER BY n DESC, w DESC, user_id LIMIT ?
        """,
        (guild_id, limit),
    )
    return [Activity(r["user_id"], int(r["n"]), int(r["w"] or 0)) for r in rows]


def _result(r: Row) -> ResultRow:
    return ResultRow(
        r["game_id"], r["key"], r["guild_id"], r["place"], r["players"], r["score"], bool(r["rated"]),
        r["rating_before"], r["rating_after"], r["finished_at"],
    )


def _ending(r: Row) -> SeatEnding:
    left = None
    if r["resignation"] is not None:
        left = "out_of_time" if json.loads(r["resignation"]).get("timed_out") else "resigned"
    return SeatEnding(r["user_id"], r["game_id"], r["key"], TableStatus(r["status"]), left)


def _replacement(r: Row) -> Replacement:
    return Replacement(r["user_id"], r["tournament_id"], r["key"], bool(r["left_game"]))
