"""Charts in the project's look: matplotlib (Agg) draws the plot, the pictures' own helpers draw the words.

Every chart (a game's score chart, a player's rating over time, a server's games per month) is drawn with
``chart()`` and ``png()``, in the picture processes like every other picture, never on the event loop.

Why words are not matplotlib's: our typefaces are variable fonts, and matplotlib draws a variable font only
at its default instance (Noto Sans CJK's is Thin, unreadable on a phone) and cannot make it bold. So
matplotlib draws lines, markers, grid and numeric ticks (ASCII, in Noto Sans Regular, the default instance),
and ``png()`` sets the title, the axis captions, the legend (each player's badge: colour, letter and shape)
and the notes at marked x positions with ``render.theme``, in any script, at the legibility minimum.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

import matplotlib

matplotlib.use("Agg")  # before pyplot is imported anywhere: no screen, and no GUI toolkit in a worker

from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image, ImageDraw

from render import fonts, theme

WIDTH = 1200  # px: every chart, as the board pictures' reference width
DPI = 100
TEXT = 28  # px: captions, legend and notes (2.3% of the width; the phone rule is 2%)
TICKS = 26  # px: the numbers along the axes
TITLE = 36
TITLE_BAND = 64
BADGE = theme.MINIMUM["mark"]  # a legend badge at the badge minimum: its letter stays legible
PAD = 24

_SHAPE_MARKERS: dict[str, str] = {"circle": "o", "square": "s", "triangle": "^", "diamond": "D", "hexagon": "h"}


@dataclass(frozen=True)
class Key:
    """One entry of a chart's legend: a player's colour (drawn as their badge) or None (a plain swatch)."""

    label: str
    colour: str | None = None
    swatch: theme.RGB = theme.MUTED


def points(px: float) -> float:
    """A size in px as matplotlib's points at ``DPI``."""
    return px * 72 / DPI


