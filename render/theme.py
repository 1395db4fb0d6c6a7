"""The shared look of every Middle Kingdom picture: palette, player marks, fonts and drawing helpers.

Every game renderer draws through these helpers so the four games look like one bot. Small pieces that
repeat (badges, tokens) are drawn once at 4x and cached, because Pillow's shapes are not antialiased.

Legibility is enforced here: most players see a picture about 400 px wide on a phone, so what a player
reads to decide (``draw_key``, key tokens) must be at least 28 px on a 1200 px-wide picture, legends
(``draw_legend``) 24 px and a player's badge 45 px (its letter 24 px), each scaled to the picture's width.
Asking for less raises ``Illegible``. So no text a picture draws is under 2% of its width (``PHONE``: 8 px
on a 400 px phone): the legibility tests audit every label of every game against it.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image, ImageDraw, ImageFont

from bot.games.base.language import mark, tr, trp
from render import fonts, leaving

if TYPE_CHECKING:
    from bot.games.base import ResultView

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
Shape = Literal["circle", "square", "triangle", "diamond", "hexagon"]
Font = ImageFont.FreeTypeFont

# -- palette --------------------------------------------------------------------------------------
BACKGROUND: RGB = (238, 229, 208)  # warm paper
PANEL: RGB = (251, 247, 238)
PANEL_EDGE: RGB = (190, 170, 132)
INK: RGB = (38, 34, 32)
MUTED: RGB = (120, 110, 98)
WHITE: RGB = (255, 255, 255)
HEADER: RGB = (120, 30, 28)  # lacquer red band
HEADER_INK: RGB = (252, 240, 214)
CLOSED: RGB = (200, 196, 188)
CLOSED_INK: RGB = (132, 126, 118)
# Highlights use hues that are not player colours, so a highlight never reads as "belongs to Red".
ACCENT: RGB = (204, 60, 170)  # the last move (reddish purple)
LEAD: RGB = (255, 214, 90)  # a leader's progress box and the player to move
LEAD_EDGE: RGB = (150, 105, 0)
NOBLE: RGB = (110, 60, 150)
TOKEN: RGB = (250, 236, 190)  # face-up marker / coin
TOKEN_EDGE: RGB = (130, 90, 30)
TOKEN_BACK: RGB = (140, 100, 50)  # face-down marker

BADGE_OUTLINE: RGB = INK


@dataclass(frozen=True)
class PlayerStyle:
    """How one player looks: a colour plus a letter and a shape, so colour is never the only cue."""

    colour: str  # the game's colour key, e.g. "BLUE"
    english: str  # "Blue": the message of its name
    fill: RGB
    ink: RGB  # text drawn on ``fill``
    letter: str
    shape: Shape

    @property
    def name(self) -> str:
        """The colour's name for people, in the language in force."""
        return tr(self.english)


