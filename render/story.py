"""The pictures of a finished game's story: its score chart and the timelapse of its public board.

Drawn in the picture processes (``bot.pictures``), so every function here is a module-level function of
plain, picklable data; the words come in already said (``bot/story.py`` tells the story from the move log,
in the language in force, and hands each drawing its data):

- ``score_chart(ScoreChart)``: PNG bytes, each player's line over the turns with the scorings marked;
- ``frame(key, view, names, caption)``: one frame of the timelapse, the public board exactly as the thread
  showed it (``render.board``), scaled to ``FRAME_WIDTH`` under a band saying which turn it is;
- ``animation(frames, durations)``: the frames as an animated WebP (a GIF where this Pillow cannot write
  WebP) under ``LIMIT`` bytes: lower quality, then smaller frames, then every other frame, until it fits.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, features

from render import board, theme

FRAME_WIDTH = 800  # px: a phone shows it at full width; the board's words stay at the phone minimum's share
BAND = 56  # px: the band above each frame that says its turn
BAND_TEXT = 28
LIMIT = 8_000_000  # bytes: Discord's default upload limit (8 MB), with room to spare
QUALITIES = (70, 50, 35)  # WebP qualities tried in turn
SMALLER = 600  # px: the frames' width once the lowest quality is still too big
MARKERS = 24  # at most this many markers on a line: more would merge into a band at 1,200 px
FLAT = 4  # scores spread over fewer points than this are drawn on this many
LINE, LAYER = 4.0, 1.5  # px: the top line's width, and how much wider each line under it is
WEBP = b"RIFF"
GIF = b"GIF8"


@dataclass(frozen=True)
class ScoreChart:
    """What the score chart shows, said already in the language of its reader."""

    title: str
    y_caption: str
    x_caption: str
    names: tuple[str, ...]  # by seat, as the legend says them
    colours: tuple[str, ...]  # by seat, as the board pictures draw them
    scores: tuple[tuple[int, ...], ...]  # scores[turn][seat], turn 0 the start
    notes: tuple[tuple[int, str], ...]  # (turn, the scoring's short name)


def score_chart(chart: ScoreChart) -> bytes:
    """The score chart as PNG bytes: a line per player over the turns (its colour and shape), a dashed line
    and a name at each scoring, the players' badges in the legend."""
    turns = range(len(chart.scores))
    players = len(chart.colours)
    # Players level with each other share a line: each seat's markers stand on turns of their own, and each
    # line is drawn a little thinner than the one under it, so that every colour and shape still shows.
    every = max(players, math.ceil(len(chart.scores) / MARKERS))
    # matplotlib when a chart is drawn, not with this module: the bot's own process imports it (render.story's
    # words and sizes) and never draws one (as render.stats).
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    from render import plotting
    theme.Seats(chart.colours, chart.names)  # the legend's badges show the players' initials, as the boards do
    with plotting.chart() as (figure, axes):
        for seat, colour in enumerate(chart.colours):
            series = [row[seat] for row in chart.scores]
            marked = sorted({*range(seat % every, len(series), every), len(series) - 1})
            style = plotting.style(colour) | {"linewidth": LINE + LAYER * (players - 1 - seat)}
            axes.plot(turns, series, markevery=marked, **style)
        axes.set_xlim(-0.5, max(1, len(chart.scores) - 1) + 0.5)
        low, high = min(min(row) for row in chart.scores), max(max(row) for row in chart.scores)
        if high - low < FLAT:  # nearly level scores: whole numbers around them, not tenths of a point
            axes.set_ylim(low - 0.5, low + FLAT + 0.5)
        axes.xaxis.set_major_locator(MaxNLocator(nbins=8, integer=True))
        axes.yaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
        axes.yaxis.set_major_formatter(FuncFormatter(_thousands))
        legend = [plotting.Key(name, colour) for name, colour in zip(chart.names, chart.colours, strict=True)]
        return plotting.png(figure, title=chart.title, legend=legend, x_caption=chart.x_caption,
                            y_caption=chart.y_caption, notes=[(float(turn), text) for turn, text in chart.notes])


def _thousands(value: float, _position: int) -> str:
    return f"{value:,.0f}"


