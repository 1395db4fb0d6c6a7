"""``/help``: how a game goes here and every command, answered privately.

The commands are read from the bot's app command tree when asked, with their own descriptions, so the list
names exactly what is registered: a new command or subcommand shows up without editing this file.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from cogs.client import MiddleKingdomBot

FLOW = "\n".join([
    "1. `/game new` opens a table in this channel: choose the game and its options; others press **Join** "
    "(or the host adds computers), then the host presses **Start**.",
    "2. The game gets its own thread: each turn its board is posted there, the moves written under it.",
    "3. On your turn I DM you your hand and controls, or mention you in the thread if you turned DMs off "
    "(`/me dm off`).",
    "4. **Play** and **My hand** under the newest board always work, privately: no DMs needed. Every prompt "
    "has a **Rules** button for the phase you are in.",
    "5. At the end the final ranking is posted in the thread; games among people count for `/leaderboard`.",
])
FIELD_LIMIT = 1024
OTHERS = "More commands"  # the field of the top-level commands that are not groups
FIRST = "game"  # the group people need first


def command_lines(group: app_commands.Group) -> list[str]:
    """ "`/game new`: Open a table ..." for every command in ``group``, subgroups included."""
    lines = []
    for command in group.walk_commands():
        if isinstance(command, app_commands.Command):
            lines.append(f"`/{command.qualified_name}`: {command.description}")
    return lines


def _clip(lines: Iterable[str]) -> str:
    text = ""
    for line in lines:
        if len(text) + len(line) + 1 > FIELD_LIMIT:
            break
        text = f"{text}\n{line}" if text else line
    return text


def help_embed(commands_: Iterable[app_commands.Command[Any, ..., Any] | app_commands.Group]) -> discord.Embed:
    """The answer of ``/help``: how a game goes, then the commands: ``/game``, the single commands, the other
    groups, each group in its own field."""
    embed = discord.Embed(
        title="Middle Kingdom: board games set in China",
        description=f"**How a game goes**\n{FLOW}",
    )
    ordered = sorted(commands_, key=lambda c: (c.name != FIRST, isinstance(c, app_commands.Group), c.name))
    singles = [f"`/{c.name}`: {c.description}" for c in ordered if isinstance(c, app_commands.Command)]
    for command in ordered:
        if isinstance(command, app_commands.Group):
            embed.add_field(name=f"/{command.name}: {command.description}"[:256],
                            value=_clip(command_lines(command)), inline=False)
        if command.name == FIRST and singles:  # what people look for next: the rules, ratings, this help
            embed.add_field(name=OTHERS, value=_clip(singles), inline=False)
            singles = []
    if singles:
        embed.add_field(name=OTHERS, value=_clip(singles), inline=False)
    return embed


class Help(commands.Cog):
    def __init__(self, bot: MiddleKingdomBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How a game goes here, and every command")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tree = self.bot.tree.get_commands(type=discord.AppCommandType.chat_input)
        embed = help_embed(c for c in tree if isinstance(c, (app_commands.Command, app_commands.Group)))
        await interaction.followup.send(embed=embed, ephemeral=True)


async def setup(bot: MiddleKingdomBot) -> None:
    await bot.add_cog(Help(bot))