def _ink_on(fill: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``fill`` (WCAG relative luminance)."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * channel(fill[0]) + 0.7152 * channel(fill[1]) + 0.0722 * channel(fill[2])
    return INK if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else WHITE


def _style(colour: str, name: str, fill: RGB, letter: str, shape: Shape) -> PlayerStyle:
    return PlayerStyle(colour, name, fill, _ink_on(fill), letter, shape)


# Okabe-Ito-like hues, tuned so every pair stays apart under simulated protanopia, deuteranopia and
# tritanopia (tests/render/test_theme.py checks it). Grey is "K" (the printer's key, dark grey) because G
# is Green's.
PLAYER_STYLES: dict[str, PlayerStyle] = {
    s.colour: s
    for s in (
        _style("BLUE", mark("Blue"), (40, 70, 170), "B", "circle"),
        _style("GREEN", mark("Green"), (0, 170, 100), "G", "square"),
        _style("RED", mark("Red"), (213, 94, 0), "R", "triangle"),
        _style("GREY", mark("Grey"), (80, 80, 80), "K", "diamond"),
        _style("YELLOW", mark("Yellow"), (240, 228, 66), "Y", "hexagon"),
    )
}
SEAT_ORDER: tuple[str, ...] = tuple(PLAYER_STYLES)


def player_style(colour: str) -> PlayerStyle:
    """The style for a colour key; raises KeyError naming the known colours."""
    try:
        return PLAYER_STYLES[colour]
    except KeyError:
        raise KeyError(f"unknown player colour {colour!r}; known: {', '.join(SEAT_ORDER)}") from None


# -- legibility ----------------------------------------------------------------------------------
REFERENCE_WIDTH = 1200  # the minimums below are for a picture this wide
Role = Literal["key", "legend", "mark"]
MINIMUM: dict[Role, int] = {
    "key": 28,  # numbers and labels a player decides by: spaces, lots, values, scores, money, the last move
    "legend": 24,  # legends, captions, tags, scales: 2% of the width
    "mark": 45,  # a player's badge (its letter is 0.54-0.6 of it: 24 px and more, 2% of the width)
}
PHONE = 2  # percent of a picture's width: no text a player reads is smaller (8 px on a 400 px-wide phone)
BADGE_LETTER = 0.6  # a badge's letter, as a share of its diameter (nine tenths of it in a triangle's room)


class Illegible(ValueError):
    """A label or badge asked for below the minimum of its role on a picture of its width."""


@dataclass(frozen=True)
class Label:
    """One checked label as drawn: its role, text, size in px and the width of its picture."""

    role: Role
    text: str
    px: float
    width: int


_audit: ContextVar[list[Label] | None] = ContextVar("legibility_audit", default=None)


def minimum(role: Role, width: int) -> int:
    """The smallest size in px a ``role`` label may have on a picture ``width`` px wide."""
    return math.ceil(MINIMUM[role] * width / REFERENCE_WIDTH)


def phone_minimum(width: int) -> int:
    """The smallest text in px, 2% of a ``width`` px picture, that a phone still shows legibly."""
    return math.ceil(PHONE * width / 100)


def text_px(label: Label) -> float:
    """The size of the text a checked label draws: a badge's is its letter's (its text is its colour)."""
    return label.px * letter_share(label.text) if label.role == "mark" else label.px


def letter_share(colour: str) -> float:
    """A badge's letter size as a share of its diameter."""
    return BADGE_LETTER * (0.9 if player_style(colour).shape == "triangle" else 1)


def require(role: Role, px: float, width: int, text: str = "") -> None:
    """Refuse (``Illegible``) a ``role`` label of ``px`` px on a ``width`` px picture below the minimum."""
    floor = minimum(role, width)
    if px < floor:
        raise Illegible(f"{role} label {text!r} at {px:g} px on a {width} px-wide picture: the minimum is {floor} px")
    labels = _audit.get()
    if labels is not None:
        labels.append(Label(role, text, px, width))


@contextmanager
def _collecting(found: ContextVar[list[Any] | None]) -> Iterator[list[Any]]:
    """A fresh list in ``found`` for the block (what the drawing inside appends to), the outer one after."""
    items: list[Any] = []
    token = found.set(items)
    try:
        yield items
    finally:
        found.reset(token)


def audit() -> AbstractContextManager[list[Label]]:
    """Collect every checked label drawn inside the block (the legibility tests read them)."""
    return _collecting(_audit)


@dataclass(frozen=True)
class Clipped:
    """A text whose drawn extent runs past its picture's edge: its text, box and the picture's size."""

    text: str
    box: tuple[int, int, int, int]
    size: tuple[int, int]


_clipping: ContextVar[list[Clipped] | None] = ContextVar("clipping_audit", default=None)


def clipping() -> AbstractContextManager[list[Clipped]]:
    """Collect every text drawn inside the block that runs past its picture's edge, cut off where a player
    would read it (the tests fail on any). Not checked outside: a cut label is not worth a lost board."""
    return _collecting(_clipping)


@dataclass(frozen=True)
class Shortened:
    """A text ``ellipsize`` cut with "…" to fit: the whole text and what was drawn."""

    text: str
    shown: str


_shortening: ContextVar[list[Shortened] | None] = ContextVar("shortening_audit", default=None)


def shortening() -> AbstractContextManager[list[Shortened]]:
    """Collect every text ``ellipsize`` shortens inside the block (the tests compare languages with it)."""
    return _collecting(_shortening)


Mark = Literal["badge", "token", "pill", "marker"]


@dataclass(frozen=True, eq=False)
class Drawn:
    """A text or a mark (a player's badge, a token, a pill, a /rules marker) as drawn on ``surface`` (a picture's
    or a layer's pixels): its box there and its coverage (``mask``, the box's size). A text drawn as part of a
    mark (a pill's words) names it in ``of``."""

    kind: Literal["text"] | Mark
    text: str
    box: Box
    mask: Image.Image
    surface: object
    of: Drawn | None = None


@dataclass(frozen=True)
class Pasted:
    """A layer (a cached map) pasted on ``surface`` at ``offset``: what was drawn on it lies there too."""

    layer: object
    surface: object
    offset: tuple[int, int]


@dataclass(frozen=True)
class Finished:
    """The surface a picture was made from (``to_png``)."""

    surface: object


_drawing: ContextVar[list[Drawn | Pasted | Finished] | None] = ContextVar("drawing_audit", default=None)
_drawing_mark: ContextVar[Drawn | None] = ContextVar("drawing_mark", default=None)


def drawing() -> AbstractContextManager[list[Drawn | Pasted | Finished]]:
    """Collect where every text and mark drawn inside the block lies, each layer pasted and each picture made
    (the tests check that no mark covers a text with it)."""
    return _collecting(_drawing)


def _record(item: Drawn | Pasted | Finished) -> None:
    found = _drawing.get()
    if found is not None:
        found.append(item)


# -- fonts and text -------------------------------------------------------------------------------
def font(size: int, bold: bool = False) -> Font:
    """Noto Sans at ``size`` px, regular or bold (the face that draws ASCII text; other scripts go through
    ``render.fonts``' chain, which ``draw_text`` and ``text_width`` follow)."""
    return fonts.load(fonts.PRIMARY, size, fonts.BOLD if bold else fonts.REGULAR)


def _face(face: fonts.Face, size: int, bold: bool) -> Font:
    return fonts.load(face, size, fonts.BOLD if bold else fonts.REGULAR)


def printable(text: str) -> str:
    """``text`` as a picture shows it: control and invisible format characters dropped (a font would draw
    them as boxes) and white space made single spaces. Every letter, accent, script and emoji is kept."""
    kept = "".join(ch for ch in text if ch == fonts.ZWJ or unicodedata.category(ch) not in _INVISIBLE)
    return " ".join(kept.split())


_INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn")


def text_width(text: str, size: int, bold: bool = False) -> int:
    """The advance of ``text`` as ``draw_text`` sets it, run by run."""
    if text.isascii():  # Noto Sans alone: skip the runs (ellipsize measures many one-off prefixes)
        return int(font(size, bold).getlength(text))
    return int(sum(_face(face, size, bold).getlength(run) for run, face in fonts.runs(text)))


def ellipsize(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut with "…" so it fits ``max_width`` px (never inside an accented letter or emoji)."""
    if text_width(text, size, bold) <= max_width:
        return text
    pieces = fonts.clusters(text)
    # The longest prefix that fits with "…", found by halving: a long status line is cut in ~6 measures.
    fits, too_long = 0, len(pieces)
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if text_width("".join(pieces[:mid]) + "…", size, bold) <= max_width:
            fits = mid
        else:
            too_long = mid
    shown = "".join(pieces[:fits]).rstrip() + "…"
    cut = _shortening.get()
    if cut is not None:
        cut.append(Shortened(text, shown))
    return shown


def wrap(text: str, size: int, room: int, *, bold: bool = False, most: int | None = None) -> list[str]:
    """``text`` on as many lines as it needs to fit ``room`` px (at most ``most``, the last one cut with "…"),
    broken at spaces and, in Chinese or Japanese, between characters (never before a closing mark)."""
    pieces = fonts.clusters(text)
    lines: list[str] = []
    start = 0
    while start < len(pieces):
        last = most is not None and len(lines) == most - 1
        if last or text_width("".join(pieces[start:]), size, bold) <= room:
            lines.append(ellipsize("".join(pieces[start:]).strip(), size, room, bold))
            break
        end, fitted = start, start
        while end < len(pieces) and text_width("".join(pieces[start:end + 1]).rstrip(), size, bold) <= room:
            end += 1
            if _breaks_after(pieces, end):
                fitted = end
        if fitted == start:  # a word longer than a line: shortened with "…", never broken inside
            fitted = next(end for end in range(start + 1, len(pieces) + 1) if _breaks_after(pieces, end))
        lines.append(ellipsize("".join(pieces[start:fitted]).strip(), size, room, bold))
        start = fitted
    return lines


_CLOSING = set("、。，．・：；？！）」』】〕ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ")


def _breaks_after(pieces: Sequence[str], end: int) -> bool:
    """Whether a line may end after ``pieces[end - 1]``: after a space, or between two wide characters unless
    the next is one a line may not start with."""
    if end >= len(pieces):
        return True
    before, after = pieces[end - 1], pieces[end]
    if after == " ":
        return False
    if before == " ":
        return True
    wide = unicodedata.east_asian_width(before[0]) in "WF" or unicodedata.east_asian_width(after[0]) in "WF"
    return wide and after[0] not in _CLOSING


def _stroke(size: int) -> int:
    return max(1, size // 22)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    *,
    anchor: str = "la",
    bold: bool = False,
    outline: RGB | None = None,
    role: Role | None = None,
) -> None:
    """Text at ``xy`` (Pillow anchors, e.g. "mm" = centred). ``outline`` draws a halo for busy backgrounds;
    ``role`` first refuses a size under that role's minimum for the picture (``require``)."""
    if role is not None:
        require(role, size, draw.im.size[0], text)
    if outline is not None:
        _stamp(draw, xy, text, size, bold, outline, anchor, _stroke(size) + 2)
    _stamp(draw, xy, text, size, bold, fill, anchor, 0)


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool, anchor: str, stroke: int) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a coverage mask, with its offset from the anchor point. A board draws the
    same numbers and names after every move, and rendering the glyphs was most of a picture's text time."""
    runs = fonts.runs(text)
    if len(runs) <= 1:  # one face: Pillow places the anchor itself
        face = _face(runs[0][1] if runs else fonts.PRIMARY, size, bold)
        box = face.getbbox(text, anchor=anchor, stroke_width=stroke)
        left, top, right, bottom = math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3])
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
        ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor, stroke_width=stroke)
        return mask, left, top
    return _mask_of_runs(runs, size, bold, anchor, stroke)


