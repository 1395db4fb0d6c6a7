"""Sun Tzu's /rules callouts: where to point on the public board, from the renderer's own geometry. Each marker
lies where no text is: after the title, above the score track (clear of its marker in an end box), on a
province's top left corner, beside a province's red card, between the first player's first two counts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render.annotate import Callout, after_title
from render.sun_tzu import drawing

if TYPE_CHECKING:
    from bot.games.sun_tzu.schema import SunTzuView


def callouts(view: SunTzuView, size: tuple[int, int]) -> list[Callout]:
    margin, gap = drawing.MARGIN, drawing.GAP
    track = drawing.HEADER_H + gap
    provinces = track + drawing.TRACK_H
    width = (drawing.WIDTH - 2 * margin - 4 * gap) // 5  # a province's
    second = margin + 2 * width + gap  # the second province's right edge
    players = provinces + drawing.PROVINCE_H + gap
    cell = (drawing.WIDTH - 2 * margin - 20) // 6  # a count in a player's panel
    return [
        Callout(*after_title(drawing.title(view), 34, margin, 30), tr("The round, and what the game waits for")),
        Callout(margin + 170, track + 12, tr("The score track: the marker moves toward the leading side")),
        Callout(margin + 4, provinces + 4, tr("A province's screen: the value in use now is large and gold")),
        Callout(second - 10, provinces + 240,  # under the marks, right of the card's value
                tr("The two cards given to a province, face down until its battle")),
        Callout(margin + 10 + cell, players + 86, tr("Each player: armies in reserve, aside, on the board; cards")),
    ]
