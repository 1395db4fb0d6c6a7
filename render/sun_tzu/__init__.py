"""Pictures of Sun Tzu, drawn from a view (``bot/games/sun_tzu/schema.py``) only.

``board`` is the public table: the score track, the five provinces (screens, armies, 6-marks, this
round's revealed cards) and both players. It reads public fields only, so a seat's own view draws the
same board as the public view. ``hand`` is one player's private picture (hand, face-down assignment,
drawn cards, warlords); ``final`` the result. ``names[seat]`` labels players, else their colour. The
drawing is ``drawing.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from render.game import CloseUp, GamePictures, drawn
from render.sun_tzu import alt_text, crops
from render.sun_tzu.callouts import callouts
from render.sun_tzu.drawing import WIDTH, Seats, draw_board, draw_final, draw_hand

if TYPE_CHECKING:
    from bot.games.sun_tzu.schema import SunTzuView


PICTURES: GamePictures[SunTzuView] = drawn(
    draw_board, draw_hand, draw_final, seats=Seats, words=alt_text, callouts=callouts,
    close_ups={"provinces": CloseUp(crops.provinces, alt_text.close_up, crops.samples)},
)
board, hand, final = PICTURES.board, PICTURES.hand, PICTURES.final


__all__ = ["PICTURES", "WIDTH", "board", "final", "hand"]
