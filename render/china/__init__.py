"""Pictures of China (Schacht), drawn from a view (``bot/games/china/schema.py``) only.

``board`` is the public table (``table.py``: the last placement, the map, the dragons panel, the cards on
the table and the players), ``hand`` one player's private picture, ``final`` the final scores.
``names[seat]`` labels players when given; otherwise they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from render import theme
from render.china.common import WIDTH
from render.china.private import draw_hand
from render.china.scores import draw_final
from render.china.table import draw_board
from render.theme import Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView


def board(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field: a seat's own view gives the same picture."""
    v = cast("ChinaView", view)
    return theme.to_png(draw_board(v, Seats.in_order(v["num_players"], names)))


def hand(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: their cards (with the regions each pays for), supply and score."""
    v = cast("ChinaView", view)
    if v["hand"] is None or v["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(v, Seats.in_order(v["num_players"], names)))


def final(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """Final scores: places, totals and each player's regions, alliances, roads and pieces left."""
    v = cast("ChinaView", view)
    if v["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(v, Seats.in_order(v["num_players"], names)))


__all__ = ["WIDTH", "board", "final", "hand"]
