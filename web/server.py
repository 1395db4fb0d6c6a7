"""Serving the pages: inside the bot (``WEB_PORT``: started after the services open, stopped before they
close) or alone (``python -m bot web``: its own services on the same database, which it only reads, and
its own picture processes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

from aiohttp import web

from bot import pictures
from bot.config import Config, StartupError
from bot.services import Services
from web.app import make_app
from web.feed import Feed
from web.links import WebLinks

log = logging.getLogger(__name__)

STOP_GRACE = 2.0  # seconds open requests get when the pages stop (live streams end at once)
DEFAULT_PORT = 8080


def links_of(config: Config, port: int | None = None) -> WebLinks | None:
    """The pages' links, when the pages have an address: WEB_URL, else this machine's port (WEB_PORT, or the
    ``port`` they are served on); None when neither (no links offered)."""
    port = port or config.web_port
    base = config.web_url or (f"http://localhost:{port}" if port else None)
    return WebLinks(base, config.web_secret) if base else None


class WebServer:
    def __init__(self, services: Services, links: WebLinks, host: str, port: int) -> None:
        self.feed = Feed(services.pages)
        self.app = make_app(services, links, self.feed)
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; StartupError (one sentence) when the port cannot be had."""
        runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=STOP_GRACE, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:
            await runner.cleanup()
            raise StartupError(
                f"The web pages cannot listen on {self.host}:{self.port} ({error.strerror or error}): choose "
                "another WEB_PORT (or --port), or stop what uses that one."
            ) from None
        self.feed.start()
        self._runner = runner
        log.info("web pages on http://%s:%s", self.host, self.port)

    @property
    def bound_port(self) -> int:
        """The port listened on (the one the system chose, for port 0)."""
        assert self._runner is not None
        for address in self._runner.addresses:
            return int(address[1])
        return self.port

    async def stop(self) -> None:
        await self.feed.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


async def serve(config: Config, port: int) -> None:
    """``python -m bot web``: the pages alone until SIGINT or SIGTERM."""
    links = links_of(config, port)
    assert links is not None  # the port gives an address
    services = await Services.open(config.database)
    server = WebServer(services, links, config.web_host, port)
    try:
        await server.start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signum, stop.set)
        print(f"Web pages on {links.home()} (listening on {config.web_host}:{port}); Ctrl-C stops them.", flush=True)
        await stop.wait()
    finally:
        await server.stop()
        pictures.close()
        await services.close()


def run(config: Config, port: int) -> None:
    pictures.configure(config.picture_processes)
    asyncio.run(serve(config, port))
