"""Words and charts of records: a player's (``/stats``, ``/profile``, beside each name in a lobby) and a server's
(``/server stats``), in the language in force. The numbers come from ``bot.stats``; this only words them.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot import games, pictures
from bot.games.base.language import tr, trn
from bot.games.base.words import join
from bot.names import game_title
from bot.stats import Completion, GameRecord, HeadToHead, PlayerRecord, ServerRecord
from render import stats as charts


def title_of(key: str) -> str:
    """A game's title; the key of a game no longer offered."""
    return game_title(key) if key in games.GAMES else key


def percent(rate: float) -> str:
    return tr("{percent}%", percent=round(rate * 100))


def decimal(value: float) -> str:
    return f"{value:.1f}"


def score_text(key: str, score: float) -> str:
    """A score as the game writes it ("12 points", "$840,000"); an average rounded to whole units."""
    return games.get(key).score_text(round(score)) if key in games.GAMES else str(round(score))


def _games(n: int) -> str:
    return trn("{n} game", "{n} games", n)


def _wins(n: int) -> str:
    return trn("{n} win", "{n} wins", n)


# -- completion -----------------------------------------------------------------------------------------
def unfinished(completion: Completion) -> str:
    """"Not finished: 1 lost on time and 2 resigned or left." (empty when everything was finished)."""
    parts = []
    if completion.out_of_time:
        parts.append(trn("{n} lost on time", "{n} lost on time", completion.out_of_time))
    if completion.resigned:
        parts.append(trn("{n} resigned or left", "{n} resigned or left", completion.resigned))
    if completion.replaced:
        parts.append(trn("{n} replaced in a tournament", "{n} replaced in a tournament", completion.replaced))
    return tr("Not finished: {reasons}.", reasons=join(parts)) if parts else ""


def completion_line(completion: Completion) -> str:
    """How often a player plays to the end the games they start, and how the others ended."""
    if completion.rate is None:
        return tr("Plays to the end: nothing finished or left yet.")
    line = tr("Plays to the end: {rate} ({finished} of {started}).", rate=percent(completion.rate),
              finished=completion.finished, started=completion.started)
    return " ".join(filter(None, [line, unfinished(completion)]))


def lobby_name(name: str, completion: Completion | None) -> str:
    """A lobby's seat: the player, and how often they play to the end (said only once they have a record)."""
    if completion is None or completion.rate is None:
        return name
    return tr("{player} · plays to the end {rate} ({finished} of {started})", player=name,
              rate=percent(completion.rate), finished=completion.finished, started=completion.started)


# -- a player's record ----------------------------------------------------------------------------------
def game_line(record: GameRecord) -> str:
    rating = tr("rating {rating}", rating=decimal(record.rating)) if record.rating is not None else tr("unrated")
    return tr(
        "{game}: {games}, {wins} · average place {place} · best score {best}, average {average} · {rating}",
        game=title_of(record.key), games=_games(record.games), wins=_wins(record.wins),
        place=decimal(record.average_place), best=score_text(record.key, record.best_score),
        average=score_text(record.key, record.average_score), rating=rating,
    )


def head_to_head_line(together: HeadToHead, player: str, opponent: str) -> str:
    if not together.games:
        return tr("{player} and {opponent} have not finished a game together yet.", player=player, opponent=opponent)
    return trn(
        "**Head to head with {opponent}**: {n} game together · {player} finished above {ahead}, below {behind}, "
        "level {level} · wins: {player} {wins}, {opponent} {their_wins}",
        "**Head to head with {opponent}**: {n} games together · {player} finished above {ahead}, below {behind}, "
        "level {level} · wins: {player} {wins}, {opponent} {their_wins}",
        together.games, player=player, opponent=opponent, ahead=together.ahead, behind=together.behind,
        level=together.level, wins=together.wins, their_wins=together.opponent_wins,
    )


def record_lines(record: PlayerRecord, player: str, opponent: str | None = None) -> list[str]:
    """``/stats``: the totals, streaks, completion, each game's line and head to head with ``opponent``."""
    if record.games:
        totals = tr("{games}, {wins} · average place {place}", games=_games(record.games), wins=_wins(record.wins),
                    place=decimal(record.average_place or 0.0))
        if record.key is not None:
            head = tr("**{player}** in {game}: {totals}", player=player, game=title_of(record.key), totals=totals)
        else:
            head = tr("**{player}**: {totals}", player=player, totals=totals)
        lines = [head, tr("Winning streak: {now} now, longest {longest}.", now=record.streaks.current,
                          longest=record.streaks.longest)]
    elif record.key is not None:
        lines = [tr("{player} has not finished a game of {game} yet.", player=player, game=title_of(record.key))]
    else:
        lines = [tr("{player} has not finished a game yet.", player=player)]
    lines.append(completion_line(record.completion))
    lines.extend(game_line(g) for g in record.per_game)
    if record.head_to_head is not None and opponent is not None:
        lines.append(head_to_head_line(record.head_to_head, player, opponent))
    return lines


async def rating_file(record: PlayerRecord, player: str) -> discord.File | None:
    """The chart of the player's ratings over time, with its alt text; None before two rated games."""
    lines = [line for line in record.ratings if len(line.points) >= 2]
    if not lines:
        return None
    titles = [title_of(line.key) for line in lines]
    heading = tr("{player}: rating over time", player=player)
    png = await pictures.draw(charts.rating_chart, lines, titles, heading)
    return discord.File(io.BytesIO(png), filename="rating.png",
                        description=charts.rating_words(lines, titles, heading))


# -- a server's record ----------------------------------------------------------------------------------
def server_lines(record: ServerRecord, most_active: Sequence[str]) -> list[str]:
    """``/server stats``: games per game, the average game, the seats played to the end, who plays most
    (``most_active[i]`` names ``record.most_active[i]``: a mention)."""
    if not record.games:
        return [tr("**This server's record**: no game has finished here yet.")]
    each = join([tr("{game} {n}", game=title_of(key), n=n) for key, n in record.per_game])
    lines = [trn("**This server's record**: {n} game finished ({games}).",
                 "**This server's record**: {n} games finished ({games}).", record.games, games=each)]
    if record.average_moves is not None:
        if record.average_days is not None:
            lines.append(tr("An average game: {moves} moves over {days} days.", moves=decimal(record.average_moves),
                            days=decimal(record.average_days)))
        else:
            lines.append(tr("An average game: {moves} moves.", moves=decimal(record.average_moves)))
    seats = record.completion
    if seats.rate is not None:
        lines.append(" ".join(filter(None, [
            tr("Seats played to the end: {rate} ({finished} of {started}).", rate=percent(seats.rate),
               finished=seats.finished, started=seats.started),
            unfinished(seats),
        ])))
    if record.most_active:
        lines.append(tr("**Most active players**"))
        lines.extend(
            tr("{rank}. {player}: {games}, {wins}", rank=n, player=name, games=_games(a.games), wins=_wins(a.wins))
            for n, (a, name) in enumerate(zip(record.most_active, most_active, strict=True), start=1)
        )
    return lines


async def monthly_file(record: ServerRecord) -> discord.File | None:
    """The chart of the server's finished games per month, with its alt text; None without a game."""
    monthly = record.monthly
    if not monthly.total:
        return None
    titles = [title_of(line.key) for line in monthly.games]
    heading = tr("Games finished per month")
    png = await pictures.draw(charts.monthly_chart, monthly, titles, heading)
    return discord.File(io.BytesIO(png), filename="games-per-month.png",
                        description=charts.monthly_words(monthly, titles, heading))
