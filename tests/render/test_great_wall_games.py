"""Great Wall pictures of real games: random legal play through the engine, pictures along the way."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

import render
from bot import games
from tests.render import fixtures as fx
from tests.render.pictures import GuardedView

GAME = games.get("great_wall")


def valid_png(data: bytes) -> Image.Image:
    assert len(data) < 1_000_000
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def play(players: int, seed: int, every: int, resign_at: int | None = None) -> tuple[object, int]:
    """Play a seeded random game to its end, checking the pictures every ``every`` moves."""
    rng = random.Random(seed)
    state = GAME.new(players, seed=seed)
    moves = 0
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        if moves == resign_at:
            state, _ = GAME.resign(state, seat)
        else:
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        moves += 1
        if moves % every == 0:
            public = GAME.view(state, None)
            valid_png(render.board("great_wall", GuardedView(public, {"hand", "deck_composition"})))
            own = GAME.view(state, moves % players)
            assert render.board("great_wall", own)
            valid_png(render.hand("great_wall", own))
            with pytest.raises(ValueError):
                render.hand("great_wall", public)
        assert moves < 2000, "the random game does not end"
    return state, moves


@pytest.mark.parametrize("players", range(2, 6))
def test_pictures_of_a_random_game(players: int) -> None:
    state, _ = play(players, seed=100 + players, every=9)
    final_view = GAME.view(state, None)
    valid_png(render.board("great_wall", final_view))
    valid_png(render.final("great_wall", final_view))
    for seat in range(players):
        valid_png(render.hand("great_wall", GAME.view(state, seat)))


def test_pictures_after_a_resignation() -> None:
    state, _ = play(3, seed=7, every=15, resign_at=20)
    view = GAME.view(state, None)
    assert any(p["resigned"] for p in view["players"])
    valid_png(render.final("great_wall", view))


def test_a_seats_board_differs_from_the_public_one_only_by_its_own_markers() -> None:
    rng = random.Random(3)
    state = GAME.new(4, seed=3)
    for _ in range(40):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    for seat in range(4):
        own = GAME.view(state, seat)
        public = copy.deepcopy(GAME.view(state, None))
        public["players"][seat]["markers"] = own["players"][seat]["markers"]
        public["players"][seat]["score"] = own["players"][seat]["score"]
        assert render.board("great_wall", own) == render.board("great_wall", public)


def _shape(value: object) -> object:
    """The keys of a JSON value, recursively (list items merged), without the values."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        merged: dict[str, object] = {}
        for item in value:
            shape = _shape(item)
            if isinstance(shape, dict):
                merged.update(shape)
        return [merged] if merged else []
    return None


def _keys(shape: object, path: str = "") -> set[str]:
    if isinstance(shape, dict):
        return {f"{path}.{k}" for k in shape} | {p for k, v in shape.items() for p in _keys(v, f"{path}.{k}")}
    if isinstance(shape, list):
        return {p for item in shape for p in _keys(item, f"{path}[]")}
    return set()


def test_hand_written_views_have_the_engines_shape() -> None:
    """tests/render/fixtures.py stands in for the engine: its views must use exactly the engine's keys."""
    rng = random.Random(5)
    state = GAME.new(3, seed=5)
    engine_keys: set[str] = set()
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        engine_keys |= _keys(_shape(GAME.view(state, seat)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    engine_keys |= _keys(_shape(GAME.view(state, 0)))
    fixture_keys: set[str] = set()
    for view in (fx.midgame(4), fx.long_rows(), fx.pending_claim(), fx.last_round(), fx.game_over(3),
                 fx.private(fx.midgame(3), 0, ["WALL"], {"WALL": 1})):
        fixture_keys |= _keys(_shape(view))
    assert fixture_keys - engine_keys == set(), "fixtures use keys the engine's views do not have"
    assert {k for k in engine_keys if not k.startswith((".options.", ".supply_values.", ".players[].unplayed.",
                                                        ".deck_composition."))} <= fixture_keys
