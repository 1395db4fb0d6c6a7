"""What the alt-text tests share (a generic one and one per game): names, whole random games, and the checks
every description must pass (within Discord's limit, plain words, every seat named) with, where a game's
test gives them, each seat's score as its picture shows it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.games import get
from render import pictures
from render.alt_text import LIMIT, alt_text
from render.alt_text.words import clean_name

NAMES = ("Ann", "Bo Li", "Chén", "Dana Ng", "Eli")
LONG = tuple(f"{letter}{'x' * 30}{letter}" for letter in "ABCDE")  # Discord display names: at most 32 characters
MARKUP = re.compile(r"[*_`~|<>@#\n]")
Scores = Callable[[dict[str, Any]], list[str | None]]  # each seat's score as the picture shows it, None if hidden


def check(key: str, kind: str, view: dict[str, Any], names: Sequence[str], scores: Scores | None = None) -> str:
    text = alt_text(key, kind, view, names)
    assert text and len(text) <= LIMIT, f"{key} {kind}: {len(text)} characters"
    assert not MARKUP.search(text), f"{key} {kind} holds markdown or mention syntax: {text}"
    shown = scores(view) if scores else [None] * len(pictures(key).seat_colours(view))
    for seat, score in enumerate(shown):
        name = clean_name(names[seat])
        assert name in text, f"{key} {kind} does not name seat {seat}: {text}"
        if score is not None:
            assert f"{name} {score}" in text, f"{key} {kind} does not give {name}'s score {score}: {text}"
    return text


def describe_all(key: str, state: Any, players: int, names: Sequence[str], scores: Scores | None = None) -> None:
    game = get(key)
    public = game.view(state, None)
    check(key, "board", public, names, scores)
    if game.is_over(state):
        check(key, "final", public, names, scores)
    for seat in range(players):
        own = game.view(state, seat)
        check(key, "board", own, names, scores)
        check(key, "hand", own, names, scores)


def play(key: str, players: int, seed: int) -> list[Any]:
    """Every state of a whole game of random legal moves."""
    game, rng = get(key), random.Random(seed)
    states = [game.new(players, seed)]
    while not game.is_over(states[-1]):
        state = states[-1]
        seat = min(game.to_act(state))
        states.append(game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))[0])
    return states


def shown_field(field: str, shown: Callable[[int], str] = str) -> Scores:
    """Each seat's score as the picture shows it: the final scores once over, else each player's ``field``
    (None while it is hidden)."""

    def scores(view: dict[str, Any]) -> list[str | None]:
        result = view["result"]
        if result is not None:
            return [shown(s) for s in result["scores"]]
        return [None if p[field] is None else shown(p[field]) for p in view["players"]]

    return scores


def long_names_and_scores(key: str, players: int, scores: Scores) -> None:
    """A whole game at ``players`` seats with the longest names: every description fits and gives every score."""
    states = play(key, players, seed=players)
    step = max(1, len(states) // 6)
    for state in [*states[::step], states[-1]]:
        describe_all(key, state, players, LONG[:players], scores)


def long_names_test(key: str, scores: Scores) -> Callable[[int], None]:
    """A game's test that, at every player count, the longest names fit every description and each seat's
    score is given as its picture shows it (``scores``)."""

    @pytest.mark.parametrize("players", range(get(key).min_players, get(key).max_players + 1))
    def test_long_names_and_every_score_fit(players: int) -> None:
        long_names_and_scores(key, players, scores)

    return test_long_names_and_every_score_fit
