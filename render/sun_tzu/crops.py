"""Sun Tzu's close-up: the top of the board (whose turn, the score track, the five provinces with their
screens, armies, 6-marks and this round's cards), which every order and most decisions are about."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render.game import Part
from render.sun_tzu.drawing import Seats, draw_provinces

if TYPE_CHECKING:
    from PIL import Image

    from bot.games.sun_tzu.schema import SunTzuView


def provinces(view: SunTzuView, names: Sequence[str] | None, part: Sequence[int | str]) -> Image.Image:
    if part:
        raise ValueError(f"a Sun Tzu close-up shows all five provinces; got {list(part)!r}")
    return draw_provinces(view, Seats(view, names))


def samples(view: SunTzuView) -> list[Part]:
    """The one close-up there is: all five provinces."""
    return [()]
