"""Alt text for every picture: ``alt_text(key, kind, view, names)`` describes in plain English sentences what
``render.board``, ``render.hand``, ``render.final`` or ``render.focus`` (kind "focus", with the same
``focus``) draws from the same view, for Discord's attachment description (at most 1,024 characters).

Sentences come in priority order (whose turn or the result, the scores, then the board) and are cut to
fit. Like the pictures, the words read only the view they are given, so a public view's description holds
nothing hidden; a seat's own view may add that seat's hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render.alt_text import china, chinatown, great_wall, sun_tzu
from render.alt_text.focus import FOCUS
from render.alt_text.words import LIMIT, fit, seat_names
from render.crops import Focus

Sentences = Callable[[Mapping[str, Any], Sequence[str]], list[str]]


@dataclass(frozen=True)
class Describers:
    colours: Callable[[Mapping[str, Any]], list[str]]  # seat colours as the picture draws them (unnamed seats)
    board: Sentences
    hand: Sentences  # raises ValueError for a public view
    final: Sentences  # raises ValueError before the game is over


_GAMES: dict[str, Describers] = {
    "great_wall": Describers(great_wall.seat_colours, great_wall.board, great_wall.hand, great_wall.final),
    "china": Describers(china.seat_colours, china.board, china.hand, china.final),
    "sun_tzu": Describers(sun_tzu.seat_colours, sun_tzu.board, sun_tzu.hand, sun_tzu.final),
    "chinatown": Describers(chinatown.seat_colours, chinatown.board, chinatown.hand, chinatown.final),
}
KINDS = ("board", "hand", "final", "focus")


def alt_text(key: str, kind: str, view: Mapping[str, Any], names: Sequence[str], *, focus: Focus | None = None) -> str:
    """The description of picture ``kind`` ("board", "hand", "final" or "focus") of game ``key`` drawn from
    ``view``; ``names[seat]`` are the players' display names, as ``render.board`` gets them, and ``focus`` the
    close-up ``render.focus`` drew (the board's words for the whole board).

    Raises KeyError for a game without pictures (as ``render`` does), ValueError for an unknown kind, a view
    of another game, a hand from a public view, a final before the end or a close-up the game does not have.
    """
    try:
        describers = _GAMES[key]
    except KeyError:
        raise KeyError(f"no alt text for game {key!r}; known: {', '.join(_GAMES)}") from None
    if kind not in KINDS:
        raise ValueError(f"no picture called {kind!r}; known: {', '.join(KINDS)}")
    if view.get("key") != key:
        raise ValueError(f"a view of {view.get('key')!r} cannot be described as {key!r}")
    named = seat_names(names, describers.colours(view))
    if kind == "focus":
        if focus is None:
            raise ValueError("a close-up's alt text needs its focus")
        if focus.kind != "board":
            return fit(FOCUS[key](view, named, focus.part), LIMIT)
        kind = "board"
    sentences: Sentences = getattr(describers, kind)
    return fit(sentences(view, named), LIMIT)


__all__ = ["KINDS", "LIMIT", "alt_text"]
