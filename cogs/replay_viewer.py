"""``/game replay``: an ephemeral viewer of any game of the server, the board at any move re-drawn from the log.

Each position is drawn exactly as the live board was (``board_picture`` of the table at that version: the
public view only, the final scores once over) with the move's sentences under it, the thread's own words.
Positions where nothing public changed (a move only its players see, such as a private offer) are stepped
over, so the viewer never shows when or how often hidden moves were made. Every button carries the game and
the version it goes to (``mk:<game>:<version>:rp:<which>``), so it works after a restart; each click checks
the game may be seen here and snaps the version to a position the viewer shows.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.base.language import mark, tr
from bot.names import title
from bot.replays import Frames, load_frames
from bot.statuses import TableStatus
from cogs.app import app_of
from cogs.checks import viewable_table
from cogs.components import PREFIX, Ref, persistent_view
from cogs.errors import report
from cogs.game_pictures import board_picture
from cogs.language import Spoken
from cogs.replies import NO_PINGS, clip_message, message_kwargs

SLOTS = {  # which button: (label, shown with tr(); row)
    "first": (mark("First"), 0),
    "pturn": (mark("Previous turn"), 0),
    "prev": (mark("Previous move"), 0),
    "next": (mark("Next move"), 0),
    "nturn": (mark("Next turn"), 1),
    "last": (mark("Last"), 1),
}


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
