"""``/leaderboard`` and ``/profile``: ratings per game and each player's record, answered privately.

Ratings are openskill's Plackett-Luce (``bot.ratings``), updated by the table service when a game with no
computer seat ends. Leaderboards sort by the conservative rating mu - 3 sigma and list only players with a
few rated games, so one lucky win does not top a long record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.errors import UserError
from bot.players import RatingRow, ResultRow
from cogs.game import GAME_CHOICES
from cogs.messages import send_private, table_link
from render.theme import ordinal

if TYPE_CHECKING:
    from cogs.client import MiddleKingdomBot

MIN_GAMES = 3  # rated games before a player appears on a leaderboard
LEADERBOARD_SIZE = 20
RECENT = 8
SCOPES = [
    app_commands.Choice(name="this server", value="server"),
    app_commands.Choice(name="all servers", value="all"),
]


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def rating_text(row: RatingRow) -> str:
    """"**21.3** (μ 27.4 ± 2.0)": the conservative rating first, then the estimate and its uncertainty."""
    return f"**{row.conservative:.1f}** (μ {row.mu:.1f} ± {row.sigma:.1f})"


def leaderboard_lines(title: str, where: str, rows: list[RatingRow]) -> list[str]:
    head = [
        f"**{title}** leaderboard, {where}",
        f"Ranked by the conservative rating μ − 3σ; players with at least {MIN_GAMES} rated games.",
    ]
    if not rows:
        return [*head, f"Nobody has {MIN_GAMES} rated games yet. Games with a computer seat are not rated."]
    return head + [
        f"{n}. <@{row.user_id}> {rating_text(row)} · {plural(row.games, 'game')}, {plural(row.wins, 'win')}"
        for n, row in enumerate(rows, start=1)
    ]


def result_line(result: ResultRow, link: str) -> str:
    title = games.get(result.key).title if result.key in games.GAMES else result.key
    change = "unrated"
    if result.rated and result.rating_before is not None and result.rating_after is not None:
        change = f"rating {result.rating_before:.1f} → {result.rating_after:.1f}"
    return (
        f"{ordinal(result.place)} of {result.players} in {title} #{result.game_id}, "
        f"{plural(result.score, 'point')} · {change} · {link}"
    )


class Ratings(commands.Cog):
    def __init__(self, bot: MiddleKingdomBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best-rated players of a game")
    @app_commands.describe(game="Which game", scope="This server (the default) or all servers")
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPES)
    async def leaderboard(self, interaction: discord.Interaction, game: str, scope: str = "server") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game not in games.GAMES:
            raise UserError("That game is not available.")
        guild_id = interaction.guild_id if scope == "server" else None  # a DM has no server: all servers
        rows = await self.bot.players.leaderboard(
            game, guild_id=guild_id, min_games=MIN_GAMES, limit=LEADERBOARD_SIZE
        )
        where = "this server" if guild_id is not None else "all servers"
        await send_private(interaction, "\n".join(leaderboard_lines(games.get(game).title, where, rows)))

    @app_commands.command(name="profile", description="A player's games, wins, ratings and recent results")
    @app_commands.describe(player="Whose profile (yours if left out)")
    @app_commands.rename(player="user")
    async def profile(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = player or interaction.user
        profile = await self.bot.players.profile(who.id, recent=RECENT)
        counts, ratings = profile.counts, profile.ratings
        if not counts:
            await send_private(interaction, f"{who.display_name} has not finished a game yet.")
            return
        played, won = sum(n for n, _ in counts.values()), sum(w for _, w in counts.values())
        lines = [f"**{who.display_name}**: {plural(played, 'game')}, {plural(won, 'win')}"]
        for key in [k for k in games.GAMES if k in counts]:
            n, w = counts[key]
            rated = ratings.get(key)
            rating = f"rating {rating_text(rated)} after {plural(rated.games, 'rated game')}" if rated else "unrated"
            lines.append(f"{games.get(key).title}: {plural(n, 'game')}, {plural(w, 'win')} · {rating}")
        lines.append("**Recent results**")
        for result in profile.recent:
            lines.append(result_line(result, await self._link(result.game_id)))
        await send_private(interaction, "\n".join(lines))

    async def _link(self, game_id: int) -> str:
        try:
            return table_link(await self.bot.service.get(game_id))
        except UserError:  # a game gone from the store: its number alone
            return f"game #{game_id}"


async def setup(bot: MiddleKingdomBot) -> None:
    await bot.add_cog(Ratings(bot))