def _mask_of_runs(runs: tuple[tuple[str, fonts.Face], ...], size: int, bold: bool, anchor: str,
                  stroke: int) -> tuple[Image.Image, int, int]:
    """Runs in several faces set on one baseline, each after the last one's advance; the anchor is placed as
    Pillow places it for one face, by Noto Sans' ascender and descender lines (so a name in any script sits
    on the same line as the words around it)."""
    placed: list[tuple[str, Font, float]] = []
    pen = 0.0
    for run, face in runs:
        loaded = _face(face, size, bold)
        placed.append((run, loaded, pen))
        pen += loaded.getlength(run)
    boxes = [loaded.getbbox(run, anchor="ls", stroke_width=stroke) for run, loaded, _ in placed]
    left = math.floor(min(x + box[0] for (_, _, x), box in zip(placed, boxes, strict=True)))
    top = math.floor(min(box[1] for box in boxes))
    right = math.ceil(max(x + box[2] for (_, _, x), box in zip(placed, boxes, strict=True)))
    bottom = math.ceil(max(box[3] for box in boxes))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    pen_draw = ImageDraw.Draw(mask)
    for run, loaded, x in placed:
        pen_draw.text((x - left, -top), run, font=loaded, fill=255, anchor="ls", stroke_width=stroke)
    ascent, descent = font(size, bold).getmetrics()
    ax = {"l": 0.0, "m": pen / 2, "r": pen}[anchor[0]]
    ay = {"a": -ascent, "t": top, "m": (descent - ascent) / 2, "s": 0, "b": bottom, "d": descent}[anchor[1]]
    return mask, left - round(ax), top - round(ay)


