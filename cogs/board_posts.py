"""One board message per turn in the game's thread.

The message that opens a turn is posted (pinging only the players who are to act and are not told by DM);
every later position of the same turn edits it: the newest picture, the turn's events appended as lines, and
the Play / My hand buttons for the newest version
(Rematch and New table under the final one). When a turn opens, the previous turn's message loses its
buttons. A turn too long for one message continues in a new one (the old one keeps its lines). Each
position is told from the table as it was at that version, so a backlog sent after a restart is right.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.games.base.language import mark, tr
from bot.names import message_link, table_link, title
from bot.sentences import at_opening, clock_line, position_lines, ranking_lines, timeout_line_for, turn_line
from bot.statuses import TableStatus
from bot.tables import Position
from bot.tables.delivery import TURN, PostRow
from cogs.game_pictures import board_picture
from cogs.language import slash
from cogs.pages import PageLinks, with_link
from cogs.rematch import table_buttons
from cogs.replies import MESSAGE_LIMIT, NO_PINGS, message_kwargs
from cogs.sending import Sender, channel_of

if TYPE_CHECKING:
    from bot.tables import Notification, Table, TableService

COPY = "copy"  # a board posted by /game board (ref: its message id): loses its buttons and deadline once a turn passes

# Under the first board: how to play here, for people new to the bot (short: it stays in the thread). Each line
# with the command it names (path, choice), typed as the thread's readers see the commands (``slash``).
HOW_TO_PLAY: tuple[tuple[str, tuple[str, str | None] | None], ...] = (
    (mark("On your turn I DM you your hand and controls, or mention you here if you turned DMs off (`{command}`)."),
     ("me dm", "off")),
    (mark("**Play** and **My hand** on the newest board always work, privately."), None),
    (mark("Commands and how a game goes: `{command}`."), ("help", None)),
)


def how_to_play() -> list[str]:
    """The lines of ``HOW_TO_PLAY`` in the language in force, its commands by their names in it."""
    return [tr(line, command=slash(*command)) if command else tr(line) for line, command in HOW_TO_PLAY]


def board_lines(table: Table, row: Position, *, timeout_said: bool = False) -> list[str]:
    """The sentences of one position in a board message: the thread's (``position_lines``), and under the
    game's opening how to play here."""
    lines = position_lines(table, row, timeout_said=timeout_said)
    return [*lines, *how_to_play()] if row.kind == "started" else lines


def clip_lines(lines: Sequence[str]) -> str:
    """Lines within a message's limit, the newest kept (the earlier ones were shown as the turn went on)."""
    kept = list(lines)
    while len("\n".join(kept)) > MESSAGE_LIMIT and len(kept) > 1:
        kept.pop(0)
    return "\n".join(kept)[:MESSAGE_LIMIT]


def footer(table: Table, *, opened: bool = False) -> list[str]:
    """The ranking, else whose turn it is and the clock; whose turn not when ``opened`` (the opening line
    of the same post said it)."""
    turn = "" if opened and at_opening(table) else turn_line(table)
    return [line for line in (ranking_lines(table) or [turn, clock_line(table)]) if line]


def turn_lines(table: Table, rows: Sequence[Position], *, live: bool = True) -> list[str]:
    """The sentences of a turn's message. The move that opened the turn ended the one before: it is told in
    the message of that earlier turn (see ``_close_others``), so each message reads as one player's turn.
    A vacation's line says the clock now: only the newest per player, and none once the turn is over
    (``live`` False) or the game is."""
    newest = {row.seat: n for n, row in enumerate(rows) if row.clock is not None}  # (a clock row moves no version)
    current = live and table.status == TableStatus.RUNNING
    lines: list[str] = []
    timed_out: set[tuple[int | None, str]] = set()  # one "ran out of time" per seat and turn, however many moves
    for n, row in enumerate(rows):
        if row.opens_turn or (row.clock is not None and not (current and newest.get(row.seat) == n)):
            continue
        lines += board_lines(table, row, timeout_said=(row.seat, row.timeout or "") in timed_out)
        if row.timeout:
            timed_out.add((row.seat, row.timeout))
    return lines


def compose(table: Table, rows: Sequence[Position]) -> str:
    opened = any(row.kind == "started" for row in rows)
    return "\n".join([*turn_lines(table, rows), *footer(table, opened=opened)])


