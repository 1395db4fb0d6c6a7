"""The bot: opens the database and the services, adds the cogs (each registers its own persistent components).

``run_bot(config)`` runs it (on some shards when ``SHARD_COUNT`` is set: ``make_bot``);
``sync_commands(config, guild_id)`` publishes the slash commands (globally, or to one server where they appear
at once) and exits. The token is only ever handed to discord.py, never logged.
Both raise ``StartupError`` (one sentence) when the database cannot be written, Discord refuses the token or
Discord cannot be reached at login.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any, TypeVar

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot import pacing, pictures
from bot.config import Config, StartupError
from bot.players import PlayerService
from bot.servers import ServerService
from bot.services import Services
from bot.tables import TableService
from bot.tournaments.service import TournamentService
from cogs import language
from cogs.errors import Errors
from cogs.game import GameCommands
from cogs.help import Help
from cogs.me import Me
from cogs.notify import DiscordNotifier
from cogs.open_panels import OpenPanels
from cogs.pacing import pace
from cogs.pages import PageLinks
from cogs.play import Play
from cogs.ratings import Ratings
from cogs.rulebook import Rulebook
from cogs.sending import Sender
from cogs.server import ServerCommands
from cogs.tournament import RoundPoster, TournamentCommands
from web.links import WebLinks
from web.server import WebServer, links_of

log = logging.getLogger(__name__)
T = TypeVar("T")

AI_DELAY = 1.5  # seconds between computer moves, so people can follow them
AI_GRACE = 5.0  # seconds computer moves may still take when the bot shuts down
SETTLE_GRACE = 5.0  # seconds clicks and deliveries in progress may still take when the bot shuts down


class MiddleKingdomBot(commands.Bot):
    def __init__(
        self, config: Config, *, services: bool = True, ai_delay: float = AI_DELAY, **shards: Any
    ) -> None:
        # Servers and their channels only: slash commands and components come as interactions, which need no
        # intent. Without the message intents Discord sends no event for each message of every channel the
        # bot can see (all the servers' chatter, and the bot's own posts), which it would only parse and drop.
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True), help_command=None,
            max_messages=None, **shards,  # no message events: nothing to cache
            tree_cls=language.Tree,  # every command answered in its person's language (cogs/language.py)
        )
        self.database = config.database_url or config.database_path  # a PostgreSQL address, or the SQLite file
        self._web_at = (config.web_host, config.web_port) if config.web_port is not None else None
        self._web: WebServer | None = None  # the pages, served in this process when WEB_PORT is set
        # Links to the pages under boards, lobbies and standings (cogs/pages.py); the server settings decide.
        self.page_links = PageLinks(links_of(config), lambda: self.servers)
        self.dev_guild_id = config.dev_guild_id
        self.holds_first_shard = config.holds_first_shard  # this process syncs the development server's commands
        self._shard_plan = (config.shard_count, config.shard_ids)
        # Discord's global limit, for the whole bot: this process's share of it until the services are open
        # (on PostgreSQL every process then draws on one budget in the database).
        self._share = pacing.share(config.shard_count, config.shard_ids)
        self.budget = pacing.Budget(pacing.LocalSlots(pacing.RATE * self._share))
        self.ai_delay = ai_delay
        self._services = services  # False for `sync`: commands only, no database and no deliveries
        self._open: Services | None = None
        self.tournament_notifier = RoundPoster(self)  # the tournament service posts its rounds through it
        self.open_panels = OpenPanels()  # Play panels opened here, closed by the notifier's prompts
        self.sender = Sender(self)  # every message the bot sends or edits outside an interaction's answer
        self.notifier = DiscordNotifier(self)
        # The cogs the game components' clicks go to (cogs/app.py, App.play and App.rulebook).
        self.play = Play(self)
        self.rulebook = Rulebook(self)
        self._in_flight = 0  # clicks being handled (see working())
        self._prepared = False

    @property
    def services(self) -> Services:
        if self._open is None:
            raise RuntimeError("the services are not open yet")
        return self._open

    @property
    def service(self) -> TableService:
        return self.services.tables

    @property
    def tournaments(self) -> TournamentService:
        return self.services.tournaments

    @property
    def players(self) -> PlayerService:
        return self.services.players

    @property
    def servers(self) -> ServerService:
        return self.services.servers

    async def open_services(self) -> None:
        """The database, the table, tournament, player and server services and the timer dispatcher (not
        started: ``start_timers`` does that once the bot can deliver). Also used by tests, which never log in."""
        self._open = await Services.open(
            self.database, notifier=self.notifier, tournament_notifier=self.tournament_notifier,
            ai_delay=self.ai_delay,
        )
        self.budget.slots = self._open.request_slots(pacing.RATE, self._share)

    def start_timers(self) -> None:
        if self._open is not None:
            self._open.timers.start()

    async def load_cogs(self) -> None:
        """Every cog; each registers its own persistent components as it loads (cogs/persistent.py)."""
        await self.tree.set_translator(language.CommandTranslator())
        cogs: tuple[commands.Cog, ...] = (
            Errors(self), GameCommands(self), self.play, self.rulebook, TournamentCommands(self), Ratings(self),
            Me(self), Help(self), ServerCommands(self),
        )
        for cog in cogs:
            await self.add_cog(cog)

    async def prepare(self) -> None:
        """What needs no Discord: the cogs, then the services (handed the bot's notifier and round poster).
        ``run_bot`` does it before logging in, so a database that cannot be written is found first."""
        if self._prepared:
            return
        await self.load_cogs()
        if self._services:
            await self.open_services()  # StartupError: the database cannot be written
            await self._start_pages()  # StartupError: the port is taken
        self._prepared = True

    async def _start_pages(self) -> None:
        """The web pages in this process (WEB_PORT), reading the same services; each delivery nudges them."""
        if self._web_at is None or self._web is not None:
            return
        host, port = self._web_at
        links = self.page_links.links or WebLinks(f"http://localhost:{port}")
        self._web = WebServer(self.services, links, host, port)
        await self._web.start()
        self.page_links.nudge = self._web.feed.nudge

    async def login(self, token: str) -> None:
        pace(self.http, self.budget)  # in the event loop, before discord.py makes its session
        await super().login(token)

    async def setup_hook(self) -> None:
        await self.prepare()
        if not self._services:
            return
        if self.dev_guild_id is not None and self.holds_first_shard:  # once, whatever the number of processes
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("slash commands synced to the development server")
        # Deliver what a crash left unsent; computer players continue in the games of this process's servers.
        await self.service.resume(lambda table: self.serves(table.guild_id))
        await self.tournaments.resume()  # rounds that ended while the bot was down move on
        self.start_timers()  # deadlines and reminders that came due while down fire now, once

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard Discord sends the server's events on (DMs: shard 0); every
        server when it runs every shard."""
        count, ids = self._shard_plan
        if count is None or ids is None:
            return True
        return (0 if guild_id is None else (guild_id >> 22) % count) in ids

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
            delivering = self._open.tables.delivery.delivering if self._open is not None else 0
            if self._in_flight == 0 and delivering == 0:
                return
            await asyncio.sleep(0.05)

    async def close(self) -> None:
        if self._web is not None:  # its live streams end at once; the pages stop before the services close
            await self._web.stop()
            self._web = None
        if self._open is not None:
            await self._open.timers.stop()
        await self._settle(SETTLE_GRACE)
        await super().close()
        if self._open is not None:
            # Computer moves in progress get a moment to finish; the rest are cancelled (each move is one
            # transaction, so nothing is half-applied) and continue at the next start through resume().
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._open.tables.computers.idle(), timeout=AI_GRACE)
        pictures.close()  # after the services: their last deliveries may still draw
        if self._open is not None:
            await self._open.close()
            self._open = None


