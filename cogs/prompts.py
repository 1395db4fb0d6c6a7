"""Private prompts: the turn DM (a recap of what happened since the player's last turn, their hand, the
picture of what they decide about and the controls), and the rule that no prompt keeps live-looking
controls once its turn has passed.

A turn DM is remembered (its message id) until it is answered, superseded or its turn is over; then it is
edited to a one-line summary without components. The Play panels (ephemeral messages) are remembered in
memory and edited the same way while Discord allows it (an interaction's token lives 15 minutes).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.games.base.language import mark, tr, trn
from bot.names import table_link, title
from bot.sentences import drop_lines, due_text, event_lines, ranking_lines
from bot.statuses import TableStatus
from bot.tables import Position
from bot.tables.delivery import PostRow
from cogs.controls import controls_for, may_act, panel
from cogs.game_pictures import board_picture, opening_focus, prompt_pictures
from cogs.pages import MY_VIEW, PageLinks, add_link, with_link
from cogs.replies import NO_PINGS, clip_message, message_kwargs
from cogs.sending import Sender, channel_of
from web.links import PRIVATE_HOURS

if TYPE_CHECKING:
    from bot.tables import Table, TableService
    from cogs.open_panels import OpenPanels

log = logging.getLogger(__name__)

PROMPT = "prompt"
END = "end"  # the DM that told a seat the game's result
FORFEIT = "forfeit"  # the DM that told a seat its time ran out on a forfeit table
DROPPED = "dropped"  # the DM that told a seat a tournament organiser dropped it
MOVED_PROMPT = mark("Your controls for this game are in another message now.")
NEWER_MESSAGE = mark("A newer message about this game is below.")
RECAP_LINES = 8  # "a few lines": more than this and the rest is in the thread
def recap_lines(table: Table, seat: int, rows: Sequence[Position]) -> list[str]:
    """What happened since the seat's last move, in its own words (its private parts included)."""
    lines = []
    for row in rows:
        lines += drop_lines(table, row, row.events, seat)
    if not lines:
        return []
    if len(lines) > RECAP_LINES:
        hidden = len(lines) - RECAP_LINES
        lines = [trn("… {n} earlier line in the thread", "… {n} earlier lines in the thread", hidden),
                 *lines[-RECAP_LINES:]]
    return [tr("**Since your last turn**"), *(f"• {line}" for line in lines)]


async def recap(service: TableService, table: Table, seat: int) -> list[str]:
    rows = await service.delivery.positions_since_last_move(table.id, seat, table.version)
    return recap_lines(table, seat, rows)


def due_line(table: Table, seat: int) -> str:
    """The first line of every notification of a seat: the game and what is due ("China #12: place pieces
    or exchange a card"), in the language in force."""
    return tr("**{game}**: {what}", game=title(table), what=controls_for(table.key).due(table, seat))


def result_line(table: Table, seat: int) -> str:
    """The end of the game for one seat, said once: its place and score, and the link to the final ranking."""
    result = table.result()
    link = table_link(table)
    if result is None:
        return tr("**{game}** has ended: the final ranking is on the board: {link}", game=title(table), link=link)
    return tr("**{game}** has ended: you are {place} of {count} ({score}). Final ranking: {link}", game=title(table),
              place=result.ranking[seat], count=len(result.ranking), score=table.game.score_text(result.scores[seat]),
              link=link)


def forfeit_text(table: Table, mention: str | None = None) -> str:
    """The forfeit told to its player: by DM, or (``mention``) in the thread."""
    game, link = title(table), table_link(table)
    running = table.status == TableStatus.RUNNING
    if mention is None and running:
        return tr("Time ran out in **{game}**: you forfeit and are ranked last; the others play on. {link}",
                  game=game, link=link)
    if mention is None:
        return tr("Time ran out in **{game}**: you forfeit and are ranked last; the game is over. {link}",
                  game=game, link=link)
    if running:
        return tr("{player}, time ran out in **{game}**: you forfeit and are ranked last; the others play on. {link}",
                  player=mention, game=game, link=link)
    return tr("{player}, time ran out in **{game}**: you forfeit and are ranked last; the game is over. {link}",
              player=mention, game=game, link=link)


def dropped_text(table: Table, mention: str | None = None) -> str:
    """The drop told to its player: by DM (and in their passed prompts), or (``mention``) in the thread."""
    if mention is None:
        return tr("You were dropped from the tournament and leave **{game}**. {link}", game=title(table),
                  link=table_link(table))
    return tr("{player}, you were dropped from the tournament and leave **{game}**.", player=mention,
              game=title(table))


