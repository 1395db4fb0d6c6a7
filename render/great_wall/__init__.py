"""Pictures of The Great Wall of China, drawn from a view (``bot/games/great_wall/schema.py``) only.

``board`` is the public table (for the game's thread), ``hand`` one player's private cards (for a DM or
an ephemeral reply), ``final`` the scores at the end. ``names[seat]`` labels players when given;
otherwise they are called by their colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import theme
from render.game import CloseUp, GamePictures
from render.great_wall import alt_text, crops
from render.great_wall.callouts import callouts
from render.great_wall.players import seats_of
from render.great_wall.private import draw_hand
from render.great_wall.scores import draw_final
from render.great_wall.table import draw_board

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView


def board(view: GreatWallView, names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field (hand, deck composition); a seat's own view only adds
    that seat's marker values."""
    return theme.to_png(draw_board(view, seats_of(view, names)))


def hand(view: GreatWallView, names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: hand by type, remaining deck, markers and score."""
    if view["hand"] is None or view["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(view, seats_of(view, names)))


def final(view: GreatWallView, names: Sequence[str] | None = None) -> bytes:
    """Final scores: places, each player's markers and total, markers lost on cards."""
    if view["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(view, seats_of(view, names)))


PICTURES: GamePictures[GreatWallView] = GamePictures(
    board=board,
    hand=hand,
    final=final,
    seat_colours=alt_text.seat_colours,
    board_words=alt_text.board,
    hand_words=alt_text.hand,
    final_words=alt_text.final,
    callouts=callouts,
    close_ups={"sections": CloseUp(crops.sections, alt_text.close_up, crops.samples)},
)


__all__ = ["PICTURES", "board", "final", "hand"]
