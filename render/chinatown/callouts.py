"""Chinatown's /rules callouts: where to point on the public board, from the renderer's own lot layout. Each
marker lies where no text is: under the title, in an empty cell of a district beside the lot it explains, left
of the shop legend's heading, over the first player row's corner."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render import annotate
from render.annotate import Callout
from render.chinatown import common, table

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView, LotView


def callouts(view: ChinatownView, size: tuple[int, int]) -> list[Callout]:
    margin = common.MARGIN
    map_top = common.HEADER_H + 4 + table.LAST_H

    def spot(which: Callable[[LotView], bool]) -> tuple[int, int] | None:
        """Beside the first lot ``which`` picks that has an empty cell beside it."""
        return next((at for lot in view["lots"] if which(lot) and (at := table.beside(lot["lot"], map_top))), None)

    # Across the title band's lower edge, under the title: the status may fill the band's width.
    found = [Callout(margin + 6, common.HEADER_H - 4, tr("The year, the phase and whom the game waits for"))]
    if owned := spot(lambda lot: lot["owner"] is not None and lot["tile"] is None):
        found.append(Callout(*owned, tr("A lot a player owns: its number, in the owner's colour")))
    elif free := spot(lambda lot: lot["owner"] is None):
        found.append(Callout(*free, tr("A lot and its number")))
    if built := spot(lambda lot: lot["tile"] is not None):
        found.append(Callout(*built, tr("A shop, framed in its owner's colour; same shops side by side: a business")))
    # Left of the shop legend's heading, in the empty cells at the right of the first districts' row.
    found.append(Callout(table.SIDE_X - annotate.MARKER // 2 - 2, map_top + 40,
                         tr("The shop types and the size of a complete business")))
    players_top = map_top + table.map_height() + common.GAP
    found.append(Callout(margin + 8, players_top - 6, tr("Each player: lots, shops, tiles in hand and income now")))
    return found
