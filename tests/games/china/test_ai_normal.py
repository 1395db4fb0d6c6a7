"""The "normal" computer player: determinized Monte Carlo over a compact model, from its own view only.

Whole games run with a tiny playout budget (the same code paths, a fraction of the time); the strength
and the real budget's speed are measured by ``python -m bench ai``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.china import GAME, ai_search
from bot.games.china.ai_eval import board_values, points
from bot.games.china.ai_playout import playout
from bot.games.china.ai_sim import Sim, apply_action, geometry
from bot.games.china.ai_world import sample_world, unseen_cards
from bot.games.china.data import HOUSES_PER_SEAT, State, board
from bot.games.china.hidden import resample
from bot.games.china.serial import check_invariants
from tests.games.china.scenario import A, B, fill, place, position


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_search, "TURN_BUDGET", 0)
    monkeypatch.setattr(ai_search, "MIN_WORLDS", 1)


def _easy_game(players: int, seed: int, options: dict[str, object] | None = None) -> list[State]:
    """Every state of an easy-vs-easy game, the final one last."""
    state, rng = GAME.new(players, seed, options), random.Random(seed)
    states = [state]
    while not GAME.is_over(state):
        seat = state.current
        action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, _ = GAME.apply(state, seat, action)
        states.append(state)
    return states


def _normal(state: State, seed: int = 0) -> dict[str, object]:
    seat = state.current
    return GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(seed), "normal")


# -- the determinization ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "fortifications"), [(3, False), (4, True), (5, False)])
def test_a_sampled_world_agrees_with_the_view_it_came_from(players: int, fortifications: bool) -> None:
    rng = random.Random(players)
    for state in _easy_game(players, players, {"fortifications": fortifications})[:-1:5]:
        seat = state.current
        view = GAME.view(state, seat)
        world = sample_world(view, random.Random(rng.random()))
        check_invariants(world)  # every card and piece accounted for
        assert GAME.view(world, seat) == view
        assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
        hidden = Counter(state.deck)
        for other in range(players):
            if other != seat:
                hidden += Counter(state.seats[other].hand)
        assert unseen_cards(view) == hidden  # the unknowns are exactly the deck and the other hands
        assert len(world.deck) == len(state.deck)


def test_sampled_worlds_differ_only_in_what_the_seat_cannot_see() -> None:
    state = _easy_game(4, 3)[20]
    seat = state.current
    worlds = [sample_world(GAME.view(state, seat), random.Random(i)) for i in range(8)]
    assert all(world.seats[seat].hand == state.seats[seat].hand for world in worlds)
    assert len({(world.deck, world.seats[(seat + 1) % 4].hand) for world in worlds}) > 1


def test_a_world_is_only_sampled_from_a_seats_own_view() -> None:
    with pytest.raises(ValueError, match="own view"):
        sample_world(GAME.view(GAME.new(3, 0), None), random.Random(0))


# -- the compact model ------------------------------------------------------------------------------


def _mirror(sim: Sim, state: State) -> list[str]:
    """The fields where the sim and the engine's state disagree."""
    ref = Sim.of(state)
    fields = ("current", "refilling", "houses", "fortified", "dragon", "hands", "house_supply",
              "emissary_supply", "deck", "display", "discard", "exhaustions", "over")  # fmt: skip
    return [name for name in fields if getattr(sim, name) != getattr(ref, name)]


@pytest.mark.parametrize(("players", "fortifications"), [(3, False), (4, True), (5, False)])
def test_the_sim_follows_the_engine_move_for_move(players: int, fortifications: bool) -> None:
    state, rng = GAME.new(players, 40 + players, {"fortifications": fortifications}), random.Random(40 + players)
    sim = Sim.of(state)
    while not GAME.is_over(state):
        seat = state.current
        action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        before = state.exhaustions
        state, _ = GAME.apply(state, seat, action)
        apply_action(sim, action)
        if state.exhaustions == 1 and before == 0:
            sim.deck = Sim.of(state).deck  # the reshuffle's order is the seed's business
            sim.display = Sim.of(state).display
            sim.hands = Sim.of(state).hands
        assert _mirror(sim, state) == []
    assert sim.final_points() == list(GAME.result(state).scores)


