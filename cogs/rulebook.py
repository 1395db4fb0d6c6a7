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
from bot.games.base import language as words
from bot.games.base.language import tr, trn
from bot.statuses import TableStatus
from cogs.components import Ref, RulesButton
from cogs.controls import controls_for, spec_of
from cogs.errors import report
from cogs.language import WHICH_GAME, named, slash
from cogs.persistent import PersistentItems
from cogs.replies import message_kwargs, send_private
from render import annotate
from render.alt_text import alt_text
from render.alt_text.words import fit

if TYPE_CHECKING:
    from bot.tables import Table
    from cogs.app import App

log = logging.getLogger(__name__)

DEMO_SEED = 2006
DEMO_NAMES = ("Ana", "Bo", "Chen", "Dai", "Eun")
PICTURE_NAME = "rules.png"
FIELD_LIMIT = 1024  # an embed field's value


def summary(key: str) -> str:
    """A game's whole rules in a few lines, from its spec."""
    return tr(spec_of(key).rules_summary)


def demo_position(key: str) -> tuple[dict[str, Any], list[str]]:
    """The public view and seat names of a seeded game some computer moves in: a real position, the same
    every time (the engine is pure)."""
    game = games.get(key)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new(players, DEMO_SEED)
    rng = random.Random(DEMO_SEED)
    for _ in range(spec_of(key).demo_moves):
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


def rules_picture(key: str) -> RulesPicture:
    """The demo board with numbered callouts and their legend, in the language in force."""
    return _rules_picture(key, words.code())


@cache
def _rules_picture(key: str, spoken: str) -> RulesPicture:
    """Pure: drawn once per game and language and kept (``spoken`` is the language in force, a key part)."""
    view, names = demo_position(key)
    plain = render.board(key, view, names)
    with Image.open(io.BytesIO(plain)) as image:
        size = image.size
    spots = render.callouts(key, view, size)
    legend = tuple(spot.text for spot in spots)
    numbered = "; ".join(f"{n}: {text}" for n, text in enumerate(legend, start=1))
    head = tr("An example board of {game}, with numbered callouts. {callouts}.", game=tr(games.get(key).title),
              callouts=numbered)
    alt = fit([head, alt_text(key, "board", view, names)])
    return RulesPicture(annotate.annotate(plain, spots), legend, alt)


def rules_embed(key: str, picture: RulesPicture | None) -> discord.Embed:
    """The summary, then the legend of the picture's numbered callouts."""
    engine = games.get(key)
    if engine.min_players == engine.max_players:
        players = trn("{n} player", "{n} players", engine.min_players)
    else:
        players = tr("{low}-{high} players", low=engine.min_players, high=engine.max_players)
    embed = discord.Embed(title=f"{tr(engine.title)} ({players})", description=summary(key))
    if picture is not None:
        lines = "\n".join(f"**{n}** {text}" for n, text in enumerate(picture.legend, start=1))
        embed.add_field(name=tr("On the picture"), value=lines[:FIELD_LIMIT], inline=False)
        embed.set_image(url=f"attachment://{PICTURE_NAME}")
    embed.set_footer(text=tr("Play: {new} · Your games: {mine} · Everything else: {help}", new=slash("game new"),
                             mine=slash("game mine"), help=slash("help")))
    return embed


def phase_rules(table: Table) -> str:
    """The Rules button's answer: the phase the game is in now (the controls' ``phase_summary``), else the
    game's whole summary."""
    phase = controls_for(table.key).phase_summary(table) if table.status == TableStatus.RUNNING else None
    text = phase or summary(table.key)
    return f"{text}\n" + tr("The whole rules, with a picture: `{rules}` · Commands: `{help}`", rules=slash("rules"),
                            help=slash("help"))


class Rulebook(PersistentItems, commands.Cog):
    ITEMS = (RulesButton,)

    def __init__(self, bot: App) -> None:
        self.bot = bot

    async def _picture(self, key: str) -> RulesPicture | None:
        try:
            return await asyncio.to_thread(rules_picture, key)
        except (KeyError, ValueError):  # a game without pictures yet: the summary alone
            log.warning("no rules picture for %s", key, exc_info=True)
            return None

    @app_commands.command(name="rules", description="A short illustrated summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.rename(game=named("game", WHICH_GAME))
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