class BoardPosts:
    def __init__(self, service: TableService, sender: Sender, links: PageLinks) -> None:
        self.service = service
        self.sender = sender
        self.links = links  # "Open in browser" under the board, when the game has a page

    async def buttons(self, table: Table) -> discord.ui.View | None:
        return with_link(table_buttons(table), await self.links.game(table))

    async def show(
        self, table: Table, note: Notification, pings: discord.AllowedMentions, *, headline: str = ""
    ) -> None:
        """Post or edit the board message of ``note``'s turn, showing ``table`` (the note's version)."""
        turn = note.turn if note.turn is not None else note.version
        rows: Sequence[Position] = note.positions
        if not rows:  # a game from before turns were recorded: this notification's own events
            rows = [Position(note.version, note.kind, turn, note.seat, note.events, note.timeout)]
        post = await self.service.delivery.post(table.id, TURN, str(turn))
        if post is not None and (post.version > note.version or (post.version == note.version and
                                                                 note.kind != "clock")):
            return  # sent before a restart: Discord has it already
        if post is not None and not post.closed:
            text = compose(table, [r for r in rows if r.version >= post.since])
            seen = fingerprint(table, text)
            if seen == post.content:  # nothing public changed (a move only its players see): no telling edit
                await self.service.delivery.save_post(_moved(post, note.version, seen))
                return
            if len(text) <= MESSAGE_LIMIT:
                kwargs = message_kwargs(file=await board_picture(table))
                edited = await self.sender.edit(
                    post.channel_id, post.message_id, content=text, attachments=kwargs.get("files", []),
                    view=await self.buttons(table), allowed_mentions=NO_PINGS,
                )
                if edited:
                    await self.service.delivery.save_post(_moved(post, note.version, seen))
                    return
            await self._close(post)  # too long, or deleted: the turn continues in a new message
            rows = [r for r in rows if r.version > post.version]
        await self._post(table, turn, rows or [], note, pings, headline)
        # Only then the earlier turns' messages lose their buttons: there is always a board to play from.
        await self._close_others(table, str(turn))

    async def _post(
        self, table: Table, turn: int, rows: Sequence[Position], note: Notification, pings: discord.AllowedMentions,
        headline: str = "",
    ) -> None:
        # ``headline``: what the pinged players are asked for, first, so the notification says it. It is not
        # part of the board's words: a later edit of the turn compares those alone (``fingerprint``).
        text = compose(table, rows)
        room = MESSAGE_LIMIT - len(headline) - 1
        while len(text) > room and len(rows) > 1:  # a backlog too long for one message: newest part
            rows = rows[1:]
            text = compose(table, rows)
        content = "\n".join(line for line in (headline, text) if line)
        kwargs = message_kwargs(file=await board_picture(table), view=await self.buttons(table))
        message = await self.sender.post(table, content=content[:MESSAGE_LIMIT], allowed_mentions=pings, **kwargs)
        if message is None:
            return
        since = rows[0].version if rows else note.version
        await self.service.delivery.save_post(PostRow(table.id, TURN, str(turn), channel_of(message), message.id, since,
                                             note.version, False, fingerprint(table, text)))

    async def close_all(self, table: Table) -> None:
        await self._close_others(table, None)

    async def _close_others(self, table: Table, keep: str | None) -> None:
        """Earlier turns' messages lose their buttons (only the newest board can be played from) and their
        "It is X's turn" line, which is no longer true: they keep the turn's events, as history."""
        for post in await self.service.delivery.open_posts(table.id, TURN):
            if post.ref != keep:
                rows = await self.service.delivery.turn_positions(table.id, int(post.ref), post.version)
                lines = turn_lines(table, [r for r in rows if r.version >= post.since], live=False)
                if keep is not None:  # the move that ended this turn (it opened the next one) is told here
                    after = await self.service.delivery.positions(table.id, after=post.version, upto=int(keep))
                    for row in after:
                        if row.opens_turn:
                            said = timeout_line_for(table, row.seat, row.timeout) in lines
                            lines += board_lines(table, row, timeout_said=said)
                await self._close(post, clip_lines(lines) if lines else None)
        for post in await self.service.delivery.open_posts(table.id, COPY):
            if keep is None or post.version < table.version:  # its turn is over: its title only, as history
                await self._close(post, f"**{title(table)}**")

    async def _close(self, post: PostRow, content: str | None = None) -> None:
        extra = {"content": content, "allowed_mentions": NO_PINGS} if content else {}
        await self.sender.edit(post.channel_id, post.message_id, view=None, **extra)
        await self.service.delivery.save_post(_closed(post))


async def board_link(service: TableService, table: Table) -> str:
    """The jump URL of the table's newest board message (the one Play works from); the thread's link before
    there is one."""
    posts = await service.delivery.open_posts(table.id, TURN)
    if not posts:
        return table_link(table)
    newest = max(posts, key=lambda post: int(post.ref))
    return message_link(table.guild_id, newest.channel_id, newest.message_id)


def fingerprint(table: Table, text: str) -> str:
    """What everybody sees of a board message: its words and the public view its picture is drawn from."""
    public = json.dumps(table.view(None), sort_keys=True)
    return hashlib.sha256(f"{text}\x00{table.status}\x00{public}".encode()).hexdigest()


def _moved(post: PostRow, version: int, seen: str) -> PostRow:
    return PostRow(post.game_id, post.kind, post.ref, post.channel_id, post.message_id, post.since, version,
                   post.closed, seen)


def _closed(post: PostRow) -> PostRow:
    return PostRow(post.game_id, post.kind, post.ref, post.channel_id, post.message_id, post.since, post.version,
                   True, post.content)
