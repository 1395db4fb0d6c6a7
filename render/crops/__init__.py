"""Close-ups for private prompts: the part of a board a decision is about, so a player decides without
looking for the latest board in the thread and zooming into it.

A ``Focus`` names the part: a China region with its numbered house spaces, Great Wall sections, Chinatown
lots (ringed, in their districts), Sun Tzu's provinces, or the whole board. ``render.focus`` draws it.
Like every picture, a close-up is drawn from a view only, by the game's own drawing code and cached static
layers (China's map, Chinatown's districts), at the board's own scale: nothing is enlarged (an enlarged
crop is blurred and reads no larger, since a phone fits a picture to its width). A close-up is narrower
than the board, so on a phone its numbers read larger; the theme checks every label against its width.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render.crops import china, chinatown, great_wall, sun_tzu

Part = tuple[int | str, ...]
Crop = Callable[[Mapping[str, Any], Sequence[str] | None, Part], Image.Image]


@dataclass(frozen=True)
class Focus:
    """What a decision's picture shows: ``kind`` ("board", or a game's part: "region", "sections", "lots",
    "provinces") and which of them (a region id; section slots, 0-based; lot numbers; empty for all)."""

    kind: str
    part: Part = ()

    @property
    def tag(self) -> str:
        """The focus as a file name's part: "region-qin", "sections-0.2", "lots", "board"."""
        return "-".join([self.kind, *([".".join(map(str, self.part))] if self.part else [])])


BOARD = Focus("board")

_CROPS: dict[str, dict[str, Crop]] = {
    "china": {"region": china.region},
    "great_wall": {"sections": great_wall.sections},
    "chinatown": {"lots": chinatown.lots},
    "sun_tzu": {"provinces": sun_tzu.provinces},
}


def kinds(key: str) -> tuple[str, ...]:
    """The focus kinds game ``key`` has besides "board"."""
    return tuple(_CROPS.get(key, {}))


def crop(key: str, view: Mapping[str, Any], names: Sequence[str] | None, focus: Focus) -> Image.Image:
    """The close-up ``focus`` of game ``key`` from ``view``; ValueError for a kind or part the game lacks."""
    draw = _CROPS.get(key, {}).get(focus.kind)
    if draw is None:
        raise ValueError(f"{key} has no close-up of kind {focus.kind!r}; known: board, {', '.join(kinds(key))}")
    return draw(view, names, focus.part)


__all__ = ["BOARD", "Focus", "crop", "kinds"]
