"""``/help``: how a game goes here and every command, answered privately.

The commands are read from the bot's app command tree when asked, with their own descriptions, so the list
names exactly what is registered: a new command or subcommand shows up without editing this file.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.games.base.language import mark, tr
from cogs.language import client_language, command_name

if TYPE_CHECKING:
    from cogs.app import App

FLOW = (
    mark("1. `/game new` opens a table in this channel: choose the game and its options; others press **Join** "
         "(or the host adds computers), then the host presses **Start**."),
    mark("2. The game gets its own thread: each turn its board is posted there, the moves written under it."),
    mark("3. On your turn I DM you your hand and controls, or mention you in the thread if you turned DMs off "
         "(`/me dm off`)."),
    mark("4. **Play** and **My hand** under the newest board always work, privately: no DMs needed. Every prompt "
         "has a **Rules** button for the phase you are in."),
    mark("5. At the end the final ranking is posted in the thread; games among people count for `/leaderboard`."),
)
FIELD_LIMIT = 1024
OTHERS = mark("More commands")  # the field of the top-level commands that are not groups
FIRST = "game"  # the group people need first


def slash(command: app_commands.Command[Any, ..., Any] | app_commands.Group, names: str | None = None) -> str:
    """"/game new", in the language Discord shows the commands in (``names``; the language in force if None)."""
    with i18n.speaking(names) if names else nullcontext():
        return "/" + " ".join(command_name(part) for part in command.qualified_name.split())


def command_lines(group: app_commands.Group, names: str | None = None) -> list[str]:
    """ "`/game new`: Open a table ..." for every command in ``group``, subgroups included."""
    lines = []
    for command in group.walk_commands():
        if isinstance(command, app_commands.Command):
            lines.append(f"`{slash(command, names)}`: {tr(command.description)}")
    return lines


def _clip(lines: Iterable[str]) -> str:
    text = ""
    for line in lines:
        if len(text) + len(line) + 1 > FIELD_LIMIT:
            break
        text = f"{text}\n{line}" if text else line
    return text


def help_embed(
    commands_: Iterable[app_commands.Command[Any, ..., Any] | app_commands.Group], names: str | None = None
) -> discord.Embed:
    """The answer of ``/help`` in the language in force: how a game goes, then the commands: ``/game``, the
    single commands, the other groups, each group in its own field. The commands' names are those Discord
    shows in the language ``names`` (the person's Discord app's; the language in force if None)."""
    flow = "\n".join(tr(step) for step in FLOW)
    embed = discord.Embed(
        title=tr("Middle Kingdom: board games set in China"),
        description=tr("**How a game goes**\n{steps}", steps=flow),
    )
    ordered = sorted(commands_, key=lambda c: (c.name != FIRST, isinstance(c, app_commands.Group), c.name))
    singles = [f"`{slash(c, names)}`: {tr(c.description)}" for c in ordered if isinstance(c, app_commands.Command)]
    for command in ordered:
        if isinstance(command, app_commands.Group):
            embed.add_field(name=f"{slash(command, names)}: {tr(command.description)}"[:256],
                            value=_clip(command_lines(command, names)), inline=False)
        if command.name == FIRST and singles:  # what people look for next: the rules, ratings, this help
            embed.add_field(name=tr(OTHERS), value=_clip(singles), inline=False)
            singles = []
    if singles:
        embed.add_field(name=tr(OTHERS), value=_clip(singles), inline=False)
    return embed


class Help(commands.Cog):
    def __init__(self, bot: App) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How a game goes here, and every command")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tree = self.bot.tree.get_commands(type=discord.AppCommandType.chat_input)
        embed = help_embed((c for c in tree if isinstance(c, (app_commands.Command, app_commands.Group))),
                           client_language(interaction))
        await interaction.followup.send(embed=embed, ephemeral=True)
