"""The bot: opens the database and the table service, loads the cogs and their persistent components.

``run_bot(config)`` runs it; ``sync_commands(config, guild_id)`` publishes the slash commands (globally, or to
one server where they appear at once) and exits. The token is only ever handed to discord.py, never logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any, Protocol

import discord
import yarl
from discord.ext import commands

from bot.clock import TimerDispatcher
from bot.servers import ServerService
from bot.store.db import Database
from bot.tables import TableService
from bot.tournaments.service import TournamentNotifier, TournamentService
from cogs import components, game, history, lobby, server, tournament_views
from cogs.notify import DiscordNotifier

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.errors", "cogs.game", "cogs.play", "cogs.rulebook", "cogs.tournament", "cogs.ratings", "cogs.me",
    "cogs.help", "cogs.server",
)
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    *components.DYNAMIC_ITEMS,
    *lobby.DYNAMIC_ITEMS,
    *game.DYNAMIC_ITEMS,
    *history.DYNAMIC_ITEMS,
    *server.DYNAMIC_ITEMS,
    *tournament_views.DYNAMIC_ITEMS,
)
AI_DELAY = 1.5  # seconds between computer moves, so people can follow them
AI_GRACE = 5.0  # seconds computer moves may still take when the bot shuts down
SETTLE_GRACE = 5.0  # seconds clicks and deliveries in progress may still take when the bot shuts down


class BotConfig(Protocol):
    """What the bot reads from ``bot.config.Config`` (read-only, so the frozen dataclass fits)."""

    @property
    def token(self) -> str: ...
    @property
    def database_path(self) -> str: ...
    @property
    def dev_guild_id(self) -> int | None: ...
    @property
    def api_base(self) -> str | None: ...


class MiddleKingdomBot(commands.Bot):
    def __init__(self, config: BotConfig, *, services: bool = True, ai_delay: float = AI_DELAY) -> None:
        # Default intents only: slash commands and components need no privileged intent.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None)
        self.database_path = config.database_path
        self.dev_guild_id = config.dev_guild_id
        self.ai_delay = ai_delay
        self._services = services  # False for `sync`: commands only, no database and no deliveries
        self._db: Database | None = None
        self._service: TableService | None = None
        self._tournaments: TournamentService | None = None
        self._servers: ServerService | None = None
        self._dispatcher: TimerDispatcher | None = None
        # Set by the tournament cog before the services open; None posts nothing about rounds.
        self.tournament_notifier: TournamentNotifier | None = None
        self.notifier = DiscordNotifier(self)  # its prompts remember the open Play panels
        self._in_flight = 0  # clicks being handled (see working())

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError("the table service is not open yet")
        return self._service

    @property
    def tournaments(self) -> TournamentService:
        if self._tournaments is None:
            raise RuntimeError("the tournament service is not open yet")
        return self._tournaments

    @property
    def servers(self) -> ServerService:
        if self._servers is None:
            raise RuntimeError("the server settings service is not open yet")
        return self._servers

    async def open_services(self) -> None:
        """The database, the table service, the tournament service and the timer dispatcher (not started:
        ``start_timers`` does that once the bot can deliver). Also used by tests, which never log in."""
        self._db = await Database.open(self.database_path)
        self._service = TableService(self._db, self.notifier, ai_delay=self.ai_delay)
        self._dispatcher = TimerDispatcher(self._db, self._service.fire_timer)
        self._service.on_timers_changed = self._dispatcher.wake
        self._tournaments = TournamentService(self._db, self._service, self.tournament_notifier)
        self._servers = ServerService(self._db)

    def start_timers(self) -> None:
        if self._dispatcher is not None:
            self._dispatcher.start()

    async def load_cogs(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)

    async def setup_hook(self) -> None:
        await self.load_cogs()
        if not self._services:
            return
        await self.open_services()
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("slash commands synced to the development server")
        await self.service.resume()  # deliver what a crash left unsent; computer players continue
        await self.tournaments.resume()  # rounds that ended while the bot was down move on
        self.start_timers()  # deadlines and reminders that came due while down fire now, once

    @contextlib.asynccontextmanager
    async def working(self) -> AsyncIterator[None]:
        """Around the handling of a click: a clean stop lets it finish before the connection closes."""
        self._in_flight += 1
        try:
            yield
        finally:
            self._in_flight -= 1

    async def _settle(self, timeout: float) -> None:
        """Wait (a little) for clicks being answered and notifications being sent: the move of a click is
        committed either way, but its answer and its board should not be cut off by a clean stop."""
        deadline = asyncio.get_running_loop().time() + timeout
        while asyncio.get_running_loop().time() < deadline:
            delivering = self._service.delivering if self._service is not None else 0
            if self._in_flight == 0 and delivering == 0:
                return
            await asyncio.sleep(0.05)

    async def close(self) -> None:
        if self._dispatcher is not None:
            await self._dispatcher.stop()
        await self._settle(SETTLE_GRACE)
        await super().close()
        if self._service is not None:
            # Computer moves in progress get a moment to finish; the rest are cancelled (each move is one
            # transaction, so nothing is half-applied) and continue at the next start through resume().
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._service.idle(), timeout=AI_GRACE)
        if self._db is not None:
            await self._db.close()
            self._db = None


def point_at(api_base: str | None) -> None:
    """Talk to another Discord at ``api_base`` (a local double in end-to-end tests): its REST API and its
    gateway. discord.py reads both from class attributes, so this is process-wide; None leaves Discord."""
    if not api_base:
        return
    url = yarl.URL(api_base)
    discord.http.Route.BASE = str(url / "api" / "v10")
    gateway = url.with_scheme("wss" if url.scheme == "https" else "ws") / "gateway"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


def run_bot(config: BotConfig) -> None:
    """Run until interrupted. Logging is configured by the caller (``python -m bot``)."""
    point_at(config.api_base)
    MiddleKingdomBot(config).run(config.token, log_handler=None)


async def sync_commands(config: BotConfig, guild_id: int | None = None) -> list[str]:
    """Publish the slash commands: to one server (at once) or globally (Discord may take a while)."""
    point_at(config.api_base)
    bot = MiddleKingdomBot(config, services=False)
    async with bot:
        await bot.login(config.token)
        if guild_id is None:
            synced = await bot.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
    names = sorted(command.name for command in synced)
    log.info("synced %d commands %s: %s", len(names), "globally" if guild_id is None else "to one server", names)
    return names
