"""Pictures of China (Schacht), drawn from a view (``bot/games/china/schema.py``) only.

``board`` is the public table (``table.py``: the last placement, the map, the dragons panel, the cards on
the table and the players), ``hand`` one player's private picture, ``final`` the final scores.
``names[seat]`` labels players when given; otherwise they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render.china import alt_text, crops
from render.china.callouts import callouts
from render.china.common import WIDTH
from render.china.private import draw_hand
from render.china.scores import draw_final
from render.china.table import draw_board
from render.game import CloseUp, GamePictures, drawn
from render.theme import Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView


def seats_in_order(view: ChinaView, names: Sequence[str] | None) -> Seats:
    return Seats.in_order(view["num_players"], names)


PICTURES: GamePictures[ChinaView] = drawn(
    draw_board, draw_hand, draw_final, seats=seats_in_order, words=alt_text, callouts=callouts,
    close_ups={"region": CloseUp(crops.region, alt_text.close_up, crops.samples)},
)
board, hand, final = PICTURES.board, PICTURES.hand, PICTURES.final


__all__ = ["PICTURES", "WIDTH", "board", "final", "hand"]
