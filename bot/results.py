"""Results of finished games: each person's place and score, and ratings when every seat is a person."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import ratings as rating_model
from bot.games.base import Result
from bot.store import ratings as rating_sql
from bot.store.db import Connection

if TYPE_CHECKING:
    from bot.tables.model import Table


async def record_results(conn: Connection, table: Table, result: Result, now: float) -> None:
    """Each person's place and score, and (when every seat is a person) their new rating, in the move's
    transaction. The engine's ranking already puts resigned and forfeited seats last."""
    people = [p for p in table.players if p.user_id is not None and p.seat is not None]
    rated = len(people) == len(table.players) and len(people) >= 2
    before: dict[int, rating_sql.RatingRow] = {}
    after: dict[int, rating_sql.RatingRow] = {}
    if rated:
        user_ids = [p.user_id for p in people if p.user_id is not None]
        before = await rating_sql.ratings_of(conn, table.key, user_ids)
        fresh = rating_model.new_rating()
        priors = [
            rating_model.Rating(before[u].mu, before[u].sigma) if u in before else fresh for u in user_ids
        ]
        places = [result.ranking[p.seat] for p in people if p.seat is not None]
        for player, posterior, place in zip(people, rating_model.rate(priors, places), places, strict=True):
            assert player.user_id is not None
            old = before.get(player.user_id)
            row = rating_sql.RatingRow(
                table.key, player.user_id, posterior.mu, posterior.sigma,
                (old.games if old else 0) + 1, (old.wins if old else 0) + (place == 1),
            )
            after[player.user_id] = row
            await rating_sql.save_rating(conn, row, now)
    for player in people:
        assert player.user_id is not None and player.seat is not None
        old_row = before.get(player.user_id)
        new_row = after.get(player.user_id)
        await rating_sql.add_result(
            conn,
            player.user_id,
            rating_sql.ResultRow(
                game_id=table.id,
                key=table.key,
                guild_id=table.guild_id,
                place=result.ranking[player.seat],
                players=len(table.players),
                score=result.scores[player.seat],
                rated=rated,
                rating_before=(old_row.conservative if old_row else
                               rating_model.conservative(rating_model.new_rating())) if rated else None,
                rating_after=new_row.conservative if new_row else None,
                finished_at=now,
            ),
        )
