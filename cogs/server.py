"""``/server settings``: where tables may be opened, the default clock of new tables, whether computer
players may be seated and (when the bot has web pages) whether the server's games and tournaments have pages,
for members with Manage Server; ``/server stats``: the server's record (games per month and per game, the
average game, the seats played to the end, the most active players), answered privately like the settings (the
group is shown to managers; a server may open ``stats`` to everyone in its integration settings: it changes
nothing).

The panel is private and persistent: its controls (``mk:srv:<what>``) carry no state, each click reads the
stored settings, checks Manage Server again and answers with the panel as it now stands.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.games.base.language import mark, tr
from bot.games.base.words import join
from bot.servers import MAX_CHANNELS, ServerSettings
from cogs.app import app_of
from cogs.checks import can_manage
from cogs.components import clip, persistent_view
from cogs.errors import report
from cogs.language import Spoken
from cogs.persistent import PersistentItems
from cogs.records import monthly_file, server_lines
from cogs.replies import send_private
from cogs.table_clock import (
    CLOCKS,
    PLACEHOLDERS,
    POLICIES,
    VACATIONS,
    chosen_clock,
    clock_choices,
    clock_summary,
    default_clock,
)

if TYPE_CHECKING:
    from cogs.app import App

NOT_A_MANAGER = mark("Only members with Manage Server can change this server's settings.")


def settings_text(settings: ServerSettings, pages: bool = False) -> str:
    """The panel's text, in the language in force (the manager's: the panel is private); ``pages``: the bot
    has web pages, so the server may turn its own on."""
    where = join([f"<#{channel}>" for channel in settings.channels], "or") if settings.channels else tr("any channel")
    control, policy, vacations = chosen_clock(default_clock(settings))
    if settings.computers:
        computers = tr("Computer players may be seated at tables.")
    else:
        computers = tr("Computer players may not be seated at tables.")
    return "\n".join([
        tr("**Server settings** (members with Manage Server can change them here)"),
        tr("Tables may be opened in {channels}.", channels=where),
        tr("New tables start with this clock (the host can change it): {clock}",
           clock=clock_summary(control, policy, vacations)),
        computers,
        *([pages_text(settings)] if pages else []),
        tr("Changes apply to tables opened from now on."),
    ])


def pages_text(settings: ServerSettings) -> str:
    if settings.web_pages:
        return tr("This server's games and tournaments have web pages that anyone with the link can open "
                  "(read-only; hands stay private).")
    return tr("This server's games and tournaments have no web pages.")


SERVER_CLOCK = 3  # the server's defaults: time control, timeout policy, vacations (take-backs are per table)


def settings_view(settings: ServerSettings, pages: bool = False) -> discord.ui.View:
    clock = default_clock(settings)
    items: list[discord.ui.Item[Any]] = [ServerItem("ch", settings=settings)]
    items.extend(
        ServerItem(f"c{n}", options=options, placeholder=tr(PLACEHOLDERS[n]), row=n + 1)
        for n, options in enumerate(clock_choices(clock)[:SERVER_CLOCK])
    )
    items.append(ServerItem("any", settings=settings))
    items.append(ServerItem("ai", settings=settings))
    if pages:
        items.append(ServerItem("web", settings=settings))
    return persistent_view(*items)


class ServerItem(Spoken, discord.ui.DynamicItem[discord.ui.Item[Any]],
                 template=r"mk:srv:(?P<what>ch|any|ai|web|c[0-2])"):
    """A control of the settings panel: the table channels (a channel select and "any channel"), one of
    the three clock selects, the computer players switch, or the web pages switch."""

    def __init__(
        self,
        what: str,
        *,
        settings: ServerSettings | None = None,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        row: int | None = None,
    ) -> None:
        custom_id = f"mk:srv:{what}"
        item: discord.ui.Item[Any]
        if what == "ch":
            chosen = settings.channels if settings else ()
            item = discord.ui.ChannelSelect(
                custom_id=custom_id,
                channel_types=[discord.ChannelType.text],
                placeholder=tr("Channels where tables may be opened (none chosen: any)"),
                min_values=0,
                max_values=MAX_CHANNELS,
                default_values=[discord.Object(id=c, type=discord.abc.GuildChannel) for c in chosen],
                row=0,
            )
        elif what == "any":
            item = discord.ui.Button(
                label=tr("Tables in any channel"), style=discord.ButtonStyle.secondary, custom_id=custom_id, row=4
            )
        elif what == "ai":
            allowed = settings is None or settings.computers
            label = tr("Do not allow computer players") if allowed else tr("Allow computer players")
            item = discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id, row=4)
        elif what == "web":
            shown = settings is not None and settings.web_pages
            label = tr("Turn web pages off") if shown else tr("Turn web pages on")
            item = discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id, row=4)
        else:
            item = discord.ui.Select(
                custom_id=custom_id, options=options or [], placeholder=clip(placeholder, 150), row=row
            )
        super().__init__(item)
        self.what = what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ServerItem:
        return cls(match["what"], options=list(getattr(item, "options", [])))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the answer is the panel, edited
        try:
            if interaction.guild_id is None:
                raise UserError(tr("Server settings are changed in the server."))
            if not can_manage(interaction):
                raise UserError(tr(NOT_A_MANAGER))
            settings = await self._apply(interaction, interaction.guild_id)
            pages = app_of(interaction).page_links.offered
            await interaction.edit_original_response(content=settings_text(settings, pages),
                                                     view=settings_view(settings, pages))
        except Exception as error:
            await report(interaction, error)

    async def _apply(self, interaction: discord.Interaction, guild_id: int) -> ServerSettings:
        servers = app_of(interaction).servers
        values = list(getattr(self.item, "values", []))
        if self.what == "ch":
            # Resolved channels in Discord, bare ids in a replayed payload: both carry the id.
            return await servers.set_channels(guild_id, (int(getattr(v, "id", v)) for v in values))
        if self.what == "any":
            return await servers.set_channels(guild_id, ())
        current = await servers.settings(guild_id)
        if self.what == "ai":
            return await servers.set_computers(guild_id, not current.computers)
        if self.what == "web":
            return await servers.set_web_pages(guild_id, not current.web_pages)
        clock = default_clock(current)
        index = int(self.what[1])
        sizes = (len(CLOCKS), len(POLICIES), len(VACATIONS))
        if len(values) != 1 or not str(values[0]).isdigit() or int(values[0]) >= sizes[index]:
            raise UserError(tr("That clock is not one of the choices."))
        clock[index] = int(values[0])
        return await servers.set_clock(guild_id, CLOCKS[clock[0]], POLICIES[clock[1]], VACATIONS[clock[2]])


# Discord applies default permissions to top-level commands only: the group hides /server from non-managers.
@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ServerCommands(PersistentItems, commands.GroupCog, group_name="server",
                     group_description="This server's settings and record"):
    ITEMS = (ServerItem,)

    def __init__(self, bot: App) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Where tables may be opened, their default clock, computers")
    async def settings(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None or not can_manage(interaction):
            raise UserError(tr(NOT_A_MANAGER))
        current = await self.bot.servers.settings(interaction.guild_id)
        pages = self.bot.page_links.offered
        await interaction.followup.send(settings_text(current, pages), view=settings_view(current, pages),
                                        ephemeral=True)

    @app_commands.command(name="stats", description="This server's record: games per month, players, lengths")
    async def stats(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None:
            raise UserError(tr("A server's record is read in the server."))
        record = await self.bot.servers.record(interaction.guild_id)
        names = [f"<@{a.user_id}>" for a in record.most_active]
        await send_private(interaction, "\n".join(server_lines(record, names)), file=await monthly_file(record))
