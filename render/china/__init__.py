"""Pictures of China (Schacht), drawn from a view (``bot/games/china/schema.py``) only.

``board`` is the public table (``table.py``: the last placement, the map, the dragons panel, the cards on
the table and the players), ``hand`` one player's private picture, ``final`` the final scores.
``names[seat]`` labels players when given; otherwise they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import theme
from render.china import alt_text, crops
from render.china.callouts import callouts
from render.china.common import WIDTH
from render.china.private import draw_hand
from render.china.scores import draw_final
from render.china.table import draw_board
from render.game import CloseUp, GamePictures
from render.theme import Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView


def board(view: ChinaView, names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field: a seat's own view gives the same picture."""
    return theme.to_png(draw_board(view, Seats.in_order(view["num_players"], names)))


def hand(view: ChinaView, names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: their cards (with the regions each pays for), supply and score."""
    if view["hand"] is None or view["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(view, Seats.in_order(view["num_players"], names)))


def final(view: ChinaView, names: Sequence[str] | None = None) -> bytes:
    """Final scores: places, totals and each player's regions, alliances, roads and pieces left."""
    if view["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(view, Seats.in_order(view["num_players"], names)))


PICTURES: GamePictures[ChinaView] = GamePictures(
    board=board,
    hand=hand,
    final=final,
    seat_colours=alt_text.seat_colours,
    board_words=alt_text.board,
    hand_words=alt_text.hand,
    final_words=alt_text.final,
    callouts=callouts,
    close_ups={"region": CloseUp(crops.region, alt_text.close_up, crops.samples)},
)


__all__ = ["PICTURES", "WIDTH", "board", "final", "hand"]
