"""Records of players and servers (``/stats``, ``/server stats``, ``/profile``, the lobby), computed from what
the store keeps: results, the move log's resignations, tournament replacements. No Discord here: plain
dataclasses, which the cogs word and a web page may show the same way.

A player's **completion** counts what they started and how it ended: a game played to its end, a game lost on
time (a forfeit table's clock ran out), a game resigned or left (a tournament drop resigns the running game),
and a tournament place handed to a replacement (counted once, and not when the player also resigned that
round's game, which counts already). Games still running, and games cancelled while the player was still in,
count neither way. The rate is the share played to the end.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot import games
from bot.stats_view import MonthCounts, MonthlyGames, RatingLine, RatingPoint
from bot.statuses import TableStatus
from bot.store import stats as stats_sql
from bot.store.db import Database
from bot.store.ratings import ResultRow
from bot.store.stats import Activity, FinishedGame, Replacement, SeatEnding

__all__ = [
    "Activity", "Completion", "GameRecord", "HeadToHead", "PlayerRecord", "ServerRecord", "Streaks", "completion",
    "completions", "game_order", "player_record", "server_record", "streaks",
]

DAY = 86_400.0
MONTHS = 12  # the server chart's span
MOST_ACTIVE = 10


@dataclass(frozen=True)
class Completion:
    """How the games (and tournament places) a player started ended; see the module's docstring."""

    finished: int = 0
    out_of_time: int = 0
    resigned: int = 0
    replaced: int = 0

    @property
    def started(self) -> int:
        """Everything counted: finished or not."""
        return self.finished + self.out_of_time + self.resigned + self.replaced

    @property
    def rate(self) -> float | None:
        """The share played to the end, 0 to 1; None with nothing counted yet."""
        return self.finished / self.started if self.started else None


@dataclass(frozen=True)
class Streaks:
    """Wins in a row: the run going on now (0 after a game not won) and the longest ever."""

    current: int = 0
    longest: int = 0


@dataclass(frozen=True)
class GameRecord:
    """A player's finished games of one game: how many, won, their average place, best and average score, and
    their rating after their latest rated game (None without one)."""

    key: str
    games: int
    wins: int
    average_place: float
    best_score: int
    average_score: float
    rating: float | None


@dataclass(frozen=True)
class HeadToHead:
    """The finished games two players both had a result in: how often the player finished above the
    opponent, below them or level, and how many each won."""

    opponent: int
    games: int
    ahead: int
    behind: int
    level: int
    wins: int
    opponent_wins: int


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record, of every game or of ``key`` alone: finished games, wins, average place, each game's
    record, winning streaks, completion, ratings over time and, with an opponent, head to head."""

    user_id: int
    key: str | None
    games: int
    wins: int
    average_place: float | None
    per_game: tuple[GameRecord, ...]
    streaks: Streaks
    completion: Completion
    ratings: tuple[RatingLine, ...]
    head_to_head: HeadToHead | None = None


@dataclass(frozen=True)
class ServerRecord:
    """A server's finished games: how many of each game, per month, who plays most, the average length of a
    game in moves and in days, and the completion of every seat of its games."""

    games: int
    per_game: tuple[tuple[str, int], ...]
    monthly: MonthlyGames
    most_active: tuple[Activity, ...]
    average_moves: float | None
    average_days: float | None
    completion: Completion


def game_order(key: str) -> int:
    """A game's place in the menu (a game no longer offered comes after the others): its colour in charts."""
    return games.GAMES.index(key) if key in games.GAMES else len(games.GAMES)


# -- the pure parts ---------------------------------------------------------------------------------------
def completion(endings: Iterable[SeatEnding], replaced: Iterable[Replacement] = ()) -> Completion:
    finished = out_of_time = resigned = 0
    for ending in endings:
        if ending.left == "out_of_time":
            out_of_time += 1
        elif ending.left == "resigned":
            resigned += 1
        elif ending.status == TableStatus.FINISHED:
            finished += 1
    return Completion(finished, out_of_time, resigned, sum(1 for r in replaced if not r.left_game))


def streaks(results: Sequence[ResultRow]) -> Streaks:
    """Winning streaks over ``results`` in the order played (a shared first place is a win)."""
    run = longest = 0
    for result in results:
        run = run + 1 if result.place == 1 else 0
        longest = max(longest, run)
    return Streaks(run, longest)


def game_records(results: Sequence[ResultRow]) -> tuple[GameRecord, ...]:
    by_key: dict[str, list[ResultRow]] = defaultdict(list)
    for result in results:
        by_key[result.key].append(result)
    records = []
    for key in sorted(by_key, key=lambda k: (game_order(k), k)):
        rows = by_key[key]
        rated = [r.rating_after for r in rows if r.rated and r.rating_after is not None]
        records.append(GameRecord(
            key=key,
            games=len(rows),
            wins=sum(r.place == 1 for r in rows),
            average_place=sum(r.place for r in rows) / len(rows),
            best_score=max(r.score for r in rows),
            average_score=sum(r.score for r in rows) / len(rows),
            rating=rated[-1] if rated else None,
        ))
    return tuple(records)


