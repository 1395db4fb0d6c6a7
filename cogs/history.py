"""``/game history``: a game's move log in words, paged, the newest page first, ephemeral.

The sentences are the thread's own (``position_lines``: public words only, from each move's events). While
the game runs that is all; once it is over the final ranking and the description of the final scores follow
(what the rules reveal at the end, such as face-down markers). Pages are cut from the oldest move on, so a
page keeps its number as the game goes on; the buttons carry only the page and are re-checked on each click.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError, WrongStatus
from bot.games.base.language import tr
from bot.names import picture_names, title
from bot.replays import POSITION_KINDS, Position
from bot.sentences import opening_line, position_lines, ranking_lines
from bot.statuses import TableStatus
from bot.tables import Table
from cogs.app import app_of
from cogs.checks import viewable_table
from cogs.components import PREFIX, Ref, persistent_view
from cogs.errors import report
from cogs.language import Spoken
from cogs.replies import MESSAGE_LIMIT, NO_PINGS
from render.alt_text import alt_text

PAGE_LIMIT = MESSAGE_LIMIT - 200  # room for the page's heading


def history_lines(table: Table, rows: Sequence[Position]) -> list[str]:
    """Each position's public sentences under its move number, then (once over) the ending."""
    lines: list[str] = []
    for row in rows:
        if row.kind not in POSITION_KINDS:
            continue  # clock news and reminders are not moves
        said = [opening_line(table)] if row.kind == "started" else position_lines(table, row)
        lines.extend(f"`{row.version:>3}` {line}" for line in said)
    if table.status == TableStatus.FINISHED and table.state is not None:
        lines.extend(ranking_lines(table))
        lines.append(alt_text(table.key, "final", table.view(None), picture_names(table)))
    return lines


def pages(lines: Sequence[str], limit: int = PAGE_LIMIT) -> list[str]:
    """The lines cut into pages of at most ``limit`` characters, oldest first (a longer line is clipped)."""
    out: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        if out[-1] and size + len(line) + 1 > limit:
            out.append([])
            size = 0
        out[-1].append(line)
        size += len(line) + 1
    return ["\n".join(page) for page in out]


def history_page(table: Table, page: int | None, rows: Sequence[Position]) -> tuple[str, discord.ui.View]:
    """The text of one page (the newest when ``page`` is None or out of range) and its buttons."""
    if table.state is None:
        raise WrongStatus(tr("This game has not started yet."))
    cut = pages(history_lines(table, rows))
    number = len(cut) - 1 if page is None or not 0 <= page < len(cut) else page
    if table.status == TableStatus.FINISHED:
        head = tr("**History of {game}** · page {page} of {pages} (the whole game)", game=title(table),
                  page=number + 1, pages=len(cut))
    else:
        head = tr("**History of {game}** · page {page} of {pages} (public moves only while the game runs)",
                  game=title(table), page=number + 1, pages=len(cut))
    ref = Ref.of(table)
    view = persistent_view(
        HistoryButton(ref, number - 1, tr("Older"), disabled=number == 0),
        HistoryButton(ref, number + 1, tr("Newer"), disabled=number == len(cut) - 1),
    )
    return f"{head}\n{cut[number]}", view


class HistoryButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"hist:(?P<page>[0-9]{1,5})"
):
    """Older / Newer under a history page; the page is rebuilt from the log at each click."""

    def __init__(self, ref: Ref, page: int, label: str = "Page", *, disabled: bool = False) -> None:
        page = max(0, page)
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=ref.custom_id("hist", str(page)),
            disabled=disabled,
        )
        super().__init__(button)
        self.ref, self.page = ref, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryButton:
        return cls(Ref.from_match(match), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        try:
            service = app_of(interaction).service
            table = await viewable_table(interaction, service, self.ref.game_id)
            if self.ref.version > table.version:
                raise UserError(tr("That history does not belong to this game."))
            rows = await service.delivery.positions(table.id, after=-1, upto=table.version)
            text, view = history_page(table, self.page, rows)
            await interaction.edit_original_response(content=text, view=view, allowed_mentions=NO_PINGS)
        except Exception as error:
            await report(interaction, error)
