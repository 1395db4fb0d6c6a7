"""Pictures of Chinatown (Hartwig), drawn from a view (``bot/games/chinatown/schema.py``) only.

``board`` is the public table (for the game's thread), ``hand`` one player's private picture (for a DM or
an ephemeral reply), ``final`` the final ranking. ``names[seat]`` labels players when given; otherwise
they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render.chinatown import alt_text, crops
from render.chinatown.callouts import callouts
from render.chinatown.common import WIDTH, Seats
from render.chinatown.private import draw_hand
from render.chinatown.scores import draw_final
from render.chinatown.table import draw_board
from render.game import CloseUp, GamePictures, drawn

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView


def seats_in_order(view: ChinatownView, names: Sequence[str] | None) -> Seats:
    return Seats.in_order(view["num_players"], names)


PICTURES: GamePictures[ChinatownView] = drawn(
    draw_board, draw_hand, draw_final, seats=seats_in_order, words=alt_text, callouts=callouts,
    close_ups={"lots": CloseUp(crops.lots, alt_text.close_up, crops.samples)},
)
board, hand, final = PICTURES.board, PICTURES.hand, PICTURES.final


__all__ = ["PICTURES", "WIDTH", "board", "final", "hand"]
