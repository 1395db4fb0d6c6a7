"""Annotated pictures for ``/rules``: numbered markers on a board and, under it, a legend numbering the same
texts.

``annotate(png, callouts)`` is pure (PNG bytes in, PNG bytes out) and knows no game. ``callouts(key, view,
size)`` says where to point on a game's public board; each game writes its own (``render/<key>/callouts.py``)
from its renderers' geometry (band heights, panel sizes, map transforms, lot layouts), so the markers
follow the layout. Markers are kept inside the picture.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import theme

MARKER = 52  # px on a 1200 px-wide picture: as large as a player's badge, so it reads on a phone
LEGEND_SIZE = 28  # the key size: the legend is what the picture is for
LEGEND_LINE = 48
MARKER_FILL: theme.RGB = (24, 24, 28)  # near black with a white ring: no player's colour, reads on every panel
SUPERSAMPLE = 4


@dataclass(frozen=True)
class Callout:
    """A point on the picture (px) and the words its number stands for in the legend."""

    x: float
    y: float
    text: str


def annotate(png: bytes, callouts: Sequence[Callout]) -> bytes:
    """``png`` with callout n drawn as marker n+1 at its point, and a legend band under the picture."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    width = board.width
    diameter = round(MARKER * width / theme.REFERENCE_WIDTH)
    size = max(theme.minimum("key", width), round(LEGEND_SIZE * width / theme.REFERENCE_WIDTH))
    line = round(LEGEND_LINE * width / theme.REFERENCE_WIDTH)
    pad = round(20 * width / theme.REFERENCE_WIDTH)
    image = theme.canvas(width, board.height + 2 * pad + line * len(callouts))
    theme.paste_layer(image, board, (0, 0))
    half = diameter / 2 + 2
    for number, callout in enumerate(callouts, start=1):
        x = min(max(callout.x, half), width - half)
        y = min(max(callout.y, half), board.height - half)
        theme.paste_mark(image, "marker", str(number), marker(str(number), diameter), (x, y))
    draw = ImageDraw.Draw(image)
    top = board.height
    draw.rectangle((0, top, width, image.height), fill=theme.PANEL)
    draw.line((0, top, width, top), fill=theme.PANEL_EDGE, width=3)
    small = round(diameter * 0.8)
    for i, callout in enumerate(callouts):
        mid = top + pad + line * i + line // 2
        theme.paste_mark(image, "marker", str(i + 1), marker(str(i + 1), small), (pad + small / 2, mid))
        left = pad + small + pad // 2
        text = theme.ellipsize(theme.printable(callout.text), size, width - left - pad)
        theme.draw_key(draw, (left, mid), text, size, theme.INK, anchor="lm")
    return theme.to_png(image)


def marker(label: str, diameter: int) -> Image.Image:
    """A round numbered marker, RGBA: a white ring around a dark disc, drawn large then reduced (smooth)."""
    big = diameter * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, big - 1, big - 1), fill=MARKER_FILL)
    ring = round(big * 0.07)
    draw.ellipse((ring, ring, big - 1 - ring, big - 1 - ring), fill=theme.WHITE)
    inner = round(big * 0.14)
    draw.ellipse((inner, inner, big - 1 - inner, big - 1 - inner), fill=MARKER_FILL)
    text_size = round(big * 0.5)
    theme.draw_text(draw, (big / 2, big / 2), label, text_size, theme.WHITE, anchor="mm", bold=True)
    return image.resize((diameter, diameter), Image.Resampling.LANCZOS)


# -- what the games' callouts share ----------------------------------------------------------------------
def after_title(title: str, size: int, margin: int, mid: float) -> tuple[float, float]:
    """Just right of a left-aligned title in a title band, where the band is empty."""
    return margin + theme.text_width(title, size, bold=True) + MARKER * 0.75, mid
