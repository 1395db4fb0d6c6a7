"""Every counted request of the bot waits for its slot in the budget (``bot/pacing.py``), at the moment it
goes out.

The budget sits in the bot's HTTP connector (``PacedConnector``, handed to discord.py at login): aiohttp asks it
for a connection for every request the bot's session sends, so nothing escapes it, and the slot is taken last,
after discord.py's own waits. (Taken before them, as a request entered discord.py, requests held back by a
channel's own limit all went when that limit reset, several in one second over the budget.) discord.py's
retries of a request are requests too, and wait likewise. Interaction answers and follow-ups, made with the
interaction's token, which Discord does not count, never wait; neither does the gateway's connection.
What a request is for (its priority) comes from the task that makes it (``bot.pacing.yielding``).
"""

from __future__ import annotations

import functools
import re

import aiohttp
import discord
from yarl import URL

from bot import pacing

# Paths Discord does not count against the global limit: made with an interaction's token, not the bot's.
EXEMPT = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/[^/]+(/.*)?")


@functools.lru_cache(maxsize=4)
def _api(base: str) -> URL:
    """discord.py's API address, read once (not on every request) for each value it takes (a double's in tests)."""
    return URL(base)


def counted(url: URL) -> bool:
    """Whether Discord counts a request to ``url`` against the bot's global limit: one to its API (discord.py's
    ``Route.BASE``, a double's in tests), not with an interaction's token."""
    base = _api(discord.http.Route.BASE)
    if (url.host, url.port) != (base.host, base.port) or not url.path.startswith(base.path):
        return False
    return EXEMPT.fullmatch(url.path.removeprefix(base.path)) is None


class PacedConnector(aiohttp.TCPConnector):
    """discord.py's connector (no limit on connections, as its own), with the budget in front of counted
    requests."""

    def __init__(self, budget: pacing.Budget) -> None:
        super().__init__(limit=0)
        self.budget = budget

    async def connect(
        self, req: aiohttp.ClientRequest, traces: list[aiohttp.tracing.Trace], timeout: aiohttp.ClientTimeout
    ) -> aiohttp.connector.Connection:
        if counted(req.url):
            await self.budget.request(pacing.priority(), pacing.raised_when())
        return await super().connect(req, traces, timeout)


def pace(http: discord.http.HTTPClient, budget: pacing.Budget) -> None:
    """Send ``http``'s requests through a ``PacedConnector`` (called in the bot's event loop, before login: the
    connector belongs to the loop it is made in, and discord.py makes its session with it at login)."""
    http.connector = PacedConnector(budget)
