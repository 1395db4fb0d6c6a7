"""Pictures of The Great Wall of China, drawn from a view (``bot/games/great_wall/schema.py``) only.

``board`` is the public table (for the game's thread), ``hand`` one player's private cards (for a DM or
an ephemeral reply), ``final`` the scores at the end. ``names[seat]`` labels players when given;
otherwise they are called by their colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from render.game import CloseUp, GamePictures, drawn
from render.great_wall import alt_text, crops
from render.great_wall.callouts import callouts
from render.great_wall.players import seats_of
from render.great_wall.private import draw_hand
from render.great_wall.scores import draw_final
from render.great_wall.table import draw_board

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView


PICTURES: GamePictures[GreatWallView] = drawn(
    draw_board, draw_hand, draw_final, seats=seats_of, words=alt_text, callouts=callouts,
    close_ups={"sections": CloseUp(crops.sections, alt_text.close_up, crops.samples)},
)
board, hand, final = PICTURES.board, PICTURES.hand, PICTURES.final


__all__ = ["PICTURES", "board", "final", "hand"]
