"""Rematch and New table under a finished game's final board message (with Game story, ``cogs/story.py``).

Rematch opens the same game for the same players with a new seed (``bot/rematch.py``): the lobby is posted
in the game's channel, the other players are mentioned once (that message only) and join with one tap; a
player who presses Rematch after it was opened is seated at once. New table opens the private options panel
of the same game, set like the finished one. Both are DynamicItems (``mk:<game>:<version>:rematch``,
``...:newtable``): the clicked game is reloaded and re-checked, nothing in the custom_id is trusted.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, ClassVar

import discord

from bot import i18n
from bot.errors import UserError
from bot.games.base.language import mark, tr
from bot.names import title
from bot.rematch import check_rematch, current_rematch, invited, open_rematch, remember_rematch
from bot.statuses import TableStatus
from bot.tables import Table
from cogs.app import app_of
from cogs.checks import display_name
from cogs.components import PREFIX, Ref, board_view, persistent_view
from cogs.errors import report
from cogs.language import Spoken
from cogs.lobby import finishing, lobby_text, lobby_view, new_table_panel
from cogs.replies import NO_PINGS, message_kwargs, pings, send_private
from cogs.story import StoryButton

_opening: dict[int, asyncio.Lock] = {}  # per finished game: two players pressing Rematch at once open one table


def table_buttons(table: Table) -> discord.ui.View | None:
    """The buttons under a game's board: Play and My hand while it runs; Rematch, New table and Game story
    once over."""
    if table.status == TableStatus.FINISHED:
        ref = Ref.of(table)
        return persistent_view(RematchButton(ref, "rematch"), RematchButton(ref, "newtable"), StoryButton(ref))
    return board_view(table)


def _lobby_link(table: Table) -> str:
    if table.channel_id is None or table.lobby_message_id is None:
        return tr("table #{id}", id=table.id)
    return f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}/{table.lobby_message_id}"


class RematchButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"(?P<verb>rematch|newtable)"
):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "rematch": (mark("Rematch"), discord.ButtonStyle.success),
        "newtable": (mark("New table"), discord.ButtonStyle.secondary),
    }

    def __init__(self, ref: Ref, verb: str) -> None:
        label, style = self.LABELS[verb]
        super().__init__(discord.ui.Button(label=tr(label), style=style, custom_id=ref.custom_id(verb)))
        self.ref, self.verb = ref, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(Ref.from_match(match), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a public message: answer privately
        try:
            if self.verb == "rematch":
                await self._rematch(interaction)
            else:
                await self._new_table(interaction)
        except Exception as error:
            await report(interaction, error)

    async def _rematch(self, interaction: discord.Interaction) -> None:
        service, user = app_of(interaction).service, interaction.user.id
        async with _opening.setdefault(self.ref.game_id, asyncio.Lock()):
            old = await check_rematch(service, self.ref.game_id, user)
            new = await current_rematch(service, old)
            if new is not None:
                await self._join(interaction, new)
                return
            settings = await app_of(interaction).servers.settings(old.guild_id)
            new = await open_rematch(service, old, user, display_name(interaction), computers=settings.computers)
            channel_id = old.channel_id or interaction.channel_id
            if channel_id is None:
                raise UserError(tr("This game has no channel to open its rematch in."))
            others = invited(old, new)
            mentions = " ".join(f"<@{u}>" for u in others)
            records = await finishing(app_of(interaction), new)
            with i18n.speaking(new.language):  # public: the table's language, not the clicker's
                invitation = (tr("Rematch of {game}: {players}, join with one tap.", game=title(old), players=mentions)
                              + "\n" if others else "")
                page = await app_of(interaction).page_links.game(new)
                text = invitation + lobby_text(new, records)
                view = lobby_view(new, computers=settings.computers, page=page)
            channel = app_of(interaction).get_partial_messageable(channel_id, guild_id=old.guild_id)
            message = await channel.send(text, allowed_mentions=pings(others), **message_kwargs(view=view))
            await remember_rematch(service, old, new, channel_id, message.id)
            new = await service.get(new.id)
        await send_private(interaction, tr("The rematch is open: {link}", link=_lobby_link(new)))

    async def _join(self, interaction: discord.Interaction, new: Table) -> None:
        if new.status != TableStatus.LOBBY:
            await send_private(interaction, tr("The rematch, {game}, has already started.", game=title(new)))
            return
        if new.is_member(interaction.user.id):
            await send_private(interaction, tr("You are at the rematch already: {link}", link=_lobby_link(new)))
            return
        service = app_of(interaction).service
        new = await service.join(new.id, interaction.user.id, display_name(interaction))
        settings = await app_of(interaction).servers.settings(new.guild_id)
        if new.channel_id is not None and new.lobby_message_id is not None:
            lobby = app_of(interaction).get_partial_messageable(new.channel_id, guild_id=new.guild_id)
            records = await finishing(app_of(interaction), new)
            page = await app_of(interaction).page_links.game(new)
            with i18n.speaking(new.language):
                text, view = lobby_text(new, records), lobby_view(new, computers=settings.computers, page=page)
            await lobby.get_partial_message(new.lobby_message_id).edit(
                content=text, view=view, allowed_mentions=NO_PINGS
            )
        await send_private(interaction, tr("You joined the rematch: {link}", link=_lobby_link(new)))

    async def _new_table(self, interaction: discord.Interaction) -> None:
        old = await app_of(interaction).service.get(self.ref.game_id)
        game = old.game
        picks = [
            opt.choices.index(old.options[opt.key]) if old.options.get(opt.key) in opt.choices
            else opt.choices.index(opt.default)
            for opt in game.options
        ]
        text, view = await new_table_panel(interaction, old.key, old.seat_count, picks, old.language)
        await send_private(interaction, text, view=view)
