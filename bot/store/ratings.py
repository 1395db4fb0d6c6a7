"""SQL for ratings and per-player results of finished games."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.db import Connection, Database, Row
from bot.store.servers import pages_allowed_where


@dataclass(frozen=True)
class RatingRow:
    key: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class ResultRow:
    game_id: int
    key: str
    guild_id: int | None
    place: int
    players: int
    score: int
    rated: bool
    rating_before: float | None
    rating_after: float | None
    finished_at: float


async def ratings_of(conn: Connection, key: str, user_ids: list[int]) -> dict[int, RatingRow]:
    """Read to be changed in this transaction: the rows stay locked until it ends (a game finishing in another
    process with the same players waits, so no update is lost)."""
    await conn.lock(*(f"rating:{key}:{user_id}" for user_id in user_ids))
    marks = ", ".join("?" for _ in user_ids)
    cursor = await conn.execute(
        f"SELECT key, user_id, mu, sigma, games, wins FROM ratings WHERE key = ? AND user_id IN ({marks})",
        (key, *user_ids),
    )
    return {r["user_id"]: _rating(r) for r in await cursor.fetchall()}


async def save_rating(conn: Connection, row: RatingRow, now: float) -> None:
    await conn.execute(
        """
        INSERT INTO ratings (key, user_id, mu, sigma, games, wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (key, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
            games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at
        """,
        (row.key, row.user_id, row.mu, row.sigma, row.games, row.wins, now),
    )


async def add_result(conn: Connection, user_id: int, result: ResultRow) -> None:
    await conn.execute(
        """
        INSERT INTO results (game_id, user_id, key, guild_id, place, players, score, rated,
                                       rating_before, rating_after, finished_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT DO NOTHING
        """,
        (
            result.game_id, user_id, result.key, result.guild_id, result.place, result.players, result.score,
            int(result.rated), result.rating_before, result.rating_after, result.finished_at,
        ),
    )


async def leaderboard(
    db: Database, key: str, *, guild_id: int | None, min_games: int, limit: int = 20
) -> list[RatingRow]:
    """Ranked by the conservative rating (mu - 3 sigma). With a guild: players with a rated game there."""
    where = "r.key = ? AND r.games >= ?"
    params: list[object] = [key, min_games]
    if guild_id is not None:
        where += " AND r.user_id IN (SELECT user_id FROM results WHERE guild_id = ? AND key = ? AND rated = 1)"
        params += [guild_id, key]
    rows = await db.fetchall(
        f"""
        SELECT r.key, r.user_id, r.mu, r.sigma, r.games, r.wins FROM ratings r
        WHERE {where} ORDER BY (r.mu - 3 * r.sigma) DESC, r.games DESC, r.user_id LIMIT ?
        """,
        (*params, limit),
    )
    return [_rating(r) for r in rows]


async def ratings_of_user(db: Database, user_id: int) -> list[RatingRow]:
    rows = await db.fetchall(
        "SELECT key, user_id, mu, sigma, games, wins FROM ratings WHERE user_id = ? ORDER BY key", (user_id,)
    )
    return [_rating(r) for r in rows]


async def results_of_user(db: Database, user_id: int, limit: int = 10, *, shown: bool = False) -> list[ResultRow]:
    """The user's latest results; ``shown``: only those of games with web pages."""
    where = f" AND {pages_allowed_where()}" if shown else ""
    rows = await db.fetchall(
        f"""
        SELECT game_id, key, guild_id, place, players, score, rated, rating_before, rating_after, finished_at
        FROM results WHERE user_id = ?{where} ORDER BY finished_at DESC, game_id DESC LIMIT ?
        """,
        (user_id, limit),
    )
    return [
        ResultRow(
            r["game_id"], r["key"], r["guild_id"], r["place"], r["players"], r["score"], bool(r["rated"]),
            r["rating_before"], r["rating_after"], r["finished_at"],
        )
        for r in rows
    ]


async def counts_of_user(db: Database, user_id: int, *, shown: bool = False) -> dict[str, tuple[int, int]]:
    """Per game key: (games played, games won), rated or not; ``shown``: only games with web pages."""
    where = f" AND {pages_allowed_where()}" if shown else ""
    rows = await db.fetchall(
        "SELECT key, COUNT(*) AS n, SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) AS w FROM results WHERE user_id = ?"
        f"{where} GROUP BY key",
        (user_id,),
    )
    return {r["key"]: (int(r["n"]), int(r["w"] or 0)) for r in rows}


def _rating(r: Row) -> RatingRow:
    return RatingRow(r["key"], r["user_id"], r["mu"], r["sigma"], r["games"], r["wins"])