def _stamp(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool, colour: RGB,
           anchor: str, stroke: int) -> None:
    mask, dx, dy = _mask(text, size, bold, anchor, stroke)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    found = _clipping.get()
    if found is not None:
        width, height = draw.im.size
        if x < 0 or y < 0 or x + mask.width > width or y + mask.height > height:
            found.append(Clipped(text, (x, y, x + mask.width, y + mask.height), (width, height)))
    if stroke == 0:  # the letters, not their halo
        _record(Drawn("text", text, (x, y, x + mask.width, y + mask.height), mask, draw.im, _drawing_mark.get()))
    draw.bitmap((x, y), mask, fill=colour)


# What a player decides by, and legends, captions and tags: each refuses a size under its minimum for the picture.
draw_key = partial(draw_text, role="key")
draw_legend = partial(draw_text, role="legend")


def panel(
    draw: ImageDraw.ImageDraw, box: Box, fill: RGB = PANEL, outline: RGB | None = PANEL_EDGE, width: int = 2,
    radius: int = 14,
) -> None:
    """A rounded panel; every framed area in every game uses it."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


# -- shapes, badges and tokens --------------------------------------------------------------------
SUPERSAMPLE = 4


def shape_points(shape: Shape, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The polygon of a badge shape of outer radius ``r`` (a circle gives its bounding square)."""
    if shape == "circle":
        return [(cx - r, cy - r), (cx + r, cy + r)]
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r, cy + r * 0.9), (cx - r, cy + r * 0.9)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    # hexagon, flat top
    h = r * 0.866
    return [(cx - r, cy), (cx - r / 2, cy - h), (cx + r / 2, cy - h), (cx + r, cy), (cx + r / 2, cy + h),
            (cx - r / 2, cy + h)]


