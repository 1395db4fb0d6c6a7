"""Playing: the "Play" and "My hand" buttons of board messages and each game's private controls.

Every answer here is private (ephemeral, or an edit of the DM or ephemeral message the control sits on).
A callback defers first, reloads the table, asks the game's controls what was clicked and either
shows the next step or submits the action through ``TableService.act(..., version=)``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.errors import NotSeated, StaleVersion, WrongStatus
from bot.games.base.language import mark, tr
from bot.names import table_link
from bot.sentences import event_lines, turn_line
from bot.statuses import TableStatus
from bot.tables import MoveOutcome, Table, table_at
from cogs.board_posts import board_link
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
from cogs.controls import controls_for, may_act, panel, waiting_sentence
from cogs.errors import not_your_turn, report
from cogs.game_pictures import hand_picture, opening_focus, prompt_pictures, step_pictures
from cogs.language import slash
from cogs.pages import MY_VIEW, with_link
from cogs.persistent import PersistentItems
from cogs.prompts import Prompts, recap, result_line
from cogs.replies import NO_PINGS, clip_message, message_kwargs, send_private

if TYPE_CHECKING:
    from bot.tables import TableService
    from bot.tables.service import Answer
    from cogs.app import App

log = logging.getLogger(__name__)

# Said with tr() where shown.
NOT_A_PLAYER = mark("Only the players of this game have a hand; you can follow the game on the board.")
NEWER_PANEL = mark("A newer panel for this game is below.")
# An old private message answered when nothing is the clicker's to decide: it shows no position (no controls,
# no picture), so it says whom the game waits for and links the newest board instead.
MOVED_ON = mark("That move was already made or the board has changed.")
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


def _playing(table: Table, seat: int) -> bool:
    """Still playing: a private link to the seat's own view opens only while it does."""
    return table.status == TableStatus.RUNNING and not table.player_at(seat).forfeited


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


def _choices(table: Table, seat: int) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in table.game.legal_actions(table.state, seat))


def elsewhere_line(table: Table, seat: int, board: str) -> str:
    """One line for an old private message when the seat has nothing to decide now: what the game waits for
    and a link to its newest board (``board``), never "here is the position" (the message shows none)."""
    if table.status == TableStatus.FINISHED:
        return result_line(table, seat)
    if table.status != TableStatus.RUNNING:
        return tr("This table was cancelled.")
    said = [tr(MOVED_ON), waiting_sentence(table), tr("Latest board: {link}", link=board)]
    return " ".join(part for part in said if part)


def _in_panel(interaction: discord.Interaction) -> bool:
    """A control clicked on an ephemeral message (a Play panel), not in a DM or on a public message."""
    message = interaction.message
    return message is not None and bool(message.flags.ephemeral)


def _answered_in(interaction: discord.Interaction, public: bool) -> int | None:
    """The private message (a DM or a Play panel) a click on it is answered in, else None: the delivery of the
    click's move leaves it to the answer (``Sender.replacing``)."""
    message = interaction.message
    return None if message is None or public else message.id


