"""Pictures of The Great Wall of China, drawn from a view (``bot/games/great_wall/schema.py``) only.

``board`` is the public table (for the game's thread), ``hand`` one player's private cards (for a DM or
an ephemeral reply), ``final`` the scores at the end. ``names[seat]`` labels players when given;
otherwise they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from render import theme
from render.great_wall.players import seats_of
from render.great_wall.private import draw_hand
from render.great_wall.scores import draw_final
from render.great_wall.table import draw_board

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView


def board(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field (hand, deck composition); a seat's own view only adds
    that seat's marker values."""
    v = cast("GreatWallView", view)
    return theme.to_png(draw_board(v, seats_of(v, names)))


def hand(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: hand by type, remaining deck, markers and score."""
    v = cast("GreatWallView", view)
    if v["hand"] is None or v["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(v, seats_of(v, names)))


def final(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """Final scores: places, each player's markers and total, markers lost on cards."""
    v = cast("GreatWallView", view)
    if v["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(v, seats_of(v, names)))


__all__ = ["board", "final", "hand"]
