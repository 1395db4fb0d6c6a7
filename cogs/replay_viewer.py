"""``/game replay``: an ephemeral viewer of any game of the server, the board at any move re-drawn from the log.

Each position is drawn exactly as the live board was (``board_picture`` of the table at that version: the
public view only, the final scores once over) with the move's sentences under it, the thread's own words.
Positions where nothing public changed (a move only its players see, such as a private offer) are stepped
over, so the viewer never shows when or how often hidden moves were made. Every button carries the game and
the version it goes to (``mk:<game>:<version>:rp:<which>``), so it works after a restart; each click checks
the game may be seen here and snaps the version to a position the viewer shows.
"""

from __future__ import annotations

import asyncio
import json
import re
import weakref
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import replays
from bot.errors import WrongStatus
from bot.games.base import language as words
from bot.games.base.language import mark, tr
from bot.replays import POSITION_KINDS, Position
from bot.statuses import TableStatus
from bot.tables import Table, TableService, opens_turn
from cogs.app import app_of
from cogs.board_posts import opening_line, position_lines
from cogs.checks import viewable_table
from cogs.components import PREFIX, Ref, persistent_view
from cogs.errors import report
from cogs.game_pictures import board_picture
from cogs.language import Spoken
from cogs.names import title
from cogs.replies import NO_PINGS, clip_message, message_kwargs

SLOTS = {  # which button: (label, shown with tr(); row)
    "first": (mark("First"), 0),
    "pturn": (mark("Previous turn"), 0),
    "prev": (mark("Previous move"), 0),
    "next": (mark("Next move"), 0),
    "nturn": (mark("Next turn"), 1),
    "last": (mark("Last"), 1),
}
KEPT = 8  # games whose frames stay in memory (a viewer clicking through one game needs one)


@dataclass(frozen=True)
class Frames:
    """The positions the viewer shows of one game as it stands now."""

    tables: tuple[Table, ...]  # the table at every version
    steps: tuple[int, ...]  # versions where something public changed, ascending (0 first)
    turns: tuple[int, ...]  # the steps that opened a turn (a seat had to act that did not before)
    lines: dict[int, list[str]]  # each step's sentences (public words)

    def snap(self, version: int) -> int:
        """The shown position at or before ``version`` (the newest for a version beyond the log)."""
        return self.steps[max(0, bisect_right(self.steps, version) - 1)]

    def targets(self, shown: int) -> dict[str, int]:
        """Where each button goes from the position ``shown``."""
        at = bisect_left(self.steps, shown)
        before = [t for t in self.turns if t < shown]
        after = [t for t in self.turns if t > shown]
        return {
            "first": self.steps[0],
            "pturn": before[-1] if before else self.steps[0],
            "prev": self.steps[max(0, at - 1)],
            "next": self.steps[min(len(self.steps) - 1, at + 1)],
            "nturn": after[0] if after else self.steps[-1],
            "last": self.steps[-1],
        }


def frames_of(tables: Sequence[Table], rows: Sequence[Position]) -> Frames:
    """Which positions to show, from the table at every version and the thread's rows of the moves."""
    now = tables[-1]
    by_version = {row.version: row for row in rows if row.kind in POSITION_KINDS}
    steps, turns = [0], [0]
    lines: dict[int, list[str]] = {0: [opening_line(now)]}
    public = [json.dumps(t.view(None), sort_keys=True) for t in tables]
    for v in range(1, len(tables)):
        row = by_version.get(v)
        said = position_lines(now, row) if row is not None else []
        if not said and public[v] == public[v - 1] and tables[v].status == tables[v - 1].status:
            continue  # nothing anybody could see happened here
        steps.append(v)
        lines[v] = said
        if opens_turn(now.game, tables[v - 1].state, tables[v].state):
            turns.append(v)
    return Frames(tuple(tables), tuple(steps), tuple(turns), lines)


# (game, version, language) -> frames: their sentences are in a language.
_kept: weakref.WeakKeyDictionary[TableService, OrderedDict[tuple[int, int, str], Frames]] = weakref.WeakKeyDictionary()


async def load_frames(service: TableService, table: Table) -> Frames:
    """The frames of the game as it stands. The log only grows, so a game's frames at a version never
    change: the last few are kept, and a viewer's clicks do not replay the game each time."""
    if table.state is None:
        raise WrongStatus(tr("This game has not started yet."))
    kept = _kept.setdefault(service, OrderedDict())  # per service: each has its own database
    key = (table.id, table.version, words.code())
    if key not in kept:
        tables = await replays.positions(service, table)
        rows = await service.delivery.positions(table.id, after=-1, upto=table.version)
        kept[key] = await asyncio.to_thread(frames_of, tables, rows)  # the thread keeps the language in force
        while len(kept) > KEPT:
            kept.popitem(last=False)
    kept.move_to_end(key)
    return kept[key]


async def frame(frames: Frames, version: int) -> tuple[str, discord.File | None, discord.ui.View]:
    """The text, picture and buttons of the viewer at ``version`` (snapped to a shown position)."""
    shown = frames.snap(version)
    table, now = frames.tables[shown], frames.tables[-1]
    if now.status == TableStatus.RUNNING:
        head = tr("**Replay of {game}** · move {move} of {moves} so far (public information only while the game runs)",
                  game=title(now), move=shown, moves=now.version)
    else:
        head = tr("**Replay of {game}** · move {move} of {moves}", game=title(now), move=shown, moves=now.version)
    text = clip_message("\n".join([head, *frames.lines.get(shown, [])]))
    targets = frames.targets(shown)
    buttons = [
        ReplayButton(Ref(now.id, target), slot, disabled=target == shown) for slot, target in targets.items()
    ]
    return text, await board_picture(table), persistent_view(*buttons)


class ReplayButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r"rp:(?P<slot>first|pturn|prev|next|nturn|last)",
):
    """A button of the replay viewer; its custom_id's version is the position it goes to."""

    def __init__(self, ref: Ref, slot: str, *, disabled: bool = False) -> None:
        label, row = SLOTS[slot]
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=tr(label), style=discord.ButtonStyle.secondary, custom_id=ref.custom_id("rp", slot), row=row,
            disabled=disabled,
        )
        super().__init__(button)
        self.ref, self.slot = ref, slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(Ref.from_match(match), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        try:
            service = app_of(interaction).service
            table = await viewable_table(interaction, service, self.ref.game_id)
            text, picture, view = await frame(await load_frames(service, table), self.ref.version)
            files = message_kwargs(file=picture).get("files", [])
            await interaction.edit_original_response(
                content=text, attachments=files, view=view, allowed_mentions=NO_PINGS
            )
        except Exception as error:
            await report(interaction, error)
