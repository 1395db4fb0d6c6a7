"""Whole seeded games' pictures with every label they draw, for the legibility tests (a generic one and one
per game): the theme's audit of each number and name a player decides by."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

import render
from bot import games
from render import theme

Picture = Callable[[str, Mapping[str, Any]], bytes]


def players(key: str) -> int:
    """The most players the game seats: the most names and badges on one picture."""
    return games.get(key).max_players


@cache
def public_views(key: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """Public views along a seeded game of computer players (about a dozen), seat views at the same moments,
    and the final view."""
    game = games.get(key)
    state = game.new(players(key), seed=11)
    rng = random.Random(11)
    moves: list[Any] = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        moves.append(state)
        state, _ = game.apply(state, seat, game.choose_action(game.view(state, seat), game.legal_actions(state, seat),
                                                              rng))
    picked = moves[:: max(1, len(moves) // 12)]
    seats = [game.view(s, n % players(key)) for n, s in enumerate(picked)]
    return [game.view(s, None) for s in picked], seats, game.view(state, None)


def drawn(picture: Picture, key: str, view: Mapping[str, Any]) -> list[theme.Label]:
    with theme.audit() as labels:
        picture(key, view)
    return labels


def keys(labels: list[theme.Label]) -> set[str]:
    return {label.text for label in labels if label.role == "key"}


def check_minimums(labels: list[theme.Label]) -> None:
    assert labels
    for label in labels:
        assert label.px >= theme.minimum(label.role, label.width), label


def check_phone(labels: list[theme.Label]) -> None:
    """Every text drawn, a badge's letter too, at least 2% of its picture's width."""
    assert labels
    for label in labels:
        assert theme.text_px(label) >= theme.phone_minimum(label.width) - 0.5, (theme.text_px(label), label)


def all_pictures(key: str) -> Iterator[tuple[dict[str, Any], list[theme.Label]]]:
    boards, seats, final = public_views(key)
    for view in boards:
        yield view, drawn(render.board, key, view)
    for view in seats:
        yield view, drawn(render.hand, key, view)
    yield final, drawn(render.final, key, final)
    yield final, drawn(render.board, key, final)
