"""The table service's notifier for Discord: one board message per turn in the game's thread, and one
notification per player per turn.

The service commits first and calls ``deliver`` afterwards (again after a crash), so this only sends and
edits. A failed public post raises, and the service keeps the notification to retry (a little later when Discord
could not take it now: rate limited, or its servers failing); a DM raises only then, never for closed DMs.
Each seat that must act when a turn opens is told once: by DM when the player takes turn DMs, otherwise by a
mention in the new board message (never both). Nobody is pinged for somebody else's progress.

Everything public is worded in the table's language (whichever task delivers: an interaction's own language
is its clicker's), every DM in its recipient's.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING

import discord

from bot import i18n, pacing
from bot.games.base.language import mark, tr
from bot.names import table_link, title
from bot.pacing import Priority
from bot.sentences import due_text, relative_time
from bot.statuses import TableStatus
from bot.tables import Notification, Table
from bot.tables.delivery import PostRow, Unavailable, shown_in_public
from cogs.board_posts import BoardPosts
from cogs.controls import controls_for
from cogs.prompts import DROPPED, FORFEIT, Prompts, dropped_text, due_line, forfeit_text
from cogs.replies import NO_PINGS, pings
from cogs.sending import ARCHIVE_AFTER, channel_of, transient

if TYPE_CHECKING:
    from cogs.app import App

log = logging.getLogger(__name__)

OFFER = "offer"
# What each kind of notification's requests yield to in Discord's request budget: a move's board goes first
# (its DMs and mentions then yield, in _turn), reminders and thread upkeep last.
PRIORITIES = {"started": Priority.MOVE, "moved": Priority.MOVE, "cancelled": Priority.NOTICE,
              "clock": Priority.NOTICE, "reminder": Priority.BACKGROUND, "upkeep": Priority.BACKGROUND}
DMS_CLOSED = mark("I could not send you a DM (your DMs are closed), so I will mention you here when it is your move.")


class DiscordNotifier:
    def __init__(self, bot: App) -> None:
        self.bot = bot
        self.sender = bot.sender

    @cached_property
    def boards(self) -> BoardPosts:  # the service is made with this notifier: it exists from the first delivery
        return BoardPosts(self.bot.service, self.sender, self.bot.page_links)

    @cached_property
    def prompts(self) -> Prompts:
        return Prompts(self.bot.service, self.sender, self.bot.open_panels, self.bot.page_links)

    async def deliver(self, table: Table, note: Notification) -> None:
        try:
            with i18n.speaking(table.language), pacing.yielding(PRIORITIES.get(note.kind, Priority.NOTICE)):
                await self._deliver(table, note)
        except discord.HTTPException as error:
            if transient(error):  # kept and sent again a little later
                raise Unavailable(f"Discord answered {error.status}") from error
            raise
        self.bot.page_links.nudge()  # the web pages served here look at once (committed before delivery)

    async def _deliver(self, table: Table, note: Notification) -> None:
        if note.kind in ("started", "moved"):
            if note.kind == "started":
                table = await self._open_thread(table)
            await self._turn(table, note)
        elif note.kind == "cancelled":
            await self.sender.post(table, content=tr("**{game}** was cancelled.", game=title(table)),
                                   allowed_mentions=NO_PINGS)
            await self.boards.close_all(table)
            await self.prompts.close_passed(table, everyone=True)
        elif note.kind == "clock":  # a vacation: the turn's board says so, with the deadline now
            await self.boards.show(table, note, NO_PINGS)
        elif note.kind == "reminder":
            await self._remind(table, note)
        elif note.kind == "upkeep":
            await self._keep_alive(table)
        else:
            log.warning("unknown notification kind %r", note.kind)

    async def _turn(self, table: Table, note: Notification) -> None:
        # Who is told how: decided before the board goes out, so that its mentions ping only those not
        # told by DM.
        # A move inside a turn may ask seats again too (a completed Chinatown trade, its parties): by DM only,
        # as the board message it edits pings nobody.
        movers = [s for s in note.newly_to_act if s in table.to_act()]
        by_dm, by_ping = await self._channels(table, movers)
        ended = table.status == TableStatus.FINISHED and note.opens_turn
        if ended:  # every player is told the end once: by DM, else the final post mentions them
            told = [s for s in range(len(table.players)) if s not in note.forfeited and s not in note.dropped]
            end_dm, end_ping = await self._channels(table, told)
            with pacing.yielding(Priority.NOTICE):
                for seat in list(end_dm):
                    if not await self.prompts.tell_end(table, seat):
                        end_ping[seat] = end_dm.pop(seat)
            by_ping.update(end_ping)
        headline = "" if ended or not by_ping else due_headline(table, list(by_ping))
        drop_dm, drop_ping = await self._channels(table, [s for s in note.dropped if s not in note.forfeited])
        # A new board message has the drop lines of its turn's later positions (the move that opened the turn
        # is told in the message before): those mention their players, and ping them.
        in_board = {s: u for s, u in drop_ping.items()
                    if note.opens_turn and any(r.dropped and r.seat == s and not r.opens_turn for r in note.positions)}
        await self.boards.show(table, note, pings([*by_ping.values(), *in_board.values()]), headline=headline)
        await self._offers(table, note)
        shown_in_public()  # the mover's answer may go now: the rest are this turn's notifications
        # The board is out: the rest are this turn's notifications. They yield to other games' boards, not to
        # this game's next move: the next move's delivery waits for them.
        with pacing.yielding(Priority.NOTICE, until=lambda: self.bot.service.delivery.behind(table.id)):
            await self._tell(table, note, by_dm, drop_dm, drop_ping, in_board)

    async def _tell(self, table: Table, note: Notification, by_dm: dict[int, int], drop_dm: dict[int, int],
                    drop_ping: dict[int, int], in_board: dict[int, int]) -> None:
        # First the players out of the game: their prompts then point to the DM rather than say it again.
        await self._tell_forfeiters(table, note)
        await self._tell_dropped(table, drop_dm, {s: u for s, u in drop_ping.items() if s not in in_board})
        await self.prompts.close_passed(table)
        for seat in by_dm:
            if not await self.prompts.send_turn_dm(table, seat):
                await self._dm_failed(table, seat)
        await self._private_alerts(table, note, set(by_dm))
        await self._ping_next(table, note, set(by_dm))

    async def _tell_forfeiters(self, table: Table, note: Notification) -> None:
        """A player whose time ran out on a forfeit table is told once: by one DM (``Prompts.tell_forfeit``),
        or (no DMs) a mention in the thread."""
        for seat in note.forfeited:
            player = table.player_at(seat)
            if player.user_id is None or player.is_ai:
                continue
            by_dm, _ = await self._channels(table, [seat])
            if by_dm and await self.prompts.tell_out(table, seat, FORFEIT):
                continue
            await self.sender.post(table, content=forfeit_text(table, player.mention),
                                   allowed_mentions=pings([player.user_id]))

    async def _tell_dropped(self, table: Table, by_dm: dict[int, int], by_ping: dict[int, int]) -> None:
        """A player a tournament organiser dropped is told once: by one DM (``Prompts.tell_out``), else a
        mention in the thread (unless the board message posted for the turn mentions them in its drop line)."""
        for seat, user_id in by_dm.items():
            if not await self.prompts.tell_out(table, seat, DROPPED):
                by_ping = {**by_ping, seat: user_id}
        for seat, user_id in by_ping.items():
            await self.sender.post(table, content=dropped_text(table, table.player_at(seat).mention),
                                   allowed_mentions=pings([user_id]))

    async def _private_alerts(self, table: Table, note: Notification, told: set[int]) -> None:
        """Moves only some players see that ask them something (a game's private_alerts): a DM to each
        who takes DMs; never a mention in the thread, which would tell everybody."""
        controls = controls_for(table.key)
        alerted = [s for s in controls.private_alerts(table, note) if s not in told]
        by_dm, _ = await self._channels(table, alerted)  # only those who take DMs: no mention for these
        for seat, user_id in by_dm.items():
            with i18n.speaking(await self.sender.language_of(user_id)):
                what = controls.private_alerts(table, note)[seat]
                head = tr("{alert} in **{game}**: {link}", alert=what, game=title(table), link=table_link(table))
                await self.prompts.send_dm(table, seat, [head])

    async def _channels(self, table: Table, seats: list[int]) -> tuple[dict[int, int], dict[int, int]]:
        """(seat -> user told by DM, seat -> user told by a mention) for the people among ``seats``."""
        by_dm: dict[int, int] = {}
        by_ping: dict[int, int] = {}
        for seat in seats:
            player = table.player_at(seat)
            if player.is_ai or player.user_id is None:
                continue
            settings = await self.bot.players.settings(player.user_id)
            if settings.dm_on_turn and not settings.dm_closed:
                by_dm[seat] = player.user_id
            else:
                by_ping[seat] = player.user_id
        return by_dm, by_ping

    async def _dm_failed(self, table: Table, seat: int) -> None:
        """The DM did not go (DMs just found closed): the player is mentioned in the thread instead, once;
        from now on the board message mentions them."""
        user_id = table.player_at(seat).user_id
        if user_id is None:
            return
        mover = table.player_at(seat).mention
        text = tr("{player}, it is your move{due}.", player=mover, due=due_text(table, [seat]))
        await self.sender.post(table, content=f"{due_line(table, seat)}\n{text} {tr(DMS_CLOSED)}",
                               allowed_mentions=pings([user_id]))

    # -- trade offers and other public messages a game adds ----------------------------------------------
    async def _offers(self, table: Table, note: Notification) -> None:
        """Public messages a game's controls add below the board (``thread_extras``: Chinatown's offers, as
        (ref, send() keyword arguments)); earlier ones whose outcome is known (``extra_outcome``) are edited
        to say it and lose their buttons."""
        controls = controls_for(table.key)
        for post in await self.bot.service.delivery.open_posts(table.id, OFFER):
            said = controls.extra_outcome(table, post.ref)
            if said is None:
                continue
            await self.sender.edit(post.channel_id, post.message_id, content=f"{post.content}\n{said}",
                                   view=None, allowed_mentions=NO_PINGS)
            await self.bot.service.delivery.save_post(_closed(post))
        for ref, kwargs in controls.thread_extras(table, note):
            if await self.bot.service.delivery.post(table.id, OFFER, ref) is not None:
                continue  # posted before a restart
            message = await self.sender.post(table, **kwargs)
            if message is not None:
                await self.bot.service.delivery.save_post(PostRow(table.id, OFFER, ref, channel_of(message), message.id,
                                                         note.version, note.version, False, kwargs["content"]))

    # -- the thread ------------------------------------------------------------------------------------
    async def _open_thread(self, table: Table) -> Table:
        """A public thread for the game, from the lobby message when there is one; the channel itself when
        the bot may not create threads there. Idempotent: a redelivered 'started' reuses the thread."""
        if table.thread_id is not None or table.channel_id is None:
            return table
        name = title(table)[:100]
        try:
            if table.lobby_message_id is not None:
                # With its guild: discord.py refuses to open a thread from a message without guild info.
                parent = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
                lobby = parent.get_partial_message(table.lobby_message_id)
                thread = await lobby.create_thread(name=name, auto_archive_duration=ARCHIVE_AFTER)
            else:
                channel = await self.bot.fetch_channel(table.channel_id)
                if not isinstance(channel, discord.TextChannel):
                    return table
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=ARCHIVE_AFTER
                )
        except discord.HTTPException as error:  # Forbidden, or a channel without threads
            log.info("no thread for game %s (%s); playing in the channel", table.id, error.status)
            return table
        await self.bot.service.set_thread(table.id, thread.id)
        return replace(table, thread_id=thread.id)

    # -- asynchronous play -----------------------------------------------------------------------------
    async def _remind(self, table: Table, note: Notification) -> None:
        """By DM (with the recap, hand and controls) when the player takes turn DMs and can get them; else a
        mention in the thread. A reminder delivered late, for a turn that is over, is dropped."""
        seat = note.seat
        if seat is None or table.status != TableStatus.RUNNING or seat not in table.to_act():
            return
        user_id = table.player_at(seat).user_id
        if user_id is None:
            return
        settings = await self.bot.players.settings(user_id)
        when = table.deadlines.get(seat, note.deadline)  # the live deadline: a vacation may have moved it
        if settings.dm_on_turn and not settings.dm_closed:
            with i18n.speaking(await self.sender.language_of(user_id)):
                first = due_line(table, seat)
                if when is not None:
                    head = tr("Reminder: your move in **{game}** is due {when}: {link}", game=title(table),
                              when=relative_time(when), link=table_link(table))
                else:
                    head = tr("Reminder: your move in **{game}** is waiting for you: {link}", game=title(table),
                              link=table_link(table))
                if await self.prompts.send_dm(table, seat, [first, head]):
                    return
        mover = table.player_at(seat).mention
        if when is not None:
            text = tr("{player}, your move in **{game}** is due {when}.", player=mover, game=title(table),
                      when=relative_time(when))
        else:
            text = tr("{player}, your move in **{game}** is waiting for you.", player=mover, game=title(table))
        await self.sender.post(table, content=f"{due_line(table, seat)}\n{text}", allowed_mentions=pings([user_id]))

    async def _keep_alive(self, table: Table) -> None:
        """Upkeep, so the thread of a slow game never archives silently. Discord archives a thread after a week
        without activity and counts a change of its archived flag as activity: re-open an archived thread,
        and archive and re-open a live one, which restarts its week without a message pinging anybody."""
        if table.thread_id is None or table.status != TableStatus.RUNNING:
            return
        try:
            thread = await self.bot.fetch_channel(table.thread_id)
            if not isinstance(thread, discord.Thread) or thread.locked:
                return  # a moderator locked it: theirs to re-open
            if not thread.archived:
                await thread.edit(archived=True)
            await thread.edit(archived=False, auto_archive_duration=ARCHIVE_AFTER)
        except discord.HTTPException as error:  # the next move's post re-opens it anyway
            log.info("upkeep of the thread of game %s failed (%s)", table.id, error.status)

    async def _ping_next(self, table: Table, note: Notification, told_by_dm: set[int]) -> None:
        """ "Ping me when the player before me moves": a DM to the person seated after the mover once the
        mover's turn is over, unless the turn DM already told them. Closed DMs get nothing."""
        if note.seat is None or table.status != TableStatus.RUNNING or note.seat in table.to_act():
            return
        seat = _successor(table, note.seat)
        user_id = table.player_at(seat).user_id if seat is not None else None
        if seat is None or user_id is None:
            return
        settings = await self.bot.players.settings(user_id)
        if not settings.ping_before or settings.dm_closed or seat in told_by_dm:
            return
        mover = table.player_at(note.seat).name
        with i18n.speaking(await self.sender.language_of(user_id)):
            if seat in table.to_act():
                said = tr("{player}, who plays before you, has moved in **{game}**: it is your move{due}. {link}",
                          player=mover, game=title(table), due=due_text(table, [seat]), link=table_link(table))
                text = f"{due_line(table, seat)}\n{said}"
            else:
                text = tr("{player}, who plays before you, has moved in **{game}**. {link}", player=mover,
                          game=title(table), link=table_link(table))
        await self.sender.dm(table, user_id, text)


def due_headline(table: Table, seats: list[int]) -> str:
    """The first line of a board post that pings players: the game and what each is asked for. By name, not
    mention: the post's body mentions them already (the opening line names everyone, a turn's footer whom it
    waits for), and each person is mentioned once in a post."""
    names = table.names()
    controls = controls_for(table.key)
    # One whole message per player (addressed, then what is asked of them), never a name glued to a phrase.
    asked = " · ".join(tr("{player}, {what}", player=names[s], what=controls.due(table, s)) for s in sorted(seats))
    return tr("**{game}**: {what}", game=title(table), what=asked)


def _closed(post: PostRow) -> PostRow:
    return PostRow(post.game_id, post.kind, post.ref, post.channel_id, post.message_id, post.since, post.version,
                   True, post.content)


def _successor(table: Table, seat: int) -> int | None:
    """The next seat in turn order that still plays (forfeited seats are passed over)."""
    count = len(table.players)
    for step in range(1, count):
        player = table.player_at((seat + step) % count)
        if not player.forfeited:
            return player.seat
    return None

