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
from cogs.controls import controls_for, panel
from cogs.messages import (
    NO_PINGS,
    board_picture,
    clip_message,
    clock_line,
    due_text,
    event_lines,
    hand_picture,
    message_kwargs,
    pings,
    public_names,
    ranking_lines,
    relative_time,
    table_link,
    timeout_line,
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
            await self._post_board(table, [timeout_line(table, note), *event_lines(table, note.events)])
            await self._post_extras(table, note)
        elif note.kind == "cancelled":
            await self._post(table, content=f"**{title(table)}** was cancelled.", allowed_mentions=NO_PINGS)
        elif note.kind == "reminder":
            await self._remind(table, note)
            return
        elif note.kind == "upkeep":
            await self._keep_alive(table)
            return
        else:
            log.warning("unknown notification kind %r", note.kind)
            return
        for seat in note.newly_to_act:
            await self._dm_mover(table, seat, note)
        if note.kind == "moved":
            await self._ping_next(table, note)

    # -- the public thread -----------------------------------------------------------------------------
    async def _open_thread(self, table: Table) -> Table:
        """A public thread for the game, from the lobby message when there is one; the channel itself when
        the bot may not create threads there. Idempotent: a redelivered 'started' reuses the thread."""
        if table.thread_id is not None or table.channel_id is None:
            return table
        name = title(table)[:100]
        try:
            if table.lobby_message_id is not None:
                # With its guild: discord.py refuses to open a thread from a message without guild info.
                parent = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
                lobby = parent.get_partial_message(table.lobby_message_id)
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
        lines = [line for line in [*lines, *(ranking_lines(table) or [turn_line(table), clock_line(table)])] if line]
        kwargs = message_kwargs(file=await board_picture(table), view=board_view(table))
        await self._post(table, content=clip_message("\n".join(lines)), allowed_mentions=pings(table), **kwargs)

    async def _post_extras(self, table: Table, note: Notification) -> None:
        """Public messages a game's controls module adds after the board with an optional
        ``thread_extras(table, note)``, each as send() keyword arguments (e.g. a trade offer with its buttons)."""
        extras = getattr(controls_for(table.key), "thread_extras", None)
        for kwargs in extras(table, note) if extras is not None else []:
            await self._post(table, **kwargs)

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
        settings = await users.settings(self.bot.service.db, player.user_id)
        if settings.dm_closed or not settings.dm_on_turn:  # the thread's mention still tells them
            return
        private = event_lines(table, note.events, seat) if any(seat in e.private for e in note.events) else []
        await self._dm_controls(table, seat, f"Your move in **{title(table)}**{due_text(table, [seat])}", private)

    async def _dm_controls(self, table: Table, seat: int, head: str, private: list[str]) -> bool:
        """The seat's hand and current controls by DM under ``head``; whether it was sent."""
        current = panel(table, seat)
        text = "\n".join([f"{head}: {table_link(table)}", *private, current.content])
        kwargs = message_kwargs(file=await hand_picture(table, seat), view=current.view)
        user_id = table.player_at(seat).user_id
        return user_id is not None and await self._send_dm(table, user_id, text, **kwargs)

    async def _send_dm(self, table: Table, user_id: int, text: str, **kwargs: Any) -> bool:
        """One DM; whether it was sent. Closed DMs are remembered, so they are not tried again."""
        try:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            await channel.send(content=clip_message(text), allowed_mentions=NO_PINGS, **kwargs)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await users.set_dm_closed(self.bot.service.db, user_id, True, self.bot.service.clock())
            log.info("cannot DM a player of game %s (code %s)", table.id, error.code)
            return False
        except discord.HTTPException:
            log.warning("DM to a player of game %s failed", table.id, exc_info=True)
            return False
        return True

    # -- asynchronous play -----------------------------------------------------------------------------
    async def _remind(self, table: Table, note: Notification) -> None:
        """By DM (with the hand and controls) when the player takes turn DMs and can get them; else a mention
        in the thread. A reminder delivered late, for a turn that is over, is dropped."""
        seat = note.seat
        if seat is None or table.status != "running" or seat not in table.to_act():
            return
        user_id = table.player_at(seat).user_id
        if user_id is None:
            return
        settings = await users.settings(self.bot.service.db, user_id)
        when = table.deadlines.get(seat, note.deadline)  # the live deadline: a vacation may have moved it
        due = f"is due {relative_time(when)}" if when is not None else "is waiting for you"
        head = f"Reminder: your move in **{title(table)}** {due}"
        if settings.dm_on_turn and not settings.dm_closed and await self._dm_controls(table, seat, head, []):
            return
        ping = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=user_id)])
        await self._post(table, content=f"<@{user_id}>, your move in **{title(table)}** {due}.", allowed_mentions=ping)

    async def _keep_alive(self, table: Table) -> None:
        """Upkeep, so the thread of a slow game never archives silently. Discord archives a thread after a week
        without activity and counts a change of its archived flag as activity: re-open an archived thread,
        and archive and re-open a live one, which restarts its week without a message pinging anybody."""
        if table.thread_id is None or table.status != "running":
            return
        try:
            thread = await self.bot.fetch_channel(table.thread_id)
            if not isinstance(thread, discord.Thread) or thread.locked:
                return  # a moderator locked it: theirs to re-open
            if not thread.archived:
                await thread.edit(archived=True)
            await thread.edit(archived=False, auto_archive_duration=ARCHIVE_AFTER)
        except discord.HTTPException as error:  # the next move's post re-opens it anyway
            log.info("upkeep of the thread of game %s failed (%s)", table.id, error.status)

    async def _ping_next(self, table: Table, note: Notification) -> None:
        """ "Ping me when the player before me moves": a DM to the person seated after the mover once the
        mover's turn is over, unless the turn DM already told them. Closed DMs get nothing."""
        if note.seat is None or table.status != "running" or note.seat in table.to_act():
            return
        seat = _successor(table, note.seat)
        user_id = table.player_at(seat).user_id if seat is not None else None
        if seat is None or user_id is None:
            return
        settings = await users.settings(self.bot.service.db, user_id)
        told = seat in note.newly_to_act and settings.dm_on_turn
        if not settings.ping_before or settings.dm_closed or told:
            return
        mover = table.player_at(note.seat).name
        now = f": it is your move{due_text(table, [seat])}" if seat in table.to_act() else ""
        await self._send_dm(table, user_id, f"{mover}, who plays before you, has moved in **{title(table)}**{now}. "
                            f"{table_link(table)}")


def _successor(table: Table, seat: int) -> int | None:
    """The next seat in turn order that still plays (forfeited seats are passed over)."""
    count = len(table.players)
    for step in range(1, count):
        player = table.player_at((seat + step) % count)
        if not player.forfeited:
            return player.seat
    return None