def _dm_answered(interaction: discord.Interaction, public: bool) -> int | None:
    """The DM a click on it is answered in (the answer replaces it), else None."""
    message = interaction.message
    if message is None or public or message.flags.ephemeral:
        return None
    return message.id


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
        mine = await self.bot.page_links.private(table, seat) if _playing(table, seat) else None
        await send_private(interaction, text, file=await hand_picture(table, seat), view=with_link(None, mine, MY_VIEW))

    async def _show_controls(self, interaction: discord.Interaction, table: Table, *, changed: bool) -> None:
        """The Play panel: what happened since the player's last turn, then their controls. It replaces the
        player's previous panel of the game, which is closed (one live panel per player)."""
        seat = _must_move(table, interaction.user.id)
        current = panel(table, seat)
        lines = [*(await recap(self.service, table, seat)), current.content]
        if await self.bot.players.claim_dm_note(interaction.user.id):
            lines.insert(0, tr(DMS_CLOSED, command=slash("me dm", "on")))
        if changed:
            lines.insert(0, tr(CHANGED))
        files = await prompt_pictures(table, seat, current.focus or opening_focus(table, seat))
        kwargs = message_kwargs(files=files, view=current.view)
        await self._close_panel(table, interaction.user.id, keep=None)  # first: the new panel is the newest message
        message = await interaction.followup.send(clip_message("\n".join(lines)), ephemeral=True, wait=True,
                                                  allowed_mentions=NO_PINGS, **kwargs)
        self.bot.open_panels.remember(table.id, interaction.user.id, seat, interaction, message.id)

    async def _close_panel(self, table: Table, user_id: int, *, keep: int | None) -> None:
        """The player's open panel of the game, unless it is message ``keep``, loses its controls."""
        before = self.bot.open_panels.of(table.id, user_id)
        if before is None or (keep is not None and before.message_id == keep):
            return
        self.bot.open_panels.forget(table.id, user_id)
        try:
            await before.interaction.edit_original_response(content=tr(NEWER_PANEL), view=None, attachments=[],
                                                            allowed_mentions=NO_PINGS)
        except discord.HTTPException:  # dismissed or expired: nothing left to close
            log.info("could not close an older panel of game %s", table.id)

    async def _keep_panel(self, interaction: discord.Interaction, table: Table, seat: int, message_id: int) -> None:
        """Remember the player's newest panel; the one it replaces, still editable, loses its controls."""
        await self._close_panel(table, interaction.user.id, keep=message_id)
        self.bot.open_panels.remember(table.id, interaction.user.id, seat, interaction, message_id)

    async def _adopt(self, interaction: discord.Interaction, table: Table, seat: int, *, public: bool) -> None:
        """The private message clicked holds the seat's live controls now: an ephemeral panel is remembered
        (and the older one closed), a DM becomes the seat's prompt (and the older one closed)."""
        if interaction.message is None or public:
            return
        if _in_panel(interaction):
            await self._keep_panel(interaction, table, seat, interaction.message.id)
        else:
            await self._prompts().adopt(table, seat, interaction.message.channel.id, interaction.message.id)

    async def _refresh(self, interaction: discord.Interaction, table: Table, seat: int, *, public: bool) -> None:
        """A click on an old private message answers in that very message: the seat's current decision,
        or, when there is none for it, one line on what the game waits for and a link to the board."""
        if table.status == TableStatus.RUNNING and may_act(table, seat):
            current = panel(table, seat)
            if not public:  # the older live message closes first: this one is then the newest
                await self._adopt(interaction, table, seat, public=public)
            await interaction.edit_original_response(
                content=clip_message(f"{StaleVersion()}\n\n{current.content}"), view=current.view,
                attachments=await prompt_pictures(table, seat, current.focus or opening_focus(table, seat)),
                allowed_mentions=NO_PINGS,
            )
            return
        line = elsewhere_line(table, seat, await board_link(self.service, table))
        await interaction.edit_original_response(content=clip_message(line), view=None, attachments=[],
                                                 allowed_mentions=NO_PINGS)

    async def _still_awaited(self, table: Table, seat: int, version: int) -> bool:
        """Whether a control made at ``version`` still asks the seat what it is asked now: it was to act then
        and is now, it has not moved since, and its choices are the same (in a simultaneous phase, another
        player's move does not make this player's identical choice stale)."""
        if version >= table.version or table.status != TableStatus.RUNNING or seat not in table.to_act():
            return False
        moves = await self.service.move_log(table.id)
        if any(move.seat == seat for move in moves[version:table.version]):
            return False
        before = table_at(table, version, moves)
        return seat in before.to_act() and _choices(before, seat) == _choices(table, seat)

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
            version = None if steady else ref.version
            if table.version != ref.version and not steady:
                seat = _seat(table, interaction.user.id)  # a stranger hears that first, not that the board moved
                if not await self._still_awaited(table, seat, ref.version):
                    if public:
                        raise StaleVersion()
                    await self._refresh(interaction, table, seat, public=public)
                    return
                version = table.version
            if not public and table.version != ref.version:  # an old private message: answered in place
                seat = _seat(table, interaction.user.id)
                if table.status != TableStatus.RUNNING or not may_act(table, seat):
                    await self._refresh(interaction, table, seat, public=public)
                    return
            seat = _must_move(table, interaction.user.id)
            step = controls_for(table.key).resolve(table, seat, payload, values)
            if isinstance(step, Panel):
                # The step's own pictures replace the last step's: the seat's picture and what this step is about.
                # Those already on the seat's own message stay (a public message's are not the seat's to edit).
                kept = interaction.message.attachments if interaction.message is not None and not public else []
                pictures = await step_pictures(table, seat, step.focus, kept)
                if public and step.view is not None:  # a new panel: the older one closes first
                    await self._close_panel(table, interaction.user.id, keep=None)
                answer = await interaction.edit_original_response(
                    content=clip_message(step.content), view=step.view, attachments=pictures
                )
                if public and step.view is not None:
                    self.bot.open_panels.remember(table.id, interaction.user.id, seat, interaction, answer.id)
                return
            if _in_panel(interaction):  # the newest panel of this player: closed once the turn passes
                await self._adopt(interaction, table, seat, public=public)
            with self.bot.sender.replacing(_answered_in(interaction, public)):
                await self._move(interaction, ref, table, seat, step, (payload, values, version), public=public)
        except Exception as error:
            await report(interaction, error, game_id=ref.game_id)

    async def _move(self, interaction: discord.Interaction, ref: Ref, table: Table, seat: int, step: dict[str, Any],
                    clicked: tuple[str, Sequence[str], int | None], *, public: bool) -> None:
        """Submit the move a control resolved to (``clicked``: its payload, select values and the version it is
        for) and answer with what happened and the seat's next decision."""
        payload, values, version = clicked
        try:
            await self.service.act(ref.game_id, interaction.user.id, step, version=version,
                                   answer=self._answer_for(interaction, table, step, public=public))
        except StaleVersion:  # somebody moved first: the same choice still awaited goes in, else what is current
            if public:
                raise
            table = await self.service.get(ref.game_id)
            if not await self._still_awaited(table, seat, ref.version):
                await self._refresh(interaction, table, seat, public=public)
                return
            again = controls_for(table.key).resolve(table, seat, payload, values)
            if isinstance(again, Panel):
                await interaction.edit_original_response(content=clip_message(again.content), view=again.view)
                return
            await self.service.act(ref.game_id, interaction.user.id, again, version=table.version,
                                   answer=self._answer_for(interaction, table, again, public=public))

    def _answer_for(self, interaction: discord.Interaction, before: Table, step: dict[str, Any], *,
                    public: bool) -> Answer:
        """The mover's answer to the move ``step`` made on ``before``, once committed (sent while the move is
        delivered, not after: see ``TableService.act``)."""

        async def answer(outcome: MoveOutcome) -> None:
            back = self.service.offers_take_back(before, step, outcome)
            await self._answer_move(interaction, outcome, back, public=public)

        return answer

    def _prompts(self) -> Prompts:
        return Prompts(self.service, self.bot.sender, self.bot.open_panels, self.bot.page_links)

    async def _answer_move(self, interaction: discord.Interaction, outcome: MoveOutcome, back: bool | None = None, *,
                           public: bool) -> None:
        """The mover's message after the move (``_after_move``). A DM prompt left without controls is closed
        by this answer: its turn's delivery, here or later, does not edit it again."""
        answer = await self._after_move(outcome, interaction.user.id, back)
        await interaction.edit_original_response(**answer)
        in_dm = _dm_answered(interaction, public)
        if in_dm is not None and answer["view"] is None:
            await self._prompts().answered(outcome.table, outcome.seat, in_dm)

    # -- take-backs ----------------------------------------------------------------------------------------
    async def on_take_back(self, interaction: discord.Interaction, ref: Ref) -> None:
        async with self.bot.working():
            await interaction.response.defer()  # the answer replaces the message the button sits on
            try:
                with self.bot.sender.replacing(_answered_in(interaction, public=False)):
                    await self.service.take_back(
                        ref.game_id, interaction.user.id, version=ref.version,
                        answer=lambda outcome: self._answer_move(interaction, outcome, public=False),
                    )
            except Exception as error:
                await report(interaction, error, game_id=ref.game_id)

    async def _after_move(
        self, outcome: MoveOutcome, user_id: int | None = None, back: bool | None = None
    ) -> dict[str, Any]:
        """The mover's message after their move: what happened (with their private part) and fresh controls
        while they are still to act, or whose turn it is now; with Take back while the move may be taken back
        (docs/rules/README.md, "Taking a move back"). ``back``: whether it may, when the caller knows; else
        the service finds out from the log (after a take-back, for the move before it)."""
        table, seat = outcome.table, outcome.seat
        done = " ".join(event_lines(table, outcome.events, seat)) or tr("Done.")
        if table.status == TableStatus.RUNNING and may_act(table, seat):
            current = panel(table, seat)
            view = current.view
            if back is None and user_id is not None:
                back = await self.service.take_back_refusal(table, user_id) is None
            if back:
                view = with_take_back(view, Ref.of(table))
            return {
                "content": clip_message(f"{done}\n\n{current.content}"),
                "view": view,
                "attachments": await prompt_pictures(table, seat, current.focus or opening_focus(table, seat)),
                "allowed_mentions": NO_PINGS,
            }
        after = turn_line(table) or result_line(table, seat)
        return {
            "content": clip_message(f"{done}\n{after}"),
            "view": None,
            "attachments": [],
            "allowed_mentions": NO_PINGS,
        }
