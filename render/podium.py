"""A finished tournament's podium as a picture: the first three ranks on steps of three heights (first in the
middle, second on its left, third on its right), each step with its place written on it, its players' names
above it and, where the format counts them, their tournament points. A shared rank stands on one step.

Pure: a ``Podium`` (``bot/tournaments/bracket.py``), names and a title in, PNG bytes or alt text out.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageDraw

from bot.games.base.language import tr, trn
from bot.tournaments.bracket import Podium, PodiumStep
from render import theme
from render.alt_text.words import LIMIT, clean_name, fit, join
from render.bracket import player_name
from render.standings import number

WIDTH = 1200
TITLE_H = 76
STEP_W = 340
STEP_GAP = 20
STEP_H = {1: 230, 2: 170, 3: 120}
# Where each rank stands: first in the middle, second to its left, third to its right.
STEP_X = {1: WIDTH / 2, 2: WIDTH / 2 - STEP_W - STEP_GAP, 3: WIDTH / 2 + STEP_W + STEP_GAP}
FILL = {1: theme.LEAD, 2: (206, 208, 214), 3: (214, 152, 96)}
NAME = 34
NAME_ROW = 46
POINTS = 28
PLACE = 64
SHOWN = 3  # names on one step; more are counted
MARGIN = 36


def _names(step: PodiumStep, names: Mapping[int, str]) -> list[str]:
    shown = [player_name(p, names) for p in step.players]
    if len(shown) > SHOWN:
        rest = len(shown) - (SHOWN - 1)
        shown = [*shown[: SHOWN - 1], trn("and {n} more", "and {n} more", rest)]
    return shown


def points_text(points: float) -> str:
    shown = number(points)
    return trn("{points} point", "{points} points", 1 if shown == "1" else 2, points=shown)


def _stack(step: PodiumStep, names: Mapping[int, str]) -> float:
    """The height of the words above a step."""
    return len(_names(step, names)) * NAME_ROW + (POINTS + 12 if step.points is not None else 0) + 16


def podium(data: Podium, names: Mapping[int, str], title: str) -> bytes:
    """The podium as PNG; ``names`` maps player ids to names, ``title`` heads the picture."""
    steps = [s for s in data.steps if s.rank in STEP_H]
    top = TITLE_H + MARGIN
    base = top + max((_stack(s, names) + STEP_H[s.rank] for s in steps), default=STEP_H[1])
    image = theme.canvas(WIDTH, int(base + MARGIN))
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(WIDTH, TITLE_H), (0, 0))
    heading = theme.ellipsize(theme.printable(title) or tr("Podium"), 34, WIDTH - 2 * MARGIN, bold=True)
    theme.draw_key(draw, (MARGIN, TITLE_H // 2 - 4), heading, 34, theme.HEADER_INK, anchor="lm", bold=True)
    draw.line([(MARGIN, base), (WIDTH - MARGIN, base)], fill=theme.PANEL_EDGE, width=4)
    for step in steps:
        centre, height = STEP_X[step.rank], STEP_H[step.rank]
        box = (round(centre - STEP_W / 2), round(base - height), round(centre + STEP_W / 2), round(base))
        theme.panel(draw, box, fill=FILL[step.rank], outline=theme.INK, width=3, radius=12)
        theme.draw_key(draw, (centre, base - height / 2), theme.ordinal(step.rank), PLACE, theme.INK, anchor="mm",
                       bold=True)
        y = base - height - 16
        if step.points is not None:
            theme.draw_legend(draw, (centre, y), points_text(step.points), POINTS, theme.MUTED, anchor="md")
            y -= POINTS + 12
        for name in reversed(_names(step, names)):
            shown = theme.ellipsize(name, NAME, STEP_W - 16, bold=True)
            theme.draw_key(draw, (centre, y), shown, NAME, theme.INK, anchor="md", bold=True)
            y -= NAME_ROW
    return theme.to_png(image)


def podium_words(data: Podium, names: Mapping[int, str], title: str) -> str:
    """The podium's alt text: each rank, its players and their points."""
    sentences = [tr("Podium: {title}.", title=clean_name(title))]
    for step in data.steps:
        players = join([clean_name(player_name(p, names)) for p in step.players])
        if step.points is None:
            sentences.append(tr("{place}: {players}.", place=theme.ordinal(step.rank), players=players))
        else:
            sentences.append(tr("{place}: {players} ({points}).", place=theme.ordinal(step.rank), players=players,
                                points=points_text(step.points)))
    return fit(sentences, LIMIT)


__all__ = ["podium", "podium_words", "points_text"]
