"""High Lantern's pictures: one drawing for board, hand and final, its alt text and its /rules markers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.toy import callouts, drawing, words

from render.game import GamePictures

PICTURES: GamePictures[Mapping[str, Any]] = GamePictures(
    board=drawing.board,
    hand=drawing.hand,
    final=drawing.final,
    seat_colours=words.seat_colours,
    board_words=words.board,
    hand_words=words.hand,
    final_words=words.final,
    callouts=callouts.callouts,
)
