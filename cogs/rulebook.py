"""``/rules``: a short illustrated summary of a game's rules, ephemeral.

The picture is the public board of a short demo game between computer players, so it always matches what
the game's own board messages look like. It is drawn once per game and kept.
"""

from __future__ import annotations

import asyncio
import io
import logging
import random
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot import games
from cogs.controls import controls_for
from cogs.messages import message_kwargs

if TYPE_CHECKING:
    from cogs.client import MiddleKingdomBot

log = logging.getLogger(__name__)

DEMO_SEED = 2006
DEMO_MOVES = 14
DEMO_NAMES = ("Ana", "Bo", "Chen", "Dai", "Eun")

def summary(key: str) -> str:
    """A game's summary: its controls module's ``RULES_SUMMARY`` when it has one, else the text below."""
    return str(getattr(controls_for(key), "RULES_SUMMARY", None) or SUMMARIES.get(key, ""))


SUMMARIES: dict[str, str] = {
    "great_wall": (
        "**Goal**: the most points from scoring markers lying face down in front of you.\n"
        "**Table**: 2-4 sections of the wall, each with a pair of face-up markers; cards are played next to them.\n"
        "**Your turn**\n"
        "1. *Check*: in each section where your progress (the sum of your cards there) is strictly ahead of every "
        "other player with cards there, you claim a marker. The first marker lies on one of your cards and counts "
        "against you; the second completes the section: both markers go face down to their owners and the cards "
        "leave the game.\n"
        "2-3. *Two actions*, each: play one or more cards of one type to one section, or draw a card.\n"
        "Cavalry is free: play 1 or 2 at a time, before either action.\n"
        "**Cards**: Wall 1 · Gate 2 · Tower 3 · Infantry: your 1st in a section 1, 2nd 2 ... 5th 5 · Cavalry 2 · "
        "Noble 1, and while uncovered every card in its section counts 1 · Dragon 1, and may cover an unmarked card, "
        "which then counts 0.\n"
        "**End**: when no marker is left, or when someone has played their whole deck: the others take one last "
        "turn, then everyone only checks once more. Markers still on cards score nothing."
    ),
    "china": (
        "**Goal**: the most points. Build houses and send emissaries to the courts of nine regions.\n"
        "**Your turn**: play 1-3 cards of one region to place 1 or 2 pieces there, then refill to 3 cards; "
        "or exchange a card.\n"
        "**Scoring**: a region scores when its last house is built; at the end, alliances of emissaries and rows "
        "of houses along roads score too."
    ),
    "sun_tzu": (
        "**Goal**: push the shared score marker to your side. Two players, five provinces.\n"
        "**Each round** both players secretly put an action card against every province; the pairs are revealed "
        "and the difference removes the loser's armies there, any rest adds armies for the winner.\n"
        "**Scoring** after rounds 3, 6 and 9: controlled provinces score; reaching your end space wins at once."
    ),
    "chinatown": (
        "**Goal**: the most money after six rounds (1965-1970).\n"
        "**Each round** players receive lots and shop tiles, trade freely, build shops on their own lots and "
        "collect income. Adjacent shops of one type and one owner form a business: bigger pays more, complete "
        "ones pay a bonus."
    ),
}


def demo_board(key: str) -> bytes:
    """The public board after a few computer moves of a seeded game (pure and deterministic)."""
    game = games.get(key)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new(players, DEMO_SEED)
    rng = random.Random(DEMO_SEED)
    for _ in range(DEMO_MOVES):
        movers = sorted(game.to_act(state))
        if not movers:
            break
        seat = movers[0]
        action = game.choose_action(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, _ = game.apply(state, seat, action)
    return render.board(key, game.view(state, None), DEMO_NAMES[:players])


class Rulebook(commands.Cog):
    def __init__(self, bot: MiddleKingdomBot) -> None:
        self.bot = bot
        self._pictures: dict[str, bytes | None] = {}

    async def _picture(self, key: str) -> bytes | None:
        if key not in self._pictures:
            try:
                self._pictures[key] = await asyncio.to_thread(demo_board, key)
            except (KeyError, ValueError):  # a game without pictures yet: the summary alone
                log.warning("no rules picture for %s", key, exc_info=True)
                self._pictures[key] = None
        return self._pictures[key]

    @app_commands.command(name="rules", description="A short illustrated summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=[app_commands.Choice(name=games.get(key).title, value=key) for key in games.GAMES])
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        engine = games.get(game)
        players = f"{engine.min_players}-{engine.max_players} players"
        embed = discord.Embed(title=f"{engine.title} ({players})", description=summary(game))
        png = await self._picture(game)
        kwargs: dict[str, Any] = {}
        if png is not None:
            embed.set_image(url="attachment://rules.png")
            kwargs = message_kwargs(file=discord.File(io.BytesIO(png), filename="rules.png"))
        embed.set_footer(text="Play: /game new · Your games: /game mine")
        await interaction.followup.send(embed=embed, ephemeral=True, **kwargs)


async def setup(bot: MiddleKingdomBot) -> None:
    await bot.add_cog(Rulebook(bot))
