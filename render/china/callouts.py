"""China's /rules callouts: where to point on the public board, from the renderer's own geometry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render.annotate import Callout, after_title
from render.china import board_map, common, table

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView


def callouts(view: ChinaView, size: tuple[int, int]) -> list[Callout]:
    _, height = size
    margin, map_top = common.MARGIN, table.HEADER_H + common.GAP
    board = board_map.map_data()
    # The region with the most emissaries shows a dragon at work; a free space elsewhere, a space.
    busiest = max(view["regions"], key=lambda r: (sum(r["emissaries"]), sum(r["houses"]), r["id"]))
    dragon = next(r["dragon_xy"] for r in board["regions"] if r["id"] == busiest["id"])
    dx, dy = board_map.point(dragon, map_top)
    free = next((s["id"] for s in view["spaces"] if s["house"] is None and s["region"] != busiest["id"]),
                view["spaces"][0]["id"])
    sx, sy = board_map.point(board["house_spaces"][free]["xy"], map_top)
    players_top = height - margin - table.PLAYER_H
    cards_top = players_top - common.GAP - table.CARDS_H
    return [
        Callout(*after_title("China", 36, margin, common.TITLE_H / 2),
                tr("Whose turn, what they must do now (right) and the last move (below)")),
        Callout(dx + board_map.DRAGON_R + 24, dy + 6,
                tr("A region's dragon: emissaries placed / allowed there")),
        Callout(sx + board_map.SPACE_R + 12, sy - board_map.SPACE_R - 8,
                tr("A free house space (a badge on a space is a player's house)")),
        # On the top edges of the panels, between their labels.
        Callout(margin + 460, cards_top, tr("The face-up cards and the deck you draw from")),
        Callout(margin + 250, players_top, tr("Each player: points, houses, emissaries, cards in hand")),
    ]
