"""Properties over random games (hypothesis draws the table; a seeded RNG plays it): every game finishes
without errors, every step round-trips through dump/load (which re-checks the §4.5 invariants: lots,
tiles and money conserved), apply never mutates its input, the final score equals its breakdown,
replay is deterministic, and no view shows what its viewer may not know."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.chinatown import GAME
from bot.games.chinatown.data import BOARD, LOTS, SHOPS, Phase, State
from bot.games.chinatown.errors import ChinatownError
from bot.games.chinatown.hidden import resample
from tests.games.chinatown.helpers import NAMES

OPTION_VALUES = {opt.key: opt.choices for opt in GAME.options if opt.key != "first_player_initial"}


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, int, dict[str, Any], int]:
    players = draw(st.integers(3, 5))
    options = {key: draw(st.sampled_from(choices)) for key, choices in OPTION_VALUES.items()}
    return players, draw(st.integers(0, 2**32)), options, draw(st.integers(0, 2**16))


def random_offer(state: State, rng: random.Random, unit: int) -> dict[str, Any]:
    """A random, often invalid, offer: the engine must refuse the bad ones and change nothing."""
    seats = list(state.active)
    legs = []
    for _ in range(rng.randint(1, 3)):
        giver, receiver = rng.sample(seats, 2) if rng.random() < 0.9 else (seats[0], seats[0])
        kind = rng.choice(["lot", "lot", "tiles", "tiles", "money", "money"])
        if kind == "lot":
            owned = [n for n in LOTS if state.owner(n) == giver] or list(LOTS)
            legs.append({"from": giver, "to": receiver, "kind": "lot", "lot": rng.choice(owned)})
        elif kind == "tiles":
            held = [shop.value for shop, n in zip(SHOPS, state.seats[giver].hand, strict=True) if n]
            shop = rng.choice(held) if held and rng.random() < 0.8 else rng.choice(SHOPS).value
            legs.append({"from": giver, "to": receiver, "kind": "tiles", "tile_type": shop, "count": rng.randint(1, 2)})
        else:
            amount = rng.choice([unit, 2 * unit, 5 * unit, 15_000, 0])
            legs.append({"from": giver, "to": receiver, "kind": "money", "amount": amount})
    open_offers = [o.id for o in state.offers if o.status.value == "open"]
    if open_offers and rng.random() < 0.3:
        return {"type": "edit", "offer": rng.choice(open_offers), "legs": legs}
    return {"type": "propose", "legs": legs, "note": "random"}


def check_step(state: State, rng: random.Random) -> None:
    data = GAME.dump(state)
    json.dumps(data)
    assert GAME.load(data) == state
    for viewer in [None, *range(state.num_players)]:
        view = GAME.view(state, viewer)
        text = json.dumps(view)
        assert "seed" not in text and (str(state.seed) not in text or state.seed < 10**6)  # never the seed
        assert GAME.view(resample(state, viewer, rng), viewer) == view


def play(players: int, seed: int, options: dict[str, Any], driver: int) -> tuple[State, list[tuple[int, Any]]]:
    rng = random.Random(driver)
    state = GAME.new(players, seed, options)
    moves: list[tuple[int, Any]] = []
    for step in range(4000):
        if GAME.is_over(state):
            return state, moves
        if step % 7 == 0:
            check_step(state, rng)
        before = GAME.dump(state)
        if state.phase is Phase.TRADES and rng.random() < 0.6:
            seat, action = rng.choice(state.active), random_offer(state, rng, options["money_unit"])
        else:
            seat = rng.choice(sorted(GAME.to_act(state)))
            legal = GAME.legal_actions(state, seat)
            assert legal and legal == GAME.legal_actions(state, seat)
            answers = [a for a in legal if a["type"] != "ready"]  # accept, reject, cancel, keep, place...
            action = rng.choice(answers) if answers and rng.random() < 0.7 else rng.choice(legal)
        try:
            new, events = GAME.apply(state, seat, action)
        except ChinatownError:
            assert action["type"] in ("propose", "edit")  # listed actions are always legal
            assert GAME.dump(state) == before
            continue
        assert GAME.dump(state) == before, "apply mutated its input"
        for event in events:
            json.dumps(event.to_dict())
            GAME.describe(event, NAMES, None)
            GAME.describe(event, NAMES, seat)
        moves.append((seat, action))
        state = new
    raise AssertionError("the game did not finish")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_random_games_finish_conserve_and_replay(table: tuple[int, int, dict[str, Any], int]) -> None:
    players, seed, options, driver = table
    final, moves = play(players, seed, options, driver)
    check_step(final, random.Random(driver))
    result = GAME.result(final)
    for score, parts in zip(result.scores, result.breakdown, strict=True):
        assert parts["total"] == score == parts["start_money"] + parts["income"] + parts["trades"]
    total_tiles = sum(sum(s.hand) for s in final.seats) + sum(t is not None for t in final.tiles)
    assert total_tiles + sum(final.bag) == 90
    assert sum(final.seats[0].income) >= 0 and all(len(s.income) == 6 for s in final.seats)
    kept = BOARD.rounds[players]
    assert sum(o is not None for o in final.owners) == players * sum(r.keep for r in kept)
    replayed = GAME.new(players, seed, options)
    for seat, action in moves:
        replayed, _ = GAME.apply(replayed, seat, action)
    assert replayed == final


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 400))
def test_resigning_at_any_moment_keeps_the_game_sound(table: tuple[int, int, dict[str, Any], int], at: int) -> None:
    players, seed, options, driver = table
    rng = random.Random(driver)
    state = GAME.new(players, seed, options)
    for step in range(3000):
        if GAME.is_over(state):
            break
        if step == at or (step == at + 50 and players > 3):
            state, _ = GAME.resign(state, rng.choice(state.active))
            check_step(state, rng)
            continue
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, GAME.choose_action(GAME.view(state, seat), legal, rng))
    assert GAME.is_over(state)
    result = GAME.result(state)
    resigned = [s for s in range(players) if state.seats[s].resigned]
    assert all(result.ranking[s] > result.ranking[t] for s in resigned for t in state.active)
