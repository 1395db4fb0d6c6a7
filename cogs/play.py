"""Playing: the "Play" and "My hand" buttons of board messages and each game's private controls.

Every answer here is private (ephemeral, or an edit of the DM or ephemeral message the control sits on).
A callback defers first, reloads the table, asks the game's controls what was clicked and either
shows the next step or submits the action through ``TableService.act(..., version=)``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.errors import NotSeated, StaleVersion, WrongStatus
from bot.games.base.language import mark, tr
from bot.statuses import TableStatus
from bot.tables import MoveOutcome, Table
from cogs.components import (
    BoardButton,
    ControlButton,
    ControlSelect,
    Panel,
    PublicControlButton,
    Ref,
    TakeBackButton,
    with_take_back,
)
from cogs.controls import controls_for, may_act, panel
from cogs.errors import not_your_turn, report
from cogs.game_pictures import hand_picture, opening_focus, prompt_pictures, step_pictures
from cogs.language import slash
from cogs.names import table_link
from cogs.persistent import PersistentItems
from cogs.prompts import recap
from cogs.replies import NO_PINGS, clip_message, send_private
from cogs.sentences import event_lines, turn_line

if TYPE_CHECKING:
    from bot.tables import TableService
    from cogs.app import App

log = logging.getLogger(__name__)

# Said with tr() where shown.
NOT_A_PLAYER = mark("Only the players of this game have a hand; you can follow the game on the board.")
CHANGED = mark("The board has changed since that message; these controls are for the current position.")
# Told once (PlayerService.claim_dm_note) to a player whose turn DMs could not be delivered.
DMS_CLOSED = mark(
    "📭 Your DMs are closed to me, so your turns come here. To get them by DM: server name → Privacy Settings → "
    "turn on Direct Messages, then `{command}`. Or just keep playing with **Play** on the newest board."
)


def _seat(table: Table, user_id: int) -> int:
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    return seat


def _must_move(table: Table, user_id: int) -> int:
    """The user's seat if they are to act in this running game; otherwise a refusal that says what the
    game is waiting for and where its latest board is."""
    seat = _seat(table, user_id)
    if table.status == TableStatus.FINISHED:
        raise WrongStatus(tr("This game is over; its final ranking is on the board: {link}", link=table_link(table)))
    if table.status != TableStatus.RUNNING:
        raise WrongStatus(
            tr("This game has not started yet.") if table.status == TableStatus.LOBBY
            else tr("This table was cancelled.")
        )
    if not may_act(table, seat):
        raise not_your_turn(table)
    return seat


def _in_panel(interaction: discord.Interaction) -> bool:
    """A control clicked on an ephemeral message (a Play panel), not in a DM or on a public message."""
    message = interaction.message
    return message is not None and bool(message.flags.ephemeral)


class Play(PersistentItems, commands.Cog):
    ITEMS = (BoardButton, ControlButton, ControlSelect, PublicControlButton, TakeBackButton)

    def __init__(self, bot: App) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        return self.bot.service

    # -- board buttons -------------------------------------------------------------------------------
    async def on_board_button(self, interaction: discord.Interaction, ref: Ref, verb: str) -> None:
        async with self.bot.working():
            await self._board_button(interaction, ref, verb)

    async def _board_button(self, interaction: discord.Interaction, ref: Ref, verb: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table = await self.service.get(ref.game_id)
            if verb == "hand":
                await self._show_hand(interaction, table)
            else:
                await self._show_controls(interaction, table, changed=ref.version != table.version)
        except Exception as error:
            await report(interaction, error, game_id=ref.game_id)

    async def _show_hand(self, interaction: discord.Interaction, table: Table) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.state is None:
            await send_private(interaction, tr(NOT_A_PLAYER))
            return
        text = controls_for(table.key).hand_text(table, seat)
        await send_private(interaction, text, file=await hand_picture(table, seat))

    async def _show_controls(self, interaction: discord.Interaction, table: Table, *, changed: bool) -> None:
        """The Play panel: what happened since the player's last turn, then their controls."""
        seat = _must_move(table, interaction.user.id)
        current = panel(table, seat)
        lines = [*(await recap(self.service, table, seat)), current.content]
        if await self.bot.players.claim_dm_note(interaction.user.id):
            lines.insert(0, tr(DMS_CLOSED, command=slash("me dm", "on")))
        if changed:
            lines.insert(0, tr(CHANGED))
        files = await prompt_pictures(table, seat, current.focus or opening_focus(table, seat))
        await send_private(interaction, "\n".join(lines), files=files, view=current.view)
        self.bot.open_panels.remember(table.id, interaction.user.id, seat, interaction)

    # -- controls --------------------------------------------------------------------------------------
    async def on_control(
        self,
        interaction: discord.Interaction,
        ref: Ref,
        payload: str,
        values: Sequence[str],
        *,
        public: bool = False,
    ) -> None:
        async with self.bot.working():
            await self._control(interaction, ref, payload, values, public=public)

    async def _control(
        self, interaction: discord.Interaction, ref: Ref, payload: str, values: Sequence[str], *, public: bool
    ) -> None:
        # Deferring as an update: the answer replaces the controls in the message they sit on. A control on a
        # public message answers in a new ephemeral message instead, so the public one never shows anything private.
        if public:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        try:
            table = await self.service.get(ref.game_id)
            steady = controls_for(table.key).version_free(payload)
            if table.version != ref.version and not steady:
                _seat(table, interaction.user.id)  # a stranger hears that first, not that the board moved
                raise StaleVersion()
            seat = _must_move(table, interaction.user.id)
            step = controls_for(table.key).resolve(table, seat, payload, values)
            if isinstance(step, Panel):
                # The step's own pictures replace the last step's: the seat's picture and what this step is about.
                # Those already on the seat's own message stay (a public message's are not the seat's to edit).
                kept = interaction.message.attachments if interaction.message is not None and not public else []
                pictures = await step_pictures(table, seat, step.focus, kept)
                await interaction.edit_original_response(
                    content=clip_message(step.content), view=step.view, attachments=pictures
                )
                return
            version = None if steady else ref.version
            if _in_panel(interaction):  # the newest Play panel of this player: closed once the turn passes
                self.bot.open_panels.remember(table.id, interaction.user.id, seat, interaction)
            outcome = await self.service.act(ref.game_id, interaction.user.id, step, version=version)
            await interaction.edit_original_response(**await self._after_move(outcome, interaction.user.id))
        except Exception as error:
            await report(interaction, error, game_id=ref.game_id)

    # -- take-backs ----------------------------------------------------------------------------------------
    async def on_take_back(self, interaction: discord.Interaction, ref: Ref) -> None:
        async with self.bot.working():
            await interaction.response.defer()  # the answer replaces the message the button sits on
            try:
                outcome = await self.service.take_back(ref.game_id, interaction.user.id, version=ref.version)
                await interaction.edit_original_response(**await self._after_move(outcome, interaction.user.id))
            except Exception as error:
                await report(interaction, error, game_id=ref.game_id)

    async def _after_move(self, outcome: MoveOutcome, user_id: int | None = None) -> dict[str, Any]:
        """The mover's message after their move: what happened (with their private part) and fresh controls
        while they are still to act, or whose turn it is now; with Take back while the move may be taken back
        (docs/rules/README.md, "Taking a move back")."""
        table, seat = outcome.table, outcome.seat
        done = " ".join(event_lines(table, outcome.events, seat)) or tr("Done.")
        if table.status == TableStatus.RUNNING and may_act(table, seat):
            current = panel(table, seat)
            view = current.view
            if user_id is not None and await self.service.take_back_refusal(table, user_id) is None:
                view = with_take_back(view, Ref.of(table))
            return {
                "content": clip_message(f"{done}\n\n{current.content}"),
                "view": view,
                "attachments": await prompt_pictures(table, seat, current.focus or opening_focus(table, seat)),
                "allowed_mentions": NO_PINGS,
            }
        after = turn_line(table) or tr("The game is over: the final scores are on the board.")
        return {
            "content": clip_message(f"{done} {after}"),
            "view": None,
            "attachments": [],
            "allowed_mentions": NO_PINGS,
        }
