"""Server settings, the service: where tables may be opened, the default clock of new tables, whether
computer players may be seated, and whether the server's games and tournaments have web pages. Chosen by
members with Manage Server; read when a table is opened (and, for web pages, when a page or a link is made)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import replace

from bot import stats as records
from bot.errors import UserError
from bot.games.base.language import tr, trn
from bot.games.base.words import join
from bot.stats import ServerRecord
from bot.store import servers as server_sql
from bot.store.db import Database
from bot.store.servers import ServerRow as ServerSettings
from bot.timecontrol import PRESETS, TIMEOUT_POLICIES

__all__ = ["MAX_CHANNELS", "ServerRecord", "ServerService", "ServerSettings", "check_channel", "check_computers"]

MAX_CHANNELS = 25  # what one Discord channel select can hold
# How long a server's "web pages" choice is trusted without reading it again, for the links under each board
# (another process, or a manager's change in this one, is seen within this time; a change here at once).
PAGES_CACHE_SECONDS = 30.0


class ServerService:
    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock
        self._pages: dict[int, tuple[float, bool]] = {}  # guild -> (when read, web pages allowed)

    async def settings(self, guild_id: int | None) -> ServerSettings:
        """A server's settings, read once per click; outside a server the defaults (any channel, computers
        welcome)."""
        return ServerSettings(0) if guild_id is None else await server_sql.fetch(self.db, guild_id)

    async def set_channels(self, guild_id: int, channel_ids: Iterable[int]) -> ServerSettings:
        """Tables may be opened only in these channels (and their threads); none: anywhere."""
        channels = tuple(dict.fromkeys(channel_ids))
        if len(channels) > MAX_CHANNELS:
            raise UserError(trn("Choose at most {n} channel.", "Choose at most {n} channels.", MAX_CHANNELS))
        return await self._save(replace(await self.settings(guild_id), channels=channels))

    async def set_clock(self, guild_id: int, preset: str, policy: str, vacations: bool) -> ServerSettings:
        if preset not in PRESETS or policy not in TIMEOUT_POLICIES:
            raise UserError(tr("That clock is not one of the choices."))
        current = await self.settings(guild_id)
        return await self._save(replace(current, clock_preset=preset, timeout_policy=policy, vacations=vacations))

    async def set_computers(self, guild_id: int, allowed: bool) -> ServerSettings:
        return await self._save(replace(await self.settings(guild_id), computers=allowed))

    async def set_web_pages(self, guild_id: int, allowed: bool) -> ServerSettings:
        return await self._save(replace(await self.settings(guild_id), web_pages=allowed))

    async def pages_allowed(self, guild_id: int | None) -> bool:
        """Whether the games and tournaments of this server have web pages (without a server: always). Read
        again after ``PAGES_CACHE_SECONDS``: the links under every board ask."""
        if guild_id is None:
            return True
        now = self.clock()
        kept = self._pages.get(guild_id)
        if kept is None or now - kept[0] > PAGES_CACHE_SECONDS:
            kept = self._pages[guild_id] = (now, await server_sql.pages_allowed(self.db, guild_id))
        return kept[1]

    async def record(self, guild_id: int) -> ServerRecord:
        """The server's record (``/server stats``): its finished games, per month up to now, and who plays."""
        return await records.server_record(self.db, guild_id, now=self.clock())

    async def _save(self, settings: ServerSettings) -> ServerSettings:
        await server_sql.save(self.db, settings, self.clock())
        self._pages[settings.guild_id] = (self.clock(), settings.web_pages)
        return settings


def check_channel(settings: ServerSettings, channel_ids: Iterable[int | None]) -> None:
    """Refuse opening a table outside the server's table channels, saying where tables are opened. A thread
    counts as its parent channel (``channel_ids`` holds both)."""
    allowed = settings.channels
    if allowed and not any(channel in allowed for channel in channel_ids if channel is not None):
        places = join([f"<#{channel}>" for channel in allowed], "or")
        raise UserError(tr("On this server, tables are opened in {channels}.", channels=places))


def check_computers(settings: ServerSettings) -> None:
    if not settings.computers:
        raise UserError(tr("This server does not allow computer players at its tables."))
