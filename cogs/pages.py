"""The bot's web pages as the Discord layer sees them: "Open in browser" link buttons under boards, lobbies
and standings (when the pages have an address, ``WEB_URL``, and the server allowed them in ``/server
settings``), a player's private link in their DM and their "My hand" answer (``WEB_SECRET``), and a nudge to
the pages served in this process after each delivery, so an open page shows the move at once.

A link button has no custom_id: it opens the address in the browser and never comes back to the bot, so it
adds nothing to the persistent items (``persistent_view``) and survives every restart.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.games.base.language import mark, tr
from bot.tables import Table
from web.links import WebLinks

if TYPE_CHECKING:
    from bot.servers import ServerService
    from bot.tournaments.service import TournamentRow

OPEN = mark("Open in browser")
MY_VIEW = mark("My view in the browser")


class PageLinks:
    """``links``: the pages' addresses (None: the bot has no pages, and offers no link); ``servers``: the
    server settings service (open later than the bot is made)."""

    def __init__(self, links: WebLinks | None, servers: Callable[[], ServerService],
                 clock: Callable[[], float] = time.time) -> None:
        self.links = links
        self._servers = servers
        self.clock = clock
        self.nudge: Callable[[], None] = lambda: None  # the pages of this process, told after each delivery

    @property
    def offered(self) -> bool:
        """Whether the bot has pages: the server settings then offer to turn them on."""
        return self.links is not None

    async def _shown(self, guild_id: int | None) -> WebLinks | None:
        if self.links is None or not await self._servers().pages_allowed(guild_id):
            return None
        return self.links

    async def game(self, table: Table) -> str | None:
        links = await self._shown(table.guild_id)
        return None if links is None else links.game(table.id)

    async def tournament(self, row: TournamentRow) -> str | None:
        links = await self._shown(row.guild_id)
        return None if links is None else links.tournament(row.id)

    async def private(self, table: Table, seat: int) -> str | None:
        """A seat's own view, signed and expiring (``web.links``): None without a secret, or pages."""
        links = await self._shown(table.guild_id)
        return None if links is None else links.private(table.id, seat, self.clock())


def link_button(url: str, label: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, url=url, style=discord.ButtonStyle.link)


def with_link(view: discord.ui.View | None, url: str | None, label: str = OPEN) -> discord.ui.View | None:
    """``view`` with a link button to ``url`` (a new view for None); unchanged when ``url`` is None or the
    view has no room left (Discord's five rows of five)."""
    if url is None:
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    add_link(view, url, label)
    return view


def add_link(view: discord.ui.View, url: str, label: str) -> bool:
    """Add a link button where the view has room; False when it has none."""
    try:
        view.add_item(link_button(url, tr(label)))
    except ValueError:  # every row full
        return False
    return True
