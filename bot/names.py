"""How people, games and tables are named and linked in messages (public words: mentions, titles, links)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import games
from bot.games.base.language import tr

if TYPE_CHECKING:
    from bot.tables import Table


def public_names(table: Table) -> list[str]:
    """Names for sentences, by seat: a mention for people (shown as their name), the name for computers."""
    return [p.name if p.is_ai or p.user_id is None else f"<@{p.user_id}>" for p in table.seated]


def picture_names(table: Table) -> list[str]:
    return [p.name for p in table.seated]


def message_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a channel or a message of it. Built from ids because a followup message knows no guild
    (discord.py gives it a bare channel), so its ``jump_url`` says @me."""
    where = f"{channel_id}/{message_id}" if message_id is not None else str(channel_id)
    return f"https://discord.com/channels/{guild_id or '@me'}/{where}"


def table_link(table: Table) -> str:
    where = table.thread_id or table.channel_id
    if where is None:
        return tr("game #{id}", id=table.id)
    return message_link(table.guild_id, where)


def game_title(key: str) -> str:
    """A game's name in the language in force (the engines mark their titles for their own catalogs)."""
    return tr(games.get(key).title)


def title(table: Table) -> str:
    return f"{game_title(table.key)} #{table.id}"
