"""The final ranking: cash with its parts (start money, income, trade balance) and shops on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import tr, trn
from render import theme
from render.chinatown.common import CAPTION, GAP, HEADER_H, KEY, LEAD_BACK, MARGIN, WIDTH, Seats, draw_header, money
from render.theme import INK, MUTED

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView


def draw_final(view: ChinatownView, seats: Seats) -> Image.Image:
    result = view["result"]
    assert result is not None
    ranking, parts, order = theme.standing(result)
    row_h = 100
    image = theme.canvas(WIDTH, HEADER_H + GAP + row_h * len(order) + 60 + MARGIN)
    reason = tr("too few players were left") if result["reason"] == "resignation" else tr("after the 1970 income")
    draw_header(image, tr("Chinatown: final"), reason)
    draw = ImageDraw.Draw(image)
    y, right = HEADER_H + GAP, WIDTH - MARGIN - 20
    for seat in order:
        player = view["players"][seat]
        box = (MARGIN, y, WIDTH - MARGIN, y + row_h - 8)
        mid = theme.place_row(image, draw, box, seats, seat, ranking[seat], player, LEAD_BACK, name_size=KEY,
                              name_width=420)
        part = parts[seat]
        trades = f"{'+' if part['trades'] > 0 else '-' if part['trades'] < 0 else ''}{money(abs(part['trades']))}"
        # English says "shops" for one as well (as the picture always has); other languages count properly.
        detail = trn(
            "start {start} · income {income} · trades {trades} · {n} shops on the board",
            "start {start} · income {income} · trades {trades} · {n} shops on the board",
            part["tiles_on_board"], start=money(part["start_money"]), income=money(part["income"]), trades=trades,
        )
        # The total on the name's line leaves the detail the row's whole width (under the total it was cut).
        theme.draw_key(draw, (right, mid - 14), money(part["total"]), 40, INK, anchor="rm", bold=True)
        theme.draw_legend(draw, (MARGIN + 148, mid + 22), theme.ellipsize(detail, 24, right - MARGIN - 148), 24, MUTED,
                          anchor="lm")
        y += row_h
    theme.draw_legend(
        draw, (WIDTH / 2, y + 28), tr("Ties are broken by the most shops on the board."), CAPTION, MUTED, anchor="mm"
    )
    return image
