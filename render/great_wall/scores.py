"""Final scores: one row per player in ranking order with their markers, total and markers lost on cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from bot.games.base.language import mark, tr
from render import leaving, theme
from render.great_wall.geometry import GAP, MARGIN, WIDTH
from render.great_wall.players import LEAD_BACK, Seats, ended_on_time
from render.theme import INK, MUTED, PANEL, Box

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView

TITLE_H = 84
ROW_H = 124
REASONS = {"normal": "", "resignation": mark("ended by resignation")}
ON_TIME = mark("ended by running out of time")  # "resignation" when the last player to leave ran out of time


def draw_final(view: GreatWallView, seats: Seats) -> Image.Image:
    result = view["result"]
    assert result is not None  # checked by the public final()
    ranking = result["ranking"]
    breakdown = result["breakdown"]
    order = sorted(range(len(ranking)), key=lambda s: (ranking[s], s))
    image = theme.canvas(WIDTH, TITLE_H + GAP + len(order) * (ROW_H + GAP) + MARGIN)
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(WIDTH, TITLE_H), (0, 0))
    theme.draw_key(draw, (MARGIN + 8, 38), tr("Final scores"), 36, theme.HEADER_INK, anchor="lm", bold=True)
    reason = ON_TIME if ended_on_time(view) else REASONS.get(str(result["reason"]), str(result["reason"]))
    if reason:
        reason = tr(reason)
        theme.draw_legend(draw, (WIDTH - MARGIN - 4, 38), reason, 24, theme.HEADER_INK, anchor="rm")
    y = TITLE_H + GAP
    for seat in order:
        _draw_row(image, draw, seats, seat, ranking[seat], breakdown[seat], (MARGIN, y, WIDTH - MARGIN, y + ROW_H))
        y += ROW_H + GAP
    return image


def _draw_row(image: Image.Image, draw: ImageDraw.ImageDraw, seats: Seats, seat: int, place: int,
              detail: Mapping[str, Any], box: Box) -> None:
    """One seat's row. ``detail`` is its part of ``result["breakdown"]`` (bot/games/great_wall/scoring.py):
    markers (list[int]), total (int), lost_on_cards (list[int]: first markers still on this player's cards,
    which score nothing), resigned (bool), timed_out (bool: resigned by running out of time)."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) // 2
    winner = place == 1 and not detail["resigned"]
    theme.panel(draw, box, fill=LEAD_BACK if winner else PANEL,
                outline=theme.LEAD_EDGE if winner else theme.PANEL_EDGE, width=4 if winner else 2)
    theme.draw_key(draw, (x0 + 20, mid), theme.ordinal(place), 44, INK, anchor="lm", bold=True)
    theme.draw_badge(image, seats.colour(seat), (x0 + 150, mid), 56)
    colour_name = theme.player_style(seats.colour(seat)).name
    label = seats.name(seat)
    sub = ", ".join(part for part in (colour_name if label != colour_name else "", leaving.word(detail) or "") if part)
    theme.draw_key(draw, (x0 + 190, y0 + 40 if sub else mid), theme.ellipsize(label, 32, 260, bold=True), 32,
                   INK, anchor="lm", bold=True)
    if sub:
        theme.draw_legend(draw, (x0 + 190, y0 + 76), sub, 24, MUTED, anchor="lm")
    theme.draw_key(draw, (x1 - 24, mid), str(detail["total"]), 56, INK, anchor="rm", bold=True)
    x = x0 + 470
    lost = detail["lost_on_cards"]
    row_mid = y0 + 34 if lost else mid  # markers won, with the lost ones on a line below
    if detail["markers"]:
        theme.draw_tokens(image, [str(v) for v in detail["markers"]], x, row_mid, 50, x1 - 120 - x)
    else:
        theme.draw_legend(draw, (x, row_mid), tr("no markers"), 24, MUTED, anchor="lm")
    if lost:
        lost_text = tr("lost on cards:")
        theme.draw_legend(draw, (x, y0 + 88), lost_text, 24, MUTED, anchor="lm")
        lx = x + theme.text_width(lost_text, 24) + 8
        theme.draw_tokens(image, [str(v) for v in lost], lx, y0 + 88, 46, x1 - 120 - lx, theme.CLOSED,
                          theme.CLOSED_INK, MUTED)
