"""The computer player: legal, sensible, from its own view only (its speed: python -m bench ai)."""

from __future__ import annotations

import random

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.hidden import resample
from bot.games.sun_tzu.state import Stage
from tests.games.sun_tzu.helpers import BLUE, fight, make, play_random


def test_unknown_level_is_refused() -> None:
    state = make()
    with pytest.raises(ValueError):
        GAME.choose_action(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0), "grandmaster")


@pytest.mark.parametrize("options", [{}, {"events": True}, {"beginner": True}, {"cap_at_six_target": "own"}])
def test_its_moves_are_legal(options: dict) -> None:
    for seed in range(3):
        rnd = random.Random(seed)
        state = GAME.new(2, seed, options)
        while not GAME.is_over(state):
            seat = rnd.choice(sorted(GAME.to_act(state)))
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            action = GAME.choose_action(view, legal, rnd)  # its speed: python -m bench ai
            assert action["type"] != "support"  # it never spends cards on support
            if action["type"] != "commit":
                assert action in legal
            try:
                state, _ = GAME.apply(state, seat, action)
            except IllegalAction as error:  # pragma: no cover - the assertion explains
                raise AssertionError(f"AI chose an illegal {action}: {error}") from None


def test_it_plays_its_strongest_card_on_the_most_valuable_province() -> None:
    hand = ("n1", "n2", "n3", "n4", "n5", "n6", "n10")
    state = make(screens=(1, 2, 10, 3, 4), blue={"hand": hand})  # round-3 values 1, 1, 4, 2, 2
    view = GAME.view(state, 0)
    action = GAME.choose_action(view, GAME.legal_actions(state, 0), random.Random(1))
    assert action["cards"]["jin_yan"] == "n10"
    GAME.apply(state, 0, action)


def test_it_takes_the_light_infantry_win_and_reveals_the_best_province() -> None:
    li = make(
        marker=-2, options={"events": True}, active_event="light_infantry", event_deck=("pandemic", "hero_challenge")
    )
    state, _ = fight(li, "chu", "n1", "n1")
    action = GAME.choose_action(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    assert action == {"type": "light_infantry", "take": True}
    pick = make(round=2, stage=Stage.PICK, holder=BLUE, screens=(1, 2, 10, 3, 4))
    action = GAME.choose_action(GAME.view(pick, 0), GAME.legal_actions(pick, 0), random.Random(0))
    assert action == {"type": "reveal", "province": "jin_yan"}


def test_two_computer_players_finish_a_game() -> None:
    states = play_random(7, {"events": True, "warlords": True})
    assert GAME.is_over(states[-1])


def test_timeout_moves_are_legal_and_blind_to_the_seat_s_hidden_cards() -> None:
    rng = random.Random(0)
    for state in play_random(5, {"events": True}):
        for seat in sorted(GAME.to_act(state)):
            move = GAME.timeout_action(state, seat)
            if move is None:
                assert state.stage is Stage.KEEP  # which drawn card to keep depends on the cards
                continue
            GAME.apply(state, seat, move)
            assert GAME.timeout_action(resample(state, 1 - seat, rng), seat) == move


def test_views_of_unknown_seats_are_refused() -> None:
    with pytest.raises(ValueError):
        GAME.view(make(), 2)
