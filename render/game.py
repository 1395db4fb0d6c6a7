"""What a game's pictures are, and where the shared modules find them.

Each game's package ``render/<key>/`` exports ``PICTURES``, a ``GamePictures`` of its own typed view: every
picture of the game (board, hand, final, close-ups), its alt text and its /rules callouts. ``pictures(key)``
imports that package by its name, so no shared module names a game; it is also the one place where a view
untyped in transit (``Mapping[str, Any]``) meets the game's typed functions (``GamePictures[Any]``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from PIL import Image

    from render.annotate import Callout

V = TypeVar("V")  # the game's view, a TypedDict of bot/games/<key>/schema.py

Part = tuple[int | str, ...]  # which of a close-up kind's parts: a region id, section slots, lot numbers


@dataclass(frozen=True)
class CloseUp(Generic[V]):
    """One kind of close-up (``render.focus``): its picture, its alt text and the parts prompts ask for."""

    draw: Callable[[V, Sequence[str] | None, Part], Image.Image]  # ValueError for a part the kind lacks
    words: Callable[[V, Sequence[str], Part], list[str]]  # alt-text sentences, in priority order
    samples: Callable[[V], list[Part]]  # the parts a prompt may ask for in this view, at least one


@dataclass(frozen=True)
class GamePictures(Generic[V]):
    """Everything drawn or said of one game's pictures, each read from a view only. Pictures are PNG bytes
    labelled with ``names[seat]`` (colours without); alt-text sentences come in priority order and get the
    seats' names already filled in (``render.alt_text``)."""

    board: Callable[[V, Sequence[str] | None], bytes]  # the public table, for the game's thread
    hand: Callable[[V, Sequence[str] | None], bytes]  # one seat's private picture; ValueError for a public view
    final: Callable[[V, Sequence[str] | None], bytes]  # the final scores; ValueError before the end
    seat_colours: Callable[[V], list[str]]  # each seat's colour as the pictures draw it (names for unnamed seats)
    board_words: Callable[[V, Sequence[str]], list[str]]
    hand_words: Callable[[V, Sequence[str]], list[str]]  # ValueError for a public view
    final_words: Callable[[V, Sequence[str]], list[str]]  # ValueError before the end
    callouts: Callable[[V, tuple[int, int]], list[Callout]]  # /rules markers on the public board of that size
    close_ups: Mapping[str, CloseUp[V]] = field(default_factory=dict)  # kind -> close-up; a game may have none


@cache
def pictures(key: str) -> GamePictures[Any]:
    """The pictures of game ``key``: ``PICTURES`` of the package ``render/<key>/``, imported once.

    KeyError when there is no such package; TypeError when it has no ``PICTURES`` or that is no
    ``GamePictures``."""
    if not key.isidentifier():
        raise KeyError(f"no pictures for game {key!r}: not a package name")
    name = f"{__package__}.{key}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:  # the package is there but something it imports is not
            raise
        raise KeyError(f"no pictures for game {key!r}: render/{key}/ is missing") from None
    found = getattr(module, "PICTURES", None)
    if found is None:
        raise TypeError(f"render/{key}/ has no PICTURES (a render.game.GamePictures)")
    if not isinstance(found, GamePictures):
        raise TypeError(f"render/{key}/ PICTURES is a {type(found).__name__}, not a render.game.GamePictures")
    return found


def checked(key: str, view: Mapping[str, Any]) -> GamePictures[Any]:
    """``pictures(key)`` for a view of that game. A view of another game would fail deep inside a drawing
    helper; this says what went wrong instead."""
    if view.get("key") != key:
        raise ValueError(f"a view of {view.get('key')!r} cannot be drawn as {key!r}")
    return pictures(key)