def test_points_are_the_engines_final_scores() -> None:
    for seed in range(3):
        final = _easy_game(3, seed)[-1]
        assert points(final.players, final.board_side, final.houses, final.fortified, final.dragon) == list(
            GAME.result(final).scores
        )
        assert all(v >= p for v, p in zip(board_values(final, 0.5), GAME.result(final).scores, strict=True))


@pytest.mark.parametrize("players", [3, 5])
def test_playouts_finish_within_the_rules(players: int) -> None:
    for seed in range(4):
        sim = playout(Sim.of(GAME.new(players, seed)), random.Random(seed))
        assert sim.over
        geo = geometry(sim.side)
        for region, spaces in enumerate(geo.region_spaces):
            counts = [sum(1 for s in spaces if sim.houses[s] == seat) for seat in range(players)]
            assert sum(sim.dragon[region]) <= max(counts)  # the fundamental rule
        for seat in range(players):
            assert sim.house_supply[seat] + sim.houses.count(seat) == HOUSES_PER_SEAT
            assert min(sim.hands[seat]) >= 0
        in_play = sum(board().cards.values()) - 5 * {3: 2, 4: 1, 5: 0}[players]
        cards = len(sim.deck) + sum(sim.display) + sum(sim.discard) + sum(sum(hand) for hand in sim.hands)
        assert cards == in_play  # every card in one zone


# -- the player --------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_normal_only_returns_legal_actions(players: int, seed: int, small_budget: None) -> None:
    for state in _easy_game(players, seed)[:-1:9]:
        assert _normal(state) in GAME.legal_actions(state, state.current)


@pytest.mark.slow
def test_normal_is_deterministic_for_the_same_view_and_dice(small_budget: None) -> None:
    for state in _easy_game(3, 5)[:-1:15]:
        assert _normal(state, 7) == _normal(state, 7)


@pytest.mark.slow
def test_normal_never_reads_what_its_seat_cannot_see(small_budget: None) -> None:
    for state in _easy_game(4, 6)[:-1:17]:
        other = resample(state, state.current, random.Random(2))  # other hands, deck, seed
        assert other != state
        assert _normal(other, 3) == _normal(state, 3)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5])
def test_normal_and_easy_complete_games_against_each_other(players: int, small_budget: None) -> None:
    state, rng = GAME.new(players, 30 + players), random.Random(players)
    while not GAME.is_over(state):
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        action = GAME.choose_action(GAME.view(state, seat), legal, rng, "normal" if seat == 0 else "easy")
        assert action in legal
        state, _ = GAME.apply(state, seat, action)
    assert len(GAME.result(state).scores) == players


@pytest.mark.parametrize("seed", [0, 1])
def test_normal_prefers_two_pieces_to_an_exchange(seed: int) -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B})
    choice = _normal(state, seed)
    assert choice["type"] == "place" and len(choice["pieces"]) == 2  # type: ignore[arg-type]


def test_normal_does_not_pay_a_wild_pair_where_a_colour_card_does() -> None:
    state = position(current=A, hands={A: "ryy"}, houses=fill("wei", {B: 2}))
    assert _normal(state) != place("wei", "yy", "house@wei3")


def test_the_playout_budget_depends_on_the_position_only() -> None:
    early = GAME.view(GAME.new(3, 0), 0)
    late = GAME.view(_easy_game(3, 0)[-2], 0)
    assert ai_search.MIN_WORLDS <= ai_search.worlds_for(early, 5) <= ai_search.worlds_for(late, 5)
    assert ai_search.worlds_for(late, 5) <= ai_search.MAX_WORLDS
