"""``/leaderboard``, ``/profile`` and ``/stats``: ratings per game and each player's record, answered privately.

Ratings are openskill's Plackett-Luce (``bot.ratings``), updated by the table service when a game with no
computer seat ends. Leaderboards sort by the conservative rating mu - 3 sigma and list only players with a
few rated games, so one lucky win does not top a long record. ``/stats`` is the whole record (``bot.stats``,
worded by ``cogs/records.py``), with a chart of the ratings over time; like ``/profile`` it is the asker's to
read, so it is answered privately too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.errors import UserError
from bot.games.base.language import tr, trn
from bot.names import game_title, table_link
from bot.players import RatingRow, ResultRow, games_text, rating_change, rating_text, wins_text
from cogs.game import GAME_CHOICES
from cogs.language import WHICH_GAME, named
from cogs.records import completion_line, rating_file, record_lines
from cogs.replies import send_private
from render.theme import ordinal

if TYPE_CHECKING:
    from cogs.app import App

MIN_GAMES = 3  # rated games before a player appears on a leaderboard
LEADERBOARD_SIZE = 20
RECENT = 8
SCOPES = [
    app_commands.Choice(name="this server", value="server"),
    app_commands.Choice(name="all servers", value="all"),
]


def leaderboard_lines(title: str, where: str, rows: list[RatingRow]) -> list[str]:
    head = [
        tr("**{game}** leaderboard, {where}", game=title, where=where),
        trn("Ranked by the conservative rating μ − 3σ; players with at least {n} rated game.",
            "Ranked by the conservative rating μ − 3σ; players with at least {n} rated games.", MIN_GAMES),
    ]
    if not rows:
        return [*head, trn("Nobody has {n} rated game yet. Games with a computer seat are not rated.",
                           "Nobody has {n} rated games yet. Games with a computer seat are not rated.", MIN_GAMES)]
    return head + [
        tr("{rank}. {player} {rating} · {games}, {wins}", rank=n, player="<@" + str(row.user_id) + ">",
           rating=rating_text(row), games=games_text(row.games), wins=wins_text(row.wins))
        for n, row in enumerate(rows, start=1)
    ]


def result_line(result: ResultRow, link: str) -> str:
    change = rating_change(result)
    return tr(
        "{place} of {players} in {game} #{number}, {points} · {change} · {link}", place=ordinal(result.place),
        players=result.players, game=game_title(result.key) if result.key in games.GAMES else result.key,
        number=result.game_id,
        points=trn("{n} point", "{n} points", result.score), change=change, link=link,
    )


class Ratings(commands.Cog):
    def __init__(self, bot: App) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best-rated players of a game")
    @app_commands.describe(game="Which game", scope="This server (the default) or all servers")
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPES)
    @app_commands.rename(game=named("game", WHICH_GAME))
    async def leaderboard(self, interaction: discord.Interaction, game: str, scope: str = "server") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game not in games.GAMES:
            raise UserError(tr("That game is not available."))
        guild_id = interaction.guild_id if scope == "server" else None  # a DM has no server: all servers
        rows = await self.bot.players.leaderboard(
            game, guild_id=guild_id, min_games=MIN_GAMES, limit=LEADERBOARD_SIZE
        )
        where = tr("this server") if guild_id is not None else tr("all servers")
        await send_private(interaction, "\n".join(leaderboard_lines(game_title(game), where, rows)))

    @app_commands.command(name="profile", description="A player's games, wins, ratings and recent results")
    @app_commands.describe(player="Whose profile (yours if left out)")
    @app_commands.rename(player="user")
    async def profile(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = player or interaction.user
        profile = await self.bot.players.profile(who.id, recent=RECENT)
        counts, ratings = profile.counts, profile.ratings
        if not counts:
            lines = [tr("{player} has not finished a game yet.", player=who.display_name)]
            if profile.completion.started:
                lines.append(completion_line(profile.completion))
            await send_private(interaction, "\n".join(lines))
            return
        played, won = sum(n for n, _ in counts.values()), sum(w for _, w in counts.values())
        lines = [tr("**{player}**: {games}, {wins}", player=who.display_name, games=games_text(played),
                    wins=wins_text(won)),
                 completion_line(profile.completion)]
        for key in [k for k in games.GAMES if k in counts]:
            n, w = counts[key]
            rated = ratings.get(key)
            rating = tr("rating {rating} after {games}", rating=rating_text(rated),
                        games=trn("{n} rated game", "{n} rated games", rated.games)) if rated else tr("unrated")
            lines.append(tr("{game}: {games}, {wins} · {rating}", game=game_title(key), games=games_text(n),
                            wins=wins_text(w), rating=rating))
        lines.append(tr("**Recent results**"))
        for result in profile.recent:
            lines.append(result_line(result, await self._link(result.game_id)))
        await send_private(interaction, "\n".join(lines))

    @app_commands.command(name="stats", description="A player's record: places, scores, streaks, ratings, finishing")
    @app_commands.describe(player="Whose record (yours if left out)", game="One game only (every game if left out)",
                           vs="Head to head against this player")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.rename(player="user", game=named("game", WHICH_GAME))
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
        vs: discord.User | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game is not None and game not in games.GAMES:
            raise UserError(tr("That game is not available."))
        who = player or interaction.user
        if vs is not None and vs.id == who.id:
            raise UserError(tr("Head to head needs another player than the one whose record it is."))
        record = await self.bot.players.record(who.id, key=game, vs=vs.id if vs else None)
        lines = record_lines(record, who.display_name, vs.display_name if vs else None)
        chart = await rating_file(record, who.display_name)
        await send_private(interaction, "\n".join(lines), file=chart)

    async def _link(self, game_id: int) -> str:
        try:
            return table_link(await self.bot.service.get(game_id))
        except UserError:  # a game gone from the store: its number alone
            return tr("game #{number}", number=game_id)
