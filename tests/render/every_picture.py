"""Every picture of a game, drawn from seeded random games with long and accented names: boards, hands, finals,
close-ups and the /rules board with its callouts. The picture-wide audits (nothing cut, nothing covered) run
over them in each language."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from PIL import Image

import render
from bot import games
from render import Focus, annotate

NAMES = ("María José Fernández", "Bartholomew Featherstonehaugh-Q", "山田 花子", "Ñandú Óscar", "Zoë")


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


def pictures(key: str) -> Iterator[tuple[str, Callable[[], bytes]]]:
    """(what, a function drawing it) for every picture of game ``key``."""
    close_ups = render.pictures(key).close_ups
    for n, (seen, players, view) in enumerate(positions(key)):
        names = NAMES[:players]
        if seen == "seat":
            yield f"hand {n}", lambda v=view, s=names: render.hand(key, v, s)
            continue
        yield f"board {n}", lambda v=view, s=names: render.board(key, v, s)
        yield f"rules {n}", lambda v=view, s=names: rules(key, v, s)
        if seen == "final":
            yield f"final {n}", lambda v=view, s=names: render.final(key, v, s)
            continue
        for kind, close_up in close_ups.items():
            for focus in [Focus(kind, part) for part in close_up.samples(view)[:2]]:
                yield f"{focus} {n}", lambda v=view, s=names, f=focus: render.focus(key, v, s, f)


def rules(key: str, view: Any, names: Any) -> bytes:
    """The /rules picture: the board with its callouts' markers and their legend under it."""
    plain = render.board(key, view, names)
    with Image.open(io.BytesIO(plain)) as image:
        size = image.size
    return annotate.annotate(plain, render.callouts(key, view, size))


def forget_drawn_layers() -> None:
    """Static layers are cached (per language): drawn from a cache, their words are not drawn again and an
    audit would miss them, depending on which test drew them first. Every cache of the pictures is let go."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
