"""Tiny predicates about the person behind an interaction."""

from __future__ import annotations

import discord


def can_manage(interaction: discord.Interaction) -> bool:
    """Manage Server in this server: may start or cancel any table there (never in DMs)."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


def display_name(interaction: discord.Interaction) -> str:
    """The name a table shows for the person (their server nickname when there is one)."""
    return interaction.user.display_name
