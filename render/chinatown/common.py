"""What every Chinatown picture shares: sizes, the shop codes and fills, who is who, the header band,
shop tiles and the list of offers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import mark, tr, trn
from bot.games.chinatown.data import Shop, shop_name
from bot.games.chinatown.text import offer_text, year_name
from render import theme
from render.theme import INK, RGB, Box

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView, OfferView

WIDTH = 1200
MARGIN = 20
GAP = 12
HEADER_H = 84
KEY = 28  # lot numbers, shop codes, money, tiles, offers, the last move: the theme's key minimum
CAPTION = 24  # captions and legends: the theme's legend minimum, 2% of the width
OFFER_H = 40
MAX_OFFERS = 5  # lines of open offers; the rest are counted (the thread has every one in full)

# A two-letter code on every tile, so colour is never the only cue; fills are light so codes stay legible.
SHOP_CODE: dict[str, str] = {
    "photo": "PH",
    "tea_house": "TE",
    "seafood": "SF",
    "jewellery": "JW",
    "tropical_fish": "FI",
    "florist": "FL",
    "take_out": "TO",
    "laundry": "LA",
    "dim_sum": "DS",
    "antiques": "AN",
    "factory": "FA",
    "restaurant": "RE",
}
SHOP_FILL: dict[str, RGB] = {
    "photo": (190, 214, 240),
    "tea_house": (200, 232, 190),
    "seafood": (170, 222, 226),
    "jewellery": (238, 214, 150),
    "tropical_fish": (150, 206, 236),
    "florist": (244, 196, 214),
    "take_out": (246, 200, 160),
    "laundry": (214, 220, 232),
    "dim_sum": (236, 226, 170),
    "antiques": (214, 192, 170),
    "factory": (196, 196, 196),
    "restaurant": (236, 170, 160),
}
LEAD_BACK: RGB = (255, 243, 205)


Seats = theme.Seats  # re-exported for the other chinatown modules


def money(amount: int | None) -> str:
    return "?" if amount is None else f"${amount:,}"


def year_label(view: ChinatownView) -> str:
    return tr("{year} · {year_name}", year=view["year"], year_name=year_name(view["zodiac"]))


def tile(draw: ImageDraw.ImageDraw, box: Box, shop: str, size: int, *, key: bool = True) -> None:
    """A shop tile with its code; ``key`` False for the legend's tiles (their names stand beside them)."""
    draw.rounded_rectangle(box, radius=6, fill=SHOP_FILL[shop], outline=INK, width=1)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    label = theme.draw_key if key else theme.draw_legend
    label(draw, centre, SHOP_CODE[shop], size, INK, anchor="mm", bold=True)


def open_offers(view: ChinatownView) -> list[OfferView]:
    return [offer for offer in view["offers"] if offer["status"] == "open"]


def draw_offers(draw: ImageDraw.ImageDraw, offers: list[OfferView], seats: Seats, top: int, width: int = WIDTH) -> int:
    if len(offers) > MAX_OFFERS:
        title = trn("Open offers (the newest is in the thread)", "Open offers (the {n} newest are in the thread)",
                    len(offers) - MAX_OFFERS)
    else:
        title = tr("Open offers")
    theme.draw_legend(draw, (MARGIN + 4, top + 16), title, 24, INK, anchor="lm", bold=True)
    y = top + 34
    for offer in offers[:MAX_OFFERS]:
        accepted = ", ".join(seats.name(s) for s in offer["accepted"])
        line = tr("#{offer}: {terms} (accepted: {players})", offer=offer["id"], terms=offer_text(offer, seats.names()),
                  players=accepted)
        theme.draw_key(draw, (MARGIN + 4, y + OFFER_H // 2), theme.ellipsize(line, KEY, width - 2 * MARGIN - 8),
                       KEY, INK, anchor="lm")
        y += OFFER_H
    return y


def offers_height(count: int) -> int:
    return 40 + OFFER_H * min(count, MAX_OFFERS) if count else 0


def last_move_text(view: ChinatownView, seats: Seats) -> str | None:
    """The last move in words ("Ann built Photo on lot 23"), or None before the first."""
    last = view["last_move"]
    if last is None:
        return None
    who, kind = seats.name(last["seat"]), last["kind"]
    offer = next((o for o in view["offers"] if o["id"] == last["offer"]), None)
    terms = offer_text(offer, seats.names()) if offer is not None else ""
    if kind == "place" and last["tile"] is not None:
        return tr("{player} built {shop} on lot {lot}", player=who, shop=shop_name(Shop(last["tile"])),
                  lot=last["lots"][0])
    if kind == "trade":
        return tr("trade done: {terms}", terms=terms) if terms else tr("a trade was done (ringed lots changed hands)")
    if kind == "resign" and view["players"][last["seat"]]["timed_out"]:  # a seat leaves once: this was it
        return tr("{player} ran out of time", player=who)
    if terms and kind in MOVES_WITH_TERMS:
        return tr(MOVES_WITH_TERMS[kind], player=who, terms=terms)
    if kind in MOVES:
        return tr(MOVES[kind], player=who)
    return f"{who} {kind.replace('_', ' ')}"


# The last move's words by kind ("{player} ..."); an offer's, with its terms when the picture's viewer sees them.
MOVES = {
    "keep": mark("{player} chose which lots to keep"),
    "lots_revealed": mark("{player} chose last: every kept lot is revealed (ringed)"),
    "end_turn": mark("{player} finished building"),
    "placements_revealed": mark("{player} finished last: every new shop is revealed (ringed)"),
    "ready": mark("{player} is done trading"),
    "not_ready": mark("{player} is trading again"),
    "offer_proposed": mark("{player} made an offer"),
    "offer_edited": mark("{player} changed an offer"),
    "offer_accepted": mark("{player} accepted an offer"),
    "offer_rejected": mark("{player} declined an offer"),
    "offer_cancelled": mark("{player} withdrew an offer"),
    "resign": mark("{player} resigned"),
}
MOVES_WITH_TERMS = {
    "offer_proposed": mark("{player} made an offer: {terms}"),
    "offer_edited": mark("{player} changed an offer: {terms}"),
    "offer_accepted": mark("{player} accepted an offer: {terms}"),
}


def draw_header(image: Image.Image, title: str, status: str) -> None:
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(image.width, HEADER_H), (0, 0))
    theme.draw_key(draw, (MARGIN, HEADER_H // 2 - 4), title, 36, theme.HEADER_INK, anchor="lm", bold=True)
    left = MARGIN + theme.text_width(title, 36, bold=True) + 28
    theme.draw_key(
        draw,
        (image.width - MARGIN, HEADER_H // 2 - 4),
        theme.ellipsize(status, 28, image.width - MARGIN - left, bold=True),
        28,
        theme.HEADER_INK,
        anchor="rm",
        bold=True,
    )


def section(draw: ImageDraw.ImageDraw, y: int, title: str) -> int:
    theme.draw_legend(draw, (MARGIN + 4, y + 18), title, 26, INK, anchor="lm", bold=True)
    return y + 42
