"""One lot as the board and the private picture draw it, big enough to read on a phone: its number top
left, its owner by fill colour plus badge (shape and letter) on the top right corner, its shop's code bottom right, a
gold corner when its business is complete, a reddish-purple ring when the last move changed it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render import theme
from render.chinatown.common import KEY, SHOP_CODE, SHOP_FILL, Seats
from render.theme import INK, MUTED, RGB, Box

if TYPE_CHECKING:
    from bot.games.chinatown.schema import LotView

LOT = 74  # side of a lot square; a picture 1200 px wide shows it ~25 px wide on a phone
FRAME = 6  # the owner's colour around a built shop
BADGE = 45  # the mark minimum: any bigger and it touches the number or the code
UNOWNED: RGB = (226, 216, 194)
HIGHLIGHT_W = 5


def draw_lot(image: Image.Image, draw: ImageDraw.ImageDraw, lot: LotView, box: Box, seats: Seats, *,
             complete: bool = False, highlight: bool = False) -> None:
    x0, y0, x1, y1 = box
    owner, shop = lot["owner"], lot["tile"]
    number = str(lot["lot"])
    if highlight:  # outside the square, in the street between lots
        pad = HIGHLIGHT_W - 1
        draw.rounded_rectangle((x0 - pad, y0 - pad, x1 + pad, y1 + pad), radius=8, outline=theme.ACCENT,
                               width=HIGHLIGHT_W)
    if owner is None:
        draw.rectangle(box, fill=UNOWNED, outline=theme.PANEL_EDGE, width=1)
        theme.draw_key(draw, ((x0 + x1) / 2, (y0 + y1) / 2), number, KEY, MUTED, anchor="mm")
        return
    style = theme.player_style(seats.colour(owner))
    draw.rectangle(box, fill=style.fill, outline=INK, width=1)
    ink = style.ink
    if shop is not None:
        draw.rectangle((x0 + FRAME, y0 + FRAME, x1 - FRAME, y1 - FRAME), fill=SHOP_FILL[shop])
        ink = INK
        theme.draw_key(draw, (x1 - FRAME - 3, y1 - FRAME - 2), SHOP_CODE[shop], KEY, INK, anchor="rd", bold=True)
        if complete:  # a gold corner marks a complete business (the owner's badge is on the top right one)
            draw.polygon([(x0, y1), (x0, y1 - 22), (x0 + 22, y1)], fill=theme.LEAD, outline=theme.LEAD_EDGE)
    theme.draw_key(draw, (x0 + FRAME + 2, y0 + FRAME - 2), number, KEY, ink, anchor="la", bold=shop is None)
    # Over the top right corner, into the street: clear of the number (top left), the code (bottom right) and
    # the next lot's number, and its letter is 2% of the picture's width.
    theme.draw_badge(image, seats.colour(owner), (x1 - 10, y0 + 12), BADGE)