def frame(key: str, view: Mapping[str, Any], names: Sequence[str], caption: str) -> bytes:
    """One frame of the timelapse as PNG bytes: ``caption`` in a band, then the public board of ``view`` as
    ``render.board`` draws it for the thread, scaled to ``FRAME_WIDTH``."""
    with Image.open(io.BytesIO(board(key, view, names))) as drawn:
        scaled = scale(drawn.convert("RGB"), FRAME_WIDTH)
    picture = theme.canvas(FRAME_WIDTH, BAND + scaled.height)
    picture.paste(theme.title_band(FRAME_WIDTH, BAND), (0, 0))
    draw = ImageDraw.Draw(picture)
    shown = theme.ellipsize(caption, BAND_TEXT, FRAME_WIDTH - 32, True)
    theme.draw_text(draw, (16, BAND // 2 - 4), shown, BAND_TEXT, theme.HEADER_INK, anchor="lm", bold=True)
    picture.paste(scaled, (0, BAND))
    return theme.to_png(picture)


def scale(picture: Image.Image, width: int) -> Image.Image:
    """``picture`` at ``width`` px wide, its proportions kept (how a frame shows the board)."""
    height = max(1, round(picture.height * width / picture.width))
    return picture.resize((width, height), Image.Resampling.LANCZOS)


def animation(frames: Sequence[bytes], durations: Sequence[int]) -> bytes:
    """The frames (PNG bytes, ``durations[i]`` ms each) as one looping animation under ``LIMIT`` bytes: an
    animated WebP, or a GIF where this Pillow has no WebP. Frames of different heights are set on the
    background, top-aligned. Too big at the lowest quality: smaller frames, then every other frame (the last
    one always kept, each kept frame shown for the time of those it stands for)."""
    if not frames or len(frames) != len(durations):
        raise ValueError("an animation needs frames, each with its duration")
    pictures = [_opened(data) for data in frames]
    timing = list(durations)
    width = FRAME_WIDTH
    qualities: tuple[int | None, ...] = QUALITIES if features.check("webp") else (None,)  # a GIF has no quality
    while True:
        for quality in qualities:
            data = _encoded(pictures, timing, quality)
            if len(data) <= LIMIT:
                return data
        if width > SMALLER:
            width = SMALLER
            pictures = [scale(p, width) for p in pictures]
        elif len(pictures) > 1:
            pictures, timing = _halved(pictures, timing)
        else:
            raise ValueError("a single frame does not fit the upload limit")


def _opened(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as picture:
        return picture.convert("RGB")


def _halved(pictures: list[Image.Image], timing: list[int]) -> tuple[list[Image.Image], list[int]]:
    """Every other frame and the last, each shown as long as the frames it stands for."""
    kept = sorted({*range(0, len(pictures), 2), len(pictures) - 1})
    bounds = [*kept[1:], len(pictures)]
    return [pictures[i] for i in kept], [sum(timing[i:end]) for i, end in zip(kept, bounds, strict=True)]


def _encoded(pictures: list[Image.Image], timing: list[int], quality: int | None) -> bytes:
    """WebP at ``quality``; None: GIF."""
    height = max(p.height for p in pictures)
    width = pictures[0].width
    even = [p if p.height == height else _padded(p, width, height) for p in pictures]
    out = io.BytesIO()
    if quality is not None:
        even[0].save(out, format="WEBP", save_all=True, append_images=even[1:], duration=timing, loop=0,
                     quality=quality, method=2)
    else:  # a Pillow built without libwebp: GIF, 256 colours a frame
        even[0].save(out, format="GIF", save_all=True, append_images=even[1:], duration=timing, loop=0,
                     optimize=False, disposal=1)
    return out.getvalue()


def _padded(picture: Image.Image, width: int, height: int) -> Image.Image:
    padded = theme.canvas(width, height)
    padded.paste(picture, (0, 0))
    return padded


def made_as() -> str:
    """The extension of the animations this Pillow makes: "webp", or "gif" where it has no WebP."""
    return "webp" if features.check("webp") else "gif"


def extension(animation_bytes: bytes) -> str:
    """The file extension of an animation made by ``animation``: "webp" or "gif"."""
    if animation_bytes[:4] == WEBP:
        return "webp"
    if animation_bytes[:4] == GIF:
        return "gif"
    raise ValueError("not an animation made here")


def frame_count(animation_bytes: bytes) -> int:
    """How many frames an animation holds (what its alt text says it shows)."""
    with Image.open(io.BytesIO(animation_bytes)) as picture:
        return int(getattr(picture, "n_frames", 1))
