"""Rematch: the same players and options at a new table with a new seed, opened by one of the players.

The player who asks opens the table and sits at it, with the computer players of the old game at their
levels; the other people are invited and join with one tap. A game has one rematch at a time: asking again
finds it (and seats a player who was not in it yet). The new table's lobby message is remembered as a post
of the old game (kind ``rematch``, ref = the new game's id).
"""

from __future__ import annotations

from bot.errors import UserError, WrongStatus
from bot.games.base.language import tr
from bot.statuses import TableStatus
from bot.store.posts import PostRow
from bot.tables import Table, TableService

REMATCH = "rematch"


async def check_rematch(service: TableService, game_id: int, user_id: int) -> Table:
    """The finished game a player of it may ask a rematch of; UserError otherwise."""
    old = await service.get(game_id)
    if old.status != TableStatus.FINISHED:
        raise WrongStatus(tr("Only a finished game can be played again."))
    if not old.is_member(user_id):
        raise UserError(tr("Only the players of this game can ask for a rematch; open your own with New table."))
    return old


async def current_rematch(service: TableService, old: Table) -> Table | None:
    """The rematch of ``old`` still open or under way (a cancelled one does not count)."""
    for post in await service.delivery.open_posts(old.id, REMATCH):
        table = await service.get(int(post.ref))
        if table.status != TableStatus.CANCELLED:
            return table
    return None


async def open_rematch(
    service: TableService, old: Table, user_id: int, name: str, *, computers: bool = True
) -> Table:
    """A new table like ``old`` (game, seats, options, clock; a new seed), opened by ``user_id``, with the
    old game's computer players already seated (unless the server no longer allows computers)."""
    table = await service.create(
        key=old.key,
        creator_id=user_id,
        creator_name=name,
        seat_count=len(old.players),
        options=old.options,
        guild_id=old.guild_id,
        channel_id=old.channel_id,
        time_control=old.time_control,
        timeout_policy=old.timeout_policy,
        vacation_allowed=old.vacation_allowed,
        language=old.language,
        take_backs=old.take_backs,
    )
    for player in old.seated if computers else ():
        if player.ai_level is not None:
            table = await service.add_ai(table.id, user_id, player.ai_level)
    return table


async def remember_rematch(service: TableService, old: Table, new: Table, channel_id: int, message_id: int) -> None:
    """The new table's lobby message, kept with the old game so that the next Rematch finds it."""
    for post in await service.delivery.open_posts(old.id, REMATCH):  # a cancelled earlier rematch is done with
        await service.delivery.save_post(PostRow(
            old.id, REMATCH, post.ref, post.channel_id, post.message_id, post.since, post.version, True
        ))
    await service.delivery.save_post(PostRow(old.id, REMATCH, str(new.id), channel_id, message_id, 0, 0, False))
    await service.set_lobby_message(new.id, message_id)


def invited(old: Table, new: Table) -> list[int]:
    """The people of the old game not yet at the new table."""
    return [p.user_id for p in old.seated if p.user_id is not None and not new.is_member(p.user_id)]
