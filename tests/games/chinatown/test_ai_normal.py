"""The "normal" computer player: legal, deterministic, blind to what its seat cannot see, and a trader
that takes good offers, declines bad ones with a reason, and proposes trades that build its businesses."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from bot.games.chinatown import GAME
from bot.games.chinatown.ai_sample import determinize
from bot.games.chinatown.ai_trade import MAX_PROPOSALS
from bot.games.chinatown.ai_value import from_view, plan, worth
from bot.games.chinatown.data import LOTS, Phase, State
from bot.games.chinatown.errors import ChinatownError
from bot.games.chinatown.hidden import resample
from tests.games.chinatown.helpers import ANN, BEN, CLEO, accept, act, lot, money, propose, scenario, tiles
from tests.games.chinatown.test_properties import random_offer


def choose(state: State, seat: int, seed: int = 1) -> dict[str, Any]:
    view = GAME.view(state, seat)
    return GAME.choose_action(view, GAME.legal_actions(state, seat), random.Random(seed), "normal")


def play(
    players: int, seed: int, levels: Sequence[str], options: dict[str, Any] | None = None, offers: bool = False
) -> list[State]:
    """A whole game, ``levels[seat]`` per seat; with ``offers``, random offers are thrown in while trading.
    Every computer move must be accepted by the engine."""
    rng = random.Random(seed)
    state = GAME.new(players, seed, options)
    states = [state]
    while not GAME.is_over(state):
        if offers and state.phase is Phase.TRADES and rng.random() < 0.15:
            try:
                state, _ = GAME.apply(state, rng.choice(state.active), random_offer(state, rng, 10_000))
                states.append(state)
            except ChinatownError:
                pass
        seat = min(GAME.to_act(state))
        action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng, levels[seat])
        if action["type"] not in ("propose", "reject"):
            assert action in GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, action)  # raises if it is illegal
        states.append(state)
        assert len(states) < 3_000, "the game does not finish"
    return states


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (4, {"placement_mode": "simultaneous", "announce_income": "private"}),
        (5, {"offer_visibility": "participants", "announce_trade_money": False, "money_unit": 1_000}),
    ],
)
def test_normal_and_easy_finish_games_with_legal_moves(players: int, options: dict[str, Any]) -> None:
    levels = ["normal", "easy", "normal", "easy", "normal"][:players]
    final = play(players, 7, levels, options, offers=True)[-1]
    assert GAME.is_over(final)


@pytest.mark.slow
def test_the_same_view_and_seed_give_the_same_choice() -> None:
    for state in play(3, 3, ["normal", "easy", "easy"], offers=True)[::9]:
        for seat in sorted(GAME.to_act(state)):
            assert choose(state, seat, seed=5) == choose(state, seat, seed=5)


@pytest.mark.slow
def test_choices_ignore_what_the_seat_cannot_see() -> None:
    """Other players' cash, dealt cards and keeps, and the seed are redrawn: the choice stays the same."""
    rng = random.Random(2)
    for state in play(4, 11, ["normal"] * 4, offers=True)[::7]:
        for seat in sorted(GAME.to_act(state)):
            other = resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert choose(other, seat, seed=9) == choose(state, seat, seed=9)


@pytest.mark.slow
def test_a_determinized_state_agrees_with_the_view() -> None:
    rng = random.Random(4)
    options = {"offer_visibility": "participants", "announce_trade_money": False, "placement_mode": "simultaneous"}
    for options_used in ({}, options):
        for state in play(4, 5, ["normal", "easy", "normal", "easy"], options_used, offers=True)[::5]:
            for seat in state.active:
                view = GAME.view(state, seat)
                sampled = determinize(view, rng)
                again = GAME.view(sampled, seat)
                if options_used:  # offers hidden from the seat are not rebuilt, nor who owes them an answer
                    again["to_act"] = view["to_act"]
                assert again == view
                GAME.load(GAME.dump(sampled))  # lots, tiles and cards are where the invariants say
                owned = {n for n in LOTS if sampled.owner(n) is not None}
                dealt = [n for s in sampled.seats for n in s.dealt]
                assert sorted([*owned, *dealt, *sampled.deck]) == list(LOTS)


def test_determinization_samples_the_other_players_cards_in_phase_one() -> None:
    state = GAME.new(3, 8)
    view = GAME.view(state, ANN)
    cards = {tuple(determinize(view, random.Random(seed)).seats[BEN].dealt) for seed in range(5)}
    assert len(cards) > 1  # hidden, so sampled: not copied from the real state
    assert all(not set(dealt) & set(view["hand_cards"]) for dealt in cards)


# -- trading ------------------------------------------------------------------------------------------------
def photo_pair() -> State:
    """Ann has Photo on 35 and 37 and lot 38 vacant: a third Photo on 38 completes her business."""
    return scenario(
        3,
        owners={35: ANN, 37: ANN, 38: ANN, 70: BEN},
        tiles={35: "photo", 37: "photo"},
        hands={BEN: {"photo": 1}, CLEO: {"photo": 1}},
        cash={ANN: 150_000},
        round_no=2,
    )


def test_it_accepts_an_offer_that_completes_its_business() -> None:
    state, _ = act(photo_pair(), BEN, propose(tiles(BEN, ANN, "photo"), money(ANN, BEN, 40_000)))
    assert choose(state, ANN) == accept(1)


