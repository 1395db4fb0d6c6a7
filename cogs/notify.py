"""The table service's notifier for Discord: board messages in the game's thread, and DMs to the movers.

The service commits first and calls ``deliver`` afterwards (again after a crash), so this only sends.
A failed public post raises, and the service keeps the notification to retry; a failed DM never does.
Channels are reached by id (``get_partial_messageable``), so nothing depends on the gateway's caches.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.store import users
from bot.tables import Notification, Table
from cogs.components import board_view
from cogs.controls import panel
from cogs.messages import (
    NO_PINGS,
    board_picture,
    clip_message,
    event_lines,
    hand_picture,
    message_kwargs,
    pings,
    public_names,
    ranking_lines,
    table_link,
    title,
    turn_line,
)

if TYPE_CHECKING:
    from cogs.client import MiddleKingdomBot

log = logging.getLogger(__name__)

# Minutes (a week, Discord's longest): the thread of a slow game must not vanish quickly.
ARCHIVE_AFTER: Literal[10080] = 10080
DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
ARCHIVED = 50083  # Discord: "Operation cannot be performed on archived thread"


class DiscordNotifier:
    def __init__(self, bot: MiddleKingdomBot) -> None:
        self.bot = bot

    async def deliver(self, table: Table, note: Notification) -> None:
        if note.kind == "started":
            table = await self._open_thread(table)
            seats = ", ".join(public_names(table))
            await self._post_board(table, [f"**{title(table)}** begins. Seats in turn order: {seats}."])
        elif note.kind == "moved":
            await self._post_board(table, event_lines(table, note.events))
        elif note.kind == "cancelled":
            await self._post(table, content=f"**{title(table)}** was cancelled.", allowed_mentions=NO_PINGS)
        else:
            log.warning("unknown notification kind %r", note.kind)
            return
        for seat in note.newly_to_act:
            await self._dm_mover(table, seat, note)

    # -- the public thread -----------------------------------------------------------------------------
    async def _open_thread(self, table: Table) -> Table:
        """A public thread for the game, from the lobby message when there is one; the channel itself when
        the bot may not create threads there. Idempotent: a redelivered 'started' reuses the thread."""
        if table.thread_id is not None or table.channel_id is None:
            return table
        name = title(table)[:100]
        try:
            if table.lobby_message_id is not None:
                lobby = self.bot.get_partial_messageable(table.channel_id).get_partial_message(table.lobby_message_id)
                thread = await lobby.create_thread(name=name, auto_archive_duration=ARCHIVE_AFTER)
            else:
                channel = await self.bot.fetch_channel(table.channel_id)
                if not isinstance(channel, discord.TextChannel):
                    return table
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=ARCHIVE_AFTER
                )
        except discord.HTTPException as error:  # Forbidden, or a channel without threads
            log.info("no thread for game %s (%s); playing in the channel", table.id, error.status)
            return table
        await self.bot.service.set_thread(table.id, thread.id)
        return await self.bot.service.get(table.id)

    async def _post_board(self, table: Table, lines: list[str]) -> None:
        lines = [*lines, *(ranking_lines(table) or [turn_line(table)])]
        kwargs = message_kwargs(file=await board_picture(table), view=board_view(table))
        await self._post(table, content=clip_message("\n".join(lines)), allowed_mentions=pings(table), **kwargs)

    async def _post(self, table: Table, **kwargs: Any) -> None:
        target = table.thread_id or table.channel_id
        if target is None:
            return
        channel = self.bot.get_partial_messageable(target)
        try:
            await channel.send(**kwargs)
        except discord.HTTPException as error:
            if error.code != ARCHIVED:
                raise
            await self._unarchive(target)
            for file in kwargs.get("files", []):
                file.reset()
            await channel.send(**kwargs)

    async def _unarchive(self, thread_id: int) -> None:
        thread = await self.bot.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=False, auto_archive_duration=ARCHIVE_AFTER)

    # -- private messages ------------------------------------------------------------------------------
    async def _dm_mover(self, table: Table, seat: int, note: Notification) -> None:
        """The mover's hand and controls by DM. Closed DMs are remembered and not tried again: the thread's
        mention and its Play button are enough to play."""
        player = table.player_at(seat)
        if player.is_ai or player.user_id is None or seat not in table.to_act():
            return
        db = self.bot.service.db
        if await users.dm_closed(db, player.user_id):
            return
        current = panel(table, seat)
        private = event_lines(table, note.events, seat) if any(seat in e.private for e in note.events) else []
        text = "\n".join([f"Your move in **{title(table)}**: {table_link(table)}", *private, current.content])
        kwargs = message_kwargs(file=await hand_picture(table, seat), view=current.view)
        try:
            channel = await self.bot.create_dm(discord.Object(id=player.user_id))
            await channel.send(content=clip_message(text), allowed_mentions=NO_PINGS, **kwargs)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await users.set_dm_closed(db, player.user_id, True, self.bot.service.clock())
            log.info("cannot DM a player of game %s (code %s)", table.id, error.code)
        except discord.HTTPException:
            log.warning("DM to a player of game %s failed", table.id, exc_info=True)
