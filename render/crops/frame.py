"""What close-ups share: the caption band on top, the window cut from a bigger picture, and the spotlight
that fades everything around the part in question (still there, for its surroundings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
    out = image.point(_FADED)
    if not polygons:
        return out
    # Each polygon's mask is drawn over its own box only: the parts are small beside the picture, and masks of
    # the whole picture at SUPER size made this half of a close-up's drawing time. Each paste adds a polygon's
    # cover to what earlier ones left, so overlapping parts look as one.
    ring_pad = 3  # half the outline's width, and a pixel for the smoothing
    parts = [(polygon, box) for polygon in polygons if (box := _clipped(bounds(polygon), ring_pad, image.size))]
    for polygon, box in parts:
        inside = _mask(polygon, box, lambda draw, points: draw.polygon(points, fill=255))
        out.paste(image.crop(box), box, inside)
    for polygon, box in parts if outline else ():
        ring = _mask(polygon, box, lambda draw, points: draw.line(
            [*points, points[0]], fill=255, width=5 * SUPER, joint="curve"))
        out.paste(OUTLINE, box, ring)
    return out


# The fade as a table per channel: the same values as Image.blend with a plain background, in a third of the time.
_FADED = [int(v + FADE * (theme.BACKGROUND[c] - v)) for c in range(3) for v in range(256)]


def _clipped(box: Box, pad: int, size: tuple[int, int]) -> Box | None:
    x0, y0, x1, y1 = max(0, box[0] - pad), max(0, box[1] - pad), min(size[0], box[2] + pad), min(size[1], box[3] + pad)
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _mask(polygon: Sequence[Point], box: Box, paint: Callable[[ImageDraw.ImageDraw, list[Point]], None]) -> Image.Image:
    """A mask of ``box``'s size: what ``paint`` draws of ``polygon`` at SUPER size, reduced (smooth edges)."""
    x0, y0, x1, y1 = box
    mask = Image.new("L", ((x1 - x0) * SUPER, (y1 - y0) * SUPER), 0)
    paint(ImageDraw.Draw(mask), [((x - x0) * SUPER, (y - y0) * SUPER) for x, y in polygon])
    return mask.reduce(SUPER)


def box_polygon(box: Box, pad: int = 0) -> list[Point]:
    x0, y0, x1, y1 = box
    return [(x0 - pad, y0 - pad), (x1 + pad, y0 - pad), (x1 + pad, y1 + pad), (x0 - pad, y1 + pad)]
