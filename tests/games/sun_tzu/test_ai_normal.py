"""The "normal" computer player: legal, deterministic, blind to what its seat cannot see, quick, and
planning its assignments against sampled opponent hands (a determinization that agrees with its view)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.ai_battle import Ground, battle, card_worth, hold_chance, province_worth
from bot.games.sun_tzu.ai_sample import determinize
from bot.games.sun_tzu.data import FRAMED, PROVINCES, Colour, all_instances, is_framed
from bot.games.sun_tzu.hidden import resample
from bot.games.sun_tzu.state import State
from tests.games.sun_tzu.helpers import BLUE, RED, make, play_random

OPTIONS: list[dict[str, Any]] = [
    {},
    {"events": True},
    {"beginner": True, "events": True},
    {"cap_at_six_target": "own", "plague_rounding": "up", "adjacency": "chain"},
]


def choose(state: State, seat: int, seed: int = 1) -> dict[str, Any]:
    view = GAME.view(state, seat)
    return GAME.choose_action(view, GAME.legal_actions(state, seat), random.Random(seed), "normal")


def play(seed: int, options: dict[str, Any], levels: tuple[str, str]) -> list[State]:
    """A whole game (``levels[seat]``, seats moving in a random order); every state on the way. Every move
    the computer makes must be accepted by the engine."""

    def computer(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
        action = GAME.choose_action(GAME.view(state, seat), legal, rng, levels[seat])
        if action["type"] != "commit":  # an assignment may be any legal one, not only a listed sample
            assert action in legal
        return action

    return play_random(seed, options, computer)


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS)
def test_normal_and_easy_finish_games_with_legal_moves(options: dict[str, Any]) -> None:
    for seed, levels in ((1, ("normal", "easy")), (2, ("easy", "normal")), (3, ("normal", "normal"))):
        assert GAME.is_over(play(seed, options, levels)[-1])


@pytest.mark.slow
def test_the_same_view_and_seed_give_the_same_choice() -> None:
    for state in play(4, {"events": True}, ("normal", "normal"))[::6]:
        for seat in sorted(GAME.to_act(state)):
            assert choose(state, seat, seed=3) == choose(state, seat, seed=3)


@pytest.mark.slow
def test_choices_ignore_what_the_seat_cannot_see() -> None:
    """The opponent's hand, deck, face-down cards and warlords, the seat's own deck order, the event order
    and the seed are redrawn: the view is the same, and so is the choice."""
    rng = random.Random(5)
    for state in play(6, {"events": True}, ("normal", "normal"))[::4]:
        for seat in sorted(GAME.to_act(state)):
            other = resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert choose(other, seat, seed=8) == choose(state, seat, seed=8)


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS)
def test_a_determinized_state_agrees_with_the_view(options: dict[str, Any]) -> None:
    rng = random.Random(7)
    # A seat determinizes only to choose a move: a finished game (its round cut short) is never sampled.
    for state in [s for s in play(8, options, ("easy", "normal"))[::3] if not GAME.is_over(s)]:
        for seat in (0, 1):
            view = GAME.view(state, seat)
            sampled = determinize(view, rng)
            assert GAME.view(sampled, seat) == view
            GAME.load(GAME.dump(sampled))  # 20 cards and 21 armies a colour, every invariant of R36


def test_determinization_samples_only_what_the_seat_cannot_know() -> None:
    state = make(blue={"hand": (*FRAMED, "n10", "plus3")}, red={"hand": (*FRAMED, "n9", "plague.1")})
    view = GAME.view(state, 0)
    hands = set()
    for seed in range(8):
        sampled = determinize(view, random.Random(seed))
        assert sampled.side(BLUE).hand == state.side(BLUE).hand  # its own hand is known
        red = sampled.side(RED)
        assert set(FRAMED) <= set(red.hand) and len(red.hand) == len(state.side(RED).hand)
        assert all(card in all_instances(False) for card in red.hand + red.deck)
        hands.add(tuple(c for c in red.hand if not is_framed(c)))
    assert len(hands) > 1  # the opponent's cards are drawn, not copied from the real state


def test_it_spends_its_strong_cards_in_the_last_round() -> None:
    hand = (*FRAMED, "n10", "n9")
    state = make(round=9, screens=(6, 7, 8, 9, 10), blue={"hand": hand})
    chosen = set(choose(state, 0)["cards"].values())
    assert {"n10", "n9"} <= chosen  # nothing is kept for later: there is no later
    assert card_worth("n10", 9) == 0 < card_worth("n10", 4)


def test_it_never_puts_its_6_where_it_has_marked() -> None:
    state = make(round=4, marks={p: (1, 0) for p in PROVINCES[:4]}, blue={"hand": FRAMED})
    action = choose(state, 0)
    assert action["cards"]["wu"] == "n6" or "n6" not in action["cards"].values()
    GAME.apply(state, 0, action)


def test_it_answers_quickly() -> None:
    slowest = 0.0
    for state in play(9, {}, ("normal", "easy"))[::5]:
        for seat in sorted(GAME.to_act(state)):
            started = time.perf_counter()
            choose(state, seat)
            slowest = max(slowest, time.perf_counter() - started)
    assert slowest < 1.0  # about 50 ms on an idle machine; the bound is 1 s


# -- the model ------------------------------------------------------------------------------------------------
def test_battles_follow_the_rules_of_the_engine() -> None:
    assert battle(Ground(None, 0), "n5", "n9", "down_min1", False).owner is Colour.RED  # X1: red wins by 4
    x5 = battle(Ground(Colour.BLUE, 3), "n5", "n9", "down_min1", False)
    assert (x5.owner, x5.armies) == (Colour.RED, 1)  # X5: blue removes 3, red places 1
    x14 = battle(Ground(Colour.BLUE, 5), "n8", "plague.1", "down_min1", False)
    assert (x14.owner, x14.armies) == (Colour.BLUE, 2)  # X14: halved, rounded down
    x11 = battle(Ground(Colour.BLUE, 2), "minus1.1", "plus3", "down_min1", False)
    assert (x11.owner, x11.armies, x11.paid) == (Colour.RED, 1, (0, 2))  # X11: red wins by 3 and pays 2
    assert battle(Ground(None, 0), "n6", "n4", "down_min1", False).paid == (1, 0)  # a 6 marks


def test_a_held_province_is_worth_more_with_more_armies_and_nearer_the_scoring() -> None:
    assert hold_chance(0, 2) == 0 and hold_chance(4, 0) == 1
    assert hold_chance(6, 2) > hold_chance(2, 2) > hold_chance(2, 5)
    mine = province_worth(9, Colour.BLUE, 4, 2, Colour.BLUE)
    assert mine > 0 and province_worth(9, Colour.BLUE, 4, 2, Colour.RED) == -mine
    assert province_worth(9, Colour.BLUE, 4, 9, Colour.BLUE) == 0  # no scoring left
