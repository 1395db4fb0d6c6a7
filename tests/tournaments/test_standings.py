"""Tournament points by place and the standings with their tie-breaks, against hand-computed tables."""

from __future__ import annotations

import pytest

from bot.tournaments import Bye, StandingRow, TableResult, bye_points, place_scale, standings, tournament_points


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        ((1, 2), (1.0, 0.0)),
        ((1, 1), (0.5, 0.5)),  # a draw
        ((2, 1, 3), (1.0, 2.0, 0.0)),
        ((1, 1, 3), (1.5, 1.5, 0.0)),  # two winners share places 1 and 2
        ((1, 2, 2), (2.0, 0.5, 0.5)),
        ((1, 1, 1), (1.0, 1.0, 1.0)),
        ((4, 3, 2, 1), (0.0, 1.0, 2.0, 3.0)),
        ((1, 2, 2, 4), (3.0, 1.5, 1.5, 0.0)),
        ((1, 1, 1, 4, 5), (3.0, 3.0, 3.0, 1.0, 0.0)),
        ((2, 1, 3, 3, 5), (3.0, 4.0, 1.5, 1.5, 0.0)),
    ],
)
def test_points_by_place(places: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert tournament_points(places) == expected


def test_points_by_place_on_a_custom_scale() -> None:
    scale = {3: (5.0, 2.0, 0.0)}
    assert tournament_points((1, 1, 3), scale) == (3.5, 3.5, 0.0)
    assert bye_points(3, scale) == 2.0


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_points_scaled_to_the_table_pay_a_seat_what_a_bye_pays(size: int) -> None:
    scale = place_scale(size)
    assert scale[size] == tuple(float(size - 1 - i) for i in range(size))  # the plain scale at the chosen size
    for n in range(2, 6):
        assert scale[n][0] == size - 1 and scale[n][-1] == 0.0  # a win is a win, at any table
        assert sum(scale[n]) / n == pytest.approx(bye_points(size, scale)) == (size - 1) / 2


def test_the_scaled_points_of_a_three_player_table_in_a_two_player_tournament() -> None:
    assert tournament_points((2, 1, 3), place_scale(2)) == (0.5, 1.0, 0.0)
    assert tournament_points((1, 1, 3), place_scale(2)) == (0.75, 0.75, 0.0)


@pytest.mark.parametrize("places", [(1, 1, 2), (0, 1), (2, 3), (1, 3, 3)])
def test_places_that_are_no_shared_ranking_are_refused(places: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        tournament_points(places)


@pytest.mark.parametrize(("size", "points"), [(2, 0.5), (3, 1.0), (4, 1.5), (5, 2.0)])
def test_a_bye_is_worth_a_middle_place(size: int, points: float) -> None:
    assert bye_points(size) == points


def test_two_rounds_of_three_player_tables() -> None:
    # Round 1: 1 > 2 > 3; 4 and 5 share first ahead of 6; 7 has a bye (1 point).
    # Round 2: 4 > 1 > 7; 5 > 6 > 2; 3 has a bye.
    results = [
        TableResult((1, 2, 3), (1, 2, 3), (10.0, 8.0, 5.0)),
        TableResult((4, 5, 6), (1, 1, 3), (9.0, 9.0, 4.0)),
        TableResult((1, 4, 7), (2, 1, 3), (7.0, 12.0, 3.0)),
        TableResult((2, 5, 6), (3, 1, 2), (2.0, 6.0, 5.0)),
    ]
    byes = [Bye(7, bye_points(3)), Bye(3, bye_points(3))]
    # points: 1: 2+1=3, 2: 1+0=1, 3: 0+bye 1=1, 4: 1.5+2=3.5, 5: 1.5+2=3.5, 6: 0+1=1, 7: bye 1+0=1
    # opponents' points: 1: (2)+(3) + (4)+(7) = 1+1+3.5+1 = 6.5      2: 3+1 + 3.5+1 = 8.5
    #   3: 3+1 = 4 (the bye adds nothing)   4: 3.5+1 + 3+1 = 8.5   5: 3.5+1 + 1+1 = 6.5
    #   6: 3.5+3.5 + 1+3.5 = 11.5   7: 3+3.5 = 6.5
    assert standings(results, byes) == [
        StandingRow(rank=1, player=4, points=3.5, opponents_points=8.5, game_score=21.0, games=2, byes=0),
        StandingRow(rank=2, player=5, points=3.5, opponents_points=6.5, game_score=15.0, games=2, byes=0),
        StandingRow(rank=3, player=1, points=3.0, opponents_points=6.5, game_score=17.0, games=2, byes=0),
        StandingRow(rank=4, player=6, points=1.0, opponents_points=11.5, game_score=9.0, games=2, byes=0),
        StandingRow(rank=5, player=2, points=1.0, opponents_points=8.5, game_score=10.0, games=2, byes=0),
        StandingRow(rank=6, player=7, points=1.0, opponents_points=6.5, game_score=3.0, games=1, byes=1),
        StandingRow(rank=7, player=3, points=1.0, opponents_points=4.0, game_score=5.0, games=1, byes=1),
    ]


def test_game_score_breaks_a_tie_on_points_and_opponents() -> None:
    results = [TableResult((1, 2), (1, 2), (10.0, 3.0)), TableResult((3, 4), (1, 2), (8.0, 3.0))]
    rows = standings(results, [])
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (2, 3), (3, 2), (3, 4)]  # 2 and 4 tie on all three


def test_a_full_tie_shares_the_rank_and_lists_by_player_id() -> None:
    results = [TableResult((4, 3), (1, 1), (5.0, 5.0)), TableResult((2, 1), (1, 1), (5.0, 5.0))]
    rows = standings(results, [])
    assert [(r.rank, r.player, r.points, r.opponents_points) for r in rows] == [
        (1, 1, 0.5, 0.5),
        (1, 2, 0.5, 0.5),
        (1, 3, 0.5, 0.5),
        (1, 4, 0.5, 0.5),
    ]


def test_registered_players_without_results_are_listed_last_with_nothing() -> None:
    rows = standings([TableResult((1, 2), (1, 2), (1.0, 0.0))], [], players=[1, 2, 3])
    assert [(r.rank, r.player, r.points, r.opponents_points, r.games) for r in rows] == [
        (1, 1, 1.0, 0.0, 1),
        (2, 2, 0.0, 1.0, 1),  # the loser still has the winner's point as opponents' points
        (3, 3, 0.0, 0.0, 0),
    ]
