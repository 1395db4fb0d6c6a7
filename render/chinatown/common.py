"""What every Chinatown picture shares: sizes, the shop codes and fills, who is who, the header band,
shop tiles and the list of offers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.chinatown.text import offer_text
from render import theme
from render.theme import INK, RGB, Box

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView, OfferView

WIDTH = 1200
MARGIN = 20
GAP = 12
HEADER_H = 84
OFFER_H = 34
MAX_OFFERS = 6  # lines of open offers; the rest are counted

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
    return f"{view['year']} · Year of the {view['zodiac']}"


def tile(draw: ImageDraw.ImageDraw, box: Box, shop: str, size: int) -> None:
    draw.rounded_rectangle(box, radius=6, fill=SHOP_FILL[shop], outline=INK, width=1)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    theme.draw_text(draw, centre, SHOP_CODE[shop], size, INK, anchor="mm", bold=True)


def open_offers(view: ChinatownView) -> list[OfferView]:
    return [offer for offer in view["offers"] if offer["status"] == "open"]


def draw_offers(draw: ImageDraw.ImageDraw, offers: list[OfferView], seats: Seats, top: int, width: int = WIDTH) -> int:
    more = f" (the {len(offers) - MAX_OFFERS} newest not shown)" if len(offers) > MAX_OFFERS else ""
    theme.draw_text(draw, (MARGIN + 4, top + 14), f"Open offers{more}", 22, INK, anchor="lm", bold=True)
    y = top + 30
    for offer in offers[:MAX_OFFERS]:
        accepted = ", ".join(seats.name(s) for s in offer["accepted"])
        line = f"#{offer['id']} v{offer['version']}: {offer_text(offer, seats.names())} (accepted: {accepted})"
        theme.draw_text(
            draw,
            (MARGIN + 4, y + OFFER_H // 2),
            theme.ellipsize(line, 20, width - 2 * MARGIN - 8),
            20,
            INK,
            anchor="lm",
        )
        y += OFFER_H
    return y


def draw_header(image: Image.Image, title: str, status: str) -> None:
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(image.width, HEADER_H), (0, 0))
    theme.draw_text(draw, (MARGIN, HEADER_H // 2 - 4), title, 36, theme.HEADER_INK, anchor="lm", bold=True)
    left = MARGIN + theme.text_width(title, 36, bold=True) + 28
    theme.draw_text(
        draw,
        (image.width - MARGIN, HEADER_H // 2 - 4),
        theme.ellipsize(status, 28, image.width - MARGIN - left, bold=True),
        28,
        theme.HEADER_INK,
        anchor="rm",
        bold=True,
    )


def section(draw: ImageDraw.ImageDraw, y: int, title: str) -> int:
    theme.draw_text(draw, (MARGIN + 4, y + 16), title, 24, INK, anchor="lm", bold=True)
    return y + 40
