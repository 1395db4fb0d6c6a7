"""Chinatown's close-up: the districts of the lots in question, those lots ringed and the others faded, with
the shop legend beside them; without lots, every district. A seat's own view adds the shops it has built
in secret this year (simultaneous building), since what it builds next joins them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import tr, trn
from bot.games.base.words import join
from bot.games.chinatown.data import BOARD, LOT_COUNT
from render import theme
from render.chinatown import table
from render.chinatown.common import WIDTH
from render.chinatown.lots import draw_lot
from render.crops import frame
from render.game import Part
from render.theme import Seats

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView, LotView

PAD = 26  # the district's number token sits on its frame's corner
RING = 4  # px outside a lot, in the street: where the board rings the last move's lots too
LEGEND_X = table.SIDE_X - 6


def lots_of(part: Sequence[int | str]) -> list[int]:
    """The lots a focus names (1-85, sorted); ValueError for anything else."""
    if not all(isinstance(lot, int) and 1 <= lot <= LOT_COUNT for lot in part):
        raise ValueError(f"Chinatown lots are 1-{LOT_COUNT}; got {list(part)!r}")
    return sorted({int(lot) for lot in part})


def districts_of(lots: Sequence[int]) -> list[int]:
    return sorted({BOARD.district_of[lot] for lot in lots}) or list(range(1, 7))


def caption(lots: Sequence[int]) -> str:
    """ "District 3: lots 17, 18 and 23 (ringed)"."""
    if not lots:
        return tr("Chinatown: every district")
    listed = join([str(lot) for lot in lots])
    where = districts_of(lots)
    if len(where) == 1:
        return trn("District {district} · lot {lots} (ringed)", "District {district} · lots {lots} (ringed)", len(lots),
                   district=where[0], lots=listed)
    return trn("Lot {lots} (ringed)", "Lots {lots} (ringed)", len(lots), lots=listed)


def lots(view: ChinatownView, names: Sequence[str] | None, part: Sequence[int | str]) -> Image.Image:
    chosen = lots_of(part)
    seats = Seats.in_order(view["num_players"], names)
    whole = table.map_picture(view, seats)
    draw = ImageDraw.Draw(whole)
    for placed in view["batch"] or ():  # the viewer's own shops, built in secret, as they will stand
        lot: LotView = {**view["lots"][placed["lot"] - 1], "tile": placed["tile"]}
        draw_lot(whole, draw, lot, table.lot_box(placed["lot"]), seats)
    frames = [table.district_frame(n) for n in districts_of(chosen)]
    box = frame.window(frame.union(frames), (0, 0, LEGEND_X, whole.height), PAD, min_width=0)
    close = whole.crop(box)
    if chosen:
        rings = [frame.shifted(frame.box_polygon(table.lot_box(lot), RING), box) for lot in chosen]
        close = frame.spotlight(close, rings)
    # The shop legend (codes and names) beside the districts: the codes on the lots read without the board.
    legend = whole.crop((LEGEND_X, 0, WIDTH, min(whole.height, table.legend_bottom())))
    body = theme.canvas(close.width + legend.width, max(close.height, legend.height))
    body.paste(close, (0, 0))
    body.paste(legend, (close.width, 0))
    return frame.banded(body, caption(chosen))


def samples(view: ChinatownView) -> list[Part]:
    """Three lots at a time from across the board, ringed, as a trade or a placement asks for them."""
    numbers = [lot["lot"] for lot in view["lots"]]
    return [tuple(numbers[start:start + 3]) for start in range(0, len(numbers), 15)]
