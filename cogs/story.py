"""A finished game's story, shown privately: the Game story button under the final board, and ``/game story``.

Whoever presses or asks gets the score chart and the timelapse of the public board in an ephemeral answer: no
new post, no ping. ``bot/story.py`` tells the story from the move log; every picture of it is drawn in the
picture processes (``cogs.pictures``), one at a time so that the boards of games being played are drawn in
between, and none of them is kept among the live pictures. The pictures and their alt text are in the table's
language, like everything the game's thread shows; the sentence around them in the reader's. The last few
stories are kept, so the players pressing after the first one get theirs at once.

The story is of a game of this server: a game still running has none yet, and a game of another server is
refused (a person who did not play it is told there is no such game: ids are not to be probed).
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands

from bot.errors import GameNotFound, UserError
from bot.games.base.language import tr
from bot.names import game_title, title
from bot.statuses import TableStatus
from bot.story import check_told, story_of
from bot.tables import TableService
from cogs.app import app_of
from cogs.components import PREFIX, Ref, clip
from cogs.errors import report
from cogs.language import Spoken
from cogs.replies import send_private


class StoryButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"story"):
    """Game story, under a finished game's final board (``mk:<game>:<version>:story``)."""

    def __init__(self, ref: Ref) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=tr("Game story"), style=discord.ButtonStyle.secondary, custom_id=ref.custom_id("story")
        )
        super().__init__(button)
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StoryButton:
        return cls(Ref.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        # On a public message: the answer is private, and drawing takes seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await show_story(interaction, self.ref.game_id)
        except Exception as error:
            await report(interaction, error)


async def show_story(interaction: discord.Interaction, game_id: int) -> None:
    """Answer ``interaction`` (deferred, ephemeral) with the story of game ``game_id`` of this server."""
    service = app_of(interaction).service
    table = await service.get(game_id)
    if table.guild_id is None or table.guild_id != interaction.guild_id:
        if not table.is_member(interaction.user.id):
            raise GameNotFound(game_id)
        raise UserError(tr("{game} was not played on this server: its story is shown on the server where it was "
                           "played.", game=title(table)))
    check_told(table.status, title(table))
    story = await story_of(service, table)
    scores, animation = story.filenames(table.id)
    files = [
        discord.File(io.BytesIO(story.scores), filename=scores, description=story.scores_alt),
        discord.File(io.BytesIO(story.animation), filename=animation, description=story.animation_alt),
    ]
    await send_private(interaction, tr("The story of {game}: the scores, then the board turn by turn.",
                                       game=title(table)), files=files)


async def finished_choices(service: TableService, guild_id: int, current: str) -> list[app_commands.Choice[int]]:
    """The games ``/game story`` offers: this server's finished games, the newest first, and an older one of
    them by its number."""
    tables = await service.latest_finished(guild_id)
    wanted = current.strip().lstrip("#").lower()
    if wanted.isdigit() and all(t.id != int(wanted) for t in tables):
        try:
            named = await service.get(int(wanted))
        except GameNotFound:
            named = None
        if named is not None and named.guild_id == guild_id and named.status == TableStatus.FINISHED:
            tables.insert(0, named)
    return [
        app_commands.Choice(name=clip(f"#{t.id} {game_title(t.key)}", 100), value=t.id)
        for t in tables
        if wanted in str(t.id) or wanted in t.game.title.lower() or wanted in game_title(t.key).lower()
    ][:25]