class ShardedBot(MiddleKingdomBot, commands.AutoShardedBot):
    """The bot on some or all shards of a sharded whole (``SHARD_COUNT``, ``SHARD_IDS``): one gateway connection
    per shard in this process. Discord sends a guild's events to shard ``(guild_id >> 22) % SHARD_COUNT`` and
    every DM to shard 0; all processes share one database, which keeps each move, timer and notice once."""


def make_bot(config: Config) -> MiddleKingdomBot:
    """The bot ``python -m bot`` runs: sharded when ``SHARD_COUNT`` is set, else one connection as always."""
    if config.shard_count is None:
        return MiddleKingdomBot(config)
    ids = list(config.shard_ids) if config.shard_ids is not None else None  # None: every shard, here
    return ShardedBot(config, shard_count=config.shard_count, shard_ids=ids)


def point_at(api_base: str | None) -> None:
    """Talk to another Discord at ``api_base`` (a local double in end-to-end tests): its REST API and its
    gateway. discord.py reads both from class attributes, so this is process-wide; None leaves Discord."""
    if not api_base:
        return
    url = yarl.URL(api_base)
    discord.http.Route.BASE = str(url / "api" / "v10")
    gateway = url.with_scheme("wss" if url.scheme == "https" else "ws") / "gateway"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