def hex_colour(rgb: theme.RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@cache
def _family() -> str:
    face = fonts.PRIMARY
    font_manager.fontManager.addfont(str(face.path))
    return str(font_manager.FontProperties(fname=str(face.path)).get_name())


def style(colour: str) -> dict[str, Any]:
    """Keyword arguments for ``Axes.plot``: the player's fill, their shape as the marker, an ink edge (yellow
    on paper needs one to be seen), a line thick enough for a phone."""
    player = theme.player_style(colour)
    return {
        "color": hex_colour(player.fill),
        "marker": _SHAPE_MARKERS[player.shape],
        "markersize": points(20),
        "markeredgecolor": hex_colour(theme.INK),
        "markeredgewidth": 1.4,
        "linewidth": 4,
    }


@contextmanager
def chart(height: int = 560) -> Iterator[tuple[Figure, Axes]]:
    """The plot body of a chart: ``WIDTH`` x ``height`` px, one set of axes in the project's look. Plot
    numbers only (tick labels are ASCII); ``png()`` adds the words."""
    rc: dict[str, Any] = {
        "font.family": [_family()],
        "font.size": points(TICKS),
        "xtick.labelsize": points(TICKS),
        "ytick.labelsize": points(TICKS),
        "xtick.color": hex_colour(theme.INK),
        "ytick.color": hex_colour(theme.INK),
        "axes.edgecolor": hex_colour(theme.PANEL_EDGE),
        "axes.facecolor": hex_colour(theme.PANEL),
        "figure.facecolor": hex_colour(theme.BACKGROUND),
        "axes.grid": True,
        "grid.color": hex_colour(theme.CLOSED),
        "grid.linewidth": 1.2,
        "axes.unicode_minus": False,
        "axes.spines.top": False,
        "axes.spines.right": False,
    }
    with matplotlib.rc_context(rc):  # type: ignore[arg-type]  # the stubs list keys as Literals
        # A Figure of its own, not pyplot's: no global registry of figures to leak in a long-lived worker.
        figure = Figure(figsize=(WIDTH / DPI, height / DPI), dpi=DPI, layout="constrained")
        FigureCanvasAgg(figure)
        yield figure, figure.add_subplot()


def png(
    figure: Figure,
    *,
    title: str,
    legend: Sequence[Key] = (),
    x_caption: str = "",
    y_caption: str = "",
    notes: Sequence[tuple[float, str]] = (),
) -> bytes:
    """The chart as PNG bytes: a title band, ``y_caption`` above the plot, the plot (with a dashed line and a
    note at each ``notes`` x, in data units; a note whose words would overlap those of the note after it shows
    its line only), ``x_caption`` under it and the legend under that."""
    axes = figure.axes[0]
    for x, _ in notes:
        axes.axvline(x, color=hex_colour(theme.ACCENT), linestyle="--", linewidth=2.5)
    if notes:  # room above the data for the notes' words
        low, high = axes.get_ylim()
        axes.set_ylim(low, high + (high - low) * 0.12)
    canvas = figure.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    canvas.draw()  # type: ignore[no-untyped-call,unused-ignore]
    pixels = canvas.buffer_rgba()  # type: ignore[no-untyped-call,unused-ignore]
    body = Image.frombuffer("RGBA", canvas.get_width_height(), pixels).convert("RGB")
    note_px = [(axes.transData.transform((x, 0))[0], text) for x, text in notes]
    top = axes.get_window_extent().y1  # display coordinates start at the bottom
    note_y = body.height - top + TEXT * 0.9

    caption_h = TEXT + PAD if y_caption else 0
    rows = _legend_rows(legend)
    legend_h = len(rows) * (BADGE + PAD // 2) + (PAD if rows else 0)
    x_caption_h = TEXT + PAD if x_caption else 0
    height = TITLE_BAND + PAD + caption_h + body.height + x_caption_h + legend_h
    picture = theme.canvas(WIDTH, height)
    picture.paste(theme.title_band(WIDTH, TITLE_BAND), (0, 0))
    draw = ImageDraw.Draw(picture)
    theme.draw_text(draw, (PAD, TITLE_BAND // 2 - 4), theme.ellipsize(title, TITLE, WIDTH - 2 * PAD, True), TITLE,
                    theme.HEADER_INK, anchor="lm", bold=True)
    y = TITLE_BAND + PAD
    if y_caption:
        theme.draw_text(draw, (PAD, y), theme.ellipsize(y_caption, TEXT, WIDTH - 2 * PAD), TEXT, theme.MUTED)
        y += caption_h
    picture.paste(body, (0, y))
    # From the right: the last note (often the final scoring) always shows its words; a note whose words would
    # overlap those of the note after it shows its line only.
    free = float(WIDTH)  # where the words of the note after this one begin
    for x, text in sorted(note_px, reverse=True):
        shown = theme.ellipsize(text, TEXT, 260, True)
        half = theme.text_width(shown, TEXT, True) / 2 + 6  # drawn bold, with a halo
        centre = min(max(x, half), WIDTH - half)
        if centre + half > free:
            continue
        theme.draw_text(draw, (centre, y + note_y), shown, TEXT, theme.ACCENT, anchor="mm", bold=True,
                        outline=theme.PANEL)
        free = centre - half
    y += body.height
    if x_caption:
        theme.draw_text(draw, (WIDTH // 2, y + 4), theme.ellipsize(x_caption, TEXT, WIDTH - 2 * PAD), TEXT,
                        theme.MUTED, anchor="ma")
        y += x_caption_h
    y += PAD // 2
    for row in rows:
        x = PAD
        for key, width in row:
            _draw_key(picture, draw, key, x, y + BADGE // 2)
            x += width
        y += BADGE + PAD // 2
    return theme.to_png(picture)


def _key_width(key: Key) -> int:
    return BADGE + 12 + theme.text_width(key.label, TEXT) + 2 * PAD


def _legend_rows(legend: Sequence[Key]) -> list[list[tuple[Key, int]]]:
    rows: list[list[tuple[Key, int]]] = []
    used = WIDTH
    for key in legend:
        width = min(_key_width(key), WIDTH - 2 * PAD)
        if used + width > WIDTH - 2 * PAD:
            rows.append([])
            used = 0
        rows[-1].append((key, width))
        used += width
    return rows


def _draw_key(picture: Image.Image, draw: ImageDraw.ImageDraw, key: Key, x: int, mid: int) -> None:
    diameter = BADGE
    if key.colour is not None:
        theme.draw_badge(picture, key.colour, (x + diameter / 2, mid), diameter)
    else:
        draw.rectangle((x, mid - diameter // 4, x + diameter, mid + diameter // 4), fill=key.swatch)
    room = WIDTH - x - diameter - 12 - PAD
    theme.draw_text(draw, (x + diameter + 12, mid), theme.ellipsize(key.label, TEXT, room), TEXT, anchor="lm")