def summary(table: Table, seat: int, rows: Sequence[Position]) -> str:
    """One line for a prompt whose turn has passed: what the seat did, or why it is over."""
    player = table.player_at(seat)
    if player.dropped or any(r.dropped and r.seat == seat for r in rows):
        return dropped_text(table)
    if player.forfeited or any(r.timeout == "forfeit" and r.seat == seat for r in rows):
        return tr("Time ran out: you are out of **{game}**. {link}", game=title(table), link=table_link(table))
    if table.status == TableStatus.FINISHED:
        return clip_message(result_line(table, seat), 1000)
    mine = [r for r in rows if r.seat == seat]
    timed_out = any(r.timeout for r in mine)
    said = [line for r in mine for line in event_lines(table, r.events, seat)]
    if table.status != TableStatus.RUNNING:
        head = tr("This table was cancelled.")
    elif timed_out:
        head = tr("Time ran out: a move was made for you.")
    else:
        head = tr("This turn is over.")
    what = " ".join(said)  # the whole turn (clipped below), its first move too
    return clip_message(" ".join(part for part in (head, what, table_link(table)) if part), 1000)


class Prompts:
    def __init__(self, service: TableService, sender: Sender, panels: OpenPanels, links: PageLinks) -> None:
        self.service = service
        self.sender = sender
        self.panels = panels  # the Play panels a click opened in this process
        self.links = links  # the seat's private link to its own view in the browser, when offered

    # -- turn DMs ------------------------------------------------------------------------------------------
    async def send_turn_dm(self, table: Table, seat: int) -> bool:
        """The seat's turn DM: recap, hand and controls. Whether it was sent (now, or already for this version:
        a notification sent again after a failure or a restart does not DM twice)."""
        user_id = table.player_at(seat).user_id
        if user_id is None:
            return False
        sent = await self.service.delivery.post(table.id, PROMPT, str(seat))
        if sent is not None and not sent.closed and sent.since >= table.version:
            return True
        with i18n.speaking(await self.sender.language_of(user_id)):
            head = f"{due_line(table, seat)}{due_text(table, [seat])} {table_link(table)}"
            return await self.send_dm(table, seat, [head, *await recap(self.service, table, seat)])

    async def send_dm(self, table: Table, seat: int, head: Sequence[str]) -> bool:
        """A DM with the seat's current controls under ``head`` (the caller writes it in the recipient's
        language: the controls and pictures are too); it replaces the seat's previous prompt."""
        user_id = table.player_at(seat).user_id
        if user_id is None:
            return False
        with i18n.speaking(await self.sender.language_of(user_id)):
            return await self._send_dm(table, seat, user_id, head)

    async def _send_dm(self, table: Table, seat: int, user_id: int, head: Sequence[str]) -> bool:
        current = panel(table, seat)
        view = current.view
        mine = await self.links.private(table, seat)
        if mine is not None:
            if view is None:
                view = with_link(None, mine, MY_VIEW)
            elif not add_link(view, mine, MY_VIEW):  # every row holds controls: the link in words
                head = [*head, tr("Your view in the browser (private, for {hours} hours): {link}",
                                  hours=PRIVATE_HOURS, link=mine)]
        text = "\n".join([*head, "", current.content])
        pictures = await prompt_pictures(table, seat, current.focus or opening_focus(table, seat))
        kwargs = message_kwargs(files=pictures, view=view)
        message = await self.sender.dm(table, user_id, text, **kwargs)
        if message is None:
            return False
        old = await self.service.delivery.post(table.id, PROMPT, str(seat))
        if old is not None and not old.closed and old.message_id != message.id:
            await self.sender.edit(old.channel_id, old.message_id, content=tr("A newer prompt for this game is below."),
                                   view=None, attachments=[], allowed_mentions=NO_PINGS)
        await self.service.delivery.save_post(
            PostRow(table.id, PROMPT, str(seat), channel_of(message), message.id, table.version, table.version,
                    current.view is None)
        )
        return True

    async def tell_end(self, table: Table, seat: int) -> bool:
        """The end of the game by DM, once: the result, the seat's place and the final picture. Whether the
        seat has been told (now or before)."""
        user_id = table.player_at(seat).user_id
        if user_id is None:
            return False
        if await self.service.delivery.post(table.id, END, str(seat)) is not None:
            return True  # told before a restart
        with i18n.speaking(await self.sender.language_of(user_id)):
            lines = [result_line(table, seat), *ranking_lines(table)]
            picture = await board_picture(table)
            message = await self.sender.dm(table, user_id, clip_message("\n".join(lines)),
                                           **message_kwargs(file=picture))
        if message is None:
            return False
        await self.service.delivery.save_post(
            PostRow(table.id, END, str(seat), channel_of(message), message.id, table.version, table.version, True)
        )
        return True

    async def tell_out(self, table: Table, seat: int, how: str) -> bool:
        """The seat is out of the game: its time ran out on a forfeit table (``how``: FORFEIT) or a tournament
        organiser dropped it (DROPPED). One DM says what happened and its place (with the final ranking and
        picture when that ended the game), and the prompt it had points to it instead of saying the same
        again. Whether the seat has been told (now or before a restart)."""
        user_id = table.player_at(seat).user_id
        if user_id is None:
            return False
        if await self.service.delivery.post(table.id, how, str(seat)) is not None:
            return True
        with i18n.speaking(await self.sender.language_of(user_id)):
            lines, picture = [forfeit_text(table) if how == FORFEIT else dropped_text(table)], None
            if table.status == TableStatus.FINISHED:
                lines += ranking_lines(table)
                picture = await board_picture(table)
            message = await self.sender.dm(table, user_id, clip_message("\n".join(lines)),
                                           **message_kwargs(file=picture))
            if message is None:
                return False
            old = await self.service.delivery.post(table.id, PROMPT, str(seat))
            if old is not None and not old.closed:
                await self.sender.edit(old.channel_id, old.message_id, content=tr(NEWER_MESSAGE), view=None,
                                       attachments=[], allowed_mentions=NO_PINGS)
                await self.service.delivery.save_post(_closed(old, table.version))
        await self.service.delivery.save_post(
            PostRow(table.id, how, str(seat), channel_of(message), message.id, table.version, table.version, True)
        )
        return True

    async def adopt(self, table: Table, seat: int, channel_id: int, message_id: int) -> None:
        """An older DM of the seat shows its current controls again (a click on it): it becomes the seat's
        prompt, and the prompt it replaces loses its controls."""
        old = await self.service.delivery.post(table.id, PROMPT, str(seat))
        if old is not None and not old.closed and old.message_id != message_id:
            await self.sender.edit(old.channel_id, old.message_id, content=tr(MOVED_PROMPT), view=None,
                                   attachments=[], allowed_mentions=NO_PINGS)
        await self.service.delivery.save_post(
            PostRow(table.id, PROMPT, str(seat), channel_id, message_id, table.version, table.version, False)
        )

    async def answered(self, table: Table, seat: int, message_id: int) -> None:
        """A click's answer left this DM without controls: if it is the seat's prompt, it is closed."""
        post = await self.service.delivery.post(table.id, PROMPT, str(seat))
        if post is not None and post.message_id == message_id and not post.closed:
            await self.service.delivery.save_post(PostRow(
                post.game_id, post.kind, post.ref, post.channel_id, post.message_id, post.since, table.version, True
            ))

    async def close_passed(self, table: Table, *, everyone: bool = False) -> None:
        """Prompts and panels of seats that can no longer act (or all, when the game stopped) become a
        one-line summary without controls."""
        for post in await self.service.delivery.open_posts(table.id, PROMPT):
            seat = int(post.ref)
            if not everyone and table.status == TableStatus.RUNNING and may_act(table, seat):
                continue
            rows = await self.service.delivery.positions(table.id, after=post.version, upto=table.version)
            user_id = table.player_at(seat).user_id
            if not self.sender.replaced[post.message_id]:  # (else the answer of a click on it replaces it)
                with i18n.speaking(await self.sender.language_of(user_id) if user_id is not None else table.language):
                    line = summary(table, seat, rows)
                await self.sender.edit(post.channel_id, post.message_id, content=line, view=None, attachments=[],
                                       allowed_mentions=NO_PINGS)
            await self.service.delivery.save_post(_closed(post, table.version))
        for user_id, open_panel in self.panels.of_game(table.id):
            if not everyone and table.status == TableStatus.RUNNING and may_act(table, open_panel.seat):
                continue
            self.panels.forget(table.id, user_id)
            if open_panel.message_id is not None and self.sender.replaced[open_panel.message_id]:
                continue  # a click on it is answered in it, which says more
            with i18n.speaking(open_panel.language):
                line = summary(table, open_panel.seat, [])
            try:
                await open_panel.interaction.edit_original_response(content=line, view=None, attachments=[],
                                                                    allowed_mentions=NO_PINGS)
            except discord.HTTPException:  # gone or expired: nothing left to tidy
                log.info("could not close a Play panel of game %s", table.id)


def _closed(post: PostRow, version: int) -> PostRow:
    """The prompt ``post`` without controls any more, as of ``version``."""
    return PostRow(post.game_id, post.kind, post.ref, post.channel_id, post.message_id, post.since, version, True)
