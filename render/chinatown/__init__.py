"""Pictures of Chinatown (Hartwig), drawn from a view (``bot/games/chinatown/schema.py``) only.

``board`` is the public table (for the game's thread), ``hand`` one player's private picture (for a DM or
an ephemeral reply), ``final`` the final ranking. ``names[seat]`` labels players when given; otherwise
they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import theme
from render.chinatown import alt_text, crops
from render.chinatown.callouts import callouts
from render.chinatown.common import WIDTH, Seats
from render.chinatown.private import draw_hand
from render.chinatown.scores import draw_final
from render.chinatown.table import draw_board
from render.game import CloseUp, GamePictures

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView


def board(view: ChinatownView, names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field (dealt cards, keep choice, batch, others' cash)."""
    return theme.to_png(draw_board(view, Seats.in_order(view["num_players"], names)))


def hand(view: ChinatownView, names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: cash, dealt Building cards, tiles, lots, businesses and offers."""
    if view["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(view, Seats.in_order(view["num_players"], names)))


def final(view: ChinatownView, names: Sequence[str] | None = None) -> bytes:
    """Final ranking: cash (start, income, trades), shops on the board for the tie-break."""
    if view["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(view, Seats.in_order(view["num_players"], names)))


PICTURES: GamePictures[ChinatownView] = GamePictures(
    board=board,
    hand=hand,
    final=final,
    seat_colours=alt_text.seat_colours,
    board_words=alt_text.board,
    hand_words=alt_text.hand,
    final_words=alt_text.final,
    callouts=callouts,
    close_ups={"lots": CloseUp(crops.lots, alt_text.close_up, crops.samples)},
)


__all__ = ["PICTURES", "WIDTH", "board", "final", "hand"]
