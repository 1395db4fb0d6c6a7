"""A table's pictures as Discord attachments: the public board, a seat's hand and the close-up a decision needs.

Public pictures are drawn from ``table.view(None)`` only; a seat's own view goes only into its DM or an
ephemeral message. Each attachment's description (alt text) is drawn from the same view as its picture.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import render
from bot import pictures
from bot.names import picture_names
from cogs.controls import controls_for
from render.alt_text import alt_text

if TYPE_CHECKING:
    from bot.tables import Table
    from render.crops import Focus

log = logging.getLogger(__name__)


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
    drawing = [hand_picture(table, seat), *([focus_picture(table, seat, focus)] if focus is not None else [])]
    return [file for file in await asyncio.gather(*drawing) if file is not None]


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
