"""The computer player: legal, fast, sensible, and only from its own view."""

from __future__ import annotations

import random

import pytest

from bot.games.china import GAME
from tests.games.china.scenario import A, B, fill, place, position


def test_unknown_level_raises() -> None:
    state = GAME.new(4, 1)
    view = GAME.view(state, state.current)
    with pytest.raises(ValueError, match="level"):
        GAME.choose_action(view, GAME.legal_actions(state, state.current), random.Random(1), "grandmaster")


@pytest.mark.parametrize(("players", "fortifications"), [(3, False), (4, True), (5, False)])
def test_ai_games_finish_with_legal_moves(players: int, fortifications: bool) -> None:
    """How fast it decides is measured by ``python -m bench ai`` (a timed test fails on a busy machine)."""
    state = GAME.new(players, players, {"fortifications": fortifications})
    rng = random.Random(players)
    while not GAME.is_over(state):
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        action = GAME.choose_action(view, legal, rng)
        assert action in legal
        state, _ = GAME.apply(state, seat, action)
    # Sensible play builds: most houses and emissaries leave the supply.
    assert sum(20 - st.houses for st in state.seats) >= 25


def test_ai_prefers_a_good_placement_to_an_exchange() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B})
    legal = GAME.legal_actions(state, A)
    for seed in range(5):
        choice = GAME.choose_action(GAME.view(state, A), legal, random.Random(seed))
        assert choice["type"] == "place" and len(choice["pieces"]) == 2


def test_ai_does_not_waste_cards_on_a_wild_pair_when_a_colour_card_does() -> None:
    state = position(current=A, hands={A: "ryy"}, houses=fill("wei", {B: 2}))
    choice = GAME.choose_action(GAME.view(state, A), GAME.legal_actions(state, A), random.Random(0))
    assert choice != place("wei", "yy", "house@wei3")


def test_ai_needs_only_its_own_view() -> None:
    state = GAME.new(4, 5)
    seat = state.current
    legal = GAME.legal_actions(state, seat)
    view = GAME.view(state, seat)
    assert GAME.choose_action(view, legal, random.Random(2)) == GAME.choose_action(view, legal, random.Random(2))
