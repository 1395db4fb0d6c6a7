"""Words and pictures for game messages, and the one way to answer a person privately.

Public messages are built from ``table.view(None)`` and ``describe(event, names, None)`` only; a seat's own
view and private sentences go only into a DM or an ephemeral message (the callers decide which).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

import render
from bot import games
from bot.games.base import Event
from bot.games.base.language import mark, tr
from bot.games.base.words import join
from bot.statuses import TableStatus
from cogs import pictures
from cogs.controls import controls_for
from render.alt_text import alt_text

if TYPE_CHECKING:
    from bot.servers import ServerService
    from bot.tables import Table, TableService
    from cogs.client import MiddleKingdomBot
    from render.crops import Focus

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
NO_PINGS = discord.AllowedMentions.none()


def service_of(interaction: discord.Interaction) -> TableService:
    return cast("MiddleKingdomBot", interaction.client).service


def servers_of(interaction: discord.Interaction) -> ServerService:
    return cast("MiddleKingdomBot", interaction.client).servers


def channels_of(interaction: discord.Interaction) -> tuple[int | None, ...]:
    """The channel of an interaction and, in a thread, its parent: where server settings allow tables."""
    channel = interaction.channel
    parent = channel.parent_id if isinstance(channel, discord.Thread) else None
    return interaction.channel_id, parent


def clip_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- names and sentences ---------------------------------------------------------------------------
def public_names(table: Table) -> list[str]:
    """Names for sentences, by seat: a mention for people (shown as their name), the name for computers."""
    return [p.name if p.is_ai or p.user_id is None else f"<@{p.user_id}>" for p in table.seated]


def picture_names(table: Table) -> list[str]:
    return [p.name for p in table.seated]


def event_lines(table: Table, events: Iterable[Event], seat: int | None = None) -> list[str]:
    """One sentence per event; ``seat`` adds that seat's private part (only for its DM or ephemeral)."""
    names = public_names(table)
    lines = (table.game.describe(event, names, seat) for event in events)
    return [line for line in lines if line]


def relative_time(when: float) -> str:
    """A Discord timestamp: each reader sees it in their own words and time zone ("in 3 hours")."""
    return f"<t:{int(when)}:R>"


def due_text(table: Table, seats: Iterable[int]) -> str:
    """ " (due <t:..:R>)": when the first of these seats runs out of time; "" off the clock."""
    due = [table.deadlines[s] for s in seats if s in table.deadlines]
    return tr(" (due {when})", when=relative_time(min(due))) if due else ""


def turn_line(table: Table) -> str:
    """Whose turn it is, with mentions (the only people a board message pings) and, on a clock, when due."""
    seats = sorted(table.to_act())
    if not seats:
        return ""
    names = public_names(table)
    if len(seats) == 1:
        return tr("It is {player}'s turn{due}.", player=names[seats[0]], due=due_text(table, seats))
    names = [name + due_text(table, [seat]) for seat, name in enumerate(names)]
    return tr("Waiting for {players}.", players=join([names[s] for s in seats]))


# What happens to a seat out of time, in a few words (the lobby, the board) and as a sentence's end.
# Translated where shown (``tr(POLICY_LABELS[policy])``).
POLICY_LABELS = {
    "ai": mark("the computer plays"),
    "skip": mark("an automatic safe move"),
    "forfeit": mark("forfeit (ranked last)"),
}
_TIMED_OUT = {
    "ai": mark("{player} ran out of time: the computer played for them."),
    "skip": mark("{player} ran out of time: an automatic move was made for them."),
    "forfeit": mark("{player} ran out of time and forfeits (ranked last)."),
}
_RAN_OUT = mark("{player} ran out of time.")


def clock_line(table: Table) -> str:
    """The table's time control and timeout policy, for running timed games; "" otherwise."""
    if not table.time_control.timed or table.status != TableStatus.RUNNING:
        return ""
    policy = tr(POLICY_LABELS[table.timeout_policy]) if table.timeout_policy in POLICY_LABELS else table.timeout_policy
    return tr("Clock: {clock}; out of time, {policy}.", clock=table.time_control.describe(), policy=policy)


def timeout_line_for(table: Table, seat: int | None, timeout: str | None) -> str:
    """ "Ana ran out of time and forfeits (ranked last)." for a move the table's policy made; else ""."""
    if timeout is None or seat is None:
        return ""
    return tr(_TIMED_OUT.get(timeout, _RAN_OUT), player=public_names(table)[seat])


