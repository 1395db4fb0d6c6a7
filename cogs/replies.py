"""Sending words to Discord: a message's limits, whom it may ping, and the one way to answer a person privately."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

MESSAGE_LIMIT = 2000
NO_PINGS = discord.AllowedMentions.none()


def clip_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def pings(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Ping exactly these people; every other mention in the message stays silent."""
    users = [discord.Object(id=user_id) for user_id in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def channels_of(interaction: discord.Interaction) -> tuple[int | None, ...]:
    """The channel of an interaction and, in a thread, its parent: where server settings allow tables."""
    channel = interaction.channel
    parent = channel.parent_id if isinstance(channel, discord.Thread) else None
    return interaction.channel_id, parent



def message_kwargs(
    *, file: discord.File | None = None, files: Sequence[discord.File] = (), view: discord.ui.View | None = None
) -> dict[str, Any]:
    """discord.py's send() rejects None for file and view: pass only what is there."""
    kwargs: dict[str, Any] = {}
    all_files = [f for f in (file, *files) if f is not None]
    if all_files:
        kwargs["files"] = all_files
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def send_private(
    interaction: discord.Interaction,
    content: str,
    *,
    file: discord.File | None = None,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
) -> None:
    """An ephemeral answer, whether or not the interaction was already deferred or answered."""
    kwargs = message_kwargs(file=file, files=files, view=view)
    text = clip_message(content)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)
