"""Sun Tzu's /rules callouts: where to point on the public board, from the renderer's own geometry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render.annotate import Callout
from render.sun_tzu import drawing

if TYPE_CHECKING:
    from bot.games.sun_tzu.schema import SunTzuView


def callouts(view: SunTzuView, size: tuple[int, int]) -> list[Callout]:
    width, _ = size
    track = drawing.HEADER_H + drawing.GAP
    provinces = track + drawing.TRACK_H
    column = (width - 2 * drawing.MARGIN) / 5
    players = provinces + drawing.PROVINCE_H + drawing.GAP
    return [
        # The title band's second line (what the game waits for) leaves its right end free.
        Callout(width - drawing.MARGIN - 30, 70, tr("The round, and what the game waits for")),
        Callout(width / 2 - 120, track + 20, tr("The score track: the marker moves toward the leading side")),
        Callout(drawing.MARGIN + 14, provinces + 94,  # on the lower left corner of the value in use
                tr("A province's screen: the value in use now is large and gold")),
        Callout(drawing.MARGIN + column * 1.5 + 70, provinces + 252,
                tr("The two cards given to a province, face down until its battle")),
        Callout(drawing.MARGIN + column * 1.5, players,
                tr("Each player: armies in reserve, aside, on the board; cards")),
    ]