def ranking_lines(table: Table) -> list[str]:
    result = table.result()
    if result is None:
        return []
    names = public_names(table)
    order = sorted(range(len(names)), key=lambda s: (result.ranking[s], s))
    score = table.game.score_text
    return [tr("**Final ranking**")] + [f"{result.ranking[s]}. {names[s]}: {score(result.scores[s])}" for s in order]


def pings(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Ping exactly these people; every other mention in the message stays silent."""
    users = [discord.Object(id=user_id) for user_id in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


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


# -- pictures --------------------------------------------------------------------------------------
async def _png(kind: str, table: Table, view: dict[str, Any], filename: str) -> discord.File | None:
    draw = {"board": render.board, "hand": render.hand, "final": render.final}[kind]
    names = picture_names(table)
    try:
        # Pillow work is CPU-bound: off the event loop, so other interactions are still answered in time.
        data = await pictures.draw(draw, table.key, view, names, position=(table.id, table.version))
    except KeyError:
        log.warning("no %s picture for game %s", kind, table.key)
        return None
    # The description (alt text) is drawn from the same view as the picture: nothing more is in it.
    return discord.File(io.BytesIO(data), filename=filename, description=alt_text(table.key, kind, view, names))


async def board_picture(table: Table) -> discord.File | None:
    """The public picture: the board while running, the final scores once over. Public view only."""
    over = table.result() is not None
    kind = "final" if over else "board"
    return await _png(kind, table, table.view(None), f"{kind}-{table.id}-{table.version}.png")


def hand_filename(table: Table) -> str:
    return f"hand-{table.id}-{table.version}.png"


def focus_filename(table: Table, focus: Focus) -> str:
    if focus.kind == "board":
        return f"board-{table.id}-{table.version}.png"
    return f"focus-{table.id}-{table.version}-{focus.tag}.png"


async def hand_picture(table: Table, seat: int) -> discord.File | None:
    """The seat's private picture, from its own view: for its DM or an ephemeral message only."""
    return await _png("hand", table, table.view(seat), hand_filename(table))


async def focus_picture(table: Table, seat: int, focus: Focus) -> discord.File | None:
    """The picture a decision needs: the board (the public one, as in the thread) or a close-up of the part
    the choices name, drawn from the seat's own view: for its DM or an ephemeral message only."""
    if focus.kind == "board":
        return await _png("board", table, table.view(None), focus_filename(table, focus))
    view, names = table.view(seat), picture_names(table)
    try:
        data = await pictures.draw(render.focus, table.key, view, names, focus, position=(table.id, table.version))
    except (KeyError, ValueError):  # a game without that close-up: the prompt still has the seat's picture
        log.warning("no %s close-up for game %s", focus.tag, table.key)
        return None
    filename = focus_filename(table, focus)
    description = alt_text(table.key, "focus", view, names, focus=focus)
    return discord.File(io.BytesIO(data), filename=filename, description=description)


async def prompt_pictures(table: Table, seat: int, focus: Focus | None) -> list[discord.File]:
    """A private prompt's pictures: the seat's own, then the one its decision needs (at most two, drawn at
    the same time)."""
    return cast(list[discord.File], await step_pictures(table, seat, focus, ()))


async def step_pictures(
    table: Table, seat: int, focus: Focus | None, kept: Sequence[discord.Attachment]
) -> list[discord.File | discord.Attachment]:
    """The prompt's pictures for an edit of the seat's message, whose pictures are ``kept``: one of the same
    name (the same game, position and focus: the same picture) stays instead of being drawn and uploaded
    again."""
    shown = {attachment.filename: attachment for attachment in kept}

    async def hand() -> discord.File | discord.Attachment | None:
        return shown.get(hand_filename(table)) or await hand_picture(table, seat)

    async def close_up(focus: Focus) -> discord.File | discord.Attachment | None:
        return shown.get(focus_filename(table, focus)) or await focus_picture(table, seat, focus)

    drawing = [hand(), *([close_up(focus)] if focus is not None else [])]
    return [file for file in await asyncio.gather(*drawing) if file is not None]


def opening_focus(table: Table, seat: int) -> Focus | None:
    """The picture the first step of the seat's controls needs (the later steps carry theirs in their
    Panel)."""
    return controls_for(table.key).focus(table, seat) if table.state is not None else None


# -- answering privately -----------------------------------------------------------------------------
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
