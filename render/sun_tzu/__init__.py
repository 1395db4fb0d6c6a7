"""Pictures of Sun Tzu, drawn from a view (``bot/games/sun_tzu/schema.py``) only.

``board`` is the public table: the score track, the five provinces (screens, armies, 6-marks, this
round's revealed cards) and both players. It reads public fields only, so a seat's own view draws the
same board as the public view. ``hand`` is one player's private picture (hand, face-down assignment,
drawn cards, warlords); ``final`` the result. ``names[seat]`` labels players, else their colour. The
drawing is ``drawing.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import theme
from render.game import CloseUp, GamePictures
from render.sun_tzu import alt_text, crops
from render.sun_tzu.callouts import callouts
from render.sun_tzu.drawing import WIDTH, Seats, draw_board, draw_final, draw_hand

if TYPE_CHECKING:
    from bot.games.sun_tzu.schema import SunTzuView


def board(view: SunTzuView, names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG; reads no private field, so any seat's view draws the same board."""
    return theme.to_png(draw_board(view, Seats(view, names)))


def hand(view: SunTzuView, names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: hand, face-down cards, drawn cards and secret warlords."""
    if view["viewer"] is None or view["hand"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(view, Seats(view, names)))


def final(view: SunTzuView, names: Sequence[str] | None = None) -> bytes:
    """The result: places, final marker per player, points of each scoring, reserves."""
    if view["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(view, Seats(view, names)))


PICTURES: GamePictures[SunTzuView] = GamePictures(
    board=board,
    hand=hand,
    final=final,
    seat_colours=alt_text.seat_colours,
    board_words=alt_text.board,
    hand_words=alt_text.hand,
    final_words=alt_text.final,
    callouts=callouts,
    close_ups={"provinces": CloseUp(crops.provinces, alt_text.close_up, crops.samples)},
)


__all__ = ["PICTURES", "WIDTH", "board", "final", "hand"]
