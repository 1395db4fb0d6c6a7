"""Pictures of games: ``board``, ``hand`` and ``final`` turn a game's view into PNG bytes, and ``focus`` the
part of the board a private prompt's decision is about (``render/crops``).

The bot calls ``render.board(key, view)`` and never imports a game's renderer directly. Each game's
pictures live in its own package ``render/<key>/``, found by its key (``render.game.pictures``); a new game
adds that package and nothing here. Renderers only ever see views, never engine state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import crops, theme
from render.annotate import Callout
from render.crops import BOARD, Focus
from render.game import CloseUp, GamePictures, checked, pictures

Renderers = GamePictures[Any]  # what a cogs GameSpec holds: a game's board, hand and final (and the rest)


def renderers(key: str) -> Renderers:
    """The pictures of game ``key`` (the same object each time); KeyError when ``render/<key>/`` is missing."""
    return pictures(key)


def board(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The public board as PNG. ``names[seat]`` labels players; their colours are used without it."""
    return checked(key, view).board(view, names)


def hand(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture as PNG; ValueError for a public view."""
    return checked(key, view).hand(view, names)


def final(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The final scores as PNG; ValueError before the game is over."""
    return checked(key, view).final(view, names)


def callouts(key: str, view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    """Where ``/rules`` points on game ``key``'s public board drawn from ``view`` at ``size`` (width, height);
    ``render.annotate`` draws the markers."""
    return checked(key, view).callouts(view, size)


def focus(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None, focus: Focus = BOARD) -> bytes:
    """The close-up ``focus`` as PNG (the board itself for ``BOARD``); ValueError for a kind or part the game
    does not have. Drawn from ``view`` like the board: from a seat's own view it shows nothing more of the
    others than the board does."""
    if focus.kind == "board":
        return board(key, view, names)
    checked(key, view)
    return theme.to_png(crops.crop(key, view, names, focus))


__all__ = [
    "BOARD", "CloseUp", "Focus", "GamePictures", "Renderers", "board", "callouts", "final", "focus", "hand", "pictures",
    "renderers",
]
