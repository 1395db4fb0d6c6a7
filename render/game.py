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
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from render import theme

if TYPE_CHECKING:
    from PIL import Image

    from render.annotate import Callout

V = TypeVar("V")  # the game's view, a TypedDict of bot/games/<key>/schema.py
VM = TypeVar("VM", bound=Mapping[str, object])  # a view read by the shared guards ("viewer", "hand", "result")
V_contra = TypeVar("V_contra", contravariant=True)
T = TypeVar("T")  # how a game's drawing names and colours its seats (``theme.Seats`` or its own)

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


class Words(Protocol[V_contra]):
    """A game's alt-text module: each picture's sentences, in priority order, from the same view."""

    def seat_colours(self, view: V_contra, /) -> list[str]: ...
    def board(self, view: V_contra, names: Sequence[str], /) -> list[str]: ...
    def hand(self, view: V_contra, names: Sequence[str], /) -> list[str]: ...
    def final(self, view: V_contra, names: Sequence[str], /) -> list[str]: ...


Draw = Callable[[VM, T], "Image.Image"]


def drawn(
    board: Draw[VM, T],
    hand: Draw[VM, T],
    final: Draw[VM, T],
    *,
    seats: Callable[[VM, Sequence[str] | None], T],
    words: Words[VM],
    callouts: Callable[[VM, tuple[int, int]], list[Callout]],
    close_ups: Mapping[str, CloseUp[VM]] | None = None,
) -> GamePictures[VM]:
    """A game's pictures from its three drawings (a view and its seats -> an image) and its alt-text module.
    The hand refuses a public view, the final an unfinished game, the same way for every game."""

    def board_png(view: VM, names: Sequence[str] | None = None) -> bytes:
        return theme.to_png(board(view, seats(view, names)))

    def hand_png(view: VM, names: Sequence[str] | None = None) -> bytes:
        if view.get("viewer") is None or ("hand" in view and view["hand"] is None):
            raise ValueError("hand() needs a player's own view; this one is public")
        return theme.to_png(hand(view, seats(view, names)))

    def final_png(view: VM, names: Sequence[str] | None = None) -> bytes:
        if view.get("result") is None:
            raise ValueError("final() needs a finished game's view")
        return theme.to_png(final(view, seats(view, names)))

    return GamePictures(
        board_png, hand_png, final_png, words.seat_colours, words.board, words.hand, words.final, callouts,
        dict(close_ups or {}),
    )


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
