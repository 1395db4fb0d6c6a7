"""The Great Wall's /rules callouts: where to point on the public board, from the renderer's own geometry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render.annotate import Callout
from render.great_wall import geometry, players, table

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView


def callouts(view: GreatWallView, size: tuple[int, int]) -> list[Callout]:
    width, height = size
    margin = geometry.MARGIN
    top = table.HEADER_H + (table.LAST_ROUND_H if view["last_round"] else 0) + geometry.GAP
    section = top + 22  # the first section: its number and markers on the left, then each player's block
    first_card = table.LINES_X + table.CARDS_DX
    return [
        # The second line of the title band ends early on the right (the supply is on the first).
        Callout(width - margin - 30, 84, tr("The top band: whose turn, the actions left, the last move")),
        Callout(margin + 14, section, tr("A section of the wall and the markers still to win there")),
        Callout(table.LINES_X + table.PROGRESS_W - 6, section - 8,
                tr("A player's progress in that section: gold with a crown when they lead")),
        Callout(first_card + geometry.CARD_W, section - 8,
                tr("Their cards there, with values; a marker on a card counts against its owner")),
        Callout(width / 2 - 60, height - margin - players.PLAYER_H,
                tr("Each player: cards in hand and deck, markers won")),
    ]

