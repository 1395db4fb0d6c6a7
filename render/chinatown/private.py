"""One player's private picture: cash, the Building cards dealt (and the keep choice), tiles in hand,
the hidden batch of a simultaneous placement, lots, businesses and the offers that involve them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import tr, trn, trp
from bot.games.chinatown.data import BOARD, Shop, shop_name
from render import theme
from render.chinatown.common import (
    CAPTION,
    GAP,
    HEADER_H,
    KEY,
    MARGIN,
    WIDTH,
    Seats,
    draw_header,
    draw_offers,
    money,
    offers_height,
    open_offers,
    section,
    tile,
    year_label,
)
from render.chinatown.lots import LOT, draw_lot
from render.theme import INK, MUTED

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView

CARD_W, CARD_H = 136, 112  # a dealt Building card: its lot number and district
TILE = 60
TILE_STEP = TILE + 56  # a tile and its count
LOT_STEP = LOT + 10
LINE_H = 40  # a line of words at the key size


def _per_row(step: int) -> int:
    return (WIDTH - 2 * MARGIN) // step


def _rows(count: int, step: int) -> int:
    return max(1, -(-count // _per_row(step)))


def draw_hand(view: ChinatownView, seats: Seats) -> Image.Image:
    viewer = view["viewer"]
    assert viewer is not None
    me = view["players"][viewer]
    mine = [lot for lot in view["lots"] if lot["owner"] == viewer]
    offers = [o for o in open_offers(view) if viewer in o["participants"]]
    cards = view["hand_cards"] or []
    batch = view["batch"] or []
    hand = me["hand_tiles"]
    businesses = me["businesses"]
    height = HEADER_H + GAP + 118 + (42 + CARD_H + 14 if cards else 0)
    height += 42 + _rows(len(hand), TILE_STEP) * (TILE + 10) + 4
    height += (42 + LINE_H) if batch else 0
    height += 42 + _rows(len(mine), LOT_STEP) * LOT_STEP + 6
    height += 42 + LINE_H * max(1, len(businesses)) + offers_height(len(offers)) + MARGIN
    image = theme.canvas(WIDTH, height)
    draw_header(image, tr("Your Chinatown"), f"{seats.name(viewer)} · {year_label(view)}")
    draw = ImageDraw.Draw(image)
    y = HEADER_H + GAP
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + 104))
    theme.draw_badge(image, seats.colour(viewer), (MARGIN + 40, y + 52), 52)
    theme.draw_legend(draw, (MARGIN + 80, y + 30), tr("Cash (secret)"), CAPTION, MUTED, anchor="lm")
    theme.draw_key(draw, (MARGIN + 80, y + 68), money(me["cash"]), 40, INK, anchor="lm", bold=True)
    theme.draw_legend(draw, (WIDTH - MARGIN - 20, y + 30), tr("Income now"), CAPTION, MUTED, anchor="rm")
    theme.draw_key(draw, (WIDTH - MARGIN - 20, y + 68), money(me["income_now"]), 36, INK, anchor="rm", bold=True)
    y += 118
    if cards:
        keep = set(view["keep_choice"] or [])
        y = section(draw, y, tr("Building cards: keep {keep} of {count}", keep=view["keep"], count=len(cards)))
        for i, card in enumerate(cards):
            x = MARGIN + 4 + i * (CARD_W + 12)
            chosen = card in keep
            theme.panel(draw, (x, y, x + CARD_W, y + CARD_H), fill=theme.LEAD if chosen else theme.WHITE, outline=INK,
                        radius=8, width=3 if chosen else 1)
            theme.draw_key(draw, (x + CARD_W / 2, y + 42), str(card), 44, INK, anchor="mm", bold=True)
            district = tr("district {district}", district=BOARD.district_of[card])
            theme.draw_key(draw, (x + CARD_W / 2, y + 88), district, KEY, MUTED, anchor="mm")
        y += CARD_H + 14
    y = section(draw, y, tr("Shop tiles in hand"))
    for i, (shop, count) in enumerate(hand.items()):
        x = MARGIN + 4 + (i % _per_row(TILE_STEP)) * TILE_STEP
        top = y + (i // _per_row(TILE_STEP)) * (TILE + 10)
        tile(draw, (x, top, x + TILE, top + TILE), shop, KEY)
        theme.draw_key(draw, (x + TILE + 6, top + TILE // 2), f"x{count}", KEY, INK, anchor="lm", bold=True)
    if not hand:
        theme.draw_legend(draw, (MARGIN + 4, y + TILE // 2), trp("no tiles", "none"), 24, MUTED, anchor="lm")
    y += _rows(len(hand), TILE_STEP) * (TILE + 10) + 4
    if batch:
        y = section(draw, y, tr("To build when everyone is done"))
        line = ", ".join(tr("{shop} on lot {lot}", shop=shop_name(Shop(p["tile"])), lot=p["lot"]) for p in batch)
        theme.draw_key(draw, (MARGIN + 4, y + LINE_H // 2), theme.ellipsize(line, KEY, WIDTH - 2 * MARGIN), KEY, INK,
                       anchor="lm")
        y += LINE_H
    y = section(draw, y, tr("Your lots ({count})", count=len(mine)))
    complete = {lot for b in businesses if b["complete"] for lot in b["lots"]}
    for i, lot in enumerate(mine):
        x = MARGIN + 8 + (i % _per_row(LOT_STEP)) * LOT_STEP
        top = y + (i // _per_row(LOT_STEP)) * LOT_STEP
        draw_lot(image, draw, lot, (x, top, x + LOT, top + LOT), seats, complete=lot["lot"] in complete)
    if not mine:
        theme.draw_legend(draw, (MARGIN + 4, y + LOT // 2), tr("none yet"), 24, MUTED, anchor="lm")
    y += _rows(len(mine), LOT_STEP) * LOT_STEP + 6
    y = section(draw, y, tr("Businesses"))
    for i, business in enumerate(businesses):
        spec = BOARD.shops[Shop(business["tile"])]
        parts = " + ".join(str(p) for p in business["parts"])
        lots = ", ".join(map(str, business["lots"]))
        line = trn(
            "{shop}: {parts} of {most} · lot {lots}", "{shop}: {parts} of {most} · lots {lots}",
            len(business["lots"]), shop=shop_name(spec.shop), parts=parts, most=spec.max_size, lots=lots,
        ) if not business["complete"] else trn(
            "{shop}: {parts} of {most} complete · lot {lots}", "{shop}: {parts} of {most} complete · lots {lots}",
            len(business["lots"]), shop=shop_name(spec.shop), parts=parts, most=spec.max_size, lots=lots,
        )
        theme.draw_key(draw, (MARGIN + 4, y + LINE_H // 2 + i * LINE_H),
                       theme.ellipsize(line, KEY, WIDTH - 2 * MARGIN - 8), KEY, INK, anchor="lm")
    if not businesses:
        theme.draw_legend(draw, (MARGIN + 4, y + LINE_H // 2), tr("none yet"), 24, MUTED, anchor="lm")
    y += LINE_H * max(1, len(businesses))
    if offers:
        draw_offers(draw, offers, seats, y + 6)
    return image
