"""Close-ups for private prompts: the part of a board a decision is about, so a player decides without
looking for the latest board in the thread and zooming into it.

A ``Focus`` names the part: a kind of close-up the game has (its ``GamePictures.close_ups``) and which of
them, or the whole board. ``render.focus`` draws it. Like every picture, a close-up is drawn from a view
only, by the game's own drawing code (``render/<key>/crops.py``) and cached static layers, at the board's
own scale: nothing is enlarged (an enlarged crop is blurred and reads no larger, since a phone fits a
picture to its width). A close-up is narrower than the board, so on a phone its numbers read larger; the
theme checks every label against its width. ``frame.py`` holds what every game's close-ups share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render.game import Part, pictures


@dataclass(frozen=True)
class Focus:
    """What a decision's picture shows: ``kind`` ("board", or one of the game's close-up kinds) and which of
    them (for instance a region id, section slots, lot numbers; empty for all)."""

    kind: str
    part: Part = ()

    @property
    def tag(self) -> str:
        """The focus as a file name's part: "region-qin", "sections-0.2", "lots", "board"."""
        return "-".join([self.kind, *([".".join(map(str, self.part))] if self.part else [])])


BOARD = Focus("board")


def kinds(key: str) -> tuple[str, ...]:
    """The focus kinds game ``key`` has besides "board"."""
    return tuple(pictures(key).close_ups)


def crop(key: str, view: Mapping[str, Any], names: Sequence[str] | None, focus: Focus) -> Image.Image:
    """The close-up ``focus`` of game ``key`` from ``view``; ValueError for a kind or part the game lacks."""
    close_up = pictures(key).close_ups.get(focus.kind)
    if close_up is None:
        raise ValueError(f"{key} has no close-up of kind {focus.kind!r}; known: board, {', '.join(kinds(key))}")
    return close_up.draw(view, names, focus.part)


__all__ = ["BOARD", "Focus", "Part", "crop", "kinds"]
