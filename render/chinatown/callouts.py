"""Chinatown's /rules callouts: where to point on the public board, from the renderer's own lot layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render.annotate import Callout, after_title
from render.chinatown import common, table

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView


def callouts(view: ChinatownView, size: tuple[int, int]) -> list[Callout]:
    margin = common.MARGIN
    map_top = common.HEADER_H + 4 + table.LAST_H
    lots = view["lots"]
    owned = next((lot["lot"] for lot in lots if lot["owner"] is not None and lot["tile"] is None), None)
    if owned is not None:
        spots = [(owned, tr("A lot a player owns: its number, in the owner's colour"))]
    else:
        spots = [(next((lot["lot"] for lot in lots if lot["owner"] is None), 1), tr("A lot and its number"))]
    built = next((lot["lot"] for lot in lots if lot["tile"] is not None), None)
    if built is not None:
        spots.append((built, tr("A shop, framed in its owner's colour; same shops side by side: a business")))
    found = [Callout(*after_title("Chinatown", 36, margin, common.HEADER_H / 2),
                   tr("The year, the phase and whom the game waits for"))]
    for lot, text in spots:
        _, y0, x1, _ = table._lot_box(lot, map_top)
        found.append(Callout(x1 - 4, y0 + 4, text))  # the top right corner: the number is top left
    # Above the shop legend, at the free right end of the "Last" line.
    found.append(Callout(table.SIDE_X + 24, map_top - 24, tr("The shop types and the size of a complete business")))
    players_top = map_top + table._map_height() + common.GAP
    found.append(Callout(margin + 260, players_top, tr("Each player: lots, shops, tiles in hand and income now")))
    return found
