"""A player's page: their record in the games that have pages (played and won per game, with their rating),
the games they are playing, and their latest results. The words are ``/profile``'s."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from bot import games
from bot.games.base.language import tr, trn
from bot.names import game_title
from bot.pages import PlayerPage
from bot.players import games_text, rating_change, rating_text, wins_text
from bot.tables import Table
from render.theme import ordinal
from web.markup import html


@dataclass(frozen=True)
class Result:
    game_id: int
    title: str
    place: str
    score: str
    change: str


@dataclass(frozen=True)
class PlayerView:
    user_id: int
    name: str
    summary: str
    records: tuple[Markup, ...]  # "The Great Wall of China: 3 games, 1 win · rating 21.3 (μ 27.4 ± 2.0)"
    running: tuple[Table, ...]
    results: tuple[Result, ...]


def player_view(record: PlayerPage) -> PlayerView:
    counts, ratings = record.profile.counts, record.profile.ratings
    played, won = sum(n for n, _ in counts.values()), sum(w for _, w in counts.values())
    records = []
    for key in [k for k in games.GAMES if k in counts]:
        n, w = counts[key]
        rated = ratings.get(key)
        rating = (tr("rating {rating} after {games}", rating=rating_text(rated),
                     games=trn("{n} rated game", "{n} rated games", rated.games)) if rated else tr("unrated"))
        records.append(html(tr("{game}: {games}, {wins} · {rating}", game=game_title(key), games=games_text(n),
                               wins=wins_text(w), rating=rating), {}))
    results = []
    for result in record.profile.recent:
        change = rating_change(result)
        name = game_title(result.key) if result.key in games.GAMES else result.key
        results.append(Result(
            result.game_id, f"{name} #{result.game_id}",
            tr("{place} of {players}", place=ordinal(result.place), players=result.players),
            trn("{n} point", "{n} points", result.score), change,
        ))
    summary = tr("{games}, {wins}", games=games_text(played), wins=wins_text(won)) if counts else tr(
        "No finished game yet.")
    return PlayerView(record.user_id, record.name, summary, tuple(records), record.running, tuple(results))
