"""Tiny predicates about the person behind an interaction."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.errors import GameNotFound

if TYPE_CHECKING:
    from bot.tables import Table, TableService


def can_manage(interaction: discord.Interaction) -> bool:
    """Manage Server in this server: may start or cancel any table there (never in DMs)."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


def display_name(interaction: discord.Interaction) -> str:
    """The name a table shows for the person (their server nickname when there is one)."""
    return interaction.user.display_name


def check_may_view(interaction: discord.Interaction, table: Table) -> None:
    """A game's history, replay or record is for the server it was played on, and for its players
    anywhere; for anybody else it is a game that does not exist (ids are not to be probed)."""
    if table.guild_id is not None and table.guild_id == interaction.guild_id:
        return
    if table.is_member(interaction.user.id):
        return
    raise GameNotFound(table.id)


async def viewable_table(interaction: discord.Interaction, service: TableService, game_id: int) -> Table:
    """Game ``game_id``, when the person may see its history, replay or record (``check_may_view``)."""
    table = await service.get(game_id)
    check_may_view(interaction, table)
    return table
