"""What close-ups share: the caption band on top, the window cut from a bigger picture, and the spotlight
that fades everything around the part in question (still there, for its surroundings)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import theme
from render.theme import RGB, Box

BAND_H = 60
LINE_H = 38  # each further caption line
MAX_LINES = 3
CAPTION = 28  # the key size: the caption states the numbers a player decides by
MARGIN = 16
MIN_WIDTH = 480  # a close-up never narrower: its caption needs the room
FADE = 0.55  # how far the surroundings fade toward the background
OUTLINE: RGB = theme.LEAD_EDGE  # dark gold: not a player's colour, and not the last move's reddish purple
SUPER = 2  # outlines and masks are drawn at twice the size and reduced, so their edges are smooth

Point = tuple[float, float]


def banded(body: Image.Image, caption: str) -> Image.Image:
    """``body`` under a title band that says what it shows: the caption's " · " parts on as many lines as
    they need (at most MAX_LINES; the last one cut with "…" if even that is short)."""
    width = body.width
    lines = caption_lines(theme.printable(caption), width - 2 * MARGIN)
    band = BAND_H + LINE_H * (len(lines) - 1)
    image = theme.canvas(width, band + body.height)
    image.paste(theme.title_band(width, band), (0, 0))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        y = (BAND_H - 12) // 2 + i * LINE_H
        theme.draw_key(draw, (MARGIN, y), line, CAPTION, theme.HEADER_INK, anchor="lm", bold=True)
    image.paste(body, (0, band))
    return image


def caption_lines(caption: str, room: int) -> list[str]:
    lines: list[str] = []
    for part in caption.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and theme.text_width(joined, CAPTION, bold=True) <= room:
            lines[-1] = joined
        else:
            lines.append(part)
    kept = lines[:MAX_LINES]
    if len(lines) > MAX_LINES:
        kept[-1] += " …"
    return [theme.ellipsize(line, CAPTION, room, bold=True) for line in kept]


def bounds(points: Sequence[Point]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1


def union(boxes: Sequence[Box]) -> Box:
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def window(box: Box, limits: Box, pad: int, min_width: int = MIN_WIDTH) -> Box:
    """``box`` grown by ``pad`` and to ``min_width`` (evenly on both sides), kept inside ``limits``."""
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    short = min_width - (x1 - x0)
    if short > 0:
        x0, x1 = x0 - short // 2, x1 + short - short // 2
    lx0, ly0, lx1, ly1 = limits
    if x0 < lx0:
        x0, x1 = lx0, x1 + lx0 - x0
    if x1 > lx1:
        x0, x1 = x0 - (x1 - lx1), lx1
    return max(lx0, x0), max(ly0, y0), min(lx1, x1), min(ly1, y1)


def shifted(points: Sequence[Point], box: Box) -> list[Point]:
    return [(x - box[0], y - box[1]) for x, y in points]


def spotlight(image: Image.Image, polygons: Sequence[Sequence[Point]], *, outline: bool = True) -> Image.Image:
    """``image`` faded outside ``polygons`` (in its own coordinates), which keep their colours and get a dark
    gold outline: the part in question stands out, its surroundings still read."""
    faded = Image.blend(image, theme.canvas(image.width, image.height), FADE)
    big = (image.width * SUPER, image.height * SUPER)
    mask = Image.new("L", big, 0)
    draw = ImageDraw.Draw(mask)
    for polygon in polygons:
        draw.polygon([(x * SUPER, y * SUPER) for x, y in polygon], fill=255)
    out = Image.composite(image, faded, mask.reduce(SUPER))
    if outline:
        ring = Image.new("L", big, 0)
        ring_draw = ImageDraw.Draw(ring)
        for polygon in polygons:
            points = [(x * SUPER, y * SUPER) for x, y in polygon]
            ring_draw.line([*points, points[0]], fill=255, width=5 * SUPER, joint="curve")
        out.paste(OUTLINE, (0, 0, image.width, image.height), ring.reduce(SUPER))
    return out


def box_polygon(box: Box, pad: int = 0) -> list[Point]:
    x0, y0, x1, y1 = box
    return [(x0 - pad, y0 - pad), (x1 + pad, y0 - pad), (x1 + pad, y1 + pad), (x0 - pad, y1 + pad)]
