"""Swiss rounds: everybody seated once or on a bye, legal tables, fair byes, few repeat opponents."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.tournaments import RoundPlan, swiss_round, table_sizes
from tests.tournaments.helpers import Tournament, meetings, repeats


def _sets(plan: RoundPlan) -> list[frozenset[int]]:
    return [frozenset(table) for table in plan.tables]


def test_a_plan_never_lists_a_player_twice() -> None:
    with pytest.raises(ValueError):
        RoundPlan(tables=((1, 2), (3, 1)))
    with pytest.raises(ValueError):
        RoundPlan(tables=((1, 2),), byes=(2,))
    assert RoundPlan(tables=((1, 2),), byes=(3,)).players == {1, 2, 3}


def test_round_one_draw_depends_only_on_the_rng() -> None:
    players = list(range(1, 13))
    one = swiss_round(players, {}, [], 4, 3, 5, random.Random(7))
    assert one == swiss_round(players, {}, [], 4, 3, 5, random.Random(7))
    assert one != swiss_round(players, {}, [], 4, 3, 5, random.Random(8))


def test_round_one_by_rating_deals_seeds_in_snake_order() -> None:
    players = list(range(1, 10))
    rating = {p: 100.0 - p for p in players}  # player 1 is the strongest
    plan = swiss_round(players, {}, [], 3, 3, 3, random.Random(1), seeding=rating)
    assert _sets(plan) == [frozenset({1, 6, 7}), frozenset({2, 5, 8}), frozenset({3, 4, 9})]


def test_round_one_by_rating_gives_the_byes_to_the_lowest_rated() -> None:
    players = list(range(1, 12))
    rating = {p: float(p) for p in players}  # player 11 is the strongest
    plan = swiss_round(players, {}, [], 3, 3, 3, random.Random(1), seeding=rating)
    assert set(plan.byes) == {1, 2}
    assert _sets(plan)[0] == frozenset({11, 6, 5})


def test_round_two_seats_the_winners_together() -> None:
    first = RoundPlan(tables=((1, 2, 3), (4, 5, 6), (7, 8, 9)))
    points = {1: 2.0, 4: 2.0, 7: 2.0, 2: 1.0, 5: 1.0, 8: 1.0, 3: 0.0, 6: 0.0, 9: 0.0}
    standings_order = [1, 4, 7, 2, 5, 8, 3, 6, 9]
    plan = swiss_round(standings_order, points, [first], 3, 3, 3, random.Random(1))
    assert _sets(plan) == [frozenset({1, 4, 7}), frozenset({2, 5, 8}), frozenset({3, 6, 9})]
    assert plan.byes == ()


def test_a_repeat_opponent_is_avoided_even_across_score_groups() -> None:
    # a beat b and c beat d, then a beat c and b beat d. The score order a, b, c, d would pair a-b and c-d
    # again; a-d and b-c is the only pairing without a repeat.
    a, b, c, d = 1, 2, 3, 4
    history = [RoundPlan(tables=((a, b), (c, d))), RoundPlan(tables=((a, c), (b, d)))]
    points = {a: 2.0, b: 1.0, c: 1.0, d: 0.0}
    plan = swiss_round([a, b, c, d], points, history, 2, 2, 2, random.Random(3))
    assert set(_sets(plan)) == {frozenset({a, d}), frozenset({b, c})}


def test_byes_go_to_the_lowest_ranked_without_a_bye() -> None:
    players = list(range(1, 11))  # 10 players at 3-player tables: one bye a round
    history = [RoundPlan(tables=((1, 2, 3), (4, 5, 6), (7, 8, 9)), byes=(10,))]
    points = {p: 0.0 for p in players}
    plan = swiss_round(players, points, history, 3, 3, 3, random.Random(1))
    assert plan.byes == (9,)  # 10 is ranked last but had the bye


def test_three_players_at_one_table_rotate_through_every_seat() -> None:
    history: list[RoundPlan] = []
    for round_no in range(3):
        history.append(swiss_round([1, 2, 3], {}, history, 3, 3, 3, random.Random(round_no)))
    seats = {(table.index(p), p) for plan in history for table in plan.tables for p in table}
    assert len(seats) == 9  # each player at each of the three seats once


@pytest.mark.parametrize(("players", "size", "rounds"), [(9, 3, 3), (9, 3, 4), (16, 4, 3), (25, 5, 3)])
@pytest.mark.parametrize("seed", range(4))
def test_repeat_free_where_a_repeat_free_schedule_exists(players: int, size: int, rounds: int, seed: int) -> None:
    # 9 at 3, 16 at 4, 25 at 5: affine planes give 4, 5 and 6 repeat-free rounds. The search need not
    # extend any earlier rounds to the full plane, but it always finds these shorter runs.
    tournament = Tournament(list(range(players)), size, size, size, seed)
    for _ in range(rounds):
        plan = tournament.play_round()
        assert repeats(plan, tournament.plans[:-1]) == 0


@st.composite
def swiss_fields(draw: st.DrawFn) -> tuple[int, int, int, int, int, int]:
    low = draw(st.integers(2, 5))
    high = draw(st.integers(low, 5))
    size = draw(st.integers(low, high))
    return draw(st.integers(7, 40)), size, low, high, draw(st.integers(3, 5)), draw(st.integers(0, 10**6))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_fields(), st.booleans())
def test_swiss_tournament_properties(field: tuple[int, int, int, int, int, int], drop_one: bool) -> None:
    count, size, low, high, rounds, seed = field
    tournament = Tournament(list(range(1000, 1000 + count)), size, low, high, seed)
    for round_no in range(rounds):
        if drop_one and round_no == 2:
            tournament.players.pop(seed % len(tournament.players))  # a player drops out mid-tournament
        active = tournament.players
        plan = tournament.play_round()
        seated = [p for table in plan.tables for p in table]
        # every active player exactly once, seated or on a bye; nobody else
        assert sorted(seated + list(plan.byes)) == sorted(active)
        # legal tables, and byes only for players no table could take
        assert sorted((len(t) for t in plan.tables), reverse=True) == table_sizes(len(active), size, low, high)
        assert all(low <= len(t) <= high for t in plan.tables)
        # no second bye while an active player has none
        had = Counter(p for earlier in tournament.plans for p in earlier.byes)
        assert max((had[p] for p in active), default=0) - min(had[p] for p in active) <= 1
        # repeat opponents: none whenever the tables outnumber everybody's earlier opponents, the
        # Hajnal-Szemeredi bound under which a seating without repeats always exists
        earlier = meetings(tournament.plans[:-1])
        opponents = max(sum(1 for q in active if q != p and earlier[frozenset((p, q))]) for p in active)
        if len(plan.tables) >= opponents + 1:
            assert repeats(plan, tournament.plans[:-1]) == 0


def test_forty_players_are_seated_every_round() -> None:
    """How fast is measured by ``python -m bench seating`` (a timed test fails on a busy machine)."""
    for size, low, high in [(5, 3, 5), (4, 4, 4), (3, 2, 5), (2, 2, 2)]:
        tournament = Tournament(list(range(40)), size, low, high, seed=size)
        for _ in range(5):
            plan = tournament.play_round()
            seated = [p for table in plan.tables for p in table] + list(plan.byes)
            assert sorted(seated) == list(range(40))
