"""Nothing cut in translation: every picture of every game (boards, hands, final, close-ups, the /rules board
with its callouts), drawn in Spanish and Japanese with long and accented names, shortens no label ("…") more
than the same picture in English does. A player's own name may be cut (the English one is too)."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from PIL import Image

import render
from bot import games, i18n
from render import Focus, annotate, theme

NAMES = ("María José Fernández", "Bartholomew Featherstonehaugh-Q", "山田 花子", "Ñandú Óscar", "Zoë")
LANGUAGES = ("es-ES", "ja")


@cache
def positions(key: str) -> tuple[tuple[str, int, dict[str, Any]], ...]:
    """Views of seeded random games at the most and the fewest seats: public ones along the way, each seat's
    view at the same moments, and the final view."""
    game = games.get(key)
    found: list[tuple[str, int, dict[str, Any]]] = []
    for players, seed in sorted({(game.max_players, 3), (game.min_players, 5)}):
        state, rng = game.new(players, seed=seed), random.Random(seed)
        steps = 0
        while not game.is_over(state):
            if steps % 9 == 0:
                found.append(("public", players, game.view(state, None)))
                found.append(("seat", players, game.view(state, steps % players)))
            seat = min(game.to_act(state))
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))[0]
            steps += 1
        found.append(("final", players, game.view(state, None)))
    return tuple(found)


def pictures(key: str) -> Iterator[tuple[str, Any]]:
    """(what, a function drawing it) for every picture of game ``key``."""
    close_ups = render.pictures(key).close_ups
    for n, (seen, players, view) in enumerate(positions(key)):
        names = NAMES[:players]
        if seen == "seat":
            yield f"hand {n}", lambda v=view, s=names: render.hand(key, v, s)
            continue
        yield f"board {n}", lambda v=view, s=names: render.board(key, v, s)
        yield f"rules {n}", lambda v=view, s=names: _rules(key, v, s)
        if seen == "final":
            yield f"final {n}", lambda v=view, s=names: render.final(key, v, s)
            continue
        for kind, close_up in close_ups.items():
            for focus in [Focus(kind, part) for part in close_up.samples(view)[:2]]:
                yield f"{focus} {n}", lambda v=view, s=names, f=focus: render.focus(key, v, s, f)


def _rules(key: str, view: Any, names: Any) -> bytes:
    plain = render.board(key, view, names)
    with Image.open(io.BytesIO(plain)) as image:
        size = image.size
    return annotate.annotate(plain, render.callouts(key, view, size))


def _forget_drawn_layers() -> None:
    """Static layers are cached (per language): drawn from a cache, their words are not shortened again and the
    recorder would miss them, depending on which test drew them first. Every cache of the pictures is let go."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def _cut(draw: Any) -> list[theme.Shortened]:
    """What ``draw`` shortens that is not one of the players' names."""
    _forget_drawn_layers()
    with theme.shortening() as cut:
        draw()
    return [c for c in cut if not any(c.text.startswith(name) or (name.startswith(c.shown[:-1]) and c.shown[:-1])
                                      for name in NAMES)]


# Still cut, to do: the Great Wall's title band ("le quedan 2 a…", "＋騎兵は…") and its players' "0 marcad…".
# Cut today, known: the texts grew to 2% of the picture's width (legibility on a phone) and these layouts do not
# fit the longer words yet. Strict: a case that stops being cut fails here until it is taken off the list.
STILL_CUT = {
    ("great_wall", "es-ES"), ("great_wall", "ja"),
}
CASES = [pytest.param(key, code, marks=pytest.mark.xfail(reason="still cut, see STILL_CUT", strict=True))
         if (key, code) in STILL_CUT else (key, code) for key in games.GAMES for code in LANGUAGES]


@pytest.mark.parametrize(("key", "code"), CASES)
def test_no_label_is_cut_where_the_english_one_is_not(key: str, code: str) -> None:
    problems = []
    for what, draw in pictures(key):
        with i18n.speaking(i18n.ENGLISH):
            english = _cut(draw)
        with i18n.speaking(code):
            there = _cut(draw)
        if len(there) > len(english):
            problems.append(f"{what}: {[c.shown for c in there]} (English: {[c.shown for c in english]})")
    assert not problems, f"{key} in {code}, {len(problems)} pictures cut:\n" + "\n".join(problems[:25])
