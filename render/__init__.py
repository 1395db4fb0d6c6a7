"""Pictures of games: ``board``, ``hand`` and ``final`` turn a game's view into PNG bytes, and ``focus`` the
part of the board a private prompt's decision is about (``render/crops``).

The bot calls ``render.board(key, view)`` and never imports a game's renderer directly; a new game adds
one row to ``_RENDERERS``. Renderers only ever see views, never engine state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import china, chinatown, crops, great_wall, sun_tzu, theme
from render.crops import BOARD, Focus

Picture = Callable[[Mapping[str, Any], Sequence[str] | None], bytes]


@dataclass(frozen=True)
class Renderers:
    board: Picture  # the public table, for the game's thread
    hand: Picture  # one player's private cards (raises ValueError for a public view)
    final: Picture  # final scores


_RENDERERS: dict[str, Renderers] = {
    "great_wall": Renderers(great_wall.board, great_wall.hand, great_wall.final),
    "china": Renderers(china.board, china.hand, china.final),
    "sun_tzu": Renderers(sun_tzu.board, sun_tzu.hand, sun_tzu.final),
    "chinatown": Renderers(chinatown.board, chinatown.hand, chinatown.final),
}


def renderers(key: str) -> Renderers:
    """The pictures of game ``key``; KeyError names the games that have them."""
    try:
        return _RENDERERS[key]
    except KeyError:
        raise KeyError(f"no pictures for game {key!r}; known: {', '.join(_RENDERERS)}") from None


def _checked(key: str, view: Mapping[str, Any]) -> Renderers:
    # A view of another game would fail deep inside a drawing helper; say what went wrong instead.
    if view.get("key") != key:
        raise ValueError(f"a view of {view.get('key')!r} cannot be drawn as {key!r}")
    return renderers(key)


def board(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The public board as PNG. ``names[seat]`` labels players; their colours are used without it."""
    return _checked(key, view).board(view, names)


def hand(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture as PNG; ValueError for a public view."""
    return _checked(key, view).hand(view, names)


def final(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The final scores as PNG; ValueError before the game is over."""
    return _checked(key, view).final(view, names)


def focus(key: str, view: Mapping[str, Any], names: Sequence[str] | None = None, focus: Focus = BOARD) -> bytes:
    """The close-up ``focus`` as PNG (the board itself for ``BOARD``); ValueError for a kind or part the game
    does not have. Drawn from ``view`` like the board: from a seat's own view it shows nothing more of the
    others than the board does."""
    if focus.kind == "board":
        return board(key, view, names)
    _checked(key, view)
    return theme.to_png(crops.crop(key, view, names, focus))


__all__ = ["BOARD", "Focus", "Renderers", "board", "final", "focus", "hand", "renderers"]