def test_it_declines_a_losing_offer_with_a_reason() -> None:
    state, _ = act(photo_pair(), BEN, propose(lot(ANN, BEN, 38), money(BEN, ANN, 10_000)))
    choice = choose(state, ANN)
    assert choice["type"] == "reject" and choice["offer"] == 1
    assert "expected final money" in choice["note"]
    state, _ = act(state, ANN, choice)  # the engine takes the reason along
    assert state.offers[0].status.value == "rejected"


def test_it_declines_what_it_cannot_pay() -> None:
    state = scenario(
        3,
        owners={35: ANN, 37: ANN, 38: ANN},
        tiles={35: "photo", 37: "photo"},
        hands={BEN: {"photo": 1}},
        cash={ANN: 10_000, BEN: 140_000},
        round_no=2,
    )
    state, _ = act(state, BEN, propose(tiles(BEN, ANN, "photo"), money(ANN, BEN, 20_000)))
    assert choose(state, ANN) == {"type": "reject", "offer": 1, "note": "I cannot pay that."}


def test_it_proposes_to_buy_the_tile_that_completes_its_business() -> None:
    choice = choose(photo_pair(), ANN)
    assert choice["type"] == "propose"
    legs = choice["legs"]
    assert {"kind": "tiles", "tile_type": "photo", "count": 1, "to": ANN}.items() <= legs[0].items()
    paid = sum(leg["amount"] for leg in legs if leg["kind"] == "money" and leg["from"] == ANN)
    assert paid > 0 and "grow one of my businesses" in choice["note"]
    state, _ = act(photo_pair(), ANN, choice)
    assert state.offers[0].status.value == "open"


def test_it_proposes_to_buy_the_lot_that_completes_its_business() -> None:
    state = scenario(
        3,
        owners={35: ANN, 37: ANN, 38: BEN},
        tiles=dict.fromkeys((35, 37, 38), "photo"),
        cash={ANN: 150_000},
        round_no=2,
    )
    choice = choose(state, ANN)
    assert choice["type"] == "propose"
    assert lot(BEN, ANN, 38) in choice["legs"]
    act(state, ANN, choice)


def test_it_sells_a_tile_it_has_no_lot_for_and_never_repeats_an_offer() -> None:
    state = scenario(3, owners={35: ANN}, tiles={35: "photo"}, hands={ANN: {"laundry": 1}}, round_no=2)
    made: list[dict[str, Any]] = []
    for _ in range(MAX_PROPOSALS + 2):
        choice = choose(state, ANN)
        if choice["type"] != "propose":
            break
        made.append(choice)
        state, _ = act(state, ANN, choice)
        offer_id = state.offers[-1].id
        receiver = next(leg["to"] for leg in choice["legs"] if leg["kind"] == "tiles")
        state, _ = act(state, receiver, {"type": "reject", "offer": offer_id})
    assert made and all(leg["from"] == ANN for m in made for leg in m["legs"] if leg["kind"] == "tiles")
    assert len(made) <= MAX_PROPOSALS
    keys = [tuple(sorted((leg["from"], leg["to"], leg["kind"]) for leg in m["legs"])) for m in made]
    assert len(set(keys)) == len(keys)
    assert choose(state, ANN) == {"type": "ready", "ready": True}


# -- keeping and building -------------------------------------------------------------------------------------
def test_it_keeps_the_lot_that_grows_its_business() -> None:
    base = scenario(3, owners={59: ANN, 60: ANN}, tiles={59: "dim_sum", 60: "dim_sum"}, hands={ANN: {"dim_sum": 1}})
    dealt = {ANN: (1, 13, 27, 42, 58, 61)}  # 61 touches 59; the others are far from Ann's lots
    deck = [n for n in base.deck if n not in dealt[ANN]]
    dealt[BEN], dealt[CLEO], deck = tuple(deck[:6]), tuple(deck[6:12]), deck[12:]
    seats = tuple(
        replace(seat, dealt=dealt[s], keep=None if s == ANN else dealt[s][:4]) for s, seat in enumerate(base.seats)
    )
    state = GAME.load(GAME.dump(replace(base, phase=Phase.DEAL_BUILDINGS, seats=seats, deck=tuple(deck))))
    choice = choose(state, ANN)
    assert choice["type"] == "keep" and 61 in choice["lots"]
    act(state, ANN, choice)


def test_it_builds_the_tile_that_completes_a_business_first() -> None:
    state = scenario(
        3,
        owners={35: ANN, 37: ANN, 38: ANN, 1: ANN},
        tiles={35: "photo", 37: "photo"},
        hands={ANN: {"photo": 1, "laundry": 1}},
        phase=Phase.PLACE_TILES,
    )
    assert choose(state, ANN) == {"type": "place", "lot": 38, "tile": "photo"}
    done = scenario(3, owners={35: ANN}, tiles={35: "photo"}, phase=Phase.PLACE_TILES)
    assert choose(done, ANN) == {"type": "end_turn"}


def test_worth_counts_cash_and_the_income_still_to_come() -> None:
    state = scenario(
        3, owners={35: ANN, 37: ANN, 38: ANN}, tiles={35: "photo", 37: "photo"}, hands={ANN: {"photo": 1}}, round_no=5
    )
    position = from_view(GAME.view(state, ANN))
    assert plan(position, ANN).income_after == 50_000  # a complete Photo business
    assert worth(position, ANN, cash=50_000) == 50_000 + 2 * 50_000  # rounds 5 and 6
