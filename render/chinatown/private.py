"""One player's private picture: cash, the Building cards dealt (and the keep choice), tiles in hand,
the hidden batch of a simultaneous placement, lots, businesses and the offers that involve them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.chinatown.data import BOARD, Shop, shop_name
from render import theme
from render.chinatown.common import (
    GAP,
    HEADER_H,
    MARGIN,
    MAX_OFFERS,
    OFFER_H,
    WIDTH,
    Seats,
    draw_header,
    draw_offers,
    money,
    open_offers,
    section,
    tile,
    year_label,
)
from render.theme import INK, MUTED

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView


def draw_hand(view: ChinatownView, seats: Seats) -> Image.Image:
    viewer = view["viewer"]
    assert viewer is not None
    me = view["players"][viewer]
    mine = [lot for lot in view["lots"] if lot["owner"] == viewer]
    offers = [o for o in open_offers(view) if viewer in o["participants"]]
    cards = view["hand_cards"] or []
    batch = view["batch"] or []
    rows = (len(mine) + 15) // 16
    height = HEADER_H + 130 + (150 if cards else 0) + 110 + (80 if batch else 0) + 50 + rows * 60
    height += 50 + 34 * max(1, (len(me["businesses"]) + 1) // 2)
    height += (40 + OFFER_H * min(len(offers), MAX_OFFERS) if offers else 0) + MARGIN
    image = theme.canvas(WIDTH, height)
    draw_header(image, "Your Chinatown", f"{seats.name(viewer)} · {year_label(view)}")
    draw = ImageDraw.Draw(image)
    y = HEADER_H + GAP
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + 104))
    theme.draw_badge(image, seats.colour(viewer), (MARGIN + 40, y + 52), 52)
    theme.draw_text(draw, (MARGIN + 80, y + 34), "Cash (secret)", 20, MUTED, anchor="lm")
    theme.draw_text(draw, (MARGIN + 80, y + 70), money(me["cash"]), 40, INK, anchor="lm", bold=True)
    theme.draw_text(draw, (WIDTH - MARGIN - 20, y + 34), "Income now", 20, MUTED, anchor="rm")
    theme.draw_text(draw, (WIDTH - MARGIN - 20, y + 70), money(me["income_now"]), 36, INK, anchor="rm", bold=True)
    y += 118
    if cards:
        keep = set(view["keep_choice"] or [])
        y = section(draw, y, f"Building cards: keep {view['keep']} of {len(cards)}")
        for i, card in enumerate(cards):
            box = (MARGIN + 4 + i * 118, y, MARGIN + 4 + i * 118 + 104, y + 96)
            theme.panel(
                draw,
                box,
                fill=theme.LEAD if card in keep else theme.WHITE,
                outline=INK,
                radius=8,
                width=3 if card in keep else 1,
            )
            theme.draw_text(draw, ((box[0] + box[2]) / 2, y + 40), str(card), 40, INK, anchor="mm", bold=True)
            theme.draw_text(
                draw, ((box[0] + box[2]) / 2, y + 80), f"district {BOARD.district_of[card]}", 16, MUTED, anchor="mm"
            )
        y += 110
    y = section(draw, y, "Shop tiles in hand")
    hand = me["hand_tiles"]
    for i, (shop, count) in enumerate(hand.items()):
        x = MARGIN + 4 + i * 96
        tile(draw, (x, y, x + 56, y + 56), shop, 22)
        theme.draw_text(draw, (x + 62, y + 28), f"x{count}", 28, INK, anchor="lm", bold=True)
    if not hand:
        theme.draw_text(draw, (MARGIN + 4, y + 28), "none", 24, MUTED, anchor="lm")
    y += 70
    if batch:
        y = section(draw, y, "To build when everyone is done")
        line = ", ".join(f"{shop_name(Shop(p['tile']))} on lot {p['lot']}" for p in batch)
        theme.draw_text(draw, (MARGIN + 4, y + 14), theme.ellipsize(line, 22, WIDTH - 2 * MARGIN), 22, INK, anchor="lm")
        y += 40
    y = section(draw, y, f"Your lots ({len(mine)})")
    for i, lot in enumerate(mine):
        x, row_y = MARGIN + 4 + (i % 16) * 72, y + (i // 16) * 60
        box = (x, row_y, x + 62, row_y + 50)
        if lot["tile"]:
            tile(draw, box, lot["tile"], 18)
            theme.draw_text(draw, (x + 4, row_y + 2), str(lot["lot"]), 12, INK, anchor="la")
        else:
            theme.panel(draw, box, fill=theme.WHITE, outline=INK, radius=6, width=1)
            theme.draw_text(draw, (x + 31, row_y + 25), str(lot["lot"]), 22, INK, anchor="mm", bold=True)
    y += rows * 60 + 10
    y = section(draw, y, "Businesses")
    column = (WIDTH - 2 * MARGIN) // 2
    for i, business in enumerate(me["businesses"]):
        spec = BOARD.shops[Shop(business["tile"])]
        parts = " + ".join(str(p) for p in business["parts"])
        done = " complete" if business["complete"] else ""
        lots = ", ".join(map(str, business["lots"]))
        where = f"lot{'s' if len(business['lots']) > 1 else ''} {lots}"
        line = f"{spec.name}: {parts} of {spec.max_size}{done} · {where}"
        xy = (MARGIN + 4 + (i % 2) * column, y + 14 + (i // 2) * 34)
        theme.draw_text(draw, xy, theme.ellipsize(line, 22, column - 12), 22, INK, anchor="lm")
    if not me["businesses"]:
        theme.draw_text(draw, (MARGIN + 4, y + 14), "none yet", 22, MUTED, anchor="lm")
    y += 34 * max(1, (len(me["businesses"]) + 1) // 2)
    if offers:
        draw_offers(draw, offers, seats, y + 6)
    return image
