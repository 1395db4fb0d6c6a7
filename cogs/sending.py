"""Sending and editing the bot's messages by channel id, with the two failures every game message meets:
an archived thread (re-opened, then the call is made again) and closed DMs (remembered, never retried). A DM
that Discord could not take now (``transient``) raises like a public post, so its notification is sent again.

Channels are reached by id (``get_partial_messageable``), so nothing depends on the gateway's caches; a
person's DM channel is opened once and its id kept (``PlayerService.dm_channel``), across restarts too.
An edit waits for its slot in the request budget (``bot/pacing.py``) before it is sent: edits of the same
message made meanwhile join it, and the message is edited once, to the newest version.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

import discord

from bot import pacing
from cogs.replies import NO_PINGS, clip_message

if TYPE_CHECKING:
    from bot.players import PlayerService
    from bot.tables import Table

log = logging.getLogger(__name__)

# Minutes (a week, Discord's longest): the thread of a slow game must not vanish quickly.
ARCHIVE_AFTER: Literal[10080] = 10080
DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
ARCHIVED = 50083  # Discord: "Operation cannot be performed on archived thread"
UNKNOWN_MESSAGE = 10008
UNKNOWN_CHANNEL = 10003


class Messaging(Protocol):
    """What sending uses of the bot: the people, the request budget and Discord's channels (a part of the
    cogs' ``App``, cogs/app.py)."""

    @property
    def players(self) -> PlayerService: ...
    @property
    def budget(self) -> pacing.Budget: ...
    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...
    async def fetch_channel(self, channel_id: int, /) -> Any: ...
    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...


@dataclass
class _Edit:
    """An edit waiting for its slot: the changes of every edit of the message made meanwhile, the newest last."""

    changes: dict[str, Any]
    done: asyncio.Future[bool] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    joined: int = 0


class Sender:
    def __init__(self, bot: Messaging) -> None:
        self.bot = bot
        self._waiting: dict[int, _Edit] = {}  # message id -> its edit waiting for a slot
        # Private messages (DMs, Play panels) a click is being answered in: the answer replaces them, so the click's
        # delivery does not also edit them meanwhile (Prompts.close_passed): a DM not with the bot's counted token,
        # a panel not over the answer that may already be there.
        self.replaced: Counter[int] = Counter()

    @contextmanager
    def replacing(self, message_id: int | None) -> Iterator[None]:
        """While a click is answered in this DM or panel (None: in neither)."""
        if message_id is None:
            yield
            return
        self.replaced[message_id] += 1
        try:
            yield
        finally:
            self.replaced[message_id] -= 1
            if not self.replaced[message_id]:
                del self.replaced[message_id]

    async def post(self, table: Table, **kwargs: Any) -> discord.Message | None:
        """A public message in the game's thread (or channel); raises when Discord refuses it, so the
        notification is kept and sent again."""
        target = table.thread_id or table.channel_id
        if target is None:
            return None
        return await self._with_thread_open(target, lambda: self.bot.get_partial_messageable(target).send(**kwargs),
                                            kwargs)

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        """Edit one of the bot's messages; False when it is gone (deleted by somebody), so the caller may
        post instead. Other refusals raise. While an earlier edit of the message waits for its slot, this one
        joins it (its changes over the earlier ones', as two edits in a row would leave the message) and both
        learn the outcome of the one request."""
        waiting = self._waiting.get(message_id)
        if waiting is not None:
            waiting.changes.update(kwargs)
            waiting.joined += 1
            return await asyncio.shield(waiting.done)
        waiting = self._waiting[message_id] = _Edit(dict(kwargs))
        try:
            try:
                await self.bot.budget.take(pacing.priority(), pacing.raised_when())
            finally:
                del self._waiting[message_id]  # from now on, another edit is another request
            with self.bot.budget.paid():
                edited = await self._edit(channel_id, message_id, waiting.changes)
        except BaseException as error:
            if isinstance(error, asyncio.CancelledError):
                waiting.done.cancel()
            else:
                waiting.done.set_exception(error)
                if not waiting.joined:
                    waiting.done.exception()  # nobody else waits for it: retrieved here
            raise
        waiting.done.set_result(edited)
        return edited

    async def _edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> bool:
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await self._with_thread_open(channel_id, lambda: message.edit(**kwargs), kwargs)
        except discord.NotFound:
            return False
        except discord.HTTPException as error:
            if error.code == UNKNOWN_MESSAGE:
                return False
            raise
        return True

    async def _with_thread_open(self, target: int, call: Any, kwargs: dict[str, Any]) -> Any:
        try:
            return await call()
        except discord.HTTPException as error:
            if error.code != ARCHIVED:
                raise
            await self.unarchive(target)
            _rewind(kwargs)
            return await call()

    async def unarchive(self, thread_id: int) -> None:
        thread = await self.bot.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=False, auto_archive_duration=ARCHIVE_AFTER)

    async def language_of(self, user_id: int) -> str:
        """The language to DM this person in (their /me choice, else their Discord client's): words for a DM
        are written inside ``i18n.speaking(await sender.language_of(user_id))``."""
        return await self.bot.players.language_for(user_id)

    async def dm(self, table: Table, user_id: int, text: str, **kwargs: Any) -> discord.Message | None:
        """One DM; the message, or None when it could not be sent. Closed DMs are remembered, so they are
        not tried again."""
        try:
            channel = await self._dm_channel(user_id)
            try:
                return await channel.send(content=clip_message(text), allowed_mentions=NO_PINGS, **kwargs)
            except discord.NotFound as error:  # the channel remembered is gone: open the person's DM again
                if error.code != UNKNOWN_CHANNEL:
                    raise
                await self.bot.players.remember_dm_channel(user_id, None)
                _rewind(kwargs)
                channel = await self._dm_channel(user_id)
                return await channel.send(content=clip_message(text), allowed_mentions=NO_PINGS, **kwargs)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await self.bot.players.note_dms_closed(user_id)
            log.info("cannot DM a player of game %s (code %s)", table.id, error.code)
            return None
        except discord.HTTPException as error:
            if transient(error):  # the notification stays pending and is sent again (bot/tables/delivery.py)
                raise
            log.warning("DM to a player of game %s failed", table.id, exc_info=True)
            return None

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The person's DM channel: the one opened before (kept in the database), else opened now, once."""
        known = await self.bot.players.dm_channel(user_id)
        if known is not None:
            return self.bot.get_partial_messageable(known, type=discord.ChannelType.private)
        channel = await self.bot.create_dm(discord.Object(id=user_id))
        await self.bot.players.remember_dm_channel(user_id, channel.id)
        return channel


def transient(error: discord.HTTPException) -> bool:
    """Discord could not take the request now (rate limited after discord.py's own retries, or its servers
    failing): the same request later may go; the person's DMs are not closed for that."""
    return error.status == 429 or error.status >= 500


def _rewind(kwargs: dict[str, Any]) -> None:
    """The files of a call to be made again, read from their start."""
    for file in [*kwargs.get("files", []), *kwargs.get("attachments", []), kwargs.get("file")]:
        if isinstance(file, discord.File):
            file.reset()


def channel_of(message: discord.Message) -> int:
    return message.channel.id