def rating_lines(results: Sequence[ResultRow]) -> tuple[RatingLine, ...]:
    """Each game's rating over time: after each rated game."""
    points: dict[str, list[RatingPoint]] = defaultdict(list)
    for result in results:
        if result.rated and result.rating_after is not None:
            points[result.key].append(RatingPoint(result.finished_at, result.rating_after))
    return tuple(
        RatingLine(key, game_order(key), tuple(points[key])) for key in sorted(points, key=lambda k: (game_order(k), k))
    )


def head_to_head(opponent: int, mine: Sequence[ResultRow], theirs: dict[int, int]) -> HeadToHead:
    """From the player's results in games shared with ``opponent`` and the opponent's place in each."""
    ahead = behind = level = wins = their_wins = 0
    for result in mine:
        other = theirs[result.game_id]
        ahead += result.place < other
        behind += result.place > other
        level += result.place == other
        wins += result.place == 1
        their_wins += other == 1
    return HeadToHead(opponent, len(mine), ahead, behind, level, wins, their_wins)


def month_of(moment: float) -> str:
    """"2026-11": the UTC month of a moment."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m")


def last_months(now: float, count: int) -> list[str]:
    """The ``count`` months up to the one of ``now``, oldest first."""
    day = datetime.fromtimestamp(now, UTC)
    year, month = day.year, day.month
    found = []
    for _ in range(count):
        found.append(f"{year:04d}-{month:02d}")
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return found[::-1]


def monthly(finished: Sequence[FinishedGame], now: float, months: int = MONTHS) -> MonthlyGames:
    """Finished games per month and game over the last ``months`` months (from the first game's month, for a
    server younger than that; this month alone without any)."""
    shown = last_months(now, months)
    first = month_of(min((g.finished_at for g in finished), default=now))
    shown = [m for m in shown if m >= first] or shown[-1:]
    counted = Counter((month_of(g.finished_at), g.key) for g in finished)
    keys = sorted({g.key for g in finished if month_of(g.finished_at) in shown}, key=lambda k: (game_order(k), k))
    return MonthlyGames(
        tuple(shown),
        tuple(MonthCounts(key, game_order(key), tuple(counted[(m, key)] for m in shown)) for key in keys),
    )


# -- reading ----------------------------------------------------------------------------------------------
async def player_record(db: Database, user_id: int, *, key: str | None = None, vs: int | None = None) -> PlayerRecord:
    """The record of ``user_id`` (of game ``key`` alone when given; head to head with ``vs`` when given)."""
    results = await stats_sql.results(db, user_id, key)
    endings = await stats_sql.seat_endings(db, [user_id], key)
    replaced = await stats_sql.replacements(db, [user_id], key)
    together = None
    if vs is not None and vs != user_id:
        shared = await stats_sql.results(db, user_id, key, opponent=vs)
        theirs = {r.game_id: r.place for r in await stats_sql.results(db, vs, key, opponent=user_id)}
        together = head_to_head(vs, shared, theirs)
    return PlayerRecord(
        user_id=user_id,
        key=key,
        games=len(results),
        wins=sum(r.place == 1 for r in results),
        average_place=sum(r.place for r in results) / len(results) if results else None,
        per_game=game_records(results),
        streaks=streaks(results),
        completion=completion(endings, replaced),
        ratings=rating_lines(results),
        head_to_head=together,
    )


async def completions(db: Database, user_ids: Sequence[int]) -> dict[int, Completion]:
    """Each person's completion over every game (one read for all: a lobby shows everybody's)."""
    people = list(dict.fromkeys(user_ids))
    endings: dict[int, list[SeatEnding]] = defaultdict(list)
    for ending in await stats_sql.seat_endings(db, people):
        endings[ending.user_id].append(ending)
    replaced: dict[int, list[Replacement]] = defaultdict(list)
    for replacement in await stats_sql.replacements(db, people):
        replaced[replacement.user_id].append(replacement)
    return {user: completion(endings[user], replaced[user]) for user in people}


async def server_record(
    db: Database, guild_id: int, *, now: float | None = None, months: int = MONTHS, top: int = MOST_ACTIVE
) -> ServerRecord:
    finished = await stats_sql.finished_games(db, guild_id)
    timed = [g for g in finished if g.started_at is not None]
    per_game = Counter(g.key for g in finished)
    return ServerRecord(
        games=len(finished),
        per_game=tuple(sorted(per_game.items(), key=lambda item: (game_order(item[0]), item[0]))),
        monthly=monthly(finished, time.time() if now is None else now, months),
        most_active=tuple(await stats_sql.most_active(db, guild_id, top)),
        average_moves=sum(g.moves for g in finished) / len(finished) if finished else None,
        average_days=(sum(g.finished_at - (g.started_at or 0.0) for g in timed) / len(timed) / DAY) if timed else None,
        completion=completion(
            await stats_sql.server_seat_endings(db, guild_id), await stats_sql.server_replacements(db, guild_id)
        ),
    )
