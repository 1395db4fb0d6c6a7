"""A cog's persistent components: the ``DynamicItem`` classes it answers, registered while it is loaded.

discord.py rebuilds such an item from the custom_id of any message, even one posted before a restart, once
its class is registered; each cog registers its own (``ITEMS``) when it loads and removes them when unloaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord

if TYPE_CHECKING:
    from cogs.app import App


class PersistentItems:
    """Mixed into a cog (before ``commands.Cog``): ``cog_load`` registers ``ITEMS``, ``cog_unload`` removes them."""

    ITEMS: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]]
    bot: App

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*self.ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*self.ITEMS)