@contextlib.contextmanager
def _login_errors(api_base: str | None) -> Iterator[None]:
    """Logging in fails for two reasons a person can fix, said in one sentence each (never the token); once
    logged in, discord.py itself reconnects through network trouble."""
    where = api_base or "discord.com"
    try:
        yield
    except discord.LoginFailure:
        raise StartupError(
            "Discord refused DISCORD_TOKEN: copy the bot's token again from the Discord developer portal "
            "(Bot, Reset Token), export DISCORD_TOKEN and run the command again."
        ) from None
    except (OSError, TimeoutError, aiohttp.ClientConnectionError) as error:
        raise StartupError(
            f"Discord cannot be reached at {where} ({_network_reason(error)}): check this machine's network "
            "connection (and DISCORD_API_BASE, if set) and run the command again."
        ) from None


def _network_reason(error: BaseException) -> str:
    if isinstance(error, aiohttp.ClientConnectorError):
        error = error.os_error
    if isinstance(error, OSError) and isinstance(error.errno, int) and error.errno > 0:
        return os.strerror(error.errno).lower()  # "connection refused", not asyncio's "Connect call failed"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()  # a name lookup's "name or service not known"
    return "timed out" if isinstance(error, TimeoutError) else type(error).__name__


async def _run(bot: MiddleKingdomBot, config: Config) -> None:
    async with bot:
        _close_on_signals(bot)
        await bot.prepare()
        with _login_errors(config.api_base):
            await bot.login(config.token)
        await bot.connect(reconnect=True)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _close_on_signals(bot: MiddleKingdomBot) -> None:
    """Ctrl-C and SIGTERM (``docker stop``, systemd) close the bot cleanly: its timers stop, moves under way
    settle, the database closes. Set here rather than left to Python's default, which a process started as
    a shell's background job does not get (SIGINT ignored) and which SIGTERM never had (an abrupt exit). A
    second signal during the close ends the process at once, as a person pressing Ctrl-C again expects."""
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []  # held: the loop keeps only a weak reference to a task

    def close(signum: signal.Signals) -> None:
        log.info("%s: closing", signum.name)
        for other in STOP_SIGNALS:
            loop.remove_signal_handler(other)
            signal.signal(other, signal.SIG_DFL)
        closing.append(loop.create_task(bot.close()))

    for signum in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError):  # event loops without signal handlers (Windows)
            loop.add_signal_handler(signum, close, signum)


def run_bot(config: Config) -> None:
    """Run until interrupted. Logging is configured by the caller (``python -m bot``)."""
    point_at(config.api_base)
    pictures.configure(config.picture_processes)
    with contextlib.suppress(KeyboardInterrupt):  # as discord.py's run(): asyncio.run has cleaned up
        asyncio.run(_run(make_bot(config), config))


async def sync_commands(config: Config, guild_id: int | None = None) -> list[str]:
    """Publish the slash commands: to one server (at once) or globally (Discord may take a while)."""
    point_at(config.api_base)
    bot = MiddleKingdomBot(config, services=False)
    async with bot:
        with _login_errors(config.api_base):
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


async def command_messages(message: Callable[[str, str | None], T]) -> list[T]:
    """The slash commands' texts Discord shows (descriptions, choices, and names under "command name"), as
    ``message(text, context)``: for the catalogs (``python -m bot catalogs`` hands it to bot/catalogs.py)."""
    # What the bot needs to load its cogs without opening anything.
    bot = MiddleKingdomBot(Config(token="", database_path=":memory:", picture_processes=0), services=False)
    await bot.load_cogs()
    found: list[T] = []
    for command in bot.tree.walk_commands():
        found += [message(command.name, language.name_context()), message(command.description, None)]
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                meaning = parameter.locale_name.extras.get("meaning") if parameter.locale_name else None
                found += [message(parameter.display_name, language.name_context(meaning)),
                          message(parameter.description, None)]
                found += [message(choice.name, None) for choice in parameter.choices]
    await bot.close()
    return found
