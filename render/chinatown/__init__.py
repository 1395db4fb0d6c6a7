"""Pictures of Chinatown (Hartwig), drawn from a view (``bot/games/chinatown/schema.py``) only.

``board`` is the public table (for the game's thread), ``hand`` one player's private picture (for a DM or
an ephemeral reply), ``final`` the final ranking. ``names[seat]`` labels players when given; otherwise
they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from render import theme
from render.chinatown.common import WIDTH, Seats
from render.chinatown.private import draw_hand
from render.chinatown.scores import draw_final
from render.chinatown.table import draw_board

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView


def board(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field (dealt cards, keep choice, batch, others' cash)."""
    v = cast("ChinatownView", view)
    return theme.to_png(draw_board(v, Seats.in_order(v["num_players"], names)))


def hand(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: cash, dealt Building cards, tiles, lots, businesses and offers."""
    v = cast("ChinatownView", view)
    if v["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(v, Seats.in_order(v["num_players"], names)))


def final(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """Final ranking: cash (start, income, trades), shops on the board for the tie-break."""
    v = cast("ChinatownView", view)
    if v["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(v, Seats.in_order(v["num_players"], names)))


__all__ = ["WIDTH", "board", "final", "hand"]
