"""``App``: what the cogs use of the bot, as a protocol, so no cog imports the bot (``cogs/client.py``).

``App`` is its one implementation; the entry point (``bot/__main__.py``) is the only module
that imports it. Cogs are handed the bot as an ``App``; a component's callback reaches it with ``app_of``.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from cogs.sending import Messaging, Sender

if TYPE_CHECKING:
    from discord import app_commands

    from bot.servers import ServerService
    from bot.tables import TableService
    from bot.tournaments.service import TournamentService
    from cogs.custom_ids import Ref
    from cogs.open_panels import OpenPanels
    from cogs.pages import PageLinks


class GameClicks(Protocol):
    """Where the board buttons and a game's controls go (``cogs/play.py``)."""

    async def on_board_button(self, interaction: discord.Interaction, ref: Ref, verb: str) -> None: ...

    async def on_control(self, interaction: discord.Interaction, ref: Ref, payload: str, values: Sequence[str], *,
                         public: bool = False) -> None: ...

    async def on_take_back(self, interaction: discord.Interaction, ref: Ref) -> None: ...


class RulesClicks(Protocol):
    """Where a prompt's Rules button goes (``cogs/rulebook.py``)."""

    async def on_rules_button(self, interaction: discord.Interaction, ref: Ref) -> None: ...


class App(Messaging, Protocol):
    """The services, the work behind the game components, and the few Discord calls the cogs make (those of
    sending, ``Messaging``, among them)."""

    # The services (RuntimeError until they are open).
    @property
    def service(self) -> TableService: ...
    @property
    def servers(self) -> ServerService: ...
    @property
    def tournaments(self) -> TournamentService: ...

    # The game components' work, and the Play panels open in this process.
    @property
    def play(self) -> GameClicks: ...
    @property
    def rulebook(self) -> RulesClicks: ...
    @property
    def open_panels(self) -> OpenPanels: ...
    @property
    def page_links(self) -> PageLinks: ...

    # The one sender of the bot's messages (cogs/sending.py), which Discord's request budget paces.
    @property
    def sender(self) -> Sender: ...

    def working(self) -> AbstractAsyncContextManager[None]:
        """Around the handling of a click: a clean stop lets it finish."""
        ...

    # Discord (discord.ext.commands.Bot's own).
    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...
    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...
    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...


def app_of(interaction: discord.Interaction) -> App:
    """The bot an interaction came to (discord.py types it as a plain ``Client``)."""
    return cast(App, interaction.client)
