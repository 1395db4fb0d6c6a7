"""One place that turns errors into answers: the app-command tree's on_error and ``report`` for components.

A person's mistake (UserError, IllegalAction) gets its own sentence, ephemerally; a stale control also gets
the current board (and fresh controls when it is their move, else whom the game waits for). A move out of
turn says whom the game waits for, what for, and links the latest board. Anything else is logged with its
traceback, named by the command or custom_id only (never hidden content), and answered with a short apology.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import NotYourTurn, StaleVersion, UserError
from bot.games.base import IllegalAction
from bot.games.base.language import mark, tr
from bot.names import table_link
from bot.statuses import TableStatus
from cogs.app import app_of
from cogs.controls import panel, waiting_sentence
from cogs.game_pictures import board_picture
from cogs.replies import send_private

if TYPE_CHECKING:
    from bot.tables import Table
    from cogs.app import App

log = logging.getLogger(__name__)

APOLOGY = mark("Sorry, something went wrong on my side. Please try again in a moment.")


async def report(interaction: discord.Interaction, error: BaseException, *, game_id: int | None = None) -> None:
    """Answer ``interaction`` about ``error`` privately; never raises (a failed answer is only logged)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    try:
        if isinstance(error, StaleVersion) and game_id is not None:
            await _stale(interaction, error, game_id)
        elif isinstance(error, NotYourTurn) and not error.board and game_id is not None:
            # Raised by the table service, which knows names but not Discord: the answer adds the rest.
            await send_private(interaction, str(not_your_turn(await app_of(interaction).service.get(game_id))))
        elif isinstance(error, (UserError, IllegalAction)):
            # Most are worded when raised, in the person's language; a marked constant is translated here.
            await send_private(interaction, tr(str(error)))
        elif isinstance(error, app_commands.CheckFailure):
            await send_private(interaction, tr(str(error)) if str(error) else tr("You cannot use this command here."))
        else:
            what = interaction.command.qualified_name if interaction.command else _custom_id(interaction)
            log.error("unexpected error in %s", what, exc_info=error)
            await send_private(interaction, tr(APOLOGY))
    except discord.HTTPException:
        log.warning("could not tell the user about an error", exc_info=True)


def _custom_id(interaction: discord.Interaction) -> str:
    data: dict[str, Any] = dict(interaction.data or {})
    return str(data.get("custom_id", "an interaction"))


def not_your_turn(table: Table) -> NotYourTurn:
    """The refusal of a move out of turn, from the table as it is now: whom the game waits for and what
    for (plain names: the answer is private and pings nobody), and the latest board."""
    return NotYourTurn(waiting_sentence(table), table_link(table))


def awaited_line(table: Table) -> str:
    """ "The game is waiting for Bob to play cards or draw a card." ("" once nobody is to act)."""
    return waiting_sentence(table)


async def _stale(interaction: discord.Interaction, error: StaleVersion, game_id: int) -> None:
    table = await app_of(interaction).service.get(game_id)
    text, view = str(error), None
    seat = table.seat_of(interaction.user.id)
    if seat is not None and seat in table.to_act():
        current = panel(table, seat)
        text, view = f"{text}\n\n{current.content}", current.view
    elif table.status == TableStatus.RUNNING:
        text = f"{text} {awaited_line(table)}".strip()
    else:
        text = f"{text} " + tr("The game is over: the final ranking is on the board.")
    await send_private(interaction, text, file=await board_picture(table), view=view)


class Errors(commands.Cog):
    """Installs the one tree.on_error while loaded and restores the previous handler when unloaded."""

    def __init__(self, bot: App) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error

    async def cog_load(self) -> None:
        self.bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)
