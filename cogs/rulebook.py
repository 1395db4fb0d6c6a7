"""``/rules``: a short illustrated summary of a game's rules, and the Rules button of prompts; both ephemeral.

The picture is the public board of a seeded demo game some computer moves in, so it always matches what the
game's own board messages look like, with numbered callouts and their legend (:mod:`render.annotate`). It is
drawn once per game and kept. The Rules button answers with the rules of the phase the game is in now.
"""

from __future__ import annotations

import asyncio
import io
import logging
import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

import render
from bot import games
from bot.games.words import players_range
from cogs.components import Ref
from cogs.controls import controls_for
from cogs.errors import report
from cogs.messages import message_kwargs, send_private
from render import annotate
from render.alt_text import alt_text
from render.alt_text.words import fit

if TYPE_CHECKING:
    from bot.tables import Table
    from cogs.client import MiddleKingdomBot

log = logging.getLogger(__name__)

DEMO_SEED = 2006
DEMO_MOVES = {"china": 40, "great_wall": 24, "sun_tzu": 14, "chinatown": 14}  # well into a game, per game
DEMO_NAMES = ("Ana", "Bo", "Chen", "Dai", "Eun")
PICTURE_NAME = "rules.png"
FIELD_LIMIT = 1024  # an embed field's value


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


def demo_position(key: str) -> tuple[dict[str, Any], list[str]]:
    """The public view and seat names of a seeded game some computer moves in: a real position, the same
    every time (the engine is pure)."""
    game = games.get(key)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new(players, DEMO_SEED)
    rng = random.Random(DEMO_SEED)
    for _ in range(DEMO_MOVES.get(key, 14)):
        movers = sorted(game.to_act(state))
        if not movers:
            break
        seat = movers[0]
        action = game.choose_action(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, _ = game.apply(state, seat, action)
    return game.view(state, None), list(DEMO_NAMES[:players])


@dataclass(frozen=True)
class RulesPicture:
    png: bytes
    legend: tuple[str, ...]  # callout n's words at index n - 1
    alt: str  # the attachment's description: the callouts, then what the board shows


@cache
def rules_picture(key: str) -> RulesPicture:
    """The demo board with numbered callouts and their legend (pure: drawn once per game and kept)."""
    view, names = demo_position(key)
    plain = render.board(key, view, names)
    with Image.open(io.BytesIO(plain)) as image:
        size = image.size
    spots = annotate.callouts(key, view, size)
    legend = tuple(spot.text for spot in spots)
    numbered = "; ".join(f"{n}: {text}" for n, text in enumerate(legend, start=1))
    head = f"An example board of {games.get(key).title}, with numbered callouts. {numbered}."
    alt = fit([head, alt_text(key, "board", view, names)])
    return RulesPicture(annotate.annotate(plain, spots), legend, alt)


def rules_embed(key: str, picture: RulesPicture | None) -> discord.Embed:
    """The summary, then the legend of the picture's numbered callouts."""
    engine = games.get(key)
    embed = discord.Embed(title=f"{engine.title} ({players_range(engine.min_players, engine.max_players)})",
                          description=summary(key))
    if picture is not None:
        lines = "\n".join(f"**{n}** {text}" for n, text in enumerate(picture.legend, start=1))
        embed.add_field(name="On the picture", value=lines[:FIELD_LIMIT], inline=False)
        embed.set_image(url=f"attachment://{PICTURE_NAME}")
    embed.set_footer(text="Play: /game new · Your games: /game mine · Everything else: /help")
    return embed


def phase_rules(table: Table) -> str:
    """The Rules button's answer: the phase the game is in now (the controls module's ``phase_summary``),
    else the game's whole summary."""
    hook = getattr(controls_for(table.key), "phase_summary", None)
    text = str(hook(table)) if hook is not None and table.status == "running" else summary(table.key)
    return f"{text}\nThe whole rules, with a picture: `/rules` · Commands: `/help`"


class Rulebook(commands.Cog):
    def __init__(self, bot: MiddleKingdomBot) -> None:
        self.bot = bot

    async def _picture(self, key: str) -> RulesPicture | None:
        try:
            return await asyncio.to_thread(rules_picture, key)
        except (KeyError, ValueError):  # a game without pictures yet: the summary alone
            log.warning("no rules picture for %s", key, exc_info=True)
            return None

    @app_commands.command(name="rules", description="A short illustrated summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=[app_commands.Choice(name=games.get(key).title, value=key) for key in games.GAMES])
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        picture = await self._picture(game)
        kwargs: dict[str, Any] = {}
        if picture is not None:
            file = discord.File(io.BytesIO(picture.png), filename=PICTURE_NAME, description=picture.alt)
            kwargs = message_kwargs(file=file)
        await interaction.followup.send(embed=rules_embed(game, picture), ephemeral=True, **kwargs)

    async def on_rules_button(self, interaction: discord.Interaction, ref: Ref) -> None:
        """The Rules button of a prompt: defer first (nothing read before), then the phase's rules."""
        async with self.bot.working():
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                table = await self.bot.service.get(ref.game_id)
                await send_private(interaction, phase_rules(table))
            except Exception as error:
                await report(interaction, error)


async def setup(bot: MiddleKingdomBot) -> None:
    await bot.add_cog(Rulebook(bot))
