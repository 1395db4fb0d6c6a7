"""What the close-up tests share (a generic one and one per game): a game some random moves in, and a
close-up drawn with its labels."""

from __future__ import annotations

import random
from typing import Any

import render
from bot.games import get
from render import Focus, theme

NAMES = ("Ann", "Bo Li", "Chén", "Dana Ng", "Eli")


def play(key: str, players: int, seed: int, moves: int) -> Any:
    game, rng = get(key), random.Random(seed)
    state = game.new(players, seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))[0]
    return state


def png(key: str, view: dict[str, Any], focus: Focus) -> bytes:
    return render.focus(key, view, NAMES[: view["num_players"]], focus)


def labels_of(key: str, view: dict[str, Any], focus: Focus) -> list[theme.Label]:
    with theme.audit() as labels:
        png(key, view, focus)
    return labels
