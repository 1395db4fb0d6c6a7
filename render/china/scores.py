"""China's final scores: places, totals, and each player's regions, alliances, roads and pieces left."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import mark, tr
from render import theme
from render.china.common import GAP, LEAD_BACK, MARGIN, TITLE_H, draw_header
from render.theme import INK, MUTED, Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView


_REASONS = {
    "normal": mark("the deck ran out twice"),
    "no_pieces": mark("no more pieces could be placed"),
    "resignation": mark("too few players were left"),
}


def draw_final(view: ChinaView, seats: Seats) -> Image.Image:
    result = view["result"]
    assert result is not None
    ranking, parts, order = theme.standing(result)
    scores = result["scores"]
    row_h = 96
    width = 1000
    image = theme.canvas(width, TITLE_H + GAP + row_h * len(order) + 70 + MARGIN)
    reason = str(result["reason"])
    draw_header(image, tr("China: final scores"), tr(_REASONS[reason]) if reason in _REASONS else reason)
    draw = ImageDraw.Draw(image)
    y = TITLE_H + GAP
    for seat in order:
        player = view["players"][seat]
        box = (MARGIN, y, width - MARGIN, y + row_h - 8)
        mid = theme.place_row(image, draw, box, seats, seat, ranking[seat], player, LEAD_BACK, name_size=26,
                              name_width=360)
        part = parts[seat]
        detail = tr("regions {regions} · alliances {alliances} · roads {roads} · pieces left {supply}",
                    regions=part["regions"], alliances=part["alliances"], roads=part["roads"],
                    supply=part["tiebreak"]["supply"])
        theme.draw_legend(draw, (MARGIN + 148, mid + 20), theme.ellipsize(detail, 24, 640), 24, MUTED, anchor="lm")
        theme.draw_key(draw, (width - MARGIN - 20, mid), str(scores[seat]), 44, INK, anchor="rm", bold=True)
        y += row_h
    theme.draw_legend(draw, (width / 2, y + 30), tr("Ties are broken by the most pieces left in supply."), 24, MUTED,
                      anchor="mm")
    return image
