"""The "easy" computer player: legal, sensible, fast, and from its own view only."""

from __future__ import annotations

import random

import pytest

from bot.games.chinatown import GAME
from bot.games.chinatown.data import Phase
from tests.games.chinatown.helpers import ANN, BEN, accept, act, lot, money, propose, scenario, tiles


def test_unknown_level() -> None:
    state = GAME.new(3, 1)
    with pytest.raises(ValueError, match="unknown AI level"):
        GAME.choose_action(GAME.view(state, ANN), GAME.legal_actions(state, ANN), random.Random(1), "grandmaster")


def test_choices_are_legal() -> None:
    """How fast it decides is measured by ``python -m bench ai`` (a timed test fails on a busy machine)."""
    rng = random.Random(3)
    state = GAME.new(5, 3)
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        choice = GAME.choose_action(view, legal, rng)
        assert choice in legal
        state, _ = GAME.apply(state, seat, choice)


def test_accepts_a_gift_and_declines_a_loss() -> None:
    state = scenario(3, owners={23: ANN, 30: BEN}, hands={ANN: {"photo": 1}})
    state, _ = act(state, ANN, propose(tiles(ANN, BEN, "photo", 1)))
    state, _ = act(state, ANN, propose(lot(BEN, ANN, 30)))
    legal = GAME.legal_actions(state, BEN)
    assert GAME.choose_action(GAME.view(state, BEN), legal, random.Random(1)) == accept(1)
    state, _ = act(state, BEN, accept(1))
    legal = GAME.legal_actions(state, BEN)
    assert GAME.choose_action(GAME.view(state, BEN), legal, random.Random(1)) == {"type": "reject", "offer": 2}


def test_pays_for_a_lot_that_completes_a_business() -> None:
    state = scenario(
        3,
        owners={35: ANN, 37: ANN, 38: BEN},
        tiles=dict.fromkeys((35, 37, 38), "photo"),
        cash={ANN: 100_000},
        round_no=2,
    )
    state, _ = act(state, BEN, propose(lot(BEN, ANN, 38), money(ANN, BEN, 50_000)))
    choice = GAME.choose_action(GAME.view(state, ANN), GAME.legal_actions(state, ANN), random.Random(1))
    assert choice == accept(1)  # 20,000 -> 50,000 a round for five rounds is worth $50,000


def test_builds_next_to_its_own_shops() -> None:
    state = scenario(
        3,
        owners={59: ANN, 60: ANN, 70: ANN},
        tiles={59: "dim_sum"},
        hands={ANN: {"dim_sum": 1}},
        phase=Phase.PLACE_TILES,
    )
    choice = GAME.choose_action(GAME.view(state, ANN), GAME.legal_actions(state, ANN), random.Random(1))
    assert choice == {"type": "place", "lot": 60, "tile": "dim_sum"}


def test_keeps_cards_that_touch() -> None:
    state = GAME.new(3, 2)
    view = GAME.view(state, ANN)
    legal = [{"type": "keep", "lots": [1, 2, 3, 4, 5]}, {"type": "keep", "lots": [1, 20, 40, 60, 80]}]
    view["hand_cards"] = [1, 2, 3, 4, 5, 20, 40]
    assert GAME.choose_action(view, legal, random.Random(1)) == legal[0]


def test_done_trading_when_nothing_waits() -> None:
    state = scenario(3)
    assert GAME.choose_action(GAME.view(state, ANN), GAME.legal_actions(state, ANN), random.Random(1)) == {
        "type": "ready",
        "ready": True,
    }
