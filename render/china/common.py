"""What every China picture shares: sizes, the region cards' colours, a card, the title band."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.china.text import colour_word
from render import theme
from render.theme import INK, RGB

WIDTH = 1200
MARGIN = 20
GAP = 12
TITLE_H = 76  # the title band of every China picture: title and status
KEY = 28  # space numbers, dragons, names, counts, the last move: the theme's key minimum
CAPTION = 24  # legends and captions: 2% of the width
HAND_KEY = 24  # the key minimum on the 1000 px-wide hand and final pictures
LEAD_BACK: RGB = (255, 243, 205)
LAST_H = 48  # the line under the title band's title: the last move

# Region cards: strong colours, each with its colour's name written on it, so colour is never the only cue.
CARD_FILL: dict[str, RGB] = {
    "red": (196, 58, 48),
    "yellow": (232, 192, 40),
    "green": (56, 146, 72),
    "orange": (236, 128, 28),
    "purple": (124, 68, 160),
}


def card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: str, size: int = KEY) -> None:
    """A region card: its colour, with the colour's name (so colour is never the only cue)."""
    fill = CARD_FILL[colour]
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=3)
    if size:  # 0: a plain swatch (a count is written on it instead)
        ink = INK if colour in ("yellow", "orange") else theme.WHITE
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        theme.draw_key(draw, (cx, cy), colour_word(colour).capitalize(), size, ink, anchor="mm", bold=True)


def draw_header(image: Image.Image, title: str, status: str, last: str | None = None) -> None:
    """The title band: title and status, and under them the last move when given."""
    draw = ImageDraw.Draw(image)
    height = TITLE_H + LAST_H if last is not None else TITLE_H
    draw.rectangle((0, 0, image.width, height), fill=theme.HEADER)
    mid = TITLE_H // 2
    theme.draw_key(draw, (MARGIN, mid), title, 36, theme.HEADER_INK, anchor="lm", bold=True)
    left = MARGIN + theme.text_width(title, 36, bold=True) + 28
    theme.draw_key(draw, (image.width - MARGIN, mid),
                   theme.ellipsize(status, 30, image.width - MARGIN - left, bold=True), 30, theme.HEADER_INK,
                   anchor="rm", bold=True)
    if last is not None:
        theme.draw_key(draw, (MARGIN, TITLE_H + 14), theme.ellipsize(last, KEY, image.width - 2 * MARGIN), KEY,
                       theme.HEADER_INK, anchor="lm")
