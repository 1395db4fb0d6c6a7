"""Alt text for every picture: ``alt_text(key, kind, view, names)`` describes in plain English sentences what
``render.board``, ``render.hand``, ``render.final`` or ``render.focus`` (kind "focus", with the same
``focus``) draws from the same view, for Discord's attachment description (at most 1,024 characters).

Sentences come in priority order (whose turn or the result, the scores, then the board) and are cut to
fit. Like the pictures, the words read only the view they are given, so a public view's description holds
nothing hidden; a seat's own view may add that seat's hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from render.alt_text.words import LIMIT, fit, seat_names
from render.crops import Focus
from render.game import pictures

KINDS = ("board", "hand", "final", "focus")


def alt_text(key: str, kind: str, view: Mapping[str, Any], names: Sequence[str], *, focus: Focus | None = None) -> str:
    """The description of picture ``kind`` ("board", "hand", "final" or "focus") of game ``key`` drawn from
    ``view``; ``names[seat]`` are the players' display names, as ``render.board`` gets them, and ``focus`` the
    close-up ``render.focus`` drew (the board's words for the whole board).

    Raises KeyError for a game without pictures (as ``render`` does), ValueError for an unknown kind, a view
    of another game, a hand from a public view, a final before the end or a close-up the game does not have.
    """
    game = pictures(key)
    if kind not in KINDS:
        raise ValueError(f"no picture called {kind!r}; known: {', '.join(KINDS)}")
    if view.get("key") != key:
        raise ValueError(f"a view of {view.get('key')!r} cannot be described as {key!r}")
    named = seat_names(names, game.seat_colours(view))
    if kind == "focus":
        if focus is None:
            raise ValueError("a close-up's alt text needs its focus")
        if focus.kind != "board":
            close_up = game.close_ups.get(focus.kind)
            if close_up is None:
                raise ValueError(f"{key} has no close-up of kind {focus.kind!r}")
            return fit(close_up.words(view, named, focus.part), LIMIT)
        kind = "board"
    sentences: dict[str, Callable[[Mapping[str, Any], Sequence[str]], list[str]]] = {
        "board": game.board_words, "hand": game.hand_words, "final": game.final_words}
    return fit(sentences[kind](view, named), LIMIT)


__all__ = ["KINDS", "LIMIT", "alt_text"]
