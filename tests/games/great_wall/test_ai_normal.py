"""The "normal" computer player: determinized Monte Carlo from its own view only.

Whole games run with a tiny playout budget (the same code paths, a fraction of the time); the strength
and the real budget's speed are measured by ``python -m bench ai``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.great_wall import GAME, ai_search
from bot.games.great_wall.actions import parse
from bot.games.great_wall.ai_rollout import outcome, playout, policy
from bot.games.great_wall.ai_world import sample_world
from bot.games.great_wall.data import Phase, State, card_owner, card_type
from bot.games.great_wall.hidden import resample
from bot.games.great_wall.serial import check as check_invariants
from tests.games.great_wall.helpers import scenario


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_search, "MOVE_BUDGET", 0)
    monkeypatch.setattr(ai_search, "MIN_WORLDS", 1)


def _states(players: int, seed: int, every: int = 7) -> list[State]:
    """Positions along an easy-vs-easy game: every ``every``-th state, claims and final checks included."""
    state, rng, found = GAME.new(players, seed), random.Random(seed), []
    step = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        if step % every == 0 or state.pending is not None or state.phase is Phase.FINAL_CHECK:
            found.append(state)
        action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, _ = GAME.apply(state, seat, action)
        step += 1
    return found


def _normal(state: State, seed: int = 0) -> dict[str, object]:
    (seat,) = GAME.to_act(state)
    return GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(seed), "normal")


# -- the determinization ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "open_scores"), [(2, False), (3, True), (5, False)])
def test_a_sampled_world_agrees_with_the_view_it_came_from(players: int, open_scores: bool) -> None:
    state, rng = GAME.new(players, players, {"open_scores": open_scores}), random.Random(players)
    for _ in range(60):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        view = GAME.view(state, seat)
        world = sample_world(view, random.Random(rng.random()))
        check_invariants(world)  # a real state: every card and marker accounted for
        assert GAME.view(world, seat) == view
        assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
        for other in range(players):  # an opponent's hand and deck are drawn from its unplayed cards
            real, sampled = state.seats[other], world.seats[other]
            kinds = Counter(map(card_type, sampled.hand + sampled.deck))
            assert kinds == Counter(map(card_type, real.hand + real.deck))
            assert all(card_owner(card) == other for card in sampled.hand + sampled.deck)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_sampled_worlds_differ_only_in_what_the_seat_cannot_see() -> None:
    state = _states(3, 4)[3]
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    worlds = [sample_world(view, random.Random(i)) for i in range(8)]
    assert all(world.seats[seat].hand == state.seats[seat].hand for world in worlds)
    assert len({world.seats[(seat + 1) % 3].hand for world in worlds}) > 1  # the unknowns really are drawn
    assert len({world.supply for world in worlds}) > 1


def test_a_world_is_only_sampled_from_a_seats_own_view() -> None:
    with pytest.raises(ValueError, match="own view"):
        sample_world(GAME.view(GAME.new(2, 0), None), random.Random(0))


# -- the playout policy ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_the_playout_policy_only_makes_legal_moves_and_finishes(players: int) -> None:
    state, rng = GAME.new(players, 11), random.Random(11)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = policy(state, rng).to_dict()
        assert action in GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, action)


def test_a_playout_ends_the_game_and_scores_the_share_of_opponents_beaten() -> None:
    final = playout(GAME.new(3, 5), 0, random.Random(5))
    assert final.phase is Phase.OVER
    ranking = GAME.result(final).ranking
    beaten = sum(ranking[0] < ranking[other] for other in (1, 2)) + 0.5 * sum(ranking[0] == ranking[o] for o in (1, 2))
    assert outcome(final, 0) == pytest.approx(beaten / 2, abs=0.21)


# -- the player --------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2)])
def test_normal_only_returns_legal_actions(players: int, seed: int, small_budget: None) -> None:
    for state in _states(players, seed):
        (seat,) = GAME.to_act(state)
        assert _normal(state) in GAME.legal_actions(state, seat)


@pytest.mark.slow
def test_normal_is_deterministic_for_the_same_view_and_dice(small_budget: None) -> None:
    for state in _states(2, 3, every=11):
        assert _normal(state, 9) == _normal(state, 9)


@pytest.mark.slow
def test_normal_never_reads_what_its_seat_cannot_see(small_budget: None) -> None:
    for state in _states(3, 6, every=13):
        (seat,) = GAME.to_act(state)
        other = resample(state, seat, random.Random(1))  # other hands, decks, supply order, face-down markers
        assert other != state
        assert _normal(other, 4) == _normal(state, 4)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_normal_and_easy_complete_games_against_each_other(players: int, small_budget: None) -> None:
    state, rng = GAME.new(players, 20 + players), random.Random(players)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = GAME.choose_action(GAME.view(state, seat), legal, rng, "normal" if seat == 0 else "easy")
        assert action in legal
        state, _ = GAME.apply(state, seat, action)
    assert len(GAME.result(state).scores) == players


def test_a_forced_move_is_made_without_search() -> None:
    state = scenario(2, ["{3,5} P1:TOWER", "{1,2}"], hands={0: ""}, decks={0: 3})
    assert GAME.legal_actions(state, 0) == [{"type": "draw"}]
    assert _normal(state) == {"type": "draw"}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_normal_takes_the_section_worth_most(seed: int) -> None:
    # The turn's last action (with two left, drawing first and playing next comes to the same).
    state = scenario(2, ["{1,2} P1:WALL", "{7,8} P1:WALL"], hands={0: "GATE WALL WALL WALL WALL"}, actions_left=1)
    action = _normal(state, seed)
    assert action["type"] == "play" and action["section"] == 1


@pytest.mark.parametrize("seed", [0, 1])
def test_normal_takes_the_big_first_marker_when_the_game_ends_before_it_could_come_back(seed: int) -> None:
    # TV-11: in the check-only round the 8 passes the lead to P1, who then completes the section (8 for
    # P0, 2 for P1); the 2 would keep P0 ahead, and lie on P0's card, worth nothing, when the game ends.
    state = scenario(2, ["{2,8} P0:TOWER, P0:GATE, P1:GATE", "{1,3}"], active=1, decks={0: 0}, declarer=0)
    state, _ = GAME.apply(GAME.apply(state, 1, {"type": "draw"})[0], 1, {"type": "draw"})
    assert state.phase is Phase.FINAL_CHECK and state.pending == 0
    assert GAME.choose_action(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(seed))["marker"] == 2
    assert _normal(state, seed)["marker"] == 8  # the easy player takes the small one


def test_the_playout_budget_depends_on_the_position_only() -> None:
    early = GAME.view(GAME.new(2, 0), 0)
    assert ai_search.MIN_WORLDS <= ai_search.worlds_for(early, 8) <= ai_search.MAX_WORLDS
    late = scenario(2, ["{3,5} P1:TOWER", "{1,2}"], hands={0: "WALL"}, decks={0: 0, 1: 0})
    assert ai_search.worlds_for(GAME.view(late, 0), 8) >= ai_search.worlds_for(early, 8)
    assert parse(_normal(late)).to_dict() in GAME.legal_actions(late, 0)
