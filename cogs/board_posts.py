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

from bot.games.base import Event
from bot.games.base.language import mark, tr
from bot.games.base.words import join
from bot.statuses import TableStatus
from bot.tables import ClockNews, Position
from bot.tables.delivery import TURN, PostRow
from cogs.game_pictures import board_picture
from cogs.language import slash
from cogs.names import message_link, public_names, table_link, title
from cogs.rematch import table_buttons
from cogs.replies import MESSAGE_LIMIT, NO_PINGS, message_kwargs
from cogs.sending import Sender, channel_of
from cogs.sentences import (
    clock_line,
    due_text,
    event_lines,
    first_movers,
    play_order,
    ranking_lines,
    relative_time,
    timeout_line_for,
    turn_line,
)

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


def position_lines(table: Table, row: Position, *, timeout_said: bool = False) -> list[str]:
    """The sentences of one position: its opening, who ran out of time (unless ``timeout_said`` already for an
    earlier move of the same timed-out turn), and its events (public words)."""
    if row.kind == "started":
        return [opening_line(table, live=at_opening(table)), *how_to_play()]
    if row.clock is not None and row.seat is not None:
        return [clock_news(table, row.seat, row.clock)]
    events = list(row.events)
    if row.timeout == "forfeit":  # said once, as time running out, not as a resignation
        events = without_resignation(events)
    timed_out = "" if timeout_said else timeout_line_for(table, row.seat, row.timeout)
    return [line for line in [timed_out, *drop_lines(table, row, events)] if line]


def drop_lines(table: Table, row: Position, events: Sequence[Event], seat: int | None = None) -> list[str]:
    """The sentences of a position's ``events`` (public words, or ``seat``'s own), a tournament organiser's drop
    said as a drop rather than as the resignation the engine made of it."""
    if not row.dropped or row.seat is None:
        return event_lines(table, events, seat)
    said = tr("{player} was dropped from the tournament and leaves the game.", player=public_names(table)[row.seat])
    return [said, *event_lines(table, without_resignation(events), seat)]


def without_resignation(events: Sequence[Event]) -> list[Event]:
    """The events but a seat's resignation, when the position says why the seat left in its own words."""
    return [e for e in events if e.type not in ("resigned", "resign")]


def at_opening(table: Table) -> bool:
    """Whether the table still waits for its first move: the opening line then says whose turn it is, with
    when it is due, and the footer does not say it again (each person is mentioned once in a post)."""
    return table.status == TableStatus.RUNNING and table.version == 0 and sorted(table.to_act()) == first_movers(table)


def opening_line(table: Table, *, live: bool = False) -> str:
    """"**China #3** begins. @alice moves first, then @bob and @carol.": the seats as play goes, from the
    first mover; ``live`` (the first board while nobody has moved) adds when the first move is due."""
    names = public_names(table)
    first = first_movers(table)
    due = due_text(table, first) if live else ""
    if len(first) == 1:
        rest = [names[s] for s in play_order(table)[1:]]
        return tr("**{game}** begins. {player} moves first{due}, then {players}.", game=title(table),
                  player=names[first[0]], due=due, players=join(rest))
    if len(first) == len(names):
        return tr("**{game}** begins. {players} make their first choices at once{due}.", game=title(table),
                  players=join(names), due=due)
    seats = tr(", ").join(names)
    return tr("**{game}** begins. Seats in turn order: {seats}.", game=title(table), seats=seats)


def clock_news(table: Table, seat: int, news: ClockNews) -> str:
    """A vacation begun or ended, said where the table waits for that player, with the deadline now."""
    who = public_names(table)[seat]
    due = relative_time(news.due)
    if news.away_until:
        return tr("{player} is on vacation until {until}: the clock is paused; their move is due {due}.",
                  player=who, until=relative_time(news.away_until), due=due)
    return tr("{player} is back: the clock runs again; their move is due {due}.", player=who, due=due)


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
        lines += position_lines(table, row, timeout_said=(row.seat, row.timeout or "") in timed_out)
        if row.timeout:
            timed_out.add((row.seat, row.timeout))
    return lines


def compose(table: Table, rows: Sequence[Position]) -> str:
    opened = any(row.kind == "started" for row in rows)
    return "\n".join([*turn_lines(table, rows), *footer(table, opened=opened)])


class BoardPosts:
    def __init__(self, service: TableService, sender: Sender) -> None:
        self.service = service
        self.sender = sender

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
                    view=table_buttons(table), allowed_mentions=NO_PINGS,
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
        kwargs = message_kwargs(file=await board_picture(table), view=table_buttons(table))
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
                            lines += position_lines(table, row, timeout_said=said)
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