def _draw_shape(draw: ImageDraw.ImageDraw, shape: Shape, cx: float, cy: float, r: float, fill: RGB,
                outline: RGB, width: int) -> None:
    points = shape_points(shape, cx, cy, r)
    if shape == "circle":
        draw.ellipse((points[0], points[1]), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(points, fill=fill, outline=outline, width=width)


# The letter on each colour's badge in the picture being drawn: its player's initial, so a player wears the
# same letter in every game whatever colour they get. The Seats naming the picture's players sets it (a
# picture is drawn start to end in one context: asyncio.to_thread copies it); unnamed seats show their
# colour's letter.
_badge_letters: ContextVar[tuple[tuple[str, str], ...]] = ContextVar("badge_letters", default=())


def initial(name: str) -> str:
    """A name's badge letter: its first letter or digit, upper case where that is one letter ("" if none)."""
    first = next((ch for ch in printable(name) if ch.isalnum()), "")
    return first.upper() if len(first.upper()) == 1 else first


def badge_letter(colour: str) -> str:
    return dict(_badge_letters.get()).get(colour) or player_style(colour).letter


@lru_cache(maxsize=128)
def badge(colour: str, diameter: int, letter: str | None = None) -> Image.Image:
    """A player's badge (shape in their colour, their letter inside), RGBA, ``diameter`` px square."""
    style = player_style(colour)
    big = diameter * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    c = big / 2
    _draw_shape(draw, style.shape, c, c, c - SUPERSAMPLE, style.fill, BADGE_OUTLINE, 2 * SUPERSAMPLE)
    # A triangle's centre of mass sits low: nudge the letter down into its room.
    letter_y = c + big * 0.16 if style.shape == "triangle" else c
    letter_size = int(big * letter_share(colour))
    draw_text(draw, (c, letter_y), letter or style.letter, letter_size, style.ink, anchor="mm", bold=True)
    return image.resize((diameter, diameter), Image.Resampling.LANCZOS)


def token_label_px(label: str, diameter: int) -> float:
    """The size in px at which ``token`` writes ``label`` on a token ``diameter`` px wide."""
    ratio = 0.6 if len(label) < 2 else 0.5 if len(label) == 2 else 0.4
    return int(diameter * SUPERSAMPLE * ratio) / SUPERSAMPLE


@lru_cache(maxsize=256)
def token(label: str, diameter: int, fill: RGB = TOKEN, edge: RGB = TOKEN_EDGE, ink: RGB = INK) -> Image.Image:
    """A round token (a scoring marker, a coin) with ``label`` centred, RGBA."""
    big = diameter * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    pad = SUPERSAMPLE
    draw.ellipse((pad, pad, big - pad, big - pad), fill=fill, outline=edge, width=3 * SUPERSAMPLE)
    inner = max(4, round(diameter * 0.12)) * SUPERSAMPLE  # the inner ring leaves the label its room
    draw.ellipse((inner, inner, big - inner, big - inner), outline=edge, width=SUPERSAMPLE)
    if label:
        size = round(token_label_px(label, diameter) * SUPERSAMPLE)
        draw_text(draw, (big / 2, big / 2), label, size, ink, anchor="mm", bold=True)
    return image.resize((diameter, diameter), Image.Resampling.LANCZOS)


def paste(canvas: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA tile with its own transparency."""
    canvas.paste(tile, xy, tile if tile.mode == "RGBA" else None)


def paste_centered(canvas: Image.Image, tile: Image.Image, center: tuple[float, float]) -> None:
    paste(canvas, tile, (round(center[0] - tile.width / 2), round(center[1] - tile.height / 2)))


def paste_mark(canvas: Image.Image, kind: Mark, text: str, tile: Image.Image, center: tuple[float, float]) -> None:
    """An RGBA mark (a badge, a token, a /rules marker) centred on ``center``, where no text may be under it."""
    xy = (round(center[0] - tile.width / 2), round(center[1] - tile.height / 2))
    paste(canvas, tile, xy)
    _record(Drawn(kind, text, (*xy, xy[0] + tile.width, xy[1] + tile.height), tile.getchannel("A"), canvas.im))


def paste_layer(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int]) -> None:
    """A drawn layer (a cached map, a title band) pasted at ``xy``."""
    canvas.paste(layer, xy)
    _record(Pasted(layer.im, canvas.im, xy))


def draw_badge(canvas: Image.Image, colour: str, center: tuple[float, float], diameter: int) -> None:
    """A player's badge; refuses one under the mark minimum, where letter and shape stop reading."""
    require("mark", diameter, canvas.width, colour)
    paste_mark(canvas, "badge", colour, badge(colour, diameter, badge_letter(colour)), center)


def draw_token(canvas: Image.Image, label: str, diameter: int, center: tuple[float, float], fill: RGB = TOKEN,
               edge: RGB = TOKEN_EDGE, ink: RGB = INK, *, key: bool = True) -> None:
    """A token whose label a player decides by (a legend when ``key`` is False); refuses a label too small."""
    if label:
        require("key" if key else "legend", token_label_px(label, diameter), canvas.width, label)
    paste_mark(canvas, "token", label, token(label, diameter, fill, edge, ink), center)


def draw_tokens(canvas: Image.Image, labels: list[str], x: int, mid: int, size: int, max_width: int,
                fill: RGB = TOKEN, edge: RGB = TOKEN_EDGE, ink: RGB = INK, *, key: bool = True) -> None:
    """A row of tokens from ``x``, centred on ``mid``; they overlap evenly when ``max_width`` is short."""
    if not labels:
        return
    step = size + 4
    if len(labels) > 1 and (len(labels) - 1) * step + size > max_width:
        step = max(size // 3, (max_width - size) // (len(labels) - 1))
    for i, label in enumerate(labels):
        draw_token(canvas, label, size, (x + size // 2 + i * step, mid), fill, edge, ink, key=key)


def pill_width(text: str, size: int) -> int:
    """The width ``draw_pill`` gives a pill of ``text`` at ``size`` px."""
    return text_width(text, size, bold=True) + size + 8


def draw_pill(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int, fill: RGB, ink: RGB,
              *, centered: bool = False) -> int:
    """A rounded label (a banner, a tab) whose left edge (or centre) is at ``xy``; returns its width. Its
    text is a legend: refused under the legend minimum."""
    require("legend", size, draw.im.size[0], text)
    width = pill_width(text, size)
    height = size + 10
    x, y = xy
    left = x - width // 2 if centered else x
    box = (left, y - height // 2, left + width, y + height // 2)
    draw.rounded_rectangle(box, radius=height // 2, fill=fill)
    pill = None
    if _drawing.get() is not None:
        shape = Image.new("L", (width + 1, box[3] - box[1] + 1))
        ImageDraw.Draw(shape).rounded_rectangle((0, 0, width, box[3] - box[1]), radius=height // 2, fill=255)
        pill = Drawn("pill", text, (box[0], box[1], box[2] + 1, box[3] + 1), shape, draw.im)
        _record(pill)
    within = _drawing_mark.set(pill)  # its words are its own, not a text it covers
    try:
        draw_text(draw, (left + width / 2, y), text, size, ink, anchor="mm", bold=True)
    finally:
        _drawing_mark.reset(within)
    return width


@lru_cache(maxsize=8)
def title_band(width: int, height: int) -> Image.Image:
    """The lacquer title band every picture opens with, a crenellated wall line along its bottom (cached)."""
    band = Image.new("RGB", (width, height), HEADER)
    draw = ImageDraw.Draw(band)
    dark = (96, 22, 20)
    draw.rectangle((0, height - 8, width, height), fill=dark)
    for x in range(0, width, 28):
        draw.rectangle((x, height - 16, x + 14, height - 8), fill=dark)
    return band


def ordinal(n: int) -> str:
    """A place, "1st", "2nd", "11th", in the language in force (one message per English ending)."""
    ending = 0 if 10 <= n % 100 <= 20 else n % 10
    if ending == 1:
        return trp("place", "{n}st", n=n)
    if ending == 2:
        return trp("place", "{n}nd", n=n)
    if ending == 3:
        return trp("place", "{n}rd", n=n)
    return trp("place", "{n}th", n=n)


# -- canvas and output ----------------------------------------------------------------------------
def canvas(width: int, height: int) -> Image.Image:
    """A fresh picture on the shared background. Made anew each time: filling one is quicker than copying a
    kept one, and pictures come in many heights (keeping 32 of them held ~100 MB in each picture process)."""
    return Image.new("RGB", (width, height), BACKGROUND)


def to_png(image: Image.Image) -> bytes:
    """PNG bytes, quantized to a 256-colour palette without dithering: flat art stays crisp and a busy
    board is ~100 kB instead of ~300 kB. zlib level 3: on China's 1200 x 1500 board it encodes in ~12 ms
    instead of ~25 ms at the default 6, for ~15% more bytes (far under Discord's limits); ``optimize``
    would save ~5% more and triple the time."""
    _record(Finished(image.im))
    rgb = image if image.mode == "RGB" else image.convert("RGB")  # convert() would copy even an RGB image
    quantized = rgb.quantize(palette=_palette(rgb), dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantized.save(out, format="PNG", compress_level=3)
    return out.getvalue()


# A palette chosen from every SAMPLE-th pixel each way of a big picture: the art is flat, so the sample has
# its colours (measured on every game's board and hand: the same mean error per pixel as a palette chosen
# from every pixel, and quantizing takes half the time: it was a quarter of the bot's CPU per move).
SAMPLE = 3
SAMPLED_FROM = 250_000  # pixels; a smaller picture's palette is chosen from all of them


def _palette(rgb: Image.Image) -> Image.Image:
    width, height = rgb.size
    sample = rgb
    if width * height >= SAMPLED_FROM:
        sample = rgb.resize((width // SAMPLE, height // SAMPLE), Image.Resampling.NEAREST)
    return sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


class Seats:
    """How a picture names and colours seats: seat s wears ``colours[s]``'s style and is called by its given
    name (made printable, and cut to ``name_width`` pixels at 26 px when given), else by its colour."""

    def __init__(self, colours: Sequence[str], names: Sequence[str] | None, name_width: int | None = None) -> None:
        self.colours = list(colours)
        given = [printable(n) for n in names] if names is not None else []
        self.given = [ellipsize(n, 26, name_width) for n in given] if name_width is not None else given
        # Badges follow the player, not the colour: this picture's badges show its players' initials.
        _badge_letters.set(tuple((c, initial(n)) for c, n in zip(self.colours, given, strict=False) if initial(n)))

    @classmethod
    def in_order(cls, count: int, names: Sequence[str] | None) -> Seats:
        """Seat s in the s-th style of SEAT_ORDER (games whose view names no colours)."""
        return cls(SEAT_ORDER[:count], names)

    def colour(self, seat: int) -> str:
        return self.colours[seat]

    def fill(self, seat: int) -> RGB:
        return player_style(self.colours[seat]).fill

    def name(self, seat: int) -> str:
        if seat < len(self.given) and self.given[seat]:
            return self.given[seat]
        return player_style(self.colours[seat]).name

    def names(self) -> list[str]:
        return [self.name(s) for s in range(len(self.colours))]


def place_row(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, seats: Seats, seat: int, place: int,
    player: Mapping[str, Any], lead_back: RGB, *, name_size: int, name_width: int,
) -> int:
    """A final ranking's row: its panel (greyed for a player who left play, ``lead_back`` for a winner), the
    place, the seat's badge and its name above the row's middle; the middle, for the numbers beside them."""
    if player["resigned"]:
        panel(draw, box, fill=CLOSED, outline=CLOSED_INK)
    else:
        panel(draw, box, fill=lead_back if place == 1 else PANEL)
    mid = box[1] + (box[3] - box[1]) // 2
    draw_key(draw, (box[0] + 16, mid), ordinal(place), 32, INK, anchor="lm", bold=True)
    draw_badge(image, seats.colour(seat), (box[0] + 110, mid), 48)
    name = ellipsize(leaving.ranked_name(seats.name(seat), player), name_size, name_width, bold=True)
    draw_key(draw, (box[0] + 148, mid - name_size * 5 // 8), name, name_size, INK, anchor="lm", bold=True)
    return mid


def finished(result: ResultView | None) -> ResultView:
    """A view's ``result``, which only a finished game has: ValueError before the end."""
    if result is None:
        raise ValueError("this needs a finished game's view")
    return result


def standing(result: ResultView) -> tuple[list[int], list[dict[str, Any]], list[int]]:
    """A finished game's ranking (each seat's place), breakdown (each seat's parts) and its seats from first
    place to last (ties by seat)."""
    ranking = result["ranking"]
    parts = result["breakdown"]
    return ranking, parts, sorted(range(len(ranking)), key=lambda s: (ranking[s], s))
